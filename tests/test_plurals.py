"""Numbers followed by a noun: one plural-aware formatter (Babel's CLDR rules), used everywhere.

The expected categories are written from the CLDR rules themselves, not read from Babel, so a
formatter that picks the wrong category fails; the whole phrases of ``PHRASES`` are written out
by hand, not read from the term files, so a term file with a form in the wrong slot fails too.
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


# Every plural table of every term file, at numbers that choose each CLDR category of the
# language (Russian: one 1, 21; few 2, 22; many 0, 5, 11, 14, 25; other 1.5. French: one 0, 1,
# 1.5; many 1 000 000; other 2, 21. European Portuguese: one 1; many 1 000 000; other 0, 1.5, 2,
# 21. English: one 1; other 0, 1.5, 2, 21), written out by hand: one phrase per number, in order.
# The Russian *_each forms follow «по» (по 1 карте, по 2 карты), *_gen a genitive (из 1 карты,
# из 2 карт), bid_tricks_gen «за каждую из …». Spaces stand for any space the language writes.
NUMBERS_OF = {
    "en": (0, 1, 1.5, 2, 21),
    "fr": (0, 1, 1.5, 2, 21, 1_000_000),
    "pt": (0, 1, 1.5, 2, 21, 1_000_000),
    "ru": (0, 1, 2, 5, 11, 14, 21, 22, 25, 1.5),
}
PHRASES = {
    "en": {
        "cards": "0 cards / 1 card / 1.5 cards / 2 cards / 21 cards",
        "tricks": "0 tricks / 1 trick / 1.5 tricks / 2 tricks / 21 tricks",
        "points": "0 points / 1 point / 1.5 points / 2 points / 21 points",
        "deals": "0 deals / 1 deal / 1.5 deals / 2 deals / 21 deals",
        "hands": "0 hands / 1 hand / 1.5 hands / 2 hands / 21 hands",
        "tricks_taken": "0 tricks taken / 1 trick taken / 1.5 tricks taken / 2 tricks taken / 21 tricks taken",
    },
    "fr": {
        "cards": "0 carte / 1 carte / 1,5 carte / 2 cartes / 21 cartes / 1 000 000 de cartes",
        "points": "0 point / 1 point / 1,5 point / 2 points / 21 points / 1 000 000 de points",
        "deals": "0 donne / 1 donne / 1,5 donne / 2 donnes / 21 donnes / 1 000 000 de donnes",
        "tricks": "0 pli / 1 pli / 1,5 pli / 2 plis / 21 plis / 1 000 000 de plis",
        "hands": "0 main / 1 main / 1,5 main / 2 mains / 21 mains / 1 000 000 de mains",
        "tricks_taken": "0 pli fait / 1 pli fait / 1,5 pli fait / 2 plis faits / 21 plis faits / "
                        "1 000 000 de plis faits",
    },
    "pt": {
        "cards": "0 cartas / 1 carta / 1,5 cartas / 2 cartas / 21 cartas / 1 000 000 de cartas",
        "points": "0 pontos / 1 ponto / 1,5 pontos / 2 pontos / 21 pontos / 1 000 000 de pontos",
        "tricks": "0 vazas / 1 vaza / 1,5 vazas / 2 vazas / 21 vazas / 1 000 000 de vazas",
        "deals": "0 distribuições / 1 distribuição / 1,5 distribuições / 2 distribuições / "
                 "21 distribuições / 1 000 000 de distribuições",
        "hands": "0 mãos / 1 mão / 1,5 mãos / 2 mãos / 21 mãos / 1 000 000 de mãos",
        "tricks_taken": "0 vazas feitas / 1 vaza feita / 1,5 vazas feitas / 2 vazas feitas / 21 vazas feitas / "
                        "1 000 000 de vazas feitas",
    },
    "ru": {
        "cards": "0 карт / 1 карта / 2 карты / 5 карт / 11 карт / 14 карт / 21 карта / 22 карты / "
                 "25 карт / 1,5 карты",
        "cards_each": "0 карт / 1 карте / 2 карты / 5 карт / 11 карт / 14 карт / 21 карте / 22 карты / "
                      "25 карт / 1,5 карты",
        "cards_gen": "0 карт / 1 карты / 2 карт / 5 карт / 11 карт / 14 карт / 21 карты / 22 карт / "
                     "25 карт / 1,5 карты",
        "points": "0 очков / 1 очко / 2 очка / 5 очков / 11 очков / 14 очков / 21 очко / 22 очка / "
                  "25 очков / 1,5 очка",
        "points_each": "0 очков / 1 очку / 2 очка / 5 очков / 11 очков / 14 очков / 21 очку / 22 очка / "
                       "25 очков / 1,5 очка",
        "deals": "0 сдач / 1 сдача / 2 сдачи / 5 сдач / 11 сдач / 14 сдач / 21 сдача / 22 сдачи / "
                 "25 сдач / 1,5 сдачи",
        "deals_gen": "0 сдач / 1 сдачи / 2 сдач / 5 сдач / 11 сдач / 14 сдач / 21 сдачи / 22 сдач / "
                     "25 сдач / 1,5 сдачи",
        "played_deals": "0 сыгранных сдач / 1 сыгранная сдача / 2 сыгранные сдачи / 5 сыгранных сдач / "
                        "11 сыгранных сдач / 14 сыгранных сдач / 21 сыгранная сдача / "
                        "22 сыгранные сдачи / 25 сыгранных сдач / 1,5 сыгранной сдачи",
        "tricks": "0 взяток / 1 взятка / 2 взятки / 5 взяток / 11 взяток / 14 взяток / 21 взятка / "
                  "22 взятки / 25 взяток / 1,5 взятки",
        "bid_tricks_gen": "0 заявленных взяток / 1 заявленной взятки / 2 заявленных взяток / "
                          "5 заявленных взяток / 11 заявленных взяток / 14 заявленных взяток / "
                          "21 заявленной взятки / 22 заявленных взяток / 25 заявленных взяток / "
                          "1,5 заявленной взятки",
        "hands": "0 рук / 1 рука / 2 руки / 5 рук / 11 рук / 14 рук / 21 рука / 22 руки / 25 рук / 1,5 руки",
        "times": "0 раз / 1 раз / 2 раза / 5 раз / 11 раз / 14 раз / 21 раз / 22 раза / 25 раз / 1,5 раза",
        "tricks_taken": "0 взяток взято / 1 взятка взята / 2 взятки взяты / 5 взяток взято / 11 взяток взято / "
                        "14 взяток взято / 21 взятка взята / 22 взятки взяты / 25 взяток взято / 1,5 взятки взято",
    },
}
SPACES = re.compile("[\u00a0\u202f ]")


def test_every_plural_table_has_its_phrases_written_out():
    """A new noun in a term file needs its phrases here before it can pass."""
    assert {lang: sorted(PHRASES[lang]) for lang in LANGUAGES} == {lang: nouns(lang) for lang in LANGUAGES}


@pytest.mark.parametrize("lang, noun", [(lang, noun) for lang in PHRASES for noun in PHRASES[lang]])
def test_every_noun_reads_as_written_at_every_form(lang, noun):
    phrases = PHRASES[lang][noun].split(" / ")
    assert len(phrases) == len(NUMBERS_OF[lang])
    for n, phrase in zip(NUMBERS_OF[lang], phrases):
        text = count(n, noun, lang)
        assert SPACES.sub(" ", text) == phrase, (lang, noun, n, text)
        assert re.fullmatch(r"[\d.,\u00a0\u202f]*\d\u00a0\D.*", text), f"{text!r}: no no-break space before the noun"


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
