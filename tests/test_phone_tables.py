"""Every table of every page, in every language, on two phones and a desktop screen: it fits its
column, or its box scrolls with the table's first column in view (scrolled to its far end, the
first cell of each row still lies inside the box) and, on a phone, no taller than the screen, with
its header row in view when it scrolls down. No text in a table is smaller than 12 px. The score
pad is the exception to the height: it is printed, not read, on a phone, so all its rows stay in
the page rather than in a second scrolling box.

On a wide screen a tall table's box is not bounded (a box that scrolls down needs something to
focus for the keyboard, which Material's box lacks): its first column stays in view.

And no word of a table breaks across lines, on these pages and the presets' printable pages. A
word split across two lines is found with a DOM Range around each word of a cell: its client
rectangles lie on one line, or the browser broke it.

Both are measured on one walk per language: each page opened once, then laid out at each screen's
width in turn (the window resized, as a phone turned or a desktop window narrowed does).
"""
from __future__ import annotations

import functools

import pytest

from backalley import VARIANTS
from backalley_site.variants_view import printed_page
from browsing import LANGUAGES, PHONES, SCREENS, Reader, all_pages, root_of

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



MEASURE = """() => [...document.querySelectorAll("article table")].map((table, index) => {
  let box = table;
  while (box && box !== document.body) {
    const style = getComputedStyle(box);
    if (["auto", "scroll"].includes(style.overflowX) && box.scrollWidth > box.clientWidth + 1) break;
    box = box.parentElement;
  }
  const small = [...table.querySelectorAll("*")].filter(el => el.textContent.trim()
    && parseFloat(getComputedStyle(el).fontSize) < 12).map(el => el.textContent.trim().slice(0, 30));
  const name = `table ${index + 1} (${table.rows[0].cells[0].textContent.trim().slice(0, 30)})`;
  if (!box || box === document.body) return {name, fits: true, small};
  const share = box.clientWidth / box.scrollWidth;
  // the rows whose first cell is in the first column (not a second header row under a rowspan)
  const start = table.rows[0].cells[0].getBoundingClientRect().left;
  const labelled = [...table.rows].filter(row => Math.abs(row.cells[0].getBoundingClientRect().left - start) < 1);
  box.scrollLeft = box.scrollWidth;
  const edge = box.getBoundingClientRect();
  const lost = labelled.filter(row => {
    let cell = row.cells[0].getBoundingClientRect();
    if (cell.width > edge.width && row.cells[0].firstElementChild)  // a label across the table: its words
      cell = row.cells[0].firstElementChild.getBoundingClientRect();
    return cell.left < edge.left - 1 || cell.right > edge.right + 1;
  }).length;
  let headLost = false;
  if (box.scrollHeight > box.clientHeight + 1 && table.tHead) {
    box.scrollTop = box.scrollHeight;
    const head = table.tHead.rows[0].cells[0].getBoundingClientRect();
    headLost = head.top < box.getBoundingClientRect().top - 1 || head.bottom > box.getBoundingClientRect().bottom;
    box.scrollTop = 0;
  }
  box.scrollLeft = 0;
  return {name, fits: false, share, lost, rows: labelled.length, headLost, pad: table.classList.contains("ba-pad"),
          tall: box.getBoundingClientRect().height > innerHeight, small};
})"""


def printable_pages(base_url, lang):
    """The presets' printable pages of a language: ``print/<preset>/<page>.html``."""
    return [f"{base_url}{root_of(lang)}{printed_page(kind, preset)}"
            for preset in VARIANTS if preset != "standard" for kind in ("sheet", "scorepad")]


@functools.cache
def screens_walk(browser, base_url: str, pages_key: tuple, lang: str) -> dict:
    """``{(path or url, width): {"tables": MEASURE's, "split": SPLIT_WORDS's}}`` for every page of
    ``lang`` (tables and words) and its printable pages (words), each opened once."""
    site = [(path, url) for path, url in pages_key]
    printed = [(url.removeprefix(base_url), url) for url in printable_pages(base_url, lang)]
    found = {}
    one = Reader(browser, base_url, SCREENS[0])
    try:
        for name, url in site + printed:
            one.visit(url)
            for screen in SCREENS:
                one.page.set_viewport_size(screen)
                one.page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
                found[name, screen["width"]] = {"tables": one.page.evaluate(MEASURE) if (name, url) in site else [],
                                                "split": one.page.evaluate(SPLIT_WORDS)}
    finally:
        one.close()
    return found


@pytest.fixture
def walked(browser, base_url, pages):
    return lambda lang: screens_walk(browser, base_url, tuple(sorted(pages[lang].items())), lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_table_fits_or_keeps_its_first_column_and_header_in_view(walked, pages, lang):
    wrong, found = [], walked(lang)
    for screen in SCREENS:
        width, phone = screen["width"], screen in PHONES
        for path, _url in all_pages(pages, lang):
            for table in found[path, width]["tables"]:
                where = f"{lang} {path or 'home'} at {width} px, {table['name']}"
                if table["small"]:
                    wrong.append(f"{where}: text under 12 px: {table['small'][:3]}")
                if table["fits"]:
                    continue
                if table["lost"]:
                    wrong.append(f"{where}: {table['lost']} of {table['rows']} first cells leave the box "
                                 f"({table['share']:.0%} visible before scrolling)")
                if phone and table["headLost"]:
                    wrong.append(f"{where}: the header row leaves the box when it scrolls down")
                if phone and table["tall"] and not table["pad"]:
                    wrong.append(f"{where}: the box is taller than the screen")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_word_in_a_table_breaks_across_lines(walked, lang):
    """Every table cell and header of every page, and of the presets' printable pages, on each screen."""
    problems = [f"{name or 'home'} at {width} px: {problem}"
                for (name, width), measured in walked(lang).items() for problem in measured["split"]]
    assert not problems, f"{len(problems)} words split:\n" + "\n".join(problems[:60])
