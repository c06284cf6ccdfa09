"""The site's frame on a phone: the home page's ways in, the language switch that keeps the
reader's place, the glossary's terms from the keyboard, the colour schemes, the site's own
identity and its link preview (issue 20)."""
from __future__ import annotations

import re

import pytest

from backalley_site.terms import terms
from browsing import CONFIG, DEFAULT_LANGUAGE, DESKTOP, LANGUAGES, PHONE, PHONES

WAYS_IN = ["table-and-deals/", "rules-sheet/", "score-pad/", "variants/"]  # learn, print, compare


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_home_page_shows_every_way_in_on_the_first_phone_screen(reader, pages, lang):
    """On a phone, before any scrolling: a link to the first rules page, the rules sheet, the
    score pad and the variants, each whole on screen, each leading to its page."""
    for viewport in PHONES:
        one = reader(viewport)
        one.visit(pages[lang][""])
        for way in WAYS_IN:
            link = one.page.locator(f'.md-content .ba-start a[href$="{way}"]')
            assert link.count() == 1, f"{lang}: no way in to {way}"
            box = link.bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], (
                f"{lang} at {viewport['width']}px: the link to {way} is below the first screen ({box})")
            assert box["height"] >= 40, f"{lang}: the link to {way} is too small to tap ({box['height']}px)"
        with one.page.expect_navigation():
            one.page.locator(f'.ba-start a[href$="{WAYS_IN[0]}"]').click()
        assert one.page.url == pages[lang][WAYS_IN[0]]


def test_the_menu_groups_the_pages_and_reads_the_rules_before_the_history(pages):
    """The rules pages come first, the history last; every page is in the menu once."""
    groups = [entry for entry in CONFIG["nav"] if isinstance(entry, dict)]
    files = [f for group in groups for value in group.values() for f in (value if isinstance(value, list) else [value])]
    assert files[0] == "index.md" and files[1] == "table-and-deals.md" and files[-1] == "history.md"
    assert sorted(f.removesuffix(".md").replace("index", "") + "/" for f in files) == sorted(
        p if p else "/" for p in pages[DEFAULT_LANGUAGE]), "every page in the menu, once"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_language_switch_keeps_the_place_on_the_page(reader, pages, lang):
    """From a rule's anchor, each other language opens the same page at the same anchor."""
    one = reader(PHONE)
    for other in LANGUAGES:
        if other == lang:
            continue
        one.visit(pages[lang]["bidding/"] + "#board-levels")
        one.page.locator(".md-header .md-select > button").click()
        with one.page.expect_navigation():
            one.page.locator(f'.md-header a.md-select__link[hreflang="{other}"]').click()
        assert one.page.url == pages[other]["bidding/"] + "#board-levels", f"{lang} -> {other}: {one.page.url}"
        top = one.page.locator("#board-levels").bounding_box()["y"]
        assert 0 <= top < PHONE["height"] / 2, f"{lang} -> {other}: the section is not on screen ({top}px)"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_glossary_term_opens_from_the_keyboard_readably_and_links_its_entry(reader, pages, base_url, lang):
    """The first explained term of the tricks page takes the focus from the keyboard; its
    definition then shows, in text of 12 px or more, and the term links its glossary entry."""
    one = reader(DESKTOP)
    one.visit(pages[lang]["tricks/"])
    term = one.page.locator(".md-content a.ba-term").first
    href = term.get_attribute("href")
    for _ in range(400):
        one.page.keyboard.press("Tab")
        if one.page.evaluate("document.activeElement.classList.contains('ba-term')"):
            break
    else:
        pytest.fail(f"{lang}: Tab never reaches a glossary term")
    one.page.wait_for_function("() => document.activeElement.getAttribute('aria-describedby')")  # the theme's tooltip
    described = one.page.evaluate("document.activeElement.getAttribute('aria-describedby')")
    tooltip = one.page.locator(f"#{described}.md-tooltip2--active .md-tooltip2__inner")
    tooltip.wait_for()
    assert tooltip.inner_text().strip(), f"{lang}: the definition is empty"
    size = float(tooltip.evaluate("el => getComputedStyle(el).fontSize").removesuffix("px"))
    assert size >= 12, f"{lang}: the definition is set at {size}px"
    key = re.fullmatch(r"\.\./glossary/#(glossary-[\w-]+)", href or "")
    assert key, f"{lang}: the term links {href}"
    one.visit(pages[lang]["glossary/"] + "#" + key.group(1))
    entry = one.page.locator(f"#{key.group(1)}")
    assert entry.count() == 1, f"{lang}: no glossary entry {key.group(1)}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_colour_toggle_follows_the_system_then_the_reader(reader, pages, lang):
    """Dark on a dark system, light on a light one; the header's toggle, named in the page's
    language, switches to the other at the first tap, and the choice holds on the next page."""
    words = terms(lang)
    scheme = "document.body.dataset.mdColorScheme"
    for system, shown, other, name in (("dark", "slate", "default", "scheme_light"),
                                       ("light", "default", "slate", "scheme_dark")):
        one = reader(PHONE, scheme=system)
        one.visit(pages[lang][""])
        assert one.page.evaluate(scheme) == shown
        toggle = one.page.locator(".md-header label.md-header__button:visible[for^='__palette_']")
        assert toggle.get_attribute("title") == words(f"interface.{name}")
        toggle.click()
        assert one.page.evaluate(scheme) == other, f"{lang}: the first tap on a {system} system changes nothing"
        one.visit(pages[lang]["tricks/"])
        assert one.page.evaluate(scheme) == other, "the reader's choice holds on the next page"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_has_the_site_s_identity_and_a_link_preview(built_pages, lang):
    """Our logo and favicon (not the theme's), the browser bar's colour, and the Open Graph
    preview: the page's title, the site's description in the page's language, the picture."""
    site = built_pages(lang)[0].parents[0 if lang == DEFAULT_LANGUAGE else 1]
    picture = site / "assets" / "images" / "social.png"
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    for page in built_pages(lang):
        html = page.read_text(encoding="utf-8")
        if page.name == "404.html" or "print" in page.parts:  # the presets' printable pages stand alone
            continue
        assert re.search(r'<link rel="icon" href="[^"]*assets/images/favicon\.svg"', html), page
        assert re.search(r'<meta name="theme-color" content="#[0-9a-f]{6}"', html), page
        preview = dict(re.findall(r'<meta property="og:([a-z:]+)" content="([^"]*)"', html))
        assert preview["image"] == CONFIG["site_url"] + "assets/images/social.png", page
        assert preview["locale"] == lang and preview["title"] and preview["description"], page
        title = re.search(r"<title>(.*?)</title>", html).group(1)
        assert preview["title"] == title.replace("\xa0", " "), page  # no typography in attributes


def test_long_pages_offer_a_way_back_to_the_top(reader, pages):
    """Scrolled down, then a little up: the back-to-top button shows and takes the reader up."""
    one = reader(PHONE)
    one.visit(pages[DEFAULT_LANGUAGE]["examples/"])
    one.page.mouse.wheel(0, 4000)
    one.page.wait_for_timeout(200)
    one.page.mouse.wheel(0, -200)
    top = one.page.locator(".md-top")
    top.wait_for(state="visible")
    top.click()
    one.page.wait_for_function("() => window.scrollY === 0")
