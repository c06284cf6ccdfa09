"""Property tests: random legal play of whole matches, checked against RULES.md.

Every preset of ``backalley.VARIANTS`` and a few house-rule combinations are played to the
end by a driver whose choices come from a Hypothesis-drawn seed and style (uniform, pass-heavy
bidding for throw-ins, board-heavy bidding, joker-first or trump-first leads). At every step the
driver checks the engine against an independent reading of the rules written here from
RULES.md (legal cards, trick winner, score), tries one illegal action and checks it is refused
without any change of state, and at the end of each deal checks the cards, the tricks, the
record in ``history``, the dealer rotation and the hand-size schedule.

The helpers (``oracle_legal``, ``oracle_winner``, ``oracle_score``, ``play_match``) are also
used by ``tests/test_rule_events.py``.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backalley import (
    PACK,
    RULES,
    VARIANTS,
    BackAlleyError,
    IllegalBid,
    IllegalPlay,
    Match,
    Reason,
    check_play,
    deal_sizes,
    legal_plays,
    opening_leader,
    resolve_variant,
    score_deal,
    trick_winner,
)

SEATS = ("N", "E", "S", "W")
PRESETS = tuple(VARIANTS)
HOUSE_RULES = (
    "standard,points_per_bid_trick=3",
    "standard,schedule=by-twos,rainbow_bonus=10,board_points=6",
    "standard,schedule=3/4/4/2/1,rainbow_bonus=8,throw_in_dealer=same",
    "standard,turned_joker=joker-trump,little_lead_binds=no,board_leader=first",
    "standard,bid_up_to_hand_size=yes,target_capped=yes,board_bidder_lead=no",
    "strict,board_bidder_lead=no,turned_joker=joker-trump,board_multipliers=doubled",
    "standard,points_per_bid_trick=10,board_multipliers=1/2/4/8",
    "standard,turned_joker=turn-next",
    "standard,turned_joker=bottom,big_lead_binds_partner=no",
    "standard,pass_scores_tricks=no",
    "short-14,big_lead_binds_partner=no,turned_joker=turn-next",
    "strict,tie=tiebreak,board_multipliers=doubling",
    "up-first,tie=tiebreak,points_per_bid_trick=10",
)
RESTRICTIONS = {"follow-suit", "trump-lead", "big-lead", "little-lead", "no-legal-lead"}


def left(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


def side(seat: str) -> str:
    return "NS" if seat in ("N", "S") else "EW"


# -- an independent reading of the rules (RULES.md sections 1, 4 and 5) ----------------------
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def is_joker(card) -> bool:
    return str(card) in ("BIG", "LITTLE")


def is_trump(card, trump) -> bool:
    """Jokers always belong to trumps (a deal without trumps has none in play, or only the joker
    left in play under ``turned_joker=joker-trump``: then the only trump)."""
    return is_joker(card) or (trump is not None and str(card)[-1] == trump)


def suit_for_following(card, trump) -> str:
    return "trump" if is_trump(card, trump) else str(card)[-1]


def strength(card, trump) -> int:
    """BIG > LITTLE > trump A … 2 > any plain card; plain cards by rank."""
    text = str(card)
    if text == "BIG":
        return 300
    if text == "LITTLE":
        return 299
    rank = RANKS.index(text[:-1])
    return 200 + rank if is_trump(card, trump) else rank


def oracle_legal(hand, trick, trump, trumps_broken, bid_board, variant) -> list:
    """The legal cards of ``hand``, read from RULES.md section 4 (not from the engine)."""
    hand = list(hand)
    if not trick:
        if trumps_broken or (bid_board and variant.board_bidder_lead):
            return hand
        plain = [c for c in hand if not is_trump(c, trump)]
        if len(plain) == len(hand):
            return hand
        if plain:
            return plain
        return hand if variant.all_trump_lead else []
    led = trick[0]
    same = [c for c in hand if suit_for_following(c, trump) == suit_for_following(led, trump)]
    if not same:
        return hand
    if str(led) == "LITTLE" and variant.little_lead_binds:
        return [min(same, key=lambda c: strength(c, trump))]
    if str(led) == "BIG" and (variant.big_lead_binds_partner or len(trick) != 2):
        return [max(same, key=lambda c: strength(c, trump))]
    return same


def oracle_winner(trick, trump) -> int:
    trumps = [i for i, c in enumerate(trick) if is_trump(c, trump)]
    if not trumps:
        led = suit_for_following(trick[0], trump)
        trumps = [i for i, c in enumerate(trick) if suit_for_following(c, trump) == led]
    return max(trumps, key=lambda i: strength(trick[i], trump))


def oracle_leader(bids, variant):
    """The last board bidder (or the first, ``board_leader=first``); else the highest number, the
    first of equal numbers; else nobody."""
    boards = [seat for seat, bid in bids if bid == "board"]
    if boards:
        return boards[0] if variant.board_leader == "first" else boards[-1]
    numbers = [(bid, -i, seat) for i, (seat, bid) in enumerate(bids) if isinstance(bid, int)]
    return max(numbers)[2] if numbers else None


def oracle_rainbows(dealt, trump) -> list:
    """The seats dealt one card of each suit, a joker counting as a trump (of no suit without trumps)."""
    found = []
    for seat, cards in dealt.items():
        suits = {trump if is_joker(c) else str(c)[-1] for c in cards}
        if len(cards) == 4 and suits == {"S", "H", "D", "C"}:
            found.append(seat)
    return found


def oracle_score(h, bids, tricks, variant, rainbows=()) -> dict:
    """RULES.md section 5 with the variant's house rules, each side on its own bid, plus the
    Rainbow bonus (section 7) for each seat of ``rainbows`` in a four-card deal."""
    if all(bid == "pass" for _, bid in bids):
        return {"NS": 0, "EW": 0}
    boards = [seat for seat, bid in bids if bid == "board"]
    result = {}
    for s in ("NS", "EW"):
        bonus = sum(variant.rainbow_bonus for seat in rainbows if side(seat) == s) if h == 4 else 0
        multipliers = [variant.board_multipliers[i] for i, seat in enumerate(boards) if side(seat) == s]
        t = tricks[s]
        if multipliers:
            value = variant.board_points * h * max(multipliers)
            result[s] = (value if t == h else -value) + bonus
            continue
        target = sum(bid for seat, bid in bids if side(seat) == s and isinstance(bid, int))
        if variant.target_capped:
            target = min(target, h)
        result[s] = bonus + _numeric(target, t, variant)
    return result


def _numeric(target, t, variant) -> int:
    if target == 0:
        return t if variant.pass_scores_tricks else 0
    if t >= target:
        return variant.points_per_bid_trick * target + (t - target)
    return -variant.points_per_bid_trick * target


# -- the match driver ---------------------------------------------------------------------------
BID_STYLES = ("uniform", "pass-heavy", "board-heavy")
PLAY_STYLES = ("uniform", "joker-first", "trump-first")


def choose_bid(rnd: random.Random, legal: list, style: str):
    if style == "pass-heavy" and rnd.random() < 0.75:
        return "pass"
    if style == "board-heavy" and rnd.random() < 0.4:
        return "board"
    return rnd.choice(legal)


def choose_card(rnd: random.Random, legal: list, trick: list, trump, style: str):
    if not trick and style == "joker-first":
        jokers = [c for c in legal if is_joker(c)]
        if jokers:
            return rnd.choice(jokers)
    if not trick and style == "trump-first":
        trumps = [c for c in legal if is_trump(c, trump)]
        if trumps:
            return rnd.choice(trumps)
    return rnd.choice(legal)


def snapshot(m: Match) -> tuple:
    """Everything a refused action must leave unchanged."""
    return (
        m.phase, m.to_act, m.hands, m.bids, m.trick, m.tricks_won, dict(m.totals), m.deals_played,
        m.hand_size, m.trump, m.dealer, len(m.history), m.legal_bids(), m.legal_plays(),
        m.trumps_broken, m.finished, m.stalemate,
    )


def expect_refusal(m: Match, action, rule: str | None, kind=BackAlleyError) -> None:
    """``action(m)`` must raise a ValueError (of ``kind``, with ``rule``) and change nothing."""
    before = snapshot(m)
    with pytest.raises(ValueError) as info:
        action(m)
    error = info.value
    assert isinstance(error, kind), f"{type(error).__name__}: {error}"
    if isinstance(error, BackAlleyError):
        assert error.rule in RULES
        assert str(error)
        if rule is not None:
            assert error.rule == rule, f"expected rule {rule}, got {error.rule}: {error}"
    assert snapshot(m) == before


def try_refusals(m: Match, rnd: random.Random) -> None:
    """Attempt one illegal action chosen at random and check it is refused without a trace."""
    to_act = m.to_act
    others = [s for s in SEATS if s != to_act]
    if m.phase == "over":
        expect_refusal(m, lambda m: m.bid(rnd.choice(SEATS), "pass"), "phase", IllegalBid)
        expect_refusal(m, lambda m: m.play(rnd.choice(SEATS), rnd.choice(PACK)), "phase", IllegalPlay)
        return
    if m.phase == "bid":
        h = m.hand_size
        top = h if m.variant.bid_up_to_hand_size else h - 1
        choice = rnd.randrange(5)
        if choice == 0:
            seat, bid = rnd.choice(others), rnd.choice(m.legal_bids())
            expect_refusal(m, lambda m: m.bid(seat, bid), "turn", IllegalBid)
        elif choice == 1:
            bid = rnd.choice([0, -1, top + 1, h + 1, 14, 10**20, str(top + 1), f" {h + 1} "])
            expect_refusal(m, lambda m: m.bid(to_act, bid), "bid-range", IllegalBid)
        elif choice == 2:
            bid = rnd.choice([None, True, False, 2.0, 1.5, "two", "", "1.5", [1], {"bid": 1}, b"pass"])
            expect_refusal(m, lambda m: m.bid(to_act, bid), "bid-value", IllegalBid)
        elif choice == 3:
            card = rnd.choice(m.hands[to_act])
            expect_refusal(m, lambda m: m.play(to_act, card), "phase", IllegalPlay)
        else:
            seat = rnd.choice(["X", "", "NE", "north", 0, None])
            expect_refusal(m, lambda m: m.bid(seat, "pass"), "seat")
        return
    hand = m.hands[to_act]
    legal = m.legal_plays()
    choice = rnd.randrange(5)
    if choice == 0:
        seat = rnd.choice(others)
        card = rnd.choice(m.hands[seat]) if m.hands[seat] else rnd.choice(PACK)
        expect_refusal(m, lambda m: m.play(seat, card), "turn", IllegalPlay)
    elif choice == 1:
        card = rnd.choice([c for c in PACK if c not in hand])
        text = rnd.choice([card, str(card), str(card).lower()])
        expect_refusal(m, lambda m: m.play(to_act, text), "not-in-hand", IllegalPlay)
    elif choice == 2:
        illegal = [c for c in hand if c not in legal]
        if illegal:
            card = rnd.choice(illegal)
            rule = m.constraint
            assert rule in RESTRICTIONS
            expect_refusal(m, lambda m: m.play(to_act, card), rule, IllegalPlay)
    elif choice == 3:
        expect_refusal(m, lambda m: m.bid(to_act, "pass"), "phase", IllegalBid)
    else:
        text = rnd.choice(["ZZ", "1S", "11H", "", "JOKER", "A S", None, 54, 3.5])
        expect_refusal(m, lambda m: m.play(to_act, text), None, ValueError)


class DealTracker:
    """What the driver saw of one deal, checked against the engine when the deal ends."""

    def __init__(self, m: Match):
        self.h = m.hand_size
        self.dealer = m.dealer
        self.trump = m.trump
        self.turned = tuple(m.turned)
        self.tiebreak = m.in_tiebreak
        self.dealt = {seat: tuple(cards) for seat, cards in m.hands.items()}
        self.bids: list = []
        self.played: list = []
        self.trick: list = []
        self.leader = None
        self.won = {"NS": 0, "EW": 0}
        self.trumps_broken = False
        self.bid_board = {seat: False for seat in SEATS}


def check_new_deal(m: Match, deal: DealTracker, previous: DealTracker | None, variant) -> None:
    """The cards, trumps, dealer and hand size of a deal that has just been dealt."""
    h = deal.h
    every = [c for cards in deal.dealt.values() for c in cards]
    assert all(len(cards) == h for cards in deal.dealt.values())
    assert len(set(every)) == 4 * h, "a card is in two hands"
    assert not set(deal.turned) & set(every), "the turned card is in a hand"
    if variant.turned_joker in ("no-trump", "joker-trump"):
        assert len(deal.turned) == 1
        assert (deal.trump is None) == is_joker(deal.turned[0])
    else:  # turn the next card: jokers turned before the plain card that gives trumps
        assert all(is_joker(c) for c in deal.turned[:-1])
        assert (deal.trump is None) == is_joker(deal.turned[-1])
        if deal.trump is None:  # only when the pack ran out of plain cards
            assert h == 13 and len(deal.turned) == 2
    if deal.trump is None and variant.turned_joker == "joker-trump":
        assert not set(deal.turned) & set(every), "the joker turned is in a hand"
    elif deal.trump is None:
        assert not any(is_joker(c) for c in every), "a no-trump deal has a joker in a hand"
    else:
        assert str(deal.turned[-1])[-1] == deal.trump
    sizes = deal_sizes(variant)
    done = [r for r in m.history if not r.thrown_in]
    assert m.deals_played == len(done)
    if deal.tiebreak:
        assert h == max(sizes)
        assert m.phase == "play" and m.bids == [] and m.legal_bids() == []
        assert m.to_act == left(deal.dealer), "the player left of the dealer leads the tie-break deal"
    else:
        assert h == sizes[m.deals_played]
        assert m.phase == "bid" and m.bids == [] and m.to_act == left(deal.dealer)
    if previous is None:
        return
    again = m.history and m.history[-1].thrown_in and not deal.tiebreak
    if again and variant.throw_in_dealer == "same":
        assert deal.dealer == previous.dealer, "the same dealer deals again after four passes"
    else:
        assert deal.dealer == left(previous.dealer), "the deal passes clockwise"
    if again:
        assert h == m.history[-1].hand_size, "a thrown-in deal is dealt again with the same size"


def check_finished_deal(m: Match, deal: DealTracker, variant) -> None:
    """The record of a deal that has just ended, against what the driver saw."""
    played = sorted(c for _, c in deal.played)
    if deal.tiebreak:
        assert deal.bids == []
        assert played == sorted(c for cards in deal.dealt.values() for c in cards)
        assert m.tiebreak == deal.won
        assert sum(deal.won.values()) == deal.h
        return
    record = m.history[-1]
    assert record.hand_size == deal.h and record.dealer == deal.dealer
    assert record.trump == deal.trump and tuple(record.turned) == deal.turned
    assert list(record.bids) == deal.bids
    thrown = all(bid == "pass" for _, bid in deal.bids)
    assert record.thrown_in == thrown
    if thrown:
        assert played == [] and record.tricks_won == {"NS": 0, "EW": 0}
        assert record.score == {"NS": 0, "EW": 0}
        return
    assert played == sorted(c for cards in deal.dealt.values() for c in cards), "each card once"
    assert record.tricks_won == deal.won
    assert sum(record.tricks_won.values()) == deal.h
    rainbows = oracle_rainbows(deal.dealt, deal.trump)
    assert record.score == oracle_score(deal.h, deal.bids, deal.won, variant, rainbows)
    assert record.score == score_deal(deal.h, deal.bids, deal.won, variant, rainbows=rainbows)


def check_positions(m: Match, deal: DealTracker, variant) -> None:
    """``legal_plays`` and ``check_play`` agree with each other and with the match."""
    seat = m.to_act
    hand = m.hands[seat]
    trick = [c for _, c in deal.trick]
    keywords = dict(trump_played=deal.trumps_broken, bid_board=deal.bid_board[seat], variant=variant)
    legal = m.legal_plays()
    assert sorted(legal_plays(hand, trick, m.trump, **keywords)) == sorted(legal)
    outside = [c for c in PACK if c not in hand and c not in trick]
    for card in list(hand) + outside[::9]:
        reason = check_play(card, hand, trick, m.trump, **keywords)
        assert (reason is None) == (card in legal)
        if reason is not None:
            assert isinstance(reason, Reason) and reason.rule in RULES and reason.message
            assert reason.rule == ("not-in-hand" if card not in hand else m.constraint)


def play_match(variant, seed: int, bid_style="uniform", play_style="uniform", dealer="N",
               refusals=True, positions=0.25, observe=None):
    """Play one match with seeded random legal choices, checking everything on the way.

    Returns ``(match, log)``: ``log`` lists every action taken. ``observe(m, deal, action)``,
    if given, is called before each action (``action`` is ``("bid", bid)`` or ``("play", card)``).
    """
    v = resolve_variant(variant)
    m = Match(variant=v, dealer=dealer, seed=seed)
    choices = random.Random(seed)
    chaos = random.Random(~seed)
    log = []
    sizes = deal_sizes(v)
    deal = DealTracker(m)
    assert deal.dealer == dealer
    check_new_deal(m, deal, None, v)
    key = (len(m.history), m.in_tiebreak)
    while True:
        if refusals:
            try_refusals(m, chaos)
        if m.finished:
            break
        seat = m.to_act
        if m.phase == "bid":
            legal = m.legal_bids()
            assert legal == ["pass", *range(1, m.hand_size + v.bid_up_to_hand_size), "board"]
            assert m.legal_plays() == [] and m.stalemate is None
            bid = choose_bid(choices, legal, bid_style)
            if observe:
                observe(m, deal, ("bid", bid))
            m.bid(seat, bid)
            log.append((seat, bid))
            deal.bids.append((seat, bid))
            deal.bid_board[seat] = bid == "board"
            if len(deal.bids) == 4 and m.phase == "play" and len(m.history) == key[0]:
                assert m.to_act == m.leader == oracle_leader(deal.bids, v) == opening_leader(deal.bids, v)
        else:
            assert m.phase == "play"
            assert m.trick == deal.trick and m.trumps_broken == deal.trumps_broken
            assert m.tricks_won == deal.won
            hand = m.hands[seat]
            trick = [c for _, c in deal.trick]
            legal = m.legal_plays()
            expected = oracle_legal(hand, trick, m.trump, deal.trumps_broken, deal.bid_board[seat], v)
            assert sorted(legal) == sorted(expected), (hand, trick, m.trump)
            if not legal:
                # Only the strict reading leaves a hand without a legal card: all trumps, on lead,
                # before trumps are broken, and the player did not bid board.
                assert not v.all_trump_lead
                assert not trick and not deal.trumps_broken and not deal.bid_board[seat]
                assert hand and all(is_trump(c, m.trump) for c in hand)
                assert m.stalemate[:2] == ("no-legal-lead", m.stalemate.message)
                assert m.stalemate.message and m.constraint == "no-legal-lead"
                for card in hand:
                    expect_refusal(m, lambda m: m.play(seat, card), "no-legal-lead", IllegalPlay)
                assert not m.finished
                return m, log
            assert m.stalemate is None
            if chaos.random() < positions:
                check_positions(m, deal, v)
            card = choose_card(choices, legal, trick, m.trump, play_style)
            if observe:
                observe(m, deal, ("play", card))
            if not trick:
                deal.leader = seat
            m.play(seat, card)
            log.append((seat, card))
            deal.played.append((seat, card))
            deal.trick.append((seat, card))
            if is_trump(card, deal.trump):
                deal.trumps_broken = True
            if len(deal.trick) == 4:
                cards = [c for _, c in deal.trick]
                index = oracle_winner(cards, deal.trump)
                assert trick_winner(cards, deal.trump, v) == index
                winner = deal.trick[index][0]
                deal.won[side(winner)] += 1
                if (len(m.history), m.in_tiebreak) == key and not m.finished:
                    assert m.to_act == winner, "the winner of a trick leads the next"
                    last = m.tricks[-1]
                    assert (last.leader, last.cards, last.winner) == (deal.leader, tuple(deal.trick), winner)
                    assert len(m.tricks) == sum(deal.won.values())
                deal.trick = []
        new_key = (len(m.history), m.in_tiebreak)
        if new_key != key or m.finished:
            check_finished_deal(m, deal, v)
            if m.finished:
                continue
            key, previous = new_key, deal
            deal = DealTracker(m)
            check_new_deal(m, deal, previous, v)
    # the end of the match
    assert m.phase == "over" and m.to_act is None
    assert m.legal_bids() == [] and m.legal_plays() == [] and m.stalemate is None
    assert m.deals_played == len(sizes)
    assert tuple(r.hand_size for r in m.history if not r.thrown_in) == sizes
    for before, after in zip(m.history, m.history[1:]):
        same = before.thrown_in and v.throw_in_dealer == "same"
        assert after.dealer == (before.dealer if same else left(before.dealer))
        if before.thrown_in:
            assert after.hand_size == before.hand_size
    assert m.totals == {s: sum(r.score[s] for r in m.history) for s in ("NS", "EW")}
    ns, ew = m.totals["NS"], m.totals["EW"]
    if ns != ew:
        assert m.tiebreak is None and m.winner == ("NS" if ns > ew else "EW")
    elif v.tie == "draw":
        assert m.tiebreak is None and m.winner is None
    else:
        t = m.tiebreak
        assert t is not None and t["NS"] != t["EW"]
        assert m.winner == ("NS" if t["NS"] > t["EW"] else "EW")
    return m, log


# -- Hypothesis tests ---------------------------------------------------------------------------
games = st.tuples(
    st.integers(0, 2**32 - 1), st.sampled_from(BID_STYLES), st.sampled_from(PLAY_STYLES),
    st.sampled_from(SEATS),
)
FAST = dict(deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=10, **FAST)
@given(game=games)
def test_whole_matches_of_every_preset(preset, game):
    seed, bid_style, play_style, dealer = game
    play_match(preset, seed, bid_style, play_style, dealer)


@pytest.mark.parametrize("spec", HOUSE_RULES)
@settings(max_examples=5, **FAST)
@given(game=games)
def test_whole_matches_with_house_rules(spec, game):
    seed, bid_style, play_style, dealer = game
    play_match(spec, seed, bid_style, play_style, dealer)


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=3, **FAST)
@given(game=games)
def test_replaying_a_seed_gives_the_same_match(preset, game):
    seed, bid_style, play_style, dealer = game
    assert Match(preset, dealer, seed).hands == Match(preset, dealer, seed).hands
    first, log1 = play_match(preset, seed, bid_style, play_style, dealer, refusals=False, positions=0)
    second, log2 = play_match(preset, seed, bid_style, play_style, dealer, refusals=True, positions=1)
    assert log1 == log2
    assert first.history == second.history
    assert (first.totals, first.winner, first.tiebreak, first.finished) == (
        second.totals, second.winner, second.tiebreak, second.finished)


def test_the_strict_stalemate_happens_and_only_in_strict():
    """Some seed reaches an all-trump lead: strict reports it, standard lets the hand lead."""
    for seed in range(40):
        m, _ = play_match("strict", seed, refusals=False, positions=0)
        if not m.finished:
            break
    else:
        pytest.fail("no strict stalemate in 40 seeds")
    assert m.stalemate.rule == "no-legal-lead"
    standard, _ = play_match("standard", seed, refusals=False, positions=0)
    assert standard.finished


# -- random positions, outside a match ------------------------------------------------------
@st.composite
def positions(draw):
    trump = draw(st.sampled_from(["S", "H", "D", "C", None]))
    pack = [c for c in PACK if trump is not None or not is_joker(c)]
    cards = draw(st.permutations(pack))
    size = draw(st.integers(1, 13))
    trick_size = draw(st.integers(0, 3))
    hand = cards[:size]
    trick = cards[size:size + trick_size]
    if draw(st.booleans()) and trump is not None:  # make joker leads frequent
        jokers = [c for c in PACK if is_joker(c) and c not in hand]
        if jokers and trick:
            trick[0] = draw(st.sampled_from(jokers))
            trick = list(dict.fromkeys(trick))
    return hand, trick, trump, draw(st.booleans()), draw(st.booleans())


@pytest.mark.parametrize("spec", ["standard", "strict", "standard,big_lead_binds_partner=no"])
@settings(max_examples=300, **FAST)
@given(position=positions())
def test_legal_plays_and_check_play_agree_at_random_positions(spec, position):
    hand, trick, trump, broken, board = position
    v = resolve_variant(spec)
    keywords = dict(trump_played=broken, bid_board=board, variant=spec)
    legal = legal_plays([str(c) for c in hand], trick, trump, **keywords)
    assert sorted(legal) == sorted(oracle_legal(hand, trick, trump, broken, board, v))
    assert set(legal) <= set(hand)
    if trick or v.all_trump_lead:
        assert legal, "a legal card always exists outside the strict all-trump lead"
    for card in list(hand) + [c for c in PACK if c not in hand and c not in trick][::7]:
        reason = check_play(card, hand, trick, trump, **keywords)
        assert (reason is None) == (card in legal)
        if reason is not None:
            assert reason.rule in RULES and reason.message
            if card not in hand:
                assert reason.rule == "not-in-hand"
            else:
                assert reason.rule in RESTRICTIONS
    if len(trick) >= 1:
        full = trick + [c for c in hand if c not in trick][: 4 - len(trick)]
        assert trick_winner(full, trump) == oracle_winner(full, trump)


# -- score_deal: independent invariants -------------------------------------------------------
@st.composite
def scored_deals(draw):
    h = draw(st.integers(1, 13))
    first = draw(st.integers(0, 3))
    order = [SEATS[(first + i) % 4] for i in range(4)]
    bid = st.sampled_from(["pass", "board", *range(1, h)])
    bids = [(seat, draw(bid)) for seat in order]
    ns = draw(st.integers(0, h))
    return h, bids, {"NS": ns, "EW": h - ns}


@pytest.mark.parametrize("spec", ["standard", "standard,points_per_bid_trick=3,board_multipliers=1/2/4/8",
                                  "standard,pass_scores_tricks=no,points_per_bid_trick=10"])
@settings(max_examples=300, **FAST)
@given(deal=scored_deals(), other=st.lists(st.sampled_from(["pass", "board", 1, 2, 3, 5, 12]), min_size=2, max_size=2))
def test_score_deal_invariants(spec, deal, other):
    h, bids, tricks = deal
    v = resolve_variant(spec)
    score = score_deal(h, bids, tricks, spec)
    assert score == oracle_score(h, bids, tricks, v)
    if all(b == "pass" for _, b in bids):
        assert score == {"NS": 0, "EW": 0}
        return
    boards = [seat for seat, b in bids if b == "board"]
    for s in ("NS", "EW"):
        pool = list(other)
        mine = [b for seat, b in bids if side(seat) == s]
        if "board" in mine:
            # a board side scores ±10·h·m, m one of the variant's multipliers
            m = max(v.board_multipliers[i] for i, seat in enumerate(boards) if side(seat) == s)
            assert score[s] == (10 * h * m if tricks[s] == h else -10 * h * m)
            assert abs(score[s]) in {10 * h * x for x in v.board_multipliers}
        elif mine == ["pass", "pass"]:
            assert score[s] == (tricks[s] if v.pass_scores_tricks else 0)
        else:
            # a numeric side's score does not depend on the other side's bids
            changed = [(seat, b if side(seat) == s else _fit(pool.pop(), h)) for seat, b in bids]
            if all(b == "pass" for _, b in changed):
                continue
            assert score_deal(h, changed, tricks, spec)[s] == score[s]
            target = sum(b for b in mine if isinstance(b, int))
            made = tricks[s] >= target
            assert (score[s] >= target * v.points_per_bid_trick) if made else score[s] == -v.points_per_bid_trick * target


def _fit(bid, h):
    """A bid valid in a deal of ``h`` cards."""
    return bid if not isinstance(bid, int) or bid < h else "pass"
