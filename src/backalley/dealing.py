"""Dealing from a pack in a given order, as RULES §2 describes it.

The dealer gives one card at a time, clockwise, starting with the player on the left, until
each player has ``hand_size`` cards; the next card is turned and its suit is trumps. A turned
joker makes a no-trump deal: whoever was dealt the other joker sets it aside and takes the next
undealt card instead (the standard game). Under the house rules that turn another card, the
first plain card after the joker gives trumps; under ``joker-trump`` there are no trumps and the
other joker stays in its holder's hand, the only trump in play.

>>> from backalley import parse_cards
>>> dealt = deal_pack(parse_cards("2S 3H 4D BIG 6S 7H 8D 9C KD"), dealer="S", hand_size=2)
>>> dealt.hands["W"], dealt.hands["S"], dealt.turned, dealt.trump
([2S, 6S], [BIG, 9C], (KD,), 'D')
>>> dealt = deal_pack(parse_cards("2S 3H 4D BIG 6S 7H 8D 9C LITTLE KD"), dealer="S", hand_size=2)
>>> dealt.hands["S"], dealt.turned, dealt.trump, dealt.set_aside
([KD, 9C], (LITTLE,), None, BIG)
"""
from __future__ import annotations

from typing import NamedTuple

from .cards import BIG, JOKERS, LITTLE, PACK, Card, parse_cards
from .errors import InvalidDeal
from .hints import CardsLike, VariantLike
from .table import SEATS, SeatIndex, check_hand_size, left_of, seat_index
from .variants import resolve_variant


class Dealt(NamedTuple):
    """What a deal from a pack leaves on the table."""

    hands: dict[str, list[Card]]
    """Each seat's cards, in the order received (a replaced joker's replacement in its place)."""
    turned: tuple[Card, ...]
    """The card turned for trumps, then any turned after it (house rules on a turned joker)."""
    trump: str | None
    """The trump suit, ``None`` for a no-trump deal."""
    set_aside: Card | None
    """The other joker, set aside unseen in a no-trump deal, if a player had been dealt it."""

    def to_data(self) -> dict:
        """The deal as JSON-ready data: each seat's cards, the turned cards and the set-aside joker as text."""
        return {"hands": {seat: [str(card) for card in cards] for seat, cards in self.hands.items()},
                "turned": [str(card) for card in self.turned], "trump": self.trump,
                "set_aside": None if self.set_aside is None else str(self.set_aside)}


def deal_pack(pack: CardsLike, dealer: str, hand_size: int, variant: VariantLike = "standard") -> Dealt:
    """Deal ``hand_size`` cards each from ``pack`` (its top first) as ``dealer`` would.

    ``pack`` needs as many cards as the deal uses (every hand, the turned cards and a joker's
    replacement); more are left undealt. ``InvalidDeal`` if it has too few or repeats a card.
    """
    v = resolve_variant(variant)
    cards = parse_cards(pack)
    check_hand_size(hand_size)
    if len(set(cards)) != len(cards):
        raise InvalidDeal("hands", "a pack holds every card once", key="pack-repeats")
    first = left_of(seat_index(dealer))
    if len(cards) <= 4 * hand_size:
        raise InvalidDeal("hands", f"dealing {hand_size} cards each and turning one needs {4 * hand_size + 1} "
                                   f"cards, the pack given has {len(cards)}",
                          key="pack-short", size=hand_size, needed=4 * hand_size + 1, count=len(cards))
    hands, turned, set_aside = _deal_cards(cards, first, hand_size, v.turned_joker)
    if turned[-1] in JOKERS and len(cards) < len(PACK) and v.turned_joker in ("turn-next", "bottom"):
        raise InvalidDeal("hands", "the pack given runs out before a plain card to turn after the joker",
                          key="pack-out-turn")
    trump = turned[-1].suit
    return Dealt({SEATS[i]: hands[i] for i in range(4)}, tuple(turned), trump, set_aside)


def _deal_cards(cards: list[Card], first: SeatIndex, hand_size: int,
                turned_joker: str) -> tuple[list[list[Card]], list[Card], Card | None]:
    """The dealing itself on engine values: ``(hands by seat index, turned cards, set-aside joker)``,
    one card at a time from seat ``first`` (the dealer's left) round the table."""
    used = 4 * hand_size
    hands: list[list[Card]] = [[], [], [], []]
    for i in range(4):
        hands[(first + i) & 3] = cards[i:used:4]
    undealt = iter(cards[used:])
    turned = [next(undealt)]
    set_aside: Card | None = None
    if turned[0] in JOKERS and turned_joker == "joker-trump":
        pass  # no trumps, and the other joker stays where it was dealt, the only trump in play
    elif turned[0] in JOKERS and turned_joker == "no-trump":
        other = BIG if turned[0] == LITTLE else LITTLE
        for hand in hands:
            if other in hand:
                hand[hand.index(other)] = _next(undealt)
                set_aside = other
    else:
        # Turning the next card and putting the joker at the bottom have the same effect:
        # the first plain card after the joker gives trumps; only jokers left means none.
        for card in undealt:
            if turned[-1] not in JOKERS:
                break
            turned.append(card)
    return hands, turned, set_aside


def _next(undealt) -> Card:
    """The next card of the pack, a replacement for the joker set aside."""
    try:
        return next(undealt)
    except StopIteration:
        raise InvalidDeal("hands", "the pack given runs out before a replacement for the other joker",
                          key="pack-out-joker") from None
