"""Reachable trick splits: the search against a plain enumeration of every legal line of play.

The reference here knows nothing of the search's shortcuts (merged equivalent cards, positions
remembered by shape): it replays every legal card of every player through the public ``Deal``
API, so any card the search wrongly merges or any position it wrongly shares shows up as a
missing or extra split.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from backalley import PACK, Deal, IllegalPlay, reachable_splits, trick_splits

SEATS = "NESW"


def every_split(hands, trump, dealer, bids, variant) -> list[dict]:
    """Every final split, found by playing out every legal card from a fresh deal each time."""
    found = set()

    def explore(plays):
        deal = Deal(hands, trump, dealer, bids=bids, variant=variant)
        for seat, card in plays:
            deal.play(seat, card)
        if deal.phase == "over":
            found.add((deal.tricks_won["NS"], deal.tricks_won["EW"]))
            return
        for card in deal.legal_plays():
            explore(plays + [(deal.to_act, card)])

    explore([])
    return [{"NS": ns, "EW": ew} for ns, ew in sorted(found)]


@st.composite
def positions(draw, most=3):
    size = draw(st.integers(1, most))
    rnd = random.Random(draw(st.integers(0, 2**32)))
    trump = draw(st.sampled_from(["S", "H", "D", "C", None]))
    pack = [c for c in PACK if trump is not None or not c.is_joker]
    if draw(st.booleans()):  # few suits: more following, more jokers and trumps in play
        keep = set(rnd.sample("SHDC", 2))
        pack = [c for c in pack if c.is_joker or c.suit in keep]
    rnd.shuffle(pack)
    hands = {seat: pack[i * size:(i + 1) * size] for i, seat in enumerate(SEATS)}
    choices = ["pass", "board"] + list(range(1, size))
    bids = [draw(st.sampled_from(choices)) for _ in SEATS]
    if bids.count("pass") == 4:
        bids[0] = "board"
    variant = draw(st.sampled_from(["standard", "strict", "standard,big_lead_binds_partner=no"]))
    return hands, trump, draw(st.sampled_from(SEATS)), bids, variant


@settings(max_examples=300, deadline=None)
@given(position=positions())
def test_the_search_finds_exactly_the_splits_of_every_legal_line(position):
    hands, trump, dealer, bids, variant = position
    deal = Deal(hands, trump, dealer, bids=bids, variant=variant)
    assert reachable_splits(deal) == every_split(hands, trump, dealer, bids, variant)


@settings(max_examples=40, deadline=None)
@given(position=positions(most=3), cut=st.integers(0, 11), pick=st.integers(0, 2**16))
def test_a_position_part_played_gives_the_splits_of_its_remaining_lines(position, cut, pick):
    hands, trump, dealer, bids, variant = position
    deal = Deal(hands, trump, dealer, bids=bids, variant=variant)
    rnd, plays = random.Random(pick), []
    for _ in range(cut):
        legal = deal.legal_plays()
        if deal.phase != "play" or not legal:
            break
        plays.append((deal.to_act, rnd.choice(legal)))
        deal.play(*plays[-1])
    expected = set()
    for split in every_split(hands, trump, dealer, bids, variant):
        expected.add((split["NS"], split["EW"]))
    found = trick_splits(hands, trump, dealer, bids=bids, plays=plays, variant=variant)
    assert {(s["NS"], s["EW"]) for s in found} <= expected
    if deal.phase == "over":
        assert found == [deal.tricks_won]


def test_a_finished_deal_has_its_own_split_and_a_thrown_in_deal_none():
    hands = {"N": ["AS"], "E": ["KS"], "S": ["2H"], "W": ["3H"]}
    deal = Deal(hands, "H", "W", bids=["board", "pass", "pass", "pass"])
    for card in ["AS", "KS", "2H", "3H"]:
        deal.play(deal.to_act, card)
    assert reachable_splits(deal) == [{"NS": 0, "EW": 1}]
    assert reachable_splits(Deal(hands, "H", "W", bids=["pass"] * 4)) == []
    assert reachable_splits(Deal(hands, "H", "W")) == []  # still bidding


def test_the_strict_reading_s_stalemate_reaches_nothing():
    hands = {"N": ["AH", "2H"], "E": ["AS", "2S"], "S": ["KS", "3S"], "W": ["QS", "4S"]}
    assert trick_splits(hands, "H", "W", bids=[1, "pass", "pass", "pass"], variant="strict") == []
    assert trick_splits(hands, "H", "W", bids=[1, "pass", "pass", "pass"]) != []


def test_a_wrong_card_in_the_plays_names_the_rule():
    hands = {"N": "7C AC", "E": "10D 3C", "S": "AS 4H", "W": "KS JD"}
    with pytest.raises(IllegalPlay, match="follow") as refused:
        trick_splits(hands, "S", "W", bids=[1, "pass", "pass", "pass"], plays=["AC", "10D"])
    assert refused.value.rule == "follow-suit"


def test_seven_cards_each_are_searched_to_the_end():
    rnd = random.Random(11)
    pack = list(PACK)
    rnd.shuffle(pack)
    hands = {seat: pack[i * 7:(i + 1) * 7] for i, seat in enumerate(SEATS)}
    splits = trick_splits(hands, "H", "W", bids=["pass", 2, "pass", 3])
    assert splits and all(s["NS"] + s["EW"] == 7 for s in splits)
