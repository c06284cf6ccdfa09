"""What a variant changes: the match it makes, and every figure of the worked examples under it.

The worked examples (``backalley.worked``) state their positions as data, which is computed
again under any variant:

- ``hand_size``, ``bids`` and ``outcomes`` (tricks taken, by name): each outcome's score (with
  ``revoke``, the side charged with an established revoke);
- ``hand``, ``trump`` and ``played`` (cards already in the trick, by name): the legal cards;
- a ``deal`` with cards played: each play's legal cards and each trick's winner, replayed.

>>> match_figures("short-14")["deals"]
14
>>> [(f.name, f.value) for f in example_figures("standard") if f.example == "numeric-bid"][0]
('four', {'NS': 16, 'EW': 1})
>>> [(a.value["NS"], b.value["NS"]) for a, b in changes("standard", "standard,points_per_bid_trick=3")][:1]
[(16, 10)]
>>> found = what_changes("standard", "standard,max_hand_size=7")
>>> found["differences"], found["match"]["deals"], found["match"]["one_card_deals"]
(['max_hand_size'], (26, 14), (2, 2))
"""
from __future__ import annotations

import functools
from typing import NamedTuple

from .cards import parse_cards
from .deal import Deal
from .play import legal_plays
from .scoring import rainbow_hands, score_deal
from .table import SEATS, SIDES
from .variants import deal_sizes, resolve_variant
from .worked import worked_examples


class Figure(NamedTuple):
    """One figure of a worked example under a variant."""

    example: str
    """The example's file name without ``.md``."""
    name: str
    """The example's name for it; a replayed play is ``trick N SEAT``, a trick's winner ``trick N``."""
    kind: str
    """``score`` (``{"NS": int, "EW": int}``), ``legal`` (a tuple of cards) or ``winner`` (a seat)."""
    given: object
    """What it depends on: the tricks taken (a score), the cards already in the trick (legal cards)."""
    value: object
    trick: int | None = None
    """In a replayed deal: the number of the trick, from 1."""
    seat: str | None = None
    """In a replayed deal: the seat to play."""

    def to_data(self) -> dict:
        """The figure as JSON-ready data: cards (``given`` and ``value`` of a ``legal`` figure) as
        lists of text, tricks and scores as ``{"NS", "EW"}``."""
        return {**self._asdict(), "given": _plain(self.given), "value": _plain(self.value)}


def _plain(value):
    """A figure's ``given`` or ``value`` as JSON-ready data: a tuple of cards as a list of text,
    a mapping as a dict; a seat or ``None`` as it is."""
    if isinstance(value, tuple):
        return [str(card) for card in value]
    return dict(value) if hasattr(value, "keys") else value


def match_figures(variant="standard") -> dict[str, int]:
    """The number of deals, of one-card deals, the cards each player receives, the largest board score.

    Thrown-in and tie-break deals are not counted. The largest board score is the most one
    deal can give: all four players bid board and the side with the highest level takes
    every trick of the largest deal.
    """
    v = resolve_variant(variant)
    sizes = deal_sizes(v)
    top = max(sizes)
    boards = [(seat, "board") for seat in SEATS]
    largest = max(score_deal(top, boards, {s: top if s == side else 0 for s in SIDES}, v)[side] for side in SIDES)
    return {"deals": len(sizes), "one_card_deals": sizes.count(1), "cards_per_player": sum(sizes),
            "largest_board_score": largest}


def example_figures(variant="standard", examples=None) -> list[Figure]:
    """Every figure of every worked example, computed under ``variant``.

    ``examples`` maps example names to their names and values (default: the shipped examples).
    """
    v = resolve_variant(variant)
    figures = []
    sizes = set(deal_sizes(v))
    for example, names in (_shipped() if examples is None else examples).items():
        deal = names.get("deal")
        size = names.get("hand_size", deal.hand_size if isinstance(deal, Deal) else None)
        if size is not None and size not in sizes:
            continue  # a hand size the variant never deals: the example cannot happen under it
        rainbows = rainbow_hands(deal.dealt_hands, deal.trump) if isinstance(deal, Deal) else ()
        for name, tricks in names.get("outcomes", {}).items():
            figures.append(Figure(example, name, "score", tricks,
                                  score_deal(names["hand_size"], names["bids"], tricks, v, revoke=names.get("revoke"),
                                             rainbows=rainbows)))
        for name, before in names.get("played", {}).items():
            legal = legal_plays(names["hand"], before, names["trump"], variant=v)
            figures.append(Figure(example, name, "legal", tuple(parse_cards(before)), tuple(legal)))
        if isinstance(deal, Deal) and (deal.tricks or deal.trick):
            figures += _replay(example, deal, v)
    return figures


@functools.cache
def _shipped() -> dict:
    """The shipped worked examples, run once per process (running them is most of the cost)."""
    return worked_examples()


def _replay(example: str, deal: Deal, variant) -> list[Figure]:
    """The cards played in ``deal`` played again under ``variant``, up to the first one it refuses."""
    plays = [pair for trick in deal.tricks for pair in trick.cards] + deal.trick
    again = Deal(deal.dealt_hands, deal.trump, deal.dealer, bids=deal.bids, variant=variant,
                 leader=None if deal.bids else plays[0][0])
    figures = []
    for seat, card in plays:
        number = len(again.tricks) + 1
        legal = tuple(again.legal_plays())
        before = tuple(c for _, c in again.trick)
        figures.append(Figure(example, f"trick {number} {seat}", "legal", before, legal, number, seat))
        if card not in legal:
            break
        again.play(seat, card)
        if not again.trick:
            figures.append(Figure(example, f"trick {number}", "winner", None, again.tricks[-1].winner, number))
    return figures


def changes(a, b, examples=None) -> list[tuple[Figure | None, Figure | None]]:
    """The figures of the worked examples that differ between variants ``a`` and ``b``, paired.

    A figure that only one variant reaches (a replay refused earlier) is paired with ``None``;
    an example with a hand size that one of the variants never deals is left out.
    """
    first = {(f.example, f.name): f for f in example_figures(a, examples)}
    second = {(f.example, f.name): f for f in example_figures(b, examples)}
    both = {f.example for f in first.values()} & {f.example for f in second.values()}
    first = {key: f for key, f in first.items() if f.example in both}
    second = {key: f for key, f in second.items() if f.example in both}
    keys = list(first) + [key for key in second if key not in first]
    return [(first.get(key), second.get(key)) for key in keys
            if key not in first or key not in second or first[key].value != second[key].value]


def what_changes(a, b, examples=None) -> dict:
    """What changes from variant ``a`` to variant ``b``: ``differences``, the names of the options
    that differ; ``match``, every figure of ``match_figures`` as ``(a's, b's)``; and
    ``examples``, the figures of the worked examples that differ (``changes``). What
    ``backalley variants diff`` prints and the variants page's "your table's rules" shows."""
    first, second = resolve_variant(a), resolve_variant(b)
    before, after = match_figures(first), match_figures(second)
    return {"differences": first.differences(second),
            "match": {key: (before[key], after[key]) for key in before},
            "examples": changes(first, second, examples)}
