"""The score sheet that ``backalley scorecard show`` prints, as lines of plain text in one of the
site's languages: a row per deal, the running totals and what comes next. Its words are the term
files' ``[scorecard_sheet]`` (seat letters, column heads, a thrown-in deal, the result)."""
from __future__ import annotations

from . import formatting as fmt
from .terms import terms


def sheet(card, lang: str) -> list[str]:
    """The score sheet of ``card`` (a ``backalley.Scorecard``) in ``lang``."""
    t = terms(lang)

    def say(key: str, **fields) -> str:
        return t(f"scorecard_sheet.{key}", **fields)

    letters = say("seats")

    def seat(letter: str) -> str:
        return letters["NESW".index(letter)]

    def side(sides: str) -> str:
        return say("side_dash").join(seat(s) for s in sides)

    def bid(value) -> str:
        return say(value) if isinstance(value, str) else str(value)

    def number(value: int) -> str:  # a true minus sign
        return f"\u2212{-value}" if value < 0 else str(value)

    head = [say("deal"), say("cards"), say("dealer"), say("bids"), f"{say('tricks')} {side('NS')}/{side('EW')}",
            say("score"), say("total")]
    rows = []
    for row in card.rows:
        tricks = say("thrown_in") if row.thrown_in else f"{row.tricks['NS']}/{row.tricks['EW']}"
        if row.revoke:
            tricks += f" ({say('revoke')} {side(row.revoke)})"
        rows.append([str(row.number), str(row.hand_size), seat(row.dealer),
                     ", ".join(f"{seat(s)} {bid(b)}" for s, b in row.bids), tricks,
                     f"{number(row.score['NS'])}/{number(row.score['EW'])}",
                     f"{number(row.totals['NS'])}/{number(row.totals['EW'])}"])
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(r, widths)).rstrip() for r in [head, *rows]]
    if card.tiebreak is not None:
        lines.append(say("tiebreak", ns=card.tiebreak["NS"], ew=card.tiebreak["EW"]))
    following = card.next_deal
    if following is not None:
        cards = fmt.count(following.hand_size, "cards_each" if t.has("plural.cards_each") else "cards", lang)
        lines.append(say("next", number=following.number, cards=cards, dealer=seat(following.dealer)))
    elif card.winner:
        lines.append(say("won", side=side(card.winner)))
    else:
        lines.append(say("draw"))
    return lines
