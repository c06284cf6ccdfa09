"""The practice table: the reader sits South, ``HeuristicPlayer`` plays the three other seats.

Stateless: a practice is its variant, its seed and South's moves (bids and cards) in order. Each
call deals from the seed, replays the moves, lets the computer players act until it is South's
turn (or the practice is over) and returns what South may see (``PracticeView``). Taking back a
move is calling again without it; a reload or a shared link calls again with the same seed.

>>> view = practice("short-14", 7, hand_size=3)
>>> view.hand_size, view.to_act, len(view.hand)
(3, 'S', 3)
>>> later = practice("short-14", 7, [view.legal_bids[0]], hand_size=3)
>>> [bid for seat, bid in later.bids][0] == view.legal_bids[0]
True
>>> practice("short-14", 7, ["AS"], hand_size=3)
Traceback (most recent call last):
...
backalley.errors.IllegalPlay: South cannot play: the bidding is not finished (rule 2.1)
"""
from __future__ import annotations

import secrets
from collections.abc import Iterable
from typing import NamedTuple

from .bidding import bids_data, overbids
from .cards import Card
from .deal import Trick, plays_data
from .errors import InvalidArgument, whole
from .estimate import estimate, thumb_count
from .hints import BidLike, CardLike, VariantLike
from .match import Match
from .play import check_play
from .scoring import SideScore, rainbow_hands, score_reasons
from .simulate import answer
from .strategy import HeuristicPlayer
from .table import MAX_HAND_SIZE, SEATS, check_hand_size, left_of, seat_index
from .variants import deal_sizes, resolve_variant

SOUTH = "S"
DEALER = "E"
"""The first dealer: East, so that South, on the dealer's left, bids first."""
SINGLE_SIZE = 7
"""The cards each of a single deal when none is chosen: a modest deal to learn on."""
HINT_WORK = 600
"""Cards each times samples for the hint's estimate: fewer samples for larger hands, so that the
hint takes about the same time whatever the hand size (see ``hint_samples``)."""
_PLAYER = HeuristicPlayer()


def hint_samples(hand_size: int) -> int:
    """How many deals the hint's estimate plays for a hand of ``hand_size`` cards.

    >>> hint_samples(13), hint_samples(1)
    (46, 600)
    """
    return HINT_WORK // hand_size


class PracticeView(NamedTuple):
    """What South may see at the practice table, with the choices and the results the page shows."""

    variant: str
    """The rules as the reader chose them (a single deal is played under them)."""
    seed: int
    match: bool
    deal_number: int
    """The deal in progress counted from 1 (a thrown-in deal counts: it was dealt)."""
    scheduled: int
    """The deals played so far (thrown-in deals do not count, rule 2.15), out of ``deals``."""
    deals: int
    hand_size: int
    dealer: str
    """Who deals the deal in progress (once the practice is over, who dealt its last deal)."""
    first_bidder: str
    """Who bids first in that deal: the dealer's left."""
    trump: str | None
    turned: tuple
    phase: str
    to_act: str | None
    hand: tuple
    """South's cards, each ``(card, reason)``: ``reason`` ``None`` for a card South may play now."""
    legal_bids: tuple
    bids: tuple
    contracts: dict
    overbids: tuple
    trick: tuple
    leader: str | None
    """Who led the trick in progress (who is to lead, before its first card)."""
    tricks_won: dict
    trumps_broken: bool
    constraint: str | None
    """The rule id that shapes the legal cards of the player to act (``Deal.constraint``)."""
    last_trick: Trick | None
    """The last trick finished, until the next trick's first card (rule 5.8); else ``None``."""
    computer: tuple
    """The computer players' moves since South's last move, ``(deal number, seat, bid or card)``."""
    deals_done: tuple
    """Every deal finished, in order: its record, its ``number`` in the schedule (a deal thrown in
    and its redeal share one, rule 2.15), and each side's score with its case and rule
    (``reasons``) and the numbers that make it (``sums``, see ``score_sum``)."""
    totals: dict
    finished: bool
    winner: str | None
    tiebreak: dict | None
    hint: dict | None

    def to_data(self) -> dict:
        """The view as JSON-ready data: cards as text, bids as ``{"seat", "bid"}``, cards played as
        ``{"seat", "card"}``, South's hand as ``{"card", "playable", "reason"}``."""
        last = self.last_trick
        return {**self._asdict(), "turned": [str(card) for card in self.turned],
                "hand": [{"card": str(card), "playable": reason is None and self.to_act == SOUTH
                          and self.phase == "play", "reason": reason} for card, reason in self.hand],
                "legal_bids": list(self.legal_bids), "bids": bids_data(self.bids),
                "contracts": {side: c.to_data() for side, c in self.contracts.items()},
                "overbids": [{"who": who, "total": total} for who, total in self.overbids],
                "trick": plays_data(self.trick), "last_trick": None if last is None else last.to_data(),
                "computer": [{"deal": deal, "seat": seat, ("card" if isinstance(value, Card) else "bid"): value}
                             for deal, seat, value in self.computer],
                "deals_done": list(self.deals_done)}


def practice(variant: VariantLike = "short-14", seed: int | str | None = None, moves: Iterable[BidLike | CardLike] = (),
             *, hand_size: int | str | None = None,
             match: bool = False, hint: bool = False, seen: int | None = None) -> PracticeView:
    """The practice table after South's ``moves`` (see the module).

    ``variant`` gives the rules; with ``match`` the whole schedule is played, else one deal of
    ``hand_size`` cards (``SINGLE_SIZE`` when not given). ``seed`` deals the cards (a
    whole number; ``None`` for a new random one, given back in the view). ``seen``, when given, is
    how many of the computer players' moves the reader had seen before the last move: the move is
    then judged at that point (a card tapped while West is to play is refused as out of turn).
    ``hint`` adds the engine's estimate of South's hand while South is to bid, beside the rule of
    thumb's count. A move the rules refuse raises the engine's ``IllegalBid`` or ``IllegalPlay``.
    """
    size = _digits(hand_size)
    if size is not None:
        check_hand_size(size, given=hand_size)
    rules = _rules(variant, size, match)
    seed = secrets.randbelow(10 ** 9) if seed is None else _digits(seed)
    if type(seed) is not int or seed < 0:
        raise InvalidArgument(f"a practice's seed is a whole number from 0, got {seed!r}", key="practice-seed",
                              given=repr(seed))
    if isinstance(moves, (str, bytes, dict)) or not hasattr(moves, "__iter__"):
        raise InvalidArgument(f"moves are a list of bids and cards, got {moves!r}", key="practice-moves",
                              given=repr(moves))
    moves = list(moves)
    if seen is not None:
        whole(seen, "seen", 0)
    table = Match(rules, DEALER, seed)
    computer: list = []
    for number, move in enumerate(moves, 1):
        computer = _computer(table, seen if number == len(moves) else None)
        table.act(SOUTH, move)
        computer = []
    computer = _computer(table, None)
    return _view(table, resolve_variant(variant).name, match, computer, hint)


def _digits(value):
    """``value``, or the whole number its digits give when it is text (as a link gives it)."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 18:
        return int(value)
    return value


def _rules(variant, hand_size, match: bool):
    """The variant, or for a single deal the variant with that one deal (``SINGLE_SIZE`` cards
    when no size is given) as its schedule (drawn games: a single deal has no tie-break)."""
    v = resolve_variant(variant)
    if match:
        if hand_size is not None:
            raise InvalidArgument("a match follows its schedule: give a hand size only for a single deal",
                                  key="practice-size-match")
        return v
    return v.replace(schedule=(hand_size or SINGLE_SIZE,), max_hand_size=MAX_HAND_SIZE, start_high=True,
                     turn_dealt_twice=True, tie="draw")


def _computer(table: Match, limit: int | None) -> list:
    """Let the computer players act until South is to act or the match is over (at most ``limit``
    moves); their moves as ``(deal number, seat, bid or card)``."""
    made: list[tuple[int, str | None, BidLike | Card]] = []
    while not table.finished and table.to_act != SOUTH and (limit is None or len(made) < limit):
        seat = table.to_act
        seen = table.view(seat)
        value = answer(_PLAYER, seen)
        made.append((len(table.history) + 1, seat, value))
        table.act(seat, value)
    return made


def _view(table: Match, name: str, match: bool, computer: list, hint: bool) -> PracticeView:
    v = table.variant
    playing = table.phase == "play" and not table.finished
    south_plays = playing and table.to_act == SOUTH
    hand = table.view(SOUTH).hand
    trick = table.trick
    bid_board = any(seat == SOUTH and bid == "board" for seat, bid in table.bids)
    reasons = [(card, check_play(card, hand, [c for _, c in trick], table.trump, trump_played=table.trumps_broken,
                                 bid_board=bid_board, variant=v) if south_plays else None) for card in hand]
    leader = trick[0][0] if trick else (table.to_act if playing else None)
    dealer = table.history[-1].dealer if table.finished else table.dealer
    asked = hint and table.phase == "bid" and table.to_act == SOUTH and not table.finished
    return PracticeView(
        name, table.seed, match, len(table.history) + 1, table.deals_played, len(deal_sizes(v)),
        table.hand_size, dealer, SEATS[left_of(seat_index(dealer))], table.trump, tuple(table.turned), "over" if table.finished else table.phase,
        table.to_act, tuple(reasons), tuple(table.legal_bids()) if table.to_act == SOUTH else (), tuple(table.bids),
        table.contracts, tuple(overbids(table.hand_size, table.bids)), tuple(trick), leader,
        table.tricks_won, table.trumps_broken, table.constraint if playing else None,
        None if trick else table.last_trick, tuple(computer), _deals_done(table.history, v),
        dict(table.totals), table.finished, table.winner, table.tiebreak,
        _hint(hand, table.trump, v) if asked else None,
    )


def _deals_done(history, v) -> tuple:
    """Each finished deal as data: its record (bids, every trick, the hands dealt), its number in
    the schedule (thrown-in deals do not move it on, rule 2.15), and each side's score with its
    case and rule (``score_reasons``, the scorekeeper's and calculator's) and its sum."""
    found, number = [], 1
    for record in history:
        h = record.hand_size
        rainbows = rainbow_hands(record.hands, record.trump) if v.rainbow_bonus and h == 4 else ()
        reasons = score_reasons(h, record.bids, None if record.thrown_in else record.tricks_won, v, rainbows=rainbows)
        found.append({**record.to_data(), "number": number,
                      "reasons": {side: one._asdict() for side, one in reasons.items()},
                      "sums": {side: score_sum(one, h, v) for side, one in reasons.items()}})
        number += not record.thrown_in
    return tuple(found)


def score_sum(found: SideScore, hand_size: int, variant: VariantLike = "standard") -> list | None:
    """A side's score (``score_reasons``) as the numbers that make it, operators between them and
    the score after ``=``; ``None`` where there is nothing to work out (a pass, a deal thrown in).

    >>> made = score_reasons(5, [("N", 2), ("E", "pass"), ("S", 1), ("W", "pass")], {"NS": 4, "EW": 1})
    >>> score_sum(made["NS"], 5), score_sum(made["EW"], 5)
    ([5, '×', 3, '+', 1, '=', 16], None)
    >>> board = score_reasons(5, [("N", "board"), ("E", "pass"), ("S", "pass"), ("W", "pass")], {"NS": 4, "EW": 1})
    >>> score_sum(board["NS"], 5)
    [-10, '×', 5, '×', 1, '=', -50]
    """
    v = resolve_variant(variant)
    lost = found.case in ("set", "board-lost", "revoke")
    if found.multiplier is not None:
        terms = [-v.board_points if lost else v.board_points, "×", hand_size, "×", found.multiplier]
    elif found.case == "made":
        terms = [v.points_per_bid_trick, "×", found.target, "+", found.tricks - found.target]
    elif lost:
        terms = [-v.points_per_bid_trick, "×", found.target]
    else:
        terms = [found.score - found.bonus]
    if found.bonus:
        terms += ["+", found.bonus]
    return None if len(terms) == 1 else terms + ["=", found.score]


def _hint(hand, trump, v) -> dict | None:
    """The engine's estimate of South's hand and the rule of thumb's count (no estimate without
    trumps: the rule of thumb's values are for a trump suit)."""
    if trump is None:
        return None
    found = estimate(hand, trump, samples=hint_samples(len(hand)), variant=v)
    low, high = found.interval
    return {"expected": round(found.expected_tricks, 1), "low": round(low, 1), "high": round(high, 1),
            "samples": found.samples, "p_all": round(found.p_all, 2), "thumb": thumb_count(hand, trump)}

