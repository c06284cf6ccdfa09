"""Playing a trick: which cards are legal, why a card is not, and who wins.

>>> trick_winner(["LITTLE", "BIG", "2S", "AS"], "S")
1
>>> legal_plays(["5H", "KH", "9S", "2C"], ["BIG"], "H")
[KH]
>>> check_play("9S", ["5H", "KH", "9S", "2C"], ["LITTLE"], "H").rule
'little-lead'
"""
from __future__ import annotations

from collections.abc import Sequence

from .cards import (
    BIG,
    EFFECTIVE_SUIT,
    JOKERS,
    POWER,
    SUITS,
    TRUMP,
    Card,
    card_order,
    parse_card,
    parse_cards,
    parse_trump,
)
from .errors import IllegalPlay, InvalidDeal, Reason, flag
from .hints import CardLike, CardsLike, VariantLike
from .table import MAX_HAND_SIZE, SEAT_NAMES, SuitIndex, is_hand_size
from .variants import Variant, resolve_variant

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SINGULAR = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}


def _by_suit(hand, trump: SuitIndex | None) -> list[list[Card]]:
    """The cards of ``hand`` sorted into five lists by effective suit (``TRUMP`` is the last)."""
    suit_of = EFFECTIVE_SUIT[trump]
    groups: list[list[Card]] = [[], [], [], [], []]
    for c in hand:
        groups[suit_of[c]].append(c)
    return groups


def _allowed(hand: list[Card], groups: list[list[Card]], trick: list[Card], trump: SuitIndex | None,
             trump_played: bool, bid_board: bool, rules: Variant) -> tuple[list[Card], str | None]:
    """The legal cards of ``hand`` and the rule id that shaped them, under the ``Variant`` ``rules``.

    ``groups`` is ``_by_suit(hand, trump)``. The rule id is ``None`` when no rule narrowed or
    widened the choice; else one of ``follow-suit``, ``trump-lead``, ``no-legal-lead``,
    ``big-lead``, ``little-lead`` (a restriction) or ``board-bidder-lead``, ``all-trump-lead``
    (an exception that allowed trumps). The returned list may be ``hand`` or one of ``groups``:
    callers copy it before handing it out. Arguments are internal values (cards, a suit index
    or ``None``, booleans).
    """
    if not trick:
        trumps = groups[TRUMP]  # in a deal without trumps, a joker left in play (joker-trump) or none
        if trump_played or not trumps:
            return hand, None
        if bid_board and rules.board_bidder_lead:
            return hand, "board-bidder-lead"
        if len(trumps) < len(hand):
            return [c for c in hand if c not in trumps], "trump-lead"
        return (hand, "all-trump-lead") if rules.all_trump_lead else ([], "no-legal-lead")
    led = trick[0]
    same = groups[EFFECTIVE_SUIT[trump][led]]
    if not same:
        return hand, None
    if led in JOKERS:
        if led == BIG:
            if rules.big_lead_binds_partner or len(trick) != 2:
                return [max(same, key=POWER[trump].__getitem__)], "big-lead"
        elif rules.little_lead_binds:
            return [min(same, key=POWER[trump].__getitem__)], "little-lead"
    return same, ("follow-suit" if len(same) < len(hand) else None)


def _inputs(hand, trick, trump, variant) -> tuple[list[Card], list[Card], SuitIndex | None]:
    hand = parse_cards(hand)
    trick = parse_cards(trick)
    trump = parse_trump(trump)
    if len(set(hand)) != len(hand):
        raise InvalidDeal("hands", "a card appears twice in the hand", key="hand-repeats", card=_twice(hand))
    if not is_hand_size(len(hand)):
        raise InvalidDeal("hands", f"a hand holds 1 to {MAX_HAND_SIZE} cards, this one {len(hand)}", key="hand-cards",
                          count=len(hand), largest=MAX_HAND_SIZE)
    if len(set(trick)) != len(trick):
        raise InvalidDeal("hands", "a card appears twice in the trick", key="trick-repeats", card=_twice(trick))
    if len(trick) > 3:
        raise InvalidDeal("phase", "a trick has four cards: nobody plays a fifth", key="trick-full")
    clash = set(hand) & set(trick)
    if clash:
        card = min(clash, key=card_order)
        raise InvalidDeal("hands", f"{card} cannot be both in the hand and on the table", key="hand-and-trick",
                          card=card)
    check_jokers(hand + trick, trump, variant)
    return hand, trick, trump


def _twice(cards: list[Card]) -> Card:
    """The first card that ``cards`` holds twice."""
    return next(c for c in cards if cards.count(c) > 1)


def check_jokers(cards, trump, variant) -> None:
    """Refuse jokers that a deal without trumps cannot have in play: none in the standard game,
    at most one (the joker not turned) under the house rule ``turned_joker=joker-trump``."""
    if trump is None:
        jokers = sum(c in JOKERS for c in cards)
        if variant.turned_joker != "joker-trump" and jokers:
            raise InvalidDeal("hands", "a no-trump deal has no jokers in play", key="no-trump-jokers")
        if jokers > 1:
            raise InvalidDeal("hands", "a deal without trumps has at most one joker in play, the one not turned",
                              key="no-trump-joker")


def legal_plays(hand: CardsLike, trick: CardsLike, trump: str | None, *, trump_played: bool = False,
                bid_board: bool = False, variant: VariantLike = "standard") -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (cards so far, in play order).

    Cards are card objects or texts; a hand or trick may also be one string ("5H KH 9S").

    ``trump`` is ``"S"``/``"H"``/``"D"``/``"C"`` or ``None``; ``trump_played`` says a trump
    fell in an earlier trick; ``bid_board`` says this player personally bid board.
    """
    v = resolve_variant(variant)
    held, played, t = _inputs(hand, trick, trump, v)
    trump_played, bid_board = flag(trump_played, "trump_played"), flag(bid_board, "bid_board")
    cards, _ = _allowed(held, _by_suit(held, t), played, t, trump_played, bid_board, v)
    return list(cards)


def check_play(card: CardLike, hand: CardsLike, trick: CardsLike, trump: str | None, *,
               trump_played: bool = False, bid_board: bool = False,
               variant: VariantLike = "standard") -> Reason | None:
    """``None`` when ``card`` may be played, else the ``Reason`` (rule id and message)."""
    v = resolve_variant(variant)
    card = parse_card(card)
    held, played, t = _inputs(hand, trick, trump, v)
    trump_played, bid_board = flag(trump_played, "trump_played"), flag(bid_board, "bid_board")
    cards, rule = _allowed(held, _by_suit(held, t), played, t, trump_played, bid_board, v)
    if card in cards:
        return None
    return _refusal(card, held, played, t, cards, rule, v)


def _refusal(card: Card, hand, trick, trump, legal, rule, rules) -> Reason:
    """The plain-words reason why ``card`` is not among the ``legal`` cards (``rules``: the variant)."""
    if card not in hand:
        return Reason("not-in-hand", f"{card} is not in the hand", "not-in-hand", {"card": card})
    if rule == "no-legal-lead":
        return Reason(rule, "this hand holds nothing but trumps and trumps are not broken: "
                            "the strict reading leaves it no legal lead", "no-legal-lead")
    if rule == "trump-lead":
        board, only = rules.board_bidder_lead, rules.all_trump_lead
        unless = [what for what, allowed_ in (("bid board", board), ("hold only trumps", only)) if allowed_]
        return Reason(rule, f"{card} is a trump, and no trump may be led until a trump has been "
                            f"played in an earlier trick" + (f" (unless you {' or '.join(unless)})" if unless else ""),
                      "trump-lead-unless-board-or-only" if board and only else "trump-lead-unless-board" if board
                      else "trump-lead-unless-only" if only else "trump-lead", {"card": card})
    trump_name = SUIT_NAMES[SUITS[trump]] if trump is not None else None
    if rule in ("big-lead", "little-lead"):
        joker, which = ("BIG", "highest") if rule == "big-lead" else ("LITTLE", "lowest")
        return Reason(rule, f"{joker} was led, so every other player must play their {which} trump, "
                            f"here {legal[0]}",
                      "big-lead" if rule == "big-lead" else "little-lead", {"card": legal[0]})
    led_suit = EFFECTIVE_SUIT[trump][trick[0]]
    if led_suit == TRUMP:
        return Reason("follow-suit", f"{trump_name} were led and the hand holds a trump "
                                     f"({', '.join(map(str, legal))}): it must follow with one",
                      "must-follow-trump", {"cards": legal})
    name = SUITS[led_suit]
    return Reason("follow-suit", f"{SUIT_NAMES[name]} were led and the hand holds a "
                                 f"{SUIT_SINGULAR[name]} ({', '.join(map(str, legal))}): it must follow {SUIT_NAMES[name]}",
                  "must-follow", {"suit": name, "cards": legal})


def _winning_index(trick: Sequence[Card], trump: SuitIndex | None) -> int:
    """Index of the winning card among internal cards ``trick`` with suit index ``trump``."""
    suit_of, power = EFFECTIVE_SUIT[trump], POWER[trump]
    led_suit = suit_of[trick[0]]
    best, best_power = 0, power[trick[0]]
    for i in range(1, len(trick)):
        c = trick[i]
        s = suit_of[c]
        if (s == led_suit or s == TRUMP) and power[c] > best_power:
            best, best_power = i, power[c]
    return best


def trick_winner(trick: CardsLike, trump: str | None, variant: VariantLike = "standard") -> int:
    """Index of the card that wins ``trick`` (cards in play order) with ``trump`` as trumps."""
    cards = parse_cards(trick)
    t = parse_trump(trump)
    if not 1 <= len(cards) <= 4 or len(set(cards)) != len(cards):
        raise InvalidDeal("hands", f"a trick is one to four different cards, got {' '.join(map(str, cards))}",
                          key="trick-cards", cards=cards)
    check_jokers(cards, t, resolve_variant(variant))
    return _winning_index(cards, t)


def _illegal(card: Card, hand, trick, trump, legal, rule, rules, seat: str) -> IllegalPlay:
    """An ``IllegalPlay`` for ``card``, its message starting with the name of the player at ``seat``."""
    reason = _refusal(card, hand, trick, trump, legal, rule, rules)
    return IllegalPlay(reason.rule, f"{SEAT_NAMES[seat]} cannot play {card}: {reason.message}",
                       key="cannot-play", seat=seat, card=card, reason=reason)
