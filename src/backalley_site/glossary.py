"""The glossary: each term with its definition and a link to the rule that defines it, and the
same definitions explained on hover where the terms appear in the rules pages, each term a
link to its entry.

The words are the term files' ``[glossary.<key>]`` tables: ``term`` (the headword), ``text``
(the definition), ``rule`` (the number of the rule that defines it, e.g. ``2.9``) and
``hover`` (the exact forms that get the definition on hover in the rules pages, separated by
``|``; empty for none). Every language has the same keys, so the entries' anchors
(``glossary-<key>``) are the same everywhere. A definition's figures come from the engine:
``{set_points}`` (lost per trick of a missed target) and ``{board_points}`` (a board's value
per card and level), each with its noun.
"""
from __future__ import annotations

import html
import re
import unicodedata

from backalley import rulebook

from . import formatting as fmt
from .sheet import score_rates
from .terms import terms

RULE_PAGES = ("table-and-deals", "bidding", "tricks", "scoring")
"""The pages whose glossary terms are explained on hover."""

ABBREVIATION = re.compile(r'<abbr title="([^"]*)">(.*?)</abbr>', re.S)


def entries(lang: str) -> list[tuple[str, dict[str, str]]]:
    """``(key, {"term", "text", "rule", "hover"})`` for every entry, in the language's
    alphabetical order of headwords (accents and case ignored)."""
    t = terms(lang)
    rates = score_rates()
    figures = {"set_points": fmt.count(rates["set_trick"], "points", lang),
               "board_points": fmt.count(rates["board"], "points", lang)}
    keys = sorted({key.split(".")[1] for key in t.keys() if key.startswith("glossary.")})
    found = [(key, {**t.table(f"glossary.{key}"), "text": t(f"glossary.{key}.text", **figures)}) for key in keys]
    return sorted(found, key=lambda item: _sort_key(item[1]["term"]))


def glossary(*, lang: str) -> str:
    """The glossary as Markdown: one ``###`` entry per term, its definition and a link to its rule."""
    blocks = []
    for key, entry in entries(lang):
        number = entry["rule"]
        label = terms(lang)("interface.rule", number=number)
        blocks.append(f"### {entry['term']} {{ #glossary-{key} }}\n\n"
                      f"{entry['text']} [{label}]({rule_link(number)})")
    return "\n\n".join(blocks)


def rule_link(number: str) -> str:
    """The Markdown link target of rule ``number`` from a page of the same language."""
    return f"{rulebook.page(number)}.md#{rulebook.anchor(number)}"


def hover_definitions(page: str, lang: str) -> str:
    """Markdown abbreviation definitions (``*[form]: definition``) for a rules page, so that the
    glossary's terms are explained on hover there; nothing for other pages."""
    if page not in RULE_PAGES:
        return ""
    lines = []
    for _, entry in entries(lang):
        for form in filter(None, (f.strip() for f in entry["hover"].split("|"))):
            lines.append(f"*[{form}]: {entry['text']}")
    return "\n\n" + "\n".join(lines) + "\n" if lines else ""


def linked_terms(page_html: str, lang: str, glossary: str) -> str:
    """The page's explained terms (``<abbr>``, from ``hover_definitions``) made links to their
    glossary entries (``glossary``: the glossary page's address from this page): a keyboard
    reaches them, the theme shows the definition on hover and on focus, a tap opens the entry.
    A term inside another link keeps its definition on hover only."""
    keys = {entry["text"]: key for key, entry in entries(lang)}

    def link(match):
        key = keys.get(html.unescape(match.group(1)))
        start = match.start()
        if key is None or page_html.rfind("<a ", 0, start) > page_html.rfind("</a>", 0, start):  # inside a link
            return match.group(0)
        return f'<a class="ba-term" href="{glossary}#glossary-{key}" title="{match.group(1)}">{match.group(2)}</a>'

    return ABBREVIATION.sub(link, page_html)


def _sort_key(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))
