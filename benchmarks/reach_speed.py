"""Seconds to find every reachable trick split of a seeded random deal, by hand size.

    python benchmarks/reach_speed.py [--deals 20] [--sizes 3,4,5,6,7]

Each deal is dealt from a seeded shuffle of the whole pack (jokers included, hearts trumps),
with numeric bids, and searched once from the opening lead with ``backalley.reachable_splits``
(a fresh search each time: nothing is remembered between deals). Printed per hand size: the
median, the 90th percentile and the slowest deal. Random deals are the hard case: every player
holds every suit, so most lines of play stay open to the end.
"""
import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from backalley import PACK, Deal, reachable_splits  # noqa: E402


def timed_deals(size: int, count: int) -> list[float]:
    times = []
    for seed in range(count):
        rnd = random.Random(seed)
        pack = list(PACK)
        rnd.shuffle(pack)
        hands = {seat: pack[i * size:(i + 1) * size] for i, seat in enumerate("NESW")}
        bids = [rnd.randrange(1, size) if size > 1 else "board" for _ in range(4)]
        deal = Deal(hands, "H", "W", bids=bids)
        start = time.perf_counter()
        reachable_splits(deal)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--sizes", default="3,4,5,6,7")
    args = parser.parse_args()
    print(f"{args.deals} seeded random deals per hand size, one search each, on one core")
    for size in (int(s) for s in args.sizes.split(",")):
        times = sorted(timed_deals(size, args.deals))
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        print(f"{size} cards each: median {statistics.median(times):7.3f} s   90% {p90:7.3f} s   "
              f"slowest {times[-1]:7.3f} s")


if __name__ == "__main__":
    main()
