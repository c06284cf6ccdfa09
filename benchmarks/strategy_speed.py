"""Deals per second for random and heuristic players, and estimate() samples per second.

    python benchmarks/strategy_speed.py [--matches 40] [--samples 400] [--repeat 3]

Whole seeded standard matches (26 deals from 13 cards down to 1 and back) are played on one core,
four random players, then four heuristic players (through ``Match.view``); then ``estimate`` plays
out a 13-card and a 5-card hand. Each round is timed on its own and the best is printed, since a
shared machine slows some rounds down.
"""
import argparse
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from backalley.card_values import card_values  # noqa: E402
from backalley.estimate import estimate  # noqa: E402
from backalley.simulate import play_match, random_match  # noqa: E402
from backalley.strategy import HeuristicPlayer  # noqa: E402


def best(repeat: int, work) -> float:
    """The shortest of ``repeat`` timed runs of ``work``, in seconds."""
    return min(timeit.repeat(work, number=1, repeat=repeat))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--samples", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    deals = 26 * args.matches
    seconds = best(args.repeat, lambda: [random_match("standard", s) for s in range(args.matches)])
    print(f"random players     {deals / seconds:8.0f} deals/s  (whole standard matches)")
    heuristic = HeuristicPlayer()
    seconds = best(args.repeat, lambda: [play_match(heuristic, heuristic, "standard", s) for s in range(args.matches)])
    print(f"heuristic players  {deals / seconds:8.0f} deals/s  (whole standard matches)")
    seconds = best(args.repeat, lambda: card_values(deals, seed=1))
    print(f"card_values        {deals / seconds:8.0f} deals/s  (single deals, 1 to 13 cards)")
    for hand in ("BIG AH KH 9H 2H AS QS 7S KD 8D 3D 6C 2C", "BIG AH KS 5D 7C"):
        seconds = best(args.repeat, lambda hand=hand: estimate(hand, "H", samples=args.samples))
        print(f"estimate, {len(hand.split()):2} cards {args.samples / seconds:8.0f} samples/s")


if __name__ == "__main__":
    main()
