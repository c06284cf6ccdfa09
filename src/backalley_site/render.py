"""Pages as jinja2 templates in a sandbox: (Markdown, language) -> Markdown with the engine's figures.

A page sees the names of CONTRIBUTING.md and nothing else of Python. Every ``{{ … }}`` that
yields a number is written the way the language writes numbers. Any error becomes one
``RenderError`` naming the page and the line.
"""
from __future__ import annotations

import functools
import hashlib
import inspect
import marshal
import os
import re
import sys
import traceback
from decimal import Decimal
from pathlib import Path
from types import CodeType

import jinja2
from jinja2 import StrictUndefined, TemplateSyntaxError, Undefined
from jinja2.sandbox import ImmutableSandboxedEnvironment

import backalley
from backalley import Card
from backalley.card_values import HAND_SIZES
from backalley.files import write_whole
from backalley.simulate import CONFIDENCE
from backalley.strategy import PARTNER_SHARE
from backalley.table import MAX_HAND_SIZE

from . import ROOT, bidding_guide, diagrams, glossary, rule_numbers, sheet, simulations, tools, variants_view
from . import formatting as fmt
from .examples import Examples
from .terms import terms

DEFAULT_EXAMPLES = ROOT / "examples"


class RenderError(Exception):
    """A page could not be rendered; the message says where and what went wrong."""


def render(markdown: str, lang: str, *, page: str = "<string>", examples_dir: Path | None = None,
           line_offset: int = 0, variant="standard", on_site: bool = True) -> str:
    """``markdown`` with its placeholders filled in ``lang``.

    The page sees ``variant`` (a ``backalley.Variant``, the standard game unless given: the rules
    sheet printed for a house-rule mix) and ``on_site`` (false for a printable document, which
    has no tool). ``line_offset`` is added to reported line numbers (lines above ``markdown`` in
    the file, such as front matter).
    """
    try:
        env = environment(lang, Path(examples_dir or DEFAULT_EXAMPLES))
        template = env.template_class.from_code(env, compiled(env, markdown, page, lang), env.globals)
        rules = rule_numbers.PageRules(page, lang)
        text = template.render(rule=rules.marker, variant=backalley.resolve_variant(variant), on_site=on_site)
        rules.finish()
        return text + glossary.hover_definitions(Path(page).stem, lang)
    except TemplateSyntaxError as exc:
        raise RenderError(f"{_where(page, exc.lineno, line_offset)}: {exc.message}") from exc
    except Exception as exc:
        lines = [frame.lineno for frame in traceback.extract_tb(exc.__traceback__) if frame.filename == page]
        where = _where(page, lines[-1] if lines else None, line_offset)
        raise RenderError(f"{where}: {type(exc).__name__}: {exc}") from exc


_code: dict[str, CodeType] = {}


def compiled(env, markdown: str, page: str, lang: str) -> CodeType:
    """``env.compile(markdown, page, page)`` for the environment of ``lang``, kept: in this process,
    and on disk in ``.cache/templates/`` beside mkdocs.yml (``$BACKALLEY_TEMPLATE_CACHE``
    elsewhere), so that a build compiles only the pages that changed. An entry is keyed by the
    page's text, name and language (jinja2 computes a filter of constants, such as
    ``{{ "H" | suit }}``, when it compiles), this module, jinja2 and Python; a page's older entries
    are removed when it is compiled again."""
    digest = hashlib.sha256("\0".join((sys.version, jinja2.__version__, lang, page, markdown)).encode())
    digest.update(_MODULE_HASH)
    key = digest.hexdigest()[:24]
    if key in _code:
        return _code[key]
    folder = Path(os.environ.get("BACKALLEY_TEMPLATE_CACHE") or ROOT / ".cache" / "templates")
    stem = re.sub(r"[^A-Za-z0-9]+", "-", f"{lang}-{page}").strip("-")
    path = folder / f"{stem}.{key}.code"
    try:
        code = marshal.loads(path.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        code = env.compile(markdown, page, page)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            write_whole(path, marshal.dumps(code))
            for old in folder.glob(f"{stem}.*.code"):
                if old != path:
                    old.unlink(missing_ok=True)
        except OSError:  # a folder we cannot write to only costs the next build this page's compilation
            pass
    _code[key] = code
    return code


_MODULE_HASH = hashlib.sha256(Path(__file__).read_bytes()).digest()


def _where(page: str, line: int | None, offset: int) -> str:
    return page if line is None else f"{page}, line {line + offset}"


class _PageSandbox(ImmutableSandboxedEnvironment):
    """The immutable sandbox, also refusing methods of engine objects so no page changes them."""

    def is_safe_attribute(self, obj, attr, value):
        return super().is_safe_attribute(obj, attr, value) and not inspect.ismethod(value)


@functools.cache
def environment(lang: str, examples_dir: Path) -> _PageSandbox:
    """The jinja2 environment of one language, built once per process."""
    terms(lang)  # an unknown language fails here, before any page
    env = _PageSandbox(
        undefined=StrictUndefined,
        finalize=functools.partial(_finalize, lang=lang),
        keep_trailing_newline=True,
    )
    env.globals.clear()
    env.globals.update(
        ex=Examples(examples_dir),
        deal_sizes=_once(backalley.deal_sizes),
        score_deal=_once(backalley.score_deal),
        VARIANTS=backalley.VARIANTS,
        standard=backalley.VARIANTS["standard"],
        differences=functools.partial(variants_view.differences, lang=lang),
        table_diagram=functools.partial(diagrams.table_diagram, lang=lang),
        hand_diagram=functools.partial(diagrams.hand_diagram, lang=lang),
        target_scores=_once(sheet.target_scores),
        board_values=_once(sheet.board_values),
        score_rates=_once(sheet.score_rates),
        sheet_pdf=sheet.pdf_name(lang),
        pad_pdf=sheet.pdf_name(lang, "scorepad"),
        score_pad=functools.partial(sheet.score_pad, lang=lang),
        preset_name=functools.partial(sheet.preset_name, lang=lang),
        glossary=functools.partial(glossary.glossary, lang=lang),
        card_value_deals=simulations.CARD_VALUE_DEALS,
        card_value_sizes=HAND_SIZES,
        confidence=CONFIDENCE,
        legal_bids=_once(backalley.legal_bids),
        pack_size=len(backalley.PACK),
        largest_hand=MAX_HAND_SIZE,
        partner_share=PARTNER_SHARE,
        tool=functools.partial(tools.tool, lang=lang),
    )
    env.globals.update({name: functools.partial(getattr(variants_view, name), lang=lang)
                        for name in variants_view.PAGE_NAMES})
    env.globals.update({name: functools.partial(getattr(bidding_guide, name), lang=lang)
                        for name in bidding_guide.PAGE_NAMES})
    for name in ("count", "card", "cards", "seat", "suit", "times", "join_numbers", "percent"):
        env.filters[name] = functools.partial(getattr(fmt, name), lang=lang)
    env.filters["hand"] = lambda cards, trump=None: fmt.cards(diagrams.sorted_hand(cards, trump), lang)
    return env


_results: dict = {}


def _once(function):
    """``function`` computed once per process and arguments, whatever the language."""

    @functools.wraps(function)
    def once(*args, **kwargs):
        key = (function.__name__, repr(args), repr(sorted(kwargs.items())))
        if key not in _results:
            _results[key] = function(*args, **kwargs)
        return _results[key]

    return once


def _finalize(value, lang: str):
    """How a ``{{ … }}`` is written: numbers in the language, text as it is, anything else refused."""
    if isinstance(value, Card):
        raise TypeError(f"{{{{ … }}}} gave the card {value}: write it with | card")
    if isinstance(value, (str, Undefined)):
        return value
    if isinstance(value, (int, float, Decimal)) and not isinstance(value, bool):
        return fmt.number(value, lang)
    raise TypeError(
        f"{{{{ … }}}} gave {type(value).__name__} {value!r}: write a number or text, "
        "with a filter such as | card, | cards, | seat or | join_numbers"
    )
