"""The site offline at the table (``backalley_site.offline``, ``sw.js``): after a first visit
every page of every language loads with the network off, and the search, the engine too once
a tool has started it, and the printed documents' renderer once a sheet was asked for; an
evening is kept in every language; a new build takes over only when no page of the site is
open, leaving no old cache behind.

Each test (the four evenings: one for them all) serves its own copy of the site on 127.0.0.1
(so that it can take the server away, or change the site under an open page) to one Chromium
context whose service workers are allowed; the network is then cut twice over: the context is
set offline and the server is stopped."""
from __future__ import annotations

import json
import os
import shutil

import pytest

from backalley import resolve_variant
from backalley_site.browser_engine import RENDERER_ZIP
from backalley_site.documents import document
from backalley_site.offline import ENGINE, NODE_MODULES, WORKBOX_MODULES, WORKER, precached, write_service_worker
from backalley_site.tools import words
from browsing import DEFAULT_LANGUAGE, LANGUAGES, PHONE, Reader, all_pages, root_of, serving
from scorekeeping import WAIT_MS, button, play_evening, say
from test_table_rules_page import renderer_date

TOOL_PAGE = "score-pad/"
ACTIVATED = """async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker.state !== "activated") {
        await new Promise((done) => worker.addEventListener("statechange", () => worker.state === "activated" && done()));
    }
    return worker.state;
}"""
WAITING = """async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration.update();
    const worker = registration.waiting || registration.installing;
    if (worker && worker.state !== "installed") {
        await new Promise((done) => worker.addEventListener("statechange", () => worker.state === "installed" && done()));
    }
    return registration.waiting !== null;
}"""
START_ENGINE = """async () => {
    const { start } = await import("../assets/engine/engine.js");
    const engine = await start({ lang: "en" });
    return engine.call("score_deal", 5, [["N", 2], ["E", "pass"], ["S", 1], ["W", "pass"]], { NS: 4, EW: 1 });
}"""
SHEET = """async () => {
    // your table's rules' sheet: the renderer loaded into the engine, as the variants page's button does
    const { start, keywords } = await import("../assets/engine/engine.js");
    const engine = await start({ lang: "fr" });
    await engine.load("renderer");
    return engine.call("backalley_site.table_rules.rules_document", "sheet", "standard,tie=tiebreak",
                       keywords({ lang: "fr", stylesheet: "documents.css" }));
}"""
SERVED = """async (addresses) => {
    const wrong = [];
    for (const address of addresses) {
        const reply = await fetch(address);
        const text = reply.ok ? await reply.text() : "";
        if (!(text.includes("<h1") && text.includes("</html>"))) wrong.push(`${address}: ${reply.status}`);
    }
    return wrong;
}"""
CACHES = """async () => {
    const found = {};
    for (const name of await caches.keys()) {
        found[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
    }
    return found;
}"""


def site_copy(built_site, tmp_path):
    """A copy of the built site to serve and change (files linked, not copied: a change writes
    a new file, never into the built site's)."""
    return shutil.copytree(built_site, tmp_path / "site", copy_function=os.link)


def rewrite(path, text: str):
    path.unlink()
    path.write_text(text, encoding="utf-8")


def search_finds(page, query: str) -> int:
    """How many results the page's search shows for ``query`` (its worker, index and stemmers
    come from the service worker's cache)."""
    page.locator('.md-header label.md-header__button[for="__search"]').click()
    field = page.locator("input.md-search__input")
    field.fill(query)
    field.press("End")
    results = page.locator(".md-search-result__list a[href]")
    results.first.wait_for()
    return results.count()


def first_visit(reader: Reader, url: str):
    """Visit ``url`` until the service worker is activated, then load it again under its control."""
    reader.visit(url)
    assert reader.page.evaluate(ACTIVATED) == "activated"
    reader.visit(url)
    assert reader.page.evaluate("navigator.serviceWorker.controller !== null")


def test_every_page_of_every_language_its_search_and_the_engine_work_offline_after_a_first_visit(
        browser, built_site, pages, base_url, tmp_path):
    site = site_copy(built_site, tmp_path)
    with serving(site) as (url, server):
        one = Reader(browser, url, PHONE, service_workers="allow")
        try:
            first_visit(one, f"{url}/{TOOL_PAGE}")
            assert one.page.evaluate(START_ENGINE) == {"NS": 16, "EW": 1}
            sheet = one.page.evaluate(SHEET)  # asked for once online: the renderer is cached with the engine
            assert sheet == document("sheet", "fr", resolve_variant("standard,tie=tiebreak"), date=renderer_date(built_site),
                              stylesheet="documents.css")
            cached = one.page.evaluate(CACHES)
            engine_caches = [name for name in cached if name.startswith("backalley-engine-")]
            assert len(engine_caches) == 1, cached.keys()
            assert any(u.endswith("/pyodide/pyodide.asm.wasm") for u in cached[engine_caches[0]]), \
                "the engine's module worker fetched its runtime around the service worker"
            assert any(u.endswith(f"/{RENDERER_ZIP}") for u in cached[engine_caches[0]]), cached[engine_caches[0]]
            precache = next(urls for name, urls in cached.items() if "precache" in name)
            assert not [u for u in precache if ENGINE in u and not u.split("?")[0].endswith((".js", ".mjs"))]

            one.context.set_offline(True)
            server.shutdown()
            server.server_close()  # nothing listens: a request that reached it would fail
            wrong = []
            for lang in LANGUAGES:  # each language's first page opened, every page asked for
                addresses = [address.replace(base_url, url) for _, address in all_pages(pages, lang)]
                response = one.page.goto(addresses[0], wait_until="domcontentloaded")
                if not (response and response.ok and one.page.locator("article h1").count() and one.page.title()):
                    wrong.append(f"{addresses[0]}: {response and response.status} {one.page.title()!r}")
                wrong += one.page.evaluate(SERVED, addresses)
            assert not wrong, "offline:\n" + "\n".join(wrong)
            one.page.goto(f"{url}/ru/tricks/")
            assert search_finds(one.page, "LITTLE"), "the search finds nothing offline"
            one.page.goto(f"{url}/{TOOL_PAGE}")  # a new page: its own engine, from the caches
            assert one.page.evaluate(START_ENGINE) == {"NS": 16, "EW": 1}
            assert one.page.evaluate(SHEET) == sheet
            assert not one.errors and not one.violations
        finally:
            one.close()


def test_a_new_build_waits_for_the_open_pages_to_close_then_replaces_the_old_caches(browser, built_site, tmp_path):
    site = site_copy(built_site, tmp_path)
    page = site / "tricks" / "index.html"
    with serving(site) as (url, _):
        one = Reader(browser, url, PHONE, service_workers="allow")
        try:
            first_visit(one, f"{url}/tricks/")
            one.page.evaluate("fetch('../assets/engine/pyodide/pyodide-lock.json')")  # the engine's cache, old build
            old = one.page.evaluate(CACHES)
            assert any(name.startswith("backalley-engine-") for name in old)

            # the next build: one page changed, and an engine file, so a new engine cache
            rewrite(page, page.read_text(encoding="utf-8").replace("</h1>", "</h1><p id=ba-new-build>new</p>", 1))
            (site / ENGINE / "pyodide" / "NEW").write_text("new", encoding="utf-8")
            write_service_worker(site, LANGUAGES)

            one.page.reload()  # the open page goes on with the build it started with
            assert one.page.evaluate(WAITING), "the new build's worker did not install beside the old"
            one.page.reload()
            assert one.page.locator("article h1").count() and not one.page.locator("#ba-new-build").count()

            one.page.close()  # the last page of the site: the new worker takes over
            one.page = one.context.new_page()
            one.page.goto(f"{url}/tricks/")
            assert one.page.evaluate(ACTIVATED) == "activated"
            one.page.reload()  # a page opened while the new worker was still activating came from the old
            assert one.page.locator("#ba-new-build").count() == 1
            new = one.page.evaluate(CACHES)
            assert [n for n in new if n.startswith("backalley-engine-")] == [], "the old engine cache was kept"
            precache = next(urls for name, urls in new.items() if "precache" in name)
            revision = manifest(site)
            tricks = [u for u in precache if u.split("?")[0] == f"{url}/tricks/index.html"]
            assert tricks == [f"{url}/tricks/index.html?__WB_REVISION__={revision['tricks/index.html']}"]
        finally:
            one.close()


# -- what the build writes ------------------------------------------------------------------------

def manifest(site) -> dict[str, str]:
    """``sw.js``'s precache manifest: ``{address: revision}``."""
    lines = (site / WORKER).read_text(encoding="utf-8").splitlines()
    entries = [json.loads(line.rstrip(",")) for line in lines if line.startswith('{"url"')]
    return {entry["url"]: entry["revision"] for entry in entries}


def test_the_manifest_holds_every_page_and_what_it_uses_but_not_the_engine(built_site):
    entries = manifest(built_site)
    assert list(entries) == sorted(entries)
    pages = {p.relative_to(built_site).as_posix() for p in built_site.rglob("*.html")}
    assert pages <= set(entries)
    assert {"search/search_index.json", "fr/search/search_index.json", "assets/stylesheets/backalley.css",
            "assets/engine/engine.js", "assets/workbox/workbox-precaching.prod.js", "score-pad-en.pdf"} <= set(entries)
    assert not [name for name in entries if name.startswith(ENGINE) and not name.endswith((".js", ".mjs"))]
    assert not [name for name in entries if name.endswith(".map") or name.startswith("sitemap")]
    assert all(len(revision) == 20 for revision in entries.values())


@pytest.mark.parametrize(("name", "kept"), [
    ("tricks/index.html", True), ("assets/engine/pyodide/pyodide.asm.wasm", False),
    ("assets/engine/worker.mjs", True), ("assets/javascripts/lunr/min/lunr.ru.min.js", True),
    ("assets/javascripts/lunr/min/lunr.ja.min.js", False), ("assets/javascripts/lunr/wordcut.js", False),
    ("sw.js", False), ("assets/javascripts/bundle.min.js.map", False),
])
def test_what_is_precached(name, kept):
    assert precached(name, LANGUAGES) is kept


def test_the_same_site_gives_the_same_worker_and_a_changed_file_only_its_revision(built_site, tmp_path):
    site = site_copy(built_site, tmp_path)
    before = manifest(site)
    write_service_worker(site, LANGUAGES)
    assert manifest(site) == before and (site / WORKER).read_bytes() == (built_site / WORKER).read_bytes()
    rewrite(site / "faq" / "index.html", "changed")
    write_service_worker(site, LANGUAGES)
    after = manifest(site)
    assert [name for name in before if after[name] != before[name]] == ["faq/index.html"]


def test_workbox_is_pinned_with_its_integrity_hashes_and_installed_as_pinned():
    root = NODE_MODULES.parent
    wanted = json.loads((root / "package.json").read_text(encoding="utf-8"))["dependencies"]
    locked = json.loads((root / "package-lock.json").read_text(encoding="utf-8"))["packages"]
    for name in ("workbox-sw", *WORKBOX_MODULES):
        installed = json.loads((NODE_MODULES / name / "package.json").read_text(encoding="utf-8"))["version"]
        assert wanted[name][0].isdigit(), f"{name} is pinned to one version: {wanted[name]}"
        assert locked[f"node_modules/{name}"]["version"] == wanted[name] == installed, "run ./dev build"
        assert locked[f"node_modules/{name}"]["integrity"].startswith("sha512-")


@pytest.fixture(scope="module")
def offline_table(browser, built_site, tmp_path_factory):
    """A phone that visited the site once online and started the scorekeeper there (English): then
    the network is cut and the server is gone. The evenings below, one per language, share it."""
    site = site_copy(built_site, tmp_path_factory.mktemp("offline"))
    with serving(site) as (url, server):
        keeper = Reader(browser, url, PHONE, service_workers="allow")
        keeper.lang, keeper.words = DEFAULT_LANGUAGE, words("scorekeeper", DEFAULT_LANGUAGE)
        keeper.page.on("dialog", lambda dialog: dialog.accept())
        try:
            first_visit(keeper, f"{url}/{TOOL_PAGE}")
            button(keeper, keeper.words["tool"]["start"]).click()
            keeper.page.get_by_role("heading", name=say(keeper, "evenings")).wait_for(timeout=WAIT_MS)
            keeper.context.set_offline(True)
            server.shutdown()
            server.server_close()
            yield keeper, url
        finally:
            keeper.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_evening_is_kept_with_the_network_off_after_a_first_visit(offline_table, lang):
    """The site visited once online and the scorekeeper started there; then, the network cut and
    the server gone, each language's score pad opens from the caches, its scorekeeper starts, and
    the evening of ``test_scorekeeper.py`` (26 deals, a reload in the middle) ends as the command
    line's does for the same entries."""
    keeper, url = offline_table
    keeper.page.evaluate("() => localStorage.clear()")  # each language's evening from the list of none
    keeper.lang, keeper.words = lang, words("scorekeeper", lang)
    keeper.page.goto(f"{url}{root_of(lang)}{TOOL_PAGE}")
    assert keeper.page.evaluate("navigator.serviceWorker.controller !== null")
    button(keeper, keeper.words["tool"]["start"]).click()
    keeper.page.get_by_role("heading", name=say(keeper, "evenings")).wait_for(timeout=WAIT_MS)
    play_evening(keeper)
    assert not keeper.errors and not keeper.violations
