"""The practice table's speed in the browser: the engine call after a reader's card until the next
prompt (South's view after the computer players' moves), and from the start of the bidding to the
hint (the same view with the estimate), median and 95th percentile, with CPython's beside them.

The page adds its announcement delay (practice.js's DELAY per computer move, none under reduced
motion) on top of the card's figure. Run after ./dev build: ``.venv/bin/python benchmarks/practice_speed.py``.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from browser_engine import START, context, serve  # noqa: E402
from browsing import CHROMIUM, CHROMIUM_ARGS, NOWHERE  # noqa: E402
from test_practice import play_out  # noqa: E402

from backalley import practice  # noqa: E402

TIMED = """async ([variant, seed, moves, size, hint]) => {
    const { keywords } = await import("/assets/engine/engine.js");
    const begun = performance.now();
    await window.engine.call("practice", variant, seed, moves, keywords({ hand_size: size, hint }));
    return (performance.now() - begun) / 1000;
}"""


def summary(name: str, seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"{name}: median {statistics.median(ordered) * 1000:.0f} ms, 95th percentile {p95 * 1000:.0f} ms ({len(ordered)} calls)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--deals", type=int, default=4)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    cases = []  # (variant, seed, moves, size): every prompt of a few whole deals of 7 and 13 cards
    for seed in range(args.deals):
        for size in (7, 13):
            moves, _ = play_out("standard", seed, hand_size=size)
            cases += [("standard", seed, moves[:i], size) for i in range(1, len(moves) + 1)]
    starts = [("standard", seed, [], size) for seed in range(args.deals * 3) for size in (7, 13)]
    native_move = [_native(*case, False) for case in cases]
    native_hint = [_native(*case, True) for case in starts]
    server, base = serve(args.site)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, proxy=NOWHERE)
        ctx, page = context(browser, base)
        page.evaluate(START)
        moves = [page.evaluate(TIMED, [*case, False]) for case in cases]
        hints = [page.evaluate(TIMED, [*case, True]) for case in starts]
        ctx.close()
        browser.close()
    server.shutdown()
    print(summary("card -> next prompt, browser", moves))
    print(summary("card -> next prompt, CPython", native_move))
    print(summary("start of bidding -> hint, browser", hints))
    print(summary("start of bidding -> hint, CPython", native_hint))


def _native(variant, seed, moves, size, hint) -> float:
    begun = time.perf_counter()
    practice(variant, seed, moves, hand_size=size, hint=hint)
    return time.perf_counter() - begun


if __name__ == "__main__":
    main()
