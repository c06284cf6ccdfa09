"""The bidding guide: its tables and worked hands are the engine's measurements, written in each
language, and its page exists, says the same figures and is linked from the bidding page."""
from __future__ import annotations

from pathlib import Path

import pytest

from backalley import score_deal
from backalley.strategy import KINDS, PARTNER_SHARE
from backalley_site import bidding_guide, formatting, simulations
from backalley_site.l10n import FRONT_MATTER
from backalley_site.render import render
from backalley_site.terms import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]


def page(lang: str) -> str:
    source = (ROOT / "docs" / lang / "bidding-guide.md").read_text(encoding="utf-8")
    return render(FRONT_MATTER.sub("", source, count=1), lang, page=f"docs/{lang}/bidding-guide.md")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_card_value_table_shows_the_measured_shares_in_the_language(lang):
    table = bidding_guide.card_value_table(lang=lang)
    figures = simulations.cached_card_values()["values"]
    rows = table.splitlines()[2:]
    assert len(rows) == len(KINDS)
    for kind, row in zip(KINDS, rows):
        for band, cell in zip(("1-3", "4-7", "8-13"), row.split(" | ")[2:]):
            figure = figures[band][kind]
            assert cell.startswith(formatting.fixed(figure["mean"], 2, lang)), (kind, band, cell)
            assert formatting.fixed(figure["low"], 2, lang) in cell and formatting.number(figure["n"], lang) in cell


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_worked_hands_tricks_are_a_row_per_number_of_tricks_with_the_engines_shares(lang):
    """Two columns, whatever the hand's size, so that the table fits a phone; the page shows it."""
    hand = bidding_guide.hand_estimate("AS KS AD 9H 4H 8C 5C 2D", "H", lang=lang)
    rows = bidding_guide.distribution_table(hand, lang=lang).splitlines()[2:]
    assert [row.strip("| ").split(" | ") for row in rows] == [
        [formatting.number(tricks, lang), formatting.percent(share, lang)] for tricks, share in hand["distribution"]]
    assert len(rows) == len(hand["distribution"]) > 2
    assert "\n".join(rows) in page(lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rule_of_thumb_is_written_in_the_languages_numbers(lang):
    assert formatting.number(1.5, lang) in bidding_guide.thumb_value("BIG", lang)
    assert f"2/3 ({formatting.number(0.67, lang)})" in bidding_guide.thumb_value("side-A", lang)


def test_big_is_worth_more_than_a_low_side_card_in_the_worked_hand():
    big = bidding_guide.hand_estimate("BIG AH KS 5D 7C", "H", lang="en")
    low = bidding_guide.hand_estimate("3C AH KS 5D 7C", "H", lang="en")
    assert big["expected"] > low["expected"] + 0.5 and big["low"] > low["high"]
    assert big["thumb"] == 2.9 and low["thumb"] == 1.4  # BIG 1.5, trump ace 1, side king 0.4; no value for 3C


def test_a_boards_average_is_what_it_wins_and_loses_weighed_by_the_chance():
    bids = [("E", "board"), ("S", "pass"), ("W", "pass"), ("N", "pass")]
    for size in (1, 2, 5):
        made = score_deal(size, bids, {"NS": 0, "EW": size})["EW"]
        assert bidding_guide.board_average(0.75, size, lang="en") == round(0.75 * made - 0.25 * made, 1)
    assert bidding_guide.board_average(0.5, 3, lang="en") == 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_shows_the_engines_figures_for_every_worked_hand(lang):
    text = page(lang)
    for cards in ("BIG AH KS 5D 7C", "3C AH KS 5D 7C", "AS KS AD 9H 4H 8C 5C 2D"):
        hand = bidding_guide.hand_estimate(cards, "H", lang=lang)
        shown = (hand["expected"], hand["low"], hand["high"]) + ((hand["thumb"],) if "BIG" in cards or "AS" in cards else ())
        for value in shown:
            assert formatting.number(value, lang) in text, (cards, value)
    one = bidding_guide.hand_estimate("KH", "H", lang=lang)
    assert formatting.percent(one["p_all"], lang) in text
    assert formatting.number(bidding_guide.board_average(one["p_all"], 1, lang=lang), lang) in text
    assert formatting.number(simulations.CARD_VALUE_DEALS, lang) in text
    assert formatting.count(bidding_guide.thumb("BIG", lang=lang), "tricks", lang) in text
    assert formatting.percent(PARTNER_SHARE, lang) in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_bidding_page_links_the_guide(lang):
    assert "(bidding-guide.md)" in (ROOT / "docs" / lang / "bidding.md").read_text(encoding="utf-8")
