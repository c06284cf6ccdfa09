"""What cards are worth, measured: seeded random deals bid and played out by four
``HeuristicPlayer``s, and for each kind of card (``strategy.KINDS``) the share of the cards dealt
that won a trick (the trick's winning card was that card), by band of hand size
(``strategy.BANDS``); and, for board decisions, the chance that a player's side takes every
trick, by hand size (1 to 4) and by the best card the player holds.

The values are those of this player's bidding and play: a stronger or weaker player would
measure other values. Hand sizes are drawn uniformly from 1 to the largest (a standard match deals each
twice); deals whose turned card is a joker (no trumps) are dealt again, so the figures are for
deals with trumps. A deal all four pass is played all the same (``simulate.play_deal``).

Every figure is plain data ready for JSON (string keys): ``{"mean", "low", "high", "n"}``, the
mean with its 95 % interval and the number of cards or hands it is measured on.

>>> figures = card_values(40, seed=2)
>>> figures["deals"], sorted(figures["values"]), figures["values"]["1-3"]["BIG"]["mean"]
(40, ['1-3', '4-7', '8-13'], 1.0)
"""
from __future__ import annotations

import random

from . import table
from .cards import BIG, JOKERS, LITTLE, PACK, Card
from .dealing import _deal_cards
from .simulate import play_deal, wilson
from .strategy import BANDS, KINDS, HeuristicPlayer, band, card_kind
from .table import SEATS

HAND_SIZES = table.HAND_SIZES
"""The hand sizes dealt, each as likely (a standard match deals each of them)."""

BOARD_SIZES = (1, 2, 3, 4)
"""The hand sizes whose chance of taking every trick is measured."""

HOLDINGS = ("both jokers", "BIG", "LITTLE", "trump A", "other trump", "no trump")
"""A player's best holding, for the board figures: both jokers; BIG; LITTLE; the trump ace and
no joker; another trump; no trump at all."""


def holding(hand: list[Card], trump: str) -> str:
    """The first of ``HOLDINGS`` that ``hand`` has."""
    cards = set(hand)
    if JOKERS <= cards:
        return "both jokers"
    if BIG in cards:
        return "BIG"
    if LITTLE in cards:
        return "LITTLE"
    if "A" + trump in cards:
        return "trump A"
    return "other trump" if any(c.suit == trump for c in cards) else "no trump"


def card_values(deals: int, seed: int = 0) -> dict:
    """Measure ``deals`` seeded deals with trumps (see the module): ``{"deals", "seed", "values":
    {band: {kind: figure}}, "board": {hand size: {holding: figure}}}``, bands and hand sizes
    written as text ("1-3", "2"); a holding never seen is left out."""
    rnd = random.Random(f"card-values-{seed}")
    players = (HeuristicPlayer(),) * 4
    won = {b: dict.fromkeys(KINDS, 0) for b in BANDS}
    held = {b: dict.fromkeys(KINDS, 0) for b in BANDS}
    board = {h: {name: [0, 0] for name in HOLDINGS} for h in BOARD_SIZES}
    for number in range(deals):
        h = rnd.randint(HAND_SIZES[0], HAND_SIZES[-1])
        dealer = number % 4
        while True:
            pack = list(PACK)
            rnd.shuffle(pack)
            hands, turned, _ = _deal_cards(pack, (dealer + 1) % 4, h, "no-trump")
            if turned[-1] not in JOKERS:
                break
        trump = turned[-1].suit
        assert trump is not None  # a turned joker is dealt again
        deal = play_deal(dict(zip(SEATS, hands)), trump, SEATS[dealer], players, turned=tuple(turned))
        winners = {dict(trick.cards)[trick.winner] for trick in deal.tricks}
        b = band(h)
        for hand in hands:
            for card in hand:
                kind = card_kind(card, trump)
                held[b][kind] += 1
                won[b][kind] += card in winners
        if h in BOARD_SIZES:
            sides = [trick.winner in ("N", "S") for trick in deal.tricks]
            for i, hand in enumerate(hands):
                cell = board[h][holding(hand, trump)]
                cell[0] += 1
                cell[1] += all(sides) if i % 2 == 0 else not any(sides)
    return {
        "deals": deals, "seed": seed,
        "values": {f"{lo}-{hi}": {kind: _figure(won[(lo, hi)][kind], held[(lo, hi)][kind]) for kind in KINDS
                                  if held[(lo, hi)][kind]} for lo, hi in BANDS},
        "board": {str(h): {name: _figure(cell[1], cell[0]) for name, cell in board[h].items() if cell[0]}
                  for h in BOARD_SIZES},
    }


def _figure(successes: int, n: int) -> dict:
    """The share of ``n`` cases that succeeded, with its 95 % interval (Wilson's, which stays
    honest for small samples and for shares near 0 or 1)."""
    mean = successes / n
    low, high = wilson(mean, n)
    return {"mean": mean, "low": min(low, mean), "high": max(high, mean), "n": n}
