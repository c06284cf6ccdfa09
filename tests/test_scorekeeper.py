"""The scorekeeper on the score pad's page (``overrides/assets/tools/scorekeeper.js``), in a
phone's browser in every language: an evening entered by clicks ends where ``backalley
scorecard`` ends for the same entries; refusals, import, export, a damaged saved evening, the
engine loaded only when asked, axe. One page per language, the engine started as few times as
possible: the tests of a language run in order on the same open tool."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from backalley import scorecard_entry
from backalley.web import handle
from backalley_site.tools import words
from browsing import LANGUAGES, PHONE, Reader, root_of
from scorekeeping import (
    EVENING, WAIT_MS, button, changes, current_text, expected_cells, next_words, open_revoke, plan,
    play_evening, replay, saved, say, sheet_cells, start_evening,
)

ENGINE = "/assets/engine/"


@pytest.fixture(scope="module", params=LANGUAGES)
def keeper(request, browser, base_url):
    """A phone reader on the score pad's page in one language, the scorekeeper not yet opened."""
    lang = request.param
    one = Reader(browser, base_url, PHONE, axe=True)
    one.lang, one.words = lang, words("scorekeeper", lang)
    one.url = f"{base_url}{root_of(lang)}score-pad/"
    one.page.on("dialog", lambda dialog: dialog.accept())
    one.visit(one.url, idle=True)
    yield one
    one.close()


# -- the tests, in order on each language's page --------------------------------------------------

def test_the_page_loads_no_engine_until_the_button_is_pressed(keeper):
    assert not [url for url in keeper.requests if ENGINE in url]
    button(keeper, keeper.words["tool"]["start"]).click()
    keeper.page.get_by_role("heading", name=say(keeper, "evenings")).wait_for(timeout=WAIT_MS)
    assert [url for url in keeper.requests if ENGINE in url]
    assert not keeper.outside() and not keeper.errors


def test_a_refused_entry_shows_its_reason_and_changes_nothing(keeper):
    start_evening(keeper, "standard")
    before, sheet = saved(keeper), sheet_cells(keeper)
    for action, press in (("revoke", lambda: button(keeper, keeper.words["sides"]["NS"], open_revoke(keeper)).click()),
                          ("undo", lambda: button(keeper, say(keeper, "undo")).click())):
        changes(keeper, press)
        kwargs = {"revoke": "NS"} if action == "revoke" else {}
        error = json.loads(handle(json.dumps({"call": "scorecard_entry", "args": [current_text(keeper), action],
                                              "kwargs": kwargs, "lang": keeper.lang})))["error"]
        refusal = keeper.page.locator(".ba-tool__refusal")
        assert refusal.text_content().startswith(error["message"])
        assert refusal.get_by_role("link").get_attribute("href").endswith(error["address"])
        assert saved(keeper) == before and sheet_cells(keeper) == sheet
    button(keeper, say(keeper, "all")).click()


def test_an_evening_by_clicks_ends_as_the_command_line_ends(keeper):
    """The whole standard evening (26 deals) with a throw-in, an undo, a revoke and a reload in the
    middle, in every language (``scorekeeping.plan``)."""
    assert scorecard_entry(play_evening(keeper), "show").card.finished
    button(keeper, say(keeper, "all")).click()
    keeper.page.get_by_role("heading", name=say(keeper, "evenings")).wait_for()


def test_an_imported_file_shows_its_rows_and_exports_the_same_file(keeper, tmp_path):
    text = replay(None, plan("standard"))  # a finished evening, which the sheet ends with its result
    path = tmp_path / "evening.json"
    path.write_text(text, encoding="utf-8")
    changes(keeper, lambda: keeper.page.get_by_label(say(keeper, "import")).set_input_files(path))
    assert sheet_cells(keeper) == expected_cells(keeper, text)
    assert keeper.page.locator(".ba-keeper__next").text_content() == next_words(keeper, text)
    for label, wanted in (("export_json", text), ("export_csv", scorecard_entry(text, "show").card.to_csv())):
        with keeper.page.expect_download() as download:
            button(keeper, say(keeper, label)).click()
        assert Path(download.value.path()).read_text(encoding="utf-8") == wanted
        assert download.value.suggested_filename.startswith("backalley-scorecard-20")


def test_a_refused_file_is_reported_and_replaces_nothing(keeper, tmp_path):
    button(keeper, say(keeper, "all")).click()
    before = saved(keeper)
    path = tmp_path / "bad.json"
    path.write_text('{"format": "backalley-scorecard", "version": 1, "entries": [{"bids": [1]}]}', encoding="utf-8")
    keeper.page.get_by_label(say(keeper, "import")).set_input_files(path)
    keeper.page.locator(".ba-keeper__import .ba-tool__refusal").wait_for()
    assert saved(keeper) == before


def test_a_damaged_evening_is_reported_and_kept(keeper):
    key = EVENING + "2024-05-01T19:30:00.000Z"
    keeper.page.evaluate(f"() => localStorage.setItem('{key}', 'not a scorecard')")
    keeper.page.locator(".ba-keeper__evenings li").first.get_by_role("button").first.click()  # open one
    button(keeper, say(keeper, "all")).click()  # the list drawn again, from what is stored
    damaged = keeper.page.locator(".ba-keeper__damaged")
    damaged.wait_for()
    assert damaged.locator(".ba-tool__refusal").text_content()
    assert button(keeper, say(keeper, "export_raw"), damaged).is_visible()
    assert saved(keeper)[key] == "not a scorecard"


def test_axe_finds_nothing_with_the_scorekeeper_open(keeper):
    button(keeper, keeper.words["tool"]["house"]).click()
    found = keeper.page.evaluate("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations)")
    changes(keeper, lambda: button(keeper, say(keeper, "begin")).click())
    found += keeper.page.evaluate("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations)")
    wide = keeper.page.evaluate("document.documentElement.scrollWidth > document.documentElement.clientWidth")
    assert not [f"{v['id']}: {v['help']} {[n['target'] for n in v['nodes'][:3]]}" for v in found] and not wide
    assert not keeper.errors and not keeper.violations  # nor a Content-Security-Policy violation, all along
