"""The rules engine in the reader's browser (``assets/engine/``): Pyodide in a module worker,
started from the built site on 127.0.0.1 through the bridge ``engine.js``; and what the build
puts there (the runtime as pinned, the package's zip the same bytes at every build).

The engine is started once for the module from the score pad's page, under the
Content-Security-Policy the build gives every page (that no page of the site loads it by itself,
the phone walk of ``test_browser.py`` checks on every page);
the refusals are asked in every language. The tests of failures start it from a blank page of
the site's own address that the test serves."""
from __future__ import annotations

import filecmp
import io
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from browsing import LANGUAGES, PHONE, Reader, policy_violations, root_of
from backalley.web import handle
from backalley_site.browser_engine import RUNTIME, RUNTIME_FILES, engine_zip
from backalley_site.tools import words

ROOT = Path(__file__).resolve().parents[1]
ENGINE = "/assets/engine/"
TEST_PAGE = "/engine-test/"  # served by the test, not a file of the site
BLANK = "<!doctype html><html lang=en><title>engine</title><body></body></html>"
HANDS = {"N": ["2S", "5H"], "E": ["9S", "KH"], "S": ["3D", "4D"], "W": ["5D", "6D"]}
TOOL_PAGE = "/score-pad/"  # where the scorekeeper starts the engine


def blank_page(reader: Reader, *, init_script: str | None = None):
    """``reader`` on a blank page of the site's address, from which a test imports engine.js."""
    reader.page.route(f"{reader.base_url}{TEST_PAGE}", lambda route: route.fulfill(
        status=200, content_type="text/html; charset=utf-8", body=BLANK))
    if init_script:
        reader.page.add_init_script(init_script)
    reader.visit(reader.base_url + TEST_PAGE)
    return reader


@pytest.fixture(scope="module")
def started(browser, base_url):
    """A reader whose page, a page of the site under its own policy, has started the engine
    (``window.engines[lang]`` for each language), with the progress it reported."""
    reader = Reader(browser, base_url, PHONE)
    reader.visit(base_url + TOOL_PAGE)
    progress = reader.page.evaluate("""async (languages) => {
        const { start } = await import("/assets/engine/engine.js");
        const progress = [];
        window.engines = {};
        for (const lang of languages) {
            window.engines[lang] = await start({ lang, onProgress: (step) => progress.push(step) });
        }
        return progress;
    }""", LANGUAGES)
    yield reader, progress
    reader.close()


def call(reader: Reader, lang: str, name: str, *args, keywords: dict | None = None):
    """``engine.call(name, ...args)`` in the page: ``{"ok": result}`` or ``{"error": {fields}}``."""
    return reader.page.evaluate("""async ([lang, name, args, named]) => {
        const { keywords } = await import("/assets/engine/engine.js");
        if (named) args.push(keywords(named));
        try {
            return { ok: await window.engines[lang].call(name, ...args) };
        } catch (error) {
            const { kind, rule, number, message, address, href } = error;
            return { error: { kind, rule, number, message, address, href, isError: error instanceof Error } };
        }
    }""", [lang, name, list(args), keywords])


def test_the_engine_starts_and_reports_its_progress(started):
    reader, progress = started
    assert [step["stage"] for step in progress] == ["runtime", "started", "engine"]
    assert [(step["done"], step["of"]) for step in progress] == [(1, 3), (2, 3), (3, 3)]
    assert not reader.errors


def test_the_engine_starts_under_the_sites_own_policy_with_no_violation(started):
    reader, _ = started
    policy = reader.page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
    assert "default-src 'self'" in policy and "'wasm-unsafe-eval'" in policy and "'unsafe-inline'" not in policy
    assert call(reader, "en", "score_deal", 5, [["N", 1], ["E", "pass"], ["S", "pass"], ["W", "pass"]],
                {"NS": 1, "EW": 4})["ok"]
    assert not reader.violations, "\n".join(policy_violations(reader))


def test_the_sites_policy_blocks_an_inline_script_it_did_not_build_and_the_record_shows_it(reader, base_url):
    """The violations' record, which the walks of test_browser.py check, does record one."""
    one = reader()
    one.visit(base_url + TOOL_PAGE)
    ran = one.page.evaluate("""() => new Promise((done) => {
        document.addEventListener("securitypolicyviolation", () => done(window.injected === true), { once: true });
        const script = document.createElement("script");
        script.textContent = "window.injected = true";
        document.body.append(script);
    })""")
    assert ran is False
    for _ in range(50):  # the record comes through Playwright's binding, a moment after the event
        if one.violations:
            break
        one.page.wait_for_timeout(20)
    assert [v["directive"] for v in one.violations] == ["script-src-elem"]


def test_a_call_resolves_to_the_engines_json_result(started):
    reader, _ = started
    reply = call(reader, "en", "score_deal", 5, [["N", 2], ["E", "pass"], ["S", 1], ["W", "pass"]], {"NS": 4, "EW": 1})
    assert reply == {"ok": {"NS": 16, "EW": 1}}
    assert call(reader, "en", "legal_plays", ["5H", "KH", "9S", "2C"], ["BIG"], "H") == {"ok": ["KH"]}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_illegal_play_rejects_with_its_rule_and_number(started, lang):
    reader, _ = started
    error = call(reader, lang, "trick_splits", HANDS, "H", "W",
                 keywords={"bids": [1, "pass", "pass", "pass"], "plays": ["2S", "KH"]})["error"]
    assert error["isError"]
    assert (error["kind"], error["rule"], error["number"]) == ("IllegalPlay", "follow-suit", "3.2")
    assert error["address"] == f"{root_of(lang).lstrip('/')}tricks/#rule-3.2"
    assert error["href"] == f"{reader.base_url}{root_of(lang)}tricks/#rule-3.2"
    same = json.dumps({"call": "trick_splits", "args": [HANDS, "H", "W"], "lang": lang,
                       "kwargs": {"bids": [1, "pass", "pass", "pass"], "plays": ["2S", "KH"]}})
    assert error["message"] == json.loads(handle(same))["error"]["message"]  # in the language, as the CLI says it


def test_a_request_for_no_public_function_rejects_as_internal(started):
    reader, _ = started
    error = call(reader, "en", "Match")["error"]
    assert (error["kind"], error["isError"]) == ("internal", True)
    assert "not a public function" in error["message"]


def test_every_request_stays_on_the_site_and_the_runtime_has_its_types(started):
    reader, _ = started
    assert reader.outside() == [] and reader.failed == []
    engine_requests = [url for url in reader.requests if ENGINE in url]
    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in engine_requests), engine_requests
    assert any(url.endswith("/backalley.zip") for url in engine_requests), engine_requests
    types = {r.url.rsplit("/", 1)[-1]: r.headers.get("content-type") for r in reader.responses if ENGINE in r.url}
    assert types["pyodide.asm.wasm"] == "application/wasm"
    assert types["worker.mjs"].startswith("text/javascript")


def test_without_webassembly_the_engine_says_it_cannot_start(reader):
    page = blank_page(reader(), init_script="delete globalThis.WebAssembly").page
    error = page.evaluate("""async () => {
        const { start } = await import("/assets/engine/engine.js");
        try { await start({ lang: "en" }); return null; } catch (error) { return [error.kind, error.reason]; }
    }""")
    assert error == ["cannot-start", "no-webassembly"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_tool_that_cannot_start_says_why_in_its_language_and_offers_to_try_again(reader, base_url, lang):
    """The tricks page in a browser without WebAssembly: pressing the tool's button shows the
    page's own sentence for it (the term files' ``[tools] cannot``), and a button to try again."""
    one = reader(PHONE)
    one.context.add_init_script("delete globalThis.WebAssembly")
    one.visit(f"{base_url}{root_of(lang)}tricks/")
    said = words("may_play", lang)
    one.page.get_by_role("button", name=said["tool"]["start"]).click()
    cannot = one.page.locator(".ba-tool__view .ba-tool__cannot")
    cannot.wait_for()
    assert cannot.text_content() == said["tools"]["cannot"]["no-webassembly"]
    assert one.page.get_by_role("button", name=said["tools"]["retry"]).is_visible()
    assert not [url for url in one.requests if ENGINE + "pyodide/" in url] and not one.errors


def test_a_runtime_that_does_not_arrive_is_a_typed_failure_not_a_hang(reader):
    one = reader()
    one.context.route("**/pyodide/pyodide.asm.wasm", lambda route: route.abort())
    page = blank_page(one).page
    error = page.evaluate("""async () => {
        const { start } = await import("/assets/engine/engine.js");
        try { await start({ lang: "en", timeout: 5000 }); return null; } catch (error) { return [error.kind, error.reason]; }
    }""")
    assert error[0] == "cannot-start" and error[1] in ("failed", "timeout")


def strict_policy(one: Reader, policy: str, timeout: int = 20000):
    """``one``'s blank page and the engine's worker served with the Content-Security-Policy
    ``policy`` (a worker keeps the policy of its own response, not the page's); the page
    records each violation in ``window.violations``."""
    def with_policy(route):
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-security-policy": policy})

    one.context.route(f"**{ENGINE}worker.mjs", with_policy)
    one.page.route(f"{one.base_url}{TEST_PAGE}", lambda route: route.fulfill(
        status=200, content_type="text/html; charset=utf-8", body=BLANK,
        headers={"content-security-policy": policy}))
    one.page.add_init_script("window.violations = []; document.addEventListener("
                             "'securitypolicyviolation', (e) => window.violations.push(e.violatedDirective))")
    one.visit(one.base_url + TEST_PAGE)
    return one.page.evaluate("""async (timeout) => {
        const { start } = await import("/assets/engine/engine.js");
        try {
            const engine = await start({ lang: "en", timeout });
            return { ok: await engine.call("legal_plays", ["5H", "KH"], ["4H"], "S"), violations: window.violations };
        } catch (error) {
            return { error: [error.kind, error.reason], violations: window.violations };
        }
    }""", timeout)


def test_the_engine_starts_under_a_policy_of_the_site_only_with_wasm_unsafe_eval(reader):
    one = reader()
    found = strict_policy(one, "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'")
    assert found == {"ok": ["5H", "KH"], "violations": []}
    assert one.outside() == []


def test_a_policy_without_wasm_unsafe_eval_is_a_typed_failure_not_a_hang(reader):
    found = strict_policy(reader(), "default-src 'self'; script-src 'self'", timeout=6000)  # it hangs: the timeout ends it
    assert found["error"][0] == "cannot-start" and found["error"][1] in ("failed", "timeout")


# -- what the build puts under assets/engine/ -----------------------------------------------------

def test_the_site_serves_the_pinned_runtime_and_this_trees_package(built_site):
    engine = built_site / ENGINE.strip("/")
    for name in RUNTIME_FILES:
        assert filecmp.cmp(engine / "pyodide" / name, RUNTIME / name, shallow=False), name
    assert sorted(p.name for p in (engine / "pyodide").iterdir()) == sorted(RUNTIME_FILES)
    assert (engine / "backalley.zip").read_bytes() == engine_zip(ROOT / "src")
    assert {"engine.js", "worker.mjs"} <= {p.name for p in engine.iterdir()}


def test_the_engine_zip_is_the_same_bytes_whatever_the_files_dates(tmp_path):
    source = ROOT / "src"
    copy = shutil.copytree(source, tmp_path / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    for number, path in enumerate(sorted(copy.rglob("*"))):
        os.utime(path, (1_000_000_000 + number, 1_000_000_000 + number))
    (copy / "backalley" / "__pycache__").mkdir()
    (copy / "backalley" / "__pycache__" / "cards.cpython-311.pyc").write_bytes(b"compiled")
    assert engine_zip(copy) == engine_zip(source)
    names = zipfile.ZipFile(io.BytesIO(engine_zip(source))).namelist()
    assert names == sorted(names) and "backalley/web.py" in names and "backalley_site/refusals.py" in names
    assert not [name for name in names if "__pycache__" in name or name.endswith(".so")]


def test_the_engine_zip_alone_gives_refusals_in_every_language(tmp_path):
    """Unpacked into an empty folder, with nothing installed beside the standard library, the zip
    answers as the installed site does, in every language, refusals with cards, seats, numbers,
    counted nouns and lists in them: it carries every word and every part of Babel they need."""
    zipfile.ZipFile(io.BytesIO(engine_zip(ROOT / "src"))).extractall(tmp_path)
    calls = [("check_play", ["9S", ["5H", "KH", "9S", "2C"]], {"trick": ["BIG"], "trump": "H"}),
             ("score_deal", [8, [["N", 2], ["E", 1], ["S", 2], ["W", 2]], {"NS": 6, "EW": 3}], {}),
             ("legal_bids", [5], {"variant": "standard,max_hand_size=9"}),
             ("scorecard_entry", [None, "revoke"], {})]
    requests = [json.dumps({"call": call, "args": args, "kwargs": kwargs, "lang": lang})
                for call, args, kwargs in calls for lang in LANGUAGES]
    program = (f"import sys, json; sys.path.insert(0, {str(tmp_path)!r}); from backalley.web import handle; "
               f"print(json.dumps([handle(r) for r in {requests!r}]))")
    out = subprocess.run([sys.executable, "-I", "-S", "-c", program], capture_output=True, text=True, check=True,
                         cwd=tmp_path).stdout
    replies = [json.loads(reply) for reply in json.loads(out)]
    assert replies == [json.loads(handle(request)) for request in requests]  # as the installed site words them
    assert not [reply for reply in replies if reply.get("error", {}).get("kind") == "internal"]
    french = replies[1]["ok"]
    assert french["message"].startswith("BIG a été entamé") and "R♥" in french["message"]
    assert french["address"] == "fr/tricks/#rule-3.12"


def test_the_runtime_is_pinned_with_its_integrity_hash():
    wanted = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]["pyodide"]
    locked = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))["packages"]["node_modules/pyodide"]
    installed = json.loads((RUNTIME / "package.json").read_text(encoding="utf-8"))["version"]
    assert wanted.split(".")[0] == "314" and wanted[0].isdigit(), f"pyodide is pinned to one version: {wanted}"
    assert locked["version"] == wanted == installed, "run ./dev build to install what package-lock.json pins"
    assert locked["integrity"].startswith("sha512-")
