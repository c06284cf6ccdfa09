"""Bids: what may be bid, board multipliers in table order, side targets and the opening leader.

>>> bids = [("W", "board"), ("N", "board"), ("E", "pass"), ("S", "board")]
>>> board_multipliers(bids)
{'W': 1, 'N': 2, 'S': 3}
>>> side_contracts(bids)["NS"]
Contract(target=0, multiplier=3)
>>> opening_leader(bids)
'S'
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from .errors import IllegalBid, InvalidDeal
from .hints import BidLike, BidsLike, VariantLike
from .table import HAND_SIZES, SEATS, SIDES, check_hand_size, left_of, seat_index
from .variants import Variant, resolve_variant

_NUMBER = re.compile(r"[0-9]{1,100}")
_SIDE_OF = {seat: i & 1 for i, seat in enumerate(SEATS)}


class Contract(NamedTuple):
    """What a side must take: the numeric ``target``, or all tricks when ``multiplier`` is set."""

    target: int
    multiplier: int | None

    def to_data(self) -> dict:
        """The contract as JSON-ready data: ``{"target", "multiplier"}``."""
        return {"target": self.target, "multiplier": self.multiplier}


def bids_data(pairs) -> list[dict]:
    """``(seat, bid)`` pairs as JSON-ready data: ``[{"seat": "E", "bid": 2}, {"seat": "S", "bid": "pass"}, …]``."""
    return [{"seat": seat, "bid": bid} for seat, bid in pairs]


def normalize_bid(bid) -> str | int:
    """``"pass"``, ``"board"`` or an int, from any accepted spelling; else ``IllegalBid``."""
    if isinstance(bid, str):
        text = bid.strip().lower()
        if text in ("pass", "board"):
            return text
        if _NUMBER.fullmatch(text):
            return int(text)
    elif isinstance(bid, int) and not isinstance(bid, bool):
        return bid
    raise IllegalBid("bid-value", f"not a bid: {bid!r} (bid pass, a whole number or board)", key="not-a-bid",
                     given=repr(bid))


def legal_bids(hand_size: int, variant: VariantLike = "standard") -> list:
    """Every bid allowed in a deal of ``hand_size`` cards: pass, 1 … h − 1 (or h, under the house
    rule ``bid_up_to_hand_size``), board."""
    up_to = resolve_variant(variant).bid_up_to_hand_size if isinstance(hand_size, int) else False
    return list(BIDS[check_hand_size(hand_size), up_to])


BIDS = {(h, up_to): ("pass", *range(1, h + up_to), "board") for h in HAND_SIZES for up_to in (False, True)}
"""The bids allowed by hand size and by whether number bids go up to it (``bid_up_to_hand_size``)."""


def highest_bid(hand_size: int, variant="standard") -> int:
    """The largest number bid allowed with ``hand_size`` cards (0: none)."""
    check_hand_size(hand_size)
    return hand_size if resolve_variant(variant).bid_up_to_hand_size else hand_size - 1


def check_bid(bid, hand_size: int, variant="standard") -> str | int:
    """The normalized bid, or ``IllegalBid`` saying why it is not allowed with this hand size."""
    bid = normalize_bid(bid)
    top = highest_bid(hand_size, variant)
    if isinstance(bid, int) and not 1 <= bid <= top:
        if top == 0:
            raise IllegalBid("bid-range", f"{bid} is not allowed in a one-card deal: only pass and board remain",
                             key="bid-one-card", bid=bid)
        raise IllegalBid("bid-range", f"{bid} is not allowed with {hand_size} cards: a number bid is from 1 to "
                                      f"{top} (bid board to promise every trick)",
                         key="bid-range", bid=bid, size=hand_size, top=top)
    return bid


def parse_bids(bids, complete: bool = True) -> list[tuple[str, str | int]]:
    """Bids as ``[(seat, bid), …]`` normalized: four seats, each once, in clockwise order; with
    ``complete=False``, the bids made so far (none to four). Anything else raises ``InvalidDeal``
    (or ``IllegalBid`` for a bid that is no bid)."""
    if isinstance(bids, (str, bytes, dict)) or not hasattr(bids, "__iter__"):
        raise InvalidDeal("bids", f"bids are a list of (seat, bid) pairs, got {bids!r}", key="bids-pairs",
                          given=repr(bids))
    try:
        pairs = [(seat_index(seat), normalize_bid(bid)) for seat, bid in bids]
    except (TypeError, ValueError) as error:
        if isinstance(error, (IllegalBid, InvalidDeal)):
            raise
        raise InvalidDeal("bids", f"bids are (seat, bid) pairs, got {bids!r}", key="bids-pairs",
                          given=repr(bids)) from None
    seats = [seat for seat, _ in pairs]
    if len(set(seats)) != len(seats):
        twice = next(SEATS[s] for s in seats if seats.count(s) > 1)
        raise InvalidDeal("bids", f"each seat bids once in a deal: {twice} bid twice", key="bid-twice", seat=twice)
    if len(pairs) > 4 or (complete and len(pairs) != 4):
        raise InvalidDeal("bids", f"a deal has exactly one bid from each of N, E, S and W, got {len(pairs)}",
                          key="bids-count", count=len(pairs))
    for before, after in zip(seats, seats[1:]):
        if after != left_of(before):
            raise InvalidDeal(
                "bids", f"bids go clockwise: {SEATS[after]} cannot bid right after {SEATS[before]}",
                key="bids-clockwise", seat=SEATS[after], before=SEATS[before],
            )
    return [(SEATS[seat], bid) for seat, bid in pairs]


def board_multipliers(bids: BidsLike, variant: VariantLike = "standard") -> dict[str, int]:
    """The multiplier of each board bid, counted in the order made around the table (bids so far)."""
    levels = resolve_variant(variant).board_multipliers
    boards = [seat for seat, bid in parse_bids(bids, complete=False) if bid == "board"]
    return {seat: levels[i] for i, seat in enumerate(boards)}


def side_contracts(bids: BidsLike, variant: VariantLike = "standard",
                   hand_size: int | None = None) -> dict[str, Contract]:
    """Each side's contract from the bids so far: its highest board multiplier, or the sum of its
    numbers (at most ``hand_size`` under the house rule ``target_capped``, when the hand size is given)."""
    if hand_size is not None:
        highest_bid(hand_size)  # refuses a hand size that no deal has
    return _contracts(parse_bids(bids, complete=False), resolve_variant(variant), hand_size)


def _contracts(pairs: Iterable[tuple[str, BidLike]], v: Variant, hand_size: int | None) -> dict[str, Contract]:
    """``side_contracts`` on bids already normalized (``parse_bids``) and a ``Variant``."""
    levels = v.board_multipliers
    targets, multipliers, boards = [0, 0], [None, None], 0
    for seat, bid in pairs:
        side = _SIDE_OF[seat]
        if bid == "board":
            multipliers[side] = max(multipliers[side] or 0, levels[boards])
            boards += 1
        elif bid.__class__ is int:
            targets[side] += bid
    if v.target_capped and hand_size is not None:
        targets = [min(target, hand_size) for target in targets]
    ns, ew = multipliers
    return {"NS": Contract(0, ns) if ns else Contract(targets[0], None),
            "EW": Contract(0, ew) if ew else Contract(targets[1], None)}


def opening_leader(bids: BidsLike, variant: VariantLike = "standard") -> str | None:
    """Who leads first, once all four have bid: the last board bidder (the first, under the house
    rule ``board_leader``), else the highest number (first bidder on ties).

    ``None`` when all four passed: the deal is thrown in.
    """
    return _opening_leader(parse_bids(bids), resolve_variant(variant))


def _opening_leader(pairs: Iterable[tuple[str, BidLike]], v: Variant) -> str | None:
    """``opening_leader`` on four bids already normalized (``parse_bids``) and a ``Variant``."""
    first_board = v.board_leader == "first"
    found: str | None = None
    best: float = 0
    for seat, bid in pairs:
        if bid == "board":
            if first_board and best == float("inf"):
                continue
            found, best = seat, float("inf")
        elif bid.__class__ is int and bid > best:
            found, best = seat, bid
    return found


def overbids(hand_size: int, bids: BidsLike) -> list[tuple[str, int]]:
    """The overbids of the bids so far as ``(who, total)``: a side (``"NS"``, ``"EW"``) whose numbers
    exceed the hand size, then ``"table"`` when the four players' numbers do; a side that bid board
    plays for every trick, so its numbers do not count. Allowed, only reported, never refused.

    >>> overbids(3, [("N", 2), ("E", 2), ("S", 2)])
    [('NS', 4), ('table', 6)]
    """
    highest_bid(hand_size)  # refuses a hand size that no deal has
    pairs = parse_bids(bids, complete=False)
    boarded = {_SIDE_OF[seat] for seat, bid in pairs if bid == "board"}
    numbers = [0, 0]
    for seat, bid in pairs:
        if bid.__class__ is int and _SIDE_OF[seat] not in boarded:
            numbers[_SIDE_OF[seat]] += bid
    found = [(side, total) for side, total in zip(SIDES, numbers) if total > hand_size]
    if sum(numbers) > hand_size:
        found.append(("table", sum(numbers)))
    return found


def overbid_warnings(hand_size: int, bids: BidsLike) -> list[str]:
    """``overbids`` in plain words: reported, never refused."""
    return [f"{'the table' if who == 'table' else who} bid {total} tricks with only {hand_size} in the deal"
            for who, total in overbids(hand_size, bids)]
