"""Card diagrams and the whole deal's tables fit their column at a phone's width and on a
desktop, in every language: nothing scrolls sideways or is cut, every seat shows its name and
its bid, the trump card is drawn, and no text is under 12 px."""
from __future__ import annotations

import pytest

from backalley_site import formatting
from browsing import LANGUAGES, SCREENS, Reader, all_pages

WIDTHS = tuple(screen["width"] for screen in SCREENS)
SEATS = ("N", "E", "S", "W")

MEASURE = r"""
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


@pytest.fixture(scope="module")
def measured(browser, base_url, pages):
    """Every diagram and whole-deal table of every page, by (language, width): what it shows.
    Each page is opened once and laid out at each width by resizing the window (as
    test_phone_tables.py does), two frames after each resize."""
    found = {}
    for lang in LANGUAGES:
        one = Reader(browser, base_url, SCREENS[0])
        try:
            for path, url in all_pages(pages, lang):
                one.visit(url)
                for screen in SCREENS:
                    one.page.set_viewport_size(screen)
                    one.page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
                    found[(lang, screen["width"], path)] = one.page.evaluate(MEASURE)
        finally:
            one.close()
    return found


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_diagram_fits_its_column_whole(measured, lang, width):
    problems, seen = [], 0
    for (language, wide, path), boxes in measured.items():
        if (language, wide) != (lang, width):
            continue
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
def test_every_table_diagram_shows_each_seat_its_bid_and_the_trump_card(measured, lang, width):
    names = {formatting.seat(seat, lang) for seat in SEATS}
    problems, deals = [], 0
    for (language, wide, path), boxes in measured.items():
        if (language, wide) != (lang, width):
            continue
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
