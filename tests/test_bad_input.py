"""Fuzzing bad input: every refusal is a ValueError, never another exception type.

Actions and inputs that the rules refuse (bids, plays, seats, tricks, hand sizes, variants,
deals) must raise a ``backalley.BackAlleyError`` (a ``ValueError``) whose ``rule`` is one of
``backalley.RULES``, and a refused action changes nothing. Text that is not a card raises a
plain ``ValueError`` naming the text (cards are parsed, not refused by a rule). The command
line answers anything with status 0 or 2, and with status 2 prints exactly one line on stderr.

Each family has a main fuzz test and, where the engine is known to slip, a small test of the
exact inputs that make it slip, so that the main tests keep checking everything else.
"""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from backalley import (
    PACK,
    RULES,
    BackAlleyError,
    Deal,
    IllegalBid,
    IllegalPlay,
    InvalidDeal,
    InvalidVariant,
    Match,
    Variant,
    check_play,
    deal_sizes,
    legal_bids,
    legal_plays,
    opening_leader,
    options,
    parse_card,
    resolve_variant,
    score_deal,
    trick_winner,
)
from backalley.cli import main

SEATS = ("N", "E", "S", "W")
CARD_TEXTS = {str(c) for c in PACK} | {"T" + s for s in "SHDC"}
FUZZ = dict(deadline=None, derandomize=True, database=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
PASSES = [("N", "pass"), ("E", "pass"), ("S", "pass"), ("W", "pass")]


def snapshot(m):
    return (m.phase, m.to_act, m.hands, m.bids, m.trick, m.tricks_won, dict(m.totals),
            m.deals_played, m.hand_size, m.trump, m.dealer, len(m.history), m.legal_bids(),
            m.legal_plays())


def refused(call, rules=None, kind=BackAlleyError):
    """``call()`` raises ``kind`` (a ValueError) with a rule in ``rules``; returns the error."""
    try:
        call()
    except ValueError as error:
        assert isinstance(error, kind), f"{type(error).__name__} instead of {kind.__name__}: {error}"
        if isinstance(error, BackAlleyError):
            assert error.rule in RULES and str(error)
            if rules is not None:
                assert error.rule in rules, f"rule {error.rule}, expected one of {rules}: {error}"
        return error
    raise AssertionError("accepted")


def all_refused(cases, check):
    """Run ``check(case)`` for every case; fail once, naming every case that slipped through."""
    slipped = []
    for case in cases:
        try:
            check(case)
        except Exception as error:  # noqa: BLE001 - collected and reported below
            text = f"{type(error).__name__}: {error}".splitlines()[0]
            slipped.append(f"{_short(case)}: {_short(text, 160)}")
    assert not slipped, "\n".join(slipped)


def _short(value, width=60):
    text = value if isinstance(value, str) and width > 60 else repr(value)
    return text if len(text) <= width else text[:width - 5] + "…" + text[-4:]


def refused_unchanged(m, call, rules=None, kind=BackAlleyError):
    before = snapshot(m)
    error = refused(call, rules, kind)
    assert snapshot(m) == before, "a refused action changed the state"
    return error


def advance(m, steps, rnd):
    """Play ``steps`` random legal actions (fewer if the match ends or is stuck)."""
    for _ in range(steps):
        if m.finished:
            break
        if m.phase == "bid":
            m.bid(m.to_act, rnd.choice(m.legal_bids()))
        else:
            legal = m.legal_plays()
            if not legal:
                break
            m.play(m.to_act, rnd.choice(legal))
    return m


def in_play(seed, steps):
    """A standard match at a random moment of play."""
    m = Match(seed=seed)
    rnd = random.Random(seed)
    while m.phase != "play":  # the first deal's bids (again if all four passed)
        advance(m, 1, rnd)
    return advance(m, steps % 40, rnd)


# -- seats and turns -------------------------------------------------------------------------
def is_seat(value) -> bool:
    return isinstance(value, str) and value.strip().upper() in SEATS


hashable_junk = st.one_of(
    st.text(max_size=6), st.sampled_from(["X", "NE", "North", "", " ", "n s", "EAST", "NN", "0"]),
    st.integers(), st.none(), st.floats(), st.booleans(), st.binary(max_size=3),
    st.tuples(st.sampled_from(SEATS)),
)
bad_seats = hashable_junk.filter(lambda s: not is_seat(s))


@settings(max_examples=150, **FUZZ)
@given(seat=bad_seats, seed=st.integers(0, 10**6), steps=st.integers(0, 60))
def test_bad_seat_names_are_refused(seat, seed, steps):
    m = in_play(seed, steps)
    refused_unchanged(m, lambda: m.play(seat, "AS"), {"seat"})
    refused_unchanged(m, lambda: m.bid(seat, "pass"), {"seat"})
    fresh = Match(seed=seed)
    refused_unchanged(fresh, lambda: fresh.bid(seat, "pass"), {"seat"})
    refused(lambda: Match(dealer=seat), {"seat"})
    refused(lambda: Deal({"N": ["AS"], "E": ["KS"], "S": ["QS"], "W": ["JS"]}, "H", seat), {"seat"})
    refused(lambda: Deal({seat: ["AS"], "E": ["KS"], "S": ["QS"], "W": ["JS"]}, "H", "N"), {"seat", "hands"})
    refused(lambda: score_deal(2, [(seat, 1), ("E", "pass"), ("S", "pass"), ("W", "pass")],
                               {"NS": 1, "EW": 1}), {"seat", "bids"})
    if seat is not None:  # None: see test_opening_leader_refuses_a_missing_seat
        refused(lambda: opening_leader([("N", 1), (seat, 2)]), {"seat"})


def test_opening_leader_refuses_a_missing_seat():
    """A None seat with the best bid must not read as "all passed" (None means a throw-in)."""
    cases = [[("N", 1), (None, 2)], [(None, "board")], [("E", "pass"), (None, 3)]]
    all_refused(cases, lambda bids: refused(lambda: opening_leader(bids), {"seat"}))


def test_unhashable_seats_are_refused_with_a_value_error():
    """``seat_index`` turns these into ``InvalidDeal``; ``Deal.bid``/``play`` must do the same."""
    m, fresh = in_play(1, 5), Match()

    def check(seat):
        refused(lambda: Match(dealer=seat), {"seat"})
        refused_unchanged(m, lambda: m.play(seat, "AS"), {"seat"})
        refused_unchanged(fresh, lambda: fresh.bid(seat, "pass"), {"seat"})

    all_refused([["N"], {"N": 1}, {"N"}, bytearray(b"N")], check)


@settings(max_examples=100, **FUZZ)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 400), who=st.integers(1, 3),
       case=st.sampled_from(["", "lower", "space"]))
def test_acting_out_of_turn_is_refused(seed, steps, who, case):
    m = advance(Match(seed=seed), steps, random.Random(seed))
    assume(not m.finished and not (m.phase == "play" and not m.legal_plays()))
    seat = SEATS[(SEATS.index(m.to_act) + who) % 4]
    text = {"": seat, "lower": seat.lower(), "space": f" {seat} "}[case]
    if m.phase == "bid":
        refused_unchanged(m, lambda: m.bid(text, "pass"), {"turn"}, IllegalBid)
        refused_unchanged(m, lambda: m.play(m.to_act, m.hands[m.to_act][0]), {"phase"}, IllegalPlay)
    else:
        card = m.hands[seat][0] if m.hands[seat] else "AS"
        refused_unchanged(m, lambda: m.play(text, card), {"turn"}, IllegalPlay)
        refused_unchanged(m, lambda: m.bid(m.to_act, "pass"), {"phase"}, IllegalBid)


# -- cards ---------------------------------------------------------------------------------------
@settings(max_examples=300, **FUZZ)
@given(text=st.one_of(st.text(max_size=8), st.text(alphabet="0123456789TJQKASHDCBIGLTE tx", max_size=7),
                      st.integers(), st.none(), st.floats(), st.binary(max_size=3),
                      st.lists(st.sampled_from(["A", "S"]), max_size=2)))
@example(text="1")
@example(text="11S")
@example(text="10")
@example(text="JOKER")
@example(text="A♠")
@example(text="")
def test_unknown_card_texts_raise_a_value_error_naming_the_text(text):
    if isinstance(text, str) and text.strip().upper() in CARD_TEXTS:
        card = parse_card(text)
        upper = text.strip().upper()
        assert str(card) == ("10" + upper[1] if upper in ("TS", "TH", "TD", "TC") else upper)
        return
    error = refused(lambda: parse_card(text), kind=ValueError)
    assert repr(text) in str(error), "the message names the bad text"
    refused(lambda: legal_plays(["AS", text], [], "H"), kind=ValueError)
    refused(lambda: legal_plays(["AS"], [text], "H"), kind=ValueError)
    refused(lambda: check_play(text, ["AS", "KH"], [], "H"), kind=ValueError)
    refused(lambda: trick_winner(["AS", text], "H"), kind=ValueError)
    refused(lambda: Deal({"N": [text], "E": ["KS"], "S": ["QS"], "W": ["JS"]}, "H", "N"), kind=ValueError)
    m = in_play(7, 9)
    refused_unchanged(m, lambda: m.play(m.to_act, text), kind=ValueError)


@settings(max_examples=100, **FUZZ)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 40), pick=st.integers(0, 53), spelling=st.booleans())
def test_cards_not_in_hand_are_refused(seed, steps, pick, spelling):
    m = in_play(seed, steps)
    assume(m.phase == "play" and m.legal_plays())
    hand = m.hands[m.to_act]
    outside = [c for c in PACK if c not in hand]
    card = outside[pick % len(outside)]
    refused_unchanged(m, lambda: m.play(m.to_act, str(card).lower() if spelling else card),
                      {"not-in-hand"}, IllegalPlay)
    trick = [c for _, c in m.trick]
    if card not in trick:
        reason = check_play(card, hand, trick, m.trump, trump_played=m.trumps_broken,
                            variant="standard")
        assert reason.rule == "not-in-hand" and str(card) in reason.message


@settings(max_examples=60, **FUZZ)
@given(trump=st.sampled_from(["S", "H", None]), junk=st.sampled_from(["", "X", "NT ", "spades", "SH", 1, 1.0, ["S"]]))
def test_bad_trick_and_trump_inputs(trump, junk):
    refused(lambda: legal_plays(["AS"], ["2H", "3H", "4H", "5H"], trump), {"phase"})
    refused(lambda: legal_plays(["AS", "AS"], [], trump), {"hands"})
    refused(lambda: legal_plays(["AS"], ["AS"], trump), {"hands"})
    refused(lambda: trick_winner([], trump), {"hands"})
    refused(lambda: trick_winner(["AS", "AS"], trump), {"hands"})
    refused(lambda: trick_winner(["AS", "KS", "QS", "JS", "10S"], trump), {"hands"})
    if trump is None:
        refused(lambda: legal_plays(["BIG", "AS"], [], None), {"hands"})
        refused(lambda: trick_winner(["LITTLE", "AS"], None), {"hands"})
    if junk not in ("", "NT "):
        refused(lambda: legal_plays(["AS"], [], junk), kind=ValueError)
        refused(lambda: trick_winner(["AS"], junk), kind=ValueError)
        refused(lambda: Deal({"N": ["AS"], "E": ["KS"], "S": ["QS"], "W": ["JS"]}, junk, "N"), kind=ValueError)


# -- bids ---------------------------------------------------------------------------------------
def bid_meaning(value, h):
    """What a valid bid spelling means, or None when the rules refuse it (with ``h`` cards)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 1 <= value < h else None
    if isinstance(value, str):
        text = value.strip().lower()
        if text in ("pass", "board"):
            return text
        if text.isascii() and text.isdigit():  # a bid is written in ASCII digits, not ٣ or ²
            return int(text) if 1 <= int(text) < h else None
    return None


def unreadable_digits(value) -> bool:
    """Text that ``str.isdigit`` accepts but ``int`` cannot read (superscripts, huge numbers)."""
    if not isinstance(value, str) or not value.strip().isdigit():
        return False
    try:
        int(value.strip())
    except ValueError:
        return True
    return False


def unreadable_number(text) -> bool:
    """An option value that looks like a number or a list of numbers but that ``int`` cannot read."""
    text = text.strip().lower()
    if unreadable_digits(text.lstrip("-")) or (text.lstrip("-").isdigit() and text.count("-") > 1):
        return True
    parts = text.replace("x", "").split("/")
    return len(parts) > 1 and all(p.isdigit() for p in parts) and any(unreadable_digits(p) for p in parts)


bid_values = st.one_of(
    st.integers(), st.integers(-3, 16), st.booleans(), st.none(), st.floats(), st.text(max_size=6),
    st.text(alphabet="0123456789 -+.e", max_size=4), st.binary(max_size=3),
    st.lists(st.integers(0, 3), max_size=2), st.tuples(st.just("pass")),
    st.sampled_from([" PASS", "Board ", "13", "0", "12", " 7 ", "-3", "+3", "3.0", "1e1", "٣", "pass!", "no"]),
)


@settings(max_examples=300, **FUZZ)
@given(value=bid_values, seed=st.integers(0, 1000), deals=st.integers(0, 30))
def test_bad_bid_values_are_refused(value, seed, deals):
    assume(not unreadable_digits(value))
    m = Match(seed=seed)
    rnd = random.Random(seed)
    while m.deals_played < deals % 26:
        advance(m, 1, rnd)
    while m.phase != "bid":  # a deal's start
        advance(m, 1, rnd)
    h, seat = m.hand_size, m.to_act
    meaning = bid_meaning(value, h)
    if meaning is None:
        refused_unchanged(m, lambda: m.bid(seat, value), {"bid-value", "bid-range"}, IllegalBid)
        bids = [(seat, value)] + [(SEATS[(SEATS.index(seat) + i) % 4], "pass") for i in (1, 2, 3)]
        refused(lambda: score_deal(h, bids, {"NS": h, "EW": 0}), {"bid-value", "bid-range"}, IllegalBid)
    else:
        m.bid(seat, value)
        assert m.bids[-1] == (seat, meaning)


def test_bids_that_look_like_digits_are_refused_as_bids():
    """``str.isdigit`` is true for these, but they are not whole numbers ``int`` can read."""
    m = Match()
    all_refused(["²", "³", "¹", "①", "9" * 5000], lambda value: refused_unchanged(
        m, lambda: m.bid(m.to_act, value), {"bid-value", "bid-range"}, IllegalBid))


@settings(max_examples=200, **FUZZ)
@given(h=st.integers(1, 13), value=st.one_of(st.integers(-10**6, 0), st.integers(13, 10**30)), first=st.integers(0, 3),
       spell=st.booleans())
def test_number_bids_out_of_range_for_the_hand_size(h, value, first, spell):
    value = value if value <= 0 or value >= h else h  # 1..h-1 is allowed: use h instead
    assume(not (spell and value < 0))  # "-3" is not a number spelling at all (bid-value)
    bid = str(value) if spell else value
    order = [SEATS[(first + i) % 4] for i in range(4)]
    bids = [(order[0], bid)] + [(s, "pass") for s in order[1:]]
    error = refused(lambda: score_deal(h, bids, {"NS": h, "EW": 0}), {"bid-range"}, IllegalBid)
    assert str(value) in str(error)
    hands = {s: [PACK[13 * i + k] for k in range(h)] for i, s in enumerate(SEATS)}
    dealer = SEATS[(first + 3) % 4]
    refused(lambda: Deal(hands, "S", dealer, bids=[bid]), {"bid-range"}, IllegalBid)
    assert legal_bids(h)[1:-1] == list(range(1, h))


bid_lists = st.one_of(
    st.none(), st.integers(), st.text(max_size=5), st.lists(st.sampled_from(SEATS), max_size=5),
    st.lists(st.tuples(st.sampled_from(SEATS), st.sampled_from(["pass", 1, "board"])), max_size=6),
    st.lists(st.tuples(st.sampled_from(SEATS), st.sampled_from(["pass", 1]), st.just(0)), max_size=4),
    st.dictionaries(st.sampled_from(SEATS), st.sampled_from(["pass", 1])),
    st.permutations(PASSES),
)


def clockwise_four(bids) -> bool:
    """Four (seat, bid) pairs from the four seats in clockwise order (valid bids assumed)."""
    if not isinstance(bids, list) or len(bids) != 4:
        return False
    if not all(isinstance(pair, tuple) and len(pair) == 2 for pair in bids):
        return False
    start = SEATS.index(bids[0][0])
    return [seat for seat, _ in bids] == [SEATS[(start + i) % 4] for i in range(4)]


@settings(max_examples=200, **FUZZ)
@given(bids=bid_lists)
def test_bid_lists_must_be_four_bids_clockwise(bids):
    assume(not clockwise_four(bids))
    refused(lambda: score_deal(3, bids, {"NS": 1, "EW": 2}), {"bids"}, InvalidDeal)


# -- tricks and hand sizes -----------------------------------------------------------------------
def valid_tricks(tricks, h) -> bool:
    return (isinstance(tricks, dict) and set(tricks) == {"NS", "EW"}
            and all(type(t) is int and t >= 0 for t in tricks.values()) and sum(tricks.values()) == h)


counts = st.one_of(st.integers(-3, 16), st.integers(), st.booleans(), st.floats(), st.none(), st.text(max_size=3))
tricks_values = st.one_of(
    st.fixed_dictionaries({"NS": counts, "EW": counts}),
    st.fixed_dictionaries({"NS": st.integers(0, 14), "EW": st.integers(0, 14)}),
    st.dictionaries(st.sampled_from(["NS", "EW", "N", "S", "ns", "SN", "WE", 0, None]), counts, max_size=3),
    st.lists(st.integers(0, 13), max_size=3), st.tuples(st.integers(0, 13), st.integers(0, 13)),
    st.none(), st.integers(), st.text(max_size=4), st.sets(st.sampled_from(["NS", "EW"])),
)


@settings(max_examples=300, **FUZZ)
@given(h=st.integers(1, 13), tricks=tricks_values, boards=st.booleans())
def test_tricks_that_do_not_add_up_are_refused(h, tricks, boards):
    assume(not valid_tricks(tricks, h))
    assume(boards or (tricks is not None and tricks != {"NS": 0, "EW": 0}))  # a thrown-in deal takes those
    bids = [("N", "board" if boards else "pass"), ("E", "pass"), ("S", "pass"), ("W", "pass")]
    refused(lambda: score_deal(h, bids, tricks), {"tricks"}, InvalidDeal)


bad_sizes = st.one_of(st.integers(max_value=0), st.integers(min_value=14), st.booleans(), st.floats(),
                      st.none(), st.text(max_size=3), st.sampled_from(["5", 5.0, 13.0, [5], (5,)]))


@settings(max_examples=200, **FUZZ)
@given(size=bad_sizes.filter(lambda s: not isinstance(s, bool)))
def test_bad_hand_sizes_are_refused(size):
    refused(lambda: score_deal(size, PASSES, {"NS": 0, "EW": 0}), {"hands"}, InvalidDeal)
    refused(lambda: legal_bids(size), {"hands"}, InvalidDeal)
    if isinstance(size, int) and 14 <= size <= 30:
        hands = {s: [PACK[(13 * i + k) % 54] for k in range(size)] for i, s in enumerate(SEATS)}
        refused(lambda: Deal(hands, "S", "N"), {"hands"}, InvalidDeal)


def test_a_bool_is_not_a_hand_size():
    """``score_deal`` refuses ``True`` as a hand size; ``legal_bids`` must too."""

    def check(size):
        refused(lambda: score_deal(size, PASSES, {"NS": 0, "EW": 0}), {"hands"}, InvalidDeal)
        refused(lambda: legal_bids(size), {"hands"}, InvalidDeal)

    all_refused([True, False], check)


# -- variants ----------------------------------------------------------------------------------
OPTION_NAMES = [f.name for f in options()]
variant_specs = st.one_of(
    st.text(max_size=12),
    st.builds(
        lambda preset, parts: ",".join([preset] + parts),
        st.sampled_from(["standard", "strict", "short-14", "tiebreak", "Standard", "nope", "", " standard"]),
        st.lists(st.builds(
            lambda key, sep, value: f"{key}{sep}{value}",
            st.sampled_from(OPTION_NAMES + ["max-hand-size", "name", "tie ", "x", ""]),
            st.sampled_from(["=", "", "=="]),
            st.one_of(st.sampled_from(["yes", "no", "7", "13", "12", "-5", "3", "10", "1/2/4/8", "1/2/3",
                                       "doubling", "x1/x2/x3/x4", "draw", "tiebreak", "bottom", "turn-next",
                                       "NO-TRUMP", "0", "", "//", "1/2/3/4/5"]),
                      st.text(max_size=5)),
        ), max_size=3),
    ),
)


@settings(max_examples=400, **FUZZ)
@given(spec=variant_specs)
@example(spec="standard,points_per_bid_trick=-3")
@example(spec="standard,max_hand_size=7,max_hand_size=13")
def test_bad_variant_specs_are_refused(spec):
    assume(not any(unreadable_number(part.partition("=")[2]) for part in spec.split(",")))
    try:
        v = resolve_variant(spec)
    except ValueError as error:
        assert isinstance(error, InvalidVariant) and error.rule == "variant", repr(error)
        refused(lambda: deal_sizes(spec), {"variant"}, InvalidVariant)
        refused(lambda: Match(variant=spec), {"variant"}, InvalidVariant)
        refused(lambda: score_deal(1, PASSES, {"NS": 1, "EW": 0}, spec), {"variant"}, InvalidVariant)
        refused(lambda: legal_plays(["AS"], [], "S", variant=spec), {"variant"}, InvalidVariant)
        return
    assert isinstance(v, Variant)
    sizes = deal_sizes(v)
    assert sizes == deal_sizes(spec) and 1 <= len(sizes) <= 60 and all(1 <= size <= 13 for size in sizes)


def test_unreadable_option_numbers_are_invalid_variants():
    specs = ["standard,points_per_bid_trick=--5", "standard,max_hand_size=²",
             "standard,board_multipliers=1/2/3/²", "standard,points_per_bid_trick=" + "9" * 5000]
    all_refused(specs, lambda spec: refused(lambda: resolve_variant(spec), {"variant"}, InvalidVariant))


@settings(max_examples=200, **FUZZ)
@given(option=st.sampled_from(OPTION_NAMES),
       value=st.one_of(st.integers(-2, 14), st.booleans(), st.none(), st.text(max_size=4), st.floats(),
                       st.sampled_from([(1, 2, 3, 4), (1, 2, 4, 8), [1, 2, 3, 4], (1, 2, 3), "draw", "bottom", 7.0]),
                       st.lists(st.integers(0, 8), max_size=4)),
       junk=st.sampled_from([None, 0, [], {}, b"standard", ("standard",)]))
def test_bad_variant_values_are_refused(option, value, junk):
    try:
        v = Variant(**{option: value})
    except ValueError as error:
        assert isinstance(error, InvalidVariant) and error.rule == "variant"
        refused(lambda: Variant().replace(**{option: value}), {"variant"}, InvalidVariant)
    else:
        assert getattr(v, option) == value and type(getattr(v, option)) is type(getattr(Variant(), option))
    refused(lambda: Variant().replace(**{option + "_x": value}), {"variant"}, InvalidVariant)
    refused(lambda: resolve_variant(junk), {"variant"}, InvalidVariant)


# -- deals -------------------------------------------------------------------------------------
MUTATIONS = ("duplicate", "unequal", "joker-no-trump", "empty", "fourteen", "missing-seat", "extra-seat",
             "bad-key", "not-a-dict", "bad-card", "case-duplicate-seat")


@settings(max_examples=300, **FUZZ)
@given(order=st.permutations(PACK), h=st.integers(1, 13), trump=st.sampled_from(["S", "H", "D", "C"]),
       mutation=st.sampled_from(MUTATIONS), pick=st.integers(0, 3))
def test_bad_deal_hands_are_refused(order, h, trump, mutation, pick):
    hands = {s: [str(c) for c in order[i * h:(i + 1) * h]] for i, s in enumerate(SEATS)}
    seat, other = SEATS[pick], SEATS[(pick + 1) % 4]
    Deal(hands, trump, "N")  # the unmutated deal is fine
    rules, kind = {"hands"}, InvalidDeal
    if mutation == "duplicate":
        hands[seat][-1] = hands[other][0]
    elif mutation == "unequal":
        hands[seat] = hands[seat][:-1] if h > 1 else hands[seat] + [str(order[-1])]
    elif mutation == "joker-no-trump":
        joker = "BIG" if pick % 2 else "LITTLE"
        hands = {s: [c for c in cards if c not in ("BIG", "LITTLE")] for s, cards in hands.items()}
        plain = [str(c) for c in order if not c.is_joker and all(str(c) not in v for v in hands.values())]
        for s in SEATS:
            need = h - len(hands[s])
            hands[s] = hands[s] + plain[:need]
            plain = plain[need:]
        hands[seat][0] = joker
        trump = None
    elif mutation == "empty":
        hands = {s: [] for s in SEATS}
    elif mutation == "fourteen":
        hands = {s: [str(order[(14 * i + k) % 54]) for k in range(14)] for i, s in enumerate(SEATS)}
    elif mutation == "missing-seat":
        del hands[seat]
    elif mutation == "extra-seat":
        hands["X"] = hands[seat]
        rules = {"hands", "seat"}
    elif mutation == "bad-key":
        hands["north" if seat == "N" else "Z"] = hands.pop(seat)
        rules = {"seat", "hands"}
    elif mutation == "not-a-dict":
        hands = list(hands.values())
    elif mutation == "bad-card":
        hands[seat][0] = "ZZ"
        rules, kind = None, ValueError
    elif mutation == "case-duplicate-seat":
        hands[seat.lower()] = hands[seat]
    refused(lambda: Deal(hands, trump, "N"), rules, kind)


def test_deal_hands_that_are_not_card_lists_are_refused():
    def check(junk):
        hands = {"N": junk, "E": ["KS"], "S": ["QS"], "W": ["JS"]}
        refused(lambda: Deal(hands, "H", "N"), {"hands"}, InvalidDeal)

    all_refused([None, 5, 2.5], check)


# -- the command line ----------------------------------------------------------------------------
COMMANDS = ["score", "schedule", "variants", "explain", "simulate"]
WORDS = ["--variant", "--json", "--ns", "--ew", "--hand", "--trick", "--trump", "--trumps-broken",
         "--bid-board", "-n", "--seed", "show", "diff", "list", "standard", "short-14", "strict",
         "standard,tie=x", "nope", "5", "13", "0", "-1", "14", "N=2", "E=pass", "S=board", "W=1", "X=2",
         "N=x", "AS", "BIG", "5H KH 9S 2C", "KH", "H", "NT", "ZZ", "", "=", "--", "-", "²", "1e3", "7"]


def run_cli(capsys, argv):
    capsys.readouterr()
    try:
        status = main(argv)
    except SystemExit as done:  # --help and its abbreviations
        status = done.code
    out, err = capsys.readouterr()
    assert status in (0, 2), f"status {status!r} for {argv!r}"
    assert "Traceback" not in err
    if status == 2:
        assert err.endswith("\n") and err.count("\n") == 1, f"not one line for {argv!r}: {err!r}"
        assert out == ""
    else:
        assert err == "", f"stderr with status 0 for {argv!r}: {err!r}"
        assert out
    return status, out, err


def _no_newline(argv):
    return not any("\n" in a for a in argv)


def _small_simulation(argv):
    """Keep simulations fast: a simulate command always runs with -n 1 unless told otherwise."""
    return argv[:1] + ["-n", "1"] + argv[1:] if argv[:1] == ["simulate"] else argv


PRESET_SPECS = ["standard", "strict", "short-14", "tiebreak", "up-first", "gamerules-25",
                "standard,points_per_bid_trick=3", "short-14,board_multipliers=doubling"]


@st.composite
def near_valid_argv(draw):
    """Command lines that are mostly right, with now and then one wrong or missing word."""

    def pick(good, bad=st.text(max_size=4)):  # noqa: B008 (a strategy, built once, is the default)
        return draw(bad) if draw(st.integers(0, 11)) == 0 else draw(st.sampled_from(good))

    command = draw(st.sampled_from(COMMANDS))
    argv = [command]
    if command == "score":
        h = draw(st.integers(1, 13))
        start = draw(st.integers(0, 3))
        argv.append(pick([str(h)]))
        for i in range(draw(st.sampled_from([4, 4, 4, 3, 5]))):
            seat = SEATS[(start + i) % 4]
            argv.append(f"{seat}={pick(['pass', 'board', *map(str, range(1, h))])}")
        ns = draw(st.integers(0, h))
        argv += ["--ns", pick([str(ns)])]
        if draw(st.booleans()):
            argv += ["--ew", pick([str(h - ns), str(h - ns + 1)])]
    elif command == "variants":
        argv.append(pick(["list", "show", "diff"]))
        argv += [pick(PRESET_SPECS) for _ in range(draw(st.integers(0, 3)))]
    elif command == "explain":
        cards = [str(c) for c in draw(st.permutations(PACK))[:8]]
        argv.append(pick(cards[:1] + cards[5:6]))
        argv += ["--hand", pick([" ".join(cards[:draw(st.integers(0, 5))])])]
        if draw(st.booleans()):
            argv += ["--trick", pick([" ".join(cards[5:5 + draw(st.integers(0, 3))])])]
        argv += ["--trump", pick(["S", "H", "D", "C", "NT", "none", "h"])]
        argv += [f for f in ("--trumps-broken", "--bid-board") if draw(st.booleans())]
    elif command == "simulate":
        argv += ["-n", pick(["1", "2", "3"], st.sampled_from(["0", "-1", "x", "1.5", "²", ""]))]
        if draw(st.booleans()):
            argv += ["--seed", pick([str(draw(st.integers(0, 10**9)))])]
    if draw(st.booleans()):
        argv += ["--variant", pick(PRESET_SPECS, st.sampled_from(["nope", "standard,x=1", "standard,tie=coin"]))]
    if draw(st.booleans()):
        argv.append("--json")
    return argv


@settings(max_examples=300, **FUZZ)
@given(argv=near_valid_argv())
def test_the_command_answers_near_valid_command_lines(capsys, argv):
    status, out, _ = run_cli(capsys, argv)
    if status == 0 and "--json" in argv:
        json.loads(out)


@settings(max_examples=300, **FUZZ)
@given(argv=st.one_of(
    st.lists(st.text(max_size=8), max_size=5),
    st.builds(lambda c, rest: [c] + rest, st.sampled_from(COMMANDS), st.lists(st.text(max_size=8), max_size=5)),
    st.builds(lambda c, rest: [c] + rest, st.sampled_from(COMMANDS),
              st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=4)), max_size=8)),
))
def test_the_command_never_shows_a_traceback(capsys, argv):
    assume(_no_newline(argv))
    argv = _small_simulation(argv)
    # no second -n/--matches that could ask for thousands of matches
    assume(not (argv[:1] == ["simulate"] and any(a.startswith("-") and a.lstrip("-")[:1] in ("n", "m")
                                                 for a in argv[3:])))
    run_cli(capsys, argv)


def test_bad_arguments_with_a_newline_still_give_one_line(capsys):
    """The message echoes the user's text: it must be quoted (repr) so it stays on one line."""
    argvs = [
        ["schedule", "a\nb"],
        ["score", "5", "N=2", "E=pass", "S=1", "W=pass", "--ns", "4", "x\ny"],
        ["schedule", "--variant", "standard,tie=a\nb"],
        ["variants", "show", "standard,turned_joker=x\ny"],
    ]
    all_refused(argvs, lambda argv: run_cli(capsys, argv))
