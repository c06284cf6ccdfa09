"""Measured card values: sane figures, and the cache that keeps them between builds."""
from __future__ import annotations

import json
import threading
import time

from statistics import NormalDist

import pytest

from backalley.card_values import HOLDINGS, card_values
from backalley.strategy import BANDS, KINDS
from backalley.estimate import estimate
from backalley.simulate import CONFIDENCE, Z, wilson
from backalley_site import simulations
from backalley_site.simulations import cached_card_values


@pytest.fixture(scope="module")
def figures():
    return card_values(1500, seed=3)


def test_every_band_and_kind_is_measured_with_its_interval(figures):
    assert figures["deals"] == 1500 and figures["seed"] == 3
    assert set(figures["values"]) == {f"{lo}-{hi}" for lo, hi in BANDS}
    for row in figures["values"].values():
        assert set(row) == set(KINDS)
        for figure in row.values():
            assert 0 <= figure["low"] <= figure["mean"] <= figure["high"] <= 1 and figure["n"] > 0
    json.dumps(figures)


def test_the_values_rank_as_a_player_expects(figures):
    for row in figures["values"].values():
        assert row["BIG"]["mean"] == 1.0  # BIG wins every trick it is played to
        assert row["BIG"]["mean"] > row["side-K"]["high"]
        assert row["trump-low"]["low"] > row["side-low"]["high"]
        assert row["side-A"]["mean"] > row["side-Q"]["mean"] and row["side-K"]["low"] > row["side-low"]["high"]


def test_the_tricks_won_add_up_to_the_tricks_played(figures):
    """Each trick has one winning card: the cards' wins add up to the hand sizes dealt."""
    wins = sum(f["mean"] * f["n"] for row in figures["values"].values() for f in row.values())
    held = sum(f["n"] for row in figures["values"].values() for f in row.values())
    assert round(wins) * 4 == held  # four hands of h cards, h tricks


def test_board_chances_by_hand_size_and_holding(figures):
    board = figures["board"]
    assert set(board) == {"1", "2", "3", "4"}
    assert set(board["1"]) <= set(HOLDINGS) and "both jokers" not in board["1"]
    assert board["1"]["BIG"]["mean"] == 1.0  # one card each: BIG takes the only trick
    assert board["1"]["no trump"]["high"] < board["1"]["trump A"]["low"]
    assert board["4"]["no trump"]["mean"] < board["1"]["no trump"]["mean"]


def test_a_seed_gives_the_same_figures():
    assert card_values(60, seed=5) == card_values(60, seed=5) != card_values(60, seed=6)


def test_the_cache_gives_what_a_direct_simulation_gives(tmp_path, monkeypatch):
    direct = card_values(80, seed=4)
    assert cached_card_values(80, 4, tmp_path) == direct  # computed, then stored
    [stored] = tmp_path.glob("card-values-*.json")
    calls = []
    monkeypatch.setattr(simulations, "card_values", lambda *a: calls.append(a) or direct)
    assert cached_card_values(80, 4, tmp_path) == direct and calls == []  # read back
    cached_card_values(81, 4, tmp_path)  # another size: simulated again
    monkeypatch.setattr(simulations, "engine_key", lambda: "0" * 16)  # the engine's code changed
    cached_card_values(80, 4, tmp_path)
    assert calls == [(81, 4), (80, 4)]
    assert not stored.exists()  # the entries of the old engine are gone


def test_the_cache_folder_can_be_chosen_by_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("BACKALLEY_SIM_CACHE", str(tmp_path / "sims"))
    cached_card_values(20, 1)
    assert len(list((tmp_path / "sims").glob("card-values-*.json"))) == 1


def test_a_cached_estimate_is_the_engines_estimate(tmp_path):
    direct = estimate("BIG AH KS", "H", samples=60, seed=2)
    cached = simulations.cached_estimate("BIG AH KS", "H", 60, 2, tmp_path)
    assert cached == simulations.cached_estimate("BIG AH KS", "H", 60, 2, tmp_path)  # read back
    assert cached["expected_tricks"] == direct.expected_tricks and cached["p_all"] == direct.p_all
    assert {int(k): v for k, v in cached["distribution"].items()} == direct.distribution
    assert len(list(tmp_path.glob("estimate-*.json"))) == 1


def test_the_intervals_are_at_the_stated_confidence():
    """``Z`` is the normal quantile of ``CONFIDENCE``, the level the pages state."""
    assert round(NormalDist().inv_cdf((1 + CONFIDENCE) / 2), 2) == Z
    assert tuple(round(x, 4) for x in wilson(0.5, 100)) == (0.4038, 0.5962)  # Wilson's 95 % interval, 50 of 100


def test_two_processes_asking_at_once_compute_the_figures_once(tmp_path, monkeypatch):
    """A build beside the tests (or beside ``mkdocs serve``) asking for the same figures at the same
    time: the second waits for the first's and reads them."""
    monkeypatch.setattr(simulations, "_read", {})  # nothing read in this process yet; the rest of the run's untouched
    calls, started = [], threading.Event()

    def slow():
        calls.append(1)
        started.set()
        time.sleep(0.5)
        return {"figures": 1}

    first = threading.Thread(target=lambda: simulations._cached("slow", {"n": 1}, slow, tmp_path))
    first.start()
    started.wait()
    # the second asks while the first still computes: nothing stored yet, on disk or in memory
    assert simulations._cached("slow", {"n": 1}, slow, tmp_path) == {"figures": 1}
    first.join()
    assert calls == [1]
    assert [p.suffix for p in tmp_path.iterdir()] == [".json"]  # the figures, and no lock left behind
