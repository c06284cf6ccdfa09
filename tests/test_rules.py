"""One scenario table per rule of RULES.md: each restriction has an allowed and a forbidden case.

Sections refer to ../shared/RULES.md. The worked figures of section 5 are checked here
against the engine, and again on every page through the examples.
"""
import pytest

from backalley import (
    BIG, LITTLE, PACK, VARIANTS, Deal, IllegalBid, IllegalPlay, InvalidDeal, Match, check_play, deal_sizes,
    legal_bids, legal_plays, opening_leader, overbid_warnings, parse_card, parse_cards, resolve_variant,
    score_deal, side_contracts, board_multipliers, trick_winner, deal_pack,
)

# -- 1. Table and pack ---------------------------------------------------------------------


def test_pack_has_54_distinct_cards_with_two_jokers():
    assert len(PACK) == len(set(map(str, PACK))) == 54
    assert [c for c in PACK if c.is_joker] == [LITTLE, BIG]


@pytest.mark.parametrize("text, canonical", [
    ("AS", "AS"), ("10h", "10H"), ("TH", "10H"), ("th", "10H"), ("2c", "2C"), ("Big", "BIG"),
    ("little", "LITTLE"), (" qd ", "QD"),
])
def test_card_text_forms(text, canonical):
    assert str(parse_card(text)) == canonical


@pytest.mark.parametrize("text", ["", "1S", "11H", "AX", "JOKER", "10", "S", "A S", "KH2"])
def test_bad_card_text_names_the_text(text):
    with pytest.raises(ValueError, match=repr(text).replace("\\", "\\\\").replace("(", r"\(")):
        parse_card(text)


@pytest.mark.parametrize("trick, winner", [
    (["2S", "AS", "KS", "3S"], 1),          # plain suit: ace high
    (["10S", "JS", "9S", "2S"], 1),         # J above 10
    (["AH", "2S", "KH", "QH"], 1),          # spades trumps: the two of trumps beats the ace led
    (["AS", "LITTLE", "KS", "QS"], 1),      # LITTLE above the trump ace
    (["LITTLE", "BIG", "AS", "2S"], 1),     # BIG above LITTLE
    (["AH", "KD", "QC", "JH"], 0),          # no trump in it: the highest card of the suit led
    (["5D", "AC", "AH", "6D"], 3),          # off-suit aces do not win
])
def test_trick_winner_with_spades_trumps(trick, winner):
    assert trick_winner(trick, "S") == winner


def test_jokers_belong_to_the_trump_suit():
    assert trick_winner(["AH", "LITTLE"], "D") == 1
    assert legal_plays(["LITTLE", "5C"], ["2D"], "D") == [LITTLE]   # the joker follows trumps


# -- 2. Deals and trumps -------------------------------------------------------------------


def test_standard_schedule_is_13_to_1_and_back_with_two_one_card_deals():
    sizes = deal_sizes("standard")
    assert sizes == tuple(range(13, 0, -1)) + tuple(range(1, 14))
    assert len(sizes) == 26 and sizes.count(1) == 2


def test_dealer_rotates_and_bidding_starts_left_of_the_dealer():
    m = Match(dealer="S", seed=4)
    assert (m.dealer, m.to_act) == ("S", "W")
    for _ in range(4):
        m.bid(m.to_act, "pass")                 # thrown in: the deal still passes on
    assert (m.dealer, m.to_act, m.hand_size, m.deals_played) == ("W", "N", 13, 0)


def _first_match(condition, variant="standard", seeds=range(2000)):
    for seed in seeds:
        m = Match(variant=variant, seed=seed)
        if condition(m):
            return m
    raise AssertionError("no seed gives the position")


def test_turned_card_gives_trumps():
    m = _first_match(lambda m: not m.turned[0].is_joker)
    assert m.trump == m.turned[0].suit
    assert all(m.turned[0] not in hand for hand in m.hands.values())


def test_turned_joker_means_no_trumps_and_the_other_joker_is_replaced():
    m = _first_match(lambda m: m.turned[0].is_joker)
    cards = [c for hand in m.hands.values() for c in hand]
    assert m.trump is None and m.turned == (m.turned[0],)
    assert not any(c.is_joker for c in cards)            # the other joker was set aside
    assert len(cards) == len(set(cards)) == 52           # and replaced: every hand still has 13


@pytest.mark.parametrize("rule", ["turn-next", "bottom"])
def test_house_rule_turned_joker_turns_again(rule):
    m = _first_match(lambda m: m.turned[0].is_joker, variant=f"standard,turned_joker={rule}")
    assert m.trump == m.turned[-1].suit and not m.turned[-1].is_joker
    other = BIG if m.turned[0] == LITTLE else LITTLE
    in_hands = [c for hand in m.hands.values() for c in hand if c.is_joker]
    assert in_hands in ([], [other])            # the turned joker is out, the other stays in play


# -- 3. Bidding ----------------------------------------------------------------------------


@pytest.mark.parametrize("hand_size, bids", [
    (5, ["pass", 1, 2, 3, 4, "board"]),
    (1, ["pass", "board"]),
    (13, ["pass", *range(1, 13), "board"]),
])
def test_legal_bids(hand_size, bids):
    assert legal_bids(hand_size) == bids


@pytest.mark.parametrize("hand_size, bid", [(5, 5), (5, 0), (1, 1), (13, 13), (5, -1)])
def test_number_bids_outside_1_to_h_minus_1_are_refused(hand_size, bid):
    deal = Deal(_hands(hand_size), "S", "W")
    with pytest.raises(IllegalBid) as error:
        deal.bid("N", bid)
    assert error.value.rule in ("bid-range", "bid-value") and deal.bids == []


def test_one_card_deal_refuses_numbers_with_a_reason():
    deal = Deal(_hands(1), "S", "W")
    with pytest.raises(IllegalBid, match="only pass and board"):
        deal.bid("N", 1)


def test_bids_need_not_be_higher_and_overbids_are_allowed_with_a_warning():
    bids = [("N", 4), ("E", 1), ("S", 4), ("W", 1)]
    deal = Deal(_hands(5), "S", "W", bids=bids)
    assert deal.phase == "play"
    assert deal.warnings == ["NS bid 8 tricks with only 5 in the deal",
                             "the table bid 10 tricks with only 5 in the deal"]
    assert overbid_warnings(5, [("N", 2), ("E", 1), ("S", 1), ("W", 1)]) == []


def test_side_target_is_the_sum_of_the_partners_numbers():
    contracts = side_contracts([("N", 2), ("E", "pass"), ("S", 1), ("W", 3)])
    assert (contracts["NS"].target, contracts["EW"].target) == (3, 3)


def test_boards_are_counted_in_table_order_across_both_sides():
    bids = [("W", "board"), ("N", "board"), ("E", "pass"), ("S", "board")]
    assert board_multipliers(bids) == {"W": 1, "N": 2, "S": 3}
    contracts = side_contracts(bids)
    assert (contracts["NS"].multiplier, contracts["EW"].multiplier) == (3, 1)


def test_four_boards_reach_a_quadruple():
    bids = [("N", "board"), ("E", "board"), ("S", "board"), ("W", "board")]
    assert board_multipliers(bids) == {"N": 1, "E": 2, "S": 3, "W": 4}


def test_a_partners_number_no_longer_counts_beside_a_board():
    bids = [("N", "board"), ("E", "pass"), ("S", 3), ("W", "pass")]
    assert side_contracts(bids)["NS"] == (0, 1)
    assert score_deal(5, bids, {"NS": 5, "EW": 0})["NS"] == 50
    assert score_deal(5, bids, {"NS": 4, "EW": 1})["NS"] == -50     # 4 tricks would have made 3


def test_four_passes_throw_the_deal_in_and_repeat_the_hand_size():
    m = Match(seed=2)
    for _ in range(4):
        m.bid(m.to_act, "pass")
    record = m.history[-1]
    assert record.thrown_in and record.score == {"NS": 0, "EW": 0}
    assert m.hand_size == 13 and m.deals_played == 0 and m.totals == {"NS": 0, "EW": 0}


@pytest.mark.parametrize("bids, leader", [
    ([("N", 2), ("E", 3), ("S", 1), ("W", 2)], "E"),                 # highest number
    ([("N", 3), ("E", 1), ("S", 3), ("W", "pass")], "N"),            # equal numbers: first bidder
    ([("N", 4), ("E", "board"), ("S", 1), ("W", "pass")], "E"),      # a board beats any number
    ([("W", "board"), ("N", "board"), ("E", "pass"), ("S", "board")], "S"),  # the last board
    ([("N", "pass"), ("E", "pass"), ("S", "pass"), ("W", "pass")], None),    # thrown in
])
def test_opening_leader(bids, leader):
    assert opening_leader(bids) == leader


# -- 4. Tricks -----------------------------------------------------------------------------

HAND = parse_cards("5H KH 9S 2C")


@pytest.mark.parametrize("card, trick, trump, rule", [
    ("9S", ["4S"], "H", None),                   # follows spades
    ("KH", ["4S"], "H", "follow-suit"),          # holds a spade: must follow
    ("KH", ["4D"], "H", None),                   # void in diamonds: may trump
    ("2C", ["4D"], "H", None),                   # ... or discard
    ("5H", ["LITTLE"], "H", None),               # a joker led is a trump lead
])
def test_following_suit(card, trick, trump, rule):
    assert _rule(check_play(card, HAND, trick, trump)) == rule


def test_a_joker_in_hand_counts_as_holding_trumps():
    assert legal_plays(["LITTLE", "9C"], ["2S"], "S") == [LITTLE]
    assert _rule(check_play("9C", ["LITTLE", "9C"], ["2S"], "S")) == "follow-suit"


def test_follow_suit_message_names_the_suit_and_the_cards():
    reason = check_play("2C", HAND, ["4S"], "H")
    assert "spades were led" in reason.message and "9S" in reason.message


@pytest.mark.parametrize("card, keywords, rule", [
    ("9S", {}, None),                                        # a plain lead is always fine
    ("KH", {}, "trump-lead"),                                # trumps not broken
    ("KH", {"trump_played": True}, None),                    # broken in an earlier trick
    ("KH", {"bid_board": True}, None),                       # this player bid board
])
def test_trump_lead_restriction(card, keywords, rule):
    assert _rule(check_play(card, HAND, [], "H", **keywords)) == rule


def test_only_the_board_bidder_may_lead_trumps_early_not_the_partner():
    deal = Deal({"N": "2S 3S 4H", "E": "5S 6S 7H", "S": "AS KS 9H", "W": "QS JS 8H"}, "H", "W",
                bids=["pass", "pass", "board", "pass"])      # South bid board, South leads
    assert deal.to_act == "S" and deal.legal_plays() == parse_cards("AS KS 9H")
    assert deal.constraint == "board-bidder-lead"
    deal2 = Deal({"N": "2S 3S 4H", "E": "5S 6S 7H", "S": "AS KS 9H", "W": "QS JS 8H"}, "H", "W",
                 bids=["board", "pass", "pass", "pass"])     # North bid board, partner South did not
    for card in ["2S", "5S", "AS", "QS"]:                   # South wins the first trick
        deal2.play(deal2.to_act, card)
    assert deal2.to_act == "S" and deal2.legal_plays() == parse_cards("KS")
    with pytest.raises(IllegalPlay) as error:
        deal2.play("S", "9H")
    assert error.value.rule == "trump-lead"


def test_an_all_trump_hand_may_lead_a_trump_in_the_standard_game():
    assert legal_plays(["KH", "LITTLE"], [], "H") == parse_cards("KH LITTLE")


def test_the_strict_reading_leaves_an_all_trump_hand_no_legal_lead():
    assert legal_plays(["KH", "LITTLE"], [], "H", variant="strict") == []
    reason = check_play("KH", ["KH", "LITTLE"], [], "H", variant="strict")
    assert reason.rule == "no-legal-lead" and "no legal lead" in reason.message
    assert legal_plays(["KH", "LITTLE"], [], "H", variant="strict", trump_played=True) == parse_cards("KH LITTLE")


def test_strict_match_reports_the_stalemate():
    from backalley.simulate import random_match
    for seed in range(100):
        m = random_match("strict", seed)
        if m.stalemate:
            assert m.legal_plays() == [] and m.stalemate.rule == "no-legal-lead"
            with pytest.raises(IllegalPlay) as error:
                m.play(m.to_act, m.hands[m.to_act][0])
            assert error.value.rule == "no-legal-lead"
            return
    pytest.fail("no strict stalemate in 100 random matches")


@pytest.mark.parametrize("lead, hand, trick_before, allowed", [
    ("BIG", "5H KH 9S 2C", [], "KH"),                    # highest trump
    ("LITTLE", "5H KH 9S 2C", [], "5H"),                 # lowest trump
    ("BIG", "LITTLE 2H 9S", [], "LITTLE"),               # LITTLE is the highest left after BIG
    ("LITTLE", "BIG 9S 2C", [], "BIG"),                  # the only trump, even BIG
    ("BIG", "9S 2C", [], "9S 2C"),                       # no trump: any card
    ("LITTLE", "5H KH 9S", ["2H"], "5H KH"),             # not the first card: a joker played
])                                                       # later is just a trump; follow hearts
def test_joker_lead_obligations(lead, hand, trick_before, allowed):
    assert legal_plays(hand, trick_before + [lead], "H") == parse_cards(allowed)


def test_big_lead_refusal_names_the_rule():
    reason = check_play("5H", HAND, ["BIG"], "H")
    assert reason.rule == "big-lead" and "highest trump" in reason.message and "KH" in reason.message
    assert check_play("KH", HAND, ["LITTLE"], "H").rule == "little-lead"


def test_little_led_can_lose_to_big():
    deal = Deal({"N": "LITTLE AS 4H", "E": "BIG 7H 5D", "S": "2S 9D 3C", "W": "KH QC 8D"},
                "S", "W", bids=["board", "pass", "pass", "pass"])
    deal.play("N", "LITTLE")
    assert deal.legal_plays() == [BIG]
    for card in ["BIG", "2S", "8D"]:
        deal.play(deal.to_act, card)
    assert deal.tricks[0].winner == "E" and deal.to_act == "E"


def test_house_rule_big_lead_binds_only_the_opponents():
    trick = ["BIG", "3C"]                                 # the partner of the leader plays third
    assert legal_plays(HAND, trick, "H") == parse_cards("KH")
    loose = "standard,big_lead_binds_partner=no"
    assert legal_plays(HAND, trick, "H", variant=loose) == parse_cards("5H KH")
    assert legal_plays(HAND, ["BIG"], "H", variant=loose) == parse_cards("KH")   # an opponent
    assert legal_plays(HAND, ["LITTLE", "3C"], "H", variant=loose) == parse_cards("5H")


def test_no_trump_deal_has_no_jokers():
    with pytest.raises(InvalidDeal):
        Deal({"N": ["BIG"], "E": ["2S"], "S": ["3S"], "W": ["4S"]}, None, "W")
    assert trick_winner(["2S", "AS", "KH", "3S"], None) == 1


def test_the_trick_winner_leads_the_next_trick():
    deal = Deal({"N": "2S 3D", "E": "AS 4D", "S": "5S 6D", "W": "7S 8D"}, "H", "W",
                bids=[1, "pass", "pass", "pass"])
    for card in ["2S", "AS", "5S", "7S"]:
        deal.play(deal.to_act, card)
    assert deal.to_act == "E"
    with pytest.raises(IllegalPlay) as error:
        deal.play("N", "3D")
    assert error.value.rule == "turn"


# -- 5. Scoring ----------------------------------------------------------------------------

NUMERIC = [("N", 2), ("E", "pass"), ("S", 1), ("W", "pass")]
BOARDS = [("W", "board"), ("N", "board"), ("E", "pass"), ("S", "board")]


@pytest.mark.parametrize("bids, tricks, expected", [
    (NUMERIC, {"NS": 4, "EW": 1}, {"NS": 16, "EW": 1}),         # 5 × 3 + 1
    (NUMERIC, {"NS": 5, "EW": 0}, {"NS": 17, "EW": 0}),
    (NUMERIC, {"NS": 3, "EW": 2}, {"NS": 15, "EW": 2}),         # exactly made
    (NUMERIC, {"NS": 2, "EW": 3}, {"NS": -15, "EW": 3}),        # set: −5 × 3
    (BOARDS, {"NS": 5, "EW": 0}, {"NS": 150, "EW": -50}),
    (BOARDS, {"NS": 4, "EW": 1}, {"NS": -150, "EW": -50}),
    (BOARDS, {"NS": 0, "EW": 5}, {"NS": -150, "EW": 50}),
    ([("N", "board"), ("E", "pass"), ("S", "pass"), ("W", "pass")], {"NS": 5, "EW": 0}, {"NS": 50, "EW": 0}),
    ([("N", "board"), ("E", "pass"), ("S", "pass"), ("W", "pass")], {"NS": 4, "EW": 1}, {"NS": -50, "EW": 1}),
])
def test_worked_figures_of_section_5(bids, tricks, expected):
    assert score_deal(5, bids, tricks) == expected


def test_pass_scoring_house_rule():
    assert score_deal(5, NUMERIC, {"NS": 4, "EW": 1}, "standard,pass_scores_tricks=no") == {"NS": 16, "EW": 0}


@pytest.mark.parametrize("points, made, set_", [(3, 10, -9), (5, 16, -15), (10, 31, -30)])
def test_points_per_bid_trick_house_rule(points, made, set_):
    variant = f"standard,points_per_bid_trick={points}"
    assert score_deal(5, NUMERIC, {"NS": 4, "EW": 1}, variant)["NS"] == made
    assert score_deal(5, NUMERIC, {"NS": 2, "EW": 3}, variant)["NS"] == set_


def test_doubling_boards_house_rule():
    bids = [("N", "board"), ("E", "board"), ("S", "board"), ("W", "board")]
    assert board_multipliers(bids, "standard,board_multipliers=doubling") == {"N": 1, "E": 2, "S": 4, "W": 8}
    assert score_deal(5, bids, {"NS": 5, "EW": 0}, "standard,board_multipliers=doubling") == {"NS": 200, "EW": -400}


def test_scores_may_go_below_zero_and_totals_add_up():
    m = Match(seed=9)
    m.bid(m.to_act, 12)                                   # East promises 12 of 13 tricks
    for _ in range(3):
        m.bid(m.to_act, "pass")
    while m.deals_played == 0:
        m.play(m.to_act, m.legal_plays()[0])
    record = m.history[-1]
    assert record.tricks_won["EW"] < 12                   # set: −5 × 12
    assert record.score == {"NS": record.tricks_won["NS"], "EW": -60}
    assert m.totals == record.score


# -- 6 and 7. End of the match and the presets -----------------------------------------------


@pytest.mark.parametrize("preset, sizes", [
    ("standard", [*range(13, 0, -1), *range(1, 14)]),
    ("strict", [*range(13, 0, -1), *range(1, 14)]),
    ("tiebreak", [*range(13, 0, -1), *range(1, 14)]),
    ("gamerules-25", [*range(13, 0, -1), *range(2, 14)]),
    ("short-14", [*range(7, 0, -1), *range(1, 8)]),
    ("up-first", [*range(1, 14), *range(13, 0, -1)]),
    ("bab-online", [12, 10, 8, 6, 4, 2, 1, 3, 5, 7, 9, 11, 13]),
    ("standard,schedule=10-1-10", [*range(10, 0, -1), *range(1, 11)]),
    ("standard,schedule=1-7-1", [*range(1, 8), *range(6, 0, -1)]),
    ("standard,schedule=3/3/1", [3, 3, 1]),
])
def test_preset_schedules(preset, sizes):
    assert deal_sizes(preset) == tuple(sizes)


def test_presets_differ_from_the_standard_only_where_section_7_says():
    standard = VARIANTS["standard"]
    assert {name: standard.differences(v) for name, v in VARIANTS.items()} == {
        "standard": [],
        "strict": ["all_trump_lead"],
        "gamerules-25": ["turn_dealt_twice"],
        "short-14": ["max_hand_size", "tie"],
        "tiebreak": ["tie"],
        "up-first": ["start_high"],
        "bab-online": ["schedule", "turned_joker", "throw_in_dealer", "bid_up_to_hand_size", "target_capped",
                       "board_bidder_lead", "big_lead_binds_partner", "little_lead_binds", "points_per_bid_trick",
                       "board_multipliers", "rainbow_bonus"],
    }


def test_variant_given_by_name_or_value_is_the_same():
    assert resolve_variant("strict") is VARIANTS["strict"]
    assert deal_sizes(VARIANTS["short-14"]) == deal_sizes("short-14")


def test_a_match_ends_after_the_last_scheduled_deal():
    from backalley.simulate import random_match
    m = random_match("short-14", seed=5)
    assert m.finished and m.phase == "over" and m.to_act is None
    assert [r.hand_size for r in m.history if not r.thrown_in] == list(deal_sizes("short-14"))
    assert m.totals["NS"] != m.totals["EW"]               # this seed has a winner
    assert m.winner == max(m.totals, key=m.totals.get)
    with pytest.raises(IllegalPlay, match="the match is over"):
        m.play("N", "AS")


# -- helpers ---------------------------------------------------------------------------------


def _rule(reason):
    return None if reason is None else reason.rule


def _hands(size):
    cards = [c for c in PACK if not c.is_joker]
    return {seat: cards[i * size:(i + 1) * size] for i, seat in enumerate("NESW")}


# -- RULES §9: an established revoke --------------------------------------------------------------

@pytest.mark.parametrize("bids, tricks, revoke, expected", [
    # the offending side is scored as set whatever it took; the other side on its own tricks
    ([("N", 2), ("E", 1), ("S", 1), ("W", "pass")], {"NS": 4, "EW": 1}, "NS", {"NS": -15, "EW": 5}),
    ([("N", 2), ("E", 1), ("S", 1), ("W", "pass")], {"NS": 4, "EW": 1}, "EW", {"NS": 16, "EW": -5}),
    # a board: the whole amount, at its level
    ([("N", "board"), ("E", "board"), ("S", "pass"), ("W", "pass")], {"NS": 5, "EW": 0}, "NS",
     {"NS": -50, "EW": -100}),
    ([("N", "board"), ("E", 1), ("S", "pass"), ("W", "pass")], {"NS": 5, "EW": 0}, "EW", {"NS": 50, "EW": -5}),
    # a side whose partners both passed scores nothing instead of a point per trick
    ([("N", 3), ("E", "pass"), ("S", "pass"), ("W", "pass")], {"NS": 3, "EW": 2}, "EW", {"NS": 15, "EW": 0}),
])
def test_an_established_revoke_scores_the_offenders_as_set(bids, tricks, revoke, expected):
    assert score_deal(5, bids, tricks, revoke=revoke) == expected
    other = "EW" if revoke == "NS" else "NS"
    assert score_deal(5, bids, tricks)[other] == expected[other]


def test_a_revoke_costs_the_variant_s_points_per_trick():
    bids = [("N", 2), ("E", 1), ("S", 1), ("W", "pass")]
    assert score_deal(5, bids, {"NS": 4, "EW": 1}, "standard,points_per_bid_trick=3", revoke="NS")["NS"] == -9


def test_a_revoke_is_charged_to_a_side():
    with pytest.raises(InvalidDeal, match="a revoke is charged to a side") as refused:
        score_deal(5, [("N", 2), ("E", 1), ("S", 1), ("W", "pass")], {"NS": 4, "EW": 1}, revoke="N")
    assert refused.value.rule == "revoke"


# -- RULES §2: dealing from a pack -----------------------------------------------------------------

def test_the_dealer_deals_one_card_at_a_time_clockwise_from_the_left():
    pack = parse_cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH")
    dealt = deal_pack(pack, dealer="E", hand_size=3)
    assert dealt.hands == {"S": parse_cards("2S 6S 10S"), "W": parse_cards("3S 7S JS"),
                           "N": parse_cards("4S 8S QS"), "E": parse_cards("5S 9S KS")}
    assert dealt.turned == (parse_card("AH"),) and dealt.trump == "H" and dealt.set_aside is None


def test_a_turned_joker_makes_a_no_trump_deal_and_the_other_joker_is_replaced():
    pack = list(PACK)  # BIG is the last card: deal 13 each with LITTLE turned, BIG was never dealt
    order = [c for c in pack if c not in (BIG, LITTLE)]
    dealt = deal_pack(order[:51] + [BIG, LITTLE, order[51]], dealer="N", hand_size=13)
    assert dealt.turned == (LITTLE,) and dealt.trump is None and dealt.set_aside == BIG
    assert order[51] in dealt.hands["N"] and not any(BIG in h or LITTLE in h for h in dealt.hands.values())
    # with 13 cards each there is always a 54th card to replace the joker with
    assert sum(len(h) for h in dealt.hands.values()) == 52


def test_under_the_house_rules_the_next_card_is_turned_after_a_joker():
    pack = parse_cards("2S 3S 4S 5S BIG 7D")
    for rule in ("turn-next", "bottom"):
        dealt = deal_pack(pack, dealer="W", hand_size=1, variant=f"standard,turned_joker={rule}")
        assert dealt.turned == (BIG, parse_card("7D")) and dealt.trump == "D"


@pytest.mark.parametrize("pack, message", [
    ("2S 3S 4S 5S", "needs 5 cards"),
    ("2S 3S 4S 5S 5S", "every card once"),
    ("2S 3S 4S BIG LITTLE", "runs out before a replacement"),
])
def test_a_pack_that_cannot_be_dealt_is_refused(pack, message):
    with pytest.raises(InvalidDeal, match=message):
        deal_pack(parse_cards(pack), dealer="N", hand_size=1)
