"""backalley estimate: a hand's tricks by playing out random deals, seeded; bad input refused."""
from __future__ import annotations

import json

import pytest

from backalley.cli import main
from backalley.estimate import estimate


def test_big_is_worth_more_than_a_low_side_card():
    with_big = estimate("BIG AH KS 5D 7C", "H", samples=400, seed=2)
    with_three = estimate("3C AH KS 5D 7C", "H", samples=400, seed=2)
    assert with_big.interval[0] > with_three.interval[1]
    assert with_big.expected_tricks - with_three.expected_tricks > 0.8


def test_the_figures_hang_together():
    e = estimate("LITTLE KH 8S 5D 7C QD", "H", hand_size=6, samples=150, seed=7)
    assert e.hand_size == 6 and e.samples == 150 and set(e.distribution) == set(range(7))
    assert abs(sum(e.distribution.values()) - 1) < 1e-9
    assert e.expected_tricks == pytest.approx(sum(k * p for k, p in e.distribution.items()))
    assert e.interval[0] < e.expected_tricks < e.interval[1]
    assert e.p_all >= e.distribution[6]  # the player taking all is one way for the side to


def test_one_card_deals():
    assert estimate("BIG", "S", samples=50).distribution == {0: 0.0, 1: 1.0}
    assert estimate("2C", "S", samples=300, seed=1).expected_tricks < 0.2


def test_a_seed_gives_the_same_answer():
    assert estimate("AS KD 2H", "D", samples=60, seed=4) == estimate("as kd 2h", "d", samples=60, seed=4)
    assert estimate("AS KD 2H", "D", samples=60, seed=4) != estimate("AS KD 2H", "D", samples=60, seed=5)


def test_the_command(capsys):
    status = main(["estimate", "--hand", "BIG AH KS", "--trump", "H", "--samples", "50", "--seed", "3", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0 and data["samples"] == 50 and data["hand"] == ["BIG", "AH", "KS"]
    assert data["expected_tricks"] == estimate("BIG AH KS", "H", samples=50, seed=3).expected_tricks
    assert set(data["distribution"]) == {"0", "1", "2", "3"}
    main(["estimate", "--hand", "BIG AH KS", "--trump", "H", "--samples", "50", "--seed", "3"])
    out = capsys.readouterr().out
    assert out.startswith("BIG AH KS, trumps H: ") and "the side takes every trick" in out


@pytest.mark.parametrize("argv, message", [
    (["--hand", "AS ZZ", "--trump", "H"], "'ZZ' is not a card"),
    (["--hand", "AS as", "--trump", "H"], "A♠ appears twice"),
    (["--hand", "AS KS", "--trump", "H", "--hand-size", "3"], "holds 2 cards, not 3"),
    (["--hand", "", "--trump", "H"], "1 to 13 cards"),
    (["--hand", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2H", "--trump", "H"], "1 to 13 cards, this one 14"),
    (["--hand", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "--trump", "S"], "none to turn"),
    (["--hand", "AS KS", "--trump", "BIG"], "not a trump suit"),
    (["--hand", "AS KS", "--trump", "NT"], "needs a trump suit"),
    (["--hand", "AS KS", "--trump", "H", "--samples", "0"], "at least 1"),
    (["--hand", "AS KS", "--trump", "H", "--seed", "-1"], "--seed"),
    (["--hand", "2S 3S 4S 5S 6S 7S 8S 9S", "--trump", "H", "--variant", "short-14"], "never deals 8 cards"),
    (["--trump", "H"], "--hand"),
])
def test_bad_input_gives_one_line_and_status_2(capsys, argv, message):
    status = main(["estimate", *argv])
    out, err = capsys.readouterr()
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1 and message in err.replace("\xa0", " ")
