"""The kinds of value the public functions take, for their annotations (and type checkers)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:
    from .cards import Card
    from .variants import Variant

CardLike = Union["Card", str]
"""A card, or its text in any case: ``"AS"``, ``"10h"``, ``"TH"``, ``"BIG"``."""
CardsLike = Union[str, Iterable[CardLike]]  # noqa: UP007 (Card is a name only for type checkers: "Card" | str fails at run time)
"""Cards as a list, or as one string: ``"AS 10H BIG"``."""
BidLike = Union[str, int]  # noqa: UP007 (as CardLike, for one style in this module)
"""``"pass"``, ``"board"`` or a number, as an int or its text."""
BidsLike = Iterable[tuple[str, BidLike]]
"""``(seat, bid)`` pairs in the order made."""
TricksLike = Mapping[str, int]
"""``{"NS": n, "EW": m}``."""
VariantLike = Union["Variant", str]
"""A ``Variant``, a preset's name, or ``"preset,option=value,…"``."""
