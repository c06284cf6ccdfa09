"""Words stay whole in tables, on a phone and on a desktop, in every language; the score pad's PDF
link comes before its grid; the presets' printable pages fit a phone and lead back to the site.

A word split across two lines is found with a DOM Range around each word of a cell: its client
rectangles lie on one line, or the browser broke it.
"""
from __future__ import annotations

import pytest

from browsing import LANGUAGES, PHONE, SCREENS, all_pages, root_of

from backalley import VARIANTS
from backalley_site.terms import terms
from backalley_site.variants_view import printed_page

WIDTHS = {str(screen["width"]): screen for screen in SCREENS}

SPLIT_WORDS = r"""() => {
  // each word of each table cell: letters and digits, joined by an apostrophe, a point or a comma
  // (3,5; l'entame); code (a preset's name) is one word whole
  const word = /[\p{L}\p{N}\p{M}]+(?:[’'.,][\p{L}\p{N}\p{M}]+)*/gu;
  const found = [];
  const lines = (range) => {
    const rects = [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0);
    return rects.some(a => rects.some(b => b.top >= a.bottom - 1));
  };
  for (const cell of document.querySelectorAll("article th, article td")) {
    if (!cell.checkVisibility()) continue;
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      const spans = node.parentElement.closest("code")
        ? [...node.textContent.matchAll(/\S+/gu)] : [...node.textContent.matchAll(word)];
      for (const m of spans) {
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        if (lines(range)) found.push(`"${m[0]}" in "${cell.textContent.trim().slice(0, 60)}"`);
      }
    }
  }
  return found;
}"""


def printable_pages(base_url, lang):
    """The presets' printable pages of a language: ``print/<preset>/<page>.html``."""
    return [f"{base_url}{root_of(lang)}{printed_page(kind, preset)}"
            for preset in VARIANTS if preset != "standard" for kind in ("sheet", "scorepad")]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_word_in_a_table_breaks_across_lines(reader, pages, base_url, lang, width):
    """Every table cell and header of every page, and of the presets' printable pages."""
    one = reader(WIDTHS[width])
    urls = [url for _, url in all_pages(pages, lang)] + printable_pages(base_url, lang)
    problems = []
    for url in urls:
        one.visit(url)
        problems += [f"{url.removeprefix(base_url)}: {p}" for p in one.page.evaluate(SPLIT_WORDS)]
    assert not problems, f"{len(problems)} words split at {width} px:\n" + "\n".join(problems[:60])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pads_pdf_link_comes_before_its_grid_on_a_phone(reader, base_url, lang):
    one = reader(PHONE)
    one.visit(f"{base_url}{root_of(lang)}score-pad/")
    link = one.page.locator('article a[href$=".pdf"]').first.bounding_box()
    grid = one.page.locator("article table.ba-pad").bounding_box()
    assert link["y"] + link["height"] <= grid["y"], (link, grid)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_presets_printable_page_fits_a_phone_and_leads_back(reader, base_url, lang):
    """No page wider than the phone, a readable width on a desktop, a way back to the variants page
    in the same language and a print button, neither of which is printed; the preset by its name."""
    t = terms(lang)
    for kind in ("sheet", "scorepad"):
        url = f"{base_url}{root_of(lang)}{printed_page(kind, 'short-14')}"
        one = reader(PHONE)
        one.visit(url, idle=True)
        page = one.page
        assert page.evaluate("innerWidth") == PHONE["width"], "no viewport meta: the phone shows the page shrunk"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        back = page.get_by_role("link", name=t("documents.back"))
        assert back.get_attribute("href") and back.is_visible()
        with page.expect_navigation():
            back.click()
        assert page.url == f"{base_url}{root_of(lang)}variants/"
        page.go_back()
        button = page.get_by_role("button", name=t("documents.print"))
        assert button.is_visible()
        assert t("preset_names.short-14") in page.locator("article").inner_text()
        failed = [f for f in one.failed if "ERR_ABORTED" not in f]  # a request cut short by leaving
        assert not one.errors and not failed, (one.errors, failed)
        page.emulate_media(media="print")
        assert not back.is_visible() and not button.is_visible()
        desk = reader(WIDTHS["1280"])
        desk.visit(url)
        width = desk.page.locator("article").bounding_box()["width"]
        assert width <= 45 * 16, f"{kind}: {width} px wide on a desktop (about 45 em of 16 px at most)"
