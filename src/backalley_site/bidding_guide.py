"""The bidding guide's tables and worked hands: the computer table's rule of thumb beside what the
engine measures (``backalley.card_values``, ``backalley.estimate``), in the page's language.

The measurements are read through ``simulations`` (simulated once per version of the engine).
Words come from the term files' ``[guide]`` table.
"""
from __future__ import annotations

from backalley import parse_cards, score_deal
from backalley.card_values import HOLDINGS
from backalley.estimate import THUMB, thumb_count
from backalley.strategy import BANDS, KINDS

from . import formatting as fmt
from . import simulations
from .terms import terms

PAGE_NAMES = ("card_value_table", "board_table", "distribution_table", "hand_estimate", "measured", "board_chance",
              "board_average", "thumb")
"""The functions the bidding guide calls (render.py gives them the page's language)."""


def _share(figure: dict, noun: str, lang: str) -> str:
    """A measured share to two decimals and, in small type, its 95 % interval and sample size."""
    low, high = (fmt.fixed(figure[k], 2, lang) for k in ("low", "high"))
    return (f"{fmt.fixed(figure['mean'], 2, lang)}<br><small>{low}–{high} · "
            f"{fmt.count(figure['n'], noun, lang)}</small>")


def thumb(kind: str, *, lang: str) -> float:
    """The rule of thumb's value for one kind of card, in tricks (``1.5`` for BIG)."""
    return float(THUMB[kind][1])


def thumb_value(kind: str, lang: str) -> str:
    """The rule of thumb for one kind of card, in words: ``about 1.5``, ``2/3 (0.67)``."""
    t = terms(lang)
    if kind not in THUMB:
        return t("guide.thumb.none")
    how, value = THUMB[kind]
    shown = fmt.number(round(float(value), 2), lang)
    if value.denominator > 2:
        shown = f"{value.numerator}/{value.denominator} ({shown})"
    return t(f"guide.thumb.{how}", value=shown)


def card_value_table(*, lang: str) -> str:
    """Markdown: a row per kind of card, the rule of thumb, then the measured share of those cards
    that won a trick in each band of hand size, its 95 % interval, and how many were dealt."""
    t = terms(lang)
    figures = simulations.cached_card_values()["values"]
    bands = [f"{lo}-{hi}" for lo, hi in BANDS]
    head = [t("guide.card"), t("guide.thumb.title")] + [
        t("guide.band", low=fmt.number(lo, lang), high=fmt.number(hi, lang)) for lo, hi in BANDS]
    rows = []
    for kind in KINDS:
        cells = [t(f"guide.kinds.{kind}"), thumb_value(kind, lang)]
        for b in bands:
            cells.append(_share(figures[b][kind], "cards", lang))
        rows.append(cells)
    return fmt.markdown_table(head, rows, numbers=True)


def board_table(*, lang: str) -> str:
    """Markdown: by hand size (rows) and best holding (columns), the measured chance that the
    holder's side takes every trick, as a percentage with its 95 % interval."""
    t = terms(lang)
    board = simulations.cached_card_values()["board"]
    head = [t("guide.hand_size")] + [t(f"guide.holdings.{name}") for name in HOLDINGS]
    rows = []
    for size, cells in board.items():
        row = [fmt.count(int(size), "cards", lang)]
        for name in HOLDINGS:
            figure = cells.get(name)
            row.append(_percent_range(figure, lang) if figure else t("guide.no_figure"))
        rows.append(row)
    return fmt.markdown_table(head, rows, numbers=True)


def _percent_range(figure: dict, lang: str) -> str:
    """``98 %`` and, in small type, its 95 % interval (``95–100 %``) and the number of hands it is
    measured on."""
    low = fmt.number(round(figure["low"] * 100), lang)
    high = fmt.percent(figure["high"], lang)
    return f"{fmt.percent(figure['mean'], lang)}<br><small>{low}–{high} · {fmt.count(figure['n'], 'hands', lang)}</small>"


def hand_estimate(cards: str, trump: str, samples: int = simulations.ESTIMATE_SAMPLES, *, lang: str) -> dict:
    """A worked hand for the page: the engine's estimate (``expected``, ``low``, ``high``, ``p_all``,
    ``samples``, ``distribution`` as ``(tricks, share)`` pairs), the rule of thumb's count
    (``thumb``: the sum of the values it gives the hand's cards) and the cards themselves
    (``hand``)."""
    figures = simulations.cached_estimate(cards, trump, samples)
    hand = parse_cards(cards)
    return {
        "hand": hand, "trump": trump,
        "expected": round(figures["expected_tricks"], 2),
        "low": round(figures["interval"][0], 2), "high": round(figures["interval"][1], 2),
        "p_all": figures["p_all"], "samples": figures["samples"],
        "distribution": [(int(k), share) for k, share in figures["distribution"].items()],
        "thumb": thumb_count(hand, trump),
    }


def distribution_table(estimate: dict, *, lang: str) -> str:
    """Markdown: a worked hand's tricks (``hand_estimate``'s ``distribution``), a row per number of
    tricks taken with how often the hand took it: two columns, narrow enough for a phone."""
    t = terms(lang)
    rows = [[fmt.number(tricks, lang), fmt.percent(share, lang)] for tricks, share in estimate["distribution"]]
    return fmt.markdown_table([t("guide.tricks"), t("guide.chance")], rows, numbers=True)


def measured(kind: str, band: str, *, lang: str) -> float:
    """The measured share of cards of ``kind`` that won a trick in band ``band`` (``"8-13"``), to
    two decimals."""
    return round(simulations.cached_card_values()["values"][band][kind]["mean"], 2)


def board_chance(hand_size: int, holding: str, *, lang: str) -> float:
    """The measured chance that a side takes every trick of a ``hand_size`` deal when the player's
    best card is ``holding`` (one of ``HOLDINGS``), to two decimals."""
    return round(simulations.cached_card_values()["board"][str(hand_size)][holding]["mean"], 2)


def board_average(chance: float, hand_size: int, *, lang: str) -> float:
    """What a first board (level ×1) of the standard game scores on average on ``hand_size``
    cards when the side takes every trick with probability ``chance``, taken as the page shows it
    (a whole percentage): it wins or loses the same amount (``score_deal``), so
    ``value × (2 × chance − 1)``, to one decimal."""
    chance = round(chance, 2)
    bids = [("E", "board"), ("S", "pass"), ("W", "pass"), ("N", "pass")]
    made = score_deal(hand_size, bids, {"NS": 0, "EW": hand_size})["EW"]
    lost = score_deal(hand_size, bids, {"NS": hand_size, "EW": 0})["EW"]
    return round(chance * made + (1 - chance) * lost, 1)
