"""Cards of the 54-card pack, their text form and their order in each deal.

A card is its canonical text: ``Card`` is a ``str`` whose value is ``"AS"``, ``"10H"``,
``"BIG"`` or ``"LITTLE"``, so it compares equal to that text, hashes like it and is written as
it in JSON. There is one object per card (``PACK``), and the engine's tables are dicts keyed by
card, so lookups stay at C speed.

>>> parse_card("10h"), parse_card("TH"), parse_card("big")
(10H, 10H, BIG)
>>> parse_card("as") == "AS", "AS" in parse_cards("AS KS")
(True, True)
>>> import json; json.dumps(parse_cards("AS 10H BIG"))
'["AS", "10H", "BIG"]'
"""
from __future__ import annotations

from .errors import InvalidArgument

SUITS = "SHDC"
RANK_TEXT = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANKS = len(RANK_TEXT)
"""Cards in a suit: ``PACK`` holds each suit's ``RANKS`` cards in a row, 2 to A."""
TRUMP = 4
"""Effective suit of every trump card (jokers included) in a deal with trumps."""

_TEXT = tuple([r + s for s in SUITS for r in RANK_TEXT] + ["LITTLE", "BIG"])
_HELP = "write a rank and a suit such as AS, 10H or TH, 2C, or BIG or LITTLE"


class Card(str):
    """One card of the pack, equal to its canonical text (``"AS"``, ``"10H"``, ``"BIG"``).

    ``Card(x)`` accepts what ``parse_card`` accepts, or a card's position in ``PACK`` (0–53),
    and gives the pack's own card object; anything else raises ``ValueError``. Every ``str``
    method works on it as on its text (``Card("AS").index("S")`` is 1): its own attributes
    (``suit``, ``rank``, ``is_joker``) take no name of ``str``'s; its position in ``PACK`` is
    ``INDEX[card]``.
    """

    __slots__ = ()

    def __new__(cls, value="") -> Card:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(_TEXT):
            return PACK[value]
        return parse_card(value)

    @property
    def suit(self) -> str | None:
        """``"S"``, ``"H"``, ``"D"`` or ``"C"``; ``None`` for a joker."""
        return None if self in JOKERS else self[-1]

    @property
    def rank(self) -> str:
        """``"2"`` … ``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``, ``"LITTLE"`` or ``"BIG"``."""
        return str.__str__(self) if self in JOKERS else self[:-1]

    @property
    def is_joker(self) -> bool:
        return self in JOKERS

    def __str__(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return str.__str__(self)

    def __reduce__(self):
        return (Card, (str.__str__(self),))


PACK: tuple[Card, ...] = tuple(str.__new__(Card, text) for text in _TEXT)
LITTLE, BIG = PACK[52], PACK[53]
JOKERS = frozenset((LITTLE, BIG))
INDEX: dict[Card, int] = {card: i for i, card in enumerate(PACK)}
"""Each card's position in ``PACK``."""
SUIT_INDEX: dict[Card, int] = {card: i // RANKS for i, card in enumerate(PACK[:52])}
"""Each plain card's suit as an index into ``SUITS``."""
_BY_TEXT = {text: card for text, card in zip(_TEXT, PACK)}
_BY_TEXT.update({"T" + s: _BY_TEXT["10" + s] for s in SUITS})


def parse_card(card: object) -> Card:
    """The card named by ``card`` (case-insensitive text such as ``AS``, ``10H``, ``TH``, ``BIG``).

    A card object is returned as it is; anything else raises ``ValueError`` naming the text.
    """
    if card.__class__ is Card:
        return card
    if isinstance(card, str):
        found = _BY_TEXT.get(card.strip().upper())
        if found is not None:
            return found
    raise InvalidArgument(f"not a card: {card!r} ({_HELP})", key="not-a-card", given=repr(card))


def parse_cards(cards: object) -> list[Card]:
    """A list of cards from an iterable of cards or texts, or from one space-separated string."""
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    elif isinstance(cards, (dict, set, frozenset)) or not hasattr(cards, "__iter__"):
        raise InvalidArgument(f"not a list of cards: {cards!r} (give a list, or one string such as 'AS 10H BIG')",
                              key="not-cards", given=repr(cards))
    return [parse_card(c) for c in cards]


def parse_trump(trump: str | None) -> int | None:
    """The suit index of a trump suit given as ``S``/``H``/``D``/``C``, or ``None`` for no trumps."""
    if trump is None:
        return None
    if isinstance(trump, str):
        text = trump.strip().upper()
        if text in ("NT", "NONE"):
            return None
        if len(text) == 1 and text in SUITS:
            return SUITS.index(text)
    raise InvalidArgument(f"not a trump suit: {trump!r} (write S, H, D, C, or None or 'NT' for no trumps)",
                          key="not-a-trump", given=repr(trump))


def card_order(card: Card) -> tuple:
    """Suits in the order S H D C, jokers first, high cards first: a hand as players sort it."""
    i = INDEX[card]
    return (-1, -i) if i >= 52 else (i // RANKS, -(i % RANKS))


def _effective_suits(trump: int | None) -> dict[Card, int]:
    return {c: TRUMP if c in JOKERS or SUIT_INDEX[c] == trump else SUIT_INDEX[c] for c in PACK}


def _powers(trump: int | None) -> dict[Card, int]:
    """Strength of each card within its effective suit: LITTLE and BIG top the trumps."""
    return {c: 100 + RANKS + i - 52 if i >= 52 else 100 + i % RANKS if i // RANKS == trump else i % RANKS
            for i, c in enumerate(PACK)}


TRUMP_KEYS = (0, 1, 2, 3, None)
EFFECTIVE_SUIT = {t: _effective_suits(t) for t in TRUMP_KEYS}
"""``EFFECTIVE_SUIT[trump][card]``: the suit a card belongs to for following, ``TRUMP`` for trumps."""
POWER = {t: _powers(t) for t in TRUMP_KEYS}
"""``POWER[trump][card]``: larger wins; only cards of the same effective suit compare."""
