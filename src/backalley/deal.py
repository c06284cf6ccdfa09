"""One deal as a state machine: bids in turn, then tricks, then the score.

>>> deal = Deal({"N": ["AS"], "E": ["KS"], "S": ["2H"], "W": ["3H"]}, trump="H", dealer="W",
...             bids=["board", "pass", "pass", "pass"])
>>> deal.to_act, deal.legal_plays()
('N', [AS])
>>> for card in ["AS", "KS", "2H", "3H"]:
...     deal.play(deal.to_act, card)
>>> deal.tricks[-1].winner, deal.score()
('W', {'NS': -10, 'EW': 1})
>>> deal.tricks[-1].to_data()["cards"][0]
{'seat': 'N', 'card': 'AS'}
"""
from __future__ import annotations

from typing import NamedTuple

from .bidding import (
    BIDS,
    _contracts,
    _opening_leader,
    board_multipliers,
    check_bid,
    normalize_bid,
    overbid_warnings,
    side_contracts,
)
from .cards import EFFECTIVE_SUIT, SUITS, TRUMP, Card, parse_card, parse_cards, parse_trump
from .errors import IllegalBid, IllegalPlay, InvalidDeal
from .hints import BidLike
from .play import _allowed, _by_suit, _illegal, _winning_index, check_jokers
from .scoring import contract_score, rainbow_bonus, rainbow_hands
from .table import MAX_HAND_SIZE, SEAT_NAMES, SEATS, SeatIndex, SuitIndex, is_hand_size, left_of, seat_index
from .variants import resolve_variant

_SEAT = {seat: i for i, seat in enumerate(SEATS)}


class Trick(NamedTuple):
    """A finished trick: who led, the cards as ``(seat, card)`` in play order, who won."""

    leader: str
    cards: tuple
    winner: str

    def to_data(self) -> dict:
        """The trick as JSON-ready data: ``{"leader", "cards": [{"seat", "card"}, …], "winner"}``."""
        return {"leader": self.leader, "cards": plays_data(self.cards), "winner": self.winner}


def plays_data(pairs) -> list[dict]:
    """``(seat, card)`` pairs as JSON-ready data: ``[{"seat": "N", "card": "AS"}, …]``."""
    return [{"seat": seat, "card": str(card)} for seat, card in pairs]


class Deal:
    """One deal from given hands, trump and dealer.

    ``bids`` (optional) are played in turn from the seat left of the dealer. With ``leader``
    the deal has no bidding and play starts at once (the tie-break deal, or a study position).
    """

    # Slots, not a __dict__: a deal's state is read at every card, and CPython's fast path for
    # instance attributes gives up on classes with many (a Match had 31, and played 10% slower).
    __slots__ = ("variant", "hand_size", "phase", "to_act", "_trump", "_dealer", "_hands", "_suit_of", "_groups",
                 "_bid_choices", "_max_bid", "_bids", "_board_bidder", "_trick", "_done", "_played", "_won",
                 "_trump_played",
                 "_legal", "_to_act", "_leader")
    _over = "the deal is over"
    _trump: SuitIndex | None
    _dealer: SeatIndex
    _to_act: SeatIndex
    _leader: SeatIndex
    """The opening leader (``leader``)."""
    _done: list[SeatIndex]

    def __init__(self, hands, trump, dealer, *, variant="standard", bids=(), leader=None):
        self.variant = resolve_variant(variant)
        self._trump = parse_trump(trump)
        self._dealer = seat_index(dealer)
        self._hands = _parse_hands(hands, self._trump, self.variant)
        self._setup(bids, leader)

    def _setup(self, bids, leader) -> None:
        """Start the deal from ``_hands``, ``_trump`` and ``_dealer``."""
        self._suit_of = EFFECTIVE_SUIT[self._trump]
        self._groups = [_by_suit(hand, self._trump) for hand in self._hands]
        self.hand_size = len(self._hands[0])
        up_to = self.variant.bid_up_to_hand_size
        self._bid_choices = BIDS[self.hand_size, up_to]
        self._max_bid = self.hand_size - 1 + up_to
        self._bids: list[tuple[str, BidLike]] = []
        self._board_bidder = [False] * 4
        self._trick: list[Card] = []
        self._done = []  # the leader and the winner of each finished trick (seats as 0–3)
        self._played: list[Card] = []  # the cards of the finished tricks, in the order played
        self._won = [0, 0]
        self._trump_played = False
        self._legal: tuple[list[Card], str | None] | None = None  # _allowed's answer, until the next card
        if leader is None:
            self.phase = "bid"
            self._to_act = left_of(self._dealer)
        else:
            self.phase = "play"
            self._to_act = self._leader = seat_index(leader)
        self.to_act: str | None = SEATS[self._to_act]
        """The seat whose bid or card is awaited, ``None`` once the deal is over."""
        for bid in bids:
            if isinstance(bid, tuple):
                self.bid(*bid)
            else:
                self.bid(self.to_act, bid)

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} {self.variant.name}: {self.hand_size} cards each, trumps "
                f"{self.trump or 'none'}, {self.dealer} deals, {self.phase}"
                f"{f', {self.to_act} to act' if self.to_act else ''}>")

    # -- what can be seen ---------------------------------------------------------------
    @property
    def trump(self) -> str | None:
        return None if self._trump is None else SUITS[self._trump]

    @property
    def trump_index(self) -> SuitIndex | None:
        """The trump suit as its index in ``SUITS`` (``None``: no trumps), as the fast paths take it."""
        return self._trump

    @property
    def board_bidders(self) -> tuple[bool, ...]:
        """Whether each seat, by index (0–3 for N, E, S, W), bid board in this deal."""
        return tuple(self._board_bidder)

    @property
    def dealer(self) -> str:
        return SEATS[self._dealer]

    @property
    def hands(self) -> dict[str, tuple[Card, ...]]:
        """The cards each seat still holds."""
        return {seat: tuple(cards) for seat, cards in zip(SEATS, self._hands)}

    @property
    def bids(self) -> list[tuple[str, BidLike]]:
        return list(self._bids)

    @property
    def leader(self) -> str | None:
        """The opening leader, once known."""
        return SEATS[self._leader] if self.phase != "bid" and not self.thrown_in else None

    @property
    def thrown_in(self) -> bool:
        """True when all four passed: nobody scores and the hand size is dealt again."""
        bids = self._bids
        return len(bids) == 4 and bids[0][1] == bids[1][1] == bids[2][1] == bids[3][1] == "pass"

    @property
    def multipliers(self) -> dict[str, int]:
        """The board multiplier of each seat that bid board."""
        return board_multipliers(self._bids, self.variant)

    @property
    def contracts(self):
        return side_contracts(self._bids, self.variant, self.hand_size)

    @property
    def dealt_hands(self) -> dict[str, tuple[Card, ...]]:
        """The cards each seat was dealt: those it holds, then those it played, in order."""
        dealt = [list(cards) for cards in self._hands]
        for led, cards, _ in _tricks_of(self._done, self._played):
            for i, card in enumerate(cards):
                dealt[(led + i) & 3].append(card)
        first = self._to_act - len(self._trick)
        for i, card in enumerate(self._trick):
            dealt[(first + i) & 3].append(card)
        return {seat: tuple(cards) for seat, cards in zip(SEATS, dealt)}

    @property
    def rainbows(self) -> list[str]:
        """The seats dealt a rainbow (one card of each suit) in a four-card deal, when the variant
        gives a bonus for one; else none."""
        if not self.variant.rainbow_bonus or self.hand_size != 4:
            return []
        return rainbow_hands(self.dealt_hands, self.trump)

    @property
    def warnings(self) -> list[str]:
        """Overbid warnings: reported, never refused."""
        return overbid_warnings(self.hand_size, self._bids)

    @property
    def trick(self) -> list[tuple[str, Card]]:
        """The trick in progress as ``(seat, card)`` pairs."""
        first = self._to_act - len(self._trick)
        return [(SEATS[(first + i) & 3], c) for i, c in enumerate(self._trick)]

    @property
    def tricks(self) -> list[Trick]:
        """The finished tricks, in order."""
        return _as_tricks(self._done, self._played)

    @property
    def tricks_won(self) -> dict[str, int]:
        return {"NS": self._won[0], "EW": self._won[1]}

    @property
    def trumps_broken(self) -> bool:
        """True once a trump has been played: from then on anyone may lead trumps."""
        return self._trump_played

    def _out_of_turn(self, error, seat: int, verb: str):
        """The refusal of an action by ``seat`` while another seat is to act."""
        return error("turn", f"{SEAT_NAMES[SEATS[seat]]} cannot {verb} now: it is "
                             f"{SEAT_NAMES[SEATS[self._to_act]]}'s turn",
                     key="bid-out-of-turn" if verb == "bid" else "play-out-of-turn",
                     seat=SEATS[seat], turn=SEATS[self._to_act])

    # -- acting ----------------------------------------------------------------------------
    def act(self, seat, value) -> None:
        """Bid or play ``value`` for ``seat``, as the phase calls for: ``bid`` while bidding,
        ``play`` while playing, with their refusals. A card offered during the bidding, a bid
        during the play, or anything once the deal is over is refused as out of its phase."""
        if _is_card(value) or self.phase != "bid" and not _is_bid(value):
            self.play(seat, value)
        else:
            self.bid(seat, value)

    # -- bidding --------------------------------------------------------------------------
    def legal_bids(self) -> list:
        return list(self._bid_choices) if self.phase == "bid" else []

    def bid(self, seat, bid) -> None:
        """Record ``seat``'s bid; ``IllegalBid`` (and no change) if it is not allowed now."""
        try:
            s = _SEAT[seat]
        except (KeyError, TypeError):
            s = seat_index(seat)
        if self.phase != "bid":
            over = self.phase == "over"
            what = self._over if over else "the bidding is over"
            raise IllegalBid("phase", f"{SEAT_NAMES[SEATS[s]]} cannot bid: {what}",
                             key="bid-after-deal" if over else "bid-after-bidding", seat=SEATS[s])
        if s != self._to_act:
            raise self._out_of_turn(IllegalBid, s, "bid")
        if not (bid == "pass" or bid == "board" or bid.__class__ is int and 0 < bid <= self._max_bid):
            bid = check_bid(bid, self.hand_size, self.variant)
        self._bids.append((SEATS[s], bid))
        self._board_bidder[s] = bid == "board"
        if len(self._bids) < 4:
            self._to_act = left_of(s)
        elif self.thrown_in:
            self._end()
            return
        else:
            self.phase = "play"
            opener = _opening_leader(self._bids, self.variant)
            assert opener is not None  # not thrown in: someone bid a number or board
            self._to_act = self._leader = _SEAT[opener]
        self.to_act = SEATS[self._to_act]

    # -- play -----------------------------------------------------------------------------
    def legal_plays(self) -> list[Card]:
        """The cards the player to act may play (empty outside play, or when none is legal)."""
        if self.phase != "play":
            return []
        legal = self._legal
        if legal is None:
            seat = self._to_act
            legal = self._legal = _allowed(
                self._hands[seat], self._groups[seat], self._trick, self._trump, self._trump_played,
                self._board_bidder[seat], self.variant,
            )
        return legal[0][:]

    @property
    def constraint(self) -> str | None:
        """The rule id that shapes the current legal plays (see ``play._allowed``)."""
        if self.phase != "play":
            return None
        found = self._legal
        if found is None:
            self.legal_plays()  # finds them, and their rule, once per card
            found = self._legal
        return found[1] if found else None

    def play(self, seat, card) -> None:
        """Play ``card`` for ``seat``; ``IllegalPlay`` (and no change) if the rules forbid it."""
        try:
            s = _SEAT[seat]
        except (KeyError, TypeError):
            s = seat_index(seat)
        if self.phase != "play":
            bidding = self.phase == "bid"
            what = "the bidding is not finished" if bidding else self._over
            raise IllegalPlay("phase", f"{SEAT_NAMES[SEATS[s]]} cannot play: {what}",
                              key="play-during-bidding" if bidding else "play-after-deal", seat=SEATS[s])
        if s != self._to_act:
            raise self._out_of_turn(IllegalPlay, s, "play")
        if card.__class__ is not Card:
            card = parse_card(card)
        found = self._legal
        if found is None:
            found = self._legal = _allowed(self._hands[s], self._groups[s], self._trick, self._trump,
                                          self._trump_played, self._board_bidder[s], self.variant)
        legal, rule = found
        if card not in legal:
            raise _illegal(card, self._hands[s], self._trick, self._trump, legal, rule, self.variant, SEATS[s])
        suit = self._suit_of[card]
        self._hands[s].remove(card)
        self._groups[s][suit].remove(card)
        trick = self._trick
        trick.append(card)
        self._legal = None
        if suit == TRUMP:  # in a deal without trumps, only the joker left in play (joker-trump)
            self._trump_played = True
        if len(trick) < 4:
            self._to_act = s = (s + 1) & 3
            self.to_act = SEATS[s]
            return
        led = (s + 1) & 3
        winner = (led + _winning_index(trick, self._trump)) & 3
        self._done += (led, winner)
        self._played += trick
        self._won[winner & 1] += 1
        self._trick = []
        self._to_act = winner
        if self._hands[winner]:
            self.to_act = SEATS[winner]
        else:
            self._end()

    def _end(self) -> None:
        """The deal is over (last trick played, or thrown in)."""
        self.phase = "over"
        self.to_act = None

    # -- result ---------------------------------------------------------------------------
    def score(self) -> dict[str, int]:
        """Both sides' scores once the deal is over (nothing for a thrown-in deal)."""
        if self.phase != "over":
            raise InvalidDeal("phase", "a deal is scored once its last trick is played", key="score-before-end")
        if not self._bids or self.thrown_in:
            return {"NS": 0, "EW": 0}
        h, v = self.hand_size, self.variant
        found = _contracts(self._bids, v, h)
        score = {"NS": contract_score(found["NS"], self._won[0], h, v),
                 "EW": contract_score(found["EW"], self._won[1], h, v)}
        if v.rainbow_bonus:
            bonus = rainbow_bonus(h, self.rainbows, v)
            score = {side: score[side] + bonus[side] for side in score}
        return score


def _is_card(value) -> bool:
    """True when ``value`` names a card (a ``Card``, or text ``parse_card`` reads)."""
    if value.__class__ is Card:
        return True
    try:
        parse_card(value)
    except ValueError:
        return False
    return True


def _is_bid(value) -> bool:
    """True when ``value`` is a bid in any accepted spelling (``normalize_bid``), allowed or not."""
    try:
        normalize_bid(value)
    except IllegalBid:
        return False
    return True


def _tricks_of(turns, played) -> list[tuple]:
    """``(leader, cards, winner)`` for each trick, from the leaders and winners in turn (``turns``,
    seats as 0–3) and the cards in the order played."""
    return [(turns[2 * k], tuple(played[4 * k:4 * k + 4]), turns[2 * k + 1]) for k in range(len(turns) // 2)]


def _as_tricks(turns, played) -> list[Trick]:
    """``_tricks_of`` as ``Trick`` values: who led, the cards as ``(seat, card)``, who won."""
    return [Trick(SEATS[led], tuple((SEATS[(led + i) & 3], c) for i, c in enumerate(cards)), SEATS[winner])
            for led, cards, winner in _tricks_of(turns, played)]


def _parse_hands(hands, trump, variant) -> list[list[Card]]:
    if not hasattr(hands, "keys") or {seat_index(s) for s in hands.keys()} != {0, 1, 2, 3} or len(hands) != 4:
        raise InvalidDeal("hands", "a deal gives a hand to each of N, E, S and W", key="hands-seats")
    result: list[list[Card]] = [[], [], [], []]
    for seat, cards in hands.items():
        if not isinstance(cards, (str, list, tuple)):
            raise InvalidDeal("hands", f"the hand of {seat} is not a list of cards: {cards!r}", key="hand-not-cards",
                              seat=SEATS[seat_index(seat)], given=repr(cards))
        result[seat_index(seat)] = parse_cards(cards)
    sizes = {len(cards) for cards in result}
    if len(sizes) != 1 or not is_hand_size(sizes.pop()):
        raise InvalidDeal("hands", f"every player holds the same number of cards, from 1 to {MAX_HAND_SIZE}",
                          key="hands-sizes", largest=MAX_HAND_SIZE)
    every = [c for cards in result for c in cards]
    if len(set(every)) != len(every):
        twice = sorted({c for c in every if every.count(c) > 1})
        raise InvalidDeal("hands", f"{twice[0]} is dealt twice", key="dealt-twice", card=twice[0])
    check_jokers(every, trump, variant)
    return result
