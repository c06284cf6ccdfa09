"""A whole match: seeded deals on the schedule, bids, play, totals and the result; its history,
saved and restored as JSON, an undo, and each seat's view for a bot.

>>> m = Match(variant="short-14", seed=1)
>>> m.phase, m.hand_size, m.to_act
('bid', 7, 'E')
>>> m.bid("E", "pass"); m.undo(); m.to_act
'E'
>>> Match.from_json(m.to_json()).hands == m.hands
True
"""
from __future__ import annotations

import json
import random
import secrets
from itertools import repeat, starmap
from typing import NamedTuple

from .bidding import bids_data
from .cards import PACK, SUIT_INDEX, Card, card_order, parse_cards
from .deal import Deal, Trick, _as_tricks, plays_data
from .dealing import _deal_cards
from .errors import BackAlleyError, InvalidArgument, InvalidDeal, Reason, saved, whole
from .scoring import match_winner
from .table import SEATS, left_of, seat_index
from .variants import deal_sizes, resolve_variant

FORMAT = "backalley-match"
VERSION = 1


class _Record(NamedTuple):
    hand_size: int
    dealer: str
    trump: str | None
    turned: tuple
    bids: tuple
    tricks_won: dict
    score: dict
    thrown_in: bool
    played: str
    """The cards of the deal in the order played, as text ("5H 9H AH 6H …")."""
    turns: bytes
    """The leader and the winner of each trick in turn (seats as 0–3)."""
    dealt: str | None
    """The hands dealt as text, North's cards then East's, South's, West's, for a deal thrown in;
    ``None`` for a deal played (its cards are those played); ``""`` in a seat's view."""


class DealRecord(_Record):
    """What a deal played or thrown in left behind: the hands as dealt, the card(s) turned, the
    bids, every trick in order (who led, who played what, who won) and the score. Cards are kept
    as text, which costs the garbage collector nothing however long the history grows."""

    __slots__ = ()

    @property
    def tricks(self) -> tuple:
        """The tricks as ``Trick`` values: who led, the cards as ``(seat, card)``, who won."""
        return tuple(_as_tricks(self.turns, parse_cards(self.played)))

    @property
    def last_trick(self) -> Trick | None:
        """The deal's last trick, read alone (``None`` for a deal thrown in)."""
        return _as_tricks(self.turns[-2:], parse_cards(self.played.split()[-4:]))[0] if self.turns else None

    @property
    def hands(self) -> dict:
        """Each seat's cards as dealt, in the order players sort them (empty in a seat's view)."""
        if self.dealt == "":
            return {}
        if self.dealt is not None:
            cards, h = parse_cards(self.dealt), self.hand_size
            found = {seat: cards[i * h:(i + 1) * h] for i, seat in enumerate(SEATS)}
        else:
            found = {seat: [] for seat in SEATS}
            for trick in self.tricks:
                for seat, card in trick.cards:
                    found[seat].append(card)
        return {seat: tuple(sorted(cards, key=card_order)) for seat, cards in found.items()}

    def to_data(self) -> dict:
        """The record as JSON-ready data: the bids as ``{"seat", "bid"}``, the tricks themselves
        (``Trick.to_data``) in place of ``played`` and ``turns``, the hands as dealt by seat (none
        in a seat's view), cards as text."""
        return {"hand_size": self.hand_size, "dealer": self.dealer, "trump": self.trump,
                "turned": [str(card) for card in self.turned], "bids": bids_data(self.bids),
                "tricks": [trick.to_data() for trick in self.tricks], "tricks_won": dict(self.tricks_won),
                "score": dict(self.score), "thrown_in": self.thrown_in,
                "hands": {seat: [str(card) for card in cards] for seat, cards in self.hands.items()}}


class SeatView(NamedTuple):
    """What one seat may see of a match: its own hand, never another's (``Match.view``)."""

    seat: str
    hand: tuple
    phase: str
    to_act: str | None
    hand_size: int
    dealer: str
    trump: str | None
    turned: tuple
    bids: tuple
    trick: tuple
    tricks: tuple
    last_trick: Trick | None
    trumps_broken: bool
    legal_bids: tuple
    legal_plays: tuple
    totals: dict
    deals_played: int
    history: tuple
    """The deals before this one, as ``DealRecord`` values without the hands dealt (``hands`` is empty)."""

    def to_data(self) -> dict:
        """The view as JSON-ready data with the same field names: cards as text, bids as
        ``{"seat", "bid"}``, the trick in progress as ``{"seat", "card"}``, finished tricks and
        earlier deals as their own ``to_data()``."""
        last = self.last_trick
        return {**self._asdict(), "hand": [str(card) for card in self.hand],
                "turned": [str(card) for card in self.turned], "bids": bids_data(self.bids),
                "trick": plays_data(self.trick), "tricks": [trick.to_data() for trick in self.tricks],
                "last_trick": None if last is None else last.to_data(), "legal_bids": list(self.legal_bids),
                "legal_plays": [str(card) for card in self.legal_plays], "totals": dict(self.totals),
                "history": [record.to_data() for record in self.history]}


class Match(Deal):
    """A match under a variant, dealt from a seeded shuffle; act with ``act`` (or ``bid`` and ``play``).

    A match is played one deal at a time: between deals its state and actions are those of
    the current ``Deal``; when a deal ends it is scored, recorded in ``history`` and the next
    one is dealt at once. ``phase`` is ``"over"`` only when the whole match is.
    """

    __slots__ = ("seed", "deals_played", "history", "totals", "tiebreak", "finished", "turned", "_random", "_sizes",
                 "_in_tiebreak", "_first_dealer", "_shown_history")
    _over = "the match is over"

    def __init__(self, variant="standard", dealer="N", seed=None):
        """A match dealt from ``seed`` (a whole number; without one, a fresh random seed, kept in
        ``seed`` so that ``Match(variant, dealer, m.seed)`` deals the same match again)."""
        if seed is None:
            seed = secrets.randbits(63)
        whole(seed, "a seed", 0)
        self.variant = resolve_variant(variant)
        self.seed = seed
        self._first_dealer = SEATS[seat_index(dealer)]
        self._shown_history: tuple = ()  # the history as the seats see it, made once per deal (view)
        self._random = random.Random(seed).random
        self._sizes = deal_sizes(self.variant)
        self._dealer = seat_index(dealer)
        self.deals_played = 0
        self.history: list[DealRecord] = []
        self.totals = {"NS": 0, "EW": 0}
        self.tiebreak: dict | None = None
        self.finished = False
        self._deal(self._sizes[0], tiebreak=False)

    def _shuffled(self) -> list[Card]:
        """The pack in a seeded random order (sorting by random keys: C-speed and unbiased)."""
        keys = list(starmap(self._random, repeat((), 54)))
        return list(map(PACK.__getitem__, sorted(range(54), key=keys.__getitem__)))

    def _deal(self, size: int, tiebreak: bool) -> None:
        """Deal ``size`` cards each, one at a time from the dealer's left, then turn the trump card."""
        first = left_of(self._dealer)
        hands, turned, _ = _deal_cards(self._shuffled(), first, size, self.variant.turned_joker)
        self.turned: tuple[Card, ...] = tuple(turned)
        trump = SUIT_INDEX.get(turned[-1])
        self._in_tiebreak = tiebreak
        self._trump = trump
        self._hands = hands
        self._setup((), SEATS[first] if tiebreak else None)

    def _end(self) -> None:
        """Score and record the deal just ended, then deal the next one or end the match."""
        super()._end()
        if self._in_tiebreak:
            self.tiebreak = self.tricks_won
            self.finished = True
            return
        thrown = self.thrown_in
        score = {"NS": 0, "EW": 0} if thrown else self.score()
        won = self._won
        self.history.append(DealRecord(
            self.hand_size, SEATS[self._dealer], self.trump, self.turned, tuple(self._bids),
            {"NS": won[0], "EW": won[1]}, score, thrown,
            " ".join(self._played), bytes(self._done),
            " ".join(card for hand in self._hands for card in hand) if thrown else None,
        ))
        if thrown:
            if self.variant.throw_in_dealer == "next":
                self._dealer = left_of(self._dealer)
            self._deal(self.hand_size, tiebreak=False)
            return
        self._dealer = left_of(self._dealer)
        totals = self.totals
        self.totals = {"NS": totals["NS"] + score["NS"], "EW": totals["EW"] + score["EW"]}
        self.deals_played += 1
        if self.deals_played < len(self._sizes):
            self._deal(self._sizes[self.deals_played], tiebreak=False)
        elif self.totals["NS"] == self.totals["EW"] and self.variant.tie == "tiebreak":
            self._deal(max(self._sizes), tiebreak=True)
        else:
            self.finished = True

    @property
    def in_tiebreak(self) -> bool:
        """True during the extra deal that breaks a tie (no bidding, most tricks wins)."""
        return self._in_tiebreak and not self.finished

    @property
    def winner(self) -> str | None:
        """``"NS"`` or ``"EW"`` once finished; ``None`` for a draw or a match still going."""
        return match_winner(self.totals, self.tiebreak) if self.finished else None

    @property
    def stalemate(self) -> Reason | None:
        """Why the player to act has no legal card, in the strict reading; else ``None``."""
        if self.phase == "play" and self.constraint == "no-legal-lead":
            return Reason("no-legal-lead", f"{self.to_act} holds nothing but trumps before trumps are "
                                           "broken: the strict reading gives this hand no legal lead",
                          "stalemate", {"seat": self.to_act})
        return None

    # -- the record of play, saving, restoring and undoing ----------------------------------
    @property
    def last_trick(self) -> Trick | None:
        """The last trick finished, in this deal or, before its first trick, in the deal before."""
        return _last_trick(self.tricks, self.history)

    @property
    def actions(self) -> list[tuple[str, object]]:
        """Every bid and card of the match so far, in order, as ``(seat, bid or card)``."""
        found = []
        for record in self.history:
            found += list(record.bids) + [pair for trick in record.tricks for pair in trick.cards]
        if not (self.finished and self.tiebreak is None):  # the deal in progress, or the tie-break deal
            found += list(self._bids) + [pair for trick in self.tricks for pair in trick.cards] + self.trick
        return found

    def to_json(self) -> str:
        """The match as JSON text: its variant, first dealer, seed and every action, from which
        ``Match.from_json`` deals and plays it again to the same point."""
        return json.dumps({"format": FORMAT, "version": VERSION, "variant": self.variant.spec,
                           "dealer": self._first_dealer, "seed": self.seed,
                           "actions": [[seat, value] for seat, value in self.actions]})

    @classmethod
    def from_json(cls, text) -> Match:
        """The match saved by ``to_json``; ``ValueError`` naming what is wrong with ``text``."""
        data = saved(text, FORMAT, VERSION)
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, list) and len(a) == 2 for a in actions):
            raise InvalidArgument("a saved match's actions are [seat, bid or card] pairs", key="saved-actions")
        return cls._replayed(data.get("variant"), data.get("dealer"), data.get("seed"), actions)

    @classmethod
    def _replayed(cls, variant, dealer, seed, actions) -> Match:
        m = cls(variant, dealer, seed)
        for number, (seat, value) in enumerate(actions, 1):
            try:
                m.act(seat, value)
            except (BackAlleyError, ValueError) as error:
                raise InvalidDeal(getattr(error, "rule", None) or "phase",
                                  f"action {number} ({seat} {value}) is refused: {getattr(error, 'message', error)}",
                                  key="saved-action", action=number, given=f"{seat} {value}", refusal=error
                                  ) from None
        return m

    def undo(self) -> None:
        """Take back the last bid or card, across the end of a deal too."""
        actions = self.actions
        if not actions:
            raise InvalidDeal("phase", "nothing to undo: no bid has been made and no card played", key="undo-match")
        before = self._replayed(self.variant, self._first_dealer, self.seed, actions[:-1])
        for name in Deal.__slots__ + Match.__slots__:
            if hasattr(before, name):
                setattr(self, name, getattr(before, name))

    # -- what one seat may see ----------------------------------------------------------------
    def view(self, seat) -> SeatView:
        """What ``seat`` may see: its own hand, the turned card, the bids, the cards played, the
        score and the deals before; never another player's hand."""
        if len(self._shown_history) != len(self.history):  # a deal ended since: the seats see it too
            self._shown_history = tuple(record._replace(dealt="") for record in self.history)
        return deal_view(self, seat, self.turned, self.totals, self.deals_played, self._shown_history)


def deal_view(deal: Deal, seat: str, turned: tuple = (), totals: dict | None = None, deals_played: int = 0,
              history: tuple = ()) -> SeatView:
    """What ``seat`` may see of ``deal`` (a ``Match`` or a single ``Deal``): its own hand, the bids
    and the cards played, with the turned cards, totals and earlier deals given (a single deal:
    none)."""
    seat = SEATS[seat_index(seat)]
    mine = deal.to_act == seat
    tricks = tuple(deal.tricks)
    return SeatView(
        seat, tuple(sorted(deal.hands[seat], key=card_order)), deal.phase, deal.to_act, deal.hand_size,
        deal.dealer, deal.trump, tuple(turned), tuple(deal.bids), tuple(deal.trick), tricks,
        _last_trick(tricks, history),
        deal.trumps_broken, tuple(deal.legal_bids()) if mine else (), tuple(deal.legal_plays()) if mine else (),
        dict(totals or {"NS": 0, "EW": 0}), deals_played, history,
    )


def _last_trick(tricks, history) -> Trick | None:
    """The last of ``tricks`` or, before the deal's first trick, of the latest deal in ``history``."""
    if tricks:
        return tricks[-1]
    return next((record.last_trick for record in reversed(history) if record.turns), None)
