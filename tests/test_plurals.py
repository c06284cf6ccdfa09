"""Numbers followed by a noun: one plural-aware formatter (Babel's CLDR rules), used everywhere.

The expected categories below are written from the CLDR rules themselves, not read from Babel,
so a formatter that picked the wrong form, or a term file with a form in the wrong slot, fails.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from backalley_site.formatting import NBSP, count
from backalley_site.render import render
from backalley_site.terms import LANGUAGES, terms

ROOT = Path(__file__).resolve().parents[1]
NUMBERS = [*range(31), 101, 111, 121]


def expected_category(lang: str, n: int) -> str:
    """CLDR's category of a whole number below a million, for the four languages."""
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
            return "few"
        return "many"
    if lang == "fr":
        return "one" if n in (0, 1) else "other"
    return "one" if n == 1 else "other"  # en, pt (European: 0 takes the plural)


def nouns(lang: str) -> list[str]:
    return sorted({key.split(".")[1] for key in terms(lang).keys() if key.startswith("plural.")})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_noun_takes_the_cldr_form_for_every_number(lang):
    for noun in nouns(lang):
        forms = terms(lang).table(f"plural.{noun}")
        for n in NUMBERS:
            assert count(n, noun, lang) == f"{n}{NBSP}{forms[expected_category(lang, n)]}", (lang, noun, n)


@pytest.mark.parametrize("lang, n, noun, text", [
    ("ru", 1, "cards", "1 карта"), ("ru", 2, "cards", "2 карты"), ("ru", 5, "cards", "5 карт"),
    ("ru", 11, "cards", "11 карт"), ("ru", 21, "cards", "21 карта"), ("ru", 22, "cards", "22 карты"),
    ("ru", 111, "cards", "111 карт"), ("ru", 121, "cards", "121 карта"),
    ("fr", 0, "points", "0 point"), ("fr", 1, "points", "1 point"), ("fr", 2, "points", "2 points"),
    ("pt", 0, "cards", "0 cartas"), ("pt", 1, "cards", "1 carta"), ("pt", 21, "cards", "21 cartas"),
    ("en", 0, "cards", "0 cards"), ("en", 1, "cards", "1 card"), ("en", 101, "cards", "101 cards"),
])
def test_known_phrases(lang, n, noun, text):
    assert count(n, noun, lang) == text.replace(" ", NBSP)


def test_a_template_counts_through_the_filter_in_the_page_language():
    assert render('{{ 21 | count("cards") }}', "ru") == f"21{NBSP}карта"
    assert render('{{ -15 | count("points") }}', "en") == f"\u221215{NBSP}points"


def test_an_unknown_noun_or_a_non_number_is_an_error_naming_it():
    from backalley_site.render import RenderError

    with pytest.raises(RenderError, match=r"no key 'plural\.cats\.other'"):
        render('{{ 3 | count("cats") }}', "en")
    with pytest.raises(RenderError, match="count needs a number"):
        render('{{ "3" | count("cards") }}', "en")


# Nouns a count is likely to be written with, beside those of the term files: a number followed by
# one of them without the formatter is a number whose plural form nobody chose.
COUNT_NOUNS = {
    "en": r"cards?|tricks?|points?|deals?|players?|bids?|boards?|times",
    "fr": r"cartes?|plis|points?|donnes?|joueurs?|annonces?|fois",
    "pt": r"cartas?|vazas?|pontos?|distribui\w+|jogadores?|vezes",
    "ru": r"карт\w*|взятк\w*|взяток|очк\w*|очков|сдач\w*|игрок\w*|раза?",
}
PLACEHOLDER = re.compile(r"\{\{(.*?)\}\}", re.S)
NOT_A_NUMBER = re.compile(r"\|\s*(count|card|cards|seat|suit|times|join_numbers)\b|_diagram\(|^\s*\w+\(\)\s*$|^\s*rule\(")


def noun_pattern(lang: str) -> re.Pattern:
    forms = {form for noun in nouns(lang) for form in terms(lang).table(f"plural.{noun}").values()}
    words = "|".join(sorted((re.escape(f) for f in forms), key=len, reverse=True))
    return re.compile(rf"^[\s\u00a0]+(?:{words}|{COUNT_NOUNS[lang]})\b", re.I)


def bypasses(text: str, lang: str) -> list[str]:
    """Each number–noun pair of a page template that does not go through ``count``."""
    nouns_after = noun_pattern(lang)
    found = []
    for match in PLACEHOLDER.finditer(text):
        if not NOT_A_NUMBER.search(match.group(1)) and nouns_after.match(text[match.end():]):
            found.append(match.group(0) + text[match.end():match.end() + 12])
    prose = PLACEHOLDER.sub(" ", re.sub(r"`[^`]*`|\]\([^)]*\)|\{ #[^}]*\}", " ", text))
    for match in re.finditer(r"(?<![\w.,\-−×/])\d+(?=[\s\u00a0])", prose):
        if nouns_after.match(prose[match.end():]):
            found.append(prose[match.start():match.end() + 12])
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_writes_a_number_before_a_noun_without_the_formatter(lang):
    found = {page.name: bypasses(page.read_text(encoding="utf-8"), lang)
             for page in sorted((ROOT / "docs" / lang).glob("*.md"))}
    assert not {page: pairs for page, pairs in found.items() if pairs}


@pytest.mark.parametrize("text", [
    "Each player gets {{ ex.numeric_bid.hand_size }} cards.",
    "A match of {{ deal_sizes() | length }}\ndeals.",
    "The pack has 54 cards.",
])
def test_the_check_catches_a_pair_that_bypasses_the_formatter(text):
    assert bypasses(text, "en")


@pytest.mark.parametrize("text", [
    'Each player gets {{ ex.numeric_bid.hand_size | count("cards") }}.',
    "North scores {{ ex.numeric_bid.four.NS }} and South {{ ex.boards.split.NS }}.",
    "{{ ex.little_lead.winner | seat }} takes the trick; the 13→1 schedule.",
])
def test_the_check_lets_the_formatter_and_other_words_pass(text):
    assert not bypasses(text, "en")
