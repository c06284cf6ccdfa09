"""The box a page places a tool in (``{{ tool("scorekeeper") }}``): the button that starts it and
its progress bar; and each tool's words in each language, a file the tool fetches when it starts.

Nothing of a tool loads with the page but its box: a rules page's first load stays what it was.
A few lines that overrides/main.html puts on a page with a box import
``overrides/assets/tools/tools.js`` when the reader presses the button; it fetches the tool's words
(``assets/tools/words/<name>.<lang>.json``, written by ``write_words``) and the tools' stylesheet,
starts the engine (``assets/engine/engine.js``), then imports the tool's module
``assets/tools/<name>.js`` and calls its ``mount``. The words come from the term files:
``[tools]`` (every tool's), ``[tools.<name>]`` (the tool's own) and the card words every tool
draws with, typeset as the pages are.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from markupsafe import Markup, escape

from backalley import VARIANTS, options
from backalley.variants import format_value

from .terms import terms
from .typography import typeset_text
from .variants_view import choices, option_words

TOOLS = ("scorekeeper", "calculator", "may_play", "practice", "table_rules")
"""Every tool, by the name of its module and of its words' section."""
CARD_WORDS = ("seats", "sides", "suits", "ranks", "jokers", "spoken", "spoken_forms", "bids", "preset_names", "plural")
"""The sections of the term files every tool draws with (a seat, a card and its grammatical forms,
a bid, a preset)."""


def house_rules(lang: str) -> list[dict]:
    """Each rule option of the engine (``options()``), as a house-rule form asks it: ``option``,
    its question ``ask``, its ``choices`` (``value`` as a variant's text writes it, ``text`` in
    words), the ``standard`` game's value and, for an option open to other values, ``other`` (what
    any other value is, ``options.<option>.other``; else ``None``); the words typeset, the values
    as they are."""
    t, standard = terms(lang), VARIANTS["standard"]
    return [{"option": o.name, "ask": typeset_text(t(f"options.{o.name}.ask"), lang),
             "standard": format_value(getattr(standard, o.name)),
             "choices": [{"value": format_value(v), "text": typeset_text(option_words(o.name, v, lang), lang)}
                         for v in choices(o)],
             "other": typeset_text(t(f"options.{o.name}.other"), lang) if o.metadata["accepts"] else None}
            for o in options()]


def score_cases(lang: str) -> dict:
    """Why a side scores what it scores, by case of ``score_reasons``: the calculator's words."""
    return _typeset(_nested(terms(lang).table("tools.calculator"))["cases"], lang)


def _variants_words(lang: str) -> dict:
    """The variants page's labels (``[variants]``), typeset: the tool's tables use its headings."""
    return _typeset(terms(lang).table("variants"), lang)


EXTRA_WORDS: dict[str, dict[str, Callable[[str], object]]] = {
    "scorekeeper": {"house_rules": house_rules},
    "practice": {"cases": score_cases},
    "table_rules": {"house_rules": house_rules, "variants": _variants_words},
}
"""Words a tool needs beyond its own and the card words, by tool: a key and what makes it."""


class ToolError(ValueError):
    """A page names a tool that does not exist."""


def words(name: str, lang: str) -> dict:
    """The words of tool ``name`` in ``lang``: ``tools`` (every tool's), ``tool`` (its own), each
    of ``CARD_WORDS`` as a table, its ``EXTRA_WORDS``, ``lang`` and the Babel ``locale``; texts
    typeset for ``lang``."""
    if name not in TOOLS:
        raise ToolError(f"no tool called {name!r} (tools: {', '.join(TOOLS)})")
    t = terms(lang)
    shared = {key: text for key, text in t.table("tools").items() if key.split(".")[0] not in TOOLS}
    found = {"lang": lang, "locale": t("format.locale"),
             "tools": _typeset(_nested(shared), lang), "tool": _typeset(_nested(t.table(f"tools.{name}")), lang)}
    found.update({section: _typeset(_nested(t.table(section)), lang) for section in CARD_WORDS})
    found.update({key: make(lang) for key, make in EXTRA_WORDS.get(name, {}).items()})
    return found


WORDS_DIR = "assets/tools/words"
"""Where in the site each tool's words are, one file per tool and language: ``<name>.<lang>.json``."""


def write_words(site_dir: Path, languages: list[str]) -> list[Path]:
    """Write every tool's words in every language under ``site_dir/WORDS_DIR``; the files."""
    folder = Path(site_dir) / WORDS_DIR
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in TOOLS:
        for lang in languages:
            path = folder / f"{name}.{lang}.json"
            path.write_text(json.dumps(words(name, lang), ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
            written.append(path)
    return written


OPENED_BY = {"practice": "seed", "table_rules": "variant"}
"""The tools a shared link opens by itself: the parameter of the page's address (``?variant=…``
or ``#seed=…``) that names what the tool shows."""


def tool(name: str, lang: str) -> Markup:
    """The box of tool ``name`` for a page in ``lang``: a heading-less region the tool draws in,
    with the one sentence it says if it cannot even fetch its words (hidden until then)."""
    data = words(name, lang)
    own, shared = data["tool"], data["tools"]
    opened_by = f' data-opened-by="{OPENED_BY[name]}"' if name in OPENED_BY else ""
    return Markup(
        f'<div class="ba-tool" data-tool="{name}" data-lang="{lang}"{opened_by} role="region" aria-label="{escape(own["title"])}">\n'
        f'<button type="button" class="md-button md-button--primary ba-tool__start">{escape(own["start"])}</button>\n'
        f'<div class="ba-tool__loading" hidden><progress max="3" value="0" aria-label="{escape(own["title"])}"></progress>'
        f'<p class="ba-tool__status" role="status" aria-live="polite"></p></div>\n'
        f'<p class="ba-tool__cannot ba-tool__unfetched" role="alert" hidden>{escape(shared["cannot"]["failed"])}</p>\n'
        f'<div class="ba-tool__view"></div>\n'
        f'<noscript><p>{escape(shared["noscript"])}</p></noscript>\n'
        f'</div>'
    )


def _nested(flat: dict) -> dict:
    """``{"a.b": x}`` as ``{"a": {"b": x}}``."""
    tree: dict = {}
    for key, text in sorted(flat.items()):
        *parents, last = key.split(".")
        node = tree
        for part in parents:
            node = node.setdefault(part, {})
        node[last] = text
    return tree


def _typeset(value, lang: str):
    if isinstance(value, dict):
        return {key: _typeset(item, lang) for key, item in value.items()}
    return typeset_text(value, lang) if isinstance(value, str) else value
