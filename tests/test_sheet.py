"""The rules sheet's tables (backalley_site.sheet) against the engine, and as a page uses them."""
from __future__ import annotations

import pytest

from backalley import deal_sizes, resolve_variant, score_deal
from backalley_site import formatting, sheet
from backalley_site.render import RenderError, render
from backalley_site.terms import LANGUAGES

HOUSE_RULES = [
    "standard",
    "standard,points_per_bid_trick=3",
    "standard,points_per_bid_trick=10,pass_scores_tricks=no",
    "standard,board_multipliers=doubling",
    "short-14",
    "bab-online",
    "standard,schedule=5/3/5,board_points=7",
]


def numbers(target):
    """North bids ``target``, the others pass (written here, not taken from the module)."""
    return [("N", target), ("E", "pass"), ("S", "pass"), ("W", "pass")]


@pytest.mark.parametrize("variant", ["standard", "standard,points_per_bid_trick=3"])
def test_target_scores_are_the_engines_scores(variant):
    table = sheet.target_scores(variant)
    assert table["extra"] == (1, 2)
    assert [row["target"] for row in table["rows"]] == [1, 2, 3, 4, 5, 6]
    for row in table["rows"]:
        b = row["target"]
        score = lambda t: score_deal(13, numbers(b), {"NS": t, "EW": 13 - t}, variant)["NS"]  # noqa: E731
        assert row["made"] == score(b)
        assert row["extra"] == (score(b + 1), score(b + 2))
        assert row["set"] == score(b - 1) == score(0)


def test_a_target_that_does_not_fit_the_variant_is_refused():
    with pytest.raises(ValueError, match="does not fit a deal of 7 cards"):
        sheet.target_scores("short-14", targets=range(1, 7))


@pytest.mark.parametrize("variant, targets, extra", [
    ("standard", (1, 2, 3, 4, 5, 6), (1, 2)),
    ("short-14", (1, 2, 3, 4, 5), (1, 2)),
    ("standard,schedule=3/2/1", (1,), (1, 2)),
    ("standard,schedule=2/1", (1,), (1,)),
    ("standard,schedule=1/1", (), ()),
])
def test_the_target_table_fits_the_variants_largest_deal(variant, targets, extra):
    table = sheet.target_scores(variant)
    assert tuple(row["target"] for row in table["rows"]) == targets
    assert table["extra"] == extra


@pytest.mark.parametrize("variant", HOUSE_RULES)
def test_board_values_cover_every_hand_size_and_level(variant):
    v = resolve_variant(variant)
    table = sheet.board_values(variant)
    assert table["levels"] == v.board_multipliers
    assert [row["cards"] for row in table["rows"]] == sorted(set(deal_sizes(v)))
    seats = ["E", "S", "W", "N"]
    for row in table["rows"]:
        h = row["cards"]
        for count, points in enumerate(row["points"], 1):
            # the last `count` bidders bid board: North's is the count-th board of the deal
            bids = [(seat, "board" if i >= 4 - count else "pass") for i, seat in enumerate(seats)]
            assert points == score_deal(h, bids, {"NS": h, "EW": 0}, v)["NS"]
            assert -points == score_deal(h, bids, {"NS": h - 1, "EW": 1}, v)["NS"]


@pytest.mark.parametrize("variant", HOUSE_RULES)
def test_score_rates_give_the_formulas_the_sheet_prints(variant):
    rates = sheet.score_rates(variant)
    hand = max(deal_sizes(variant))
    for b in range(1, hand - 1):
        for t in range(hand + 1):
            expected = (rates["bid_trick"] * b + rates["extra_trick"] * (t - b) if t >= b
                        else -rates["set_trick"] * b)
            assert score_deal(hand, numbers(b), {"NS": t, "EW": hand - t}, variant)["NS"] == expected
            assert score_deal(hand, numbers(b), {"NS": hand - t, "EW": t}, variant)["EW"] == rates["pass_trick"] * t
    for row in sheet.board_values(variant)["rows"]:
        levels = sheet.board_values(variant)["levels"]
        assert list(row["points"]) == [rates["board"] * row["cards"] * m for m in levels]


def test_the_pdf_name_carries_the_language():
    assert [sheet.pdf_name(lang) for lang in ("en", "ru")] == ["rules-sheet-en.pdf", "rules-sheet-ru.pdf"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_page_builds_the_tables_in_its_language(lang):
    markdown = (
        "{% set t = target_scores() %}{% for row in t.rows %}{{ row.set }};{% endfor %}\n"
        "{% set b = board_values() %}{% for m in b.levels %}{{ m | times }} {% endfor %}"
        "{{ b.rows[-1].points[-1] }}\n{{ score_rates().board }} {{ sheet_pdf }}\n"
    )
    out = render(markdown, lang, page=f"docs/{lang}/rules-sheet.md")
    first, second, third = out.splitlines()
    n = lambda value: formatting.number(value, lang)  # noqa: E731
    sets = [score_deal(13, numbers(b), {"NS": b - 1, "EW": 14 - b})["NS"] for b in range(1, 7)]
    assert first == "".join(n(s) + ";" for s in sets) and first.startswith("\u2212")
    levels = resolve_variant("standard").board_multipliers
    four_boards = [("E", "board"), ("S", "board"), ("W", "board"), ("N", "board")]
    top = score_deal(13, four_boards, {"NS": 13, "EW": 0})["NS"]
    assert second == "".join(formatting.times(m, lang) + " " for m in levels) + n(top)
    one_board = [("E", "pass"), ("S", "pass"), ("W", "pass"), ("N", "board")]
    assert third == f"{n(score_deal(1, one_board, {'NS': 1, 'EW': 0})['NS'])} rules-sheet-{lang}.pdf"


def test_the_tables_cannot_be_changed_by_a_page():
    with pytest.raises(RenderError, match="rules-sheet.md, line 1"):
        render("{% set t = target_scores() %}{{ t.rows[0].update({'made': 0}) }}", "en",
               page="docs/en/rules-sheet.md")
