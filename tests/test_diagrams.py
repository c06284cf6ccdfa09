"""Card diagrams: inline SVG with a text alternative in the page's language, same bytes each time."""
import re

import pytest

from backalley import Deal
from backalley_site.diagrams import hand_diagram, table_diagram
from backalley_site.terms import LANGUAGES


def little_lead_deal():
    deal = Deal(hands={"N": ["LITTLE", "2S"], "E": ["BIG", "3H"], "S": ["4S", "4D"], "W": ["3S", "5C"]},
                trump="S", dealer="W", leader="N")
    for seat, card in (("N", "LITTLE"), ("E", "BIG"), ("S", "4S"), ("W", "3S")):
        deal.play(seat, card)
    return deal


def bidding_deal():
    return Deal(hands={"N": ["AS", "KH"], "E": ["QD", "JC"], "S": ["10S", "9H"], "W": ["8D", "7C"]},
                trump="H", dealer="S", bids=[("W", "board"), ("N", 1), ("E", "pass"), ("S", "board")])


def label(svg):
    return re.search(r'aria-label="([^"]*)"', svg).group(1)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_table_diagram_is_an_image_described_in_the_language(lang):
    svg = str(table_diagram(little_lead_deal(), lang=lang))
    assert svg.startswith('<div class="ba-diagram" tabindex="0" data-search-exclude="true"><svg role="img" aria-label="')
    assert f"<title>{label(svg)}</title>" in svg
    assert "http" not in svg and "<image" not in svg and "<script" not in svg
    assert "\n\n" not in svg  # one Markdown block


def test_the_text_alternative_tells_the_trick():
    english = label(str(table_diagram(little_lead_deal(), lang="en")))
    assert english.startswith("Trumps: spades. West deals.")
    assert "North leads the LITTLE joker, East plays the BIG joker" in english
    assert english.endswith("East wins the trick.")
    french = label(str(table_diagram(little_lead_deal(), lang="fr")))
    assert "Nord a le deux de pique." in french  # the term file's article form of the cards
    assert "Nord entame le joker LITTLE, Est joue le joker BIG, Sud joue le quatre de pique et Ouest" in french
    assert french.endswith("Est remporte le pli.")
    russian = label(str(table_diagram(little_lead_deal(), lang="ru")))
    assert "У Севера: двойка пик." in russian  # the genitive form of the seat


def test_bids_and_board_levels_are_shown_and_said():
    svg = str(table_diagram(bidding_deal(), lang="en"))
    assert ">board ×1<" in svg and ">board ×2<" in svg and ">bid 1<" in svg and ">pass<" in svg
    assert "Bidding: West bids board (×1), North bids 1, East passes, and South bids board (×2)." in label(svg)
    assert ">South (dealer)<" in svg


def test_suits_are_told_apart_by_symbol_not_by_colour_alone():
    svg = str(table_diagram(bidding_deal(), lang="en"))
    for symbol in "♠♥♦♣":
        assert f">{symbol}<" in svg
    reds = set(re.findall(r'fill="(#[0-9a-f]+)"[^>]*>[♥♦]<', svg))
    blacks = set(re.findall(r'fill="(#[0-9a-f]+)"[^>]*>[♠♣]<', svg))
    assert reds and blacks and not reds & blacks


def test_same_input_same_bytes():
    assert table_diagram(little_lead_deal(), lang="ru") == table_diagram(little_lead_deal(), lang="ru")
    assert hand_diagram(["5H", "KH"], mark="KH", lang="pt") == hand_diagram(["5H", "KH"], mark="KH", lang="pt")


def test_a_hand_diagram_marks_one_card_and_says_which():
    svg = str(hand_diagram(["5H", "KH", "9S", "2C"], mark="KH", caption="On BIG", lang="en"))
    assert label(svg) == ("On BIG. Hand: five of hearts, king of hearts, nine of spades, and two of clubs. "
                          "Card to play: king of hearts.")
    assert svg.count('stroke-width="3"') == 1
    assert ">K<" in svg and ">On BIG<" in svg


def test_a_marked_card_must_be_in_the_hand():
    with pytest.raises(ValueError, match="not in the hand"):
        hand_diagram(["5H"], mark="KH", lang="en")


def test_the_diagram_keeps_a_fixed_size_so_its_box_scrolls():
    svg = str(table_diagram(bidding_deal(), lang="en"))
    width = int(re.search(r' width="(\d+)"', svg).group(1))
    assert width > 360 and f'viewBox="0 0 {width} ' in svg
