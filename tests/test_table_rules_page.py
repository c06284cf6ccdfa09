"""Your table's rules on the variants page, in the browser, in every language (issue 23): the page
opened once per language (the engine's start is most of the time), in English at the link the
tool gives for a mix (it reopens it), in the others at an address edited by hand (refused in the
page's language); then a mix of five options set by clicks, which shows what
``backalley_site.table_rules`` (the command's ``what_changes``) gives; its address; a conflict
refused; the sheet made in the browser, its text that of ``backalley print``'s document; axe
clean with the tool open; the sheet and the pad made in the browser, printed to PDF, keep their
page counts on A4 and Letter."""
from __future__ import annotations

import html
import io
import json
import re
import zipfile
from datetime import datetime, UTC

import pytest
from pypdf import PdfReader

from backalley import options, resolve_variant
from backalley.web import handle
from backalley_site.browser_engine import FOLDER, RENDERER_ZIP
from backalley_site.documents import document
from backalley_site.table_rules import BUILD_DATE, table_rules
from backalley_site.tools import words
from browsing import LANGUAGES, PHONE, Reader, root_of

START_MS = 120_000  # the engine's first start on a busy 2-core machine
ANSWER_MS = 60_000  # the renderer's first load and document
CLICKS = {"points_per_bid_trick": "3", "board_multipliers": "1/2/4/8", "board_leader": "first", "tie": "tiebreak"}
OTHER = ("board_points", "7")  # an open option, by "any other…"
MIX = "standard," + ",".join(f"{o}={v}" for o, v in {**CLICKS, OTHER[0]: OTHER[1]}.items())
BAD = "standard,points_per_bid_trick=4"
CONFLICT = {"max_hand_size": "7", "schedule": "1-7-1"}
PAGES = {"sheet": 2, "scorepad": 1}


def text_of(markup: str) -> str:
    """The readable text of HTML, spaces of any kind one plain space."""
    markup = re.sub(r"<(style|script|head)\b.*?</\1>", " ", markup, flags=re.S)
    return re.sub(r"[\s\u00a0\u202f]+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def renderer_date(built_site) -> datetime:
    """The build's date, which the renderer in the browser gives the documents it makes."""
    date = zipfile.ZipFile(built_site / FOLDER / RENDERER_ZIP).read(BUILD_DATE).decode()
    return datetime.fromisoformat(date).replace(tzinfo=UTC)


def refused(spec: str, lang: str) -> str:
    reply = json.loads(handle(json.dumps({"call": "backalley_site.table_rules.table_rules", "args": [spec],
                                          "kwargs": {"lang": lang}, "lang": lang})))
    return reply["error"]["message"]


def address(lang: str) -> str:
    """Where the tests open the page: English at the link for ``MIX``, the others at ``BAD``."""
    return f"{root_of(lang)}variants/?variant={resolve_variant(MIX).spec if lang == 'en' else BAD}"


@pytest.fixture(scope="module")
def opened(browser, base_url, built_site):
    """``opened(lang)``: the variants page of ``lang`` read as a phone at ``address(lang)``, a
    shared link that starts its tool by itself; the same reader for every test of the module."""
    found = {}

    def make(lang):
        if lang not in found:
            one = Reader(browser, base_url, PHONE, axe=True)
            one.visit(f"{base_url}{address(lang)}")  # a shared link opens the tool by itself
            said = words("table_rules", lang)
            one.page.locator(".ba-rules__result > *").first.wait_for(timeout=START_MS)
            found[lang] = (one, said)
        return found[lang]

    yield make
    for one, _ in found.values():
        one.close()


def flat(value):
    """``value`` with every run of spaces of any kind one plain space (innerText writes a no-break
    space as a space)."""
    if isinstance(value, dict):
        return {key: flat(item) for key, item in value.items()}
    if isinstance(value, list):
        return [flat(item) for item in value]
    return re.sub(r"[\s\u00a0\u202f]+", " ", value).strip()


def shown(page) -> dict:
    """What the tool shows: the differences, the match's rows, the examples' rows, as text."""
    result = page.locator(".ba-rules__result")
    tables = result.locator("table")
    rows = [[[c.strip() for c in row] for row in table.evaluate(
        "t => [...t.tBodies[0].rows].map(r => [...r.cells].map(c => c.innerText.replace(/\\s+/g, ' ')))")]
        for table in tables.all()]
    return flat({"differences": result.locator("ul > li").all_inner_texts(), "match": rows[0],
                 "examples": rows[1] if len(rows) > 1 else []})


def expected(spec: str, lang: str) -> dict:
    found = table_rules(spec, lang)
    return flat({"differences": found["differences"],
                 "match": [[r["label"], r["standard"], r["value"]] for r in found["match"]],
                 "examples": [[f"{r['title']} {r['situation']}", r["standard"], r["value"]] for r in found["examples"]]})


def choose(page, said, option, value):
    rule = next(r for r in said["house_rules"] if r["option"] == option)
    select = page.get_by_label(rule["ask"], exact=True)
    known = [c["value"] for c in rule["choices"]]
    if value in known:
        select.select_option(value)
    else:
        select.select_option(label=rule["other"])
        typed = page.locator(f"#ba-rules-{option}-other")  # labelled "your value", as each open option's is
        typed.fill(value)
        typed.press("Tab")


def settled(page, spec: str):
    """Until the page's address holds ``spec``'s canonical form (the engine answered)."""
    canonical = resolve_variant(spec).spec
    page.wait_for_function("s => new URLSearchParams(location.search).get('variant') === s", arg=canonical,
                           timeout=ANSWER_MS)


def made(one, said, kind):
    """Press the sheet's or the pad's button: the new tab, once the document is in it."""
    page = one.page
    with one.context.expect_page(timeout=ANSWER_MS) as info:
        page.get_by_role("button", name=said["tool"]["sheet" if kind == "sheet" else "pad"]).click()
    tab = info.value
    page.get_by_role("status").filter(has_text=said["tool"]["opened"]).wait_for(timeout=ANSWER_MS)
    tab.wait_for_load_state()
    return tab


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_mix_set_by_clicks_shows_what_the_engine_gives(opened, built_site, lang):
    one, said = opened(lang)
    page = one.page
    if lang == "en":  # the link for a mix reopens it: its figures, and its choices in the form
        assert shown(page) == expected(MIX, "en")
        assert [page.locator(f"select[name={o}]").input_value() for o in CLICKS] == list(CLICKS.values())
        assert page.locator(f"#ba-rules-{OTHER[0]}-other").input_value() == OTHER[1]
        for option in (*CLICKS, OTHER[0]):
            choose(page, said, option, next(r["standard"] for r in said["house_rules"] if r["option"] == option))
        settled(page, "standard")
    else:
        assert page.locator(".ba-rules__result .ba-tool__refusal").inner_text() == refused(BAD, lang)
    controls = page.locator(".ba-rules__form select")
    assert sorted(controls.evaluate_all("s => s.map(x => x.name)")) == sorted(["preset"] + [o.name for o in options()])
    for option, value in CLICKS.items():
        choose(page, said, option, value)
    choose(page, said, *OTHER)
    settled(page, MIX)
    assert shown(page) == expected(MIX, lang)
    link = page.locator(".ba-rules__link")
    assert link.get_attribute("href") == page.url.split("#")[0]
    assert link.get_attribute("href").endswith(f"{root_of(lang)}variants/?variant={resolve_variant(MIX).spec}")

    tab = made(one, said, "sheet")  # the text of backalley print's document, dated as the build
    printed = document("sheet", lang, resolve_variant(MIX), date=renderer_date(built_site))
    assert text_of(tab.content()) == text_of(printed)
    tab.close()

    for option, value in CONFLICT.items():  # a conflict: the engine's refusal, then back to the mix
        choose(page, said, option, value)
    page.locator(".ba-rules__result .ba-tool__refusal").wait_for(timeout=ANSWER_MS)
    spec = f"{resolve_variant(MIX).spec},max_hand_size=7,schedule=1-7-1"
    assert page.locator(".ba-rules__result .ba-tool__refusal").inner_text() == refused(spec, lang)
    choose(page, said, "schedule", "none")
    choose(page, said, "max_hand_size", "13")
    settled(page, MIX)

    found = page.evaluate("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations)")
    assert not found, [(v["id"], [n["target"] for n in v["nodes"]]) for v in found]
    assert not one.errors and not one.failed and not one.violations


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_documents_made_in_the_browser_keep_their_page_counts(opened, lang):
    one, said = opened(lang)
    settled(one.page, MIX)
    for kind, pages in PAGES.items():
        tab = made(one, said, kind)
        for paper in ("A4", "Letter"):
            printed = PdfReader(io.BytesIO(tab.pdf(format=paper, print_background=True)))
            assert len(printed.pages) == pages, (lang, kind, paper)
        tab.close()
