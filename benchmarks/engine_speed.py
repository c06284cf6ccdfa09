"""Matches per second: seeded random complete matches, played on one core.

    python benchmarks/engine_speed.py [--matches 200] [--repeat 5] [--variant standard]

Each round plays the same seeded matches (random legal bids and cards, through the public
``Match`` API) and is timed on its own; the best and the median round are printed, since a
shared machine slows some rounds down. Target (issue 2): at least 500 matches/s.
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from backalley import deal_sizes  # noqa: E402
from backalley.simulate import random_match  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--variant", default="standard")
    args = parser.parse_args()
    rates = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        matches = [random_match(args.variant, seed) for seed in range(args.matches)]
        rates.append(args.matches / (time.perf_counter() - start))
    plays = sum(4 * r.hand_size for m in matches for r in m.history if not r.thrown_in)
    deals = len(deal_sizes(args.variant))
    print(f"{args.variant}: {args.matches} matches of {deals} deals ({plays / args.matches:.0f} cards played "
          f"each), {args.repeat} rounds on one core")
    print(f"best   {max(rates):7.0f} matches/s  ({max(rates) * plays / args.matches:,.0f} cards/s)")
    print(f"median {statistics.median(rates):7.0f} matches/s")


if __name__ == "__main__":
    main()
