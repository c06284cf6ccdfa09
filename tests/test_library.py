"""The engine as a library (issue 13, ../shared/reviews/library.md): each finding of the review
has a test here that failed before and passes now."""
from __future__ import annotations

import json
import pickle

import pytest

from backalley import (PACK, BackAlleyError, Card, InvalidArgument, InvalidDeal, InvalidVariant, Variant, board_multipliers, score_deal,
                       check_play, legal_plays, opening_leader, overbid_warnings, parse_card, parse_cards,
                       resolve_variant, side_contracts, trick_winner)
from backalley.bidding import Contract


# -- 1. cards are text to everyone outside ------------------------------------------------------
def test_a_card_is_its_text():
    legal = legal_plays("AS KS 2H", [], "H")
    assert "AS" in legal and legal == ["AS", "KS"]
    assert json.dumps(legal) == '["AS", "KS"]' and parse_cards(json.loads(json.dumps(legal))) == legal
    assert parse_card("10h") == "10H" and hash(parse_card("10h")) == hash("10H")
    assert {"AS": 1}[parse_card("as")] == 1 and parse_card("AS") in {"AS", "KS"}
    assert Card("big") is PACK[53] and Card(0) is PACK[0] == "2S"
    assert pickle.loads(pickle.dumps(PACK[7])) is PACK[7]


@pytest.mark.parametrize("bad", [60, -1, "ZZ", None, 3.5, True, "", "AS KS", b"AS", ["AS"]])
def test_invalid_cards_are_refused_with_value_error(bad):
    with pytest.raises(ValueError, match="not a card"):
        Card(bad)
    with pytest.raises(ValueError, match="not a card"):
        parse_card(bad)


# -- 2. every public function takes the same forms and refuses the rest alike ------------------
SPELLED = [("N", "BOARD"), ("E", "pass"), ("S", "2"), ("W", " Pass ")]


def test_bid_helpers_read_bids_as_score_deal_does():
    assert side_contracts(SPELLED) == {"NS": Contract(0, 1), "EW": Contract(0, None)}
    assert board_multipliers([("N", "BOARD"), ("E", "board")]) == {"N": 1, "E": 2}
    assert overbid_warnings(5, [("N", "4"), ("E", "pass"), ("S", "4"), ("W", "pass")]) == [
        "NS bid 8 tricks with only 5 in the deal", "the table bid 8 tricks with only 5 in the deal"]
    assert opening_leader([("N", "2"), ("E", "3"), ("S", "pass"), ("W", "PASS")]) == "E"


def test_overbid_warnings_leave_out_a_number_cancelled_by_a_board():
    assert overbid_warnings(3, [("N", 3), ("E", "pass"), ("S", "board"), ("W", "pass")]) == []


@pytest.mark.parametrize("call", [
    lambda: side_contracts([("N", 1), ("E", 1), ("S", 1), ("W", 1), ("N", 1)]),       # five bids
    lambda: opening_leader([("N", 2), ("N", 3), ("S", "pass"), ("W", "pass")]),     # a seat twice
    lambda: board_multipliers([("N", "board"), ("S", "board")]),                   # not clockwise
    lambda: side_contracts(None),
    lambda: opening_leader(None),
    lambda: overbid_warnings(5, "N=2"),
    lambda: overbid_warnings(14, []),
])
def test_bad_bid_lists_are_refused_as_invalid_deals(call):
    with pytest.raises(InvalidDeal):
        call()


@pytest.mark.parametrize("keywords, name", [({"trump_played": "no"}, "trump_played"),
                                            ({"bid_board": "False"}, "bid_board"),
                                            ({"trump_played": 1}, "trump_played")])
def test_flags_are_true_or_false(keywords, name):
    for call in (legal_plays, lambda *a, **k: check_play("5H", *a, **k)):
        with pytest.raises(InvalidArgument, match=name):
            call("5H KH", [], "H", **keywords)


@pytest.mark.parametrize("hand, trick, trump, says", [
    ("5H", [], "", "not a trump suit"),
    ("5H", ["2S", "2S"], "H", "twice in the trick"),
    (" ".join(map(str, PACK[:15])), [], "H", "1 to 13 cards"),
    ({"AS": 1}, [], "H", "not a list of cards"),
    (None, [], "H", "not a list of cards"),
])
def test_odd_positions_are_refused(hand, trick, trump, says):
    with pytest.raises(ValueError, match=says):
        legal_plays(hand, trick, trump)


@pytest.mark.parametrize("call", [lambda: trick_winner(None, "H"), lambda: parse_cards(None),
                                  lambda: legal_plays(None, [], "H")])
def test_none_is_a_value_error_not_a_type_error(call):
    with pytest.raises(ValueError):
        call()


def test_variant_names_say_what_the_rules_are():
    assert Variant(all_trump_lead=False).name == "strict"
    assert Variant(name="strict").name == "standard"
    assert Variant(tie="tiebreak", points_per_bid_trick=3).name == "standard,points_per_bid_trick=3,tie=tiebreak"
    for name in ("strict", "standard,tie=tiebreak,points_per_bid_trick=3", "bab-online,rainbow_bonus=8"):
        v = resolve_variant(name)
        assert resolve_variant(v.name) == v


def test_an_option_given_twice_is_refused():
    with pytest.raises(InvalidVariant, match="option tie is given twice"):
        resolve_variant("standard,tie=tiebreak,tie=draw")


def test_a_refusal_does_not_show_the_whole_hand():
    reason = check_play("9S", "5H KH 2C", [], "H")
    assert reason.rule == "not-in-hand" and "KH" not in str(reason) and "2C" not in str(reason)
    with pytest.raises(BackAlleyError) as refused:
        legal_plays("5H KH 5H", [], "H")
    assert "KH" not in str(refused.value)


# -- 3. history, save, restore, undo --------------------------------------------------------------
import random as _random  # noqa: E402

from backalley import Match  # noqa: E402


def _step(m: Match, rnd: _random.Random) -> None:
    """One random legal action."""
    if m.phase == "bid":
        m.bid(m.to_act, rnd.choice(m.legal_bids()))
    else:
        m.play(m.to_act, rnd.choice(m.legal_plays()))


def _state(m: Match) -> tuple:
    return (m.phase, m.to_act, m.hands, m.bids, m.trick, m.tricks, m.tricks_won, dict(m.totals), m.deals_played,
            m.hand_size, m.trump, m.dealer, m.turned, tuple(m.history), m.legal_bids(), m.legal_plays(), m.finished,
            m.winner, m.tiebreak)


def test_history_keeps_the_hands_turned_card_bids_tricks_and_score_of_every_deal():
    m = Match("short-14", seed=5)
    rnd = _random.Random(5)
    while not m.finished:
        _step(m, rnd)
    assert len(m.history) >= 14
    for record in m.history:
        dealt = [c for cards in record.hands.values() for c in cards]
        assert all(len(cards) == record.hand_size for cards in record.hands.values()) and len(set(dealt)) == len(dealt)
        played = [card for trick in record.tricks for _, card in trick.cards]
        assert sorted(played) == ([] if record.thrown_in else sorted(dealt))
        assert sum(record.tricks_won.values()) == (0 if record.thrown_in else record.hand_size)
        assert {"NS": sum(t.winner in "NS" for t in record.tricks),
                "EW": sum(t.winner in "EW" for t in record.tricks)} == record.tricks_won
    assert m.last_trick == m.history[-1].tricks[-1]


def test_the_last_trick_of_a_deal_stays_visible_once_the_next_is_dealt():
    m = Match(seed=2)
    rnd = _random.Random(2)
    while not m.history or m.history[-1].thrown_in:
        _step(m, rnd)
    assert m.tricks == [] and m.last_trick == m.history[-1].tricks[-1]


@pytest.mark.parametrize("seed", range(6))
def test_a_match_saved_at_any_point_continues_identically(seed):
    rnd = _random.Random(seed)
    m = Match("standard,tie=tiebreak" if seed % 2 else "gamerules-25", "E", seed=seed)
    stops = sorted(rnd.sample(range(700), 4))
    done = 0
    while not m.finished:
        if stops and done == stops[0]:
            stops.pop(0)
            copy = Match.from_json(m.to_json())
            assert _state(copy) == _state(m)
            ahead = _random.Random(done)
            again = _random.Random(done)
            for _ in range(30):
                if m.finished:
                    break
                _step(copy, ahead)
                _step(m, again)
            assert _state(copy) == _state(m)
            continue
        _step(m, rnd)
        done += 1
    assert _state(Match.from_json(m.to_json())) == _state(m)


def test_undo_takes_back_the_last_bid_or_card_across_the_end_of_a_deal():
    m = Match(seed=11)
    rnd = _random.Random(11)
    states = [_state(m)]
    while len(m.history) < 3:
        _step(m, rnd)
        states.append(_state(m))
    for state in reversed(states[:-1]):
        m.undo()
        assert _state(m) == state
    with pytest.raises(InvalidDeal, match="nothing to undo"):
        m.undo()


def test_a_match_without_a_seed_records_one_that_replays_it():
    first, second = Match(), Match()
    assert first.seed != second.seed and isinstance(first.seed, int)
    assert Match(seed=first.seed).hands == first.hands


@pytest.mark.parametrize("seed", [[1], "7", 2.5, -1, True])
def test_a_seed_is_a_whole_number(seed):
    with pytest.raises(InvalidArgument, match="seed"):
        Match(seed=seed)


@pytest.mark.parametrize("text, says", [
    ("", "not a saved match"), ("[]", "not a saved match"),
    ('{"format": "backalley-match", "version": 9}', "version 9"),
    ('{"format": "backalley-match", "version": 1, "variant": "standard", "dealer": "N", "seed": 1, '
     '"actions": [["N", "pass"]]}', r"action 1 \(N pass\) is refused"),
    ('{"format": "backalley-match", "version": 1, "variant": "nope", "dealer": "N", "seed": 1, "actions": []}',
     "unknown variant"),
])
def test_a_broken_save_is_refused_with_a_message(text, says):
    with pytest.raises(ValueError, match=says):
        Match.from_json(text)


# -- 4. a seat's view ---------------------------------------------------------------------------
def test_a_seat_sees_its_own_hand_and_the_cards_played_never_another_hand():
    m = Match(seed=8)
    rnd = _random.Random(8)
    for _ in range(150):
        seat = m.to_act
        view = m.view(seat)
        others = {c for s, cards in m.hands.items() if s != seat for c in cards}
        seen = set(view.hand) | {c for _, c in view.trick} | {c for t in view.tricks for _, c in t.cards}
        assert not seen & others, "another hand shows in the view"
        assert all(record.hands == {} for record in view.history)
        assert set(view.hand) == set(m.hands[seat])
        assert (view.legal_plays or view.legal_bids) and set(view.legal_plays) <= set(view.hand)
        assert m.view(left_of_seat(seat)).legal_plays == () == m.view(left_of_seat(seat)).legal_bids
        assert view.history == tuple(record._replace(dealt="") for record in m.history)
        assert view.last_trick == m.last_trick
        _step(m, rnd)


def test_a_seats_view_of_the_history_follows_an_undo_across_the_end_of_a_deal():
    m = Match(seed=8)
    rnd = _random.Random(8)
    while not m.history:
        _step(m, rnd)
    assert len(m.view(m.to_act).history) == 1
    m.undo()
    assert m.history == [] and m.view(m.to_act).history == () and m.view(m.to_act).last_trick == m.tricks[-1]


def left_of_seat(seat: str) -> str:
    return "NESW"["NESW".index(seat) - 3]


def test_a_hand_size_the_variant_never_deals_is_refused():
    bids = [("N", 1), ("E", "pass"), ("S", "pass"), ("W", "pass")]
    with pytest.raises(InvalidDeal, match="short-14 never deals 13 cards"):
        score_deal(13, bids, {"NS": 13, "EW": 0}, "short-14")
    assert score_deal(7, bids, {"NS": 1, "EW": 6}, "short-14")["NS"] == 5


def test_a_number_in_another_script_is_no_whole_number(capsys):
    from backalley.cli import main
    assert main(["score", "²", "N=pass", "E=pass", "S=pass", "W=pass"]) == 2
    assert "not a whole number: '²'" in capsys.readouterr().err


def test_a_thrown_in_deal_needs_no_made_up_tricks():
    passes = [("N", "pass"), ("E", "pass"), ("S", "pass"), ("W", "pass")]
    assert score_deal(5, passes, None) == score_deal(5, passes, {"NS": 0, "EW": 0}) == {"NS": 0, "EW": 0}


def test_the_package_is_typed_exports_its_records_and_shows_itself():
    from importlib.resources import files

    import backalley
    assert files("backalley").joinpath("py.typed").is_file()
    assert {"DealRecord", "SeatView", "Scorecard", "InvalidArgument", "__version__"} <= set(backalley.__all__)
    assert repr(Match("short-14", seed=1)).startswith("<Match short-14: 7 cards each")
    assert repr(PACK[12]) == "AS"


def test_every_public_function_is_annotated():
    import inspect

    import backalley
    for name in backalley.__all__:
        function = getattr(backalley, name)
        if inspect.isfunction(function):
            signature = inspect.signature(function)
            assert signature.return_annotation is not inspect.Signature.empty, name
            assert all(p.annotation is not p.empty for p in signature.parameters.values()), name
