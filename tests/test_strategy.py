"""Computer players: legal in every variant, deciding from a seat's view only, and the heuristic
one clearly stronger than random play; each of its improvements changes what it does."""
from __future__ import annotations

import json

import pytest

from backalley import Deal, Match, SeatView, parse_cards, strategy
from backalley.cli import main
from backalley.match import deal_view
from backalley.simulate import compare, play_match
from backalley.strategy import IMPROVEMENTS, HeuristicPlayer, RandomPlayer, card_kind, player


class Checked:
    """A player that checks, at each decision, that its choice is among the legal ones of the view."""

    def __init__(self, inner):
        self.inner = inner
        self.decisions = 0

    def bid(self, view):
        assert isinstance(view, SeatView) and view.to_act == view.seat
        choice = self.inner.bid(view)
        assert choice in view.legal_bids
        self.decisions += 1
        return choice

    def play(self, view):
        choice = self.inner.play(view)
        assert choice in view.legal_plays and choice in view.hand
        self.decisions += 1
        return choice


@pytest.mark.parametrize("variant", ["standard", "strict", "short-14", "tiebreak", "up-first", "bab-online",
                                     "standard,turned_joker=joker-trump,bid_up_to_hand_size=yes"])
def test_the_heuristic_player_bids_and_plays_only_legal_actions(variant):
    for seed in range(4):
        ns, ew = Checked(HeuristicPlayer()), Checked(HeuristicPlayer(cheap_wins=False, smart_leads=False))
        m = play_match(ns, ew, variant, seed)
        assert m.finished or m.stalemate is not None
        assert ns.decisions > 100 and ew.decisions > 100


def test_the_heuristic_player_sees_only_the_view():
    """It is handed a seat's view, which holds no other seat's cards: two deals that differ only
    in the hidden hands give it the same view and the same decisions."""
    east = "BIG AH 9H KS 4D"
    one = {"N": "2S 3S 4S 5S 6S", "E": east, "S": "7S 8S 9S 10S JS", "W": "2C 3C 4C 5C 6C"}
    two = {"N": "2C 3C 4C 5C 6C", "E": east, "S": "2S 3S 4S 5S 6S", "W": "7S 8S 9S 10S JS"}
    heuristic = HeuristicPlayer()
    views = []
    for hands in (one, two):
        deal = Deal(hands, "H", "N", bids=[2, "pass", "pass", "pass"])
        view = deal_view(deal, "E", ("2H",))
        assert not set(" ".join(hands[s] for s in "NSW").split()) & set(map(str, _flat(view)))
        views.append(view)
    assert views[0] == views[1]
    assert heuristic.play(views[0]) == heuristic.play(views[1]) == "4D"  # no sure winner: low


def _flat(value):
    if isinstance(value, (tuple, list)):
        return [x for item in value for x in _flat(item)]
    if isinstance(value, dict):
        return _flat(list(value.values()))
    return [value]


def test_same_seed_same_match():
    a = play_match(HeuristicPlayer(), RandomPlayer(5), "short-14", 9)
    b = play_match(HeuristicPlayer(), RandomPlayer(5), "short-14", 9)
    assert a.to_json() == b.to_json()


def test_the_heuristic_player_beats_random_players():
    found = compare("heuristic", "random", matches=15, seed=100, variant="short-14")
    assert found.results["heuristic"] >= 27 and found.interval[0] > 0.75


@pytest.mark.parametrize("improvement", list(IMPROVEMENTS))
def test_each_improvement_changes_what_the_player_does(improvement):
    full, without = HeuristicPlayer(), player(f"heuristic-no-{improvement.replace('_', '-')}")
    assert repr(without) == f"HeuristicPlayer({improvement}=False)"
    for seed in range(40):
        m = Match("short-14", seed=seed)
        while not m.finished:
            view = m.view(m.to_act)
            if m.phase == "bid":
                if full.bid(view) != without.bid(view):
                    return
                m.bid(m.to_act, full.bid(view))
            else:
                if full.play(view) != without.play(view):
                    return
                m.play(m.to_act, full.play(view))
    pytest.fail(f"switching {improvement} off changed no decision in 40 matches")


def test_counting_the_partner_takes_its_share_of_the_partners_number_off(monkeypatch):
    """South holds about 4.7 tricks by the player's values (three side aces and kings, a side
    queen, a low trump); North bid 4 before it. Taking PARTNER_SHARE of 4 off, South bids 3;
    without counting its partner, or with no share taken, it bids 4."""
    hands = {"N": "2S 3S 4S 5S 6S 7S 8S 9S", "E": "2C 3C 4C 5C 6C 7C 8C 9C",
             "S": "AS AD AC KS KD KC QS 2H", "W": "2D 3D 4D 5D 6D 7D 8D 9D"}
    view = deal_view(Deal(hands, "H", "W", bids=[4, "pass"]), "S")
    assert strategy.PARTNER_SHARE == 0.25
    assert HeuristicPlayer().bid(view) == 3
    assert HeuristicPlayer(count_partner=False).bid(view) == 4
    monkeypatch.setattr(strategy, "PARTNER_SHARE", 0)
    assert HeuristicPlayer().bid(view) == 4


def test_card_kinds():
    assert [card_kind(c, "H") for c in parse_cards("BIG AH JH 10H AS QS JS")] == [
        "BIG", "trump-A", "trump-J", "trump-low", "side-A", "side-Q", "side-low"]
    assert card_kind(parse_cards("AH")[0], None) == "side-A"


def test_simulate_compares_two_players(capsys):
    status = main(["simulate", "-n", "3", "--players", "heuristic,random", "--variant", "short-14", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0 and data["matches"] == 6 and data["results"]["heuristic"] == 6
    assert data["score"] == 1.0 and 0 < data["interval"][0] < 1 == data["interval"][1]


def test_simulate_random_random_is_the_plain_simulation(capsys):
    main(["simulate", "-n", "2", "--variant", "short-14", "--json"])
    plain = json.loads(capsys.readouterr().out)
    main(["simulate", "-n", "2", "--variant", "short-14", "--json", "--players", "random,random"])
    named = json.loads(capsys.readouterr().out)
    assert plain["results"] == named["results"] and "events" in named


@pytest.mark.parametrize("players, message", [
    ("heuristic", "two players"), ("heuristic,bob", "not a player: 'bob'"), ("heuristic,heuristic", "two different"),
])
def test_simulate_refuses_bad_players_in_one_line(capsys, players, message):
    status = main(["simulate", "-n", "1", "--players", players])
    out, err = capsys.readouterr()
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1 and message in err
