"""Tables and card diagrams of every page, in every language, on two phones and a desktop screen,
measured on one walk per language: each page opened once on the first phone, then laid out at
each screen's width in turn (the window resized, as a phone turned or a desktop window narrowed
does), two frames after each resize, and on the first phone again.

Tables: each fits its column, or its box scrolls with the table's first column in view (scrolled
to its far end, the first cell of each row still lies inside the box) and, on a phone, no taller
than the screen, with its header row in view when it scrolls down. No text in a table is smaller
than 12 px. The score pad is the exception to the height: it is printed, not read, on a phone, so
all its rows stay in the page rather than in a second scrolling box. On a wide screen a tall
table's box is not bounded (a box that scrolls down needs something to focus for the keyboard,
which Material's box lacks): its first column stays in view. A box that scrolls takes the
keyboard focus (the arrow keys scroll it) from the page's load event on, and one that fits does
not, at every width the window takes.

No word of a table breaks across lines, on these pages and the presets' printable pages. A word
split across two lines is found with a DOM Range around each word of a cell: its client
rectangles lie on one line, or the browser broke it.

Card diagrams and the whole deal's tables fit their column: nothing scrolls sideways or is cut,
every seat shows its name and its bid, the trump card is drawn, and no text is under 12 px.

And axe-core finds nothing on any page, nor on the 404 page, as it is first laid out on the phone
(``test_axe.py`` checks a desktop and the dark colours).
"""
from __future__ import annotations

import functools

import pytest

from backalley import VARIANTS
from backalley_site import formatting
from backalley_site.variants_view import printed_page
from browsing import (
    LANGUAGES, PHONES, SCREENS, Reader, all_pages, axe_violations, missing_page, policy_violations, root_of,
)

WIDTHS = tuple(screen["width"] for screen in SCREENS)
SEATS = ("N", "E", "S", "W")
BACK = "back"
"""The walk's last layout: the first phone's width again, after the desktop's."""

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


TABLES = """() => [...document.querySelectorAll("article table")].map((table, index) => {
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

DIAGRAMS = r"""
() => {
  const column = document.querySelector(".md-content__inner").getBoundingClientRect();
  const width = window.innerWidth;
  const inside = (r, b) => r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
  const seen = el => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const texts = box => {
    const small = [];
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim() || !seen(node.parentElement) || node.parentElement.closest(".ba-sr")) continue;
      const size = parseFloat(getComputedStyle(node.parentElement).fontSize);
      if (size < 12) small.push(`"${node.textContent.trim()}" at ${size}px`);
    }
    return small;
  };
  const boxes = [...document.querySelectorAll(".ba-diagram, table.ba-tricks")].map(box => {
    const b = box.getBoundingClientRect();
    const cut = [...box.querySelectorAll("*")].filter(el => seen(el) && !el.closest(".ba-sr") && !inside(el.getBoundingClientRect(), b))
      .map(el => `${el.className || el.tagName} "${el.textContent.trim().slice(0, 20)}"`);
    const visible = Math.max(0, Math.min(b.right, column.right + 1, width) - Math.max(b.left, column.left - 1, 0));
    return {
      kind: box.tagName === "TABLE" ? "table" : box.classList.contains("ba-table") ? "deal" : "hand",
      share: Math.min(1, visible / Math.max(box.scrollWidth - 1, b.width, 1)),  // scrollWidth is rounded up
      scrolls: box.scrollWidth > box.clientWidth + 1,
      cut, small: texts(box),
      seats: [...box.querySelectorAll(".ba-seat")].map(seat => ({
        name: seat.querySelector(".ba-who b")?.textContent.trim() || "",
        bid: seat.querySelector(".ba-bid") && seen(seat.querySelector(".ba-bid")) ? seat.querySelector(".ba-bid").textContent.trim() : null,
        shown: seen(seat) && inside(seat.getBoundingClientRect(), column),
      })),
      trump: [...box.querySelectorAll(".ba-trump .ba-face")].filter(seen).length,
      label: box.getAttribute("aria-label") || "",
    };
  });
  return boxes;
}
"""

SCROLL_BOXES = """
() => [...document.querySelectorAll(".md-typeset__scrollwrap")].map(box => ({
  wide: box.scrollWidth > box.clientWidth, focusable: box.getAttribute("tabindex") === "0",
}))
"""
AT_LOAD = f"addEventListener('load', () => {{ window.scrollBoxesAtLoad = ({SCROLL_BOXES})(); }})"


def printable_pages(base_url, lang):
    """The presets' printable pages of a language: ``print/<preset>/<page>.html``."""
    return [f"{base_url}{root_of(lang)}{printed_page(kind, preset)}"
            for preset in VARIANTS if preset != "standard" for kind in ("sheet", "scorepad")]


def plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def bids_in(label: str, lang: str) -> dict[str, str]:
    """Each seat's bid as a diagram shows it (``bid 2``, ``board ×2``), read from the bids its
    text alternative says (``North bids 2``, ``South bids board (×2)``), spaces compared as
    spaces whatever the typography made of them."""
    label = plain(label)
    said = {}
    for seat in SEATS:
        who = formatting.Inflected("seat", seat, lang)
        for bid, multiplier in [("pass", None)] + [("board", m) for m in range(1, 5)] + [(n, None) for n in range(13, 0, -1)]:
            if plain(formatting.bid(bid, lang, multiplier, words="alt.bid_", seat=who)) in label:
                said[seat] = plain(formatting.bid(bid, lang, multiplier))
                break
    return said


@functools.cache
def screens_walk(browser, base_url: str, pages_key: tuple, lang: str) -> dict:
    """``layouts``: ``{(path or url, width): {"tables": TABLES's, "diagrams": DIAGRAMS's, "split":
    SPLIT_WORDS's, "boxes": SCROLL_BOXES's}}`` for every page of ``lang`` and its printable pages
    (words only), each opened once; a page's ``(path, "load")`` holds the boxes as the load event
    found them and ``(path, BACK)`` as the first phone's width found them again after the desktop's. ``"axe"``:
    what axe-core found on each page and the 404 page at load, and every Content-Security-Policy
    violation."""
    site = [(path, url) for path, url in pages_key]
    printed = [(url.removeprefix(base_url), url) for url in printable_pages(base_url, lang)]
    found, axe = {}, []
    one = Reader(browser, base_url, SCREENS[0], axe=True)
    one.context.add_init_script(AT_LOAD)
    try:
        one.visit(base_url + missing_page(lang))
        axe += [f"{one.page.url}: {v}" for v in axe_violations(one.page)]
        for name, url in site + printed:
            one.visit(url)
            ours = (name, url) in site
            if ours:
                found[name, "load"] = {"boxes": one.page.evaluate("window.scrollBoxesAtLoad")}
                axe += [f"{url}: {violation}" for violation in axe_violations(one.page)]
            back = [(BACK, SCREENS[0])] if ours else []  # the focus is checked on the site's pages
            for width, screen in [*((s["width"], s) for s in SCREENS), *back]:
                one.page.set_viewport_size(screen)
                one.page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
                if width == BACK:
                    found[name, BACK] = {"boxes": one.page.evaluate(SCROLL_BOXES)}
                    continue
                found[name, width] = {"split": one.page.evaluate(SPLIT_WORDS)}
                if ours:
                    found[name, width].update(tables=one.page.evaluate(TABLES), diagrams=one.page.evaluate(DIAGRAMS),
                                              boxes=one.page.evaluate(SCROLL_BOXES))
        axe += policy_violations(one)
    finally:
        one.close()
    return {"layouts": found, "axe": axe}


@pytest.fixture
def walked(browser, base_url, pages):
    return lambda lang: screens_walk(browser, base_url, tuple(sorted(pages[lang].items())), lang)

@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_table_fits_or_keeps_its_first_column_and_header_in_view(walked, pages, lang):
    wrong, found = [], walked(lang)["layouts"]
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
                for (name, width), measured in walked(lang)["layouts"].items() if width in WIDTHS
                for problem in measured["split"]]
    assert not problems, f"{len(problems)} words split:\n" + "\n".join(problems[:60])

@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_table_wider_than_the_screen_takes_the_keyboard_focus_from_the_start(walked, pages, lang):
    """A table box that scrolls can take the focus (so the arrow keys scroll it) already when
    the page's load event fires, and one that fits cannot; both stay true as the window widens to
    each screen and narrows to a phone's width again."""
    problems, found = [], walked(lang)["layouts"]
    wide = dict.fromkeys(["load", *WIDTHS, BACK], 0)
    for path, url in all_pages(pages, lang):
        for when in wide:
            for number, box in enumerate(found[path, when]["boxes"], 1):
                wide[when] += box["wide"]
                if box["wide"] != box["focusable"]:
                    state = "scrolls but cannot take the focus" if box["wide"] else "fits but takes the focus"
                    problems.append(f"{url} ({when}): table box {number} {state}")
    assert not problems, "\n".join(problems)
    assert all(wide.values()), f"{lang}: no table was wider than its box at {[w for w in wide if not wide[w]]}"
    assert wide[WIDTHS[-1]] < wide[SCREENS[0]["width"]], f"{lang}: no table that scrolls on a phone fits a desktop"


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_diagram_fits_its_column_whole(walked, pages, lang, width):
    problems, seen = [], 0
    found = walked(lang)["layouts"]
    for path, _url in all_pages(pages, lang):
        boxes = found[path, width]["diagrams"]
        for i, box in enumerate(boxes, 1):
            seen += 1
            where = f"{lang}/{path} at {width}px, {box['kind']} {i}"
            if box["share"] < 1 or box["scrolls"]:
                problems.append(f"{where}: {box['share']:.0%} visible without scrolling sideways")
            problems += [f"{where}: {part} reaches out of the diagram" for part in box["cut"][:3]]
            problems += [f"{where}: {text}" for text in box["small"][:3]]
    assert seen, f"{lang} at {width}px: no diagram found"
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_table_diagram_shows_each_seat_its_bid_and_the_trump_card(walked, pages, lang, width):
    names = {formatting.seat(seat, lang) for seat in SEATS}
    problems, deals = [], 0
    found = walked(lang)["layouts"]
    for path, _url in all_pages(pages, lang):
        boxes = found[path, width]["diagrams"]
        for i, box in enumerate(boxes, 1):
            if box["kind"] != "deal":
                continue
            deals += 1
            where = f"{lang}/{path} at {width}px, diagram {i}"
            shown = {name for seat in box["seats"] if seat["shown"] for name in names if seat["name"].startswith(name)}
            if shown != names:
                problems.append(f"{where}: shows the seats {sorted(shown)}, not all of {sorted(names)}")
            said = bids_in(box["label"], lang)
            for seat in box["seats"]:
                code = next((c for c in SEATS if seat["name"].startswith(formatting.seat(c, lang))), None)
                if seat["bid"] is not None and plain(seat["bid"]) != said.get(code) or seat["bid"] is None and code in said:
                    problems.append(f"{where}: {seat['name']} shows the bid {seat['bid']!r}, its text says {said.get(code)!r}")
            if not box["trump"]:
                problems.append(f"{where}: no trump card drawn")
    assert deals, f"{lang} at {width}px: no table diagram found"
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_axe_finds_no_violation_on_any_page_on_a_phone(walked, pages, lang):
    """Every page and the 404 page on a phone, in the light colours, with every rule axe-core runs
    by default (WCAG 2 A and AA, best practices); no page reports a Content-Security-Policy
    violation."""
    found = walked(lang)["axe"]
    assert not found, "\n".join(found)
