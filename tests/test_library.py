"""The engine as a library (issue 13, ../shared/reviews/library.md): each finding of the review
has a test here that failed before and passes now."""
from __future__ import annotations

import json
import pickle

import pytest

from backalley import (PACK, BackAlleyError, Card, InvalidArgument, InvalidDeal, InvalidVariant, Variant, board_multipliers,
                       check_play, legal_plays, opening_leader, overbid_warnings, parse_card, parse_cards,
                       resolve_variant, side_contracts, trick_winner)
from backalley.bidding import Contract


# -- 1. cards are text to everyone outside ------------------------------------------------------
def test_a_card_is_its_text():
    legal = legal_plays("AS KS 2H", [], "H")
    assert "AS" in legal and legal == ["AS", "KS"]
    assert json.dumps(legal) == '["AS", "KS"]' and parse_cards(json.loads(json.dumps(legal))) == legal
    assert parse_card("10h") == "10H" and hash(parse_card("10h")) == hash("10H")
    assert {"AS": 1}[parse_card("as")] == 1 and parse_card("AS") in {"AS", "KS"}
    assert Card("big") is PACK[53] and Card(0) is PACK[0] == "2S"
    assert pickle.loads(pickle.dumps(PACK[7])) is PACK[7]


@pytest.mark.parametrize("bad", [60, -1, "ZZ", None, 3.5, True, "", "AS KS", b"AS", ["AS"]])
def test_invalid_cards_are_refused_with_value_error(bad):
    with pytest.raises(ValueError, match="not a card"):
        Card(bad)
    with pytest.raises(ValueError, match="not a card"):
        parse_card(bad)


# -- 2. every public function takes the same forms and refuses the rest alike ------------------
SPELLED = [("N", "BOARD"), ("E", "pass"), ("S", "2"), ("W", " Pass ")]


def test_bid_helpers_read_bids_as_score_deal_does():
    assert side_contracts(SPELLED) == {"NS": Contract(0, 1), "EW": Contract(0, None)}
    assert board_multipliers([("N", "BOARD"), ("E", "board")]) == {"N": 1, "E": 2}
    assert overbid_warnings(5, [("N", "4"), ("E", "pass"), ("S", "4"), ("W", "pass")]) == [
        "NS bid 8 tricks with only 5 in the deal", "the table bid 8 tricks with only 5 in the deal"]
    assert opening_leader([("N", "2"), ("E", "3"), ("S", "pass"), ("W", "PASS")]) == "E"


def test_overbid_warnings_leave_out_a_number_cancelled_by_a_board():
    assert overbid_warnings(3, [("N", 3), ("E", "pass"), ("S", "board"), ("W", "pass")]) == []


@pytest.mark.parametrize("call", [
    lambda: side_contracts([("N", 1), ("E", 1), ("S", 1), ("W", 1), ("N", 1)]),       # five bids
    lambda: opening_leader([("N", 2), ("N", 3), ("S", "pass"), ("W", "pass")]),     # a seat twice
    lambda: board_multipliers([("N", "board"), ("S", "board")]),                   # not clockwise
    lambda: side_contracts(None),
    lambda: opening_leader(None),
    lambda: overbid_warnings(5, "N=2"),
    lambda: overbid_warnings(14, []),
])
def test_bad_bid_lists_are_refused_as_invalid_deals(call):
    with pytest.raises(InvalidDeal):
        call()


@pytest.mark.parametrize("keywords, name", [({"trump_played": "no"}, "trump_played"),
                                            ({"bid_board": "False"}, "bid_board"),
                                            ({"trump_played": 1}, "trump_played")])
def test_flags_are_true_or_false(keywords, name):
    for call in (legal_plays, lambda *a, **k: check_play("5H", *a, **k)):
        with pytest.raises(InvalidArgument, match=name):
            call("5H KH", [], "H", **keywords)


@pytest.mark.parametrize("hand, trick, trump, says", [
    ("5H", [], "", "not a trump suit"),
    ("5H", ["2S", "2S"], "H", "twice in the trick"),
    (" ".join(map(str, PACK[:15])), [], "H", "1 to 13 cards"),
    ({"AS": 1}, [], "H", "not a list of cards"),
    (None, [], "H", "not a list of cards"),
])
def test_odd_positions_are_refused(hand, trick, trump, says):
    with pytest.raises(ValueError, match=says):
        legal_plays(hand, trick, trump)


@pytest.mark.parametrize("call", [lambda: trick_winner(None, "H"), lambda: parse_cards(None),
                                  lambda: legal_plays(None, [], "H")])
def test_none_is_a_value_error_not_a_type_error(call):
    with pytest.raises(ValueError):
        call()


def test_variant_names_say_what_the_rules_are():
    assert Variant(all_trump_lead=False).name == "strict"
    assert Variant(name="strict").name == "standard"
    assert Variant(tie="tiebreak", points_per_bid_trick=3).name == "standard,points_per_bid_trick=3,tie=tiebreak"
    for name in ("strict", "standard,tie=tiebreak,points_per_bid_trick=3", "bab-online,rainbow_bonus=8"):
        v = resolve_variant(name)
        assert resolve_variant(v.name) == v


def test_an_option_given_twice_is_refused():
    with pytest.raises(InvalidVariant, match="option tie is given twice"):
        resolve_variant("standard,tie=tiebreak,tie=draw")


def test_a_refusal_does_not_show_the_whole_hand():
    reason = check_play("9S", "5H KH 2C", [], "H")
    assert reason.rule == "not-in-hand" and "KH" not in str(reason) and "2C" not in str(reason)
    with pytest.raises(BackAlleyError) as refused:
        legal_plays("5H KH 5H", [], "H")
    assert "KH" not in str(refused.value)
