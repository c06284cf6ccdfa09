"""Random legal play of whole matches: for statistics, property tests and the benchmark.

>>> m = random_match("short-14", seed=3)
>>> m.finished, m.deals_played
(True, 14)
"""
from __future__ import annotations

import random
from collections import Counter

from .match import Match

EVENTS = {
    "follow-suit": "a player had to follow the suit led",
    "trump-lead": "a leader was barred from leading a trump",
    "trump-led-after-break": "a trump was led after trumps were broken",
    "board-bidder-lead": "a board bidder led a trump before trumps were broken",
    "all-trump-lead": "a hand of nothing but trumps led a trump before trumps were broken",
    "no-legal-lead": "an all-trump hand had no legal lead (strict reading): the match stopped",
    "big-lead": "BIG was led and a player had to give their highest trump",
    "little-lead": "LITTLE was led and a player had to give their lowest trump",
    "throw-in": "all four passed and the deal was thrown in",
    "no-trump-deal": "a joker was turned and the deal had no trumps",
    "tiebreak-deal": "equal totals: an extra deal decided the match",
    "draw": "the match ended in a draw",
}
"""What ``random_match`` counts, in plain words."""


def random_match(variant="standard", seed: int = 0, counts: Counter | None = None) -> Match:
    """Play one seeded match with uniformly random legal bids and cards.

    The deal shuffles and the players' choices use separate seeded generators, so a seed
    always replays the same match. When ``counts`` is given, the rule events of ``EVENTS``
    are added to it. A strict-reading stalemate stops the match (``match.stalemate``).
    """
    m = Match(variant=variant, seed=seed)
    rnd = random.Random(f"players-{seed}").random
    while not m.finished:
        if m.phase == "bid":
            bids = m.legal_bids()
            m.bid(m.to_act, bids[int(rnd() * len(bids))])
            continue
        legal = m.legal_plays()
        if not legal:
            if counts is not None:
                counts["no-legal-lead"] += 1
            break
        card = legal[int(rnd() * len(legal))]
        if counts is not None:
            _count_play(m, card, counts)
        m.play(m.to_act, card)
    if counts is not None:
        _count_match(m, counts)
    return m


def _count_play(m: Match, card, counts: Counter) -> None:
    """Count the rule event, if any, of playing ``card`` now."""
    rule = m.constraint
    trump_led = not m.trick and (card.is_joker or card.suit == m.trump)
    if rule in ("follow-suit", "trump-lead", "big-lead", "little-lead", "all-trump-lead"):
        counts[rule] += 1
    elif rule == "board-bidder-lead" and trump_led:
        counts[rule] += 1
    elif trump_led and m.trumps_broken:
        counts["trump-led-after-break"] += 1


def _count_match(m: Match, counts: Counter) -> None:
    for record in m.history:
        counts["throw-in"] += record.thrown_in
        counts["no-trump-deal"] += record.trump is None and not record.thrown_in
    counts["tiebreak-deal"] += m.tiebreak is not None
    counts["draw"] += m.finished and m.winner is None
