"""Built pages printed to PDF by headless Chromium, with the same bytes at every build.

Chromium is driven through Playwright, with JavaScript off and every request that is not a
``file:`` URL refused: the page prints from the files on disk alone. The only varying bytes
of Chromium's PDF are its creation and modification dates and the numbers of its structure
elements; ``print_pages`` writes the given date there instead and numbers the elements in order,
so two builds of one commit give identical files.
"""
from __future__ import annotations

import asyncio
import functools
import hashlib
import os
import re
import shutil
import subprocess
import tempfile
from datetime import UTC, datetime
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


def print_pages(jobs, *, date: datetime, paper: str = "A4") -> None:
    """Print each ``(html_file, pdf_file)`` of ``jobs`` on ``paper``, dated ``date``: all at once,
    each in a page of its own, from one browser."""
    jobs = list(jobs)
    if jobs:
        asyncio.run(_print_all(jobs, date, paper))


async def _print_all(jobs, date: datetime, paper: str) -> None:
    executable = chromium_path()
    try:
        from playwright.async_api import Error, async_playwright
    except ImportError:
        raise PdfError(
            "The rules sheet is printed to PDF through the playwright package, which is not "
            "installed: pip install -e '.[site]'"
        ) from None
    async with async_playwright() as playwright:
        try:
            chromium = await playwright.chromium.launch(executable_path=str(executable), args=list(LAUNCH_ARGS))
        except Error as error:
            first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            raise PdfError(f"Chromium at {executable} did not start: {first}") from None
        try:
            context = await chromium.new_context(java_script_enabled=False)
            await context.route(re.compile(r"^(?!file:)"), lambda route: route.abort())

            async def one(html, pdf):
                page = await context.new_page()
                await page.goto(Path(html).resolve().as_uri(), wait_until="load")
                data = await page.pdf(format=paper, print_background=True, tagged=True, outline=True)
                await page.close()
                Path(pdf).write_bytes(number_nodes(stamp_dates(data, date)))

            await asyncio.gather(*(one(html, pdf) for html, pdf in jobs))
            await context.close()
        finally:
            await chromium.close()


def print_cached(jobs, *, date: datetime, paper: str = "A4", cache: Path) -> tuple[int, int]:
    """``print_pages``, but a PDF whose inputs did not change is copied from ``cache`` instead of
    printed again. Returns (printed, copied). The key of a PDF is a hash of all that makes its
    bytes: its HTML, every file of the site that the HTML or its stylesheets refer to, the fonts
    installed, the Chromium binary, this module, the paper and the date.

    Builds may share the cache at the same time (two test sessions, a build beside ``mkdocs
    serve``): each prints into a folder of its own there, copies what it printed from that
    folder, and only then renames it into the cache, so no build meets another's half-written
    file or loses a print to another's clean-up."""
    keyed = [(html, pdf, print_key(Path(html), date, paper)) for html, pdf in jobs]
    cache.mkdir(parents=True, exist_ok=True)
    missing: dict[str, tuple[Path, list[Path]]] = {}
    for html, pdf, key in keyed:
        try:
            shutil.copyfile(cache / f"{key}.pdf", pdf)
        except FileNotFoundError:
            missing.setdefault(key, (html, []))[1].append(pdf)
    if missing:
        with tempfile.TemporaryDirectory(prefix=".printing-", dir=cache) as folder:
            printed = {key: Path(folder) / f"{key}.pdf" for key in missing}
            print_pages([(html, printed[key]) for key, (html, _) in missing.items()], date=date, paper=paper)
            for key, (_, targets) in missing.items():  # a print that failed never enters the cache
                for pdf in targets:
                    shutil.copyfile(printed[key], pdf)
                os.replace(printed[key], cache / f"{key}.pdf")
    used = {f"{key}.pdf" for _, _, key in keyed}
    for old in cache.glob("*.pdf"):  # what this build did not ask for can only grow stale
        if old.name not in used:
            old.unlink(missing_ok=True)
    return len(missing), len(keyed) - len(missing)


_REFERENCE = re.compile(r"""(?:href|src)="([^"#?]+)|url\(["']?([^"')#?]+)""")


def print_key(html: Path, date: datetime, paper: str) -> str:
    """The hash of everything that decides the bytes of ``html`` printed (see ``print_cached``)."""
    return drawn_key(html, paper.encode(), date.isoformat().encode())


def drawn_key(html: Path, *settings: bytes) -> str:
    """The hash of everything that decides what Chromium draws from ``html`` with ``settings``
    (a paper and a date, a picture's size): the page and every file it refers to, the fonts,
    the Chromium binary and this module."""
    digest = hashlib.sha256()
    executable = chromium_path()
    stat = executable.stat()
    for part in (Path(__file__).read_bytes(), f"{executable}:{stat.st_size}:{stat.st_mtime_ns}".encode(),
                 _fonts(), *settings):
        digest.update(hashlib.sha256(part).digest())
    seen: set[Path] = set()
    todo = [html.resolve()]
    while todo:
        path = todo.pop()
        if path in seen or not path.is_file():
            continue
        seen.add(path)
        data = path.read_bytes()
        digest.update(hashlib.sha256(path.name.encode() + b"\0" + data).digest())
        if path.suffix in (".html", ".css"):
            text = data.decode("utf-8", "replace")
            todo += [(path.parent / (a or b)).resolve() for a, b in _REFERENCE.findall(text)
                     if not re.match(r"^[a-z]+:|^//", a or b)]
    return digest.hexdigest()


@functools.cache
def _fonts() -> bytes:
    """The fonts Chromium may choose from: each font file fontconfig knows, with its size."""
    try:
        found = subprocess.run(["fc-list", "--format", "%{file}\n"], capture_output=True, text=True).stdout
    except OSError:
        return b"no fontconfig"
    files = sorted(set(found.split("\n")) - {""})
    return "\n".join(f"{f}:{os.path.getsize(f) if os.path.exists(f) else 0}" for f in files).encode()


def stamp_dates(data: bytes, date: datetime) -> bytes:
    """``data`` with its CreationDate and ModDate set to ``date`` (UTC); the length is kept."""
    stamp = date.astimezone(UTC).strftime("%Y%m%d%H%M%S+00'00'").encode()
    stamped, count = _PDF_DATES.subn(lambda m: b"/" + m.group(1) + b" (D:" + stamp + b")", data)
    if count != 2:
        raise PdfError(f"expected a CreationDate and a ModDate in Chromium's PDF, found {count} dates")
    return stamped


_NODE_IDS = re.compile(rb"\(node(\d+)\)")
_ID_TREE = re.compile(rb"/Names \[((?:\(node\d+\) \d+ 0 R ?)+)\]")
_ID_ENTRY = re.compile(rb"\(node(\d+)\) (\d+) 0 R")
_LIMITS = re.compile(rb"/Limits \[\(node\d+\) \(node\d+\)\]\s*$")


def number_nodes(data: bytes) -> bytes:
    """``data`` with the structure IDs of its tagged content (``(node00000039)``) numbered from 1 in
    the order of the objects they name; the length is kept.

    Chromium names them after its page's element numbers, which count every element of every page
    its renderer has built, in the order it was asked for them: pages printed side by side share
    the count, so the same page can get other numbers, in another order, from one print to the
    next. The objects' own numbers do not change: the ID tree's entries are numbered in their
    order and written sorted, as the PDF's ID tree must be. (Without an ID tree, by rank.)
    """
    tree = _ID_TREE.search(data)
    entries = _ID_ENTRY.findall(tree.group(1)) if tree else []
    order = [int(node) for node, _ in sorted(entries, key=lambda entry: int(entry[1]))]
    order += sorted({int(m.group(1)) for m in _NODE_IDS.finditer(data)} - set(order))
    rank = {n: i for i, n in enumerate(order, 1)}

    def renumber(match: re.Match) -> bytes:
        digits = match.group(1)
        return b"(node" + str(rank[int(digits)]).zfill(len(digits)).encode() + b")"

    numbered = _NODE_IDS.sub(renumber, data)
    if not tree:
        return numbered
    listed = _ID_ENTRY.finditer(numbered, tree.start(1), tree.end(1))
    ordered = [m.group(0) for m in sorted(listed, key=lambda m: int(m.group(1)))]
    head = numbered[:tree.start()]
    limits = _LIMITS.search(head)  # the leaf's first and last IDs
    if limits:
        ends = b"/Limits [" + ordered[0].split(b" ")[0] + b" " + ordered[-1].split(b" ")[0] + b"]"
        head = head[:limits.start()] + ends + head[limits.start() + len(ends):]
    return head + numbered[tree.start():tree.start(1)] + b" ".join(ordered) + numbered[tree.end(1):]


def build_date() -> datetime:
    """``SOURCE_DATE_EPOCH`` when set (./dev sets it from git), else today at midnight UTC.

    The day alone is what the sitemap records, so a build is as reproducible as the sitemap.
    """
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        return datetime.fromtimestamp(int(epoch), UTC)
    return datetime.now(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
