"""Each language's term base: one term per concept, and no built page using a variant it avoids
(prose, diagram text and text alternatives, tables, titles and navigation)."""
from __future__ import annotations

import re

import pytest

from backalley_site.terms import LANGUAGES, Concept, TermError, termbase
from backalley_site.typography import readable_texts

OTHER = [lang for lang in LANGUAGES if lang != "en"]
NEEDED = {  # concepts every translated term base must settle (issue 9 and the reviews)
    "trick", "trump", "lead", "follow-suit", "deal", "dealer", "thrown-in-deal", "match",
    "board-level", "stock", "bid", "pass", "target", "overtrick", "set", "partnership", "opponents",
    "ace", "king", "queen", "jack", "jokers",
}


def violations(texts: list[str], concepts: tuple[Concept, ...]) -> list[str]:
    """Each avoided variant found in ``texts``, with its concept and some context (a page's text
    is passed whole, so that a gloss split by markup, ``<em>big blooper</em> e …``, is one phrase)."""
    found = []
    for text in texts:
        text = re.sub(r"[\u00a0\u202f\s]+", " ", text)
        for concept in concepts:
            masked = text
            for phrase in concept.allow:
                masked = masked.replace(phrase, " " * len(phrase))
            for variant in concept.avoid:
                for match in re.finditer(rf"(?<!\w)(?:{variant})(?!\w)", masked, re.I):
                    found.append(f"[{concept.name}] {match.group(0)!r} (use {concept.use!r}): "
                                 f"…{text[max(0, match.start() - 30):match.end() + 30]}…")
    return found


@pytest.mark.parametrize("lang", OTHER)
def test_each_translation_settles_the_concepts_players_argue_about(lang):
    names = {concept.name for concept in termbase(lang)}
    assert NEEDED <= names, f"termbase/{lang}.toml lacks {sorted(NEEDED - names)}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_term_base_never_avoids_its_own_terms(lang):
    for concept in termbase(lang):
        for variant in concept.avoid:
            re.compile(variant)
        assert not violations([concept.use], (concept,)), concept


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_built_page_uses_an_avoided_term(built_site, built_pages, lang):
    concepts = termbase(lang)
    found = {p.relative_to(built_site).as_posix(): violations([" ".join(readable_texts(p.read_text(encoding="utf-8")))],
                                                              concepts)
             for p in built_pages(lang)}
    assert not {page: v[:6] for page, v in found.items() if v}


def strings(value) -> list[str]:
    """Every text in ``value``, a tool's words (nested tables and lists)."""
    if isinstance(value, str):
        return [value]
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return [text for item in items for text in strings(item)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_tool_says_an_avoided_term(lang):
    """The tools' words reach the page as data (a JSON block the page check does not read): each
    text a tool can show, refusals aside (test_refusals checks those), against the term base."""
    from backalley_site.tools import CARD_WORDS, TOOLS, words

    found = {}
    for name in TOOLS:
        said = words(name, lang)
        own = {key: value for key, value in said.items() if key not in CARD_WORDS}  # the shared words: the pages'
        found[name] = violations(strings(own), termbase(lang))
    assert not {name: v[:6] for name, v in found.items() if v}


def test_the_check_finds_an_avoided_term_and_spares_a_gloss():
    concepts = (Concept("trick", "pli", ("levées?",), ("pli (ou levée)",)),)
    assert violations(["Chaque levée compte."], concepts)
    assert not violations(["Un pli (ou levée) compte."], concepts)
    assert not violations(["Les élevées"], concepts)


def test_an_unknown_language_is_named():
    with pytest.raises(TermError, match="no term base for language 'de'"):
        termbase("de")
