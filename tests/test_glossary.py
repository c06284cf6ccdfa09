"""The glossary: every term in every language, each linked to the rule that defines it, and its
definition shown on hover where its forms appear in the rules pages."""
from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from backalley import rulebook

from backalley_site.glossary import RULE_PAGES, entries, hover_definitions
from backalley_site.terms import LANGUAGES, terms

ROOT = Path(__file__).resolve().parents[1]
ABBR = re.compile(r'<abbr title="([^"]*)">([^<]*)</abbr>')
TERM = re.compile(r'<a class="ba-term" href="\.\./glossary/#glossary-([\w-]+)" title="([^"]*)">([^<]*)</a>')


def page_path(site: Path, lang: str, page: str) -> Path:
    return (site if lang == "en" else site / lang) / page / "index.html"


def test_every_language_has_the_same_entries_with_the_same_rules():
    english = {key: entry["rule"] for key, entry in entries("en")}
    assert english
    for lang in LANGUAGES:
        assert {key: entry["rule"] for key, entry in entries(lang)} == english, lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_entry_links_a_rule_that_exists(built_site, lang):
    html = page_path(built_site, lang, "glossary").read_text(encoding="utf-8")
    for key, entry in entries(lang):
        assert f'id="glossary-{key}"' in html, key
        number = entry["rule"]
        rule = page_path(built_site, lang, rulebook.page(number)).read_text(encoding="utf-8")
        assert f'id="{rulebook.anchor(number)}"' in rule, f"{lang}: glossary-{key} cites rule {number}, not on its page"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_hover_form_is_explained_where_the_rules_use_it(built_site, lang):
    """Each hover form appears at least once in the language's rules pages, and there it is a
    link to its glossary entry whose title is the entry's definition (or, inside another link,
    an abbreviation with that title); pages outside the rules get none."""
    explained, linked = {}, {}
    for page in RULE_PAGES:
        html = page_path(built_site, lang, page).read_text(encoding="utf-8")
        found = [(None, title, form) for title, form in ABBR.findall(html)] + TERM.findall(html)
        for key, title, form in found:
            form = unescape(form).replace("\u00a0", " ").replace("\u202f", " ")  # the build's no-break spaces
            explained.setdefault(form, set()).add(unescape(title).replace("\u00a0", " ").replace("\u202f", " "))
            if key:
                linked.setdefault(form, set()).add(key)
    for key, entry in entries(lang):
        for form in filter(None, (f.strip() for f in entry["hover"].split("|"))):
            assert form in explained, f"{lang}: the hover form {form!r} ({key}) is on none of the rules pages"
            assert entry["text"].replace("\u00a0", " ") in explained[form], (lang, form)
            assert linked.get(form, {key}) == {key}, f"{lang}: {form!r} links {linked[form]}, not glossary-{key}"
    assert linked, f"{lang}: no term links its glossary entry"
    other = page_path(built_site, lang, "history").read_text(encoding="utf-8")
    assert "<abbr" not in other and "ba-term" not in other


def test_hover_definitions_are_only_for_the_rules_pages():
    assert hover_definitions("history", "en") == ""
    assert "*[Overtricks]: " in hover_definitions("scoring", "en")


def test_a_definition_s_figures_come_from_the_engine():
    [board] = [entry for key, entry in entries("en") if key == "board"]
    assert "10\u00a0points for each card in one hand" in board["text"]
    assert "{" not in "".join(entry["text"] for _, entry in entries("ru"))
    assert terms("en")("glossary.board.text").count("{board_points}") == 1
