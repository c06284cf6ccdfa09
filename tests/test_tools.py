"""A tool's box (``backalley_site/tools.py``): its words in every language, as the page carries
them for ``overrides/assets/tools/``; the box itself, safe to put in a page."""
from __future__ import annotations

import json
import re

import pytest

from backalley_site.tools import TOOLS, ToolError, tool, words

LANGUAGES = ("en", "fr", "pt", "ru")
REASONS = {"no-webassembly", "out-of-memory", "timeout", "failed"}  # engine.js's start() rejections


def shape(value):
    return {key: shape(item) for key, item in value.items()} if isinstance(value, dict) else type(value).__name__


@pytest.mark.parametrize("name", TOOLS)
def test_every_language_gives_a_tool_the_same_words(name):
    """The same keys everywhere, but for the plural forms, which each language has its own of."""
    english = shape(words(name, "en"))
    for lang in LANGUAGES[1:]:
        found = shape(words(name, lang))
        assert found["plural"].keys() >= english["plural"].keys(), lang
        assert {**found, "plural": None} == {**english, "plural": None}, lang


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
def test_the_box_carries_its_words_as_data_and_a_button(lang):
    box = tool("scorekeeper", lang)
    data = re.search(r'<script type="application/json" class="ba-tool__words">(.*?)</script>', box, re.S).group(1)
    assert json.loads(data) == words("scorekeeper", lang)
    assert 'data-tool="scorekeeper"' in box and 'class="md-button md-button--primary ba-tool__start"' in box
    assert box.count("<script") == 1  # nothing in the box runs: tools.js starts it


def test_a_page_naming_no_tool_is_refused():
    with pytest.raises(ToolError, match="no tool called 'scorer'"):
        tool("scorer", "en")
