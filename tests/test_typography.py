"""Each language's typography, by rule: the rules themselves, then every built page of the site
(prose, diagram text and text alternatives, tables, navigation, page titles, the 404 page)."""
from __future__ import annotations

import re

import pytest

from backalley_site.typography import NBSP, NNBSP, readable_texts, typeset_html, typeset_text

SPACES = " \t\r\n"


@pytest.mark.parametrize("lang, before, after", [
    ("fr", "Atout : cœur ; pourquoi ? Oui !", f"Atout{NBSP}: cœur{NNBSP}; pourquoi{NNBSP}? Oui{NNBSP}!"),
    ("fr", "Suivant: l'atout", f"Suivant{NBSP}: l’atout"),
    ("fr", "« oui » et «non»", f"«{NBSP}oui{NBSP}» et «{NBSP}non{NBSP}»"),
    ("fr", "10 × 5 × 3 = 150", f"10{NBSP}×{NBSP}5{NBSP}×{NBSP}3{NBSP}={NBSP}150"),
    ("fr", "13 cartes, 10:30, http://x", f"13{NBSP}cartes, 10:30, http://x"),
    ("ru", "Север — Юг ходит в масть и с козыря", f"Север{NBSP}— Юг ходит в{NBSP}масть и{NBSP}с{NBSP}козыря"),
    ("ru", "Вася и Лев", f"Вася и{NBSP}Лев"),
    ("en", "13 cards; why? 10 × 5", f"13{NBSP}cards; why? 10{NBSP}×{NBSP}5"),
    ("pt", "Norte: 5 vazas", f"Norte: 5{NBSP}vazas"),
])
def test_the_rules(lang, before, after):
    assert typeset_text(before, lang) == after
    assert typeset_text(after, lang) == after


@pytest.mark.parametrize("lang, before, after", [
    ("en", "<p>13 cards</p>", f"<p>13{NBSP}cards</p>"),
    ("fr", "<p>13 cartes</p>", f"<p>13{NBSP}cartes</p>"),
    ("pt", "<p>13 cartas</p>", f"<p>13{NBSP}cartas</p>"),
    ("ru", "<p>13 карт</p>", f"<p>13{NBSP}карт</p>"),
])
def test_every_language_typesets_html(lang, before, after):
    assert typeset_html(before, lang) == after


def test_html_text_and_readable_attributes_are_typeset_code_and_scripts_are_not():
    page = ('<p title="Suivant: x">Atout : <b>cœur</b>; <code>a : b</code></p>'
            '<script>var a = {"b": 1};</script><pre>x ; y</pre><svg><text>Nord : 2</text></svg>')
    done = typeset_html(page, "fr")
    assert done == (f'<p title="Suivant{NBSP}: x">Atout{NBSP}: <b>cœur</b>{NNBSP}; <code>a : b</code></p>'
                    f'<script>var a = {{"b": 1}};</script><pre>x ; y</pre><svg><text>Nord{NBSP}: 2</text></svg>')
    assert typeset_html(done, "fr") == done


def test_a_rule_looks_across_tags():
    assert typeset_html("<i>и</i> <b>с</b> козырем", "ru") == f"<i>и</i>{NBSP}<b>с</b>{NBSP}козырем"
    assert typeset_html("<b>Atout</b>: cœur", "fr") == f"<b>Atout</b>{NBSP}: cœur"


def test_no_rule_looks_across_a_block_boundary():
    """A letter ending a table cell or a list item is no one-letter word: the white space between
    the cells stays as it is (a no-break space there would be moved out of the table)."""
    cells = "<tr><td>Правило</td><td>козырь и</td>\n</tr>\n<tr><td>в</td></tr>"
    assert typeset_html(cells, "ru") == cells
    assert typeset_html("<li>и</li>\n<li>с козырем</li>", "ru") == f"<li>и</li>\n<li>с{NBSP}козырем</li>"


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="no typography rules for language 'de'"):
        typeset_html("x", "de")


# What a page of each language must never show (the rules' mistakes, found in readable text).
FAULTS = {
    "all": [
        (re.compile(rf"\d[{SPACES}]+[^\W\d_]"), "a breakable space between a number and its word"),
        (re.compile(rf"\d[{SPACES}]+[×=]|[×=][{SPACES}]+\d"), "a breakable space in a formula"),
    ],
    "fr": [
        (re.compile(r"[^\u202f][;?!]"), "no narrow no-break space before ; ? !"),
        (re.compile(r"[^\u00a0]:(?=[\s]|$)"), "no no-break space before :"),
        (re.compile(r"«[^\u00a0]|[^\u00a0]»"), "no no-break space inside « »"),
        (re.compile(r"\w'\w"), "a straight apostrophe"),
    ],
    "ru": [
        (re.compile(rf"(?<![\w\-])[вВсСкКиИаАоОуУяЯ][{SPACES}]"), "a breakable space after a one-letter word"),
        (re.compile(rf"[{SPACES}]—"), "a breakable space before a dash"),
    ],
}


def faults(texts: list[str], lang: str) -> list[str]:
    found = []
    for text in texts:
        for pattern, what in FAULTS["all"] + FAULTS.get(lang, []):
            for match in pattern.finditer(text):
                found.append(f"{what}: …{text[max(0, match.start() - 20):match.end() + 20]!r}…")
    return found


@pytest.mark.parametrize("lang", ["en", "fr", "pt", "ru"])
def test_every_built_page_follows_its_language_s_typography(built_site, built_pages, lang):
    pages = built_pages(lang)
    assert len(pages) >= 11
    found = {p.relative_to(built_site).as_posix(): faults(readable_texts(p.read_text(encoding="utf-8")), lang)
             for p in pages}
    assert not {page: f[:5] for page, f in found.items() if f}


def test_the_check_finds_untypeset_text():
    assert faults(["Atout : cœur ; l'atout"], "fr")
    assert faults(["Север — Юг в масть"], "ru")
    assert faults(["13 cards"], "en")
    assert not faults([typeset_text("Atout : cœur ; l'atout, « oui », 13 cartes", "fr")], "fr")
