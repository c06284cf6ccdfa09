"""Seats and sides: four players clockwise N, E, S, W; partners N–S against E–W."""
from __future__ import annotations

from .errors import InvalidDeal

SEATS = ("N", "E", "S", "W")
SIDES = ("NS", "EW")
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
_INDEX = {seat: i for i, seat in enumerate(SEATS)}


def seat_index(seat: str) -> int:
    """0..3 for N, E, S, W (any case); anything else raises ``InvalidDeal``."""
    try:
        return _INDEX[seat]
    except (KeyError, TypeError):
        found = _INDEX.get(seat.strip().upper()) if isinstance(seat, str) else None
    if found is None:
        raise InvalidDeal("seat", f"not a seat: {seat!r} (seats are N, E, S and W)", key="not-a-seat", given=repr(seat))
    return found


def side_of(seat: int) -> str:
    """``"NS"`` or ``"EW"`` for a seat index."""
    return SIDES[seat & 1]


def left_of(seat: int) -> int:
    """The next seat clockwise."""
    return (seat + 1) & 3
