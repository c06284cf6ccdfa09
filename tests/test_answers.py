"""The score calculator (scoring page) and "May I play this?" (tricks page) in the browser, in
every language (issue 21 item 6): each tool opened once per language, then every worked example
run through it by taps and choices, as a player would.

- The calculator shows every score a worked example states (the outcomes of ``numeric-bid``,
  ``boards``, ``plain-board``, ``revoke`` and ``whole-deal``, the revoke example's deal without
  its revoke and the whole deal's two later deals: 13 deals), in the page's number format.
- "May I play this?" marks the same cards playable as ``backalley explain`` run here in CPython,
  with the same reasons, text for text, in every language (the command's ``--json`` ``said``).
  Positions: the play examples'
  (``big-lead``, ``all-trumps``, ``mixed-lead``), every card of the ``little-lead`` trick, and in the
  ``whole-deal``'s first trick its lead (before trumps are broken) and the last card (following suit).
- Neither page asks for the engine before its button is pressed; axe finds nothing with each tool
  open and answering, on a 360 px phone.
"""
from __future__ import annotations

import contextlib
import functools
import io
import json

import pytest

from backalley import Deal
from backalley.cli import main as backalley
from backalley.worked import worked_examples
from backalley_site.formatting import count
from backalley_site.tools import words
from browsing import LANGUAGES, PHONE, root_of

ENGINE = "/assets/engine/"
START_MS = 90_000  # the engine's first start on a busy 2-core machine
ANSWER_MS = 20_000


def stated_scores() -> list[tuple[str, int, list, dict, str | None, dict]]:
    """(name, hand size, bids, tricks, revoke, score) of every deal whose score an example states."""
    found = []
    for name, names in worked_examples().items():
        if "hand_size" not in names or "outcomes" not in names:
            continue
        for outcome, tricks in names["outcomes"].items():
            found.append((f"{name}:{outcome}", names["hand_size"], list(names["bids"]), dict(tricks),
                          names.get("revoke"), names[outcome]))
        if "unpunished" in names:
            tricks = next(iter(names["outcomes"].values()))
            found.append((f"{name}:unpunished", names["hand_size"], list(names["bids"]), dict(tricks), None,
                          names["unpunished"]))
        for row in names.get("running", ())[1:]:
            found.append((f"{name}:deal {row['number']}", row["hand_size"], list(row["bids"]), dict(row["tricks"]),
                          None, row["score"]))
    return found


def play_positions() -> list[dict]:
    """Each position to check: ``hand``, ``trick``, ``trump``, ``broken``, ``board`` (cards as text)."""
    examples = worked_examples()
    found = []
    for name in ("big-lead", "all-trumps", "mixed-lead"):
        names = examples[name]
        for played in names["played"].values():
            found.append({"where": name, "hand": [str(c) for c in names["hand"]], "trick": [str(c) for c in played],
                          "trump": names["trump"], "broken": False, "board": False})
    for name, seats in (("little-lead", "NESW"), ("whole-deal", "EN")):
        deal = examples[name]["deal"]
        replay = Deal(deal.dealt_hands, deal.trump, deal.dealer, bids=[bid for _, bid in deal.bids])
        bids = dict(deal.bids)
        for seat, card in deal.tricks[0].cards:  # the first trick: no trump fell in an earlier one
            if seat in seats:
                found.append({"where": f"{name}:{seat}", "hand": [str(c) for c in replay.hands[seat]],
                              "trick": [str(c) for _, c in replay.trick], "trump": deal.trump,
                              "broken": False, "board": bids[seat] == "board"})
            replay.play(seat, card)
    return found


def explained(position: dict, card: str, lang: str) -> dict:
    """``backalley explain CARD … --lang LANG --json``, run here."""
    argv = ["explain", card, "--hand", " ".join(position["hand"]), "--trick", " ".join(position["trick"]),
            "--trump", position["trump"] or "NT", "--lang", lang, "--json"]
    argv += ["--trumps-broken"] * position["broken"] + ["--bid-board"] * position["board"]
    return _explain(tuple(argv))


@functools.cache
def _explain(argv: tuple) -> dict:
    """The command run once for its arguments: a refused card's reason and rule are read apart."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert backalley(list(argv)) == 0
    return json.loads(out.getvalue())


def expected_reason(position: dict, card: str, lang: str) -> str | None:
    said = explained(position, card, lang)
    return None if said["legal"] else said["said"]


def open_tool(reader, base_url, lang, page, name):
    """The page read as a phone, its tool opened: no engine request before the button is pressed."""
    one = reader(PHONE, axe=True)
    one.visit(f"{base_url}{root_of(lang)}{page}/", idle=True)
    assert not [url for url in one.requests if ENGINE in url], f"{lang}/{page}: the engine loaded with the page"
    said = words(name, lang)
    one.page.get_by_role("button", name=said["tool"]["start"]).click()
    return one, said


def axe_clean(page):
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations)")
    assert not found, [(v["id"], [n["target"] for n in v["nodes"]]) for v in found]


def test_the_examples_state_thirteen_scored_deals():
    assert len(stated_scores()) == 13


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_calculator_shows_every_stated_score(reader, base_url, lang):
    one, said = open_tool(reader, base_url, lang, "scoring", "calculator")
    own, page = said["tool"], one.page
    size = page.get_by_label(own["size"], exact=True)
    size.wait_for(timeout=START_MS)
    for where, hand_size, bids, tricks, revoke, score in stated_scores():
        size.select_option(str(hand_size))
        page.get_by_role("group", name=own["first"]).get_by_role("button", name=said["seats"][bids[0][0]],
                                                                 exact=True).click()
        for seat, bid in bids:
            page.get_by_label(said["seats"][seat], exact=True).select_option(str(bid))
        for side in ("NS", "EW"):
            page.get_by_label(said["sides"][side], exact=True).select_option(str(tricks[side]))
        page.get_by_role("group", name=own["revoke"]).get_by_role(
            "button", name=said["sides"][revoke] if revoke else own["no_revoke"], exact=True).click()
        wanted = [count(score[side], "points", lang) for side in ("NS", "EW")]
        points = page.locator(".ba-calc__points")
        try:
            page.wait_for_function("wanted => [...document.querySelectorAll('.ba-calc__points')]"
                                   ".map(p => p.textContent).join('|') === wanted.join('|')",
                                   arg=wanted, timeout=ANSWER_MS)
        except Exception:
            pytest.fail(f"{lang} {where}: shows {points.all_text_contents()}, the example states {wanted}")
        links = page.locator(".ba-calc__why a")
        assert links.count() == 2 and all("#rule-" in links.nth(i).get_attribute("href") for i in range(2))
    axe_clean(page)
    assert not one.outside() and not one.failed and not one.errors and not one.violations


def enter(page, said, cards, suit_group, key_names):
    """Tap each card in: its suit when it is not the one chosen last, then its key."""
    suit = None
    for card in cards:
        if card not in ("BIG", "LITTLE") and card[-1] != suit:
            suit = card[-1]
            suit_group.get_by_role("button", name=said["suits"][suit], exact=True).click()
        page.get_by_role("button", name=key_names[card], exact=True).click()


def spoken(card, said):
    if card in ("BIG", "LITTLE"):
        return said["spoken"][card]
    return said["spoken"]["card"].format(rank=said["spoken"][card[:-1]], suit=said["spoken"][card[-1]])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_may_i_play_this_agrees_with_explain(reader, base_url, lang):
    one, said = open_tool(reader, base_url, lang, "tricks", "may_play")
    own, page = said["tool"], one.page
    trumps = page.get_by_role("group", name=own["trump"])
    trumps.get_by_role("button", name=own["no_trump"], exact=True).wait_for(timeout=START_MS)
    suit_group = page.get_by_role("group", name=own["suit"], exact=True)
    where_to = page.get_by_role("group", name=own["adding"])
    trumps.get_by_role("button", name=said["suits"]["S"], exact=True).click()  # the rest shows once trumps are chosen
    checked = 0
    for position in play_positions():
        page.get_by_role("button", name=own["clear_trick"]).click()
        page.get_by_role("button", name=own["clear_hand"]).click()
        name = said["suits"][position["trump"]] if position["trump"] else own["no_trump"]
        trumps.get_by_role("button", name=name, exact=True).click()
        for flag, wanted in ((own["broken"], position["broken"]), (own["board"], position["board"])):
            toggle = page.get_by_role("button", name=flag, exact=True)
            if (toggle.get_attribute("aria-pressed") == "true") != wanted:
                toggle.click()
        keys = {card: spoken(card, said) for card in position["hand"] + position["trick"]}
        where_to.get_by_role("button", name=own["to_trick"], exact=True).click()
        enter(page, said, position["trick"], suit_group, keys)
        where_to.get_by_role("button", name=own["to_hand"], exact=True).click()
        enter(page, said, position["hand"], suit_group, keys)
        try:
            page.wait_for_function("cards => [...document.querySelectorAll('.ba-may__verdict')]"
                                   ".map(v => v.dataset.card).join(' ') === cards",
                                   arg=" ".join(position["hand"]), timeout=ANSWER_MS)
        except Exception:
            pytest.fail(f"{lang} {position['where']}: no verdict for every card of {position['hand']}")
        shown = page.evaluate("""() => [...document.querySelectorAll('.ba-may__verdict')].map(v => ({
            card: v.dataset.card, no: v.classList.contains('ba-may__verdict--no'),
            said: v.querySelector('.ba-may__said strong').textContent,
            why: v.querySelector('.ba-may__why') ? v.querySelector('.ba-may__why').textContent : null,
            href: v.querySelector('.ba-may__why a') ? v.querySelector('.ba-may__why a').getAttribute('href') : null}))""")
        for verdict in shown:
            reason = expected_reason(position, verdict["card"], lang)
            assert verdict["why"] == reason, (lang, position["where"], verdict["card"])
            assert verdict["said"] == (own["not_playable"] if reason else own["playable"])
            if reason:
                number = explained(position, verdict["card"], lang)["url"]
                assert verdict["href"].endswith(number), (verdict["href"], number)
            checked += 1
    assert checked == sum(len(p["hand"]) for p in play_positions())
    axe_clean(page)
    assert not one.outside() and not one.failed and not one.errors and not one.violations
