"""The words of the score sheet that ``backalley scorecard show`` prints, in the site's four
languages (seat letters, column heads, a thrown-in deal, the result)."""
from __future__ import annotations

WORDS = {
    "en": {"seats": "NESW", "deal": "Deal", "cards": "Cards", "dealer": "Dealer", "bids": "Bids",
           "tricks": "Tricks", "score": "Score", "total": "Total", "thrown_in": "thrown in", "pass": "pass", "board": "board",
           "revoke": "revoke", "next": "Next: deal {number}, {cards} cards, {dealer} deals",
           "won": "{side} win the match", "draw": "The match is a draw", "tiebreak": "Tie-break deal: {ns}–{ew}"},
    "fr": {"seats": "NESO", "deal": "Donne", "cards": "Cartes", "dealer": "Donneur", "bids": "Annonces",
           "tricks": "Plis", "score": "Points", "total": "Total", "thrown_in": "donne annulée", "pass": "passe", "board": "board",
           "revoke": "renonce", "next": "Donne suivante : n° {number}, {cards} cartes, donneur : {dealer}",
           "won": "{side} gagnent la partie", "draw": "Partie nulle", "tiebreak": "Donne de départage : {ns}–{ew}"},
    "pt": {"seats": "NESO", "deal": "Distribuição", "cards": "Cartas", "dealer": "Quem dá", "bids": "Licitações",
           "tricks": "Vazas", "score": "Pontos", "total": "Total", "thrown_in": "distribuição anulada", "pass": "passo", "board": "board",
           "revoke": "renúncia", "next": "Próxima distribuição: n.º {number}, {cards} cartas, quem dá: {dealer}",
           "won": "{side} ganham a partida", "draw": "A partida fica empatada",
           "tiebreak": "Distribuição de desempate: {ns}–{ew}"},
    "ru": {"seats": "СВЮЗ", "deal": "Сдача", "cards": "Карт", "dealer": "Сдающий", "bids": "Заявки",
           "tricks": "Взятки", "score": "Очки", "total": "Итог", "thrown_in": "пересдача", "pass": "пас", "board": "борд",
           "revoke": "ренонс", "next": "Следующая сдача: № {number}, карт: {cards}, сдаёт {dealer}",
           "won": "Партию выиграли {side}", "draw": "Партия закончилась вничью",
           "tiebreak": "Решающая сдача: {ns}–{ew}"},
}


def seat(letter: str, lang: str) -> str:
    return WORDS[lang]["seats"]["NESW".index(letter)]


def side(sides: str, lang: str) -> str:
    return "–".join(seat(s, lang) for s in sides)


def number(value: int) -> str:
    """A score with a true minus sign."""
    return f"\u2212{-value}" if value < 0 else str(value)


def bid(value, lang: str) -> str:
    return WORDS[lang][value] if isinstance(value, str) else str(value)


def sheet(card, lang: str) -> list[str]:
    """The score sheet as lines of text: a row per deal, running totals, what comes next."""
    w = WORDS[lang]
    head = [w["deal"], w["cards"], w["dealer"], w["bids"], w["tricks"] + " " + side("NS", lang) + "/" + side("EW", lang),
            w["score"], w["total"]]
    rows = []
    for row in card.rows:
        bids = ", ".join(f"{seat(s, lang)} {bid(b, lang)}" for s, b in row.bids)
        tricks = w["thrown_in"] if row.thrown_in else f"{row.tricks['NS']}/{row.tricks['EW']}"
        if row.revoke:
            tricks += f" ({w['revoke']} {side(row.revoke, lang)})"
        rows.append([str(row.number), str(row.hand_size), seat(row.dealer, lang), bids, tricks,
                     f"{number(row.score['NS'])}/{number(row.score['EW'])}",
                     f"{number(row.totals['NS'])}/{number(row.totals['EW'])}"])
    widths = [max(len(r[i]) for r in [head] + rows) for i in range(len(head))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(r, widths)).rstrip() for r in [head] + rows]
    if card.tiebreak is not None:
        lines.append(w["tiebreak"].format(ns=card.tiebreak["NS"], ew=card.tiebreak["EW"]))
    nxt = card.next_deal
    if nxt is not None:
        lines.append(w["next"].format(number=nxt.number, cards=nxt.hand_size, dealer=seat(nxt.dealer, lang)))
    elif card.winner:
        lines.append(w["won"].format(side=side(card.winner, lang)))
    else:
        lines.append(w["draw"])
    return lines
