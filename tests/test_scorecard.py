"""The scorecard for games played with real cards, and ``backalley scorecard``: the schedule and
the dealer, checked entries, throw-ins, revokes, the tie-break deal, undo, JSON, CSV, and a file
written whole or not at all."""
from __future__ import annotations

import json

import pytest

from backalley import InvalidDeal, Scorecard, deal_sizes


def test_the_scorecard_follows_the_schedule_dealer_and_throw_ins():
    card = Scorecard("gamerules-25", first_dealer="W")
    seen = []
    while not card.finished:
        deal = card.next_deal
        seen.append((deal.hand_size, deal.dealer, deal.first_bidder))
        if len(seen) == 3:
            card.throw_in()
            continue
        bids = ["board" if deal.hand_size == 1 else 1, "pass", "pass", "pass"]
        card.record(bids, tricks=deal.hand_size)
    sizes = deal_sizes("gamerules-25")
    assert [s for s, _, _ in seen] == [*sizes[:3], *sizes[2:]]          # the thrown-in size again
    assert [d for _, d, _ in seen][:5] == ["W", "N", "E", "S", "W"]     # the deal moves on after a throw-in
    assert all(b == "NESW"[("NESW".index(d) + 1) % 4] for _, d, b in seen)
    assert card.totals == {"NS": sum(r.score["NS"] for r in card.rows), "EW": sum(r.score["EW"] for r in card.rows)}
    assert card.next_deal is None and card.winner == "NS"


def test_each_row_is_scored_by_the_rules_with_running_totals():
    card = Scorecard()
    row = card.record(["2", "pass", "board", "1"], {"NS": 4, "EW": 9})   # E, S, W, N: dealer N
    assert row.bids == (("E", 2), ("S", "pass"), ("W", "board"), ("N", 1))
    # NS: target 1 made with 3 over, 5 × 1 + 3; EW: West's board (the first, ×1) lost at 13 cards,
    # −10 × 13 × 1
    assert row.score == {"NS": 8, "EW": -130} and row.totals == row.score
    second = card.record([1, 1, 1, 1], 6)                                # 12 cards: 6 tricks each
    assert second.score == {"NS": 14, "EW": 14}                          # target 2 made, 4 over: 10 + 4
    assert second.totals == {"NS": 22, "EW": -116}


def test_a_revoke_scores_the_offending_side_as_set():
    card = Scorecard()
    card.record([3, "pass", 2, "pass"], {"NS": 8, "EW": 5})      # E 3, W 2: EW target 5, made
    row = card.revoke("EW")
    assert row.revoke == "EW" and row.score["EW"] == -25 and row.totals == row.score


def test_undo_takes_back_a_revoke_and_leaves_its_deal_then_the_deal():
    """The last entry was the revoke: undo takes it back alone, the deal scored as it was; a
    second revoke on the same deal is refused (the first is undone to charge the other side)."""
    card = Scorecard()
    played = card.record([3, "pass", 2, "pass"], {"NS": 8, "EW": 5})
    card.revoke("EW")
    before = card.to_json()
    with pytest.raises(InvalidDeal, match="already has a revoke charged") as refused:
        card.revoke("NS")
    assert refused.value.key == "revoke-charged" and card.to_json() == before
    card.undo()
    assert card.rows == [played]
    card.undo()
    assert card.rows == []


@pytest.mark.parametrize("call, says", [
    (lambda c: c.record([1, "pass", "pass"], 5), "four bids"),
    (lambda c: c.record([13, "pass", "pass", "pass"], 5), "not allowed with 13 cards"),
    (lambda c: c.record(["pass"] * 4, 0), "throw_in"),
    (lambda c: c.record([1, "pass", "pass", "pass"], {"NS": 9, "EW": 9}), "18 tricks"),
    (lambda c: c.record([("N", 1), ("E", "pass"), ("S", "pass"), ("W", "pass")], 5), "E bids there"),
    (lambda c: c.revoke("NS"), "record it first"),
    (lambda c: c.undo(), "nothing to undo"),
    (lambda c: c.record_tiebreak(6), "no tie-break deal is due"),
])
def test_a_refused_entry_changes_nothing(call, says):
    card = Scorecard()
    before = card.to_json()
    with pytest.raises(ValueError, match=says):
        call(card)
    assert card.to_json() == before


def test_a_tie_break_deal_decides_equal_totals():
    card = Scorecard("standard,schedule=1/1,tie=tiebreak")
    card.record(["board", "pass", "pass", "pass"], 1)   # dealer N: East's board is lost, NS +1, EW −10
    assert not card.needs_tiebreak
    card.record(["board", "pass", "pass", "pass"], 0)   # dealer E: South's board is lost, NS −10, EW +1
    assert card.totals == {"NS": -9, "EW": -9} and card.needs_tiebreak and not card.finished
    assert card.next_deal.hand_size == 1 and card.winner is None
    with pytest.raises(InvalidDeal, match="record the tie-break deal"):
        card.record(["board", "pass", "pass", "pass"], 1)
    card.record_tiebreak({"NS": 0, "EW": 1})
    assert card.finished and card.winner == "EW" and card.next_deal is None
    card.undo()
    assert card.needs_tiebreak


def test_json_and_csv_keep_every_entry():
    card = Scorecard("short-14", "S")
    card.record([2, "pass", 3, "pass"], 1)
    card.throw_in()
    card.record(["board", "pass", "pass", "pass"], 6)
    card.revoke("NS")
    again = Scorecard.from_json(card.to_json())
    assert again.rows == card.rows and again.next_deal == card.next_deal
    lines = card.to_csv().splitlines()
    assert len(lines) == 4 and lines[2].split(",")[4] == "yes"
    with pytest.raises(ValueError, match="entry 1 of the saved scorecard is refused"):
        Scorecard.from_json(json.dumps({**json.loads(card.to_json()), "entries": [{"bids": [9, 9], "tricks": 1}]}))


# -- the command -----------------------------------------------------------------------------------
def test_an_evening_on_the_command_line(tmp_path, cli):
    path = tmp_path / "evening.json"
    assert cli("scorecard", path, "new", "--variant", "short-14")[0] == 0
    assert cli("scorecard", path, "add", 2, "pass", 3, "pass", "--ns", 1)[0] == 0
    assert cli("scorecard", path, "throw-in")[0] == 0
    assert cli("scorecard", path, "add", "board", "pass", "pass", "pass", "--ns", 6, "--revoke", "NS")[0] == 0
    good = path.read_bytes()
    status, out, err = cli("scorecard", path, "add", 9, "pass", "pass", "pass", "--ns", 6)
    assert status == 2 and out == "" and "not allowed with 5\xa0cards" in err and path.read_bytes() == good
    status, out, _ = cli("scorecard", path, "show", "--lang", "fr")
    assert status == 0 and "annulée" in out and "renonce N-S" in out and "−34" in out
    status, out, _ = cli("scorecard", path, "show", "--json")
    data = json.loads(out)
    assert data["totals"] == {"NS": 1, "EW": -34} and data["next"]["hand_size"] == 5
    assert cli("scorecard", path, "undo")[0] == 0
    rows = json.loads(cli("scorecard", path, "show", "--json")[1])["rows"]
    assert len(rows) == 3 and rows[-1]["revoke"] is None  # the revoke first: the deal stays
    assert cli("scorecard", path, "undo")[0] == 0
    assert len(json.loads(cli("scorecard", path, "show", "--json")[1])["rows"]) == 2
    assert [p.name for p in tmp_path.iterdir()] == ["evening.json"]  # no part file left


@pytest.mark.parametrize("argv, says", [
    (["show"], "no scorecard at"),
    (["add", "1", "pass"], "give 4 values"),
    (["add", "1", "pass", "pass", "pass"], "--ns"),
])
def test_command_mistakes_give_one_line(tmp_path, cli, argv, says):
    path = tmp_path / "missing.json" if argv == ["show"] else tmp_path / "card.json"
    if argv != ["show"]:
        cli("scorecard", path, "new")
    status, out, err = cli("scorecard", path, *argv)
    assert status == 2 and len(err.strip().splitlines()) == 1 and says in err


def test_new_does_not_overwrite_an_evening(tmp_path, cli):
    path = tmp_path / "card.json"
    cli("scorecard", path, "new")
    cli("scorecard", path, "add", 1, "pass", "pass", "pass", "--ns", 5)
    kept = path.read_bytes()
    status, _, err = cli("scorecard", path, "new")
    assert status == 2 and "--force" in err and path.read_bytes() == kept


# -- scorecard_entry: the one way in for the command line and the browser -------------------------

def test_the_shared_entry_writes_what_the_command_line_writes(tmp_path, cli):
    from backalley import scorecard_entry
    path = tmp_path / "evening.json"
    steps = [(("new", "--variant", "short-14", "--dealer", "E"), dict(action="new", variant="short-14", dealer="E")),
             (("add", 2, "pass", 3, "pass", "--ns", 1), dict(action="add", bids=["2", "pass", "3", "pass"], tricks=1)),
             (("throw-in",), dict(action="throw-in")),
             (("add", "board", "pass", "pass", "pass", "--ns", 6), dict(action="add", bids=["board"] + ["pass"] * 3, tricks=6)),
             (("revoke", "ns"), dict(action="revoke", revoke="NS")),
             (("undo",), dict(action="undo"))]
    text = None
    for argv, entry in steps:
        assert cli("scorecard", path, *argv)[0] == 0
        text = scorecard_entry(text, entry.pop("action"), **entry).text
        assert text == path.read_text(encoding="utf-8")


def test_the_shared_entry_gives_the_view_its_bids_and_csv():
    from backalley import legal_bids, scorecard_entry
    entry = scorecard_entry(None, "new", variant="short-14")
    data = entry.to_data()
    assert data["file"] == entry.text and data["card"] == entry.card.to_data()
    assert data["bids"] == legal_bids(7, "short-14") and data["csv"] == entry.card.to_csv()
    assert data["card"]["next_deal"] == {"number": 1, "hand_size": 7, "dealer": "N", "first_bidder": "E",
                                         "bidders": ["E", "S", "W", "N"]}
    card = Scorecard("standard,schedule=1/1,tie=tiebreak")
    card.record(["board", "pass", "pass", "pass"], 0)    # E's board made
    card.record(["board", "pass", "pass", "pass"], 1)    # S's board made: equal totals
    tied = scorecard_entry(card.to_json(), "show").to_data()
    assert tied["card"]["needs_tiebreak"] and tied["bids"] == []
    assert tied["card"]["rows"] == [row.to_data() for row in card.rows]


@pytest.mark.parametrize("saved, action, kwargs, key", [
    (None, "add", {"bids": [1, "pass", "pass", "pass"], "tricks": 5}, "scorecard-unsaved"),
    ("{}", "new", {}, "scorecard-saved"),
    (None, "erase", {}, "scorecard-action"),
    ("not json", "show", {}, "saved-not-json"),
    (Scorecard().to_json(), "revoke", {"revoke": "NS"}, "revoke-no-deal"),
    (Scorecard().to_json(), "add", {"bids": [1, "pass", "pass", "pass"], "tricks": {"NS": 9, "EW": 9}}, None),
])
def test_a_refused_shared_entry_names_its_message(saved, action, kwargs, key):
    from backalley import scorecard_entry
    with pytest.raises(ValueError) as refused:
        scorecard_entry(saved, action, **kwargs)
    assert key is None or refused.value.key == key


def test_a_revoke_entry_names_a_side():
    from backalley import scorecard_entry
    card = Scorecard()
    card.record([1, "pass", "pass", "pass"], 5)
    with pytest.raises(InvalidDeal, match="charged to a side") as refused:
        scorecard_entry(card.to_json(), "revoke")
    assert refused.value.key == "revoke-side"


def test_the_browser_reaches_the_shared_entry_with_a_localized_refusal():
    from backalley.web import handle
    reply = json.loads(handle(json.dumps({"call": "scorecard_entry", "args": [None, "new"],
                                          "kwargs": {"variant": "tiebreak", "dealer": "W"}})))
    assert reply["ok"]["card"]["next_deal"]["dealer"] == "W" and reply["ok"]["bids"][0] == "pass"
    refused = json.loads(handle(json.dumps({"call": "scorecard_entry", "args": [reply["ok"]["file"], "undo"],
                                            "lang": "fr"})))["error"]
    assert refused["kind"] == "InvalidDeal" and refused["message"].startswith("Rien à annuler")
