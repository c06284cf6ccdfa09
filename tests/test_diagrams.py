"""Card diagrams: HTML that the stylesheet fits to its column, one image for assistive
technology with a text alternative in the page's language, hands sorted as a player sorts
them, same bytes each time."""
import os
import re
import subprocess
import sys

import pytest

from backalley import Deal
from backalley_site.diagrams import hand_diagram, sorted_hand, table_diagram
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


def no_trump_deal():
    return Deal(hands={"N": ["AS", "9D"], "E": ["6H", "QS"], "S": ["KC", "7H"], "W": ["10D", "3D"]},
                trump=None, dealer="W", bids=[1, 1, "pass", "pass"])


def label(html):
    return re.search(r'aria-label="([^"]*)"', html).group(1)


def drawn(html):
    """The engine codes of the cards a diagram draws, in order."""
    return re.findall(r'data-card="([^"]+)"', html)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_table_diagram_is_one_image_described_in_the_language(lang):
    html = str(table_diagram(little_lead_deal(), lang=lang))
    assert html.startswith('<div class="ba-diagram ba-table" role="img" aria-label="')
    assert 'data-search-exclude="true"' in html
    assert "http" not in html and "<img" not in html and "<script" not in html and "<svg" not in html
    assert "\n" not in html  # one Markdown block
    assert 'style="' not in html and "width=" not in html  # the stylesheet sizes it, never a fixed width


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
    html = str(table_diagram(bidding_deal(), lang="en"))
    assert ">board ×1<" in html and ">board ×2<" in html and ">bid 1<" in html and ">pass<" in html
    assert "Bidding: West bids board (×1), North bids 1, East passes, and South bids board (×2)." in label(html)
    assert "<b>South (dealer)</b>" in html
    for seat in ("North", "East", "South", "West"):
        assert f"<b>{seat}" in html


def test_every_seat_and_the_trick_are_drawn_and_the_winner_marked():
    html = str(table_diagram(little_lead_deal(), lang="en"))
    for area in ("seat-n", "seat-e", "seat-s", "seat-w", "felt", "trump"):
        assert f'class="ba-{area}' in html
    felt = html[html.index('class="ba-felt"'):]
    assert drawn(felt) == ["LITTLE", "BIG", "4S", "3S"]
    assert felt.count("ba-win ") + felt.count("ba-win\"") == 1 and 'ba-win" data-card="BIG"' in felt
    assert ">East wins<" in felt


def test_the_trump_is_drawn_as_a_card():
    suit_only = str(table_diagram(bidding_deal(), lang="en"))
    trump = suit_only[suit_only.index('class="ba-trump"'):suit_only.index('class="ba-seat-n')]
    assert "ba-face ba-suit-only ba-red" in trump and "♥" in trump and ">Trumps: ♥\u00a0hearts<" in trump
    turned = str(table_diagram(bidding_deal(), turned="JH", lang="en"))
    trump = turned[turned.index('class="ba-trump"'):turned.index('class="ba-seat-n')]
    assert drawn(trump) == ["JH"]
    assert label(turned).startswith("Turned card: jack of hearts. Trumps: hearts.")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_no_trump_deal_shows_the_turned_joker_and_the_one_set_aside(lang):
    html = str(table_diagram(no_trump_deal(), turned="LITTLE", set_aside="BIG", lang=lang))
    trump = html[html.index('class="ba-trump"'):html.index('class="ba-aside"')]
    aside = html[html.index('class="ba-aside"'):html.index('class="ba-seat-n')]
    assert drawn(trump) == ["LITTLE"] and drawn(aside) == ["BIG"]
    english = label(str(table_diagram(no_trump_deal(), turned="LITTLE", set_aside="BIG", lang="en")))
    assert english.startswith("Turned card: the LITTLE joker. No trumps. Set aside: the BIG joker.")
    assert "LITTLE" in label(html) and "BIG" in label(html)


def test_hands_are_sorted_as_a_player_holds_them():
    # jokers, then trumps, then the other suits alternating colours, high to low
    assert sorted_hand(["2D", "AS", "9H", "BIG", "KS", "4H", "5C", "LITTLE", "AD", "8C"], "C") == [
        "BIG", "LITTLE", "8C", "5C", "9H", "4H", "AS", "KS", "AD", "2D"]
    # the review's hand: the diamonds together, the colours alternating
    assert sorted_hand(["AS", "KS", "AD", "9H", "4H", "8C", "5C", "2D"]) == [
        "AS", "KS", "9H", "4H", "8C", "5C", "AD", "2D"]
    # two red suits and one black: the black one between them
    assert sorted_hand(["2H", "3D", "4S"]) == ["2H", "4S", "3D"]


def test_the_diagram_and_its_text_alternative_list_a_hand_in_the_same_order():
    html = str(table_diagram(bidding_deal(), lang="en"))
    north = html[html.index('class="ba-seat-n'):html.index('class="ba-seat-e')]
    assert drawn(north) == ["KH", "AS"]  # hearts are trumps
    assert "North holds king of hearts and ace of spades." in label(html)
    hand = str(hand_diagram(["9S", "5H", "BIG", "KH"], trump="H", lang="en"))
    assert drawn(hand) == ["BIG", "KH", "5H", "9S"]
    assert label(hand) == "Hand: the BIG joker, king of hearts, five of hearts, and nine of spades."


def test_a_hand_is_written_one_line_per_suit_with_its_symbol():
    html = str(table_diagram(bidding_deal(), lang="fr"))
    north = html[html.index('class="ba-seat-n'):html.index('class="ba-seat-e')]
    assert '<span class="ba-line ba-red"><span class="ba-sym">♥</span><span data-card="KH">R</span></span>' in north
    assert '<span class="ba-line"><span class="ba-sym">♠</span><span data-card="AS">A</span></span>' in north


def test_suits_are_told_apart_by_symbol_not_by_colour_alone():
    html = str(table_diagram(little_lead_deal(), lang="en"))
    for face in re.findall(r'<span class="ba-face[^"]*" data-card="[^"]+"><b>[^<]*</b><i>([^<]*)</i>', html):
        assert face in "♠♥♦♣★"
    assert 'class="ba-face ba-joker ba-red ba-win" data-card="BIG"><b>BIG</b><i>★</i>' in html
    assert 'class="ba-face" data-card="4S"><b>4</b><i>♠</i>' in html


DRAWN = """
from backalley import Deal
from backalley_site.diagrams import hand_diagram, table_diagram
deal = Deal(hands={"N": ["LITTLE", "2S"], "E": ["BIG", "3H"], "S": ["4S", "4D"], "W": ["3S", "5C"]},
            trump="S", dealer="W", leader="N")
for seat, card in (("N", "LITTLE"), ("E", "BIG"), ("S", "4S"), ("W", "3S")):
    deal.play(seat, card)
print(table_diagram(deal, lang="ru") + hand_diagram(["5H", "KH"], mark="KH", lang="pt"), end="")
"""


def test_same_input_same_bytes_in_another_process():
    """Drawn again by another Python with another hash seed: set and dict order, ids or the clock
    cannot change a byte."""
    here = str(table_diagram(little_lead_deal(), lang="ru") + hand_diagram(["5H", "KH"], mark="KH", lang="pt"))
    for seed in ("1", "2"):
        there = subprocess.run([sys.executable, "-c", DRAWN], capture_output=True, text=True, check=True,
                               env={**os.environ, "PYTHONHASHSEED": seed}).stdout
        assert there == here


def test_a_hand_diagram_marks_one_card_and_says_which():
    html = str(hand_diagram(["5H", "KH", "9S", "2C"], mark="KH", caption="On BIG", lang="en"))
    assert label(html) == ("On BIG. Hand: nine of spades, king of hearts, five of hearts, and two of clubs. "
                           "Card to play: king of hearts.")
    assert html.count("ba-mark") == 1 and 'ba-mark" data-card="KH"' in html
    assert ">K<" in html and ">On BIG<" in html
    assert html.count('class="ba-group"') == 3  # a row breaks between suits, never inside one


def test_a_marked_card_must_be_in_the_hand():
    with pytest.raises(ValueError, match="not in the hand"):
        hand_diagram(["5H"], mark="KH", lang="en")
