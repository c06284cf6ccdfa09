"""How many tricks a hand takes: the unseen cards dealt at random many times, each deal bid and
played out by four ``HeuristicPlayer``s.

The hand is East's, with North dealing, so it bids first. The trump suit is given, so the turned
card is one of that suit's cards not in the hand, drawn at random like the other three hands
(from the rest of the 54-card pack: both jokers are in play). A deal all four pass is played all
the same (``backalley.simulate.play_deal``). The figures are those of this player's bidding and
play, not of perfect play. A seed always gives the same answer.

>>> e = estimate("BIG AH KS", "H", samples=200, seed=1)
>>> e.hand_size, round(sum(e.distribution.values()), 6), e.expected_tricks > 2
(3, 1.0, True)
"""
from __future__ import annotations

import random
from fractions import Fraction
from typing import NamedTuple

from .cards import PACK, SUITS, Card, parse_cards, parse_trump
from .errors import InvalidArgument, InvalidDeal, whole
from .hints import CardsLike, VariantLike
from .play import SUIT_NAMES
from .scoring import dealt_sizes
from .simulate import interval, play_deal
from .strategy import HeuristicPlayer, card_kind
from .table import MAX_HAND_SIZE, is_hand_size
from .variants import resolve_variant

THUMB = {
    "BIG": ("about", Fraction(3, 2)),
    "LITTLE": ("over", Fraction(1)),
    "trump-A": ("about", Fraction(1)),
    "trump-K": ("under", Fraction(1)),
    "trump-Q": ("under", Fraction(1)),
    "trump-J": ("under", Fraction(1)),
    "trump-low": ("almost", Fraction(1, 2)),
    "side-A": ("exactly", Fraction(2, 3)),
    "side-K": ("exactly", Fraction(2, 5)),
}
"""The rule of thumb (the bidding guide shows it beside ``estimate``) of the computer table's "how to play" page, in tricks per card: BIG a trick
and a half, LITTLE a little over one, the trump ace about one, the other high trumps a little
less, a low trump almost half, a side ace two thirds, a side king two fifths. The page gives
nothing for other cards."""



def thumb_count(hand: CardsLike, trump: str | None) -> float:
    """The rule of thumb's count for ``hand`` with ``trump`` as trumps: the sum of the values
    ``THUMB`` gives its cards, in tricks (other cards count nothing).

    >>> thumb_count("BIG AH KS", "H")
    2.9
    """
    kinds = [card_kind(card, trump) for card in parse_cards(hand)]
    return round(float(sum(THUMB[kind][1] for kind in kinds if kind in THUMB)), 2)


HOLDER, DEALER = "E", "N"
"""The seat that holds the hand, and the dealer: the hand bids first."""


class Estimate(NamedTuple):
    """What a hand takes, over ``samples`` random deals of the unseen cards."""

    hand: tuple
    trump: str
    hand_size: int
    samples: int
    expected_tricks: float
    """The mean number of tricks the hand's own player wins."""
    interval: tuple
    """The 95 % interval of ``expected_tricks``."""
    distribution: dict
    """The chance of each number of tricks the player wins, from 0 to the hand size."""
    p_all: float
    """The chance that the player's side takes every trick: what a board needs."""

    def to_data(self) -> dict:
        """The estimate as JSON-ready data: the cards as text, the interval as a list, the
        distribution keyed by the number of tricks written as text."""
        return {**self._asdict(), "hand": [str(card) for card in self.hand], "interval": list(self.interval),
                "distribution": {str(tricks): share for tricks, share in self.distribution.items()}}


def estimate(hand: CardsLike, trump: str, hand_size: int | None = None, samples: int = 1000, seed: int = 0,
             variant: VariantLike = "standard") -> Estimate:
    """The tricks ``hand`` takes with ``trump`` as trumps (see the module). ``hand_size``, when
    given, must be the number of cards in ``hand``; ``ValueError`` names what is wrong."""
    v = resolve_variant(variant)
    cards = parse_cards(hand)
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise InvalidDeal("hands", f"{twice} appears twice in the hand", key="hand-repeats", card=twice)
    h = len(cards)
    if hand_size is not None and hand_size != h:
        raise InvalidArgument(f"the hand holds {h} card{'s' * (h != 1)}, not {hand_size}", key="hand-size-given",
                              count=h, size=hand_size)
    if not is_hand_size(h):
        raise InvalidDeal("hands", f"a hand holds 1 to {MAX_HAND_SIZE} cards, this one {h}", key="hand-cards", count=h,
                          largest=MAX_HAND_SIZE)
    if h not in dealt_sizes(v):
        raise InvalidDeal("hands", f"{v.name} never deals {h} cards each", key="size-never-dealt", variant=v.name,
                          size=h, sizes=sorted(dealt_sizes(v)))
    suit = parse_trump(trump)
    if suit is None:
        raise InvalidArgument("an estimate needs a trump suit: S, H, D or C", key="estimate-trump")
    whole(samples, "samples", 1)
    whole(seed, "a seed", 0)
    trump = SUITS[suit]
    held = set(cards)
    turnable = [c for c in PACK if c.suit == trump and c not in held]
    if not turnable:
        raise InvalidDeal("hands", f"a hand of all thirteen {SUIT_NAMES[trump]} leaves none to turn for trumps",
                          key="whole-suit", suit=trump)
    rest = [c for c in PACK if c not in held]
    rnd = random.Random(f"estimate-{seed}")
    players = (HeuristicPlayer(),) * 4
    counts = [0] * (h + 1)
    all_tricks = 0
    for _ in range(samples):
        turned = rnd.choice(turnable)
        others = [c for c in rest if c != turned]
        rnd.shuffle(others)
        hands = {HOLDER: cards, "S": others[:h], "W": others[h:2 * h], "N": others[2 * h:3 * h]}
        deal = play_deal(hands, trump, DEALER, players, v, (turned,))
        won = [trick.winner for trick in deal.tricks]
        counts[won.count(HOLDER)] += 1
        all_tricks += won.count(HOLDER) + won.count("W") == h
    total = sum(k * n for k, n in enumerate(counts))
    mean, low, high = interval(total, sum(k * k * n for k, n in enumerate(counts)), samples)
    return Estimate(tuple(Card(c) for c in cards), trump, h, samples, mean, (low, high),
                    {k: n / samples for k, n in enumerate(counts)}, all_tricks / samples)
