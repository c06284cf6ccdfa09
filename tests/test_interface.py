"""The words around the content (search, footer, permalinks, titles, the 404 page) are in the
page's language on every French, Portuguese and Russian page: no English interface string left."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import material
from backalley_site.terms import terms
from backalley_site.typography import readable_texts

ROOT = Path(__file__).resolve().parents[1]
THEME = Path(material.__file__).parent / "templates" / "partials" / "languages"
OVERRIDES = ROOT / "overrides" / "partials" / "languages"
OTHER_LANGUAGES = ("fr", "pt", "ru")
CONFIG = re.compile(r'<script id="__config" type="application/json">(.*?)</script>', re.S)
TITLE = re.compile(r"<title>(.*?)</title>", re.S)


def interface_words(lang: str) -> dict[str, str]:
    """The theme's strings for ``lang``: this site's override if it has one, else Material's."""
    path = OVERRIDES / f"{lang}.html"
    text = (path if path.exists() else THEME / f"{lang}.html").read_text(encoding="utf-8")
    return dict(re.findall(r'^\s*"([\w.]+)": "(.*)",?$', text, re.M))


def english_only(lang: str) -> set[str]:
    """English interface strings that ``lang`` words otherwise: none may appear on its pages."""
    english, own = interface_words("en"), interface_words(lang)
    found = {value for key, value in english.items() if key in own and own[key] != value and len(value) > 2}
    return found | {terms("en")("interface.permalink")}


def shown(page: str) -> set[str]:
    """Every piece of text a reader meets on the page, and the strings its scripts may show."""
    pieces = {text.strip() for text in readable_texts(page)}
    for config in CONFIG.findall(page):
        pieces |= set(json.loads(config).get("translations", {}).values())
    return pieces


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_no_english_interface_string_is_left(built_site, built_pages, lang):
    english = english_only(lang)
    assert "Next" in english and "Permanent link" in english
    left = {}
    for path in built_pages(lang):
        found = shown(path.read_text(encoding="utf-8")) & english
        if found:
            left[path.relative_to(built_site).as_posix()] = sorted(found)
    assert not left


@pytest.mark.parametrize("lang, words", [
    ("pt", {"Pesquisar", "Seguinte", "Ligação permanente", "Escreva para pesquisar", "Copiar para a área de transferência"}),
    ("fr", {"Rechercher", "Suivant", "Lien permanent"}),
    ("ru", {"Поиск", "Вперёд", "Постоянная ссылка"}),
])
def test_the_interface_speaks_the_language(built_site, lang, words):
    page = shown((built_site / lang / "bidding" / "index.html").read_text(encoding="utf-8"))
    assert words <= {piece.replace("\u00a0", " ") for piece in page}


@pytest.mark.parametrize("lang, brazilian", [("pt", {"Buscar", "Próximo", "Digite para iniciar a busca",
                                                     "Inicializando a pesquisa", "Ausente", "Compartilhar"})])
def test_portuguese_is_european(built_pages, lang, brazilian):
    for path in built_pages(lang):
        assert not shown(path.read_text(encoding="utf-8")) & brazilian, path


def test_page_titles_name_the_page_then_the_site_once(built_pages):
    for lang, dash in (("fr", "–"), ("pt", "–"), ("ru", "—")):
        for path in built_pages(lang):
            [title] = TITLE.findall(path.read_text(encoding="utf-8").split("</head>")[0])
            assert title.count("Back Alley") == 1, (path, title)
            assert " - " not in title, (path, title)
            if title != "Back Alley" and not title.startswith("Back Alley"):
                assert title.endswith(f"\u00a0{dash} Back Alley") or title.endswith(f" {dash} Back Alley"), title


def test_the_check_sees_an_english_string(built_site):
    page = (built_site / "pt" / "bidding" / "index.html").read_text(encoding="utf-8")
    assert shown(page.replace("Seguinte", "Next")) & english_only("pt")
