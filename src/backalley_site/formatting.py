"""How numbers, cards, seats, suits and bids are written in each language."""
from __future__ import annotations

import functools

from babel.numbers import format_decimal
from markupsafe import Markup, escape

from backalley import parse_card

from .terms import terms

MINUS = "\u2212"
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RED_SUITS = frozenset("HD")


@functools.lru_cache(maxsize=4096)  # Babel takes a fifth of a millisecond per number
def number(value: int | float, lang: str) -> str:
    """``value`` with the language's grouping and decimal sign, and a true minus sign."""
    text = format_decimal(abs(value), locale=terms(lang)("format.locale"))
    return MINUS + text if value < 0 else text


def join_numbers(values, lang: str) -> str:
    """Every number of ``values`` written out, separated as lists are in the language."""
    return terms(lang)("format.list_separator").join(number(v, lang) for v in values)


def times(value: int | float, lang: str) -> str:
    """A multiplier such as ``×3``."""
    return "\u00d7" + number(value, lang)


def card_text(card, lang: str) -> str:
    """The printed form of a card, rank letter then suit symbol: ``R♥`` in French."""
    card = parse_card(card)
    t = terms(lang)
    if card.is_joker:
        return t(f"jokers.{card.rank}")
    rank = t(f"ranks.{card.rank}") if card.rank in "AKQJ" else card.rank
    return rank + SUIT_SYMBOLS[card.suit]


def card(card, lang: str) -> Markup:
    """``card_text`` in a span whose class gives red suits their colour."""
    card = parse_card(card)
    colour = " ba-red" if card.suit in RED_SUITS else ""
    return Markup(f'<span class="ba-card{colour}">{escape(card_text(card, lang))}</span>')


def cards(hand, lang: str) -> Markup:
    """Several cards separated by spaces."""
    return Markup(" ").join(card(c, lang) for c in hand)


def spoken_card(card, lang: str) -> str:
    """A card's full name for text alternatives: ``king of hearts``."""
    card = parse_card(card)
    t = terms(lang)
    if card.is_joker:
        return t(f"spoken.{card.rank}")
    return t("spoken.card", rank=t(f"spoken.{card.rank}"), suit=t(f"spoken.{card.suit}"))


def seat(seat: str, lang: str) -> str:
    """A seat's name, ``N`` to ``North``."""
    if seat not in ("N", "E", "S", "W"):
        raise ValueError(f"not a seat: {seat!r} (write N, E, S or W)")
    return terms(lang)(f"seats.{seat}")


def suit(suit: str, lang: str) -> str:
    """A suit's name, ``S`` to ``spades``."""
    if suit not in SUIT_SYMBOLS:
        raise ValueError(f"not a suit: {suit!r} (write S, H, D or C)")
    return terms(lang)(f"suits.{suit}")


def bid(bid, lang: str, multiplier: int | None = None) -> str:
    """A bid as said at the table: ``pass``, ``bid 2``, ``board ×3``."""
    t = terms(lang)
    if bid == "pass":
        return t("bids.pass")
    if bid == "board":
        return t("bids.board", times=times(multiplier or 1, lang))
    return t("bids.number", number=number(bid, lang))
