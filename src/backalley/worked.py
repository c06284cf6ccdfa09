"""The worked examples shipped with the engine (package ``backalley.examples``), run as data.

Each example is a doctest file. Running its statements leaves the names it defines: its
position (hands, bids, trick counts, cards on the table) and its results. ``effects``
computes them again under any variant; the site shows them as ``ex.<name>``.

>>> worked_examples()["numeric-bid"]["four"]
{'NS': 16, 'EW': 1}
>>> record = next(r for r in example_records() if r["name"] == "numeric-bid")
>>> record["hands"]["N"], record["bids"][0], record["outcomes"][0]
(['AS', 'KS', '7H', '4D', '2C'], ['N', 2], {'name': 'four', 'tricks': {'NS': 4, 'EW': 1}, 'score': {'NS': 16, 'EW': 1}})
"""
from __future__ import annotations

import doctest
import functools
import inspect
from importlib.resources import files
from types import MappingProxyType


class ExampleError(Exception):
    """An example is unknown, lacks a name, or raised while running."""


def run_doctest(text: str, where: str) -> dict:
    """The public names (not modules, classes or functions) that the statements of ``text`` leave.

    ``where`` names the file in errors, which also give the line.
    """
    namespace: dict = {"__name__": "example_" + where.rsplit("/", 1)[-1].removesuffix(".md").replace("-", "_")}
    for example in doctest.DocTestParser().get_examples(text, where):
        line = example.lineno + 1
        try:
            exec(compile(example.source, f"{where}, line {line}", "exec"), namespace)
        except Exception as exc:
            raise ExampleError(f"{where}, line {line}: {type(exc).__name__}: {exc}") from exc
    return {
        name: value
        for name, value in namespace.items()
        if not name.startswith("_")
        and not (inspect.ismodule(value) or inspect.isclass(value) or inspect.isroutine(value))
    }


def worked_examples() -> dict[str, MappingProxyType]:
    """Every shipped example's names, by file name without ``.md``; each file content runs once."""
    return {name[:-3]: run_text(text, f"examples/{name}") for name, text in example_texts()}


def example_texts() -> tuple[tuple[str, str], ...]:
    """``(file name, text)`` of every shipped example, in name order: what the results depend on."""
    folder = files("backalley.examples")
    found = sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".md"))
    return tuple((name, folder.joinpath(name).read_text(encoding="utf-8")) for name in found)


def example_records(variant="standard") -> list[dict]:
    """Every shipped example as plain data, for another program to check: its ``name``,
    ``hand_size``, the ``hands`` as dealt, ``trump``, ``dealer``, the ``bids``, the cards
    ``plays`` already played from the opening lead, the side charged with an established
    ``revoke`` (or ``None``), and the ``outcomes`` it states (each with its ``tricks`` and its
    ``score`` under ``variant``). Cards, seats and bids are text."""
    from .cards import card_order
    from .scoring import rainbow_hands, score_deal

    records = []
    for name, names in worked_examples().items():
        deal = names.get("deal")
        if deal is None:
            raise ExampleError(f"examples/{name}.md defines no deal: every example states its position")
        plays = [(seat, card) for trick in deal.tricks for seat, card in trick.cards] + deal.trick
        hands = deal.dealt_hands
        rainbows = rainbow_hands(hands, deal.trump)
        outcomes = [{"name": outcome, "tricks": dict(tricks),
                     "score": score_deal(deal.hand_size, deal.bids, tricks, variant, revoke=names.get("revoke"),
                                         rainbows=rainbows)}
                    for outcome, tricks in names.get("outcomes", {}).items()]
        records.append({
            "name": name, "hand_size": deal.hand_size,
            "hands": {seat: [str(c) for c in sorted(cards, key=card_order)] for seat, cards in hands.items()},
            "trump": deal.trump, "dealer": deal.dealer,
            "bids": [[seat, bid] for seat, bid in deal.bids],
            "plays": [[seat, str(card)] for seat, card in plays],
            "revoke": names.get("revoke"),
            "outcomes": outcomes,
        })
    return records




@functools.lru_cache(maxsize=64)
def run_text(text: str, where: str) -> MappingProxyType:
    """``run_doctest``, once per text and place: the site's pages and ``effects`` share the run."""
    return MappingProxyType(run_doctest(text, where))
