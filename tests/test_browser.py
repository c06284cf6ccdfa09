"""The built site in a real browser, as its readers meet it, mostly on phones.

The site built once for the session (``built_site``) is served from 127.0.0.1 and driven by
Debian's Chromium (fixtures in ``conftest.py``, helpers in ``browsing.py``). Every request a
page makes is recorded; a request to another host never leaves the machine, and it fails the
privacy test.

The pages come from the site's own ``sitemap.xml``, the languages from mkdocs.yml, the search
words from the card terms of CONTRIBUTING.md, the card texts from ``backalley_site``: nothing
here lists pages or words of its own.
"""
from __future__ import annotations

import functools
import gzip
import re
from pathlib import Path
from urllib.request import urlopen

import pytest

from backalley import Card
from backalley_site import formatting
from backalley_site.terms import terms
from browsing import (
    CONFIG, DEFAULT_LANGUAGE, FIRST_LOAD_LIMIT, I18N, LANGUAGES, PHONE, ROOT, Reader, all_pages,
    language_of, missing_page, policy_violations, printable_pages,
)

# -- search -------------------------------------------------------------------------------------

def card_terms() -> dict[str, dict[str, str]]:
    """CONTRIBUTING.md's table of usual card terms: ``{"trump": {"en": "trump", "fr": "atout", …}, …}``."""
    from babel import Locale

    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    table = ("| | English |" + text.split("| | English |", 1)[1]).split("\n\n", 1)[0].splitlines()
    names = [cell.strip() for cell in table[0].strip("|").split("|")][1:]
    by_name = {Locale(lang).get_display_name("en"): lang for lang in LANGUAGES}
    columns = [by_name[name] for name in names]
    rows = {}
    for line in table[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows[cells[0]] = dict(zip(columns, cells[1:]))
    return rows


def search(one: Reader, query: str) -> tuple[str, list[str]]:
    """Search ``query`` as a reader on a phone does: (result summary, result links).

    The search icon in the header opens the search; the whole query goes into the field at
    once and a key is released (Material searches on key release), so the results shown are
    those of the whole query, never of a prefix typed on the way (``взятк`` would find the
    pages that ``взяткой`` must find by stemming)."""
    page = one.page
    page.locator('.md-header label.md-header__button[for="__search"]').click()
    field = page.locator("input.md-search__input")
    field.click()
    field.fill(query)
    field.press("End")
    _wait_for_results(page)
    summary = page.locator(".md-search-result__meta").inner_text().strip()
    links = page.eval_on_selector_all(".md-search-result__list a[href]", "links => links.map(a => a.href)")
    return summary, links


def _wait_for_results(page):
    """Until the result list shows links (or the search says it found nothing)."""
    none = terms_search_none(page)
    page.wait_for_function(
        """([none]) => {
             const meta = document.querySelector(".md-search-result__meta").textContent.trim();
             return document.querySelectorAll(".md-search-result__list a[href]").length > 0 || meta === none;
           }""",
        arg=[none],
        polling=100,
    )


def terms_search_none(page) -> str:
    """Material's "no results" sentence of the page's language."""
    return page.evaluate("JSON.parse(document.getElementById('__config').textContent).translations['search.result.none']")


def only_in(lang: str, links: list[str], base_url: str) -> list[str]:
    """The links that lead outside ``lang``'s part of the site."""
    wrong = []
    for link in links:
        path = link.removeprefix(base_url)
        if not link.startswith(base_url) or language_of(path) != lang:
            wrong.append(link)
    return wrong


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_finds_pages_of_its_own_language_only(reader, pages, base_url, lang):
    """``LITTLE`` is written alike in every language, ``trump`` is not: both find this language only."""
    queries = ["LITTLE", card_terms()["trump"][lang]]
    for query in queries:
        one = reader(PHONE)
        one.visit(pages[lang][""])
        summary, links = search(one, query)
        assert links, f"{lang}: searching {query!r} finds nothing ({summary!r})"
        wrong = only_in(lang, links, base_url)
        assert not wrong, f"{lang}: searching {query!r} finds pages of other languages: {wrong}"
        assert not one.errors, one.errors


def test_russian_search_finds_other_case_forms(reader, pages, base_url):
    """A case form of ``взятка`` that no Russian page writes (the instrumental ``взяткой``, or
    another): stemming finds the pages that write ``взятка``/``взятки``."""
    trick = card_terms()["trick"]["ru"]  # взятка
    with urlopen(f"{base_url}/ru/search/search_index.json") as response:
        index = response.read().decode("utf-8")
    words = set(re.findall(r"\w+", index.lower()))
    unwritten = [form for form in ("взяткой", "взятках", "взятками", "взяткою") if form not in words]
    assert unwritten, "every case form tried is on a Russian page: none can show stemming"
    query = unwritten[0]
    assert query.startswith(trick[:-1]), "the query is a case form of the contract's word"
    forms = sorted(w for w in words if w.startswith(trick[:-1]))
    assert forms, f"no form of {trick!r} on the Russian pages"
    one = reader(PHONE)
    one.visit(pages["ru"][""])
    summary, links = search(one, query)
    assert links, f"searching {query!r} finds nothing ({summary!r}) although the pages say {forms}"
    assert not only_in("ru", links, base_url)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_by_rule_number_finds_the_rule(reader, pages, base_url, lang):
    """Typing a rule number finds that rule first, in the page's language, at its own anchor (the
    first result is its page, as Material heads each page's results with the page itself, then
    the rule); following it shows the rule at the top of the screen, marked out."""
    from backalley import rulebook

    number = rulebook.number("big-lead")
    one = reader(PHONE)
    one.visit(pages[lang][""])
    summary, links = search(one, number)
    expected = f"{base_url}/{rulebook.address(number, lang)}"
    assert links[:2] == [expected.split("#")[0], expected], \
        f"{lang}: searching {number!r} gives {links[:3]} ({summary!r})"
    one.page.locator(".md-search-result__list a[href]").nth(1).click()
    one.page.wait_for_url(expected)
    mark = one.page.locator(f'[id="{rulebook.anchor(number)}"]')
    box = mark.bounding_box()
    header = one.page.locator(".md-header").bounding_box()
    assert box and header["height"] <= box["y"] < PHONE["height"] / 2, f"{lang}: rule {number} shown at {box}"
    marked = one.page.evaluate(
        "n => getComputedStyle(document.getElementById(n).parentElement).backgroundColor",
        rulebook.anchor(number))
    assert marked not in ("rgba(0, 0, 0, 0)", "transparent"), f"{lang}: the rule followed is not marked out"
    assert not one.errors, one.errors


# -- phone layout -------------------------------------------------------------------------------

LAYOUT_CHECK = r"""
() => {
  const problems = [];
  const width = window.innerWidth;
  const root = document.documentElement;
  if (root.scrollWidth > width) problems.push(`the page is ${root.scrollWidth}px wide`);
  const y = window.scrollY;
  window.scrollTo(width, y);
  if (window.scrollX !== 0) problems.push(`the page scrolls sideways by ${window.scrollX}px`);
  window.scrollTo(0, y);
  const shown = el => {
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === "none" || s.visibility === "hidden" || s.opacity === "0") return false;
    }
    return true;
  };
  const onScreen = r => r.left >= -1 && r.right <= width + 1;
  const scrollsOnScreen = el => {  // a box on screen that scrolls sideways holds the element
    for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
      if (["auto", "scroll"].includes(getComputedStyle(e).overflowX) && onScreen(e.getBoundingClientRect())) return true;
    }
    return false;
  };
  const name = el => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "")
    + [...el.classList].map(c => "." + c).join("") + ` "${(el.textContent || "").trim().slice(0, 40)}"`;
  for (const el of document.querySelectorAll(".md-header *, .md-main *, .md-footer *")) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || !shown(el)) continue;
    if (el.closest(".md-sidebar, .md-search")) continue;  // the closed drawer and search sit off screen
    if (el.closest(".ba-sr")) continue;  // words for screen readers only, hidden on purpose
    if (!onScreen(r) && !scrollsOnScreen(el)) {
      problems.push(`${name(el)} reaches ${Math.round(r.left)}..${Math.round(r.right)}px`);
    }
    const s = getComputedStyle(el);
    const text = (el.textContent || "").trim();
    if (text && ["hidden", "clip"].includes(s.overflowX) && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`${name(el)} is cut off: ${el.scrollWidth}px of text in ${el.clientWidth}px`);
    }
    if (text && ["hidden", "clip"].includes(s.overflowY) && el.scrollHeight > el.clientHeight + 1) {
      problems.push(`${name(el)} is cut off: ${el.scrollHeight}px of text in ${el.clientHeight}px high`);
    }
  }
  let diagrams = 0;
  for (const box of document.querySelectorAll("div.ba-diagram")) {
    const b = box.getBoundingClientRect();
    diagrams += 1;
    if (b.left < 0 || b.right > width + 1) problems.push(`a diagram box reaches ${b.left}..${b.right}px`);
    if (box.scrollWidth > box.clientWidth + 1) problems.push(`a diagram is ${box.scrollWidth}px wide in ${box.clientWidth}px: it would scroll`);
    if (box.scrollHeight > box.clientHeight + 1) problems.push(`a diagram is cut off at the bottom`);
  }
  return {problems, diagrams};
}
"""


@functools.cache
def phone_walk(browser, base_url: str, site: Path, pages_key: tuple, lang: str) -> dict:
    """Every page of ``lang`` on a phone as a first visit, then used: what five tests below
    check, walked once per language, in one browser context whose cache is off (every page
    fetches all it uses again, as on a first visit; a context of its own per page costs a
    second of the machine's time more each, measured).

    ``weights``: page -> bytes of its first load (every response until the network is idle,
    each compressed with gzip -9) and ``parts``: page -> those responses; ``layout``: what
    ``LAYOUT_CHECK`` found at the top and scrolled down, and how many diagrams it saw; ``cards``:
    page -> its card diagrams and the cards in its text (``drawn_cards``); then each
    page is used (the language menu, a scroll to the end; the search on the language's first page:
    its index and worker are the same on every page), then the printable pages and the 404 page:
    ``outside`` (requests to other hosts), ``failed``, ``errors``, ``requests``, and
    ``violations`` (of the pages' Content-Security-Policy)."""
    pages = {lang: dict(pages_key)}
    found = {"weights": {}, "parts": {}, "problems": [], "diagrams": 0, "cards": {},
             "outside": [], "failed": [], "errors": [], "requests": [], "violations": []}
    missing = base_url + missing_page(lang)
    others = [(None, url) for url in printable_pages(site, base_url, lang)]
    one = Reader(browser, base_url, PHONE, cache=False)
    try:
        for path, url in [*all_pages(pages, lang), *others, (None, missing)]:
            one.responses.clear()
            one.visit(url, idle=True)
            if path is None:
                continue
            parts = [(len(gzip.compress(served(site, base_url, r), compresslevel=9, mtime=0)), r.url) for r in one.responses]
            found["weights"][path or "/"] = sum(size for size, _ in parts)
            found["parts"][path or "/"] = parts
            for scrolled in (False, True):  # the header shows the page title once the page scrolls
                if scrolled:
                    one.page.evaluate("window.scrollTo(0, 600)")
                    one.page.wait_for_timeout(150)
                result = one.page.evaluate(LAYOUT_CHECK)
                found["problems"] += [f"{url}: {problem}" for problem in result["problems"]]
            found["diagrams"] += result["diagrams"]
            found["cards"][path] = {**drawn_cards(one.page), "url": url}
            if path == "":
                search(one, "board")
                one.page.keyboard.press("Escape")
            one.page.locator(".md-header .md-select > button").click()
            one.page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
            one.settle()
        collect(found, one, missing)
    finally:
        one.close()
    return found


def served(site: Path, base_url: str, response) -> bytes:
    """What ``response`` carried: the site's file at its address (the browser's own fetch of the
    tab's icon keeps no body to read back once the page has moved on)."""
    if not response.url.startswith(base_url + "/"):
        return response.body()
    assert response.status == 200, f"{response.url}: {response.status}, not a first visit's answer"
    path = response.url.removeprefix(base_url + "/").split("?")[0].split("#")[0]
    file = site / path
    return (file / "index.html" if path.endswith("/") or not path else file).read_bytes()


def collect(found: dict, one: Reader, missing: str) -> None:
    """What ``one`` saw, into the walk's ``found``."""
    found["outside"] += one.outside()
    found["failed"] += [f for f in one.failed if not f.startswith(f"{missing} (404)")]
    found["errors"] += one.errors
    found["requests"] += one.requests
    found["violations"] += policy_violations(one)


@pytest.fixture
def walked(browser, base_url, built_site, pages):
    """``walked(lang)``: the phone walk of ``lang`` (``phone_walk``), once per module."""
    return lambda lang: phone_walk(browser, base_url, built_site, tuple(sorted(pages[lang].items())), lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_on_a_phone_nothing_scrolls_sideways_not_even_a_card_diagram(walked, lang):
    found = walked(lang)
    problems = sorted(set(found["problems"]))
    assert not problems, "\n".join(problems)
    assert found["diagrams"], f"{lang}: no card diagram was checked"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_loads_the_engine_until_a_tool_is_started(walked, lang):
    """Read, scrolled, searched: no page of the walk (nor a printable page) asks for the engine."""
    assert not [url for url in walked(lang)["requests"] if "/assets/engine/" in url]


DIAGRAMS = r"""
() => [...document.querySelectorAll("div.ba-diagram")].map(box => ({
  label: box.getAttribute("aria-label"), role: box.getAttribute("role"),
  // each card drawn: a face (rank over suit symbol) or a rank in a hand's line, after the line's symbol
  faces: [...box.querySelectorAll("[data-card]")].map(card => ({
    code: card.dataset.card, text: card.textContent.trim(),
    symbol: card.closest(".ba-line")?.querySelector(".ba-sym").textContent.trim() || "",
    colour: getComputedStyle(card).color,
  })),
}))
"""
INLINE_CARDS = """() => [...document.querySelectorAll(".md-content .ba-card")].map(
  span => ({text: span.textContent.trim(), red: span.classList.contains("ba-red"), colour: getComputedStyle(span).color}))"""
JOKER_MARK = "\u2605"


def every_card():
    """The 54 cards of the pack."""
    return [Card(number) for number in range(54)]


@functools.cache
def cards_by_text(lang: str) -> dict[str, Card]:
    """Each card by its printed face in ``lang`` (``R♥`` in French, ``BIG`` for a joker)."""
    return {formatting.card_text(card, lang): card for card in every_card()}


def spoken_forms(lang: str) -> set[str]:
    """The grammatical forms the term file gives card names (``def``, ``gen``…), as its
    sentences may name a card in any of them."""
    return {key.split(".")[1] for key in terms(lang).keys() if key.startswith("spoken_forms.")}


def read_face(face: dict, lang: str):
    """(card, problem) for one card a diagram draws, read from what it shows: a face's rank and
    suit symbol (a joker's name and mark), or a rank in a hand's line opened by the suit's symbol."""
    printed = face["text"] + face["symbol"]  # a face reads "A♠" or "BIG★"; a line gives "A", then "♠"
    shown = printed.replace(JOKER_MARK, "")
    card = cards_by_text(lang).get(shown)
    if card is None:
        return None, f"a card reads {printed!r}: not a card with its suit symbol"
    if card.is_joker and JOKER_MARK not in printed:
        return card, f"the joker {shown} has no joker mark"
    if str(card) != face["code"]:
        return card, f"the card {shown} is marked as {face['code']}"
    return card, None


def drawn_cards(page) -> dict:
    """The card diagrams of ``page`` (``DIAGRAMS``, and whether the accessibility tree names each
    as an image by its label) and the cards in its text (``INLINE_CARDS``)."""
    diagrams = page.evaluate(DIAGRAMS)
    for diagram in diagrams:
        label = diagram["label"] or ""
        diagram["named"] = page.get_by_role("img", name=label, exact=True).count() if label.strip() else 0
    return {"diagrams": diagrams, "inline": page.evaluate(INLINE_CARDS)}


CARD_RED = "rgb(179, 20, 27)"  # #b3141b, the red suits in the light scheme


@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_diagrams_speak_the_page_language_and_show_suits_by_symbol(walked, lang):
    """Each diagram's accessible name names every card it draws, in the page's language; every
    card face, in diagrams and in the text, shows its suit symbol: colour is never the only cue.
    (Read on the phone walk, ``phone_walk``'s ``cards``.)"""
    english = {path: [d["label"] for d in seen["diagrams"]] for path, seen in walked(DEFAULT_LANGUAGE)["cards"].items()}
    problems, diagrams_seen, cards_seen = [], 0, 0
    for path, seen in walked(lang)["cards"].items():
        url, diagrams = seen["url"], seen["diagrams"]
        if len(diagrams) != len(english[path]):
            problems.append(f"{url}: {len(diagrams)} diagrams, the English page has {len(english[path])}")
        for i, diagram in enumerate(diagrams):
            diagrams_seen += 1
            label = diagram["label"] or ""
            if diagram["role"] != "img" or not diagram["named"]:
                problems.append(f"{url}: diagram {i + 1} has no accessible name (aria-label {label!r})")
                continue
            if lang != DEFAULT_LANGUAGE and i < len(english[path]) and label == english[path][i]:
                problems.append(f"{url}: diagram {i + 1} is described in English")
            for face in diagram["faces"]:
                card, problem = read_face(face, lang)
                if problem:
                    problems.append(f"{url}: diagram {i + 1}: {problem}")
                if card is None:
                    continue
                cards_seen += 1
                name = formatting.spoken_card(card, lang)
                forms = {formatting.spoken_card(card, lang, form).casefold() for form in spoken_forms(lang)}
                if not any(form in label.casefold() for form in forms | {name.casefold()}):
                    problems.append(f"{url}: diagram {i + 1} draws {name} but its text alternative does not say so")
                red = face["colour"] == CARD_RED  # black cards are the page's ink or a card face's
                if red != (card.suit in formatting.RED_SUITS or card.rank == "BIG"):
                    problems.append(f"{url}: diagram {i + 1}: {name} has the wrong colour ({face['colour']})")
        for span in seen["inline"]:
            card = cards_by_text(lang).get(span["text"])
            if card is None:
                problems.append(f"{url}: the card {span['text']!r} in the text is not a card with its suit symbol")
            elif span["red"] != (card.suit in formatting.RED_SUITS):
                problems.append(f"{url}: the card {span['text']!r} in the text has the wrong colour")
    assert diagrams_seen and cards_seen, f"{lang}: no card diagram was checked"
    assert not problems, "\n".join(problems)


# -- privacy ------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_loading_and_using_every_page_asks_nothing_of_another_host(walked, lang):
    """Load each page, search, open the language menu, scroll to the end, then each printable
    page and the 404 page: every request goes to the local server, every one of them is answered
    (nothing missing), and no page reports a Content-Security-Policy violation."""
    found = walked(lang)
    assert not found["violations"], f"{lang}: Content-Security-Policy violations:\n" + "\n".join(found["violations"])
    assert not found["outside"], f"{lang}: requests to other hosts:\n" + "\n".join(sorted(set(found["outside"])))
    assert not found["failed"], f"{lang}: requests that failed:\n" + "\n".join(sorted(set(found["failed"])))
    assert not found["errors"], found["errors"]
    assert any("/search/search_index.json" in url for url in found["requests"]), "the search was not used"


def test_the_browser_cannot_reach_other_hosts_and_the_record_shows_it(reader, pages):
    """The privacy test's own check: a request to another host fails and is recorded. (A page of
    the site cannot even ask: its Content-Security-Policy stops the request before it is made, and
    says so; the probe is made from a page without one.)"""
    one = reader(PHONE)
    one.visit(pages[DEFAULT_LANGUAGE][""])
    probe = """() => fetch("http://example.org/probe.png", {mode: "no-cors"}).then(() => "reached", error => "refused")"""
    assert one.page.evaluate(probe) == "refused"
    for _ in range(50):  # the report reaches the test a moment after the refusal
        if one.violations:
            break
        one.page.wait_for_timeout(50)
    assert one.outside() == [] and [v["directive"] for v in one.violations] == ["connect-src"]
    one.page.goto("about:blank")  # a page of no site, with no policy
    assert one.page.evaluate(probe) == "refused"
    assert one.outside() == ["http://example.org/probe.png"]


# -- 404 ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_missing_page_gets_the_404_page_of_its_language(reader, pages, base_url, lang):
    language = next(language for language in I18N["languages"] if language["locale"] == lang)
    words = {**CONFIG["extra"]["not_found"], **language.get("extra", {}).get("not_found", {})}
    one = reader(PHONE)
    response = one.visit(base_url + missing_page(lang), idle=True)
    page = one.page
    assert response.status == 404
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator("article h1").inner_text().strip() == words["title"]
    assert words["text"] in page.locator("article").inner_text()
    # the theme's stylesheet and script load from this depth too
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") in ("sticky", "fixed")
    assert page.evaluate("document.documentElement.classList.contains('js')")
    with page.expect_navigation():
        page.get_by_role("link", name=words["home"]).click()
    assert page.url == pages[lang][""]


# -- weight -------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_first_load_of_every_page_is_under_100_kb_compressed(walked, lang, record_property):
    """A first visit (empty cache) of each page: everything the browser fetches until the network
    is idle (HTML, CSS, JavaScript, images, data), each response compressed with gzip -9."""
    found = walked(lang)
    weights = found["weights"]
    heavy = [f"{path}: {weights[path]:,} B\n" + "\n".join(f"    {size:>7,} B  {url}" for size, url in found["parts"][path])
             for path in weights if weights[path] >= FIRST_LOAD_LIMIT]
    record_property("first_load_bytes", weights)
    print(f"\nfirst load, gzip, {lang}: " + ", ".join(f"{p} {w / 1000:.1f} kB" for p, w in weights.items()))
    assert not heavy, "\n".join(heavy)
