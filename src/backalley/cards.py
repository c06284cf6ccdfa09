"""Cards of the 54-card pack, their text form and their order in each deal.

A card is a small int (0..53) with a readable text form, so that it hashes, compares and
indexes tables at C speed. The 52 plain cards are ``suit * 13 + rank - 2``; ``LITTLE`` is 52
and ``BIG`` is 53.

>>> parse_card("10h"), parse_card("TH"), parse_card("big")
(10H, 10H, BIG)
>>> str(parse_card("as"))
'AS'
"""
from __future__ import annotations

SUITS = "SHDC"
RANK_TEXT = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
TRUMP = 4
"""Effective suit of every trump card (jokers included) in a deal with trumps."""


class Card(int):
    """One card of the pack; ``str(card)`` is its canonical text form."""

    __slots__ = ()

    @property
    def suit(self) -> str | None:
        """``"S"``, ``"H"``, ``"D"`` or ``"C"``; ``None`` for a joker."""
        return None if self >= 52 else SUITS[self // 13]

    @property
    def rank(self) -> str:
        """``"2"`` … ``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``, ``"LITTLE"`` or ``"BIG"``."""
        if self >= 52:
            return "BIG" if self == 53 else "LITTLE"
        return RANK_TEXT[self % 13]

    @property
    def is_joker(self) -> bool:
        return self >= 52

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return _TEXT[self]


_TEXT = tuple(
    [r + s for s in SUITS for r in RANK_TEXT] + ["LITTLE", "BIG"]
)
PACK: tuple[Card, ...] = tuple(Card(i) for i in range(54))
LITTLE, BIG = PACK[52], PACK[53]
_BY_TEXT = {text: card for text, card in zip(_TEXT, PACK)}
_BY_TEXT.update({"T" + s: _BY_TEXT["10" + s] for s in SUITS})


def parse_card(card: str | Card) -> Card:
    """The card named by ``card`` (case-insensitive text such as ``AS``, ``10H``, ``TH``, ``BIG``).

    A card object is returned as it is; anything else raises ``ValueError`` naming the text.
    """
    if card.__class__ is Card:
        return card
    if isinstance(card, str):
        found = _BY_TEXT.get(card.strip().upper())
        if found is not None:
            return found
    raise ValueError(
        f"not a card: {card!r} (write a rank and a suit such as AS, 10H or TH, 2C, or BIG or LITTLE)"
    )


def parse_cards(cards) -> list[Card]:
    """A list of cards from an iterable of cards or texts, or from one space-separated string."""
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    return [parse_card(c) for c in cards]


def parse_trump(trump: str | None) -> int | None:
    """The suit index of a trump suit given as ``S``/``H``/``D``/``C``, or ``None`` for no trumps."""
    if trump is None:
        return None
    if isinstance(trump, str):
        text = trump.strip().upper()
        if text in ("", "NT", "NONE"):
            return None
        if len(text) == 1 and text in SUITS:
            return SUITS.index(text)
    raise ValueError(f"not a trump suit: {trump!r} (write S, H, D, C, or None for no trumps)")


def _effective_suits(trump: int | None) -> tuple[int, ...]:
    return tuple(TRUMP if c >= 52 or c // 13 == trump else c // 13 for c in range(54))


def _powers(trump: int | None) -> tuple[int, ...]:
    """Strength of each card within its effective suit: LITTLE and BIG top the trumps."""
    return tuple(
        113 + c - 52 if c >= 52 else 100 + c % 13 if c // 13 == trump else c % 13
        for c in range(54)
    )


TRUMP_KEYS = (0, 1, 2, 3, None)
EFFECTIVE_SUIT = {t: _effective_suits(t) for t in TRUMP_KEYS}
"""``EFFECTIVE_SUIT[trump][card]``: the suit a card belongs to for following, ``TRUMP`` for trumps."""
POWER = {t: _powers(t) for t in TRUMP_KEYS}
"""``POWER[trump][card]``: larger wins; only cards of the same effective suit compare."""
