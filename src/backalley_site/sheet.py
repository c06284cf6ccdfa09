"""The tables of the printable rules sheet, each figure computed by the engine's ``score_deal``.

Pages reach these through the template names ``target_scores``, ``board_values`` and
``score_rates`` (see CONTRIBUTING.md); ``pdf_name`` is shared by the page's download link and
the MkDocs hook that prints the sheet.
"""
from __future__ import annotations

from backalley import deal_sizes, resolve_variant, score_deal, side_contracts

SEATS_FROM_DEALERS_LEFT = ("E", "S", "W", "N")  # North deals: East bids first, North last


def pdf_name(lang: str) -> str:
    """The file name of a language's printed sheet, written at the root of that language."""
    return f"rules-sheet-{lang}.pdf"


def _numbers(target: int) -> list[tuple[str, object]]:
    """North bids ``target`` (a pass when 0); everyone else passes."""
    return [(seat, target if seat == "N" and target else "pass") for seat in SEATS_FROM_DEALERS_LEFT]


def _ns_score(hand_size: int, bids, ns_tricks: int, variant) -> int:
    return score_deal(hand_size, bids, {"NS": ns_tricks, "EW": hand_size - ns_tricks}, variant)["NS"]


def target_scores(variant="standard", targets=range(1, 7), extra=(1, 2)) -> dict:
    """``{"extra": (1, 2), "rows": ({"target", "made", "extra": (…), "set"}, …)}``, a row per target.

    ``made`` is the score for exactly the target, ``extra`` the scores with each number of
    tricks over it, ``set`` the score one trick short (any shortfall scores the same). The deal
    is the variant's largest, so that every row can be played.
    """
    v = resolve_variant(variant)
    hand_size = max(deal_sizes(v))
    rows = []
    for target in targets:
        if target < 1 or target + max(extra, default=0) > hand_size:
            raise ValueError(f"a target of {target} with {max(extra)} extra tricks does not fit a "
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
    """``{"levels": (1, 2, 3, 4), "rows": ({"cards": h, "points": (…)}, …)}`` for h = 1 … 13.

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
    for hand_size in range(1, max(deal_sizes(v)) + 1):
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
        "board": _ns_score(1, _boards(1), 1, v) // side_contracts(_boards(1), v)["NS"].multiplier,
    }
