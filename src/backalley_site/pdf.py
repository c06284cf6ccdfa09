"""Built pages printed to PDF by headless Chromium, with the same bytes at every build.

Chromium is driven through Playwright, with JavaScript off and every request that is not a
``file:`` URL refused: the page prints from the files on disk alone. The only varying bytes
of Chromium's PDF are its creation and modification dates; ``print_pages`` writes the given
date there instead, so two builds of one commit give identical files.
"""
from __future__ import annotations

import os
import re
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path

CHROMIUM_VARIABLE = "BACKALLEY_CHROMIUM"
DEFAULT_CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = (
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run",
)
_PDF_DATES = re.compile(rb"/(CreationDate|ModDate) \(D:\d{14}[+-]\d\d'\d\d'\)")


class PdfError(Exception):
    """No PDF could be printed; the message says why and what to install."""


def chromium_path() -> Path:
    """The Chromium binary: ``$BACKALLEY_CHROMIUM``, else Debian's ``/usr/bin/chromium``."""
    path = Path(os.environ.get(CHROMIUM_VARIABLE) or DEFAULT_CHROMIUM)
    if not (path.is_file() and os.access(path, os.X_OK)):
        raise PdfError(
            f"The rules sheet is printed to PDF with headless Chromium, and there is no Chromium at "
            f"{path}: install it (apt-get install chromium) or set {CHROMIUM_VARIABLE} to a "
            "Chromium or Chrome binary"
        )
    return path


@contextmanager
def browser():
    """A headless Chromium browser (Playwright's ``Browser``), closed on leaving."""
    executable = chromium_path()
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        raise PdfError(
            "The rules sheet is printed to PDF through the playwright package, which is not "
            "installed: pip install -e '.[site]'"
        ) from None
    with sync_playwright() as playwright:
        try:
            chromium = playwright.chromium.launch(executable_path=str(executable), args=list(LAUNCH_ARGS))
        except Error as error:
            first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            raise PdfError(f"Chromium at {executable} did not start: {first}") from None
        try:
            yield chromium
        finally:
            chromium.close()


def print_pages(jobs, *, date: datetime, paper: str = "A4") -> None:
    """Print each ``(html_file, pdf_file)`` of ``jobs`` on ``paper``, dated ``date``."""
    with browser() as chromium:
        context = chromium.new_context(java_script_enabled=False)
        context.route(re.compile(r"^(?!file:)"), lambda route: route.abort())
        try:
            for html, pdf in jobs:
                page = context.new_page()
                page.goto(Path(html).resolve().as_uri(), wait_until="load")
                data = page.pdf(format=paper, print_background=True, tagged=True, outline=True)
                page.close()
                Path(pdf).write_bytes(stamp_dates(data, date))
        finally:
            context.close()


def stamp_dates(data: bytes, date: datetime) -> bytes:
    """``data`` with its CreationDate and ModDate set to ``date`` (UTC); the length is kept."""
    stamp = date.astimezone(timezone.utc).strftime("%Y%m%d%H%M%S+00'00'").encode()
    stamped, count = _PDF_DATES.subn(lambda m: b"/" + m.group(1) + b" (D:" + stamp + b")", data)
    if count != 2:
        raise PdfError(f"expected a CreationDate and a ModDate in Chromium's PDF, found {count} dates")
    return stamped


def build_date() -> datetime:
    """``SOURCE_DATE_EPOCH`` when set (./dev sets it from git), else today at midnight UTC.

    The day alone is what the sitemap records, so a build is as reproducible as the sitemap.
    """
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        return datetime.fromtimestamp(int(epoch), timezone.utc)
    return datetime.now(timezone.utc).replace(hour=0, minute=0, second=0, microsecond=0)
