"""Each language's typography, applied by rule to built HTML: no-break spaces and apostrophes.

- Every language: a no-break space between a number and the word after it (``13 cartes``), and
  around ``×`` and ``=`` between numbers (``10 × 5 × 3 = 150`` never breaks).
- French: a narrow no-break space (U+202F) before ``; ? !``, a no-break space (U+00A0) before
  ``:`` and inside ``« »``; the typographic apostrophe ``’``.
- Russian: a no-break space after a one-letter word (``в``, ``с``, ``к``, ``и``, ``а``, ``о``,
  ``у``, ``я``) and before a dash.

Text nodes are typeset, and the attributes a reader sees or hears (``title``, ``aria-label``,
``alt``, ``placeholder``); code, pre, kbd, script, style and textarea are left as they are.
The rules only ever turn spaces into no-break spaces and ``'`` into ``’``, so typesetting twice
changes nothing, and the words stay the same for search.
"""
from __future__ import annotations

import functools
import html
import re

NBSP, NNBSP = "\u00a0", "\u202f"
SPACE = r"[ \t\r\n\u00a0\u202f]"

_EVERYWHERE = [
    (re.compile(rf"(?<=\d){SPACE}+(?=[^\W\d_])"), NBSP),                       # 13 cards
    (re.compile(rf"(?<=\d){SPACE}+(?=[×=+−]{SPACE})"), NBSP),                        # 10 ×
    (re.compile(rf"(?<=[×=+−]){SPACE}+(?=[\d−])"), NBSP),                         # × 5
]
RULES = {
    "en": _EVERYWHERE,
    "pt": _EVERYWHERE,
    "fr": _EVERYWHERE + [
        (re.compile(rf"(?<=[^\s\u00a0\u202f;:?!]){SPACE}*(?=[;?!])"), NNBSP),      # mot ; mot ?
        (re.compile(rf"(?<=[^\s\u00a0\u202f]){SPACE}*(?=:(?:{SPACE}|$))"), NBSP),  # Atout : cœur
        (re.compile(rf"(?<=«){SPACE}*"), NBSP),
        (re.compile(rf"(?:{SPACE}+|(?<![ \t\r\n\u00a0\u202f]))(?=»)"), NBSP),
        (re.compile(r"(?<=\w)'(?=\w)"), "\u2019"),                                  # l’atout
    ],
    "ru": _EVERYWHERE + [
        (re.compile(rf"(?<=[вВсСкКиИаАоОуУяЯ])(?<![\w\-][вВсСкКиИаАоОуУяЯ]){SPACE}+"), NBSP),  # в масть
        (re.compile(rf"{SPACE}+(?=—)"), NBSP),                                        # Север — Юг
    ],
}

_TOKENS = re.compile(r"(<!--.*?-->|<[^>]*>)", re.S)
_SKIP = {"code", "pre", "kbd", "script", "style", "textarea"}
_ATTRIBUTES = re.compile(r'(\s(?:title|aria-label|alt|placeholder)=")([^"]*)(")')
_TAG_NAME = re.compile(r"</?([a-zA-Z][\w-]*)")
_BLOCKS = {"address", "article", "aside", "blockquote", "body", "br", "dd", "details", "div", "dl", "dt",
           "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header",
           "hr", "html", "label", "li", "main", "nav", "ol", "option", "p", "section", "summary", "table",
           "tbody", "td", "tfoot", "th", "thead", "title", "tr", "ul"}
"""Elements that end a run of text: no rule looks across them (a letter closing a table cell is
not a one-letter word before the next cell)."""


@functools.lru_cache(maxsize=1 << 16)  # a site repeats its navigation and labels on every page
def typeset_text(text: str, lang: str, before: str = "") -> str:
    """``text`` (plain, not HTML) with the rules of ``lang``; ``before`` is the text that precedes
    it on the page (the end of the previous text node), which rules may look at but never change."""
    def replace(match, replacement):
        kept = max(0, len(before) - match.start())  # the part of the match inside ``before``
        return match.group(0) if match.start() < len(before) >= match.end() else match.group(0)[:kept] + replacement

    for pattern, replacement in RULES[lang]:
        text = pattern.sub(functools.partial(replace, replacement=replacement), before + text)[len(before):]
    return text


def typeset_html(markup: str, lang: str) -> str:
    """``markup`` with every text node and readable attribute typeset for ``lang``."""
    if lang not in RULES:
        raise ValueError(f"no typography rules for language {lang!r} (known: {', '.join(RULES)})")
    out, before = [], ""
    for token, is_text, skipped in _pieces(markup):
        if not is_text:
            out.append(token if token.startswith("<!") else _ATTRIBUTES.sub(
                lambda m: m.group(1) + _escape(typeset_text(html.unescape(m.group(2)), lang)) + m.group(3), token))
            name = _TAG_NAME.match(token)
            if name and name.group(1).lower() in _BLOCKS:
                before = ""
        elif skipped or not token:
            out.append(token)
            before = (before + html.unescape(token))[-2:]  # code is still text that rules look behind at
        else:
            text = typeset_text(html.unescape(token), lang, before)
            before = (before + text)[-2:]
            out.append(html.escape(text, quote=False))
    return "".join(out)


def readable_texts(markup: str) -> list[str]:
    """What a reader sees or hears of ``markup``, piece by piece: the text nodes and the readable
    attributes, outside code, pre, kbd, script, style and textarea (entities decoded)."""
    found = []
    for token, is_text, skipped in _pieces(markup):
        if is_text:
            if token.strip() and not skipped:
                found.append(html.unescape(token))
        elif not token.startswith("<!"):
            found += [html.unescape(m.group(2)) for m in _ATTRIBUTES.finditer(token)]
    return found


def _pieces(markup: str):
    """``(token, is_text, inside a skipped element)`` for each tag, comment and text of ``markup``."""
    skipping: list[str] = []
    for i, token in enumerate(_TOKENS.split(markup)):
        if not i % 2:
            yield token, True, bool(skipping)
            continue
        yield token, False, bool(skipping)
        name = _TAG_NAME.match(token)
        if name and name.group(1).lower() in _SKIP and not token.endswith("/>"):
            if token.startswith("</"):
                if skipping:
                    skipping.pop()
            else:
                skipping.append(name.group(1).lower())


def _escape(value: str) -> str:
    """An attribute value between double quotes."""
    return html.escape(value, quote=True).replace("&#x27;", "'")
