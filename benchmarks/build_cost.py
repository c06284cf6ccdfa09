"""What the engine hook costs the build: the full four-language build with it and without it.

    python benchmarks/build_cost.py [--repeat 3]

Each round runs ``python -m mkdocs build`` twice into a fresh temporary folder: once as usual
(``BACKALLEY_HOOK=on``: every page rendered from the engine and the worked examples) and once
with ``BACKALLEY_HOOK=off`` (hooks/engine_hook.py leaves each page its raw template). Each build
is a new process, so both times include starting Python and loading MkDocs, the theme, the
plugins and every other hook (per-language search, the rules-sheet PDFs): the whole build as
``./dev build`` runs it. The two orders alternate from one round to the next.

Both builds run with ``--no-strict``. mkdocs.yml asks for strict builds, and a raw template
fails one: its links to anchors that only rendered text defines (the FAQ's questions, for
example) draw warnings. Nothing else differs between the two builds, and nothing here reads
what they write.

Prints the best and the median time of each build and the hook's share of the build,
(with - without) / with, from the medians. Target (issue 4): under 15 %. On a busy machine
the two medians can differ by less than their noise, so a last build also sums the time spent
inside the hook's ``render`` calls, which the clock of other processes does not blur.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from builds import ROOT, timed_build

TARGET = 0.15

TIMED_BUILD = """
import sys, time
import backalley_site.render as renderer
from mkdocs.__main__ import cli
inner, spent = renderer.render, [0.0]
def render(*args, **kwargs):
    start = time.perf_counter()
    try:
        return inner(*args, **kwargs)
    finally:
        spent[0] += time.perf_counter() - start
renderer.render = render  # before MkDocs loads hooks/engine_hook.py, which imports it
start = time.perf_counter()
try:
    cli(["build", "--no-strict", "--quiet", "--site-dir", sys.argv[1]])
except SystemExit as exit:
    if exit.code:
        raise
print(spent[0], time.perf_counter() - start)
"""


def time_inside_the_hook(site: Path) -> tuple[float, float]:
    """(seconds inside render, seconds of the whole build) for one build with the hook."""
    env = {**os.environ, "BACKALLEY_HOOK": "on", "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [sys.executable, "-c", TIMED_BUILD, str(site)], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if done.returncode:
        sys.exit(f"build_cost: the timed build failed:\n{done.stderr[-3000:]}")
    inside, whole = map(float, done.stdout.split()[-2:])
    return inside, whole


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="rounds of one build each way (default 3)")
    args = parser.parse_args()
    times: dict[str, list[float]] = {"on": [], "off": []}
    with tempfile.TemporaryDirectory(prefix="build-cost-") as scratch:
        timed_build(Path(scratch) / "warm-up", strict=False, BACKALLEY_HOOK="on")  # fill the file cache and Python's bytecode cache
        for round_ in range(args.repeat):
            for hook in ("on", "off") if round_ % 2 == 0 else ("off", "on"):
                times[hook].append(timed_build(Path(scratch) / f"site-{round_}-{hook}", strict=False, BACKALLEY_HOOK=hook))
                print(f"round {round_ + 1}: hook {hook:<3} {times[hook][-1]:6.2f} s", flush=True)
        inside, whole = time_inside_the_hook(Path(scratch) / "site-timed")
    on, off = statistics.median(times["on"]), statistics.median(times["off"])
    share = (on - off) / on
    print(f"with the engine hook:    best {min(times['on']):6.2f} s, median {on:6.2f} s")
    print(f"without the engine hook: best {min(times['off']):6.2f} s, median {off:6.2f} s")
    print(f"the hook costs {on - off:+.2f} s, {share:.1%} of the build "
          f"(ratio with/without {on / off:.3f}; target under {TARGET:.0%})")
    print(f"inside the hook's render calls: {inside:.2f} s of a {whole:.2f} s build, {inside / whole:.1%}")


if __name__ == "__main__":
    main()
