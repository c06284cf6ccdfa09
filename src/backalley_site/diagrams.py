"""Card diagrams as HTML, laid out by the stylesheet to fit their column, with a text
alternative in the page's language.

A table diagram is a grid: each seat's name, bid and hand (sorted as a player holds it, one
line per suit), the trump card, and the trick on the felt drawn as cards. The stylesheet
(``backalley.css``, "Card diagrams") sets the seats around the felt where the column is wide
enough and stacks them (North; West and East side by side; the felt; South) where it is not,
so nothing scrolls sideways. The whole diagram is one image for assistive technology
(``role="img"``), named by the text alternative; every card drawn carries its engine code in
``data-card``. Suits are told apart by their symbols; colour (red hearts and diamonds) is only
a second cue. Search leaves diagrams out of its index. Same input, same bytes.
"""
from __future__ import annotations

from itertools import permutations

from markupsafe import Markup, escape

from backalley import parse_card
from backalley.cards import RANK_TEXT, SUITS

from . import formatting as fmt
from .terms import terms

SEATS = ("N", "E", "S", "W")
JOKER_MARK = "\u2605"
JOKER_ORDER = ("BIG", "LITTLE")


def sorted_hand(cards, trump: str | None = None) -> list:
    """``cards`` as a player sorts them: jokers first, then the trump suit, then the other suits
    in the order that alternates colours best; high to low within a suit."""
    hand = [parse_card(c) for c in cards]
    present = [s for s in SUITS if any(c.suit == s for c in hand)]
    suits = _suit_order(present, trump)
    jokers = sorted((c for c in hand if c.is_joker), key=lambda c: JOKER_ORDER.index(c.rank))
    plain = sorted((c for c in hand if not c.is_joker),
                   key=lambda c: (suits.index(str(c.suit)), -RANK_TEXT.index(c.rank)))
    return jokers + plain


def _suit_order(present: list[str], trump: str | None) -> list[str]:
    """The suits held, trump first, with the fewest neighbours of one colour (then the order of
    ``SUITS``: spades, hearts, diamonds, clubs)."""
    def clashes(order):
        return sum((a in fmt.RED_SUITS) == (b in fmt.RED_SUITS) for a, b in zip(order, order[1:]))

    orders = [o for o in permutations(present) if trump not in present or o[0] == trump]
    return list(min(orders, key=lambda o: (clashes(o), [SUITS.index(s) for s in o])))


def table_diagram(deal, turned=None, set_aside=None, *, lang: str) -> Markup:
    """The table of a ``Deal``: seats, bids, the sorted hands, the trump card (``turned``, or the
    trump suit alone when the page does not name the card), a joker ``set_aside`` after a joker
    was turned, and the trick on the felt."""
    bids = dict(deal.bids)
    multipliers = deal.multipliers
    turned = None if turned is None else parse_card(turned)
    set_aside = None if set_aside is None else parse_card(set_aside)
    shown, winner = _trick_shown(deal)
    parts = [_trump_block(deal.trump, turned, lang)]
    if set_aside is not None:
        parts.append(_block("aside", _face(set_aside, lang) + _label(terms(lang)("table.set_aside"))))
    for seat in SEATS:
        parts.append(_seat_block(deal, seat, bids, multipliers, lang))
    parts.append(_felt(shown, winner, lang))
    alt = _table_alt(deal, turned, set_aside, shown, winner, bids, multipliers, lang)
    return _wrap("ba-table", "".join(parts), alt)


def hand_diagram(cards, mark=None, caption: str | None = None, trump: str | None = None, *, lang: str) -> Markup:
    """One hand, sorted (``trump`` next to the jokers), in rows that break between suits; the
    ``mark``ed card is raised and outlined."""
    t = terms(lang)
    hand = sorted_hand(cards, trump)
    marked = None if mark is None else parse_card(mark)
    if marked is not None and marked not in hand:
        raise ValueError(f"the marked card {marked} is not in the hand {' '.join(map(str, hand))}")
    groups: dict[str | None, list[str]] = {}
    for card in hand:
        groups.setdefault(card.suit, []).append(_face(card, lang, "ba-mark" if card == marked else ""))
    row = "".join(f'<span class="ba-group">{"".join(faces)}</span>' for faces in groups.values())
    body = (_label(caption, "ba-caption") if caption else "") + f'<div class="ba-row">{row}</div>'
    alt = [caption.rstrip(".") + "."] if caption else []
    alt.append(t("alt.hand", cards=fmt.Inflected("cards", hand, lang)))
    if marked is not None:
        alt.append(t("alt.marked", card=fmt.Inflected("card", marked, lang)))
    return _wrap("ba-hand", body, " ".join(alt))


def _trick_shown(deal):
    """The trick to draw: the one in progress, else the last one finished (with its winner)."""
    if deal.trick or not deal.tricks:
        return list(deal.trick), None
    last = deal.tricks[-1]
    return list(last.cards), last.winner


def _trump_block(trump, turned, lang) -> str:
    """The trump card as a card, with the trump suit (or "no trumps") under it."""
    t = terms(lang)
    if trump is None:
        words = t("table.no_trumps")
    else:
        words = t("table.trumps", suit=f"{fmt.SUIT_SYMBOLS[trump]}\u00a0{fmt.suit(trump, lang)}")
    if turned is not None:
        face = _face(turned, lang)
    else:  # the page names only the suit: a card showing the suit alone
        colour = " ba-red" if trump in fmt.RED_SUITS else ""
        face = f'<span class="ba-face ba-suit-only{colour}"><i>{fmt.SUIT_SYMBOLS[trump]}</i></span>' if trump else ""
    return _block("trump", face + _label(words))


def _seat_block(deal, seat, bids, multipliers, lang) -> str:
    t = terms(lang)
    name = fmt.seat(seat, lang)
    who = f"<b>{escape(t('table.dealer', seat=name) if seat == deal.dealer else name)}</b>"
    if seat in bids:
        who += f' <span class="ba-bid">{escape(fmt.bid(bids[seat], lang, multipliers.get(seat)))}</span>'
    lines = _hand_lines(deal.hands[seat], deal.trump, lang) or '<span class="ba-line">\u2014</span>'
    return _block(f"seat-{seat.lower()}", f'<span class="ba-who">{who}</span>{lines}', "ba-seat")


def _hand_lines(cards, trump, lang) -> str:
    """A hand in lines as a card player writes it: the jokers, then one line per suit, each
    opening with its symbol."""
    lines: dict[str | None, list[str]] = {}
    for card in sorted_hand(cards, trump):
        red = ' class="ba-red"' if card.rank == "BIG" else ""
        lines.setdefault(card.suit, []).append(
            f'<span{red} data-card="{card}">{escape(fmt.card_text(card, lang) if card.is_joker else _rank(card, lang))}</span>'
        )
    out = []
    for suit, ranks in lines.items():
        symbol = JOKER_MARK if suit is None else fmt.SUIT_SYMBOLS[suit]
        colour = " ba-red" if suit in fmt.RED_SUITS else ""
        out.append(f'<span class="ba-line{colour}"><span class="ba-sym">{symbol}</span>{" ".join(ranks)}</span>')
    return "".join(out)


def _felt(shown, winner, lang) -> str:
    """The trick on the felt, each card on its player's side; the winning card outlined."""
    spots = "".join(
        f'<span class="ba-spot ba-at-{seat.lower()}">{_face(card, lang, "ba-win" if seat == winner else "")}</span>'
        for seat, card in shown
    )
    if winner:
        spots += _label(terms(lang)("table.wins", seat=fmt.seat(winner, lang)), "ba-wins")
    return _block("felt", spots)


def _table_alt(deal, turned, set_aside, shown, winner, bids, multipliers, lang) -> str:
    """The diagram in sentences of the page's language; the term sentences choose each word's form."""
    t = terms(lang)

    def word(kind, value):
        return fmt.Inflected(kind, value, lang)

    alt = [t("alt.turned", card=word("card", turned))] if turned is not None else []
    alt.append(t("alt.no_trumps") if deal.trump is None else t("alt.trumps", suit=word("suit", deal.trump)))
    if set_aside is not None:
        alt.append(t("alt.set_aside", card=word("card", set_aside)))
    alt.append(t("alt.dealer", seat=word("seat", deal.dealer)))
    if bids:
        said = [fmt.bid(bid, lang, multipliers.get(seat), words="alt.bid_", seat=word("seat", seat))
                for seat, bid in deal.bids]
        alt.append(t("alt.bids", bids=fmt.listed(said, lang)))
    for seat in SEATS:
        hand = sorted_hand(deal.hands[seat], deal.trump)
        if hand:
            alt.append(t("alt.holds", seat=word("seat", seat), cards=word("cards", hand)))
        else:
            alt.append(t("alt.holds_nothing", seat=word("seat", seat)))
    if shown:
        plays = [t("alt.leads" if i == 0 else "alt.plays", seat=word("seat", seat), card=word("card", card))
                 for i, (seat, card) in enumerate(shown)]
        alt.append(t("alt.trick", plays=fmt.listed(plays, lang)))
        if winner:
            alt.append(t("alt.won", seat=word("seat", winner)))
        elif deal.to_act:
            alt.append(t("alt.to_play", seat=word("seat", deal.to_act)))
    return " ".join(alt)


def _rank(card, lang) -> str:
    return fmt.card_text(card, lang)[:-1]


def _face(card, lang, mark: str = "") -> str:
    """One card face: rank (or joker name) over the suit symbol (or the joker's star)."""
    card = parse_card(card)
    if card.is_joker:
        colour = " ba-red" if card.rank == "BIG" else ""
        top, bottom = fmt.card_text(card, lang), JOKER_MARK
    else:
        colour = " ba-red" if card.suit in fmt.RED_SUITS else ""
        top, bottom = _rank(card, lang), fmt.SUIT_SYMBOLS[card.suit]
    classes = "ba-face" + (" ba-joker" if card.is_joker else "") + colour + (f" {mark}" if mark else "")
    return f'<span class="{classes}" data-card="{card}"><b>{escape(top)}</b><i>{bottom}</i></span>'


def _label(text, cls: str = "ba-label") -> str:
    return f'<span class="{cls}">{escape(text)}</span>'


def _block(area, body, cls: str = "") -> str:
    classes = f"ba-{area}" + (f" {cls}" if cls else "")
    return f'<div class="{classes}">{body}</div>'


def _wrap(kind, body, alt) -> Markup:
    return Markup(
        f'<div class="ba-diagram {kind}" role="img" aria-label="{escape(alt)}" data-search-exclude="true">'
        f'<div class="ba-grid">{body}</div></div>'
    )
