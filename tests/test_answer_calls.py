"""The engine calls behind the score calculator and "May I play this?" (issue 21 item 6), in
CPython: a deal's score with the case and rule that decide it (``score_reasons``, which
``score_deal`` is made from), and a rule's address (``rule_address``)."""
from __future__ import annotations

import json

import pytest

from backalley import InvalidDeal, SideScore, rule_address, score_deal, score_reasons
from backalley.rulebook import NUMBERS, SCORING
from backalley.web import handle
from backalley.worked import worked_examples

NUMERIC = [("N", 2), ("E", "pass"), ("S", 1), ("W", "pass")]
BOARDS = [("W", "board"), ("N", "board"), ("E", "pass"), ("S", "board")]


@pytest.mark.parametrize("bids, tricks, revoke, side, score, case, rule", [
    (NUMERIC, {"NS": 4, "EW": 1}, None, "NS", 16, "made", "4.2"),
    (NUMERIC, {"NS": 3, "EW": 2}, None, "NS", 15, "made", "4.2"),
    (NUMERIC, {"NS": 2, "EW": 3}, None, "NS", -15, "set", "4.2"),
    (NUMERIC, {"NS": 2, "EW": 3}, None, "EW", 3, "passed", "4.3"),
    (BOARDS, {"NS": 0, "EW": 5}, None, "EW", 50, "board-made", "4.5"),
    (BOARDS, {"NS": 4, "EW": 1}, None, "NS", -150, "board-lost", "4.5"),
    (NUMERIC, {"NS": 4, "EW": 1}, "NS", "NS", -15, "revoke", "5.6"),
    ([("N", "pass"), ("E", "pass"), ("S", "pass"), ("W", "pass")], None, None, "EW", 0, "thrown-in", "2.15"),
])
def test_each_case_of_a_side_s_score_names_its_rule(bids, tricks, revoke, side, score, case, rule):
    found = score_reasons(5, bids, tricks, revoke=revoke)[side]
    assert (found.score, found.case, found.rule) == (score, case, rule)
    assert score_deal(5, bids, tricks, revoke=revoke)[side] == score


def test_a_side_s_score_as_data():
    found = score_reasons(5, BOARDS, {"NS": 4, "EW": 1})
    assert found["NS"].to_data() == {"score": -150, "case": "board-lost", "rule": "4.5", "target": 0,
                                     "multiplier": 3, "tricks": 4, "bonus": 0}
    assert found["EW"].to_data() == {"score": -50, "case": "board-lost", "rule": "4.5", "target": 0,
                                     "multiplier": 1, "tricks": 1, "bonus": 0}
    assert isinstance(found["NS"], SideScore)


def test_every_scoring_case_cites_a_rule_of_the_book():
    assert set(SCORING.values()) <= set(NUMBERS)


def test_a_rainbow_bonus_is_in_the_score_and_said_apart():
    variant = "standard,rainbow_bonus=10"
    found = score_reasons(4, [("N", 1), ("E", 1), ("S", 1), ("W", "pass")], {"NS": 2, "EW": 2}, variant,
                          rainbows=["E"])
    assert (found["EW"].score, found["EW"].bonus, found["EW"].case) == (16, 10, "made")


def test_refusals_are_score_deal_s():
    with pytest.raises(InvalidDeal) as refused:
        score_reasons(5, NUMERIC, {"NS": 4, "EW": 2})
    assert refused.value.key == "tricks-total" and refused.value.number == "4.1"


def test_every_stated_score_of_the_worked_examples():
    """The scores the worked examples state, each the sum of its two sides' reasons."""
    examples = worked_examples()
    stated = [(names["hand_size"], names["bids"], tricks, names.get("revoke"), names[outcome])
              for names in examples.values() if "outcomes" in names and "hand_size" in names
              for outcome, tricks in names["outcomes"].items()]
    assert len(stated) == 10
    for size, bids, tricks, revoke, score in stated:
        found = score_reasons(size, bids, tricks, revoke=revoke)
        assert {side: found[side].score for side in ("NS", "EW")} == score


def test_through_the_browser_s_protocol():
    reply = json.loads(handle(json.dumps({"call": "score_reasons", "args": [5, NUMERIC, {"NS": 4, "EW": 1}],
                                          "lang": "fr"})))
    assert reply["ok"]["NS"] == {"score": 16, "case": "made", "rule": "4.2", "target": 3, "multiplier": None,
                                 "tricks": 4, "bonus": 0}
    reply = json.loads(handle(json.dumps({"call": "rule_address", "args": ["5.6", "ru"]})))
    assert reply == {"ok": "ru/irregularities/#rule-5.6"}


@pytest.mark.parametrize("number, lang", [("9.9", "en"), (4.2, "en"), ("4.2", "de"), ("4.2", None)])
def test_an_address_of_no_rule_or_language_is_refused(number, lang):
    with pytest.raises(ValueError):
        rule_address(number, lang)
