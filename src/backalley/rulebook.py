"""The numbered rule book: where each rule of the site stands, and which one each engine id cites.

Section *n* is the *n*-th rules page of the site (``PAGES``); a rule's number is
``section.rule`` (``3.13``), its anchor ``rule-3.13`` on that page, the same in every
language. Numbers never move: a rule added between two others takes the number before it with
a letter (``3.8a``), and a rule removed keeps its number out of use (``RETIRED``).
"""
from __future__ import annotations

import re

RULES = {
    "seat": "seats are N, E, S and W",
    "turn": "players act in turn, clockwise",
    "phase": "bidding comes before play, and nothing follows the end of a deal or match",
    "bid-value": "a bid is pass, a whole number or board",
    "bid-range": "a number bid is from 1 to one less than the hand size",
    "bids": "each deal has one bid per seat, in table order",
    "tricks": "the two sides' tricks add up to the hand size",
    "revoke": "an established revoke is charged to one side, which is scored as set",
    "hands": "a deal gives every player the same number of distinct cards",
    "not-in-hand": "a player can only play a card from their own hand",
    "follow-suit": "a player who holds the suit led must follow it; jokers belong to trumps",
    "trump-lead": "no trump may be led until a trump has been played in an earlier trick",
    "no-legal-lead": "in the strict reading a hand of nothing but trumps has no legal lead",
    "big-lead": "when BIG is led, every other player must play their highest trump",
    "little-lead": "when LITTLE is led, every other player must play their lowest trump",
    "variant": "a variant is a preset name or a Variant with valid options",
}
"""Stable rule ids and the rule each stands for, in plain words."""

PAGES = ("table-and-deals", "bidding", "tricks", "scoring", "irregularities", "variants")
"""The rules pages in site order: section 1 is ``table-and-deals``."""

LANGUAGES = ("en", "fr", "pt", "ru")
"""The site's languages; the first is at the site root, the others in a folder of their name."""

NUMBERS = (
    "1.1 1.2 1.3 1.4 1.5 1.6 1.7 1.8 1.9 1.10 1.11 1.12 "
    "2.1 2.2 2.3 2.4 2.5 2.6 2.7 2.8 2.9 2.10 2.11 2.12 2.13 2.14 2.15 2.16 2.17 2.18 "
    "3.1 3.2 3.3 3.4 3.5 3.6 3.7 3.8 3.9 3.10 3.11 3.12 3.13 3.14 3.15 3.16 "
    "4.1 4.2 4.3 4.4 4.5 4.6 4.7 4.8 4.9 4.10 4.11 4.12 4.13 "
    "5.1 5.2 5.3 5.4 5.5 5.6 5.7 5.8 5.9 "
    "6.1 6.2 6.3"
).split()
"""Every rule number in use, in page order."""

RETIRED: tuple[str, ...] = ()
"""Numbers of rules removed from the site, never given to another rule."""

CITED = {
    "seat": "1.1",
    "turn": "1.1",
    "hands": "1.7",
    "phase": "2.1",
    "bids": "2.1",
    "bid-value": "2.1",
    "bid-range": "2.3",
    "not-in-hand": "3.1",
    "follow-suit": "3.2",
    "trump-lead": "3.8",
    "no-legal-lead": "3.11",
    "big-lead": "3.12",
    "little-lead": "3.13",
    "tricks": "4.1",
    "revoke": "5.6",
    "variant": "6.1",
}
"""The rule each engine rule id (``backalley.RULES``) cites, by number."""

SCORING = {
    "made": "4.2",
    "set": "4.2",
    "passed": "4.3",
    "board-made": "4.5",
    "board-lost": "4.5",
    "revoke": "5.6",
    "thrown-in": "2.15",
}
"""The rule that scores each case of a side's deal (``backalley.score_reasons``), by number: a
numeric target made or set, both partners passed, a board made or lost, an established revoke,
four passes."""

_NUMBER = re.compile(r"([1-9][0-9]*)\.([1-9][0-9]*)([a-z]?)")


def number(rule: str) -> str:
    """The number of the rule that engine rule id ``rule`` cites: ``number("big-lead") == "3.12"``."""
    try:
        return CITED[rule]
    except KeyError:
        raise KeyError(f"not an engine rule id: {rule!r}; known: {', '.join(RULES)}") from None


def sort_key(rule_number: str) -> tuple[int, int, str]:
    """Page order of rule numbers: ``3.9`` < ``3.9a`` < ``3.10``."""
    match = _NUMBER.fullmatch(rule_number) if isinstance(rule_number, str) else None
    if not match:
        raise ValueError(f"not a rule number: {rule_number!r} (write section.rule, e.g. 3.12)")
    return int(match[1]), int(match[2]), match[3]


def page(rule_number: str) -> str:
    """The page (file name without ``.md``) that states rule ``rule_number``."""
    section = sort_key(rule_number)[0]
    if rule_number not in NUMBERS:
        raise ValueError(f"no rule {rule_number} in the rule book")
    return PAGES[section - 1]


def anchor(rule_number: str) -> str:
    """The anchor of rule ``rule_number`` on its page: ``rule-3.12``."""
    return f"rule-{rule_number}"


def language_folder(lang: str) -> str:
    """The folder of a language in the site: ``""`` for the first (English, at the root), else ``"fr/"``."""
    return "" if lang == LANGUAGES[0] else f"{lang}/"


def address(rule_number: str, lang: str = "en") -> str:
    """Rule ``rule_number`` in language ``lang``, relative to the site root: ``fr/tricks/#rule-3.12``
    (public as ``backalley.rule_address``, for a view that links a rule the engine names).

    >>> address("4.5", "pt")
    'pt/scoring/#rule-4.5'
    """
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise ValueError(f"not a language of the site: {lang!r}; choose one of {', '.join(LANGUAGES)}")
    return f"{language_folder(lang)}{page(rule_number)}/#{anchor(rule_number)}"


def cited_rules() -> list[dict]:
    """Each engine rule id with its plain-words rule, its number and its address in every language,
    in the order of the numbers."""
    ids = sorted(RULES, key=lambda rule: sort_key(number(rule)))
    return [{"id": rule, "rule": RULES[rule], "number": number(rule),
             "urls": {lang: address(number(rule), lang) for lang in LANGUAGES}} for rule in ids]
