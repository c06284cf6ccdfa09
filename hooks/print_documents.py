"""Prints each language's rules sheet to ``rules-sheet-<lang>.pdf`` (A4) with headless Chromium.

The PDF lies at the root of its language (``site/rules-sheet-en.pdf``,
``site/fr/rules-sheet-fr.pdf``…), which is where the sheet's download link points
(``../{{ sheet_pdf }}`` from ``<lang>/rules-sheet/``).

mkdocs-static-i18n builds the languages one after the other in this process, the others
from inside the default language's ``on_post_build``. Each build records where its sheet was
written; once the last language is built, one browser prints them all at once from the files
on disk. A sheet whose inputs did not change since a build printed it is copied from the cache,
``.cache/pdf/`` beside mkdocs.yml (``$BACKALLEY_PDF_CACHE`` elsewhere; ``site/`` is cleaned at
every build), so an unchanged rebuild, and ``mkdocs serve``, print nothing. Chromium or Playwright
missing, or Chromium failing, stops the build with one line saying what to install. Dates in the
PDFs come from ``SOURCE_DATE_EPOCH`` (see ``backalley_site.pdf``). ``BACKALLEY_PDF=off`` skips
the sheets (for benchmarks/pdf_cost.py only: the site links them).
"""
from __future__ import annotations

import logging
import os
import posixpath
import time
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from backalley_site.pdf import PdfError, build_date, chromium_path, print_cached
from backalley_site.sheet import pdf_name

SHEET = "rules-sheet.md"
log = logging.getLogger("mkdocs.hooks.pdf_sheet")
_sheets: dict[str, list[tuple[Path, Path]]] = {}  # site_dir -> [(sheet html, pdf to write)]


def _inner_build(config) -> bool:
    """True while mkdocs-static-i18n builds a language other than the first."""
    i18n = config.plugins.get("i18n")
    return bool(i18n and getattr(i18n, "building", False))


def _language(config) -> str:
    i18n = config.plugins.get("i18n")
    return (i18n.current_language or i18n.default_language) if i18n else config.theme["language"]


def _off() -> bool:
    return os.environ.get("BACKALLEY_PDF", "on") == "off"


def on_config(config):
    if not _inner_build(config) and not _off():
        _sheets[config.site_dir] = []
        try:
            chromium_path()  # fail before building anything
        except PdfError as error:
            raise PluginError(str(error)) from None
    return config


def on_post_page(output, page, config):
    if posixpath.basename(page.file.src_uri) == SHEET:
        pdf = posixpath.normpath(posixpath.join(page.url, "..", pdf_name(_language(config))))
        _sheets.setdefault(config.site_dir, []).append(
            (Path(page.file.abs_dest_path), Path(config.site_dir) / pdf)
        )
    return output


@event_priority(-200)  # after mkdocs-static-i18n (-100) has built the other languages
def on_post_build(config):
    if _inner_build(config):
        return
    jobs = _sheets.pop(config.site_dir, [])
    if not jobs or _off():
        return
    start = time.perf_counter()
    cache = Path(os.environ.get("BACKALLEY_PDF_CACHE") or Path(config.config_file_path).parent / ".cache" / "pdf")
    try:
        printed, copied = print_cached(jobs, date=build_date(), paper="A4", cache=cache)
    except PdfError as error:
        raise PluginError(str(error)) from None
    names = ", ".join(pdf.relative_to(config.site_dir).as_posix() for _, pdf in jobs)
    log.info(f"The rules sheet in {names}: {printed} printed, {copied} unchanged from the cache, "
             f"in {time.perf_counter() - start:.1f} s")
