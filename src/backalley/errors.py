"""Exceptions for refused actions, each carrying a stable rule id and the number of the rule.

Every refusal is a ``ValueError`` subclass, so ``except ValueError`` catches all of them. The
``rule`` attribute is one of the ids in ``rulebook.RULES``, ``number`` the site's number of the
rule it cites (``rulebook.CITED``), and the message ends by naming it: "... (rule 3.12)".

Besides its developer English, a refusal names a message id, ``key``, and its details,
``params`` (cards as engine text, seats, suits, numbers, option names), from which
``backalley_site.refusals`` writes it in the reader's language:
``IllegalPlay("follow-suit", "...", key="must-follow", suit="S", cards=["9S"])``. Every id has a
sentence in the ``[refusals]`` section of each term file; a refusal that names none is said as
its rule (``[refusals.rules]``).
"""
from __future__ import annotations

import json
from typing import NamedTuple

from .rulebook import number


class Reason(NamedTuple):
    """Why an action is refused: a rule id from ``RULES``, a plain-words message, and the message
    id and details the reader's words are written from; ``str()`` adds the rule's number."""

    rule: str
    message: str
    key: str | None = None
    params: dict = {}

    @property
    def number(self) -> str:
        """The number of the rule on the site, e.g. ``"3.12"``."""
        return number(self.rule)

    def __str__(self) -> str:
        return f"{self.message} (rule {self.number})"


class BackAlleyError(ValueError):
    """An action or input that the rules refuse: ``rule`` is the rule id, ``number`` the rule's
    number on the site, ``message`` what went wrong, and ``str()`` both: "... (rule 3.12)";
    ``key`` and ``params`` name the message and its details for the reader's language."""

    def __init__(self, rule: str, message: str, key: str | None = None, **params):
        self.rule = rule
        self.number = number(rule)
        self.message = message
        self.key = key
        self.params = params
        super().__init__(f"{message} (rule {self.number})")

    @property
    def reason(self) -> Reason:
        return Reason(self.rule, self.message, self.key, self.params)


class IllegalBid(BackAlleyError):
    """A bid that is out of turn, out of range or not a bid at all."""


class IllegalPlay(BackAlleyError):
    """A card play that breaks a rule of play."""


class InvalidDeal(BackAlleyError):
    """A deal, bid list or trick count that cannot exist (wrong seats, sizes or totals)."""


class InvalidVariant(BackAlleyError):
    """An unknown preset or an option value outside its allowed range."""


class InvalidArgument(ValueError):
    """An argument of the wrong kind for a library function (not a matter of the rules): ``True``
    or ``False`` where a flag is expected, a whole number where a seed is; the message names it.
    It cites no rule (``rule`` and ``number`` are ``None``); ``key`` and ``params`` as for
    ``BackAlleyError``."""

    rule = number = None

    def __init__(self, message: str, key: str | None = None, **params):
        self.message = message
        self.key = key
        self.params = params
        super().__init__(message)


def flag(value, name: str) -> bool:
    """``value`` if it is ``True`` or ``False``; else ``InvalidArgument`` naming ``name``."""
    if value is True or value is False:
        return value
    raise InvalidArgument(f"{name} is True or False, got {value!r}", key="flag", argument=name, given=repr(value))


def whole(value, name: str, low: int) -> int:
    """``value`` if it is a whole number from ``low``; else ``InvalidArgument`` naming ``name``
    (``"a seed"``, ``"samples"``)."""
    if type(value) is int and value >= low:
        return value
    raise InvalidArgument(f"{name} is a whole number from {low}, got {value!r}", key="whole-number",
                          argument=name.removeprefix("a "), low=low, given=repr(value))


def saved(text, kind: str, version: int) -> dict:
    """The JSON object of a saved ``kind`` (``"backalley-match"``…) of this ``version``, or
    ``InvalidArgument`` saying what is wrong with ``text``."""
    what = kind.removeprefix("backalley-")
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as error:
        raise InvalidArgument(f"not a saved {what}: {error}", key="saved-not-json", format=kind,
                              detail=str(error)) from None
    if not isinstance(data, dict) or data.get("format") != kind:
        raise InvalidArgument(f'not a saved {what}: no "format": "{kind}"', key="saved-format", format=kind)
    if data.get("version") != version:
        raise InvalidArgument(f"a saved {what} of version {data.get('version')!r}; this engine reads {version}",
                              key="saved-version", format=kind, given=repr(data.get("version")), version=version)
    return data
