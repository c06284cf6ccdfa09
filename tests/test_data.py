"""JSON-ready engine values (``to_data()``) and one way to act (``act``), issue 21 item 1 and
issue 26 item 4.

The expected values below were read off a known seeded match and written here by hand: the
test checks what the data says, not that the conversion agrees with itself.
"""
import inspect
import json
import random

import pytest

from backalley import Deal, IllegalBid, IllegalPlay, Match, Scorecard, deal_pack, parse_cards, side_contracts
from backalley.effects import Figure, example_figures
from backalley.estimate import estimate
from backalley.simulate import compare

VARIANT = "standard,schedule=2/1"
"""Two deals (two cards each, then one) after a first deal thrown in: a whole match, short."""

THROWN_IN = [("E", "pass"), ("S", "pass"), ("W", "pass"), ("N", "pass")]
"""Four passes: the first deal is thrown in and two cards each are dealt again, East dealing."""

PLAYED = [("S", "pass"), ("W", "board"), ("N", "board"), ("E", "pass"),
          ("N", "3H"), ("E", "6H"), ("S", "9D"), ("W", "AD"), ("W", "7D"), ("N", "10H"), ("E", "QH"), ("S", "KS"),
          ("W", "board"), ("N", "board"), ("E", "board"), ("S", "pass"),
          ("E", "7H"), ("S", "9D"), ("W", "7S"), ("N", "10S")]
"""The rest of the match with seed 3, as a random bot (``random.Random(3)``) played it."""

DEAL_2_TRICKS = [
    {"leader": "N", "cards": [{"seat": "N", "card": "3H"}, {"seat": "E", "card": "6H"},
                              {"seat": "S", "card": "9D"}, {"seat": "W", "card": "AD"}], "winner": "W"},
    {"leader": "W", "cards": [{"seat": "W", "card": "7D"}, {"seat": "N", "card": "10H"},
                              {"seat": "E", "card": "QH"}, {"seat": "S", "card": "KS"}], "winner": "W"},
]
LAST_TRICK = {"leader": "E", "cards": [{"seat": "E", "card": "7H"}, {"seat": "S", "card": "9D"},
                                       {"seat": "W", "card": "7S"}, {"seat": "N", "card": "10S"}], "winner": "N"}


def match(actions=THROWN_IN + PLAYED) -> Match:
    m = Match(VARIANT, seed=3)
    for seat, value in actions:
        m.act(seat, value)
    return m


def plain(value) -> bool:
    """True when ``value`` is made only of JSON's own types (a ``Card`` or a tuple is not)."""
    if type(value) is dict:
        return all(type(key) is str and plain(item) for key, item in value.items())
    if type(value) is list:
        return all(plain(item) for item in value)
    return value is None or type(value) in (str, int, float, bool)


def round_trip(data):
    assert plain(data), data
    again = json.loads(json.dumps(data))
    assert again == data
    return again


def test_the_bot_plays_the_known_match():
    m = Match(VARIANT, seed=3)
    for seat, value in THROWN_IN:
        m.act(seat, value)
    rnd, played = random.Random(3), []
    while not m.finished:
        view = m.view(m.to_act)
        played.append((m.to_act, rnd.choice(view.legal_bids or view.legal_plays)))
        m.act(*played[-1])
    assert played == PLAYED
    assert (m.totals, m.winner, len(m.history)) == ({"NS": -20, "EW": -10}, "EW", 3)


def test_every_view_of_every_step_round_trips_with_the_view_field_names():
    actions = THROWN_IN + PLAYED
    for done in range(len(actions) + 1):
        m = match(actions[:done])
        for seat in "NESW":
            view = m.view(seat)
            data = round_trip(view.to_data())
            assert list(data) == list(view._fields)
            assert data["seat"] == seat and data["phase"] == view.phase and data["to_act"] == view.to_act
            assert len(data["history"]) == len(view.history) and len(data["tricks"]) == len(view.tricks)


def test_the_view_of_a_finished_match():
    """Today ``json.dumps(match.view(seat))`` raises TypeError once a deal has ended."""
    with pytest.raises(TypeError):
        json.dumps(match().view("E"))
    data = round_trip(match().view("E").to_data())
    assert data["phase"] == "over" and data["to_act"] is None
    assert data["hand"] == [] and data["legal_bids"] == [] and data["legal_plays"] == []
    assert data["totals"] == {"NS": -20, "EW": -10} and data["deals_played"] == 2
    assert data["hand_size"] == 1 and data["trump"] == "S" and data["turned"] == ["KS"]
    assert data["bids"] == [{"seat": "W", "bid": "board"}, {"seat": "N", "bid": "board"},
                            {"seat": "E", "bid": "board"}, {"seat": "S", "bid": "pass"}]
    assert data["trick"] == [] and data["tricks"] == [LAST_TRICK] and data["last_trick"] == LAST_TRICK
    assert data["trumps_broken"] is True
    thrown, second, third = data["history"]
    assert thrown == {"hand_size": 2, "dealer": "N", "trump": "S", "turned": ["JS"],
                      "bids": [{"seat": s, "bid": "pass"} for s in "ESWN"], "tricks": [],
                      "tricks_won": {"NS": 0, "EW": 0}, "score": {"NS": 0, "EW": 0}, "thrown_in": True,
                      "hands": {}}
    assert second["dealer"] == "E" and second["trump"] == "D" and second["turned"] == ["KD"]
    assert second["bids"] == [{"seat": "S", "bid": "pass"}, {"seat": "W", "bid": "board"},
                              {"seat": "N", "bid": "board"}, {"seat": "E", "bid": "pass"}]
    assert second["tricks"] == DEAL_2_TRICKS
    assert second["tricks_won"] == {"NS": 0, "EW": 2} and second["score"] == {"NS": -40, "EW": 20}
    assert third["dealer"] == "S" and third["tricks"] == [LAST_TRICK] and third["score"] == {"NS": 20, "EW": -30}


def test_the_view_mid_deal():
    m = match(THROWN_IN + PLAYED[:6])  # North led 3H, East followed with 6H: South to play
    south = round_trip(m.view("S").to_data())
    assert south["phase"] == "play" and south["to_act"] == "S" and south["dealer"] == "E"
    assert south["hand"] == ["KS", "9D"] and south["legal_plays"] == ["9D", "KS"] and south["legal_bids"] == []
    assert south["trick"] == [{"seat": "N", "card": "3H"}, {"seat": "E", "card": "6H"}]
    assert south["tricks"] == [] and south["last_trick"] is None and south["trumps_broken"] is False
    assert south["totals"] == {"NS": 0, "EW": 0} and south["deals_played"] == 0
    assert [record["thrown_in"] for record in south["history"]] == [True]
    north = round_trip(m.view("N").to_data())
    assert north["hand"] == ["10H"] and north["legal_plays"] == [] and north["trick"] == south["trick"]


def test_the_view_between_deals_keeps_the_last_trick():
    m = match(THROWN_IN + PLAYED[:12])  # deal 2 is over; deal 3 is dealt, West to bid
    west = round_trip(m.view("W").to_data())
    assert west["phase"] == "bid" and west["to_act"] == "W" and west["hand_size"] == 1
    assert west["legal_bids"] == ["pass", "board"] and west["bids"] == [] and west["tricks"] == []
    assert west["last_trick"] == DEAL_2_TRICKS[-1] and west["totals"] == {"NS": -40, "EW": 20}


def test_the_view_after_an_undo():
    m = match(THROWN_IN + PLAYED[:6])
    m.undo()  # East takes back 6H
    east = round_trip(m.view("E").to_data())
    assert east["to_act"] == "E" and east["trick"] == [{"seat": "N", "card": "3H"}]
    assert east["hand"] == ["QH", "6H"] and east["legal_plays"] == ["QH", "6H"]
    m = match(THROWN_IN + PLAYED[:12])
    m.undo()  # South takes back KS, the last card of deal 2: the deal is open again
    south = round_trip(m.view("S").to_data())
    assert south["hand_size"] == 2 and south["hand"] == ["KS"] and south["deals_played"] == 0
    assert south["tricks"] == DEAL_2_TRICKS[:1] and len(south["trick"]) == 3
    assert len(south["history"]) == 1 and south["totals"] == {"NS": 0, "EW": 0}


def test_a_deal_record_with_its_hands():
    thrown, second, _ = match().history
    assert round_trip(thrown.to_data())["hands"] == {"N": ["7S", "2C"], "E": ["8S", "KD"], "S": ["AH", "AD"],
                                                     "W": ["10H", "4H"]}
    data = round_trip(second.to_data())
    assert data["hands"] == {"N": ["10H", "3H"], "E": ["QH", "6H"], "S": ["KS", "9D"], "W": ["AD", "7D"]}
    assert data["tricks"] == DEAL_2_TRICKS and round_trip(second.last_trick.to_data()) == DEAL_2_TRICKS[-1]


# -- act -----------------------------------------------------------------------------------------
def one_card_deal(**kwargs) -> Deal:
    return Deal({"N": ["AS"], "E": ["KS"], "S": ["2H"], "W": ["3H"]}, trump="H", dealer="W", **kwargs)


def test_act_bids_then_plays():
    deal = one_card_deal()
    for seat, value in [("N", "board"), ("E", "pass"), ("S", "PASS"), ("W", "pass")]:
        deal.act(seat, value)
    assert deal.bids == [("N", "board"), ("E", "pass"), ("S", "pass"), ("W", "pass")] and deal.phase == "play"
    for seat, card in [("N", "as"), ("E", "KS"), ("S", "2H"), ("W", parse_cards("3H")[0])]:
        deal.act(seat, card)
    assert deal.phase == "over" and deal.tricks[0].winner == "W" and deal.score() == {"NS": -10, "EW": 1}


def test_act_out_of_phase_is_refused_and_changes_nothing():
    deal = one_card_deal()
    with pytest.raises(IllegalPlay, match="North cannot play: the bidding is not finished") as refused:
        deal.act("N", "AS")
    assert (refused.value.rule, refused.value.number) == ("phase", "2.1")
    assert deal.bids == [] and deal.to_act == "N" and deal.hands["N"] == ("AS",)
    deal = one_card_deal(bids=["board", "pass", "pass", "pass"])
    for bid in ("pass", "board", 1, "2"):
        with pytest.raises(IllegalBid, match="North cannot bid: the bidding is over") as refused:
            deal.act("N", bid)
        assert refused.value.rule == "phase"
    assert len(deal.bids) == 4 and deal.trick == [] and deal.to_act == "N"
    for seat, card in [("N", "AS"), ("E", "KS"), ("S", "2H"), ("W", "3H")]:
        deal.act(seat, card)
    with pytest.raises(IllegalPlay, match="the deal is over"):
        deal.act("N", "AS")
    with pytest.raises(IllegalBid, match="the deal is over"):
        deal.act("N", "pass")


def test_act_refuses_what_bid_and_play_refuse():
    deal = Deal({"N": ["AS", "2S"], "E": ["KS", "3H"], "S": ["2H", "QD"], "W": ["3C", "4C"]}, trump="H",
                dealer="W")
    with pytest.raises(IllegalBid) as refused:
        deal.act("N", 2)
    assert refused.value.rule == "bid-range"
    with pytest.raises(IllegalBid) as refused:
        deal.act("N", "double")
    assert refused.value.rule == "bid-value"
    with pytest.raises(IllegalBid) as refused:
        deal.act("E", "pass")
    assert refused.value.rule == "turn"
    for bid in (1, "pass", "pass", "pass"):
        deal.act(deal.to_act, bid)
    deal.act("N", "AS")
    with pytest.raises(IllegalPlay) as refused:
        deal.act("E", "3H")  # East holds KS: it must follow spades
    assert refused.value.rule == "follow-suit" and deal.trick == [("N", "AS")]
    with pytest.raises(ValueError, match="not a card"):
        deal.act("E", "XX")


def test_a_match_acts_across_deals_and_replays_with_act():
    m = match()
    again = Match.from_json(m.to_json())
    assert again.history == m.history and again.totals == {"NS": -20, "EW": -10}


# -- the other values a public function returns ---------------------------------------------------
def test_contracts_and_a_dealt_pack():
    contracts = side_contracts([("W", "board"), ("N", 2), ("E", "pass"), ("S", 1)])
    assert round_trip({side: c.to_data() for side, c in contracts.items()}) == {
        "NS": {"target": 3, "multiplier": None}, "EW": {"target": 0, "multiplier": 1}}
    dealt = deal_pack(parse_cards("2S 3H 4D BIG 6S 7H 8D 9C LITTLE KD"), dealer="S", hand_size=2)
    assert round_trip(dealt.to_data()) == {
        "hands": {"N": ["3H", "7H"], "E": ["4D", "8D"], "S": ["KD", "9C"], "W": ["2S", "6S"]},
        "turned": ["LITTLE"], "trump": None, "set_aside": "BIG"}


def test_a_scorecard_and_its_rows():
    card = Scorecard("short-14", first_dealer="N")
    assert round_trip(card.next_deal.to_data()) == {"number": 1, "hand_size": 7, "dealer": "N",
                                                     "first_bidder": "E", "bidders": ["E", "S", "W", "N"]}
    row = card.record([2, "pass", 3, "pass"], {"NS": 1, "EW": 6})
    assert round_trip(row.to_data()) == {
        "number": 1, "hand_size": 7, "dealer": "N",
        "bids": [{"seat": "E", "bid": 2}, {"seat": "S", "bid": "pass"}, {"seat": "W", "bid": 3},
                 {"seat": "N", "bid": "pass"}],
        "tricks": {"NS": 1, "EW": 6}, "revoke": None, "score": {"NS": 1, "EW": 26}, "totals": {"NS": 1, "EW": 26},
        "thrown_in": False}
    card.throw_in()
    data = round_trip(card.to_data())
    assert data["variant"] == "short-14" and data["first_dealer"] == "N" and len(data["rows"]) == 2
    assert data["rows"][1]["thrown_in"] is True and data["rows"][1]["tricks"] is None
    assert data["totals"] == {"NS": 1, "EW": 26} and data["deals_played"] == 1
    assert data["next_deal"] == {"number": 2, "hand_size": 6, "dealer": "S", "first_bidder": "W",
                                 "bidders": ["W", "N", "E", "S"]}
    assert (data["needs_tiebreak"], data["tiebreak"], data["finished"], data["winner"]) == (False, None, False, None)


def test_figures_comparisons_and_estimates():
    figures = {(f.example, f.name): f.to_data() for f in example_figures()}
    round_trip(list(figures.values()))
    assert figures["numeric-bid", "four"]["value"] == {"NS": 16, "EW": 1}
    assert figures["all-trumps", "lead"] == {"example": "all-trumps", "name": "lead", "kind": "legal", "given": [],
                                             "value": ["LITTLE", "AH", "9H", "4H"], "trick": None, "seat": None}
    assert figures["little-lead", "trick 1"]["value"] == "E"
    data = round_trip(compare("heuristic", "random", matches=1, variant="short-14").to_data())
    assert data["results"] == {"heuristic": 2, "random": 0, "draw": 0, "stopped": 0} and len(data["interval"]) == 2
    data = round_trip(estimate("BIG AH KS", "H", samples=20, seed=1).to_data())
    assert data["hand"] == ["BIG", "AH", "KS"] and set(data["distribution"]) == {"0", "1", "2", "3"}


def test_every_public_named_tuple_has_to_data():
    """``Reason`` (``errors.py``) is left to the refusals work: its ``_asdict()`` is JSON-ready."""
    import backalley.effects
    import backalley.scorecard
    import backalley.simulate
    found = {value for module in (backalley, backalley.effects, backalley.scorecard, backalley.simulate)
             for _, value in inspect.getmembers(module, inspect.isclass)
             if issubclass(value, tuple) and hasattr(value, "_fields")}
    assert Figure in found and backalley.SeatView in found
    assert [cls.__name__ for cls in found if not hasattr(cls, "to_data")] == ["Reason"]
