"""How numbers, counted nouns, cards, seats, suits and bids are written in each language."""
from __future__ import annotations

import functools
import html
import re
from typing import Literal

from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal, format_percent
from markupsafe import Markup, escape

from backalley import parse_card

from .terms import terms

_TAG = re.compile(r"<[^>]+>")


def plain_text(markup) -> str:
    """The text of ``markup``, its tags dropped and its entities read: a card's
    ``<span class="ba-card ba-red">K♥</span>`` is ``K♥``, ``&amp;`` is ``&``."""
    return html.unescape(_TAG.sub("", str(markup)))

MINUS = "\u2212"
NBSP = "\u00a0"
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RED_SUITS = frozenset("HD")


@functools.lru_cache(maxsize=4096)  # Babel takes a fifth of a millisecond per number
def number(value: int | float, lang: str) -> str:
    """``value`` with the language's grouping and decimal sign, and a true minus sign."""
    text = format_decimal(abs(value), locale=terms(lang)("format.locale"))
    return MINUS + text if value < 0 else text


@functools.cache
def _plural_rule(lang: str):
    return Locale.parse(terms(lang)("format.locale")).plural_form


def plural_category(value: int | float, lang: str) -> str:
    """The CLDR plural category of ``value`` in ``lang`` (``one``, ``few``, ``many``, ``other``)."""
    return _plural_rule(lang)(value)


def plural_categories(lang: str) -> frozenset[str]:
    """Every category a noun of ``lang`` needs a form for: the locale's CLDR tags and ``other``."""
    return frozenset(_plural_rule(lang).tags) | {"other"}


def count(value: int | float, noun: str, lang: str) -> str:
    """``value`` and the form of ``noun`` its CLDR plural category takes, joined by a no-break
    space: ``count(21, "cards", "ru")`` is ``21 карта``, ``count(5, "cards", "ru")`` ``5 карт``.

    The forms are the term file's ``[plural.<noun>]`` table, one key per category.
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"count needs a number, not {type(value).__name__} {value!r}")
    return number(value, lang) + NBSP + terms(lang)(f"plural.{noun}.{plural_category(value, lang)}")


def fixed(value: float, places: int, lang: str) -> str:
    """``value`` with exactly ``places`` decimals, in the language's format: ``0,90`` in French."""
    text = format_decimal(abs(value), format="#,##0." + "0" * places, locale=terms(lang)("format.locale"))
    return MINUS + text if round(value, places) < 0 else text


def percent(value: float, lang: str) -> str:
    """A share (0 to 1) as a whole percentage, the way the language writes one: ``98 %`` in French."""
    return format_percent(value, locale=terms(lang)("format.locale"))


def page_title(title: str, site_name: str, lang: str) -> str:
    """A page's title, then the site's name after the language's dash; a page with no title, or
    one whose title already holds the site's name, is not followed by it."""
    if not title or site_name in title:
        return title or site_name
    return f"{title} {terms(lang)('format.title_dash')} {site_name}"


def markdown_table(head: list[str], rows: list[list[str]], numbers: bool = False) -> str:
    """A Markdown table with a row of headings; with ``numbers``, the columns after the first are
    right-aligned, as columns of figures are."""
    rule = ["---"] + ["--:" if numbers else "---"] * (len(head) - 1)
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(rule) + "|"]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows])


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


def spoken_card(card, lang: str, form: str = "") -> str:
    """A card's full name for text alternatives: ``king of hearts``.

    ``form`` names a grammatical form of the term file (``[spoken_forms.<form>]``: an article, a
    case); it gives every rank and joker, and may give the pattern (``card``) and the suit words.
    """
    card = parse_card(card)
    t = terms(lang)
    own = f"spoken_forms.{form}." if form else "spoken."

    def word(key: str, required: bool) -> str:
        return t(own + key) if required or t.has(own + key) else t(f"spoken.{key}")

    if card.is_joker:
        return word(card.rank, True)
    return word("card", False).format(rank=word(card.rank, True), suit=word(card.suit, False))


def spoken_cards(cards, lang: str, form: str = "") -> str:
    """Several cards' full names as the language lists them: ``l’as de pique, … et le deux de trèfle``."""
    return listed([spoken_card(c, lang, form) for c in cards], lang)


def listed(items: list[str], lang: str, style: Literal["standard", "or"] = "standard") -> str:
    """Items joined the way ``lang`` writes a list, by CLDR: ``a, b and c`` (``style="or"``:
    ``a, b or c``). Three items or more that hold a comma themselves are parted by semicolons,
    with CLDR's conjunction before the last (``×1, ×2; ×1, ×4; or ×2, ×8``), so no reader merges
    two of them; two items need only the conjunction."""
    if not items:
        return ""
    locale = terms(lang)("format.locale")
    if len(items) < 3 or not any(terms(lang)("format.list_separator").strip() in item for item in items):
        return format_list(items, style=style, locale=locale)
    end = Locale.parse(locale).list_patterns[style]["end"]  # "{0}, or {1}", "{0} ou {1}"
    conjunction = end.replace("{0}", "").replace("{1}", "").strip(" ,")
    return f"{'; '.join(items[:-1])}; {conjunction} {items[-1]}"


def seat(seat: str, lang: str, form: str = "") -> str:
    """A seat's name, ``N`` to ``North``; ``form`` names one of ``[seat_forms.<form>]`` (a case)."""
    if seat not in ("N", "E", "S", "W"):
        raise ValueError(f"not a seat: {seat!r} (write N, E, S or W)")
    return terms(lang)(f"seat_forms.{form}.{seat}" if form else f"seats.{seat}")


def suit(suit: str, lang: str, form: str = "") -> str:
    """A suit's name, ``S`` to ``spades``; ``form`` names one of ``[suit_forms.<form>]``."""
    if suit not in SUIT_SYMBOLS:
        raise ValueError(f"not a suit: {suit!r} (write S, H, D or C)")
    return terms(lang)(f"suit_forms.{form}.{suit}" if form else f"suits.{suit}")


class Inflected:
    """A seat, suit, card or list of cards for a term sentence, written in the form its
    placeholder names: ``{seat:gen}``, ``{card:ins}``, ``{cards:def}`` (``{seat}``: the plain form)."""

    _WRITERS = {"seat": seat, "suit": suit, "card": spoken_card, "cards": spoken_cards}

    def __init__(self, kind: str, value, lang: str):
        self._write = functools.partial(self._WRITERS[kind], value, lang)

    def __format__(self, form: str) -> str:
        return self._write(form)


def bid(bid, lang: str, multiplier: int | None = None, *, words: str = "bids.", **fields) -> str:
    """A bid as said at the table: ``pass``, ``bid 2``, ``board ×3``. ``words`` names other term
    sentences for the three kinds of bid (``<words>pass``, ``<words>board``, ``<words>number``),
    filled with ``fields`` too: ``words="alt.bid_", seat=…`` gives ``West bids board (×1)``."""
    t = terms(lang)
    if bid == "pass":
        return t(f"{words}pass", **fields)
    if bid == "board":
        return t(f"{words}board", times=times(multiplier or 1, lang), **fields)
    return t(f"{words}number", number=number(bid, lang), **fields)
