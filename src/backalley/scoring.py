"""Scoring a deal: each side on its own contract, numbers or board, and the rule that decides it.

>>> score_deal(5, [("N", 2), ("E", "pass"), ("S", 1), ("W", "pass")], {"NS": 4, "EW": 1})
{'NS': 16, 'EW': 1}
>>> score_reasons(5, [("N", 2), ("E", "pass"), ("S", 1), ("W", "pass")], {"NS": 4, "EW": 1})["NS"].case
'made'
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .bidding import Contract, _contracts, check_bid, parse_bids
from .cards import SUIT_INDEX, parse_cards, parse_trump
from .errors import InvalidDeal
from .hints import BidsLike, TricksLike, VariantLike
from .rulebook import SCORING
from .table import SEATS, check_hand_size, seat_index, side_of
from .variants import Variant, deal_sizes, resolve_variant


class SideScore(NamedTuple):
    """One side's score for a deal and why: the ``case`` of the rules that scores it (``made``,
    ``set``, ``passed``, ``board-made``, ``board-lost``, ``revoke``, ``thrown-in``), that rule's
    number on the site, and what the case reads: the side's ``target`` (0 for a board or two
    passes), its board level ``multiplier`` (or ``None``), the ``tricks`` it took and its rainbow
    ``bonus`` (a house rule), which ``score`` includes."""

    score: int
    case: str
    rule: str
    target: int
    multiplier: int | None
    tricks: int
    bonus: int = 0

    def to_data(self) -> dict:
        """The side's score as JSON-ready data, the fields by name."""
        return dict(self._asdict())


def judged(contract: Contract, tricks: int, hand_size: int, variant: Variant, set_: bool = False) -> tuple[int, str]:
    """The score of one side with this contract and this many tricks, and the case that gives it;
    ``set_``: scored as set whatever it took (an established revoke: a target loses its value,
    a board its whole amount, a side whose partners both passed scores nothing)."""
    if set_:
        if contract.multiplier is not None:
            return -variant.board_points * hand_size * contract.multiplier, "revoke"
        return -variant.points_per_bid_trick * contract.target, "revoke"
    if contract.multiplier is not None:
        value = variant.board_points * hand_size * contract.multiplier
        return (value, "board-made") if tricks == hand_size else (-value, "board-lost")
    target = contract.target
    if target == 0:
        return (tricks if variant.pass_scores_tricks else 0), "passed"
    points = variant.points_per_bid_trick
    return (points * target + (tricks - target), "made") if tricks >= target else (-points * target, "set")


def contract_score(contract: Contract, tricks: int, hand_size: int, variant: Variant, set_: bool = False) -> int:
    """The score of one side with this contract and this many tricks (``judged``, without its case)."""
    return judged(contract, tricks, hand_size, variant, set_)[0]


def score_deal(hand_size: int, bids: BidsLike, tricks: TricksLike | None, variant: VariantLike = "standard", *,
               revoke: str | None = None, rainbows: Iterable[str] = ()) -> dict[str, int]:
    """Both sides' scores for a played deal.

    ``bids`` are ``[(seat, bid), …]`` in the order made; ``tricks`` is ``{"NS": n, "EW": m}``
    adding up to ``hand_size``. A deal that all four passed is thrown in and scores nothing:
    its ``tricks`` may be ``None`` (or none taken, ``{"NS": 0, "EW": 0}``).
    ``revoke`` names the side (``"NS"`` or ``"EW"``) whose revoke was established (the site's
    convention, RULES §9): that side is scored as set, the other on the tricks it took.
    ``rainbows`` names the seats dealt a rainbow (``rainbow_hands``): under the house rule
    ``rainbow_bonus``, each earns its side the bonus in a four-card deal, made or set.

    >>> score_deal(5, [("N", 2), ("E", 1), ("S", 1), ("W", "pass")], {"NS": 4, "EW": 1}, revoke="NS")
    {'NS': -15, 'EW': 5}
    """
    found = score_reasons(hand_size, bids, tricks, variant, revoke=revoke, rainbows=rainbows)
    return {side: found[side].score for side in ("NS", "EW")}


def score_reasons(hand_size: int, bids: BidsLike, tricks: TricksLike | None, variant: VariantLike = "standard", *,
                  revoke: str | None = None, rainbows: Iterable[str] = ()) -> dict[str, SideScore]:
    """``score_deal`` with its reasons: for each side a ``SideScore``, the score and the case and
    rule that decide it (arguments and refusals as ``score_deal``'s, which is this function's
    scores).

    >>> found = score_reasons(5, [("W", "board"), ("N", "board"), ("E", "pass"), ("S", "board")], {"NS": 4, "EW": 1})
    >>> found["NS"].score, found["NS"].case, found["NS"].rule, found["NS"].multiplier
    (-150, 'board-lost', '4.5', 3)
    >>> score_reasons(5, [("N", 2), ("E", 1), ("S", 1), ("W", "pass")], {"NS": 4, "EW": 1}, revoke="NS")["NS"].rule
    '5.6'
    """
    v = resolve_variant(variant)
    if revoke not in (None, "NS", "EW"):
        raise InvalidDeal("revoke", f"a revoke is charged to a side, 'NS' or 'EW', got {revoke!r}", key="revoke-side",
                          given=repr(revoke))
    check_hand_size(hand_size)
    if hand_size not in dealt_sizes(v):
        raise InvalidDeal("hands", f"{v.name} never deals {hand_size} cards each "
                                   f"(its deals have {', '.join(map(str, sorted(dealt_sizes(v))))})",
                          key="size-never-dealt", variant=v.name, size=hand_size, sizes=sorted(dealt_sizes(v)))
    pairs = parse_bids(bids)
    for _, bid in pairs:
        check_bid(bid, hand_size, v)
    if all(bid == "pass" for _, bid in pairs):  # thrown in: nothing to score, no trick to count
        if tricks is not None and tricks != {"NS": 0, "EW": 0}:
            parse_tricks(tricks, hand_size)  # still refuses counts that cannot be
        return {side: SideScore(0, "thrown-in", SCORING["thrown-in"], 0, None, 0) for side in ("NS", "EW")}
    won = parse_tricks(tricks, hand_size)
    bonus = rainbow_bonus(hand_size, rainbows, v)
    found = _contracts(pairs, v, hand_size)
    reasons = {}
    for side in ("NS", "EW"):
        contract = found[side]
        score, case = judged(contract, won[side], hand_size, v, side == revoke)
        reasons[side] = SideScore(score + bonus[side], case, SCORING[case], contract.target, contract.multiplier,
                                  won[side], bonus[side])
    return reasons


def dealt_sizes(variant) -> frozenset:
    """The hand sizes a variant deals: its schedule's (a tie-break deal is of the largest)."""
    return frozenset(deal_sizes(variant))


def rainbow_hands(hands, trump) -> list[str]:
    """The seats dealt a rainbow: one card of each suit, a joker counting as a trump (so in a
    deal without trumps a joker is of no suit). ``hands`` maps seats to the cards dealt.

    >>> rainbow_hands({"N": "AS KH BIG 2C", "E": "2S 3S 4S 5S", "S": "AH KD QC JS", "W": "3D 4D 5D 6D"}, "D")
    ['N', 'S']
    """
    t = parse_trump(trump)
    found = []
    for seat, cards in hands.items():
        cards = parse_cards(cards)
        suits = {(t if c.is_joker else SUIT_INDEX[c]) for c in cards}
        if len(cards) == 4 and suits == {0, 1, 2, 3}:
            found.append(SEATS[seat_index(seat)])
    return found


def rainbow_bonus(hand_size: int, rainbows, variant) -> dict[str, int]:
    """Each side's rainbow bonus: ``variant.rainbow_bonus`` per seat of ``rainbows`` in a four-card deal."""
    bonus = {"NS": 0, "EW": 0}
    if variant.rainbow_bonus and hand_size == 4:
        for seat in rainbows:
            bonus[side_of(seat_index(seat))] += variant.rainbow_bonus
    return bonus


def parse_tricks(tricks, hand_size: int) -> dict[str, int]:
    """``{"NS": n, "EW": m}`` checked: whole numbers adding up to the hand size."""
    if not hasattr(tricks, "keys") or set(tricks.keys()) != {"NS", "EW"}:
        raise InvalidDeal("tricks", f"tricks are given as {{'NS': n, 'EW': m}}, got {tricks!r}", key="tricks-sides",
                          given=repr(tricks))
    values = [tricks["NS"], tricks["EW"]]
    if any(isinstance(t, bool) or not isinstance(t, int) or t < 0 for t in values):
        raise InvalidDeal("tricks", f"trick counts are whole numbers from 0, got {tricks!r}", key="tricks-whole",
                          given=repr(tricks))
    if sum(values) != hand_size:
        raise InvalidDeal(
            "tricks",
            f"the sides took {values[0]} + {values[1]} = {sum(values)} tricks, "
            f"but a deal of {hand_size} cards has {hand_size}",
            key="tricks-total", ns=values[0], ew=values[1], total=sum(values), size=hand_size,
        )
    return {"NS": values[0], "EW": values[1]}


def match_winner(totals: dict, tiebreak: dict | None) -> str | None:
    """``"NS"`` or ``"EW"`` by the higher total, or by more tricks in a tie-break deal; else ``None``."""
    ns, ew = totals["NS"], totals["EW"]
    if ns == ew and tiebreak is not None:
        ns, ew = tiebreak["NS"], tiebreak["EW"]
    return "NS" if ns > ew else "EW" if ew > ns else None
