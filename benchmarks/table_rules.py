"""Your table's rules on the variants page: from a change to the updated figures, and from the
sheet's button to a printable sheet, cold and warm.

    ./dev build && .venv/bin/python benchmarks/table_rules.py [--site site] [--lang en] [--repeat 3]

The built site is served on 127.0.0.1 as the tests serve it, to Debian's Chromium (Playwright), a
phone's screen. The tool is started once (its start is printed, for scale), then:
- a change: a choice in the form until the page's address holds the engine's answer (the
  figures are drawn in the same step); the first change after the start is "cold" (the worked
  examples run once in the engine), the next ones "warm";
- the sheet: the button until the new tab holds the document; cold the first time (the renderer's
  zip fetched, unpacked and imported, its page compiled), warm after.
A fresh browser context each round (empty cache); the best of ``--repeat`` rounds is printed,
since a shared machine slows some rounds down.

Measured on the 2-core machine shared by four sessions (English, best of 2 rounds): the start,
from the button to the first figures (Pyodide started, the worked examples run once), 11.6 s;
a change to the updated figures 0.10 s the first time, 0.05 s after; the sheet's button to the
printable sheet in its tab 2.2 s cold (renderer.zip fetched, unpacked, imported), 0.33 s warm.
"""
import argparse
import functools
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))

from browsing import CHROMIUM, CHROMIUM_ARGS, NOWHERE, PHONE, SiteHandler, SiteServer, root_of  # noqa: E402

from backalley_site.tools import words  # noqa: E402

CHANGES = ("3", "10", "5", "3")  # points per trick of a made target, one after the other


def round_trip(browser, base: str, lang: str) -> dict:
    said = words("table_rules", lang)
    rule = next(r for r in said["house_rules"] if r["option"] == "points_per_bid_trick")
    context = browser.new_context(viewport=PHONE, service_workers="block")
    page = context.new_page()
    page.goto(f"{base}{root_of(lang)}variants/")
    times = {}
    began = time.perf_counter()
    page.get_by_role("button", name=said["tool"]["start"]).click()
    page.locator(".ba-rules__result h3").first.wait_for(timeout=180_000)
    times["start"] = time.perf_counter() - began
    select = page.get_by_label(rule["ask"], exact=True)
    changes = []
    for value in CHANGES:
        began = time.perf_counter()
        select.select_option(value)
        page.wait_for_function("v => v === '5' ? new URLSearchParams(location.search).get('variant') === 'standard'"
                               " : location.search.includes('points_per_bid_trick=' + v)", arg=value, timeout=60_000)
        changes.append(time.perf_counter() - began)
    times["change cold"], times["change warm"] = changes[0], min(changes[1:])
    documents = []
    for _ in range(3):
        began = time.perf_counter()
        with context.expect_page(timeout=120_000) as info:
            page.get_by_role("button", name=said["tool"]["sheet"]).click()
        page.get_by_role("status").filter(has_text=said["tool"]["opened"]).wait_for(timeout=120_000)
        documents.append(time.perf_counter() - began)
        info.value.close()
        page.get_by_role("status").evaluate("s => s.textContent = ''")
    times["sheet cold"], times["sheet warm"] = documents[0], min(documents[1:])
    context.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server = SiteServer(("127.0.0.1", 0), functools.partial(SiteHandler, directory=str(args.site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, proxy=NOWHERE)
        rounds = [round_trip(browser, base, args.lang) for _ in range(args.repeat)]
        browser.close()
    server.shutdown()
    for key in rounds[0]:
        print(f"{key:12} {min(r[key] for r in rounds):7.2f} s  (rounds: "
              + ", ".join(f"{r[key]:.2f}" for r in rounds) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
