"""Per-language terms (seats, suits, ranks, sentences) read from the TOML files beside this module,
and each language's term base (``termbase/<lang>.toml``): the one word the site uses per concept."""
from __future__ import annotations

import functools
import tomllib
from importlib.resources import files
from typing import NamedTuple

LANGUAGES = ("en", "fr", "pt", "ru")
OWN_GRAMMAR = ("plural.", "seat_forms.", "spoken_forms.", "suit_forms.")
"""Key prefixes that each language fills for its own grammar (its nouns' plural forms and the
cases or articles its sentences need): the other keys are the same in every language."""


class TermError(LookupError):
    """A language or a key is missing from the term files."""


class Terms:
    """The terms of one language, looked up by dotted key: ``terms("seats.N")``."""

    def __init__(self, lang: str, data: dict):
        self.lang = lang
        self._flat = dict(_flatten(data))

    def __call__(self, key: str, **fields) -> str:
        try:
            text = self._flat[key]
        except KeyError:
            raise TermError(f"terms/{self.lang}.toml has no key {key!r}") from None
        try:
            return text.format(**fields) if fields else text
        except (KeyError, IndexError) as exc:
            raise TermError(f"terms/{self.lang}.toml, key {key!r}: unknown field {exc}") from None

    def keys(self) -> set[str]:
        return set(self._flat)

    def has(self, key: str) -> bool:
        return key in self._flat

    def table(self, prefix: str) -> dict[str, str]:
        """Every key below ``prefix`` (without it): ``table("plural.cards")`` gives ``{"one": …}``."""
        start = prefix + "."
        return {key[len(start):]: text for key, text in self._flat.items() if key.startswith(start)}


def _flatten(data: dict, prefix: str = ""):
    for key, value in data.items():
        if isinstance(value, dict):
            yield from _flatten(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


class Concept(NamedTuple):
    """One entry of a language's term base: the term the site uses for a concept, the variants
    it must not use (regular expressions, matched case-insensitively as whole words), and the
    exact phrases where an avoided word may still stand (a gloss)."""

    name: str
    use: str
    avoid: tuple[str, ...]
    allow: tuple[str, ...]


@functools.cache
def termbase(lang: str) -> tuple[Concept, ...]:
    """The term base of ``lang`` (``termbase/<lang>.toml`` beside this module), read once."""
    if lang not in LANGUAGES:
        raise TermError(f"no term base for language {lang!r} (known: {', '.join(LANGUAGES)})")
    text = files(__package__).joinpath("termbase", f"{lang}.toml").read_text(encoding="utf-8")
    concepts = []
    for name, entry in tomllib.loads(text).items():
        unknown = set(entry) - {"use", "avoid", "allow"}
        if "use" not in entry or unknown:
            raise TermError(f"termbase/{lang}.toml, [{name}]: needs 'use', and only 'avoid' and 'allow' beside it")
        concepts.append(Concept(name, entry["use"], tuple(entry.get("avoid", ())), tuple(entry.get("allow", ()))))
    return tuple(concepts)


@functools.cache
def terms(lang: str) -> Terms:
    """The terms of ``lang``, read once per process."""
    if lang not in LANGUAGES:
        raise TermError(f"no terms for language {lang!r} (known: {', '.join(LANGUAGES)})")
    text = files(__package__).joinpath(f"{lang}.toml").read_text(encoding="utf-8")
    return Terms(lang, tomllib.loads(text))
