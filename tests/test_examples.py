"""The worked examples as data (``backalley examples --json``): complete positions whose every
stated outcome legal play can reach, checked from the JSON alone, as another program would."""
from __future__ import annotations

import ast
import doctest
import json

import pytest

from backalley import trick_splits
from backalley.cli import main
from backalley.worked import example_records, example_texts


@pytest.fixture(scope="module")
def records():
    return example_records()


def test_every_shipped_example_is_listed_with_four_hands(records):
    assert [r["name"] for r in records] == [name.removesuffix(".md") for name, _ in example_texts()]
    for r in records:
        assert set(r["hands"]) == {"N", "E", "S", "W"}, r["name"]
        assert all(len(cards) == r["hand_size"] for cards in r["hands"].values()), r["name"]
        every = [card for cards in r["hands"].values() for card in cards]
        assert len(set(every)) == len(every), r["name"]
        assert r["trump"] in ("S", "H", "D", "C", None) and r["dealer"] in "NESW"


def test_the_command_prints_the_same_records(capsys):
    assert main(["examples", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(example_records()))


def stated(example: str, outcome: str) -> dict:
    """The score the text of ``examples/<example>.md`` states for ``outcome``: the expected output
    of its line that shows the outcome's name alone (``>>> four``, then ``{'NS': 16, 'EW': 1}``)."""
    text = dict(example_texts())[f"{example}.md"]
    shown = {ex.source.strip(): ex.want for ex in doctest.DocTestParser().get_examples(text)}
    assert outcome in shown, f"examples/{example}.md never shows the score of its outcome {outcome}"
    return ast.literal_eval(shown[outcome])


@pytest.mark.parametrize("record", example_records(), ids=lambda r: r["name"])
def test_every_stated_outcome_can_happen_and_scores_as_stated(record):
    """Replayed from the JSON: the bids and cards are legal, legal play from the position can end
    in every trick split the example states, and each scores what the example's text states."""
    reachable = trick_splits(record["hands"], record["trump"], record["dealer"],
                             bids=[tuple(b) for b in record["bids"]], plays=[tuple(p) for p in record["plays"]])
    for outcome in record["outcomes"]:
        assert outcome["tricks"] in reachable, (
            f"examples/{record['name']}.md states {outcome['name']} = {outcome['tricks']}, "
            f"which no legal play from its hands reaches (reachable: {reachable})")
        text = stated(record["name"], outcome["name"])
        assert outcome["score"] == text, f"{record['name']} {outcome['name']}: {outcome['score']}, the text says {text}"


def test_the_examples_state_a_score_for_every_outcome_they_name():
    names = [(r["name"], o["name"]) for r in example_records() for o in r["outcomes"]]
    assert len(names) == 10, names   # numeric-bid 3, boards 3, plain-board 2, revoke 1, whole-deal 1


def test_an_impossible_outcome_is_named():
    """The three-boards position as it stood before: West held both jokers."""
    hands = {"N": "AS KS QS AH KH", "E": "2S 3H 4D 5C 6C", "S": "JS 10S AD KD QH", "W": "BIG LITTLE AC KC QC"}
    bids = [("W", "board"), ("N", "board"), ("E", "pass"), ("S", "board")]
    reachable = trick_splits(hands, "S", "S", bids=bids)
    stated = [{"NS": 5, "EW": 0}, {"NS": 0, "EW": 5}, {"NS": 4, "EW": 1}]
    assert not [split for split in stated if split in reachable]
    # The bounds, by hand: West holds both jokers, so they never meet in a trick and each wins
    # its own: East-West take at least 2 tricks. North holds three trumps (AS KS QS) and two other
    # cards, so plays a trump in at least three tricks, at most two of them with a joker; in any
    # other, North-South's trump beats East's only one (2S): North-South take at least 1.
    # Every split between the bounds is reached (the search is checked line by line in test_reach).
    least, most = 1, 5 - 2
    assert reachable == [{"NS": n, "EW": 5 - n} for n in range(least, most + 1)]


def test_a_wrong_card_in_the_whole_deal_stops_with_the_rule_it_breaks():
    """The whole deal is played by the engine: a card changed in its record is refused, and the
    error names the file, the line and the rule, as the build reports it."""
    from backalley.worked import ExampleError, run_doctest

    text = dict(example_texts())["whole-deal.md"]
    broken = text.replace('("S", "2C"), ("W", "10D")', '("S", "2C"), ("W", "7H")', 1)
    assert broken != text
    with pytest.raises(ExampleError, match=r"examples/whole-deal\.md, line \d+: IllegalPlay: .*follow") as refused:
        run_doctest(broken, "examples/whole-deal.md")
    assert "diamonds were led" in str(refused.value)
