"""No figure typed by hand: a number in a page's text comes from the engine through the page's
template, unless ``ALLOWED`` lists it for that page, with its reason.

The numbers looked at are the digits a reader sees in the page's prose: not those inside
template tags (``{{ … }}``, ``{% … %}``), code, link targets, heading anchors, HTML tags, the
numbers of an ordered list, or digits stuck to a letter (``A4``). Every language is held to the
English page's list, so a translation cannot type a figure its English page takes from the
engine. The facts the allowed numbers state are checked against the engine at the end.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from backalley import PACK, deal_sizes, legal_bids
from backalley_site.bidding_guide import THUMB
from backalley_site.terms import LANGUAGES

DOCS = Path(__file__).resolve().parents[1] / "docs"
PAGES = sorted(path.name for path in (DOCS / "en").glob("*.md"))

RANKS = "a card's rank (the 10, the 9, the 2)"
ALLOWED = {
    "bidding-guide.md": {"2": "the rule of thumb's 2/3 and 2/5, quoted", "3": "the rule of thumb's 2/3, quoted",
                         "5": "the rule of thumb's 2/5, quoted"},
    "bidding.md": {"1": "the lowest number bid, in the rule's words"},
    "history.md": {"13": "the largest hand of a source's match, as history"},
    "rules-sheet.md": {"10": RANKS, "9": RANKS, "2": RANKS, "1": "the lowest number bid, in the rule's words"},
    "table-and-deals.md": {"10": RANKS, "2": RANKS, "52": "a standard pack, and the cards dealt at 13 each",
                           "53": "the card turned after 52 are dealt", "54": "the last card of the pack"},
}
"""By page, the numbers its text may type, each with the reason."""

_TAGS = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
_SKIPPED = [
    re.compile(r"\A---\n.*?\n---\n", re.S),             # front matter
    re.compile(r"^ *(```|~~~).*?^ *\1", re.S | re.M),   # fenced code
    re.compile(r"(?:^\n|\A)((?: {4}.*\n)+)", re.M),     # indented code
    re.compile(r"`[^`\n]*`"),                           # code spans
    re.compile(r"\]\([^)]*\)"),                         # link targets
    re.compile(r"\{ *[#.][^}]*\}"),                     # heading anchors and attributes
    re.compile(r"<[^>]*>"),                             # HTML tags
    re.compile(r"^ *\d+\. ", re.M),                     # ordered list numbers
]
_NUMBER = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)*")


def hand_typed(text: str) -> list[str]:
    """The numbers typed in a page's Markdown template, in order."""
    text = _TAGS.sub(" ", text)
    for pattern in _SKIPPED:
        text = pattern.sub(" ", text)
    return _NUMBER.findall(text)


def test_the_scan_sees_typed_numbers_and_only_those():
    text = ("---\ntranslation_of: 1234\n---\n# Rule 4\n\nScore 5 × *b* {{ 10 | count(\"points\") }}, "
            "see [it](page.md#x-2) { #a-3 } on A4.\n\n1. First\n\n    backalley diff short-14\n\n"
            "`--paper a4` <a href=\"../x-7.pdf\">then 12.5</a> and 1,5 and {% set n = 8 %}\n")
    assert hand_typed(text) == ["4", "5", "12.5", "1,5"]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_every_number_a_page_types_is_an_allowed_one(page, lang):
    typed = hand_typed((DOCS / lang / page).read_text(encoding="utf-8"))
    allowed = ALLOWED.get(page, {})
    assert not [n for n in typed if n not in allowed], (
        f"docs/{lang}/{page} types {sorted(set(typed) - set(allowed))}: take the figure from the engine "
        f"in the template, or list it in ALLOWED with its reason")


def test_the_allowed_numbers_state_what_the_engine_plays():
    """The facts behind ``ALLOWED``: so a change of rules cannot leave them standing."""
    largest = max(deal_sizes())
    assert len(PACK) == 54 and 4 * largest == 52  # 52 dealt at 13 each, the 53rd turned, the 54th left
    assert {"10S", "9S", "2S"} <= set(PACK)
    assert [b for b in legal_bids(2) if isinstance(b, int)] == [1]  # the lowest number bid is 1
    assert float(THUMB["side-A"][1]) == 2 / 3 and float(THUMB["side-K"][1]) == 2 / 5
    assert set(ALLOWED) <= set(PAGES)
