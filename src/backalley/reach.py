"""Which trick splits legal play can still produce from a position: an exhaustive search.

Every legal card of every player is tried, trick by trick; positions at the start of a trick
are remembered, so a deal of up to seven cards each is searched in well under a second
(``benchmarks/reach_speed.py``).

>>> hands = {"N": "7C AC", "E": "10D 3C", "S": "AS 4H", "W": "KS JD"}
>>> trick_splits(hands, "S", dealer="W", bids=[1, "pass", "pass", "pass"])
[{'NS': 1, 'EW': 1}, {'NS': 2, 'EW': 0}]
>>> trick_splits(hands, "S", dealer="W", bids=[1, "pass", "pass", "pass"], plays=["AC", "3C", "4H", "KS"])
[{'NS': 1, 'EW': 1}]
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from .cards import EFFECTIVE_SUIT, INDEX, JOKERS, POWER, TRUMP
from .deal import Deal
from .errors import InvalidArgument
from .hints import CardsLike, VariantLike
from .play import _allowed, _by_suit, _winning_index
from .table import SEATS


def reachable_splits(deal: Deal) -> list[dict[str, int]]:
    """Every final split of the tricks, ``{"NS": n, "EW": m}``, that legal play can still reach
    from ``deal`` as it stands (bidding over; cards may already have been played), fewest
    North–South tricks first. A deal still in its bidding, or thrown in, has none."""
    if not isinstance(deal, Deal):
        raise InvalidArgument(f"reachable_splits takes a Deal, got {deal!r}", key="not-a-deal", given=repr(deal))
    if deal.phase == "bid" or deal.thrown_in:
        return []
    won = deal.tricks_won
    if deal.phase == "over":
        return [won]
    search = _Search(deal)
    hands = tuple(tuple(sorted(hand)) for hand in deal.hands.values())
    assert deal.to_act is not None  # the deal is in play
    leader = SEATS.index(deal.to_act) - len(deal.trick)
    trick = tuple(card for _, card in deal.trick)
    found = 0
    for after, winner, broken in search.finish_trick(hands, leader & 3, trick, deal.trumps_broken):
        found |= search.from_trick_start(after, winner, broken) << (winner & 1 == 0)
    total = sum(len(hand) for hand in hands) // 4 + (1 if trick else 0)
    return [{"NS": won["NS"] + ns, "EW": won["EW"] + total - ns} for ns in range(total + 1) if found >> ns & 1]


def trick_splits(hands: Mapping[str, CardsLike], trump: str | None, dealer: str, *, bids: Iterable = (),
                 plays: Iterable = (), leader: str | None = None,
                 variant: VariantLike = "standard") -> list[dict[str, int]]:
    """``reachable_splits`` of the position given as data: the hands as dealt, trump, dealer,
    the bids and the cards played so far (``[(seat, card), …]`` or cards in turn from the
    opening lead). A bid or card the rules refuse raises the engine's ``IllegalBid`` or
    ``IllegalPlay``, naming the rule."""
    deal = Deal(hands, trump, dealer, bids=bids, leader=leader, variant=variant)
    for play in plays:
        if isinstance(play, (tuple, list)):
            deal.play(*play)
        else:
            deal.play(deal.to_act, play)
    return reachable_splits(deal)


class _Search:
    """The search over one deal's remaining cards (hands as sorted tuples, seats as 0–3).

    Two cards of one hand are the same card to the search when nothing still in play ranks
    between them in their suit (the rest of the hands and the trick): only one of them is
    tried. Jokers are always tried apart, since BIG and LITTLE leads oblige differently.
    """

    def __init__(self, deal: Deal):
        self.trump = deal.trump_index
        self.board_bidder = deal.board_bidders
        self.rules = deal.variant
        self.suit_of = EFFECTIVE_SUIT[self.trump]
        self.power = POWER[self.trump]
        self.memo: dict = {}  # by the shape of the hands
        self.seen: dict = {}  # by the hands themselves, to skip computing the shape

    def from_trick_start(self, hands, leader, broken) -> int:
        """A bit mask of the numbers of tricks North–South can still take (bit n: n tricks)."""
        left = len(hands[0])
        if not left:
            return 1
        seen = (hands, leader, broken)
        found = self.seen.get(seen)
        if found is not None:
            return found
        key = (self._shape(hands), leader, broken)
        found = self.memo.get(key)
        if found is None:
            found, every = 0, (1 << (left + 1)) - 1
            for after, winner, now_broken in self.finish_trick(hands, leader, (), broken):
                found |= self.from_trick_start(after, winner, now_broken) << (winner & 1 == 0)
                if found == every:
                    break
            self.memo[key] = found
        self.seen[seen] = found
        return found

    def _shape(self, hands) -> tuple:
        """``hands`` up to what the rest of the deal cannot tell apart: each plain card replaced by
        its suit and its rank among the cards still in play of that suit (jokers kept as they are)."""
        rank = self._ranks(hands, ())
        return tuple(tuple(sorted(INDEX[c] if c in JOKERS else 100 + rank[c] for c in hand)) for hand in hands)

    def _ranks(self, hands, trick) -> dict:
        """Each plain card in play (hands and trick) to ``suit * 16 + its rank within the suit``."""
        suit_of, power = self.suit_of, self.power
        by_suit: dict = {}
        for cards in (*hands, trick):
            for c in cards:
                if c not in JOKERS:
                    by_suit.setdefault(suit_of[c], []).append(c)
        return {c: suit * 16 + i for suit, cards in by_suit.items()
                for i, c in enumerate(sorted(cards, key=power.__getitem__))}

    def finish_trick(self, hands, leader, trick, broken) -> set:
        """Every distinct ``(hands after, winner, trumps broken)`` of the legal ends of ``trick``."""
        ends: set = set()
        self._extend(list(hands), leader, list(trick), broken, ends, self._ranks(hands, trick))
        return ends

    def _extend(self, hands, leader, trick, broken, ends, rank) -> None:
        if len(trick) == 4:
            winner = (leader + _winning_index(trick, self.trump)) & 3
            ends.add((tuple(hands), winner, broken))
            return
        seat = (leader + len(trick)) & 3
        hand = hands[seat]
        legal, _ = _allowed(list(hand), _by_suit(hand, self.trump), trick, self.trump, broken,
                           self.board_bidder[seat], self.rules)
        for card in _distinct(legal, rank):  # none: the strict reading's stalemate ends the line
            hands[seat] = tuple(c for c in hand if c != card)
            trick.append(card)
            self._extend(hands, leader, trick, broken or self.suit_of[card] == TRUMP, ends, rank)
            trick.pop()
        hands[seat] = hand


def _distinct(legal, rank) -> list:
    """One card of each run of ``legal`` cards with nothing else in play ranking between them
    (``rank``: a plain card's suit and rank among all the cards in play); jokers all count."""
    if len(legal) < 2:
        return list(legal)
    chosen, last = [], -2
    for card in sorted(legal, key=lambda c: rank.get(c, 1000 + INDEX[c])):
        r = rank.get(card)
        if r is None or r != last + 1:
            chosen.append(card)
        last = -2 if r is None else r
    return chosen
