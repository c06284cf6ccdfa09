"""What the printable documents cost a build: an unchanged rebuild against the same build
without them, and a cold build that prints every PDF (the rules sheet and the score pad of each
language, with the other presets' documents as pages).

    python benchmarks/pdf_cost.py [--repeat 3]

Three kinds of full four-language build, each a new ``python -m mkdocs build`` process into a
fresh folder, alternating from one round to the next:

- ``off``: ``BACKALLEY_PDF=off``, the documents skipped;
- ``warm``: an unchanged rebuild, its PDFs' inputs unchanged since the cache printed them;
- ``cold``: an empty cache, every PDF printed.

Prints the best and the median of each and the ratio warm/off. Target (issue 14): under 1.15.
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from builds import timed_build

TARGET = 1.15


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    times: dict[str, list[float]] = {"off": [], "warm": [], "cold": []}
    with tempfile.TemporaryDirectory() as folder:
        warm_cache = Path(folder) / "warm-cache"
        timed_build(Path(folder) / "first", BACKALLEY_PDF_CACHE=str(warm_cache))  # fills the warm cache
        for round_ in range(args.repeat):
            kinds = ["off", "warm", "cold"] if round_ % 2 == 0 else ["cold", "warm", "off"]
            for kind in kinds:
                site = Path(folder) / f"{kind}-{round_}"
                if kind == "off":
                    times[kind].append(timed_build(site, BACKALLEY_PDF="off"))
                elif kind == "warm":
                    times[kind].append(timed_build(site, BACKALLEY_PDF_CACHE=str(warm_cache)))
                else:
                    times[kind].append(timed_build(site, BACKALLEY_PDF_CACHE=str(Path(folder) / f"cold-cache-{round_}")))
    for kind, found in times.items():
        print(f"{kind:5} build: best {min(found):6.2f} s, median {statistics.median(found):6.2f} s")
    ratio = statistics.median(times["warm"]) / statistics.median(times["off"])
    print(f"an unchanged rebuild takes {ratio:.3f} times the build without PDFs (target under {TARGET})")


if __name__ == "__main__":
    main()
