"""The engine in the browser: the runtime's start (cold and cached) and its speed against native.

    ./dev build && .venv/bin/python benchmarks/browser_engine.py [--site site] [--starts 3]
        [--matches 20] [--calls 300] [--repeat 3]

The built site is served on 127.0.0.1 as the tests serve it, to Debian's Chromium (Playwright).
- start: ``start()`` of ``assets/engine/engine.js`` from a blank page of the site, until the
  engine answers its first call; cold in a new browser context (empty cache), cached on a
  reload of the same context (the files revalidated, the compiled WebAssembly in the cache);
- speed: seeded random whole matches (``backalley.simulate.random_match``) played in Python under
  the same Pyodide in a module worker, and here in CPython, in the same run: matches per second
  and the ratio;
- a call: ``engine.call("score_deal", …)`` through the bridge (JSON, the worker's message
  round trip) against ``backalley.web.handle`` of the same request here: calls per second.
Each is timed ``--repeat`` times and the best is printed, since a shared machine slows some
rounds down.
"""
import argparse
import functools
import json
import sys
import threading
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))

from browsing import CHROMIUM, CHROMIUM_ARGS, NOWHERE, SiteHandler, SiteServer  # noqa: E402

from backalley.simulate import random_match  # noqa: E402
from backalley.web import handle  # noqa: E402

BLANK = "<!doctype html><html lang=en><title>benchmark</title><body></body></html>"
FIRST_EXAMPLE = [5, [["N", 2], ["E", "pass"], ["S", 1], ["W", "pass"]], {"NS": 4, "EW": 1}]
# A worker of the benchmark's own (made in the page from this text, SITE its address): the same
# runtime and package as worker.mjs, timing random matches inside Python.
MATCH_WORKER = """
const SITE = self.name;
const { loadPyodide } = await import(SITE + "/assets/engine/pyodide/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: SITE + "/assets/engine/pyodide/" });
const zip = await (await fetch(SITE + "/assets/engine/backalley.zip")).arrayBuffer();
pyodide.unpackArchive(zip, "zip", { extractDir: "/engine" });
pyodide.runPython("import sys; sys.path.insert(0, '/engine')");
const timed = pyodide.runPython(`
import time
from backalley.simulate import random_match
def timed(matches):
    start = time.perf_counter()
    for seed in range(matches):
        random_match("standard", seed)
    return time.perf_counter() - start
timed`);
self.onmessage = ({ data }) => self.postMessage(timed(data));
self.postMessage("ready");
"""



def serve(site: Path) -> tuple[SiteServer, str]:
    server = SiteServer(("127.0.0.1", 0), functools.partial(SiteHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}"


def context(browser, base: str):
    """A new browser context whose page is on the benchmark's blank page of the site."""
    ctx = browser.new_context(service_workers="block")
    ctx.route(base + "/bench/", lambda route: route.fulfill(status=200, content_type="text/html", body=BLANK))
    page = ctx.new_page()
    page.goto(base + "/bench/")
    return ctx, page


START = """async () => {
    const begun = performance.now();
    const { start } = await import("/assets/engine/engine.js");
    const at = {};
    const engine = await start({ lang: "en", onProgress: ({ stage }) => { at[stage] = performance.now(); } });
    await engine.call("score_deal", 5, [["N", 2], ["E", "pass"], ["S", 1], ["W", "pass"]], { NS: 4, EW: 1 });
    window.engine = engine;
    const seconds = (from, to) => (to - from) / 1000;
    return [seconds(begun, performance.now()), seconds(at.runtime, at.started), seconds(at.started, at.engine)];
}"""

CALLS = """async ([calls, args]) => {
    const begun = performance.now();
    for (let i = 0; i < calls; i++) await window.engine.call("score_deal", ...args);
    return (performance.now() - begun) / 1000;
}"""

MATCHES = """async ([source, matches, repeat]) => {
    const script = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    const worker = new Worker(script, { type: "module", name: location.origin });
    await new Promise((ready, failed) => { worker.onmessage = ready; worker.onerror = failed; });
    const times = [];
    for (let round = 0; round < repeat; round++) {
        worker.postMessage(matches);
        times.push(await new Promise((done) => { worker.onmessage = ({ data }) => done(data); }));
    }
    worker.terminate();
    return Math.min(...times);
}"""


def best(repeat: int, work) -> float:
    """The shortest of ``repeat`` timed runs of ``work``, in seconds."""
    return min(timeit.repeat(work, number=1, repeat=repeat))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--starts", type=int, default=3)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if not (args.site / "assets" / "engine" / "engine.js").is_file():
        sys.exit(f"no built site with the engine at {args.site}: run ./dev build first")
    from playwright.sync_api import sync_playwright

    server, base = serve(args.site)
    request = json.dumps({"call": "score_deal", "args": FIRST_EXAMPLE})
    native_call = best(args.repeat, lambda: [handle(request) for _ in range(args.calls)])
    native_matches = best(args.repeat, lambda: [random_match("standard", seed) for seed in range(args.matches)])
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, proxy=NOWHERE)
        cold, cached = [], []
        for _ in range(args.starts):
            ctx, page = context(browser, base)
            cold.append(page.evaluate(START))
            page.reload()
            cached.append(page.evaluate(START))
            ctx.close()
        ctx, page = context(browser, base)
        page.evaluate(START)
        browser_call = min(page.evaluate(CALLS, [args.calls, FIRST_EXAMPLE]) for _ in range(args.repeat))
        browser_matches = page.evaluate(MATCHES, [MATCH_WORKER, args.matches, args.repeat])
        ctx.close()
        browser.close()
    server.shutdown()
    for name, starts in (("cold", cold), ("cached", cached)):
        fastest = min(starts)
        print(f"start to first answer, {name:6}: best of {args.starts} {fastest[0]:.2f} s (worst "
              f"{max(starts)[0]:.2f}); runtime fetched and started {fastest[1]:.2f} s, engine loaded {fastest[2]:.2f} s")
    print(f"random whole matches: browser {args.matches / browser_matches:6.0f}/s, native "
          f"{args.matches / native_matches:6.0f}/s, ratio {native_matches / browser_matches:.2f}")
    print(f"score_deal calls:     browser {args.calls / browser_call:6.0f}/s, native "
          f"{args.calls / native_call:6.0f}/s (web.handle), ratio {native_call / browser_call:.2f}")


if __name__ == "__main__":
    main()
