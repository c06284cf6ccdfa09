"""Puts the printable documents into the site: each language's rules sheet and score pad as PDF,
and every other preset's sheet and pad as pages to print (``backalley_site.site_documents``).

They do not depend on the pages MkDocs builds, so they are made in a process of their own,
started when the build starts and running on another processor while MkDocs builds the four
languages; when the last language is built, the hook waits for it and copies what it made into
the site. mkdocs-static-i18n builds the other languages from inside the first one's
``on_post_build``, so only the outer build (the first language) starts and collects the process.

PDFs whose inputs did not change are copied from the cache ``.cache/pdf/`` beside mkdocs.yml
(``$BACKALLEY_PDF_CACHE`` elsewhere; ``site/`` is cleaned at every build), so an unchanged rebuild,
and ``mkdocs serve``, print nothing. Chromium or Playwright missing, or any document failing,
stops the build with one line saying what to do. ``BACKALLEY_PDF=off`` skips the documents (for
benchmarks/pdf_cost.py only: the site links them).
"""
from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from backalley_site.pdf import PdfError, chromium_path

log = logging.getLogger("mkdocs.hooks.print_documents")
_running: dict[str, tuple[subprocess.Popen, Path, float]] = {}  # site_dir -> (process, its output, start)


def _inner_build(config) -> bool:
    """True while mkdocs-static-i18n builds a language other than the first."""
    i18n = config.plugins.get("i18n")
    return bool(i18n and getattr(i18n, "building", False))


def on_config(config):
    if _inner_build(config) or os.environ.get("BACKALLEY_PDF", "on") == "off":
        return config
    try:
        chromium_path()  # fail before building anything
    except PdfError as error:
        raise PluginError(str(error)) from None
    _stop(config.site_dir)
    root = Path(config.config_file_path).parent
    cache = Path(os.environ.get("BACKALLEY_PDF_CACHE") or root / ".cache" / "pdf")
    out = Path(tempfile.mkdtemp(prefix="backalley-site-documents-"))
    process = subprocess.Popen(
        [sys.executable, "-m", "backalley_site.site_documents", str(out), str(cache)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=root,
    )
    _running[config.site_dir] = (process, out, time.perf_counter())
    return config


@event_priority(-200)  # after mkdocs-static-i18n (-100) has built the other languages
def on_post_build(config):
    if _inner_build(config) or config.site_dir not in _running:
        return
    process, out, start = _running.pop(config.site_dir)
    try:
        report, errors = process.communicate()
        if process.returncode:
            lines = errors.strip().splitlines()
            raise PluginError(lines[-1] if lines else f"the printable documents failed (exit {process.returncode})")
        shutil.copytree(out, config.site_dir, dirs_exist_ok=True)
    finally:
        shutil.rmtree(out, ignore_errors=True)
    log.info(f"Printable documents: {report.strip()}, in {time.perf_counter() - start:.1f} s")


def on_build_error(error=None):
    for site_dir in list(_running):
        _stop(site_dir)


on_shutdown = on_build_error


def _stop(site_dir: str) -> None:
    """End a process a build that did not finish left behind, and remove its output."""
    if site_dir in _running:
        process, out, _ = _running.pop(site_dir)
        process.kill()
        process.communicate()
        shutil.rmtree(out, ignore_errors=True)
