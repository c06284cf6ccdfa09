"""The variants page in every language: every rule option described, every figure the engine's.

Expectations are computed here from the engine (``VARIANTS``, ``options()``, ``backalley.effects``)
and written with the renderer's formatting and the term files; no figure is typed in this file.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from backalley import VARIANTS, legal_plays, options
from backalley.effects import changes, match_figures
from backalley.variants import SCHEDULE_OPTIONS
from backalley.variants import house_rule_name as engine_name
from backalley.worked import worked_examples
from backalley_site import formatting as fmt
from backalley_site.terms import LANGUAGES, terms
from backalley_site.variants_view import (DIFFERS, choices, differences, house_rule, house_rule_name, house_rules,
                                          option_words)

PAGE = "variants"


class Sections(HTMLParser):
    """The article of a page by ``h2`` id: its text, its tables (rows of cell texts), its list items
    (an item's text includes the items of a list inside it, which come first)."""

    def __init__(self, path: Path):
        super().__init__()
        self.text: dict[str, list[str]] = {}
        self.tables: dict[str, list[list[list[str]]]] = {}
        self.items: dict[str, list[str]] = {}
        self.diagrams: dict[str, int] = {}
        self._article = False
        self._diagram = 0  # depth of nested divs inside a card diagram
        self._section = ""
        self._cell: list[str] | None = None
        self._items: list[list[str]] = []
        self.feed(path.read_text(encoding="utf-8"))

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "article":
            self._article = True
        if not self._article:
            return
        if tag == "h2":
            self._section = a.get("id", "")
        elif tag == "table":
            self.tables.setdefault(self._section, []).append([])
        elif tag == "tr":
            self.tables[self._section][-1].append([])
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "li":
            self._items.append([])
        elif tag == "br" and self._cell is not None:
            self._cell.append(" ")
        elif tag == "div" and self._diagram:
            self._diagram += 1
        elif tag == "div" and "ba-diagram" in (a.get("class") or "").split():
            self._diagram = 1
            self.diagrams[self._section] = self.diagrams.get(self._section, 0) + 1

    def handle_endtag(self, tag):
        if tag == "article":
            self._article = False
        elif tag in ("td", "th") and self._cell is not None:
            self.tables[self._section][-1][-1].append(_clean("".join(self._cell)))
            self._cell = None
        elif tag == "li" and self._items:
            self.items.setdefault(self._section, []).append(_clean("".join(self._items.pop())))
        elif tag == "div" and self._diagram:
            self._diagram -= 1

    def handle_data(self, data):
        if not self._article or self._diagram:
            return
        self.text.setdefault(self._section, []).append(data)
        for part in [self._cell, *self._items]:
            if part is not None:
                part.append(data)

    def section(self, name: str) -> str:
        return _clean(" ".join(self.text.get(name, [])))


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ").replace("\u202f", " ")).strip()


def marked(text: str, differs: bool) -> str:
    return _clean(f"{DIFFERS} {text}") if differs else _clean(text)


def headings(lang) -> list[str]:
    """The presets' column headings: the name a player says, then the code name."""
    return [_clean(f"{terms(lang)(f'preset_names.{name}')} {name}") for name in VARIANTS]


def effects(table) -> list[tuple[str, str, str, str]]:
    """The effects table's rows as ``(house rule, situation, standard, with the rule)``: each group
    of rows is headed by a row of one cell, its house rule."""
    rows, rule = [], None
    for row in table[1:]:
        if len(row) == 1:
            rule = row[0]
        else:
            rows.append((rule, *row))
    return rows


def cards(values, lang) -> str:
    return " ".join(fmt.card_text(c, lang) for c in values)


@pytest.fixture(scope="module")
def pages(built_site):
    return {lang: Sections((built_site if lang == "en" else built_site / lang) / PAGE / "index.html")
            for lang in LANGUAGES}


# -- the words: every option, every value, every preset, in every language ------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_option_and_every_value_has_words_in_every_language(lang):
    t = terms(lang)
    for option in options():
        assert t(f"options.{option.name}.rule") and t(f"options.{option.name}.ask")
        words = [option_words(option.name, value, lang) for value in choices(option)]
        assert all(words) and len(set(words)) == len(words), f"{lang}: {option.name} {words}"
        if option.metadata["accepts"] is not None:  # an open option: other values have words too
            other = (3, 2, 1, 1, 2, 3) if option.name == "schedule" else 7
            assert t(f"options.{option.name}.other") and option_words(option.name, other, lang) not in words
            assert house_rule(option.name, other, lang)
    for name in VARIANTS:
        assert t(f"presets.{name}")
    for key in match_figures():
        assert t(f"match.{key}")
    for option, value in house_rules():
        for before, after in changes("standard", VARIANTS["standard"].replace(**{option: value})):
            assert t(f"examples.{(before or after).example}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_house_rule_has_one_short_name_the_engine_s_in_english(lang):
    """Players say a house rule's name at the table ("doubling boards"): each setting has its own,
    the same in the engine's descriptions (English), the page, the sheet's box and the checklist."""
    named = {(option, value): house_rule_name(option, value, lang) for option, value in house_rules()}
    assert all(named.values()) and len(set(named.values())) == len(named), f"{lang}: {named}"
    if lang == "en":
        assert named == {key: engine_name(*key) for key in named}
    for (option, value), name in named.items():
        assert house_rule(option, value, lang).startswith(name)


# -- the page ------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_engine_option_and_value_appears_on_the_page(pages, lang):
    page = pages[lang]
    checklist = page.items["checklist"]
    assert len(checklist) == len(options())
    t = terms(lang)
    for option, item in zip(options(), checklist):
        assert _clean(t(f"options.{option.name}.ask")) in item
        for value in choices(option):
            assert _clean(option_words(option.name, value, lang)) in item, (option.name, value)
        standard = option_words(option.name, getattr(VARIANTS["standard"], option.name), lang)
        assert _clean(t("variants.standard_answer", value=standard)) in item
        if option.metadata["accepts"] is not None:
            assert _clean(t(f"options.{option.name}.other")) in item, option.name


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rule_table_has_a_column_per_preset_and_a_row_per_option(pages, lang):
    rules, _ = pages[lang].tables["presets"]
    standard = VARIANTS["standard"]
    assert rules[0][1:] == headings(lang)
    assert [row[0] for row in rules[1:]] == [_clean(terms(lang)(f"options.{o.name}.rule")) for o in options()]
    by_list = _clean(terms(lang)("variants.by_list"))
    for option, row in zip(options(), rules[1:]):
        assert row[1:] == [by_list if v.schedule and option.name in SCHEDULE_OPTIONS else
                           marked(option_words(option.name, getattr(v, option.name), lang),
                                  getattr(v, option.name) != getattr(standard, option.name))
                           for v in VARIANTS.values()], option.name


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_match_figures_are_the_engines_for_each_preset(pages, lang):
    _, match = pages[lang].tables["presets"]
    figures = {name: match_figures(v) for name, v in VARIANTS.items()}
    assert match[0][1:] == headings(lang)
    assert [row[0] for row in match[1:]] == [_clean(terms(lang)(f"match.{k}")) for k in figures["standard"]]
    for key, row in zip(figures["standard"], match[1:]):
        assert row[1:] == [marked(fmt.number(figures[name][key], lang), figures[name][key] != figures["standard"][key])
                           for name in VARIANTS], key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_house_rule_rescores_the_worked_examples_as_the_engine_does(pages, lang):
    [table] = pages[lang].tables["house-rules"]
    expected = []
    unchanged = []
    for option, value in house_rules():
        label = _clean(house_rule(option, value, lang))
        found = changes("standard", VARIANTS["standard"].replace(**{option: value}))
        if not found:
            unchanged.append(label)
        for before, after in found:
            if before.kind == "score":
                expected += [(label, fmt.number(before.value[s], lang), fmt.number(after.value[s], lang))
                             for s in ("NS", "EW") if before.value[s] != after.value[s]]
            else:
                expected.append((label, _figure_text(before, lang), _figure_text(after, lang)))
    rows = effects(table)
    assert [(rule, standard, under) for rule, _, standard, under in rows] == expected
    groups = [row[0] for row in table if len(row) == 1]
    assert len(groups) == len(set(groups)), "a house rule heads more than one group of rows"
    assert pages[lang].items["house-rules"] == unchanged


def _figure_text(figure, lang: str) -> str:
    """A figure as the effects table writes it: not reached, a winner's seat, or cards (or none)."""
    t = terms(lang)
    if figure is None:
        return _clean(t("variants.not_reached"))
    if figure.kind == "winner":
        return _clean(fmt.seat(figure.value, lang))
    return cards(figure.value, lang) or _clean(t("variants.no_legal_card"))


def test_the_page_shows_what_the_house_rules_do_to_the_numeric_bid(pages):
    """The issue's question, 'what does 16 become', answered in the page's numbers."""
    four = worked_examples()["numeric-bid"]["four"]["NS"]
    becomes = [after.value["NS"] for p in (3, 10)
               for before, after in changes("standard", f"standard,points_per_bid_trick={p}")
               if (before.example, before.name) == ("numeric-bid", "four")]
    assert len(becomes) == 2 and four not in becomes
    for lang in LANGUAGES:
        [table] = pages[lang].tables["house-rules"]
        shown = {under for _, _, standard, under in effects(table) if standard == fmt.number(four, lang)}
        assert shown >= {fmt.number(value, lang) for value in becomes}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_strict_gap_shows_an_all_trump_hand_with_no_legal_lead(pages, lang):
    example = worked_examples()["all-trumps"]
    hand, trump = example["hand"], example["trump"]
    assert all(c.is_joker or c.suit == trump for c in hand)
    assert legal_plays(hand, [], trump, variant="strict") == []
    assert legal_plays(hand, [], trump) == hand
    page = pages[lang]
    assert page.diagrams.get("strict-gap") == 1
    assert cards(hand, lang) in page.section("strict-gap")
    assert "strict" in page.section("strict-gap")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_preset_is_listed_by_name_and_code_with_where_it_differs(pages, lang):
    """The differences at a glance: under each preset but the standard game, a phrase per rule
    point where it departs from it, as the engine finds them."""
    t = terms(lang)
    items = pages[lang].items["presets"]
    for name, variant in VARIANTS.items():
        [item] = [i for i in items if i.startswith(_clean(t(f"preset_names.{name}")) + f" ({name})")]
        phrases = [_clean(p) for p in differences(variant, lang=lang)]
        assert (name == "standard") == (not phrases)
        assert all(p in items for p in phrases) and all(p in item for p in phrases), name


def test_every_difference_from_the_standard_game_is_tinted(built_site):
    """Each ≠ cell of the two preset tables carries the class the stylesheet tints, and only those."""
    standard = VARIANTS["standard"]
    differing = sum(getattr(v, o.name) != getattr(standard, o.name)
                    for o in options() for v in VARIANTS.values()
                    if not (v.schedule and o.name in SCHEDULE_OPTIONS))
    figures = {name: match_figures(v) for name, v in VARIANTS.items()}
    differing += sum(figures[n][k] != figures["standard"][k] for n in VARIANTS for k in figures["standard"])
    html = (built_site / PAGE / "index.html").read_text(encoding="utf-8")
    assert html.count('class="ba-differs"') == differing
