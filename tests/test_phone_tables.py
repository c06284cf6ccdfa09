"""Every table of every page, in every language, on two phones and a desktop screen: it fits its
column, or its box scrolls with the table's first column in view (scrolled to its far end, the
first cell of each row still lies inside the box) and, on a phone, no taller than the screen, with
its header row in view when it scrolls down. No text in a table is smaller than 12 px. The score
pad is the exception to the height: it is printed, not read, on a phone, so all its rows stay in
the page rather than in a second scrolling box.

On a wide screen a tall table's box is not bounded (a box that scrolls down needs something to
focus for the keyboard, which Material's box lacks): its first column stays in view.
"""
from __future__ import annotations

import pytest

from browsing import LANGUAGES, PHONES, SCREENS, all_pages

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


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_table_fits_or_keeps_its_first_column_and_header_in_view(reader, pages, lang):
    wrong = []
    for screen in SCREENS:
        width, phone = screen["width"], screen in PHONES
        one = reader(screen)
        for path, url in all_pages(pages, lang):
            one.visit(url)
            for table in one.page.evaluate(MEASURE):
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
        one.close()
    assert not wrong, "\n".join(wrong)
