"""A tool's box (``backalley_site/tools.py``): its words in every language, as the site serves them
to ``overrides/assets/tools/``; the box itself, safe to put in a page and light."""
from __future__ import annotations

import json

import pytest

from backalley_site.tools import TOOLS, WORDS_DIR, ToolError, tool, words, write_words

LANGUAGES = ("en", "fr", "pt", "ru")
REASONS = {"no-webassembly", "out-of-memory", "timeout", "failed"}  # engine.js's start() rejections


def shape(value):
    return {key: shape(item) for key, item in value.items()} if isinstance(value, dict) else type(value).__name__


@pytest.mark.parametrize("name", TOOLS)
def test_every_language_gives_a_tool_the_same_words(name):
    """The same keys everywhere, but for the plural forms and the cards' grammatical forms
    (``spoken_forms``: an article, a case), which each language has its own of; a form gives
    every rank and joker."""
    english = shape(words(name, "en"))
    own = {"plural": None, "spoken_forms": None}
    for lang in LANGUAGES[1:]:
        found = shape(words(name, lang))
        assert found["plural"].keys() >= english["plural"].keys(), lang
        assert {**found, **own} == {**english, **own}, lang
        for form, names in found["spoken_forms"].items():
            assert names.keys() >= set(english["jokers"]) | set(english["ranks"]), (lang, form)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_tool_says_why_it_cannot_start_for_every_reason_the_bridge_gives(lang):
    said = words("scorekeeper", lang)["tools"]
    assert set(said["cannot"]) == REASONS
    assert {"runtime", "engine"} <= set(said["stage"]) and said["retry"] and "{number}" in said["rule"]


def test_the_words_are_typeset_as_the_pages_are():
    said = words("may_play", "fr")
    assert said["tool"]["title"].endswith("\u202f?") or said["tool"]["title"].endswith("\u00a0?")
    assert said["locale"] == "fr" and words("calculator", "pt")["locale"] == "pt_PT"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_box_is_a_button_and_one_sentence_in_the_pages_language(lang):
    box = tool("scorekeeper", lang)
    said = words("scorekeeper", lang)
    assert 'data-tool="scorekeeper"' in box and f'data-lang="{lang}"' in box
    assert f'class="md-button md-button--primary ba-tool__start">{said["tool"]["start"]}</button>' in box
    assert f'ba-tool__unfetched" role="alert" hidden>{said["tools"]["cannot"]["failed"]}</p>' in box
    assert "<script" not in box  # nothing in the box runs, and its words are not on the page
    assert len(box.encode()) < 1000


def test_every_tool_has_its_words_in_every_language_as_a_file(tmp_path):
    written = write_words(tmp_path, list(LANGUAGES))
    assert sorted(path.name for path in written) == sorted(f"{n}.{lang}.json" for n in TOOLS for lang in LANGUAGES)
    for name in TOOLS:
        for lang in LANGUAGES:
            assert json.loads((tmp_path / WORDS_DIR / f"{name}.{lang}.json").read_text(encoding="utf-8")) == words(name, lang)


def test_a_page_naming_no_tool_is_refused():
    with pytest.raises(ToolError, match="no tool called 'scorer'"):
        tool("scorer", "en")
