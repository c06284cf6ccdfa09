"""The practice table on the play page (``overrides/assets/tools/practice.js``), in a phone's
browser in every language: a seed link deals the cards CPython deals, with the turned card and
who bids first; a change of size before any move deals at once, a one-card deal all four pass is
said thrown in with its rule; a whole deal played by clicks meets each refusal (follow suit, trump
lead, BIG lead, LITTLE lead, out of turn) with the engine's words and rule link; a reload resumes
at once; a take-back redraws the log from the view; the deal ends with its own dealer, title and
the engine's scores and sums; axe in each state. One page per language (one engine start, and one
more for the reload). A whole short game by clicks in every language (about 60 moves), its totals
and winner those of CPython."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from backalley import practice
from backalley.practice import hint_samples
from backalley.web import handle
from backalley_site import formatting as fmt
from backalley_site.tools import words
from browsing import LANGUAGES, PHONE, Reader, root_of
from test_practice import KINDS, THROWN_IN, play_out

SEED, VARIANT, SIZE = 40, "standard", 13  # a plain play-out of this deal meets all four play refusals
assert THROWN_IN == (VARIANT, SEED, 1)  # and its one-card deal is thrown in when South passes
TAP_WHILE_THINKING = """() => new Promise((done) => {
    // as soon as the status says a computer player is thinking, a bid button tapped in that same frame
    const tap = () => {
        if (!document.querySelector(".ba-practice__status").textContent.includes("\u2026")) return requestAnimationFrame(tap);
        document.querySelector(".ba-practice__bidding button").click();
        done();
    };
    tap();
})"""
WAIT_MS = 60_000  # the engine's first start, and a reload's, on a busy 2-core machine


def spoken(card, w, form=""):
    """A card's name as the page says it (``form``: a grammatical form of ``spoken_forms``)."""
    forms = w["spoken_forms"].get(form, {}) if form else {}
    if card in w["jokers"]:
        return forms.get(card, w["spoken"][card])
    rank, suit = card[:-1], card[-1]
    return forms.get("card", w["spoken"]["card"]).format(rank=forms.get(rank, w["spoken"][rank]),
                                                        suit=forms.get(suit, w["spoken"][suit]))


@pytest.fixture(scope="module", params=LANGUAGES)
def table(request, browser, base_url):
    """A phone reader on the play page in one language, opened from a seed link."""
    lang = request.param
    one = Reader(browser, base_url, PHONE, axe=True)
    one.lang, one.words = lang, words("practice", lang)
    one.page.emulate_media(reduced_motion="reduce")
    one.url = f"{base_url}{root_of(lang)}play/"
    one.visit(f"{one.url}#seed={SEED}&variant={VARIANT}&size={SIZE}")  # the link starts the table: no idle network
    yield one
    one.close()


def drawn(reader, moves):
    reader.page.locator(f'.ba-tool__view[data-moves="{moves}"]').wait_for(timeout=WAIT_MS)


def cards_shown(reader, n):
    expect(reader.page.locator(".ba-practice__card")).to_have_count(n, timeout=WAIT_MS)


def each(reader):
    return "cards_each" if "cards_each" in reader.words["plural"] else "cards"


def said(reader, key, **fields):
    """A sentence of the table's words, filled as the page fills it."""
    return reader.words["tool"][key].format(**fields)


def move_line(reader, who, move):
    w, seat = reader.words, reader.words["seats"][who]
    if move == "pass":
        return said(reader, "passed", seat=seat)
    if move == "board":
        return said(reader, "board_made", seat=seat, bid=w["tool"]["board"])
    if isinstance(move, int):
        return said(reader, "bid_made", seat=seat, bid=fmt.number(move, reader.lang))
    text = w["tool"]["played"]  # "{card}", or "{card:def}": the card's name in that form
    form = re.search(r"\{card(?::(\w+))?\}", text).group(1) or ""
    return re.sub(r"\{card(?::\w+)?\}", spoken(str(move), w, form), text).replace("{seat}", seat)


def hand_labels(reader):
    return [node.get_attribute("aria-label") for node in reader.page.locator(".ba-practice__card").all()]


def press(reader, move):
    w = reader.words
    if isinstance(move, int) or move in ("pass", "board"):
        text = w["bids"]["pass"] if move == "pass" else w["tool"]["board"] if move == "board" else str(move)
        reader.page.locator(".ba-practice__bidding").get_by_role("button", name=text, exact=True).click()
    else:
        reader.page.locator(".ba-practice__card").nth(card_index(reader, move)).click()


def card_index(reader, card):
    view = practice(VARIANT, SEED, reader.moves, hand_size=SIZE)
    return [str(c) for c, _ in view.hand].index(card)


def refusal_of(reader, moves):
    reply = json.loads(handle(json.dumps({"call": "practice", "args": [VARIANT, SEED, moves],
                                          "kwargs": {"hand_size": SIZE}, "lang": reader.lang})))
    return reply["error"]


def axe(reader):
    found = reader.page.evaluate("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations)")
    assert not found, [(v["id"], [n["target"] for n in v["nodes"]]) for v in found]


def test_the_seed_link_deals_the_cards_cpython_deals(table):
    """A shared link opens the table by itself (no button to press) at its cards."""
    table.moves = []
    drawn(table, 0)
    expected = practice(VARIANT, SEED, [], hand_size=SIZE)
    assert hand_labels(table)[0].startswith(spoken(str(expected.hand[0][0]), table.words))
    assert len(hand_labels(table)) == SIZE
    link = table.page.locator(".ba-practice__link").get_attribute("href")
    assert f"seed={SEED}" in link and f"size={SIZE}" in link
    w, page = table.words, table.page
    status = page.locator(".ba-practice__status").text_content()
    assert said(table, "bids_first", seat=w["seats"][expected.first_bidder]) in status
    assert w["seats"][expected.dealer] in status
    turned = page.locator(".ba-practice__turned").text_content()
    assert turned.startswith(w["tool"]["turned"]) and fmt.card_text(str(expected.turned[-1]), table.lang) in turned
    page.get_by_role("button", name=w["tool"]["hint_show"]).click()  # the estimate, asked for this hand
    hint = page.locator(".ba-practice__hint p:not(.ba-practice__wait)").first
    hint.wait_for(timeout=WAIT_MS)
    assert fmt.number(hint_samples(SIZE), table.lang) in hint.text_content()
    axe(table)
    # a change of size before any move deals at once, the same cards' seed; all four pass: thrown in
    page.locator("#ba-practice-size").select_option("1")
    cards_shown(table, 1)
    press(table, "pass")
    drawn(table, 1)
    view = practice(VARIANT, SEED, ["pass"], hand_size=1)
    thrown = page.locator(".ba-practice__thrown")
    assert thrown.text_content().startswith(said(table, "thrown_in", dealer=w["seats"][view.dealer],
                                                 cards=fmt.count(1, each(table), table.lang)))
    rule = view.deals_done[-1]["reasons"]["NS"]["rule"]
    address = json.loads(handle(json.dumps({"call": "rule_address", "args": [rule, table.lang]})))["ok"]
    link = thrown.get_by_role("link")
    assert link.text_content() == w["tools"]["rule"].format(number=rule) and link.get_attribute("href").endswith(address)
    assert page.locator(".ba-practice__done").count() == 0
    axe(table)
    page.get_by_role("button", name=w["tool"]["take_back"]).click()
    drawn(table, 0)
    assert page.locator(".ba-practice__log p").count() == 0 and page.locator(".ba-practice__thrown").count() == 0
    page.locator("#ba-practice-size").select_option(str(SIZE))
    cards_shown(table, SIZE)
    assert hand_labels(table)[0].startswith(spoken(str(expected.hand[0][0]), w))


def test_a_whole_deal_by_clicks_meets_every_refusal_and_a_reload_resumes(table):
    moves, last = play_out(VARIANT, SEED, hand_size=SIZE)
    met = set()
    for i, move in enumerate(moves):
        view = practice(VARIANT, SEED, moves[:i], hand_size=SIZE)
        if view.phase == "play" and view.constraint in KINDS and view.constraint not in met:
            bad = next((str(c) for c, r in view.hand if r is not None and r.rule == view.constraint), None)
            if bad:
                press(table, bad)
                error = refusal_of(table, moves[:i] + [bad])
                refusal = table.page.locator(".ba-tool__refusal")
                refusal.wait_for(timeout=WAIT_MS)
                assert refusal.text_content().startswith(error["sentence"])
                assert refusal.get_by_role("link").get_attribute("href").endswith(error["address"])
                met.add(view.constraint)
                if len(met) == 1:
                    axe(table)
        if i == 1 and not view.trick:  # before the first trick: who leads it, and no "next" trick
            assert said(table, "leads_first", seat=table.words["seats"][view.leader]) in table.page.locator(
                ".ba-practice__table").text_content()
        if i == 2:  # a reload resumes the deal in progress, drawn at once: nobody "is choosing"
            table.page.reload()
            drawn(table, i)
            status = table.page.locator(".ba-practice__status").text_content()
            assert status == said(table, "deal_single", cards=fmt.count(SIZE, each(table), table.lang),
                                  dealer=table.words["seats"][view.dealer])
        press(table, move)
        table.moves = moves[:i + 1]
        drawn(table, i + 1)
        if i == 4:  # a take-back: the log is the view's, without the moves taken back
            table.page.get_by_role("button", name=table.words["tool"]["take_back"]).click()
            drawn(table, i)
            back = practice(VARIANT, SEED, moves[:i], hand_size=SIZE)
            wanted = [move_line(table, "S", moves[i - 1])] + [move_line(table, who, value)
                                                              for _, who, value in back.computer]
            assert table.page.locator(".ba-practice__log p").all_text_contents() == wanted
            seats = table.page.locator(".ba-practice__seats li")  # the trick (or the last) as a picture
            assert seats.count() == (4 if back.trick or back.last_trick else 0)
            if seats.count():
                assert seats.first.text_content().startswith(table.words["seats"]["N"])
            table.moves = moves[:i]
            press(table, move)
            table.moves = moves[:i + 1]
            drawn(table, i + 1)
    assert met == set(KINDS)
    done = last.deals_done[-1]
    box = table.page.locator(".ba-practice__done")
    assert box.get_by_role("heading").text_content() == table.words["tool"]["deal_over_single"]
    assert said(table, "dealt", dealer=table.words["seats"][done["dealer"]],
                cards=fmt.count(SIZE, each(table), table.lang)) in box.text_content()
    assert table.page.get_by_text(table.words["tool"]["your_hand"], exact=True).count() == 0
    assert table.page.locator(".ba-practice__end").count() == 0  # one deal: its scores, no match won
    text = box.text_content()
    for side in ("NS", "EW"):
        assert table.words["sides"][side] in text and fmt.number(done["reasons"][side]["score"], table.lang) in text
        if done["sums"][side]:
            shown = "\u00a0".join(fmt.number(t, table.lang) if isinstance(t, int) else t for t in done["sums"][side])
            assert shown in text, (shown, text)
    axe(table)


def test_a_card_tapped_while_a_computer_player_is_to_play_is_refused_as_out_of_turn(table):
    table.page.emulate_media(reduced_motion="no-preference")
    table.page.locator(".ba-practice__after .md-button--primary").click()  # play again: new cards
    drawn(table, 0)
    cards_shown(table, SIZE)  # the size chosen is kept
    page = table.page
    page.locator(".ba-practice__bidding button").first.click()  # South bids first, then the others
    page.evaluate(TAP_WHILE_THINKING)  # in one frame: a busy machine cannot let the players finish first
    refusal = page.locator(".ba-tool__refusal")
    refusal.wait_for(timeout=WAIT_MS)
    seed = int(page.locator(".ba-practice__link").get_attribute("href").split("seed=")[1].split("&")[0])
    reply = json.loads(handle(json.dumps({"call": "practice", "args": [VARIANT, seed, ["pass", "pass"]],
                                          "kwargs": {"hand_size": SIZE, "seen": 0}, "lang": table.lang})))
    assert reply["error"]["rule"] == "turn" and refusal.text_content().startswith(reply["error"]["sentence"])
    assert refusal.get_by_role("link").count() == 1
    axe(table)
    drawn(table, 1)
    table.page.emulate_media(reduced_motion="reduce")


def test_a_whole_short_game_by_clicks(table):
    """The short game (a match of the short-14 preset) played to its end by clicks, South taking
    the second bid offered and its first playable card: the totals and the winner the page shows
    are those of the same moves replayed here, in CPython."""
    table.page.locator("#ba-practice-rules").select_option("short-14")
    table.page.locator("#ba-practice-game").select_option("match")  # a move is made: no deal yet
    table.page.get_by_role("button", name=table.words["tool"]["deal_changed"]).click()
    drawn(table, 0)
    moves = 0
    while not table.page.locator(".ba-practice__end").count():
        bids = table.page.locator(".ba-practice__bidding button")
        if bids.count():
            bids.nth(1 if bids.count() > 2 else 0).click()
        else:
            table.page.locator(".ba-practice__card:not(.ba-practice__card--dim)").first.click()
        moves += 1
        drawn(table, moves)
    game = json.loads(table.page.evaluate("() => localStorage.getItem('backalley.practice')"))
    assert len(game["moves"]) == moves
    end = practice("short-14", game["seed"], game["moves"], match=True)
    assert end.finished
    said = table.words["tool"]
    wanted = said["winner"].replace("{side}", table.words["sides"][end.winner]) if end.winner else said["draw"]
    assert table.page.locator(".ba-practice__end").text_content() == wanted
    text = table.page.locator(".ba-practice__after").text_content()
    assert all(fmt.number(end.totals[side], table.lang) in text for side in ("NS", "EW")), (end.totals, text[-300:])
    axe(table)
