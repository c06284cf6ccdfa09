"""Exceptions for refused actions, each carrying a stable rule id.

Every refusal is a ``ValueError`` subclass, so ``except ValueError`` catches all of them. The
``rule`` attribute is one of the ids in ``RULES``; the site links each id to its section.
"""
from __future__ import annotations

from typing import NamedTuple

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


class Reason(NamedTuple):
    """Why an action is refused: a rule id from ``RULES`` and a plain-words message."""

    rule: str
    message: str

    def __str__(self) -> str:
        return self.message


class BackAlleyError(ValueError):
    """An action or input that the rules refuse; ``rule`` names the rule, ``str()`` explains."""

    def __init__(self, rule: str, message: str):
        super().__init__(message)
        self.rule = rule
        self.message = message

    @property
    def reason(self) -> Reason:
        return Reason(self.rule, self.message)


class IllegalBid(BackAlleyError):
    """A bid that is out of turn, out of range or not a bid at all."""


class IllegalPlay(BackAlleyError):
    """A card play that breaks a rule of play."""


class InvalidDeal(BackAlleyError):
    """A deal, bid list or trick count that cannot exist (wrong seats, sizes or totals)."""


class InvalidVariant(BackAlleyError):
    """An unknown preset or an option value outside its allowed range."""
