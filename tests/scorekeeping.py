"""Driving the scorekeeper (``overrides/assets/tools/scorekeeper.js``) as a player does, by role
and name, and what the command line gives for the same entries: shared by its own tests
(``test_scorekeeper.py``) and the evening entered with the network off (``test_offline.py``).

``keeper`` is a ``browsing.Reader`` on the score pad's page with ``lang`` and ``words`` (the
tool's words, ``backalley_site.tools.words``) set."""
from __future__ import annotations

from backalley import deal_sizes, scorecard_entry
from backalley_site import formatting as fmt

EVENING = "backalley.scorekeeper.evening."
WAIT_MS = 60_000  # the engine's start, and a reload's, on a busy 2-core machine (measured up to 34 s)


def say(keeper, key, **fields):
    text = keeper.words["tool"][key]
    for name, value in fields.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def button(keeper, name, within=None):
    return (within or keeper.page).get_by_role("button", name=name, exact=True)


def open_revoke(keeper):
    """The revoke's buttons, behind their disclosure (no revoke charged by a stray tap)."""
    keeper.page.locator(".ba-keeper__revoke > summary").click()
    return group(keeper, say(keeper, "revoke"))


def group(keeper, name):
    return keeper.page.get_by_role("group", name=name, exact=True)


def snapshot(keeper) -> str:
    """What an entry changes: the sheet, the next deal, the refusal shown."""
    return keeper.page.evaluate("""() => ['.ba-keeper__sheet tbody', '.ba-keeper__next', '.ba-tool__refusal', 'h3']
        .map(s => document.querySelector('.ba-tool ' + s)?.textContent ?? '').join('|')""")


def changes(keeper, click) -> None:
    """Click, then wait until the view has changed (the engine answered)."""
    before = snapshot(keeper)
    click()
    keeper.page.wait_for_function(
        """before => ['.ba-keeper__sheet tbody', '.ba-keeper__next', '.ba-tool__refusal', 'h3']
        .map(s => document.querySelector('.ba-tool ' + s)?.textContent ?? '').join('|') !== before""",
        arg=before, timeout=WAIT_MS)


def saved(keeper) -> dict[str, str]:
    return keeper.page.evaluate(f"""() => Object.fromEntries(Object.keys(localStorage)
        .filter(k => k.startsWith('{EVENING}')).map(k => [k, localStorage.getItem(k)]))""")


def current_text(keeper) -> str:
    return keeper.page.evaluate(f"() => localStorage.getItem('{EVENING}' + localStorage.getItem('backalley.scorekeeper.current'))")


def bid_name(keeper, bid) -> str:
    return keeper.words["bids"]["pass"] if bid == "pass" else keeper.words["tool"]["board"] if bid == "board" else str(bid)


# -- an evening: the same entries through the CLI's function and through the page ----------------

def plan(variant: str) -> list[tuple]:
    """The entries of a whole evening (and the tie-break deal when one is due), with a throw-in,
    an undone deal, a bid taken back, a revoke, and a reload in the middle of the evening, between
    two bids of a deal (``add-reloaded``: the evening reopens by itself, and the bids made stay)."""
    sizes = deal_sizes(variant)
    steps: list[tuple] = []
    for i, size in enumerate(sizes):
        if i == 2:
            steps.append(("throw-in",))
        bids = ["board" if size == 1 else 1, "pass", 2 if size > 2 else "pass", "pass"]
        ns = (i * 5) % (size + 1)
        if i == 3:
            steps.append(("bid-undo", bids[0]))
        if i == 6:
            steps += [("add", bids, (ns + 1) % (size + 1)), ("undo",)]
        steps.append(("add-reloaded" if i == len(sizes) // 2 else "add", bids, ns))
        if i == 4:
            steps.append(("revoke", "EW"))
    text = replay(None, steps, variant)
    card = scorecard_entry(text, "show").card
    if card.needs_tiebreak:
        steps.append(("tiebreak", 1))
    return steps


def replay(text, steps, variant="standard") -> str:
    """The file ``backalley scorecard`` writes after ``steps`` (the page's own steps skipped)."""
    text = text or scorecard_entry(None, "new", variant=variant).text
    for step in steps:
        if step[0] in ("add", "add-reloaded"):
            text = scorecard_entry(text, "add", bids=step[1], tricks=step[2]).text
        elif step[0] == "revoke":
            text = scorecard_entry(text, "revoke", revoke=step[1]).text
        elif step[0] == "tiebreak":
            text = scorecard_entry(text, "tiebreak", tricks=step[1]).text
        elif step[0] in ("throw-in", "undo"):
            text = scorecard_entry(text, step[0]).text
    return text


def start_evening(keeper, preset: str) -> None:
    """From the list of evenings: choose the preset, North deals first, start."""
    button(keeper, keeper.words["preset_names"][preset]).click()
    changes(keeper, lambda: button(keeper, say(keeper, "begin")).click())
    keeper.page.get_by_role("group", name=say(keeper, "corrections")).wait_for()


def enter_evening(keeper, steps) -> None:
    """Enter ``steps`` by clicks, as a player would: bids seat by seat, then North–South's tricks."""
    w = keeper.words
    tricks_group = say(keeper, "tricks_of", side=w["sides"]["NS"])
    for step in steps:
        kind = step[0]
        if kind in ("add", "add-reloaded"):
            for number, bid in enumerate(step[1]):
                if kind == "add-reloaded" and number == 2:
                    # the page reloads between two bids: the evening reopens by itself, the engine
                    # started again, with the bids made so far
                    keeper.page.reload()
                    keeper.page.locator(".ba-keeper__bids").wait_for(timeout=WAIT_MS)
                button(keeper, bid_name(keeper, bid), keeper.page.locator(".ba-keeper__entry [role=group]").first).click()
            changes(keeper, lambda: button(keeper, str(step[2]), group(keeper, tricks_group)).click())
        elif kind == "bid-undo":
            entry = keeper.page.locator(".ba-keeper__entry")
            button(keeper, bid_name(keeper, step[1]), entry.locator("[role=group]").first).click()
            entry.locator(".ba-keeper__bids").wait_for()
            button(keeper, say(keeper, "undo")).click()
            entry.locator(".ba-keeper__bids").wait_for(state="detached")
        elif kind == "throw-in":
            changes(keeper, lambda: button(keeper, say(keeper, "thrown")).click())
        elif kind == "undo":
            changes(keeper, lambda: button(keeper, say(keeper, "undo")).click())
        elif kind == "revoke":
            revoke = open_revoke(keeper)
            changes(keeper, lambda: button(keeper, w["sides"][step[1]], revoke).click())
        elif kind == "tiebreak":
            changes(keeper, lambda: button(keeper, str(step[1]), group(keeper, tricks_group)).click())


def sheet_cells(keeper) -> list[list[str]]:
    return keeper.page.evaluate("""() => [...document.querySelectorAll('.ba-keeper__sheet tbody tr:not(.ba-keeper__detail)')]
        .map(tr => [...tr.children].map(c => c.textContent))""")


def expected_cells(keeper, text) -> list[list[str]]:
    """The sheet's rows as the engine gives them, in the page's words (numbers plain: all small)."""
    def n(value):
        return fmt.number(value, keeper.lang)
    rows = []
    for row in scorecard_entry(text, "show").card.rows:
        middle = [say(keeper, "thrown_short")] if row.thrown_in else [n(row.score[s]) for s in ("NS", "EW")]
        rows.append([n(row.number), *middle, *(n(row.totals[s]) for s in ("NS", "EW"))])
    return rows


def play_evening(keeper, variant: str = "standard") -> str:
    """A whole evening of ``variant`` entered by clicks on ``keeper``'s open scorekeeper, checked against the file the CLI writes for the same entries, which it
    returns (reusable: the offline test enters it with the network off)."""
    steps = plan(variant)
    start_evening(keeper, variant)
    enter_evening(keeper, steps)
    expected = replay(None, steps, variant)
    assert current_text(keeper) == expected
    assert sheet_cells(keeper) == expected_cells(keeper, expected)
    assert keeper.page.locator(".ba-keeper__next").text_content() == next_words(keeper, expected)
    return expected


def next_words(keeper, text) -> str:
    """What the sheet says comes next: the winner or a draw at the end, else the next deal."""
    card = scorecard_entry(text, "show").card
    if card.finished:
        return say(keeper, "winner", side=keeper.words["sides"][card.winner]) if card.winner else say(keeper, "draw")
    deal = card.next_deal
    return say(keeper, "tiebreak_deal" if card.needs_tiebreak else "deal", number=fmt.number(deal.number, keeper.lang),
               cards=fmt.count(deal.hand_size, "cards", keeper.lang), dealer=keeper.words["seats"][deal.dealer])
