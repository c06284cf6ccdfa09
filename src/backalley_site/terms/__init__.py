"""Per-language terms (seats, suits, ranks, sentences) read from the TOML files beside this module."""
from __future__ import annotations

import functools
import tomllib
from importlib.resources import files

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


@functools.cache
def terms(lang: str) -> Terms:
    """The terms of ``lang``, read once per process."""
    if lang not in LANGUAGES:
        raise TermError(f"no terms for language {lang!r} (known: {', '.join(LANGUAGES)})")
    text = files(__package__).joinpath(f"{lang}.toml").read_text(encoding="utf-8")
    return Terms(lang, tomllib.loads(text))
