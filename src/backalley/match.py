"""A whole match: seeded deals on the schedule, bids, play, totals and the result.

>>> m = Match(variant="short-14", seed=1)
>>> m.phase, m.hand_size, m.to_act
('bid', 7, 'E')
"""
from __future__ import annotations

import random
from typing import NamedTuple

from .cards import PACK, SUIT_INDEX, Card
from .dealing import deal_cards
from .deal import Deal
from .errors import Reason
from .table import SEATS, left_of, seat_index
from .variants import deal_sizes, resolve_variant


class DealRecord(NamedTuple):
    """What a finished deal left behind."""

    hand_size: int
    dealer: str
    trump: str | None
    turned: tuple
    bids: tuple
    tricks_won: dict
    score: dict
    thrown_in: bool


class Match(Deal):
    """A match under a variant, dealt from a seeded shuffle; act with ``bid`` and ``play``.

    A match is played one deal at a time: between deals its state and actions are those of
    the current ``Deal``; when a deal ends it is scored, recorded in ``history`` and the next
    one is dealt at once. ``phase`` is ``"over"`` only when the whole match is.
    """

    __slots__ = ("seed", "deals_played", "history", "totals", "tiebreak", "finished", "turned", "_random", "_sizes",
                 "_in_tiebreak")
    _over = "the match is over"

    def __init__(self, variant="standard", dealer="N", seed=0):
        self.variant = resolve_variant(variant)
        self.seed = seed
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
        draw = self._random
        keys = [draw() for _ in PACK]
        return [PACK[i] for i in sorted(range(54), key=keys.__getitem__)]

    def _deal(self, size: int, tiebreak: bool) -> None:
        """Deal ``size`` cards each, one at a time from the dealer's left, then turn the trump card."""
        first = left_of(self._dealer)
        hands, turned, _ = deal_cards(self._shuffled(), first, size, self.variant.turned_joker)
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
        score = self.score()
        self.history.append(DealRecord(
            self.hand_size, self.dealer, self.trump, self.turned, tuple(self._bids),
            self.tricks_won, score, self.thrown_in,
        ))
        if self.thrown_in:
            if self.variant.throw_in_dealer == "next":
                self._dealer = left_of(self._dealer)
            self._deal(self.hand_size, tiebreak=False)
            return
        self._dealer = left_of(self._dealer)
        self.totals = {side: self.totals[side] + score[side] for side in score}
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
        if not self.finished:
            return None
        ns, ew = self.totals["NS"], self.totals["EW"]
        if ns == ew and self.tiebreak is not None:
            ns, ew = self.tiebreak["NS"], self.tiebreak["EW"]
        return "NS" if ns > ew else "EW" if ew > ns else None

    @property
    def stalemate(self) -> Reason | None:
        """Why the player to act has no legal card, in the strict reading; else ``None``."""
        if self.phase == "play" and self.constraint == "no-legal-lead":
            return Reason("no-legal-lead", f"{self.to_act} holds nothing but trumps before trumps are "
                                           "broken: the strict reading gives this hand no legal lead")
        return None
