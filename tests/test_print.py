"""On paper: the rules sheet on two pages at most, A4 and Letter, in every language; the PDFs
the build writes; every other page printing its content alone.

Headless Chromium (the one the build uses, through Playwright) prints the built site from
file: URLs. The figures expected in the PDFs come from the engine, the worked example and
backalley_site's formatting, never from this file.
"""
from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone, UTC
from pathlib import Path
from urllib.parse import urljoin, urlsplit
from urllib.request import url2pathname

import pytest
import yaml
from pypdf import PdfReader

from backalley import deal_sizes, score_deal
from backalley_site import formatting, sheet
from backalley_site.examples import run_example
from backalley_site.pdf import (LAUNCH_ARGS, PdfError, chromium_path, number_nodes, print_cached, print_key,
                                print_pages, stamp_dates)

ROOT = Path(__file__).resolve().parents[1]
CONFIG = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
I18N = next(p["i18n"] for p in CONFIG["plugins"] if isinstance(p, dict) and "i18n" in p)
LANGUAGES = [language["locale"] for language in I18N["languages"]]
DEFAULT_LANGUAGE = next(language["locale"] for language in I18N["languages"] if language.get("default"))
PRINT_CSS = ROOT / "overrides" / "assets" / "stylesheets" / "print.css"
PAPERS = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}  # millimetres, as Chromium prints them
PX_PER_MM = 96 / 25.4
FRESH_WINDOW = {"width": 1280, "height": 720}  # a new Playwright page's
PT_PER_MM = 72 / 25.4
SHEET = Path(sheet.__file__)
EXAMPLE = ROOT / "examples" / "numeric-bid.md"  # the sheet's worked example (ex.numeric_bid)


def language_root(site: Path, lang: str) -> Path:
    return site if lang == DEFAULT_LANGUAGE else site / lang


def sheet_html(site: Path, lang: str) -> Path:
    return language_root(site, lang) / "rules-sheet" / "index.html"


def horizontal_margins_mm() -> float:
    """Left plus right page margin, from the print stylesheet's ``@page { margin: … }``."""
    found = re.search(r"@page\s*\{\s*margin:\s*([^;}]+);", PRINT_CSS.read_text(encoding="utf-8"))
    assert found, f"{PRINT_CSS.name} sets no @page margin"
    assert all(v.endswith("mm") for v in found.group(1).split()), "page margins are expected in mm"
    values = [float(v.removesuffix("mm")) for v in found.group(1).split()]
    right = values[1] if len(values) > 1 else values[0]
    left = values[3] if len(values) == 4 else right
    return left + right


def vertical_margins_mm() -> float:
    """Top plus bottom page margin, from the same ``@page { margin: … }``."""
    found = re.search(r"@page\s*\{\s*margin:\s*([^;}]+);", PRINT_CSS.read_text(encoding="utf-8"))
    values = [float(v.removesuffix("mm")) for v in found.group(1).split()]
    return values[0] + (values[2] if len(values) > 2 else values[0])


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium; a missing one is an error here, as it is for the build."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(chromium_path()), args=list(LAUNCH_ARGS))
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def tab(browser):
    """One page for the module's tests (a new context and page each cost the full browser almost a
    second of the machine's time, measured), reading nothing but the files."""
    context = browser.new_context()
    context.route(re.compile(r"^(?!file:)"), lambda route: route.abort())
    yield context.new_page()
    context.close()


@pytest.fixture
def page(tab):
    """The module's page as a new one is: the default window, screen media."""
    tab.set_viewport_size(FRESH_WINDOW)
    tab.emulate_media(media="null")
    return tab


# -- the sheet, printed from the browser ------------------------------------------------------

@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sheet_prints_on_two_pages_each_side_on_its_own(page, built_site, lang, paper):
    page.goto(sheet_html(built_site, lang).as_uri())
    sides = page.locator("article .ba-sheet")
    assert sides.count() == 2, "the sheet has two sides, each a <div class=\"ba-sheet\">"
    second_side = sides.nth(1).locator("h2").first.evaluate(
        "h => [...h.childNodes].filter(n => n.nodeType === Node.TEXT_NODE).map(n => n.textContent).join('')"
    ).strip()
    pdf = PdfReader(io.BytesIO(page.pdf(format=paper)))
    print(f"{lang} {paper}: {len(pdf.pages)} pages")
    assert len(pdf.pages) <= 2, f"{lang} on {paper}: {len(pdf.pages)} pages"
    assert len(pdf.pages) == 2 and pdf.pages[1].extract_text().lstrip().startswith(second_side), (
        f"{lang} on {paper}: the second side does not start the second page"
    )


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_score_pad_page_prints_on_one_page(page, built_site, lang, paper):
    page.goto((language_root(built_site, lang) / "score-pad" / "index.html").as_uri())
    pdf = PdfReader(io.BytesIO(page.pdf(format=paper)))
    assert len(pdf.pages) == 1, f"{lang} on {paper}: {len(pdf.pages)} pages"


OVERFLOW = """() => {
  const problems = [];
  const pageWidth = document.documentElement.clientWidth;
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "")
    + (typeof el.className === "string" && el.className.trim() ? "." + el.className.trim().split(/\\s+/).join(".") : "");
  for (const el of document.querySelectorAll("article, article *")) {
    if (!el.checkVisibility()) continue;
    const style = getComputedStyle(el);
    if (style.display !== "inline" && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
      problems.push(`${name(el)}: content ${el.scrollWidth}px wide in a box of ${el.clientWidth}px`);
    if (/hidden|clip/.test(style.overflowX + style.overflowY) && el.clientHeight > 0
        && el.scrollHeight > el.clientHeight + 1)
      problems.push(`${name(el)}: ${el.scrollHeight - el.clientHeight}px of its content cut off`);
    for (const box of el.getClientRects())
      if (box.right > pageWidth + 1 || box.left < -1)
        problems.push(`${name(el)}: from ${Math.round(box.left)} to ${Math.round(box.right)}px on a ${pageWidth}px page`);
    if (el.tagName === "TABLE" && el.getBoundingClientRect().width > el.parentElement.clientWidth + 1)
      problems.push(`${name(el)}: ${Math.round(el.getBoundingClientRect().width)}px wide in a column of ${el.parentElement.clientWidth}px`);
  }
  return problems;
}"""


def printable_width_px(paper: str) -> int:
    return round((PAPERS[paper][0] - horizontal_margins_mm()) * PX_PER_MM)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_nothing_on_the_printed_sheet_is_clipped_or_overflows(page, built_site, lang, paper):
    """Laid out for print at the printable width of the paper, every box holds its content."""
    page.set_viewport_size({"width": printable_width_px(paper), "height": 1200})
    page.emulate_media(media="print")
    page.goto(sheet_html(built_site, lang).as_uri())
    assert page.evaluate("document.documentElement.clientWidth") == printable_width_px(paper)
    problems = page.evaluate(OVERFLOW)
    assert not problems, f"{lang} on {paper}:\n" + "\n".join(problems)


# -- the PDFs the build writes ------------------------------------------------------------------

def pdf_text(reader: PdfReader) -> str:
    """The text of every page, its whitespace runs made single spaces."""
    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in reader.pages))


def expected_rows(lang: str) -> list[str]:
    """Each row of the sheet's tables as the PDF must show it: engine figures in ``lang``."""
    n = lambda value: formatting.number(value, lang)  # noqa: E731
    rows = []
    for row in sheet.target_scores()["rows"]:
        rows.append(" ".join(map(n, (row["target"], row["made"], *row["extra"], row["set"]))))
    for row in sheet.board_values()["rows"]:
        rows.append(" ".join(map(n, (row["cards"], *row["points"]))))
    example = run_example(EXAMPLE)
    hand = example.hand_size
    for ns in (example.target + 1, hand, example.target - 1):
        scores = score_deal(hand, example.bids, {"NS": ns, "EW": hand - ns})
        rows.append(" ".join(map(n, (ns, hand - ns, scores["NS"], scores["EW"]))))
    rows.append(formatting.join_numbers(deal_sizes(), lang))
    rows.append(formatting.join_numbers(deal_sizes("short-14"), lang))
    return rows


@pytest.fixture(scope="module")
def pdfs(built_site):
    found = {}
    for lang in LANGUAGES:
        path = language_root(built_site, lang) / sheet.pdf_name(lang)
        assert path.is_file(), f"the build wrote no {path.relative_to(built_site)}"
        found[lang] = path
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_score_pad_page_links_its_pdf_of_one_page(built_site, lang):
    page = language_root(built_site, lang) / "score-pad" / "index.html"
    links = re.findall(r'href="([^"]+\.pdf)"', page.read_text(encoding="utf-8"))
    assert links, f"{lang}: the score pad page has no link to a PDF"
    for link in links:
        target = Path(url2pathname(urlsplit(urljoin(page.as_uri(), link)).path))
        assert target == language_root(built_site, lang) / sheet.pdf_name(lang, "scorepad"), link
        reader = PdfReader(target)
        assert len(reader.pages) == 1
        rows = " ".join(f"{formatting.number(i, lang)} {formatting.number(h, lang)}"
                        for i, h in enumerate(deal_sizes(), 1))
        assert rows in pdf_text(reader)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_command_prints_the_same_bytes_as_the_site(built_site, pdfs, tmp_path, lang):
    """One renderer: ``backalley print`` and the build give the same file for the standard game,
    in a Latin and a Cyrillic language (the one code path is the same for all four; each
    language's documents are printed and counted by the tests above and test_documents.py)."""
    dated = PdfReader(pdfs[lang]).metadata["/CreationDate"]  # the build's date, which the command is given
    epoch = int(datetime.strptime(dated[2:16], "%Y%m%d%H%M%S").replace(tzinfo=UTC).timestamp())
    env = {**os.environ, "SOURCE_DATE_EPOCH": str(epoch)}
    for document, name in (("sheet", sheet.pdf_name(lang)), ("scorepad", sheet.pdf_name(lang, "scorepad"))):
        out = tmp_path / name
        done = subprocess.run([sys.executable, "-m", "backalley", "print", document, "--lang", lang, "-o", str(out)],
                              capture_output=True, text=True, env=env)
        assert done.returncode == 0, done.stderr
        assert out.read_bytes() == (language_root(built_site, lang) / name).read_bytes(), name


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_build_writes_a_valid_a4_pdf_of_the_sheet(pdfs, built_site, lang):
    data = pdfs[lang].read_bytes()
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    assert len(data) > 10_000, f"{pdfs[lang].name} is only {len(data)} bytes"
    reader = PdfReader(io.BytesIO(data), strict=True)
    print(f"{pdfs[lang].name}: {len(reader.pages)} pages, {len(data)} bytes")
    assert 1 <= len(reader.pages) <= 2
    for number, pdf_page in enumerate(reader.pages, 1):
        size = (float(pdf_page.mediabox.width), float(pdf_page.mediabox.height))
        a4 = tuple(mm * PT_PER_MM for mm in PAPERS["A4"])
        assert size == pytest.approx(a4, abs=1.5), f"page {number} is {size} pt, not A4"
        assert pdf_page.extract_text().strip(), f"page {number} has no text"
    assert reader.trailer["/Root"].get("/Lang") == lang
    title = re.search(r"<h1[^>]*>(.*?)<", sheet_html(built_site, lang).read_text(encoding="utf-8")).group(1)
    assert title and reader.metadata.title.startswith(title.strip())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pdf_shows_the_engine_figures_written_in_its_language(pdfs, lang):
    text = pdf_text(PdfReader(pdfs[lang]))
    missing = [row for row in expected_rows(lang) if row not in text]
    assert not missing, f"{pdfs[lang].name} lacks {missing}"


def test_the_expected_figures_differ_between_languages_where_formats_do():
    """The minus sign is the language's: the check above would catch a hyphen-minus."""
    for lang in LANGUAGES:
        negatives = [row for row in expected_rows(lang) if "\u2212" in row]
        assert negatives and not any("-" in row for row in expected_rows(lang)), lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sheet_page_links_to_its_pdf(built_site, pdfs, lang):
    html = sheet_html(built_site, lang)
    links = re.findall(r'href="([^"]+\.pdf)"', html.read_text(encoding="utf-8"))
    assert links, f"{lang}: the sheet page has no link to a PDF"
    for link in links:
        target = Path(url2pathname(urlsplit(urljoin(html.as_uri(), link)).path))
        assert target == pdfs[lang], f"{lang}: {link} leads to {target}, not {pdfs[lang]}"


def test_the_pdf_dates_are_the_builds_own(pdfs, built_site):
    """Every PDF carries one date: SOURCE_DATE_EPOCH's when the tests run with it, and in any
    case the day the sitemap gives, so the PDFs are as reproducible as the rest of the site."""
    dates = set()
    for path in pdfs.values():
        info = PdfReader(path).metadata
        dates |= {info["/CreationDate"], info["/ModDate"]}
    assert len(dates) == 1, sorted(dates)
    date = dates.pop()
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        assert date.startswith(datetime.fromtimestamp(int(epoch), UTC).strftime("D:%Y%m%d%H%M%S"))
    days = set(re.findall(r"<lastmod>(\d{4})-(\d\d)-(\d\d)</lastmod>", (built_site / "sitemap.xml").read_text()))
    assert len(days) == 1 and date.startswith("D:" + "".join(days.pop())), (date, days)


def test_printing_twice_gives_the_same_bytes(built_site, tmp_path):
    when = datetime(2024, 5, 17, 12, 30, tzinfo=UTC)
    html = sheet_html(built_site, DEFAULT_LANGUAGE)
    jobs = [(html, tmp_path / "one.pdf"), (html, tmp_path / "two.pdf")]
    # as two builds would: two browsers, one after the other, each in a thread of its own
    # (Playwright's synchronous API runs once per thread, and this module's browser is open)
    for job in jobs:
        with ThreadPoolExecutor(1) as thread:
            thread.submit(print_pages, [job], date=when).result()
    assert (tmp_path / "one.pdf").read_bytes() == (tmp_path / "two.pdf").read_bytes()
    assert b"/CreationDate (D:20240517123000+00'00')" in (tmp_path / "one.pdf").read_bytes()


def test_a_sheet_whose_inputs_did_not_change_is_copied_not_printed(built_site, tmp_path):
    """The cache prints once, then copies the same bytes; a change to a stylesheet the page
    uses prints again; entries a build no longer asks for are dropped."""
    import shutil

    when = datetime(2024, 5, 17, tzinfo=UTC)
    site = tmp_path / "site"
    shutil.copytree(built_site, site, ignore=shutil.ignore_patterns("*.pdf"))
    cache = tmp_path / "cache"
    jobs = [(sheet_html(site, lang), tmp_path / f"{lang}.pdf") for lang in LANGUAGES]
    with ThreadPoolExecutor(1) as thread:  # Playwright runs once per thread; this module's browser is open
        assert thread.submit(print_cached, jobs, date=when, cache=cache).result() == (len(jobs), 0)
        first = {pdf: pdf.read_bytes() for _, pdf in jobs}
        assert thread.submit(print_cached, jobs, date=when, cache=cache).result() == (0, len(jobs))
        assert {pdf: pdf.read_bytes() for _, pdf in jobs} == first
        key = print_key(jobs[0][0], when, "A4")
        css = site / "assets" / "stylesheets" / "print.css"
        css.write_text(css.read_text(encoding="utf-8") + "\n/* changed */\n", encoding="utf-8")
        assert print_key(jobs[0][0], when, "A4") != key
        assert thread.submit(print_cached, jobs, date=when, cache=cache).result() == (len(jobs), 0)
    assert sorted(p.name for p in cache.iterdir()) == sorted(f"{print_key(h, when, 'A4')}.pdf" for h, _ in jobs)


def test_builds_sharing_the_cache_at_once_each_get_every_pdf(built_site, tmp_path):
    """Two builds printing the same sheets into one cache at the same time (two test sessions, a
    build beside mkdocs serve): both succeed, with the same bytes, and the cache holds each PDF once."""
    import shutil

    when = datetime(2024, 5, 17, tzinfo=UTC)
    site = tmp_path / "site"
    shutil.copytree(built_site, site, ignore=shutil.ignore_patterns("*.pdf"))
    cache = tmp_path / "cache"
    jobs = {build: [(sheet_html(site, lang), tmp_path / f"{build}-{lang}.pdf") for lang in LANGUAGES]
            for build in ("one", "two")}
    with ThreadPoolExecutor(2) as threads:  # each thread its own Playwright, as each build has its own
        running = [threads.submit(print_cached, jobs[build], date=when, cache=cache) for build in jobs]
        results = [run.result() for run in running]
    assert all(printed + copied == len(LANGUAGES) for printed, copied in results)
    for (_, one), (_, two) in zip(jobs["one"], jobs["two"]):
        assert one.read_bytes() == two.read_bytes() and one.read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in cache.iterdir()) == sorted(f"{print_key(h, when, 'A4')}.pdf" for h, _ in jobs["one"])


def test_stamping_keeps_the_length_and_uses_utc():
    data = b"1 0 obj << /CreationDate (D:20261201093015+02'00') /ModDate (D:20261201093015+02'00') >>"
    when = datetime(2024, 1, 2, 3, 4, 5, tzinfo=timezone(timedelta(hours=5)))
    stamped = stamp_dates(data, when)
    assert len(stamped) == len(data)
    assert stamped.count(b"(D:20240101220405+00'00')") == 2
    with pytest.raises(PdfError):
        stamp_dates(b"%PDF-1.4 no dates", when)


def test_structure_ids_are_numbered_by_rank_whatever_else_the_browser_built():
    """Pages printed side by side share Chromium's element count: the same page gets other IDs."""
    one = b"<</ID (node00000038)>> <</ID (node00000041)>> /Names [(node00000038) 5 0 R (node00000041) 6 0 R]"
    two = one.replace(b"00000038", b"00000107").replace(b"00000041", b"00000212")
    assert number_nodes(one) == number_nodes(two)
    assert number_nodes(one) == one.replace(b"00000038", b"00000001").replace(b"00000041", b"00000002")
    assert len(number_nodes(two)) == len(two)


def test_structure_ids_follow_the_objects_they_name_whatever_order_the_browser_gave_them():
    """The same page printed twice, its elements numbered in another order the second time (seen:
    a Russian sheet printed alone and beside seven others): the same bytes, the ID tree sorted."""
    one = b"<</ID (node00000038)>> <</ID (node00000041)>> /Names [(node00000038) 5 0 R (node00000041) 16 0 R]"
    two = b"<</ID (node00000041)>> <</ID (node00000038)>> /Names [(node00000038) 16 0 R (node00000041) 5 0 R]"
    assert number_nodes(one) == number_nodes(two) == (
        b"<</ID (node00000001)>> <</ID (node00000002)>> /Names [(node00000001) 5 0 R (node00000002) 16 0 R]")
    assert len(number_nodes(two)) == len(two)


@pytest.mark.site  # starts a build of the site
def test_a_build_without_chromium_stops_with_what_to_install(tmp_path):
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "BACKALLEY_CHROMIUM": str(tmp_path / "no-chromium")}
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )
    assert build.returncode != 0
    errors = [line for line in build.stderr.splitlines() if line.startswith("ERROR")]
    assert len(errors) == 1 and "apt-get install chromium" in errors[0], build.stderr[-2000:]
    assert not (tmp_path / "site" / "index.html").exists(), "the build went on without Chromium"


# -- every page on paper --------------------------------------------------------------------------

CHROME = """() => {
  const article = document.querySelector("article");
  const problems = [];
  if (!article || !article.checkVisibility()) return ["no article is shown"];
  const label = (el) => el.tagName.toLowerCase()
    + (typeof el.className === "string" && el.className.trim() ? "." + el.className.trim().split(/\\s+/)[0] : "");
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (node.textContent.trim() && !article.contains(node) && el.checkVisibility() && el.getClientRects().length)
      problems.push(`${label(el)} outside the content: "${node.textContent.trim().slice(0, 40)}"`);
  }
  const controls = "button, input, select, textarea, label, nav, header, footer, form, img, svg, .headerlink, .md-content__button, .ba-screen-only";
  for (const el of document.querySelectorAll(controls)) {
    if (!el.checkVisibility() || !el.getClientRects().length) continue;
    if (el.closest(".ba-diagram")) continue;  // card diagrams are content
    problems.push(`${label(el)} ${article.contains(el) ? "in" : "outside"} the content`);
  }
  return problems;
}"""


def site_pages(site: Path, lang: str) -> list[Path]:
    root = language_root(site, lang)
    others = [other for other in LANGUAGES if other != lang]
    return sorted(
        file for file in root.rglob("index.html")
        if file.relative_to(root).parts[0] not in ("assets", "search", *(others if lang == DEFAULT_LANGUAGE else ()))
    )


LINK_ADDRESSES = """() => [...document.querySelectorAll('article a[href^="http"]')]
  .filter(a => !getComputedStyle(a, "::after").content.includes(a.getAttribute("href")))
  .map(a => `${a.getAttribute("href")} is not printed after its link`)"""


SWIPE = {"en": r"\bswipe", "fr": r"\b(balaye|faites glisser)", "pt": r"\bdesliz", "ru": r"(прокрут\w* пальцем|смахн|пролистайте)"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_prints_its_content_alone_and_whole(page, built_site, lang):
    """On paper: nothing of the site around the content, nothing cut, outside addresses shown,
    and no hint to swipe a diagram sideways (it is for a screen: ``.ba-screen-only``)."""
    assert set(SWIPE) == set(LANGUAGES)
    pages = site_pages(built_site, lang)
    assert len(pages) > 5
    page.set_viewport_size({"width": printable_width_px("A4"), "height": 1200})
    page.goto(pages[0].as_uri())
    assert page.evaluate(CHROME), "on screen the site's header and navigation show (the check sees them)"
    page.emulate_media(media="print")
    problems, outside_links = [], 0
    for html in pages:
        page.goto(html.as_uri())
        found = page.evaluate(CHROME) + page.evaluate(OVERFLOW) + page.evaluate(LINK_ADDRESSES)
        text = page.locator("article").inner_text()
        found += [f"says …{m.group(0)}… on paper" for m in re.finditer(SWIPE[lang], text, re.I)]
        problems += [f"{html.relative_to(built_site)}: {p}" for p in found]
        outside_links += page.locator('article a[href^="http"]').count()
    assert not problems, "\n".join(problems)
    assert outside_links, f"{lang}: no page links outside the site, so printed addresses went unchecked"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_score_pads_rows_use_the_pages_height(page, built_site, lang, paper):
    """On paper the pad's rows share the height its other lines leave: at least 6.5 mm each (7 on
    A4), the whole pad still on one page."""
    width, height = PAPERS[paper]
    page.set_viewport_size({"width": round((width - horizontal_margins_mm()) * PX_PER_MM),
                            "height": round((height - vertical_margins_mm()) * PX_PER_MM)})
    page.emulate_media(media="print")
    page.goto((language_root(built_site, lang) / "score-pad" / "index.html").as_uri())
    row = page.locator("table.ba-pad tbody td").first.bounding_box()["height"] / PX_PER_MM
    assert row >= (7 if paper == "A4" else 6.5), f"{lang} on {paper}: rows {row:.2f} mm"
    bottom = page.evaluate("document.querySelector('article').getBoundingClientRect().bottom") / PX_PER_MM
    assert bottom <= height - vertical_margins_mm(), f"{lang} on {paper}: the pad runs to {bottom:.1f} mm"
