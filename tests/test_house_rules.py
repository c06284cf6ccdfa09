"""Each house rule of RULES.md section 7 as an engine option, proven where it matters: in a position
built for it, the option changes the outcome and the standard game does not. Then every pair of
settings works or is refused naming both options, and whole matches are played under random mixes
of options by the property driver of ``tests/test_properties.py``."""
from __future__ import annotations

import importlib.util
import itertools
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backalley import (VARIANTS, Deal, IllegalBid, IllegalPlay, InvalidVariant, Match, deal_pack, deal_sizes,
                       legal_bids, legal_plays, opening_leader, options, parse_cards, score_deal,
                       trick_winner)
from backalley.variants import BOARD_SCALES, SCHEDULES

_spec = importlib.util.spec_from_file_location(
    "_backalley_property_driver_h", Path(__file__).with_name("test_properties.py"))
driver = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(driver)

STANDARD = VARIANTS["standard"]


def house(**changes):
    return STANDARD.replace(**changes)


# -- one test per option ------------------------------------------------------------------------
def test_schedule_plays_the_hand_sizes_given():
    v = house(schedule=(3, 1, 2))
    assert deal_sizes(v) == (3, 1, 2) and deal_sizes(STANDARD)[:3] == (13, 12, 11)
    m = Match(v, seed=4)
    seen = []
    while not m.finished:
        if m.phase == "bid":
            if not m.bids:
                seen.append(m.hand_size)
            m.bid(m.to_act, "board" if m.to_act == "N" else "pass")
        else:
            m.play(m.to_act, m.legal_plays()[0])
    assert seen == [3, 1, 2] and m.deals_played == 3
    assert deal_sizes("standard,schedule=by-twos") == SCHEDULES["by-twos"] == (12, 10, 8, 6, 4, 2, 1, 3, 5, 7, 9, 11, 13)
    assert len(deal_sizes("standard,schedule=10-1-10")) == 20 and len(deal_sizes("standard,schedule=1-7-1")) == 13


def test_a_tie_break_deal_is_as_large_as_the_schedule_s_largest():
    """Equal totals after the last deal (set just before its last card): the extra deal has the
    largest hand size of the schedule, 3 here, not 13."""
    m = Match("standard,schedule=2/3/1,tie=tiebreak", seed=0)
    while not (m.deals_played == 2 and m.phase == "play" and len(m.trick) == 3):
        if m.phase == "bid":
            m.bid(m.to_act, "board" if not m.bids else "pass")
        else:
            m.play(m.to_act, m.legal_plays()[0])
    last = m.legal_plays()[0]
    cards = [card for _, card in m.trick] + [last]
    leader = m.trick[0][0]
    winner = "NSEW"[("NESW".index(leader) + trick_winner(cards, m.trump)) % 4]
    tricks = {"NS": int(winner in "NS"), "EW": int(winner in "EW")}
    score = score_deal(1, m.bids, tricks, m.variant)
    m.totals = {"NS": -score["NS"], "EW": -score["EW"]}
    m.play(m.to_act, last)
    assert m.in_tiebreak and m.hand_size == 3 == max(deal_sizes(m.variant))


JOKER_TURNED = parse_cards("AS AH AD LITTLE 2S 2H 2D 2C BIG 3S")  # dealer W: West gets LITTLE, BIG is turned


def test_turned_joker_as_joker_trump_keeps_the_other_joker_in_play():
    standard = deal_pack(JOKER_TURNED, "W", 2)
    joker = deal_pack(JOKER_TURNED, "W", 2, "standard,turned_joker=joker-trump")
    assert standard.trump is None is joker.trump and standard.turned == joker.turned
    assert joker.hands["W"] == parse_cards("LITTLE 2C") and joker.set_aside is None
    assert standard.hands["W"] == parse_cards("3S 2C") and str(standard.set_aside) == "LITTLE"
    # LITTLE, the only trump, wins a trick of aces; it is not led before trumps are broken
    assert trick_winner(["AS", "LITTLE", "KS", "QS"], None, "standard,turned_joker=joker-trump") == 1
    assert legal_plays("LITTLE AS", [], None, variant="standard,turned_joker=joker-trump") == parse_cards("AS")
    with pytest.raises(ValueError, match="no jokers in play"):
        legal_plays("LITTLE AS", [], None)


def test_throw_in_dealer_same_deals_again_from_the_same_seat():
    dealers = {}
    for spec in ("standard", "standard,throw_in_dealer=same"):
        m = Match(spec, dealer="N", seed=1)
        for _ in range(4):
            m.bid(m.to_act, "pass")
        dealers[spec] = (m.history[-1].thrown_in, m.dealer, m.hand_size)
    assert dealers == {"standard": (True, "E", 13), "standard,throw_in_dealer=same": (True, "N", 13)}


def test_bid_up_to_hand_size_allows_a_bid_of_every_trick():
    assert 5 in legal_bids(5, "standard,bid_up_to_hand_size=yes") and 5 not in legal_bids(5)
    assert legal_bids(1, "standard,bid_up_to_hand_size=yes") == ["pass", 1, "board"]
    bids = [("N", 5), ("E", "pass"), ("S", "pass"), ("W", "pass")]
    assert score_deal(5, bids, {"NS": 5, "EW": 0}, "standard,bid_up_to_hand_size=yes")["NS"] == 25
    with pytest.raises(IllegalBid) as refused:
        score_deal(5, bids, {"NS": 5, "EW": 0})
    assert refused.value.rule == "bid-range"


def test_target_capped_cuts_a_side_s_target_to_the_hand_size():
    bids = [("N", 2), ("E", "pass"), ("S", 2), ("W", "pass")]      # target 4 with 3 cards
    assert score_deal(3, bids, {"NS": 3, "EW": 0}) == {"NS": -20, "EW": 0}
    assert score_deal(3, bids, {"NS": 3, "EW": 0}, "standard,target_capped=yes") == {"NS": 15, "EW": 0}


def test_board_leader_first_gives_the_lead_to_the_first_board_bidder():
    bids = [("W", "board"), ("N", 2), ("E", "board"), ("S", "pass")]
    assert opening_leader(bids) == "E" and opening_leader(bids, "standard,board_leader=first") == "W"


BOARD_LEAD = {"N": "AH 2S", "E": "3S 4S", "S": "5S 6S", "W": "7S 8S"}   # hearts trumps, North bid board


def test_board_bidder_lead_off_binds_the_board_bidder_too():
    bids = ["board", "pass", "pass", "pass"]
    assert Deal(BOARD_LEAD, "H", "W", bids=bids).legal_plays() == parse_cards("AH 2S")
    off = Deal(BOARD_LEAD, "H", "W", bids=bids, variant="standard,board_bidder_lead=no")
    assert off.legal_plays() == parse_cards("2S")
    with pytest.raises(IllegalPlay) as refused:
        off.play("N", "AH")
    assert refused.value.rule == "trump-lead" and "bid board" not in str(refused.value)


def test_little_lead_binds_nobody_when_off():
    assert legal_plays("5H KH 9S", ["LITTLE"], "H") == parse_cards("5H")
    assert legal_plays("5H KH 9S", ["LITTLE"], "H", variant="standard,little_lead_binds=no") == parse_cards("5H KH")


PLAIN_BOARD = [("N", "board"), ("E", "pass"), ("S", "pass"), ("W", "pass")]


def test_board_points_set_the_value_of_a_board_per_card_and_level():
    assert score_deal(5, PLAIN_BOARD, {"NS": 5, "EW": 0})["NS"] == 50
    assert score_deal(5, PLAIN_BOARD, {"NS": 5, "EW": 0}, "standard,board_points=6")["NS"] == 30
    assert score_deal(5, PLAIN_BOARD, {"NS": 4, "EW": 1}, "standard,board_points=6")["NS"] == -30


def test_doubled_board_scale_counts_a_single_board_double():
    assert BOARD_SCALES["doubled"] == (2, 4, 8, 16)
    assert score_deal(5, PLAIN_BOARD, {"NS": 5, "EW": 0}, "standard,board_multipliers=doubled")["NS"] == 100


RAINBOW = {"N": "AS KH QD JC", "E": "2S 3S 4S 5S", "S": "2H 3H 4H 5H", "W": "6S 6H 6D BIG"}


@pytest.mark.parametrize("spec, bonus", [("standard", 0), ("standard,rainbow_bonus=10", 10),
                                         ("standard,rainbow_bonus=8", 8)])
def test_rainbow_bonus_goes_to_the_side_of_a_player_dealt_every_suit(spec, bonus):
    """North holds one card of each suit; West's joker counts as a trump (clubs), so West has a
    rainbow too; the bonus comes whatever the side's bid does."""
    deal = Deal(RAINBOW, "C", "S", bids=[1, "pass", "pass", "pass"], variant=spec)   # West bids 1, leads
    while deal.phase == "play":
        deal.play(deal.to_act, deal.legal_plays()[0])
    assert sorted(deal.rainbows) == (["N", "W"] if bonus else [])
    assert deal.tricks_won == {"NS": 3, "EW": 1}   # each player plays their first legal card
    # West's target of 1, made exactly: 5 × 1 = 5; North-South both passed: 1 a trick, 3
    assert deal.score() == {"NS": 3 + bonus, "EW": 5 + bonus}


def test_no_rainbow_outside_four_card_deals_or_for_a_joker_without_trumps():
    v = "standard,rainbow_bonus=10,turned_joker=joker-trump"
    no_trump = {"N": "AS KH QD BIG", "E": "2S 3S 4S 5S", "S": "2H 3H 4H 5H", "W": "2D 3D 4D 5D"}
    assert Deal(no_trump, None, "S", variant=v).rainbows == []
    bids = [("N", 1), ("E", "pass"), ("S", "pass"), ("W", "pass")]
    assert score_deal(5, bids, {"NS": 1, "EW": 4}, v, rainbows=["N"]) == score_deal(5, bids, {"NS": 1, "EW": 4}, v)


# -- every pair of settings works or names both options -------------------------------------------
def settings_of(option) -> list:
    return [(option.name, value) for value in option.metadata["choices"] if value != getattr(STANDARD, option.name)]


SETTINGS = [s for o in options() for s in settings_of(o)]


def test_every_pair_of_house_rules_works_or_is_refused_naming_both():
    refused = []
    for (a, x), (b, y) in itertools.combinations(SETTINGS, 2):
        if a == b:
            continue
        try:
            STANDARD.replace(**{a: x, b: y})
        except InvalidVariant as error:
            assert a in str(error) and b in str(error), str(error)
            refused.append((a, b))
    assert refused and all({"schedule"} & {a, b} for a, b in refused), refused


# -- whole matches under random mixes of options ---------------------------------------------------
@st.composite
def option_mixes(draw):
    changes = {}
    for option in options():
        if draw(st.integers(0, 2)) == 0:  # about a third of the options changed at a time
            values = list(option.metadata["choices"])
            if option.metadata["accepts"] is not None and option.name != "schedule":
                values.append(draw(st.integers(1, 40)))
            changes[option.name] = draw(st.sampled_from(values))
    if "schedule" in changes and draw(st.booleans()):
        changes["schedule"] = tuple(draw(st.lists(st.integers(1, 13), min_size=1, max_size=6)))
    if changes.get("schedule"):
        for name in ("max_hand_size", "start_high", "turn_dealt_twice"):
            changes.pop(name, None)
    return STANDARD.replace(**changes)


@settings(max_examples=40, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(variant=option_mixes(), game=driver.games)
def test_whole_matches_under_random_option_mixes(variant, game):
    seed, bid_style, play_style, dealer = game
    driver.play_match(variant, seed, bid_style, play_style, dealer)
