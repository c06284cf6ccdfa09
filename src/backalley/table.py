"""Seats and sides: four players clockwise N, E, S, W; partners N–S against E–W; and how many
cards a hand may hold.

Inside the engine a seat travels as its index (``SeatIndex``, 0–3 for N, E, S, W) and a suit as
its index in ``cards.SUITS`` (``SuitIndex``; ``None`` for no trumps): the public functions take
and give letters, the fast paths indexes.
"""
from __future__ import annotations

from typing import TypeAlias, TypeGuard

from .errors import InvalidDeal

SeatIndex: TypeAlias = int
"""A seat as 0–3 (N, E, S, W): the engine's own form of a seat, ``seat_index`` of its letter."""
SuitIndex: TypeAlias = int
"""A suit as 0–3 (S, H, D, C, the order of ``cards.SUITS``); ``None`` where it may be, for no trumps."""

MAX_HAND_SIZE = 13
"""The most cards a player holds: four hands of 13 and the turned card use 53 of the 54 cards."""
HAND_SIZES = range(1, MAX_HAND_SIZE + 1)
"""Every hand size a deal can have."""

SEATS = ("N", "E", "S", "W")
SIDES = ("NS", "EW")
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
_INDEX = {seat: i for i, seat in enumerate(SEATS)}


def seat_index(seat: str) -> SeatIndex:
    """0..3 for N, E, S, W (any case); anything else raises ``InvalidDeal``."""
    try:
        return _INDEX[seat]
    except (KeyError, TypeError):
        found = _INDEX.get(seat.strip().upper()) if isinstance(seat, str) else None
    if found is None:
        raise InvalidDeal("seat", f"not a seat: {seat!r} (seats are N, E, S and W)", key="not-a-seat", given=repr(seat))
    return found


def side_of(seat: SeatIndex) -> str:
    """``"NS"`` or ``"EW"`` for a seat index."""
    return SIDES[seat & 1]


def left_of(seat: SeatIndex) -> SeatIndex:
    """The next seat clockwise."""
    return (seat + 1) & 3


def is_hand_size(value: object) -> TypeGuard[int]:
    """True when ``value`` is a hand size a deal can have: a whole number from 1 to ``MAX_HAND_SIZE``."""
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_HAND_SIZE


def check_hand_size(value: object, given: object = None) -> int:
    """``value`` when it is a hand size (``is_hand_size``), else ``InvalidDeal`` naming ``given``
    (what the caller was handed, when it is not ``value`` itself)."""
    if not is_hand_size(value):
        given = value if given is None else given
        raise InvalidDeal("hands", f"a hand size is a whole number from 1 to {MAX_HAND_SIZE}, got {given!r}",
                          key="hand-size", given=repr(given), largest=MAX_HAND_SIZE)
    return value
