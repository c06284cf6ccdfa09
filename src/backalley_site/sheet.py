"""The printed documents' names and tables: the rules sheet's figures, each computed by the
engine's ``score_deal``, and the score pad's rows.

Pages reach these through the template names ``target_scores``, ``board_values``,
``score_rates``, ``score_pad`` and ``preset_name`` (see CONTRIBUTING.md); ``pdf_name`` is shared by the pages'
download links, the MkDocs hook that prints the documents and ``backalley print``.
"""
from __future__ import annotations

from markupsafe import Markup, escape

from backalley import VARIANTS, deal_sizes, resolve_variant, score_deal, side_contracts

from . import formatting as fmt
from .terms import terms

SEATS_FROM_DEALERS_LEFT = ("E", "S", "W", "N")  # North deals: East bids first, North last


DOCUMENTS = {"sheet": "rules-sheet", "scorepad": "score-pad"}
"""Each printable document by its ``backalley print`` name, and the page of ``docs/<lang>/`` it prints."""
PAPERS = {"a4": "A4", "letter": "Letter"}
"""Paper sizes by their command-line names, and as Chromium names them."""


def pdf_name(lang: str, document: str = "sheet") -> str:
    """The file name of a language's printed document (the standard game, A4), written at the root
    of that language: ``rules-sheet-fr.pdf``, ``score-pad-fr.pdf``."""
    return f"{DOCUMENTS[document]}-{lang}.pdf"


def _numbers(target: int) -> list[tuple[str, str | int]]:
    """North bids ``target`` (a pass when 0); everyone else passes."""
    return [(seat, target if seat == "N" and target else "pass") for seat in SEATS_FROM_DEALERS_LEFT]


def _ns_score(hand_size: int, bids, ns_tricks: int, variant) -> int:
    return score_deal(hand_size, bids, {"NS": ns_tricks, "EW": hand_size - ns_tricks}, variant)["NS"]


def target_scores(variant="standard", targets=None, extra=None) -> dict:
    """``{"extra": (1, 2), "rows": ({"target", "made", "extra": (…), "set"}, …)}``, a row per target.

    ``made`` is the score for exactly the target, ``extra`` the scores with each number of
    tricks over it, ``set`` the score one trick short (any shortfall scores the same). The deal
    is the variant's largest, so that every row can be played. By default the targets are 1 to 6
    and the extra tricks 1 and 2, as many of them as the largest deal and the largest bid allow.
    """
    v = resolve_variant(variant)
    hand_size = max(deal_sizes(v))
    if extra is None:
        extra = tuple(k for k in (1, 2) if 1 + k <= hand_size)
    if targets is None:
        top_bid = hand_size if v.bid_up_to_hand_size else hand_size - 1
        targets = range(1, min(6, top_bid, hand_size - max(extra, default=0)) + 1)
    rows = []
    for target in targets:
        if target < 1 or target + max(extra, default=0) > hand_size:
            raise ValueError(f"a target of {target} with {max(extra, default=0)} extra tricks does not fit a "
                             f"deal of {hand_size} cards")
        bids = _numbers(target)
        set_scores = {_ns_score(hand_size, bids, tricks, v) for tricks in range(target)}
        if len(set_scores) != 1:
            raise ValueError(f"a side set on a target of {target} scores {sorted(set_scores)} "
                             "depending on its tricks: the sheet shows a single figure")
        rows.append({
            "target": target,
            "made": _ns_score(hand_size, bids, target, v),
            "extra": tuple(_ns_score(hand_size, bids, target + k, v) for k in extra),
            "set": set_scores.pop(),
        })
    return {"extra": tuple(extra), "rows": tuple(rows)}


def _boards(count: int) -> list[tuple[str, str]]:
    """The last ``count`` bidders bid board, the others pass: North's board is the ``count``-th."""
    first_board = len(SEATS_FROM_DEALERS_LEFT) - count
    return [(seat, "board" if i >= first_board else "pass") for i, seat in enumerate(SEATS_FROM_DEALERS_LEFT)]


def board_values(variant="standard") -> dict:
    """``{"levels": (1, 2, 3, 4), "rows": ({"cards": h, "points": (…)}, …)}``, a row per hand size the
    variant deals, smallest first.

    ``points`` are what a side with that level scores for taking every trick. A side that
    loses a trick loses exactly as much; the sheet says so, and this checks it.
    """
    v = resolve_variant(variant)
    levels, bid_lists = [], []
    for count in range(1, len(v.board_multipliers) + 1):
        bids = _boards(count)
        levels.append(side_contracts(bids, v)["NS"].multiplier)
        bid_lists.append(bids)
    rows = []
    for hand_size in sorted(set(deal_sizes(v))):
        values = []
        for level, bids in zip(levels, bid_lists):
            made = _ns_score(hand_size, bids, hand_size, v)
            lost = {_ns_score(hand_size, bids, tricks, v) for tricks in range(hand_size)}
            if lost != {-made}:
                raise ValueError(f"a board ×{level} on {hand_size} cards scores {made} when made but "
                                 f"{sorted(lost)} when lost: the sheet says a lost board costs as much")
            values.append(made)
        rows.append({"cards": hand_size, "points": tuple(values)})
    return {"levels": tuple(levels), "rows": tuple(rows)}


def score_rates(variant="standard") -> dict:
    """The rates behind the scoring formulas, measured on the engine's scores.

    ``bid_trick``: points per trick of a made target; ``extra_trick``: per trick over it;
    ``set_trick``: points lost per trick of a missed target; ``pass_trick``: per trick taken
    by a side whose partners both passed; ``board``: a board's value per card and level.
    """
    v = resolve_variant(variant)
    h = max(deal_sizes(v))
    one = _numbers(1)
    made = _ns_score(h, one, 1, v)
    # North bids 1 and the others pass, so East–West are the side that passed
    passed = score_deal(h, one, {"NS": h - 1, "EW": 1}, v)["EW"]
    return {
        "bid_trick": made,
        "extra_trick": _ns_score(h, one, 2, v) - made,
        "set_trick": -_ns_score(h, one, 0, v),
        "pass_trick": passed,
        "board": _ns_score(h, _boards(1), h, v) // (h * (side_contracts(_boards(1), v)["NS"].multiplier or 1)),
    }


def spoken_name(name: str, lang: str) -> str:
    """What a player calls the variant ``name`` (its spec): a preset's name (``preset_names``),
    any other mix its spec as written."""
    return terms(lang)(f"preset_names.{name}") if name in VARIANTS else name


def preset_name(variant, *, lang: str) -> Markup:
    """A variant as a printed document names it: a preset by the name a player would say, its code
    beside it (``documents.preset``); any other mix by its code alone."""
    v = resolve_variant(variant)
    code = Markup("<code>{}</code>").format(v.name)
    if v.name not in VARIANTS:
        return code
    return Markup(terms(lang)("documents.preset", name=escape(spoken_name(v.name, lang)), code=code))


SPARE_ROWS = 3
"""Blank rows at the foot of the score pad, for deals thrown in and dealt again."""


def score_pad(variant="standard", *, lang: str) -> Markup:
    """The score pad: a band for the players' names and the date, then the table, in a box that
    scrolls sideways on a narrow screen. A row per scheduled deal, its number and hand size filled
    in, the dealer and each side's bid, tricks, score and running total left to write; then
    ``SPARE_ROWS`` blank rows for deals thrown in, and a final row for each side's result. Words
    from the term file's ``[pad]``; the table's ``--ba-pad-rows`` lets print.css share the page's
    height among the rows."""
    t = terms(lang)
    columns = ("bid", "tricks", "score", "total")
    width = 3 + 2 * len(columns)
    blank = "<td></td>" * (width - 2)
    head = (
        f'<tr><th scope="col" rowspan="2">{t("pad.deal")}</th><th scope="col" rowspan="2">{t("pad.cards")}</th>'
        f'<th scope="col" rowspan="2">{t("pad.dealer")}</th>'
        + "".join(f'<th scope="colgroup" colspan="{len(columns)}">{t(f"sides.{side}")}</th>' for side in ("NS", "EW"))
        + "</tr>\n<tr>" + "".join(f'<th scope="col">{t(f"pad.{c}")}</th>' for c in columns) * 2 + "</tr>"
    )
    sizes = deal_sizes(variant)
    rows = [f"<tr><td>{fmt.number(i, lang)}</td><td>{fmt.number(size, lang)}</td>{blank}</tr>"
            for i, size in enumerate(sizes, 1)]
    spare = f'<tr class="ba-pad-spare"><th scope="rowgroup" colspan="{width}"><span>{t("pad.spare")}</span></th></tr>'
    rows += [spare] + [f"<tr><td></td><td></td>{blank}</tr>"] * SPARE_ROWS
    side = f'<td colspan="{len(columns) - 1}"></td><td></td>'
    final = f'<tr><th scope="row" colspan="3">{t("pad.final")}</th>{side * 2}</tr>'
    groups = ('<colgroup><col class="ba-pad-number"><col class="ba-pad-number"><col class="ba-pad-dealer"></colgroup>'
              + f'<colgroup class="ba-pad-side">{"<col>" * len(columns)}</colgroup>' * 2)
    # the rows share the page's height with the lines under the grid: the Rainbow bonus's own line
    # of scoring takes one row's share more (print.css)
    shares = len(sizes) + SPARE_ROWS + 1 + (1 if resolve_variant(variant).rainbow_bonus else 0)
    table = (f'<table class="ba-pad" style="--ba-pad-rows: {shares}">\n{groups}\n'
             f'<thead>\n{head}\n</thead>\n<tbody>\n' + "\n".join(rows)
             + f"\n</tbody>\n<tfoot>\n{final}\n</tfoot>\n</table>")
    return Markup(_names_band(t) + '\n<div class="md-typeset__scrollwrap"><div class="md-typeset__table">\n'
                  + table + "\n</div></div>")


def _names_band(t) -> str:
    """A line to write in each side's two players and one for the date."""
    line = '<span class="ba-pad-line"></span>'
    fields = [(t(f"sides.{side}"), line + " " + line) for side in ("NS", "EW")] + [(t("pad.date"), line)]
    return ('<p class="ba-pad-names">'
            + "".join(f'<span class="ba-pad-field">{label} {lines}</span>' for label, lines in fields) + "</p>")
