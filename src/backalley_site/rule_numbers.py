"""Rule numbers on the rules pages: ``{{ rule("3.12") }}`` at the start of a rule's paragraph or
list item shows its number as a link to itself (anchor ``rule-3.12``, the same in every language).

The numbers are the engine's rule book (``backalley.rulebook``): a page may number only its own
section's rules, each once, in order, and must number all of them.
"""
from __future__ import annotations

import re
from html import escape
from pathlib import Path

from backalley import rulebook

from .formatting import plain_text
from .terms import terms


class PageRules:
    """The rule numbers one page states, checked as they come: ``PageRules(page, lang).marker``
    is the page's ``rule()``, and ``finish()`` checks that none of its section is missing."""

    def __init__(self, page: str, lang: str):
        self.page = Path(page).stem
        self.lang = lang
        self.seen: list[str] = []

    def marker(self, number: str) -> str:
        """The HTML of rule ``number``'s mark: its number, linking to itself."""
        number = str(number)
        rulebook.sort_key(number)  # a malformed number is refused with its own message
        if number not in rulebook.NUMBERS:
            raise ValueError(f"rule {number} is not in the rule book (backalley/rulebook.py, NUMBERS)")
        home = rulebook.page(number)
        if home != self.page:
            raise ValueError(f"rule {number} belongs on {home}.md, not here")
        if number in self.seen:
            raise ValueError(f"rule {number} is numbered twice")
        if self.seen and rulebook.sort_key(number) < rulebook.sort_key(self.seen[-1]):
            raise ValueError(f"rule {number} comes after rule {self.seen[-1]}: numbers follow the page order")
        self.seen.append(number)
        anchor = rulebook.anchor(number)
        title = escape(terms(self.lang)("interface.rule_link", number=number))
        return f'<a class="rule-number" id="{anchor}" href="#{anchor}" title="{title}">{number}</a>'

    def finish(self) -> None:
        """Refuse a rules page that leaves out a rule of its section."""
        if self.page not in rulebook.PAGES:
            return
        missing = [n for n in rulebook.NUMBERS if rulebook.page(n) == self.page and n not in self.seen]
        if missing:
            raise ValueError(f"rules not numbered on this page: {', '.join(missing)} "
                             f"(each stands as {{{{ rule(\"{missing[0]}\") }}}} before its text)")


_RULE_BLOCK = re.compile(
    r'<(p|li)>\s*(?:<p>\s*)?<a class="rule-number" id="rule-([^"]+)"[^>]*>[^<]*</a>(.*?)</\1>', re.S)
_BLOCK_TAG = re.compile(r"</?(?:p|ul|ol|li|br)\b[^>]*>")


def search_entries(html: str, url: str, lang: str) -> list[dict[str, str]]:
    """One search index entry per numbered rule in a page's ``html``: titled with the rule's
    number ("Règle 3.12"), located at its anchor, with the rule's text, so that a search for a
    rule number finds the rule itself."""
    entries = []
    for match in _RULE_BLOCK.finditer(html):
        number, body = match[2], match[3]
        text = " ".join(plain_text(_BLOCK_TAG.sub(" ", body)).split())
        entries.append({"location": f"{url}#{rulebook.anchor(number)}",
                        "title": terms(lang)("interface.rule", number=number), "text": text})
    return entries
