"""The practice table's engine call (backalley.practice): the seed deals the same cards, South's
moves replay, every refusal comes from the engine, and a whole match reaches Match's totals."""
import json

import pytest

from backalley import IllegalBid, IllegalPlay, InvalidArgument, InvalidDeal, InvalidVariant, Match, practice
from backalley.practice import DEALER, SINGLE_SIZE, hint_samples, score_sum
from backalley.strategy import HeuristicPlayer
from backalley.web import handle
from backalley_site.formatting import NBSP, count

KINDS = ("follow-suit", "trump-lead", "big-lead", "little-lead")
THROWN_IN = ("standard", 40, 1)
"""A one-card deal all four pass when South passes first: (variant, seed, hand size)."""


def south_move(view):
    """A plain move for South: bid 1 where it may (else pass), play the first card it may."""
    data = view.to_data()
    if data["phase"] == "bid":
        return data["legal_bids"][1] if len(data["legal_bids"]) > 2 else "pass"
    return next(card["card"] for card in data["hand"] if card["playable"])


def find_refusal(rule, variant="standard", hand_size=13, seeds=range(400)):
    """A seed and South's moves that bring South to play with a card the rule ``rule`` forbids:
    ``(seed, moves, card)``. The browser tests provoke the same refusals from these positions."""
    for seed in seeds:
        moves = []
        view = practice(variant, seed, moves, hand_size=hand_size)
        while not view.finished:
            if view.phase == "play" and view.constraint == rule:
                refused = [card for card, reason in view.hand if reason is not None and reason.rule == rule]
                if refused:
                    return seed, moves, str(refused[0])
            moves.append(south_move(view))
            view = practice(variant, seed, moves, hand_size=hand_size)
    raise AssertionError(f"no position for {rule} in these seeds")


def play_out(variant, seed, *, hand_size=None, match=False):
    """South's moves for a whole practice, and its last view."""
    moves = []
    view = practice(variant, seed, moves, hand_size=hand_size, match=match)
    while not view.finished:
        moves.append(south_move(view))
        view = practice(variant, seed, moves, hand_size=hand_size, match=match)
    return moves, view


def test_a_seed_deals_the_same_cards_and_a_new_practice_gets_a_seed():
    first, again = practice("short-14", 11, hand_size=7), practice("short-14", 11, hand_size=7)
    assert first.to_data() == again.to_data()
    assert first.hand_size == 7 and first.dealer == DEALER and first.to_act == "S"
    fresh = practice("short-14")
    assert isinstance(fresh.seed, int) and practice("short-14", fresh.seed).hand == fresh.hand
    assert practice("short-14", "11").hand == first.hand  # a link gives the seed as text


def test_replay_gives_the_same_view_as_moving_step_by_step():
    moves, view = play_out("short-14", 5, hand_size=5)
    assert view.finished and view.phase == "over" and len(view.deals_done) >= 1
    assert practice("short-14", 5, moves, hand_size=5).to_data() == view.to_data()
    before = practice("short-14", 5, moves[:-1], hand_size=5)
    assert not before.finished and before.to_act == "S"  # taking back a card


def test_a_whole_match_reaches_the_totals_match_reaches():
    player = HeuristicPlayer()
    table = Match("short-14", DEALER, 21)
    south = []
    while not table.finished:
        view = table.view(table.to_act)
        value = player.bid(view) if table.phase == "bid" else player.play(view)
        if table.to_act == "S":
            south.append(str(value))
        table.act(table.to_act, value)
    found = practice("short-14", 21, south, match=True)
    assert found.finished and found.totals == table.totals and found.winner == table.winner
    assert found.scheduled == found.deals == 14
    for done, record in zip(found.deals_done, table.history):
        assert {side: reason["score"] for side, reason in done["reasons"].items()} == record.score


@pytest.mark.parametrize("rule", KINDS)
def test_each_play_refusal_is_the_engines(rule):
    seed, moves, card = find_refusal(rule)
    with pytest.raises(IllegalPlay) as refused:
        practice("standard", seed, moves + [card], hand_size=13)
    assert refused.value.rule == rule
    reply = json.loads(handle(json.dumps({"call": "practice", "args": ["standard", seed, moves + [card]],
                                          "kwargs": {"hand_size": 13}, "lang": "fr"})))
    assert reply["error"]["kind"] == "IllegalPlay" and reply["error"]["address"].startswith("fr/")


def test_a_move_out_of_turn_is_refused_where_the_reader_tapped_it():
    view = practice("short-14", 3, ["pass"], hand_size=7)
    assert view.computer  # the others bid after South
    with pytest.raises(IllegalBid) as refused:
        practice("short-14", 3, ["pass", "pass"], hand_size=7, seen=0)
    assert refused.value.rule == "turn"
    moves, _ = play_out("short-14", 3, hand_size=7)
    for i, _move in enumerate(moves):
        before = practice("short-14", 3, moves[:i], hand_size=7)
        if before.phase == "play" and before.computer and before.computer[-1][0] == before.deal_number:
            with pytest.raises(IllegalPlay) as refused:
                practice("short-14", 3, moves[:i + 1], hand_size=7, seen=len(before.computer) - 1)
            assert refused.value.rule == "turn" and refused.value.key == "play-out-of-turn"
            return
    raise AssertionError("no card tapped while a computer player was to play")


def test_bad_links_and_moves_are_refused_with_a_message_id():
    for call, error in [(lambda: practice("short-14", -3), InvalidArgument),
                        (lambda: practice("short-14", "x1"), InvalidArgument),
                        (lambda: practice("nonsense", 1), InvalidVariant),
                        (lambda: practice("short-14", 1, hand_size=14), InvalidDeal),
                        (lambda: practice("short-14", 1, hand_size="zz"), InvalidDeal),
                        (lambda: practice("short-14", 1, "pass"), InvalidArgument),
                        (lambda: practice("short-14", 1, hand_size=3, match=True), InvalidArgument),
                        (lambda: practice("short-14", 1, ["AS"]), IllegalPlay),
                        (lambda: practice("short-14", 1, [9]), IllegalBid)]:
        with pytest.raises(error) as refused:
            call()
        assert refused.value.key


def test_the_view_says_what_the_table_shows():
    seed, moves, _ = find_refusal("follow-suit")
    data = practice("standard", seed, moves, hand_size=13).to_data()
    json.dumps({key: value for key, value in data.items() if key != "hand"})
    assert data["phase"] == "play" and data["to_act"] == "S" and data["trick"] and data["leader"] == data["trick"][0]["seat"]
    assert data["last_trick"] is None  # rule 5.8: gone once the next trick has a card
    assert data["constraint"] == "follow-suit" and sum(card["playable"] for card in data["hand"]) >= 1
    assert set(data["contracts"]) == {"NS", "EW"} and set(data["tricks_won"]) == {"NS", "EW"}
    reply = json.loads(handle(json.dumps({"call": "practice", "args": ["standard", seed, moves],
                                          "kwargs": {"hand_size": 13}, "lang": "ru"})))["ok"]
    refused = [card["reason"] for card in reply["hand"] if card["reason"]]
    assert refused and refused[0]["number"] == "3.2" and refused[0]["address"].startswith("ru/")


def test_the_hint_is_the_estimate_beside_the_rule_of_thumb():
    view = practice("short-14", 11, hint=True)
    hint = view.hint
    assert hint["samples"] == hint_samples(7) and hint["low"] <= hint["expected"] <= hint["high"]
    assert hint["thumb"] >= 0
    assert practice("short-14", 11, ["pass"], hint=True).hint is None  # only while South is to bid


def test_overbids_are_reported_never_refused():
    for seed in range(200):
        view = practice("short-14", seed, [6], hand_size=7)
        if view.overbids:
            assert view.phase == "play" or view.finished or view.to_act == "S"
            assert all(who in ("NS", "EW", "table") and total > 7 for who, total in view.overbids)
            return
    raise AssertionError("no overbid in these seeds")


def test_a_single_deal_is_modest_unless_chosen_and_its_end_names_its_own_dealer():
    first = practice("standard", 11)
    assert first.hand_size == SINGLE_SIZE and first.dealer == DEALER and first.first_bidder == "S"
    moves, last = play_out("standard", 11, hand_size=3)
    done = last.deals_done[-1]
    assert last.finished and done["dealer"] == DEALER and last.dealer == DEALER  # not the next deal's
    assert done["number"] == 1


def test_a_thrown_in_deal_is_dealt_again_under_the_same_number():
    variant, seed, size = THROWN_IN
    view = practice(variant, seed, ["pass"], hand_size=size)
    thrown = view.deals_done[-1]
    assert thrown["thrown_in"] and thrown["number"] == 1 and thrown["sums"] == {"NS": None, "EW": None}
    assert thrown["reasons"]["NS"]["rule"] == "2.15" and thrown["reasons"]["NS"]["case"] == "thrown-in"
    assert not view.finished and view.scheduled == 0 and view.deal_number == 2 and view.to_act == "S"
    assert view.dealer != DEALER and view.first_bidder != "S"  # the deal passes on
    moves, last = play_out(variant, seed, hand_size=size)
    assert [done["number"] for done in last.deals_done][-1] == 1  # the redeal is still deal 1


def test_each_score_s_sum_is_its_score():
    """Every side's sum in a whole short game (and the cases of the worked examples) adds up to the
    engine's score: numbers and operators, the score after "="."""
    _, view = play_out("short-14", 21, match=True)
    sums = [(done["sums"][side], done["reasons"][side]) for done in view.deals_done for side in ("NS", "EW")]
    assert any(found for found, _ in sums)
    for found, reason in sums:
        if found is None:
            assert reason["case"] in ("passed", "thrown-in")
            continue
        *terms, equals, score = found
        assert equals == "=" and score == reason["score"]
        total, product = 0, terms[0]
        for op, value in zip(terms[1::2], terms[2::2]):
            if op == "×":
                product *= value
            else:
                total, product = total + product, value
        assert total + product == score, found


def test_score_sum_reads_each_case():
    from backalley import score_reasons
    set_ = score_reasons(5, [("N", 3), ("E", "pass"), ("S", 1), ("W", "pass")], {"NS": 2, "EW": 3})["NS"]
    assert score_sum(set_, 5) == [-5, "×", 4, "=", -20]
    board = score_reasons(5, [("N", "board"), ("E", "pass"), ("S", "pass"), ("W", "pass")], {"NS": 5, "EW": 0})
    assert score_sum(board["NS"], 5) == [10, "×", 5, "×", 1, "=", 50]


def test_a_decimal_takes_its_cldr_plural():
    """The hint's average (1.4 tricks): French singular below 2, Russian "other" for a fraction."""
    assert count(1.4, "tricks", "fr") == f"1,4{NBSP}pli" and count(2.8, "tricks", "fr") == f"2,8{NBSP}plis"
    assert count(1.4, "tricks", "en") == f"1.4{NBSP}tricks" and count(1.4, "tricks", "ru") == f"1,4{NBSP}взятки"
    assert count(0, "tricks_taken", "fr") == f"0{NBSP}pli fait" and count(3, "tricks_taken", "pt") == f"3{NBSP}vazas feitas"
