"""Computer players: each bids and plays from what its seat may see (a ``SeatView``), never more.

``RandomPlayer`` picks any legal bid or card. ``HeuristicPlayer`` values its cards from a table
(``VALUES``), bids for the side, and plays to take as many tricks as its side can, cheaply. Its
improvements can be switched off one at a time (``IMPROVEMENTS``), so that each can be measured.

>>> from backalley.simulate import play_match
>>> m = play_match(HeuristicPlayer(), RandomPlayer(1), "short-14", seed=3)
>>> m.finished, m.winner
(True, 'NS')
"""
from __future__ import annotations

import random
from typing import Protocol

from .cards import EFFECTIVE_SUIT, JOKERS, PACK, POWER, SUITS, TRUMP, Card
from .match import SeatView
from .play import _winning_index
from .table import MAX_HAND_SIZE, SEATS

BANDS = ((1, 3), (4, 7), (8, MAX_HAND_SIZE))
"""Bands of hand size: the card values of ``VALUES`` and of ``backalley.card_values`` are by band."""

KINDS = ("BIG", "LITTLE", "trump-A", "trump-K", "trump-Q", "trump-J", "trump-low",
         "side-A", "side-K", "side-Q", "side-low")
"""The kinds of card a value is given for: ``trump-low`` is a trump 10 or lower, ``side-low`` a
plain card J or lower; in a deal without trumps every card is a side card."""

VALUES = {
    (1, 3): dict(zip(KINDS, (1.0, 0.91, 0.88, 0.83, 0.79, 0.76, 0.57, 0.36, 0.18, 0.15, 0.05))),
    (4, 7): dict(zip(KINDS, (1.0, 0.82, 0.76, 0.72, 0.68, 0.63, 0.56, 0.58, 0.24, 0.19, 0.04))),
    BANDS[2]: dict(zip(KINDS, (1.0, 0.59, 0.59, 0.59, 0.57, 0.55, 0.49, 0.86, 0.47, 0.21, 0.03))),
}
"""The heuristic bidder's table: the chance that a card of each kind wins a trick, by band of
hand size, rounded from ``backalley.card_values.card_values(20000, seed=1)``, measured with this player
when its table was a first guess (the table shapes its bids; its play only through a board bid)."""

IMPROVEMENTS = {
    "cheap_wins": "win a trick with the lowest card that wins it (off: the highest)",
    "trust_partner": "do not overtake a partner who wins the trick when that is safe (off: overtake)",
    "save_jokers": "lead the jokers last among sure winners, and win with them only when nothing "
                   "else does (off: jokers first)",
    "smart_leads": "lead a sure winner, else low from the longest plain suit (off: the highest card)",
    "count_partner": "bid less when the partner has bid a number: take PARTNER_SHARE of that number "
                     "off the hand's own value (off: bid the hand's own value)",
}
"""The ``HeuristicPlayer`` improvements, each a switch of its constructor."""


class Player(Protocol):
    """A computer player: a bid or a card, chosen from a seat's view among its legal ones."""

    def bid(self, view: SeatView) -> str | int: ...

    def play(self, view: SeatView) -> Card: ...


class RandomPlayer:
    """Any legal bid or card, uniformly at random, from its own seeded generator."""

    def __init__(self, seed: int | str = 0):
        self._random = random.Random(seed).random

    def bid(self, view: SeatView) -> str | int:
        """A random legal bid."""
        return view.legal_bids[int(self._random() * len(view.legal_bids))]

    def play(self, view: SeatView) -> Card:
        """A random legal card."""
        return view.legal_plays[int(self._random() * len(view.legal_plays))]


def card_kind(card: Card, trump: str | None) -> str:
    """The kind of ``card`` (one of ``KINDS``) in a deal with trump suit ``trump``."""
    if card in JOKERS:
        return str(card)
    rank = card.rank
    where = "trump" if card.suit == trump else "side"
    if rank in ("A", "K", "Q") or (rank == "J" and where == "trump"):
        return f"{where}-{rank}"
    return f"{where}-low"


def band(hand_size: int) -> tuple[int, int]:
    """The band of ``BANDS`` that holds ``hand_size``."""
    return next(b for b in BANDS if b[0] <= hand_size <= b[1])


PARTNER_SHARE = 0.25
"""The share of a number its partner bid that ``HeuristicPlayer`` takes off its own count, as
tricks counted twice (the bidding guide states it)."""


class HeuristicPlayer:
    """A sensible player that sees only its seat's view and follows every rule.

    Bidding: the hand's value is the sum of its cards' values (``VALUES``); it bids board when the
    product of those values (the chance that each card wins, taken as independent) is over one
    half, passes when its partner has bid board, and otherwise bids the value less a margin,
    rounded (with ``count_partner``, less ``PARTNER_SHARE`` of a number its partner bid before it).

    Play: it tries to take every trick its side can, since each trick scores for a side that made
    its bid and keeps an opponent from making theirs. Following, it wins with the lowest card that
    wins (``cheap_wins``), preferring one no unseen card can beat when a player is still to come;
    it lets a partner's winning card stand when it is last to play or the card is the highest
    still unseen (``trust_partner``); otherwise it throws its least useful card: the lowest plain
    card, from its shortest suit. Leading (``smart_leads``), it leads a sure winner (the highest
    unseen card of its suit), the plain ones first and the jokers last (``save_jokers``), else the
    lowest card of its longest plain suit. Every switch is on by default; ``IMPROVEMENTS`` says
    what each one changes.
    """

    def __init__(self, *, cheap_wins: bool = True, trust_partner: bool = True, save_jokers: bool = True,
                 smart_leads: bool = True, count_partner: bool = True):
        self.cheap_wins = cheap_wins
        self.trust_partner = trust_partner
        self.save_jokers = save_jokers
        self.smart_leads = smart_leads
        self.count_partner = count_partner

    def __repr__(self) -> str:
        off = [name for name in IMPROVEMENTS if not getattr(self, name)]
        return f"HeuristicPlayer({', '.join(f'{name}=False' for name in off)})"

    # -- bidding --------------------------------------------------------------------------
    def bid(self, view: SeatView) -> str | int:
        """A bid from the hand's value (see the class)."""
        legal = view.legal_bids
        partner = _partner(view.seat)
        partner_bid = next((bid for seat, bid in view.bids if seat == partner), None)
        if partner_bid == "board":
            return "pass"
        values = VALUES[band(view.hand_size)]
        worth = [values[card_kind(c, view.trump)] for c in view.hand]
        chance_all = 1.0
        for value in worth:
            chance_all *= min(value, 0.98)
        if chance_all > 0.5 and "board" in legal:
            return "board"
        expected = sum(worth)
        if self.count_partner and isinstance(partner_bid, int):
            expected -= partner_bid * PARTNER_SHARE
        number = min(int(expected + 0.3), max((b for b in legal if isinstance(b, int)), default=0))
        return number if number >= 1 else "pass"

    # -- play -----------------------------------------------------------------------------
    def play(self, view: SeatView) -> Card:
        """A card among the legal ones (see the class)."""
        legal = view.legal_plays
        if len(legal) == 1:
            return legal[0]
        table = _Table(view)
        if not view.trick:
            return self._lead(view, legal, table)
        return self._follow(view, legal, table)

    def _lead(self, view: SeatView, legal, table: _Table) -> Card:
        if not self.smart_leads:
            return max(legal, key=table.strength)
        sure = [c for c in legal if table.boss(c)]
        if sure:
            # plain winners first (before they can be ruffed), then trumps; jokers last or first
            return max(sure, key=lambda c: (c not in JOKERS if self.save_jokers else c in JOKERS,
                                            table.suit_of[c] != TRUMP, table.power[c]))
        plain = [c for c in legal if table.suit_of[c] != TRUMP]
        if not plain:
            return min(legal, key=table.power.__getitem__)
        longest = max(table.lengths[table.suit_of[c]] for c in plain)
        return min((c for c in plain if table.lengths[table.suit_of[c]] == longest), key=table.power.__getitem__)

    def _follow(self, view: SeatView, legal, table: _Table) -> Card:
        cards = [card for _, card in view.trick]
        best = _winning_index(cards, table.trump)
        winning, winner = cards[best], view.trick[best][0]
        last = len(cards) == 3
        if self.trust_partner and winner == _partner(view.seat) and (last or table.boss(winning)):
            return table.least_useful(legal)
        winners = [c for c in legal if table.beats(c, winning)]
        if self.save_jokers and any(c not in JOKERS for c in winners):
            winners = [c for c in winners if c not in JOKERS]
        if not winners:
            return table.least_useful(legal)
        if not self.cheap_wins:
            return max(winners, key=table.power.__getitem__)
        if not last:
            winners = [c for c in winners if table.boss(c)] or winners
        return min(winners, key=table.power.__getitem__)


class _Table:
    """What a seat knows of the cards in one decision: the suits and powers of this deal, the cards
    not yet seen (anyone's hand or the stock), and the lengths of its own suits."""

    def __init__(self, view: SeatView):
        self.trump = None if view.trump is None else SUITS.index(view.trump)
        self.suit_of = EFFECTIVE_SUIT[self.trump]
        self.power = POWER[self.trump]
        seen = set(view.hand) | set(view.turned) | {card for _, card in view.trick}
        for trick in view.tricks:
            seen.update(card for _, card in trick.cards)
        top = [-1] * 5
        for card in PACK:
            if card not in seen:
                suit = self.suit_of[card]
                top[suit] = max(top[suit], self.power[card])
        self.top_unseen = top
        self.lengths = [0] * 5
        for card in view.hand:
            self.lengths[self.suit_of[card]] += 1

    def boss(self, card: Card) -> bool:
        """No card still unseen is higher in ``card``'s suit."""
        return self.power[card] > self.top_unseen[self.suit_of[card]]

    def beats(self, card: Card, winning: Card) -> bool:
        """``card`` would take the lead from ``winning``, the card winning the trick now."""
        suit = self.suit_of[card]
        if suit == self.suit_of[winning]:
            return self.power[card] > self.power[winning]
        return suit == TRUMP

    def strength(self, card: Card) -> tuple:
        """Trumps above plain cards, then by power."""
        return self.suit_of[card] == TRUMP, self.power[card]

    def least_useful(self, legal) -> Card:
        """The card to throw: a plain card before a trump, the lowest, from the shortest suit."""
        return min(legal, key=lambda c: (self.suit_of[c] == TRUMP, self.power[c], self.lengths[self.suit_of[c]]))


def _partner(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 2) % 4]


def player(name: str, seed: int | str = 0) -> Player:
    """The player named ``name``: ``random`` (seeded by ``seed``), ``heuristic``, or
    ``heuristic-no-<improvement>`` (one of ``IMPROVEMENTS``, written with ``-`` or ``_``)."""
    text = name.strip().lower().replace("_", "-")
    if text == "random":
        return RandomPlayer(seed)
    if text == "heuristic":
        return HeuristicPlayer()
    known = {f"heuristic-no-{improvement.replace('_', '-')}": improvement for improvement in IMPROVEMENTS}
    if text in known:
        return HeuristicPlayer(**{known[text]: False})
    raise ValueError(f"not a player: {name!r} (players are random, heuristic, or "
                     f"{', '.join(known)})")
