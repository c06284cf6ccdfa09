"""The engine's refusals in the reader's language: the sentence of a refusal's message id from the
term files' ``[refusals]``, its details written as the site writes them, and its rule's number
and address.

A detail is written by its name: ``card`` and ``cards`` as the site prints cards (``R♥``),
``seat``, ``turn``, ``before``, ``other`` and ``first`` as seats and ``suit`` as a suit (a
placeholder may name a case: ``{turn:gen}``), ``reason`` and ``refusal`` as a nested refusal;
otherwise a number in the language's format (``{count:cards}`` counts it with a ``[plural]``
noun), a list of numbers or names, or a text as typed.
"""
from __future__ import annotations

from backalley.rulebook import address as rule_address

from .formatting import Inflected, card_text, count, join_numbers, listed, number
from .terms import terms
from .typography import typeset_text

SEATS = frozenset({"seat", "turn", "before", "other", "first"})
NESTED = frozenset({"reason", "refusal"})


class Counted:
    """A number for a sentence: ``{n}`` in the language's format, ``{n:cards}`` with its noun."""

    def __init__(self, value: int, lang: str):
        self.value, self.lang = value, lang

    def __format__(self, noun: str) -> str:
        return count(self.value, noun, self.lang) if noun else number(self.value, self.lang)


def message(error, lang: str) -> str:
    """``error`` (a refusal, ``InvalidArgument`` or ``Reason``) as one sentence in ``lang``,
    ending with its rule's number ("… (règle 3.12)"), typeset as the site's pages are."""
    return "".join(parts(error, lang))


def parts(error, lang: str) -> tuple[str, str]:
    """``message(error, lang)`` cut in two: the sentence, and what cites its rule (" (règle 3.12)",
    with the space before it; empty for an error that cites none), which a tool makes the link to
    the rule."""
    sentence = _capitalized(_sentence(error, lang))
    said, typed = typeset_text(_cited(sentence, error, lang), lang), typeset_text(sentence, lang)
    return (typed, said[len(typed):]) if said.startswith(typed) else (said, "")


def _capitalized(text: str) -> str:
    """``text`` opening with a capital, unless it opens with a name from the code (``trump_played``)."""
    return text if "_" in text.split(" ", 1)[0] else text[:1].upper() + text[1:]


def _cards(cards, lang: str) -> str:
    """Cards as the site writes them, separated by spaces."""
    return " ".join(card_text(c, lang) for c in cards)


def _cited(text: str, error, lang: str) -> str:
    """``text`` followed by the number of ``error``'s rule, if it cites one."""
    number_ = getattr(error, "number", None)
    return terms(lang)("refusals.cite", message=text, number=number_) if number_ else text


def address(error, lang: str) -> str | None:
    """The address of ``error``'s rule on the site in ``lang`` (``fr/tricks/#rule-3.12``), or
    ``None`` for an error that cites no rule."""
    number_ = getattr(error, "number", None)
    return rule_address(number_, lang) if number_ else None


def _sentence(error, lang: str) -> str:
    """The sentence of ``error`` without its rule: its message id's, else its rule's; an error
    that is no refusal (a plain ``ValueError`` in a saved file) keeps its own words."""
    key = getattr(error, "key", None)
    t = terms(lang)
    if key is None:
        rule = getattr(error, "rule", None)
        return t(f"refusals.rules.{rule}") if rule else str(error)
    fields = {name: _detail(name, value, lang, error) for name, value in (error.params or {}).items()}
    return t(f"refusals.{key}", **fields)


def _detail(name: str, value, lang: str, error):
    """One detail of ``error``, ready for its sentence's placeholder; a nested refusal names its
    rule unless ``error`` cites the same one."""
    if name == "card":
        return card_text(value, lang)
    if name == "cards":
        return _cards(value, lang)
    if name in SEATS:
        return Inflected("seat", value, lang)
    if name == "suit":
        return Inflected("suit", value, lang)
    if name in NESTED:
        text = _sentence(value, lang)
        same = getattr(value, "number", None) == getattr(error, "number", None)
        return text if same else _cited(text, value, lang)
    if isinstance(value, int) and not isinstance(value, bool):
        return Counted(value, lang)
    if isinstance(value, (list, tuple)):
        if all(isinstance(v, int) for v in value):
            return join_numbers(value, lang)
        return listed([str(v) for v in value], lang)
    return str(value)


def verdict(card, reason, legal, lang: str) -> list[str]:
    """``backalley explain``'s lines in ``lang``: whether ``card`` may be played (``reason``, a
    ``Reason`` or ``None``, says why not), the ``legal`` cards, and the rule's address."""
    t = terms(lang)
    shown = card_text(card, lang)
    lines = [t("refusals.explain.may", card=shown) if reason is None
             else t("refusals.explain.may-not", card=shown, reason=_cited(_sentence(reason, lang), reason, lang)),
             t("refusals.explain.legal", cards=_cards(legal, lang) or t("refusals.explain.none"))]
    if reason is not None:
        lines.append(t("refusals.explain.rule", number=reason.number, address=address(reason, lang)))
    lines[0] = _capitalized(lines[0])
    return [typeset_text(line, lang) for line in lines]
