"""A table's own rules, for the variants page's tool ("your table's rules") in the reader's browser.

``table_rules`` says in a language what a mix of options changes from the standard game: the
rules sheet's phrases, the match's figures and the worked examples' figures, from
``backalley.effects.what_changes`` (which ``backalley variants diff`` prints). ``rules_document`` is
the printed sheet or pad of that mix, made by ``documents.document`` as ``backalley print``
makes it; it needs the renderer's packages, which the browser loads only when a reader asks
for a document (``browser_engine.RENDERER_ZIP``). Both are called through ``backalley.web``
(``SITE_MODULES``), so a bad mix is refused with the engine's message in the page's language.
"""
from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from backalley import options, resolve_variant
from backalley.effects import what_changes
from backalley.variants import format_value

from . import formatting as fmt
from . import packaged
from .terms import terms
from .typography import typeset_text
from .variants_view import changed, differences

__all__ = ["table_rules", "rules_document"]


def table_rules(variant, lang: str = "en") -> dict:
    """What ``variant`` (a spec) changes from the standard game, in ``lang``, typeset:

    - ``variant``: its canonical spec (what the page's address keeps); ``options``: each option's
      value as a spec writes it;
    - ``differences``: the phrases of the rules sheet's box;
    - ``match``: every figure of the match, ``{"key", "label", "standard", "value", "differs"}``;
    - ``examples``: each figure of a worked example that changes, ``{"example"`` (its anchor on
      the examples page), ``"title", "situation", "standard", "value"}``.

    >>> found = table_rules("standard,points_per_bid_trick=3")
    >>> found["variant"], found["differences"]
    ('standard,points_per_bid_trick=3', ['3-point tricks: each trick of a numeric target is worth 3\xa0points, won if made, lost if set'])
    >>> found["examples"][0]["standard"], found["examples"][0]["value"]
    ('16', '10')
    """
    v = resolve_variant(variant)
    t = terms(lang)
    found = what_changes("standard", v)

    def words(text) -> str:
        """Plain text, typeset: the page draws every answer as text, so a card's markup on the
        variants page (``<span class="ba-card">BIG</span>``) becomes its text here (``BIG``)."""
        return typeset_text(fmt.plain_text(text), lang)

    match = [{"key": key, "label": words(t(f"match.{key}")), "standard": fmt.number(before, lang),
              "value": fmt.number(after, lang), "differs": before != after}
             for key, (before, after) in found["match"].items()]
    examples = [{"example": figure.example, "title": words(t(f"examples.{figure.example}")),
                 "situation": words(situation), "standard": words(standard), "value": words(under)}
                for figure, situation, standard, under in changed(found["examples"], lang)]
    return {"variant": v.name, "options": {o.name: format_value(getattr(v, o.name)) for o in options()},
            "differences": [words(phrase) for phrase in differences(v, lang=lang)], "match": match,
            "examples": examples}


BUILD_DATE = "backalley_site/project/build-date.txt"
"""In the browser's renderer zip: the build's date (ISO), which the documents made there carry."""


def rules_document(kind: str, variant, lang: str = "en", stylesheet: str | None = None) -> str:
    """The HTML of the rules sheet (``kind`` ``sheet``) or the score pad (``scorepad``) of
    ``variant`` in ``lang``: ``documents.document``, what ``backalley print`` prints, dated as the
    site was built where the zip says so (in the browser), else as ``backalley print`` dates it;
    its styles linked from ``stylesheet`` when given (``browser_engine.DOCUMENT_STYLES``)."""
    from .documents import document
    from .pdf import build_date

    recorded = packaged("project") / Path(BUILD_DATE).name
    date = (datetime.fromisoformat(recorded.read_text(encoding="utf-8")).replace(tzinfo=UTC)
            if recorded.is_file() else build_date())
    return document(kind, lang, resolve_variant(variant), date=date, stylesheet=stylesheet)
