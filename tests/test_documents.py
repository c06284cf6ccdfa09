"""The printable documents of any variant: the rules sheet and the score pad, as ``backalley print``
and the site make them (``backalley_site.documents``).

The figures expected come from the engine (``score_deal``, ``deal_sizes``) and the words from the
term files; page counts and paper sizes are read from the PDFs Chromium prints.
"""
from __future__ import annotations

import html
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, UTC
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from backalley import VARIANTS, __version__, deal_sizes, resolve_variant, score_deal
from backalley.variants import SCHEDULE_OPTIONS
from backalley_site import formatting
from backalley_site.documents import document
from backalley_site.pdf import print_pages
from backalley_site.sheet import SPARE_ROWS
from backalley_site.terms import LANGUAGES, terms
from backalley_site.variants_view import house_rule, house_rules

PAPERS = {"a4": (595.9, 842.9), "letter": (612.0, 792.0)}  # points, as Chromium prints them
DATE = datetime(2025, 1, 2, tzinfo=UTC)
SITE_URL = yaml.safe_load((Path(__file__).resolve().parents[1] / "mkdocs.yml").read_text(encoding="utf-8"))["site_url"]


def text_of(markup: str) -> str:
    """The readable text of HTML, spaces of any kind made one plain space."""
    markup = re.sub(r"<(style|script)\b.*?</\1>", " ", markup, flags=re.S)
    return re.sub(r"[\s\u00a0\u202f]+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def rules_text(markup: str) -> str:
    """A sheet's text without the box of differences and the schedule table, which always name
    the variant: what is left is the rules as the sheet states them."""
    markup = re.sub(r'<div class="ba-sheet-variant">.*?</div>', "", markup, flags=re.S)
    head, deals = markup.split('id="sheet-deals"', 1)
    return text_of(head + re.sub(r"<table>.*?</table>", "", deals, count=1, flags=re.S))


def pdf_text(path: Path) -> str:
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in PdfReader(path).pages))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("option, value", house_rules())
def test_each_house_rule_changes_what_the_sheet_says_and_is_listed(option, value, lang):
    variant = VARIANTS["standard"].replace(**{option: value})
    sheet = document("sheet", lang, variant)
    box = re.search(r'<div class="ba-sheet-variant">(.*?)</div>', sheet, re.S)
    assert box, f"{variant.name}: no box of differences"
    assert text_of(house_rule(option, value, lang)) in text_of(box.group(1))
    if option in SCHEDULE_OPTIONS or option == "schedule":
        sizes = formatting.join_numbers(deal_sizes(variant), lang)
        assert text_of(sizes) in text_of(sheet)
    else:
        assert rules_text(sheet) != rules_text(document("sheet", lang)), (
            f"{variant.name}: the sheet's rules read the same as the standard game's")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_standard_sheet_has_no_box_and_a_variant_one_no_download_link(lang):
    standard, short = (document("sheet", lang, v).split("</style>")[1] for v in ("standard", "short-14"))
    assert 'class="ba-sheet-variant"' not in standard and ".pdf" in standard
    assert 'class="ba-sheet-variant"' in short and ".pdf" not in short


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind, page", [("sheet", "rules-sheet"), ("scorepad", "score-pad")])
def test_a_document_is_titled_as_the_sites_page(built_site, kind, page, lang):
    """The same words and the same dash (Russian: an em dash) as the site's own page."""
    root = built_site if lang == "en" else built_site / lang
    site = (root / page / "index.html").read_text(encoding="utf-8")
    title = re.compile(r"<title>(.*?)</title>", re.S)
    shown = title.search(document(kind, lang)).group(1)
    assert shown == title.search(site).group(1)
    assert re.search(f"[ \u00a0]{'—' if lang == 'ru' else '–'} Back Alley$", shown), shown


def test_a_sheet_of_a_variant_that_never_deals_the_examples_hand_size_still_renders():
    text = text_of(document("sheet", "en", "standard,schedule=3/2/1/1/2/3"))
    assert "never deals" in text and "3, 2, 1, 1, 2, 3" in text


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("preset", list(VARIANTS))
def test_the_score_pad_has_a_row_per_scheduled_deal_spare_rows_and_a_final_row(preset, lang):
    pad = document("scorepad", lang, preset)
    body, foot = pad.split("<tbody>")[1].split("<tfoot>")
    rows = re.findall(r"<tr>(.*?)</tr>", body, re.S)
    cells = [re.findall(r"<td>(.*?)</td>", row) for row in rows]
    sizes = deal_sizes(preset)
    assert [c[:2] for c in cells[:len(sizes)]] == [
        [formatting.number(i, lang), formatting.number(size, lang)] for i, size in enumerate(sizes, 1)]
    assert all(set(c[2:]) == {""} for c in cells), "only the deal and its hand size are filled in"
    assert [c for c in cells[len(sizes):]] == [[""] * 11] * SPARE_ROWS
    t = terms(lang)
    assert t("pad.final") in foot.split("</tfoot>")[0]
    names = re.search(r'<p class="ba-pad-names">(.*?)</p>', pad, re.S).group(1)
    assert [t("sides.NS"), t("sides.EW"), t("pad.date")] == re.findall(r'class="ba-pad-field">([^<]+?) <', names)
    assert names.count('class="ba-pad-line"') == 5, "two names for each side and the date"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", ["sheet", "scorepad"])
def test_a_presets_document_names_it_in_the_language_with_its_code(kind, lang):
    t = terms(lang)
    text = text_of(document(kind, lang, "short-14")).replace("( ", "(").replace(" )", ")")
    assert text_of(t("documents.preset", name=t("preset_names.short-14"), code="short-14")) in text
    assert t("preset_names.short-14") not in text_of(document(kind, lang, "standard,points_per_bid_trick=3"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_document_names_the_game_the_site_and_its_version(lang):
    """Above the title and at the foot: the game, the address of mkdocs.yml, the version, the date."""
    pad = document("scorepad", lang, date=DATE)
    assert '<meta name="viewport"' in pad
    assert re.search(r'<p class="ba-doc-game">Back Alley</p>\s*<h1', pad)
    footer = text_of(re.search(r'<p class="ba-doc-footer">(.*?)</p>', pad, re.S).group(1))
    assert SITE_URL in footer and __version__ in footer and "2025" in footer and "Back Alley" in footer
    assert '<nav class="ba-doc-bar' not in pad and "<script" not in pad, "a PDF's page has no bar back to the site"


# -- printed: page counts and paper sizes of every preset's documents --------------------------------


PRINTED = (*VARIANTS, "standard,rainbow_bonus=10")
"""Every preset, and the standard game with the Rainbow bonus: the 26-deal pad with the longest
scoring line under its grid (it once took a second page)."""


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """``PRINTED``'s sheet and pad in every language on both papers: ``{(kind, preset, lang, paper): pdf}``."""
    folder = tmp_path_factory.mktemp("documents")
    found, jobs = {}, {"a4": [], "letter": []}
    for kind in ("sheet", "scorepad"):
        for preset in PRINTED:
            for lang in LANGUAGES:
                page = folder / f"{kind}-{preset}-{lang}.html"
                page.write_text(document(kind, lang, preset, date=DATE), encoding="utf-8")
                for paper in PAPERS:
                    found[kind, preset, lang, paper] = folder / f"{kind}-{preset}-{lang}-{paper}.pdf"
                    jobs[paper].append((page, found[kind, preset, lang, paper]))
    with ThreadPoolExecutor(1) as thread:  # Playwright's synchronous API runs once per thread
        for paper, paper_jobs in jobs.items():
            thread.submit(print_pages, paper_jobs, date=DATE, paper="A4" if paper == "a4" else "Letter").result()
    return found


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.browser  # the documents printed with Chromium
def test_every_printed_document_names_the_game_and_the_site(printed, lang, paper):
    """Read back from the PDFs: "Back Alley" and the site's address (mkdocs.yml's site_url)."""
    for kind in ("sheet", "scorepad"):
        for preset in PRINTED:
            text = pdf_text(printed[kind, preset, lang, paper])
            assert "Back Alley" in text and SITE_URL in text and __version__ in text, (kind, preset)


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.browser  # the documents printed with Chromium
def test_every_presets_sheet_fits_two_pages_and_its_pad_one(printed, lang, paper):
    for preset in PRINTED:
        for kind, most in (("sheet", 2), ("scorepad", 1)):
            reader = PdfReader(printed[kind, preset, lang, paper])
            assert 1 <= len(reader.pages) <= most, f"{kind} of {preset} in {lang} on {paper}: {len(reader.pages)} pages"
            for page in reader.pages:
                size = (float(page.mediabox.width), float(page.mediabox.height))
                assert size == pytest.approx(PAPERS[paper], abs=1.5), f"{kind} of {preset}: {size}"


# -- backalley print ---------------------------------------------------------------------------------


def run(*args, cwd=None, env=None):
    return subprocess.run([sys.executable, "-m", "backalley", "print", *args], capture_output=True, text=True,
                          cwd=cwd, env=env)


@pytest.mark.browser  # prints a PDF with Chromium
def test_a_house_rule_sheet_shows_that_variants_figures(tmp_path):
    """Under 3 points per bid trick, a target of 3 made with one trick over scores 10."""
    variant = "standard,points_per_bid_trick=3"
    out = tmp_path / "sheet.pdf"
    done = run("sheet", "--variant", variant, "--lang", "fr", "--paper", "letter", "-o", str(out))
    assert done.returncode == 0, done.stderr
    reader = PdfReader(out)
    assert len(reader.pages) == 2
    assert (float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)) == pytest.approx(
        PAPERS["letter"], abs=1.5)
    bids = [("N", 3), ("E", "pass"), ("S", "pass"), ("W", "pass")]
    score = lambda tricks, v=variant: score_deal(13, bids, {"NS": tricks, "EW": 13 - tricks}, v)["NS"]  # noqa: E731
    assert score(4) == 10
    row = " ".join(formatting.number(value, "fr") for value in (3, score(3), score(4), score(5), score(2)))
    standard = " ".join(formatting.number(value, "fr") for value in (3, *(score(t, "standard") for t in (3, 4, 5, 2))))
    text = pdf_text(out)
    assert row in text and standard not in text


@pytest.mark.browser  # prints a PDF with Chromium
def test_a_score_pad_from_the_command_line(tmp_path):
    out = tmp_path / "pad.pdf"
    done = run("scorepad", "--variant", "bab-online", "--lang", "ru", "-o", str(out))
    assert done.returncode == 0, done.stderr
    reader = PdfReader(out)
    assert len(reader.pages) == 1
    assert (float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)) == pytest.approx(
        PAPERS["a4"], abs=1.5)
    rows = " ".join(f"{i} {size}" for i, size in enumerate(deal_sizes("bab-online"), 1))
    assert rows in pdf_text(out)


@pytest.mark.parametrize("args, says", [
    (["sheet", "--variant", "standard,points_per_bid_trick=4"], "points_per_bid_trick"),
    (["sheet", "--variant", "nonesuch"], "no preset 'nonesuch'"),
    (["sheet", "--lang", "de"], "invalid choice: 'de'"),
    (["scorepad", "--paper", "a3"], "invalid choice: 'a3'"),
    (["pad"], "invalid choice: 'pad'"),
])
def test_a_bad_argument_is_one_line_and_writes_nothing(tmp_path, args, says):
    out = tmp_path / "out.pdf"
    done = run(*args, "-o", str(out))
    assert done.returncode == 2 and says in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_missing_folder_or_chromium_is_one_line_and_writes_nothing(tmp_path):
    done = run("sheet", "-o", str(tmp_path / "no" / "sheet.pdf"))
    assert done.returncode == 2 and "no folder" in done.stderr and len(done.stderr.splitlines()) == 1
    env = {**__import__("os").environ, "BACKALLEY_CHROMIUM": str(tmp_path / "chromium")}
    done = run("sheet", "-o", str(tmp_path / "sheet.pdf"), env=env)
    assert done.returncode == 2 and "no Chromium" in done.stderr and len(done.stderr.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_a_variant_is_read_by_its_canonical_name():
    assert resolve_variant("short-14").name in text_of(document("sheet", "pt", "short-14"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_pad_names_the_dealer_after_four_passes_as_its_rules_do(lang):
    """The pad's note on a thrown-in deal follows ``throw_in_dealer``: bab-online's same dealer
    deals again (its rules sheet says so), the standard game's next dealer."""
    bab = VARIANTS["bab-online"]
    assert bab.throw_in_dealer == "same"
    same, moved = (text_of(document("scorepad", lang, v)) for v in (bab, bab.replace(throw_in_dealer="next")))

    def sentences(text: str) -> set[str]:  # but those that name the variant, which differs
        return {sentence for sentence in text.split(". ") if "bab-online" not in sentence}

    assert sentences(same) != sentences(moved)
    if lang == "en":
        assert "The same dealer deals the same hand size again" in same
        assert "The next dealer deals the same hand size again" in moved
