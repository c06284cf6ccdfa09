"""What a variant changes: the shipped worked examples, their figures under any variant, the match
figures, and the ``backalley variants diff`` command that reports them.

Expectations come from the rule book's formulas (RULES.md section 5) and from the examples'
own results, never from figures typed here.
"""
from __future__ import annotations

import doctest
import json
import re
from importlib.resources import files
from pathlib import Path

import pytest

import backalley.effects
import backalley.worked
from backalley import VARIANTS, Deal, deal_sizes, options, resolve_variant
from backalley.effects import changes, example_figures, match_figures
from backalley.variants import format_value, house_rule_name
from backalley.worked import worked_examples
from backalley_site.formatting import listed

ROOT = Path(__file__).resolve().parents[1]


def test_the_module_docstrings_hold():
    for module in (backalley.effects, backalley.worked):
        assert doctest.testmod(module).failed == 0, module.__name__


def test_the_engine_ships_exactly_the_repository_examples():
    shipped = {entry.name: entry.read_text(encoding="utf-8")
               for entry in files("backalley.examples").iterdir() if entry.name.endswith(".md")}
    repository = {path.name: path.read_text(encoding="utf-8") for path in (ROOT / "examples").glob("*.md")}
    assert shipped == repository


@pytest.mark.parametrize("name", VARIANTS)
def test_match_figures_follow_the_schedule_and_the_board_formula(name):
    sizes, v = deal_sizes(name), VARIANTS[name]
    assert match_figures(name) == {
        "deals": len(sizes), "one_card_deals": sizes.count(1), "cards_per_player": sum(sizes),
        "largest_board_score": 10 * max(sizes) * max(v.board_multipliers),
    }


def test_under_the_standard_game_the_figures_are_the_examples_own_results():
    """Every figure: a score or a position the example names is its own value; a replayed trick's
    legal cards hold the card the seat played in it, and its winner is the trick's."""
    examples, figures = worked_examples(), example_figures("standard")
    for figure in figures:
        names = examples[figure.example]
        replayed = REPLAYED.fullmatch(figure.name)
        if figure.kind == "score":
            assert names[figure.name] == figure.value, figure
        elif figure.name in names:  # a position of `played`: the example keeps the card or the list
            own = names[figure.name]
            assert own == list(figure.value) or (len(figure.value) == 1 and own == figure.value[0]), figure
        elif replayed:
            deal, number = names["deal"], int(replayed["number"])
            cards = deal.tricks[number - 1].cards if number <= len(deal.tricks) else deal.trick
            if figure.kind == "winner":
                assert figure.value == deal.tricks[number - 1].winner, figure
            else:
                assert dict(cards)[replayed["seat"]] in figure.value, figure
        else:
            pytest.fail(f"a figure no check compares: {figure}")
    little = examples["little-lead"]
    assert [f.value for f in figures if f.example == "little-lead" and f.name == "trick 1 E"] == [(little["forced"],)]


REPLAYED = re.compile(r"trick (?P<number>\d+)(?: (?P<seat>[NESW]))?")


def _numeric(target: int, tricks: int, points: int, pass_scores: bool) -> int:
    """RULES.md section 5, with the house rules of section 7."""
    if target == 0:
        return tricks if pass_scores else 0
    return points * target + tricks - target if tricks >= target else -points * target


@pytest.mark.parametrize("points", [3, 10])
def test_points_per_trick_rescore_the_numeric_bid_by_the_formula(points):
    names = worked_examples()["numeric-bid"]
    every = changes("standard", f"standard,points_per_bid_trick={points}")
    found = [(a, b) for a, b in every if a.example == "numeric-bid"]
    assert {a.name for a, _ in found} == set(names["outcomes"])
    [(_, charged)] = [(a, b) for a, b in every if a.example == "revoke"]
    assert charged.value["NS"] == -points * 3  # the offenders' target of 3 costs its value, whatever they took
    for before, after in found:
        tricks = names["outcomes"][after.name]
        assert after.value == {"NS": _numeric(names["target"], tricks["NS"], points, True), "EW": tricks["EW"]}
        assert before.value == names[after.name]


def test_a_pass_that_scores_nothing_changes_only_the_passing_sides_with_tricks():
    for before, after in changes("standard", "standard,pass_scores_tricks=no"):
        side = next(s for s in ("NS", "EW") if before.value[s] != after.value[s])
        assert after.value[side] == 0 and before.value[side] == before.given[side] > 0


def test_doubling_boards_rescore_the_boards_by_the_formula():
    names = worked_examples()["boards"]
    levels = resolve_variant("standard,board_multipliers=doubling").board_multipliers
    order = [seat for seat, bid in names["bids"] if bid == "board"]
    best = {side: max(levels[i] for i, seat in enumerate(order) if seat in side) for side in ("NS", "EW")}
    for _, after in changes("standard", "standard,board_multipliers=doubling"):
        h = names["hand_size"]
        assert after.value == {side: 10 * h * best[side] * (1 if after.given[side] == h else -1)
                               for side in ("NS", "EW")}


def test_big_binding_only_opponents_frees_the_partner_but_not_from_trumps():
    [(before, after)] = changes("standard", "standard,big_lead_binds_partner=no")
    names = worked_examples()["big-lead"]
    trumps = tuple(c for c in names["hand"] if c.suit == names["trump"])
    assert (after.name, len(after.given)) == ("on_partner_big", 2)
    assert before.value == (names["on_big"],)  # as when an opponent leads BIG
    assert after.value == trumps


def test_the_strict_reading_leaves_the_all_trump_hand_no_lead():
    [(before, after)] = changes("standard", "strict")
    hand = worked_examples()["all-trumps"]["hand"]
    assert (after.example, after.value, before.value) == ("all-trumps", (), tuple(hand))


def test_a_replay_stops_at_the_first_card_a_variant_refuses():
    hands = {"N": "AH KH", "E": "2S 3S", "S": "4S 5S", "W": "6S 7S"}
    deal = Deal(hands, trump="H", dealer="W", leader="N")
    deal.play("N", "AH")
    examples = {"study": {"deal": deal}}
    [(before, after)] = changes("standard", "strict", examples)
    assert before.name == after.name == "trick 1 N" and after.value == ()
    assert all(f.name == "trick 1 N" for f in example_figures("strict", examples))


def test_options_that_touch_no_example_change_nothing():
    for name in ("short-14", "up-first", "gamerules-25", "tiebreak", "standard,turned_joker=turn-next"):
        assert changes("standard", name) == []


# -- the command ---------------------------------------------------------------------------------

def test_diff_of_two_presets_names_the_rule_points_and_the_match_figures(cli):
    status, out, _ = cli("variants", "diff", "standard", "short-14")
    a, b = VARIANTS["standard"], VARIANTS["short-14"]
    before, after = match_figures(a), match_figures(b)
    docs = {f.name: f.metadata["doc"] for f in options()}
    expected = ["rule points (standard -> short-14):"]
    expected += [f"  {o}: {format_value(getattr(a, o))} -> {format_value(getattr(b, o))}  "
                 f"[{house_rule_name(o, getattr(b, o))}: {docs[o]}]" for o in a.differences(b)]
    expected += ["the match:"] + [f"  {k.replace('_', ' ')}: {before[k]} -> {after[k]}"
                                  for k in before if before[k] != after[k]]
    expected += ["worked examples: no figure changes"]
    assert status == 0 and out.splitlines() == expected


def test_diff_reports_the_worked_examples_that_change(cli):
    status, out, _ = cli("variants", "diff", "standard", "standard,points_per_bid_trick=10")
    lines = out.splitlines()
    assert status == 0 and lines[lines.index("worked examples:") + 1:] == [
        f"  {a.example}, {a.name} (tricks NS {a.given['NS']}, EW {a.given['EW']}): "
        f"NS {a.value['NS']}, EW {a.value['EW']} -> NS {b.value['NS']}, EW {b.value['EW']}"
        for a, b in changes("standard", "standard,points_per_bid_trick=10")
    ]


def test_diff_as_json(cli):
    house = "standard,big_lead_binds_partner=no"
    status, out, _ = cli("variants", "diff", "standard", house, "--json")
    [(before, after)] = changes("standard", house)
    assert status == 0 and json.loads(out) == {
        "a": "standard", "b": house,
        "differences": [{"option": "big_lead_binds_partner", "standard": True, house: False,
                         "meaning": next(o.metadata["doc"] for o in options() if o.name == "big_lead_binds_partner"),
                         "names": [None, house_rule_name("big_lead_binds_partner", False)]}],
        "match": [],
        "examples": [{"example": "big-lead", "figure": "on_partner_big", "kind": "legal",
                      "given": [str(c) for c in before.given],
                      "standard": [str(c) for c in before.value], house: [str(c) for c in after.value]}],
    }
    _, out, _ = cli("variants", "diff", "standard", "gamerules-25", "--json")
    assert json.loads(out)["match"] == [
        {"figure": k, "standard": v, "gamerules-25": match_figures("gamerules-25")[k]}
        for k, v in match_figures("standard").items() if v != match_figures("gamerules-25")[k]]


def test_diff_of_equal_rules(cli):
    _, out, _ = cli("variants", "diff", "tiebreak", "standard,tie=tiebreak")
    assert out.splitlines() == ["tiebreak and standard,tie=tiebreak play the same rules"]


@pytest.mark.parametrize("argv, known", [
    (["variants", "diff", "standard", "nonsense"], "the presets are " + listed(list(VARIANTS), "en")),
    (["variants", "diff", "standard,points=3", "strict"], "one of the options " + listed([o.name for o in options()], "en")),
    (["variants", "diff", "strict"], "known presets: " + ", ".join(VARIANTS)),
])
def test_diff_with_unknown_names_lists_the_known_ones_on_one_line(cli, argv, known):
    status, out, err = cli(*argv)
    assert status == 2 and out == "" and err.count("\n") == 1 and known in err
