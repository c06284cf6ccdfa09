"""Seeded play of whole matches and single deals, by random legal players or by computer players
(``backalley.strategy``): for statistics, property tests, benchmarks and comparing players.

>>> m = random_match("short-14", seed=3)
>>> m.finished, m.deals_played
(True, 14)
>>> compare("heuristic", "random", matches=2, variant="short-14").score
1.0
"""
from __future__ import annotations

import math
import random
from collections import Counter
from typing import NamedTuple

from .cards import Card
from .deal import Deal
from .hints import BidLike, VariantLike
from .match import Match, SeatView, deal_view
from .strategy import Player, player
from .table import SEATS, left_of, seat_index

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
        choices = m.legal_bids() or m.legal_plays()
        if not choices:
            if counts is not None:
                counts["no-legal-lead"] += 1
            break
        choice = choices[int(rnd() * len(choices))]
        if counts is not None and m.phase == "play":
            _count_play(m, choice, counts)
        m.act(m.to_act, choice)
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


def play_match(ns: Player, ew: Player, variant: VariantLike = "standard", seed: int = 0) -> Match:
    """Play one seeded match: ``ns`` bids and plays for North and South, ``ew`` for East and West,
    each from the view of the seat to act. A strict-reading stalemate stops the match."""
    m = Match(variant=variant, seed=seed)
    players = (ns, ew, ns, ew)
    while not m.finished and m.to_act is not None:
        seat = m.to_act
        view = m.view(seat)
        if not (view.legal_bids or view.legal_plays):
            break
        m.act(seat, answer(players[seat_index(seat)], view))
    return m


def answer(player: Player, view: SeatView) -> BidLike | Card:
    """``player``'s bid or card, as ``view``'s phase calls for: what ``act`` takes."""
    return player.bid(view) if view.phase == "bid" else player.play(view)


def play_deal(hands: dict, trump: str | None, dealer: str, players: tuple, variant: VariantLike = "standard",
              turned: tuple = ()) -> Deal:
    """Bid and play one deal from given hands, ``players[i]`` acting for seat ``SEATS[i]`` from its
    view (``turned``: the cards face up). A deal all four pass is played all the same, with no
    bids, led by the player left of the dealer (as the tie-break deal is): it measures what the
    hands can take. A strict-reading stalemate stops the deal."""
    deal = Deal(hands, trump, dealer, variant=variant)
    while deal.to_act is not None:
        seat = deal.to_act
        view = deal_view(deal, seat, turned)
        if not (view.legal_bids or view.legal_plays):
            break
        deal.act(seat, answer(players[seat_index(seat)], view))
        if deal.thrown_in:
            deal = Deal(hands, trump, dealer, variant=variant, leader=SEATS[left_of(seat_index(dealer))])
    return deal


class Comparison(NamedTuple):
    """Two players compared over seat-swapped pairs of matches (``compare``)."""

    first: str
    second: str
    pairs: int
    results: dict
    """Matches won by ``first``, won by ``second``, drawn, and stopped (strict stalemate)."""
    score: float
    """``first``'s share of the points: a win 1, a draw or a stopped match 1/2."""
    interval: tuple
    """The 95 % interval of ``score``: Wilson's, with each pair's mean score as one trial (a value
    between 0 and 1 varies no more than a win or a loss, so the interval errs on the wide side)."""
    mean_totals: dict
    """Each player's mean total per match."""

    def to_data(self) -> dict:
        """The comparison as JSON-ready data, the interval as a list."""
        return {**self._asdict(), "interval": list(self.interval)}


def compare(first: str, second: str, matches: int = 100, seed: int = 0,
            variant: VariantLike = "standard") -> Comparison:
    """Play each seed from ``seed`` to ``seed + matches - 1`` twice, ``first`` as North-South then
    as East-West, so that each side gets the same cards once: the deal's luck cancels. Players
    are named as ``backalley.strategy.player`` reads them; random players are seeded from the
    match's seed and side."""
    results = Counter({first: 0, second: 0, "draw": 0, "stopped": 0})
    totals = {first: 0, second: 0}
    score = 0.0
    for s in range(seed, seed + matches):
        pair = 0.0
        for a, b in ((first, second), (second, first)):
            m = play_match(player(a, f"{a}-{s}-NS"), player(b, f"{b}-{s}-EW"), variant, s)
            names = {"NS": a, "EW": b}
            totals[a] += m.totals["NS"]
            totals[b] += m.totals["EW"]
            if m.winner is not None:
                results[names[m.winner]] += 1
                pair += names[m.winner] == first
            else:
                results["stopped" if m.stalemate else "draw"] += 1
                pair += 0.5
        score += pair / 2
    return Comparison(first, second, matches, dict(results), score / matches, wilson(score / matches, matches),
                      {name: total / (2 * matches) for name, total in totals.items()})


CONFIDENCE = 0.95
"""The confidence level of every interval here (and of the figures the site shows)."""

Z = 1.96
"""The normal quantile for ``CONFIDENCE``: an interval spans ``Z`` standard errors each side."""


def wilson(share: float, n: int) -> tuple[float, float]:
    """Wilson's interval at ``CONFIDENCE`` for a share observed over ``n`` trials."""
    z2 = Z ** 2
    centre = (share + z2 / (2 * n)) / (1 + z2 / n)
    half = Z / (1 + z2 / n) * math.sqrt(share * (1 - share) / n + z2 / (4 * n * n))
    return max(centre - half, 0.0), min(centre + half, 1.0)


def interval(total: float, squares: float, n: int) -> tuple[float, float, float]:
    """The mean of ``n`` values from their sum and their sum of squares, with its interval at
    ``CONFIDENCE`` (mean ± ``Z`` standard errors; ``n`` of 1 gives no width)."""
    mean = total / n
    variance = max(squares - n * mean * mean, 0.0) / (n - 1) if n > 1 else 0.0
    half = Z * math.sqrt(variance / n)
    return mean, mean - half, mean + half
