"""Printable documents: a page of ``docs/`` rendered for a variant, as one self-contained HTML file.

The rules sheet and the score pad print from here, both on the site (``hooks/print_documents.py``) and
from ``backalley print``: the page's own Markdown, filled by ``render`` with the variant's
figures and words, converted with the site's Markdown extensions (``mkdocs.yml``), typeset for
the language (``typography``), and set in the
site's stylesheets (Material's, ``backalley.css``, ``print.css``), inlined so that the file needs
nothing else. MkDocs is not involved, so a sheet prints the same wherever it is asked for.
"""
from __future__ import annotations

import functools
import html
import re
import tempfile
from datetime import datetime
from importlib import resources
from pathlib import Path

import markdown
import yaml
from babel.dates import format_date

from backalley import __version__, resolve_variant
from backalley.files import write_whole

from . import formatting as fmt
from . import packaged
from .l10n import FRONT_MATTER
from .pdf import build_date, print_pages
from .render import render
from .sheet import DOCUMENTS, PAPERS, spoken_name
from .terms import terms
from .typography import typeset_html, typeset_text


class DocumentError(Exception):
    """A document cannot be made; the message says which and why, in one line."""


def document(kind: str, lang: str, variant="standard", *, date: datetime | None = None,
             back: str | None = None, stylesheet: str | None = None) -> str:
    """The HTML of document ``kind`` in ``lang`` for ``variant``, stylesheets included, with the game's
    name above its title and, at its foot, the site's address, the version and ``date`` (the build's,
    ``SOURCE_DATE_EPOCH``, by default). ``back`` is the address of the site's variants page from the
    document, for the pages the site serves: they then get a bar, on screen only, back to it and with
    a print button (its script ``PRINT_SCRIPT`` beside the folder of the document). ``stylesheet`` is
    the address of a file holding ``stylesheets()``, linked instead of inlined, and the body's
    ``style`` attributes are then ``data-style`` (the browser's documents, which inherit a policy
    that allows no unhashed inline style: the page applies them through CSSOM)."""
    if kind not in DOCUMENTS:
        raise DocumentError(f"unknown document {kind!r}; known: {', '.join(DOCUMENTS)}")
    page = f"{lang}/{DOCUMENTS[kind]}.md"
    source = packaged("pages") / page
    if not source.is_file():
        raise DocumentError(f"no page {source}")
    raw = source.read_text(encoding="utf-8-sig")
    front = FRONT_MATTER.match(raw)  # the page's metadata, which MkDocs leaves out
    examples = Path(str(resources.files("backalley.examples")))
    text = render(raw[front.end():] if front else raw, lang, page=f"docs/{page}", examples_dir=examples,
                  line_offset=raw[:front.end()].count("\n") if front else 0, variant=variant, on_site=False)
    names, settings = _extensions()
    t = terms(lang)
    settings = {**settings, "toc": {**settings.get("toc", {}), "permalink_title": t("interface.permalink")}}
    body = typeset_html(markdown.markdown(text, extensions=names, extension_configs=settings), lang)
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", body, re.S)
    title = re.sub(r'<a class="headerlink".*?</a>', "", heading.group(1)) if heading else ""
    title = fmt.plain_text(title).strip()
    chosen = resolve_variant(variant).name
    if chosen != "standard":  # the tab, the print header and a saved file tell the presets apart
        title = f"{title} ({spoken_name(chosen, lang)})"
    title = html.escape(typeset_text(fmt.page_title(title, _site_name(), lang), lang))
    footer = footer_text(lang, date)
    bar = script = ""
    if back:
        words = {key: html.escape(typeset_text(t(f"documents.{key}"), lang)) for key in ("back", "print")}
        bar = (f'<nav class="ba-doc-bar ba-screen-only"><a href="{html.escape(back)}">'
               f'<span aria-hidden="true">← </span>{words["back"]}</a> '
               f'<button type="button" class="md-button" data-ba-print hidden>{words["print"]}</button></nav>\n')
        script = f'<script src="../{PRINT_SCRIPT}" defer></script>\n'
    if stylesheet:  # no inline style at all: the page that shows it applies data-style through CSSOM
        styles = f'<link rel="stylesheet" href="{html.escape(stylesheet)}">'
        body = re.sub(r'(<[a-z][^<>]*?) style="([^"]*)"', r'\1 data-style="\2"', body)
    else:
        styles = f"<style>\n{stylesheets()}\n</style>"
    return (
        f'<!doctype html>\n<html lang="{lang}" dir="ltr">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title}</title>\n{styles}\n{script}</head>\n"
        '<body dir="ltr" class="ba-document">\n'
        '<div class="md-container"><main class="md-main"><div class="md-main__inner md-grid">'
        f'<div class="md-content"><article class="md-content__inner md-typeset">\n{bar}'
        f'<p class="ba-doc-game">{html.escape(_site_name())}</p>\n'
        f"{body}\n"
        f'<p class="ba-doc-footer">{html.escape(typeset_text(footer, lang))}</p>\n'
        "</article></div></div></main></div>\n</body>\n</html>\n"
    )


def footer_text(lang: str, date: datetime | None = None) -> str:
    """The line at the foot of every printed page: the game, the site's address, the version and
    ``date`` (the build's by default)."""
    t = terms(lang)
    when = date or build_date()
    written = format_date(when, "long", locale=t("format.locale"))
    if lang == "fr" and when.day == 1:  # French writes the first of the month as an ordinal: 1er
        written = written.replace("1", "1er", 1)
    return t("documents.footer", url=_config()["site_url"], version=__version__, date=written)


PRINT_SCRIPT = "print.js"
"""The print button's script, written by ``site_documents`` beside the presets' folders."""


@functools.cache
def _config() -> dict:
    return yaml.safe_load((packaged("project") / "mkdocs.yml").read_text(encoding="utf-8"))


def _site_name() -> str:
    """The site's name, which ends every page's title as it does on the site."""
    return _config()["site_name"]


@functools.cache
def _extensions() -> tuple[list[str], dict]:
    """The Markdown extensions of ``mkdocs.yml`` and their settings, with the ones MkDocs always adds."""
    config = _config()
    names, settings = ["fenced_code"], {}
    for entry in config.get("markdown_extensions", []):
        if isinstance(entry, dict):
            (name, options), = entry.items()
            settings[name] = options or {}
        else:
            name = entry
        names.append(name)
    return names, settings


@functools.cache
def stylesheets() -> str:
    """Material's main stylesheet and the site's own, in the order the site loads them."""
    material = resources.files("material") / "templates" / "assets" / "stylesheets"
    found = sorted((p for p in material.iterdir() if re.fullmatch(r"main\.[0-9a-f]+\.min\.css", p.name)),
                   key=lambda p: p.name)
    if len(found) != 1:
        raise DocumentError(f"expected one main stylesheet in mkdocs-material, found {len(found)}")
    ours = packaged("stylesheets")
    parts = [found[0].read_text(encoding="utf-8")] + [
        (ours / name).read_text(encoding="utf-8") for name in ("backalley.css", "print.css")
    ]
    return "\n".join(re.sub(r"/\*# sourceMappingURL=[^*]*\*/", "", part) for part in parts)


def print_document(kind: str, lang: str, variant, paper: str, out: Path, *, date: datetime) -> None:
    """Print document ``kind`` to the PDF ``out`` on ``paper`` (``a4`` or ``letter``), dated
    ``date``. ``out`` is written whole or not at all."""
    if paper.lower() not in PAPERS:
        raise DocumentError(f"unknown paper {paper!r}; known: {', '.join(PAPERS)}")
    out = Path(out)
    with tempfile.TemporaryDirectory(prefix="backalley-print-") as folder:
        page, printed = Path(folder) / "document.html", Path(folder) / "document.pdf"
        page.write_text(document(kind, lang, variant, date=date), encoding="utf-8")
        print_pages([(page, printed)], date=date, paper=PAPERS[paper.lower()])
        write_whole(out, printed.read_bytes())
