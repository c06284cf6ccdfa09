"""Card diagrams as inline SVG, with a text alternative in the page's language.

Suits are told apart by their symbols; colour (red hearts and diamonds) is only a second cue.
The SVG keeps a fixed size inside ``<div class="ba-diagram">``, which scrolls sideways on a
narrow screen instead of squeezing the cards; search leaves the box out of its index. Same
input, same bytes.
"""
from __future__ import annotations

from markupsafe import Markup, escape

from backalley import parse_card

from . import formatting as fmt
from .terms import terms

SEATS = ("N", "E", "S", "W")
CARD_W, CARD_H, STEP, ROW_STEP = 40, 56, 44, 62
PAD, GAP, LINE = 12, 16, 18
PER_ROW = 7
RAISE = 10
CENTRE_W, CENTRE_H = 180, 3 * ROW_STEP + 2 * LINE + 16
INK, RED, FELT, EDGE, MARK = "#1f1f1f", "#b3141b", "#e6f2e8", "#6b8f71", "#0d2b6b"


def table_diagram(deal, *, lang: str) -> Markup:
    """The table of a ``Deal``: seats, bids, the hands, trumps and the trick on the table."""
    t = terms(lang)
    bids = dict(deal.bids)
    multipliers = deal.multipliers
    shown, winner = _trick_shown(deal)
    most = max((len(cards) for cards in deal.hands.values()), default=0)
    per_row = max(1, min(most, PER_ROW))
    rows = -(-most // per_row)
    hand_w, hand_h = per_row * STEP - 4, rows * ROW_STEP
    labels = {seat: _seat_labels(deal, seat, bids, multipliers, lang) for seat in SEATS}
    block_w = max([hand_w, 120] + [_text_width(line) for lines in labels.values() for line in lines])
    block_h = 2 * LINE + 8 + hand_h
    width = 2 * PAD + 2 * block_w + 2 * GAP + CENTRE_W
    mid_h = max(CENTRE_H, block_h)
    height = 2 * PAD + 2 * block_h + 2 * GAP + mid_h
    mid_y = PAD + block_h + GAP
    corners = {
        "N": ((width - block_w) // 2, PAD),
        "S": ((width - block_w) // 2, height - PAD - block_h),
        "W": (PAD, mid_y + (mid_h - block_h) // 2),
        "E": (width - PAD - block_w, mid_y + (mid_h - block_h) // 2),
    }
    parts = []
    for seat in SEATS:
        x, y = corners[seat]
        parts.append(_seat_block(x, y, block_w, labels[seat], deal.hands[seat], per_row, lang))
    parts.append(_centre(deal, shown, winner, PAD + block_w + GAP, mid_y + (mid_h - CENTRE_H) // 2, t, lang))
    return _wrap(width, height, "".join(parts), _table_alt(deal, shown, winner, bids, multipliers, lang))


def hand_diagram(cards, mark=None, caption: str | None = None, *, lang: str) -> Markup:
    """One hand in a row; the ``mark``ed card is raised and outlined."""
    t = terms(lang)
    hand = [parse_card(c) for c in cards]
    marked = None if mark is None else parse_card(mark)
    if marked is not None and marked not in hand:
        raise ValueError(f"the marked card {marked} is not in the hand {' '.join(map(str, hand))}")
    top = PAD + (LINE + 6 if caption else 0)
    width = 2 * PAD + max(len(hand) * STEP - 4, _text_width(caption or ""))
    height = top + RAISE + CARD_H + PAD
    parts = [_text(PAD, PAD + LINE - 4, caption, anchor="start")] if caption else []
    for i, card in enumerate(hand):
        raised = card == marked
        parts.append(_card(PAD + i * STEP, top + (0 if raised else RAISE), card, lang, outlined=raised))
    alt = [caption.rstrip(".") + "."] if caption else []
    alt.append(t("alt.hand", cards=fmt.Inflected("cards", hand, lang)))
    if marked is not None:
        alt.append(t("alt.marked", card=fmt.Inflected("card", marked, lang)))
    return _wrap(width, height, "".join(parts), " ".join(alt))


def _trick_shown(deal):
    """The trick to draw: the one in progress, else the last one finished (with its winner)."""
    if deal.trick or not deal.tricks:
        return list(deal.trick), None
    last = deal.tricks[-1]
    return list(last.cards), last.winner


def _seat_labels(deal, seat, bids, multipliers, lang) -> list[str]:
    t = terms(lang)
    name = fmt.seat(seat, lang)
    lines = [t("table.dealer", seat=name) if seat == deal.dealer else name]
    if seat in bids:
        lines.append(fmt.bid(bids[seat], lang, multipliers.get(seat)))
    return lines


def _seat_block(x, y, width, labels, hand, per_row, lang) -> str:
    centre = x + width // 2
    parts = [_text(centre, y + LINE - 4, labels[0], bold=True)]
    if len(labels) > 1:
        parts.append(_text(centre, y + 2 * LINE, labels[1]))
    row_w = min(len(hand), per_row) * STEP - 4
    for i, card in enumerate(hand):
        row, col = divmod(i, per_row)
        parts.append(_card(centre - row_w // 2 + col * STEP, y + 2 * LINE + 8 + row * ROW_STEP, card, lang))
    return "".join(parts)


def _centre(deal, shown, winner, x, y, t, lang) -> str:
    cx = x + CENTRE_W // 2
    if deal.trump is None:
        trumps = t("table.no_trumps")
    else:
        trumps = t("table.trumps", suit=f"{fmt.SUIT_SYMBOLS[deal.trump]} {fmt.suit(deal.trump, lang)}")
    parts = [
        f'<rect x="{x}" y="{y}" width="{CENTRE_W}" height="{CENTRE_H}" rx="12" fill="{FELT}" stroke="{EDGE}"/>',
        _text(cx, y + LINE, trumps, bold=True),
    ]
    top = y + LINE + 10
    spots = {
        "N": (cx - CARD_W // 2, top),
        "W": (cx - CARD_W // 2 - STEP - 4, top + ROW_STEP),
        "E": (cx - CARD_W // 2 + STEP + 4, top + ROW_STEP),
        "S": (cx - CARD_W // 2, top + 2 * ROW_STEP),
    }
    for seat, card in shown:
        parts.append(_card(*spots[seat], card, lang, outlined=seat == winner))
    if winner:
        parts.append(_text(cx, top + 3 * ROW_STEP + LINE - 2, t("table.wins", seat=fmt.seat(winner, lang))))
    return "".join(parts)


def _table_alt(deal, shown, winner, bids, multipliers, lang) -> str:
    """The diagram in sentences of the page's language; the term sentences choose each word's form."""
    t = terms(lang)

    def word(kind, value):
        return fmt.Inflected(kind, value, lang)

    alt = [t("alt.no_trumps") if deal.trump is None else t("alt.trumps", suit=word("suit", deal.trump))]
    alt.append(t("alt.dealer", seat=word("seat", deal.dealer)))
    if bids:
        said = [fmt.bid(bid, lang, multipliers.get(seat), words="alt.bid_", seat=word("seat", seat))
                for seat, bid in deal.bids]
        alt.append(t("alt.bids", bids=fmt.listed(said, lang)))
    for seat in SEATS:
        hand = deal.hands[seat]
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


def _card(x, y, card, lang, outlined=False) -> str:
    """One card face: rank (or joker name) over the suit symbol, in a white rounded box."""
    card = parse_card(card)
    stroke = f'stroke="{MARK}" stroke-width="3"' if outlined else 'stroke="#5f5f5f" stroke-width="1"'
    box = f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="#fff" {stroke}/>'
    cx = x + CARD_W // 2
    if card.is_joker:
        colour = RED if card.rank == "BIG" else INK
        name = terms(lang)(f"jokers.{card.rank}")
        return box + _text(cx, y + 22, name, size=9, bold=True, fill=colour) + _text(cx, y + 46, "\u2605", size=18, fill=colour)
    colour = RED if card.suit in fmt.RED_SUITS else INK
    rank = fmt.card_text(card, lang)[:-1]
    return box + _text(cx, y + 23, rank, size=17, bold=True, fill=colour) + _text(
        cx, y + 47, fmt.SUIT_SYMBOLS[card.suit], size=21, fill=colour
    )


def _text(x, y, text, *, size=14, bold=False, fill=INK, anchor="middle") -> str:
    weight = ' font-weight="700"' if bold else ""
    return f'<text x="{x}" y="{y}" font-size="{size}"{weight} fill="{fill}" text-anchor="{anchor}">{escape(text)}</text>'


def _text_width(text: str, size: int = 14) -> int:
    """A generous estimate of the width of ``text`` (no font metrics in a build)."""
    return len(text) * size * 6 // 10 + 8


def _wrap(width, height, body, alt) -> Markup:
    label = escape(alt)
    return Markup(
        f'<div class="ba-diagram" tabindex="0" data-search-exclude="true"><svg role="img" aria-label="{label}" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}"><title>{label}</title>{body}</svg></div>'
    )
