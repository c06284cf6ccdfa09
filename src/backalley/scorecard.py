"""A scorecard for a match played with real cards: the schedule, the dealer, checked bids and
tricks, running totals, thrown-in deals, established revokes, undo, and JSON or CSV.

>>> card = Scorecard("short-14", first_dealer="N")
>>> card.next_deal
NextDeal(number=1, hand_size=7, dealer='N', first_bidder='E')
>>> card.record(bids=[2, "pass", 3, "pass"], tricks={"NS": 1, "EW": 6}).score   # E, S, W, N
{'NS': 1, 'EW': 26}
>>> card.throw_in().dealer, card.next_deal.hand_size, card.next_deal.dealer
('E', 6, 'S')

``scorecard_entry`` is the one way in for the command line and the browser: the saved file's
text and one entry give the new text and what the sheet shows.

>>> first = scorecard_entry(None, "new", variant="short-14", dealer="N")
>>> entry = scorecard_entry(first.text, "add", bids=[2, "pass", 3, "pass"], tricks=1)
>>> entry.card.totals, entry.to_data()["bids"]
({'NS': 1, 'EW': 26}, ['pass', 1, 2, 3, 4, 5, 'board'])
"""
from __future__ import annotations

import csv
import io
import json
from typing import NamedTuple

from .bidding import bids_data, check_bid, legal_bids, normalize_bid
from .errors import InvalidArgument, InvalidDeal, saved
from .scoring import match_winner, parse_tricks, score_deal
from .table import SEATS, SIDES, left_of, seat_index
from .variants import deal_sizes, resolve_variant

FORMAT = "backalley-scorecard"
VERSION = 1
ACTIONS = ("new", "add", "throw-in", "revoke", "tiebreak", "undo", "show")
"""The entries ``scorecard_entry`` takes, as ``backalley scorecard`` names them."""


class NextDeal(NamedTuple):
    """The deal to play next: its number in the schedule, hand size, dealer and first bidder."""

    number: int
    hand_size: int
    dealer: str
    first_bidder: str

    @property
    def bidders(self) -> list[str]:
        """The four seats in the order they bid, from the dealer's left."""
        return [SEATS[(seat_index(self.first_bidder) + i) & 3] for i in range(4)]

    def to_data(self) -> dict:
        """The next deal as JSON-ready data, its four bidders in order included."""
        return {**self._asdict(), "bidders": self.bidders}


class Row(NamedTuple):
    """One deal on the score sheet (a thrown-in deal has no tricks and scores nothing)."""

    number: int
    hand_size: int
    dealer: str
    bids: tuple
    """``(seat, bid)`` in table order from the dealer's left."""
    tricks: dict | None
    revoke: str | None
    score: dict
    totals: dict
    thrown_in: bool

    def to_data(self) -> dict:
        """The row as JSON-ready data, the bids as ``{"seat", "bid"}`` in table order."""
        tricks = None if self.tricks is None else dict(self.tricks)
        return {**self._asdict(), "bids": bids_data(self.bids), "tricks": tricks, "score": dict(self.score),
                "totals": dict(self.totals)}


class Scorecard:
    """The score sheet of one match; every entry is checked, and a refused one changes nothing."""

    def __init__(self, variant="standard", first_dealer="N"):
        self.variant = resolve_variant(variant)
        self.first_dealer = SEATS[seat_index(first_dealer)]
        self.rows: list[Row] = []
        self.tiebreak: dict | None = None

    # -- where the match stands --------------------------------------------------------------
    @property
    def totals(self) -> dict:
        return dict(self.rows[-1].totals) if self.rows else {"NS": 0, "EW": 0}

    @property
    def deals_played(self) -> int:
        return sum(not row.thrown_in for row in self.rows)

    @property
    def needs_tiebreak(self) -> bool:
        """All scheduled deals are played, the totals are equal and the variant breaks ties."""
        sizes = deal_sizes(self.variant)
        totals = self.totals
        return (self.deals_played == len(sizes) and totals["NS"] == totals["EW"]
                and self.variant.tie == "tiebreak" and self.tiebreak is None)

    @property
    def finished(self) -> bool:
        return self.deals_played == len(deal_sizes(self.variant)) and not self.needs_tiebreak

    @property
    def winner(self) -> str | None:
        """``"NS"`` or ``"EW"`` once finished; ``None`` for a draw or a match still going."""
        return match_winner(self.totals, self.tiebreak) if self.finished else None

    @property
    def next_deal(self) -> NextDeal | None:
        """The next deal of the schedule (or the tie-break deal); ``None`` once finished."""
        if self.finished:
            return None
        sizes = deal_sizes(self.variant)
        dealer = seat_index(self.first_dealer)
        for row in self.rows:
            if not (row.thrown_in and self.variant.throw_in_dealer == "same"):
                dealer = left_of(dealer)
        size = max(sizes) if self.needs_tiebreak else sizes[self.deals_played]
        return NextDeal(self.deals_played + 1, size, SEATS[dealer], SEATS[left_of(dealer)])

    def to_data(self) -> dict:
        """Where the match stands, as JSON-ready data for a view: the variant's text, every row,
        the totals, the next deal (``None`` once finished), the tie-break and the result."""
        deal, tiebreak = self.next_deal, None if self.tiebreak is None else dict(self.tiebreak)
        return {"variant": self.variant.spec, "first_dealer": self.first_dealer,
                "rows": [row.to_data() for row in self.rows], "totals": self.totals,
                "deals_played": self.deals_played, "next_deal": None if deal is None else deal.to_data(),
                "needs_tiebreak": self.needs_tiebreak, "tiebreak": tiebreak, "finished": self.finished,
                "winner": self.winner}

    # -- entries -------------------------------------------------------------------------------
    def record(self, bids, tricks, revoke=None) -> Row:
        """Score the next deal: ``bids`` are the four bids in table order from the dealer's left
        (values, or ``(seat, bid)`` pairs), ``tricks`` North–South's tricks or ``{"NS": n, "EW": m}``,
        ``revoke`` the side charged with an established revoke, if any (RULES §9)."""
        deal = self._open()
        pairs = self._bids(bids, deal)
        if all(bid == "pass" for _, bid in pairs):
            raise InvalidDeal("bids", "all four passed: the deal is thrown in (record it with throw_in)", key="all-passed")
        if isinstance(tricks, int) and not isinstance(tricks, bool):
            tricks = {"NS": tricks, "EW": deal.hand_size - tricks}
        score = score_deal(deal.hand_size, pairs, tricks, self.variant, revoke=revoke)
        return self._add(Row(deal.number, deal.hand_size, deal.dealer, tuple(pairs), dict(tricks), revoke,
                             score, self._plus(score), False))

    def throw_in(self) -> Row:
        """Record the next deal as thrown in: all four passed; the hand size is dealt again."""
        deal = self._open()
        zero = {"NS": 0, "EW": 0}
        passes = tuple((seat, "pass") for seat in deal.bidders)
        return self._add(Row(deal.number, deal.hand_size, deal.dealer, passes, None, None, zero, self._plus(zero), True))

    def revoke(self, side: str | None) -> Row:
        """Score the last deal again with an established revoke charged to ``side`` (one per deal:
        to charge the other side instead, undo the first)."""
        if not self.rows or self.rows[-1].thrown_in:
            raise InvalidDeal("revoke", "a revoke is charged on a deal that was played: record it first",
                              key="revoke-no-deal")
        if side not in SIDES:  # score_deal takes None for no revoke: here a side must be named
            raise InvalidDeal("revoke", f"a revoke is charged to a side, 'NS' or 'EW', got {side!r}",
                              key="revoke-side", given=repr(side))
        if self.rows[-1].revoke is not None:
            raise InvalidDeal("revoke", "the last deal already has a revoke charged: undo that revoke to charge another",
                              key="revoke-charged")
        return self._rescored(side)

    def _rescored(self, side: str | None) -> Row:
        """The last deal scored again with ``side``'s revoke (``None``: without one)."""
        last = self.rows[-1]
        before = self.rows[-2].totals if len(self.rows) > 1 else {"NS": 0, "EW": 0}
        score = score_deal(last.hand_size, last.bids, last.tricks, self.variant, revoke=side)
        totals = {s: before[s] + score[s] for s in SIDES}
        self.rows[-1] = last._replace(revoke=side, score=score, totals=totals)
        return self.rows[-1]

    def record_tiebreak(self, tricks) -> dict:
        """The tricks of the tie-break deal (no bids; more tricks wins, nothing is added)."""
        if not self.needs_tiebreak:
            raise InvalidDeal("phase", "no tie-break deal is due", key="no-tiebreak")
        size = max(deal_sizes(self.variant))
        if isinstance(tricks, int) and not isinstance(tricks, bool):
            tricks = {"NS": tricks, "EW": size - tricks}
        self.tiebreak = parse_tricks(tricks, size)
        return self.tiebreak

    def undo(self) -> None:
        """Take back the last entry: the tie-break deal's tricks, else a revoke charged on the last
        deal (which stays, scored without it), else the last deal."""
        if self.tiebreak is not None:
            self.tiebreak = None
        elif self.rows and self.rows[-1].revoke is not None:
            self._rescored(None)
        elif self.rows:
            self.rows.pop()
        else:
            raise InvalidDeal("phase", "nothing to undo: the scorecard is empty", key="undo-scorecard")

    def _open(self) -> NextDeal:
        deal = self.next_deal
        if deal is None or self.needs_tiebreak:
            raise InvalidDeal("phase", "the match is over" if deal is None else
                              "the totals are equal: record the tie-break deal",
                              key="match-over" if deal is None else "tiebreak-due")
        return deal

    def _bids(self, bids, deal: NextDeal) -> list:
        if isinstance(bids, (str, bytes, dict)) or not hasattr(bids, "__iter__"):
            raise InvalidDeal("bids", f"bids are a list of four, from the dealer's left, got {bids!r}",
                              key="card-bids", seat=deal.first_bidder, given=repr(bids))
        bids = list(bids)
        if len(bids) != 4:
            raise InvalidDeal("bids", f"a deal has four bids, from the dealer's left ({deal.first_bidder}), "
                                      f"got {len(bids)}", key="card-bids-count", seat=deal.first_bidder,
                              count=len(bids))
        pairs = []
        for seat, bid in zip(deal.bidders, bids):
            if isinstance(bid, (tuple, list)):
                given, bid = bid
                if SEATS[seat_index(given)] != seat:
                    raise InvalidDeal("bids", f"{seat} bids there, not {given}: bids go round from the "
                                              f"dealer's left ({deal.first_bidder})", key="card-bid-seat",
                                      seat=seat, other=SEATS[seat_index(given)], first=deal.first_bidder)
            pairs.append((seat, check_bid(normalize_bid(bid), deal.hand_size, self.variant)))
        return pairs

    def _plus(self, score: dict) -> dict:
        totals = self.totals
        return {s: totals[s] + score[s] for s in SIDES}

    def _add(self, row: Row) -> Row:
        self.rows.append(row)
        return row

    # -- saving ----------------------------------------------------------------------------------
    def to_json(self) -> str:
        entries: list[dict[str, object]] = []
        for row in self.rows:
            if row.thrown_in:
                entries.append({"throw_in": True})
            else:
                entries.append({"bids": [bid for _, bid in row.bids], "tricks": row.tricks, "revoke": row.revoke})
        return json.dumps({"format": FORMAT, "version": VERSION, "variant": self.variant.spec,
                           "first_dealer": self.first_dealer, "entries": entries, "tiebreak": self.tiebreak},
                          indent=1)

    @classmethod
    def from_json(cls, text) -> Scorecard:
        """The scorecard saved by ``to_json``, every entry checked again."""
        data = saved(text, FORMAT, VERSION)
        card = cls(data.get("variant"), data.get("first_dealer"))
        entries = data.get("entries")
        if not isinstance(entries, list):
            raise InvalidArgument("a saved scorecard's entries are a list", key="saved-entries")
        for number, entry in enumerate(entries, 1):
            try:
                if not isinstance(entry, dict):
                    raise InvalidArgument("an entry is an object", key="saved-entry")
                if entry.get("throw_in"):
                    card.throw_in()
                else:
                    card.record(entry.get("bids"), entry.get("tricks"), entry.get("revoke"))
            except ValueError as error:
                raise InvalidArgument(f"entry {number} of the saved scorecard is refused: {error}", key="saved-entry-refused",
                                      entry=number, refusal=error) from None
        if data.get("tiebreak") is not None:
            card.record_tiebreak(data["tiebreak"])
        return card

    def to_csv(self) -> str:
        """The score sheet as CSV: a row per deal, with each side's bid, tricks, score and total."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["deal", "hand_size", "dealer", "bids", "thrown_in", "revoke",
                         "NS_tricks", "EW_tricks", "NS_score", "EW_score", "NS_total", "EW_total"])
        for row in self.rows:
            tricks = row.tricks or {"NS": "", "EW": ""}
            writer.writerow([row.number, row.hand_size, row.dealer, " ".join(f"{s}={b}" for s, b in row.bids),
                             "yes" if row.thrown_in else "no", row.revoke or "", tricks["NS"], tricks["EW"],
                             row.score["NS"], row.score["EW"], row.totals["NS"], row.totals["EW"]])
        return out.getvalue()


class Entry(NamedTuple):
    """A scorecard after one entry: the card and the text of its file (``Scorecard.to_json``)."""

    card: Scorecard
    text: str

    def to_data(self) -> dict:
        """What a view of the sheet needs: the file's text, the card (``Scorecard.to_data``), the
        bids offered in the next deal (none when the tie-break deal or nothing is due) and the CSV."""
        card, deal = self.card, self.card.next_deal
        bids = [] if deal is None or card.needs_tiebreak else legal_bids(deal.hand_size, card.variant)
        return {"file": self.text, "card": card.to_data(), "bids": bids, "csv": card.to_csv()}


def scorecard_entry(saved: str | None, action: str, *, bids: list | None = None, tricks: int | dict | None = None,
                    revoke: str | None = None, variant: str = "standard", dealer: str = "N") -> Entry:
    """One entry on the scorecard saved as ``saved`` (the text of its file; ``None`` for
    ``"new"``, which starts one for ``variant`` with ``dealer`` dealing first): ``"add"`` a deal
    (``bids``, North–South's ``tricks`` or both sides', an optional ``revoke``), ``"throw-in"``,
    ``"revoke"`` (charged to the side ``revoke`` on the last deal), ``"tiebreak"`` (its
    ``tricks``), ``"undo"`` or ``"show"``. The saved text is checked whole again; a refused entry
    raises and changes nothing, since the new text is only returned."""
    if action not in ACTIONS:
        raise InvalidArgument(f"a scorecard entry is one of {', '.join(ACTIONS)}, not {action!r}",
                              key="scorecard-action", given=repr(action), actions=list(ACTIONS))
    if (saved is None) != (action == "new"):
        raise InvalidArgument("only a new scorecard starts without a saved one" if saved is None else
                              "a new scorecard starts without a saved one",
                              key="scorecard-unsaved" if saved is None else "scorecard-saved", action=action)
    card = Scorecard(variant, dealer) if saved is None else Scorecard.from_json(saved)
    if action == "add":
        card.record(bids, tricks, revoke)
    elif action == "throw-in":
        card.throw_in()
    elif action == "revoke":
        card.revoke(revoke)
    elif action == "tiebreak":
        card.record_tiebreak(tricks)
    elif action == "undo":
        card.undo()
    return Entry(card, card.to_json())
