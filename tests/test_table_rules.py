"""Your table's rules (``backalley_site.table_rules``): what a mix of options changes, in each
language, as the variants page's tool shows it and ``backalley variants diff`` prints it; the
printed documents made from the packaged renderer; and both from the browser's zips alone."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import zipfile
from datetime import datetime, UTC
from pathlib import Path

import pytest

from backalley import PACK, options, resolve_variant
from backalley.effects import changes, match_figures, what_changes
from backalley.variants import format_value
from backalley.web import handle
from backalley_site import formatting as fmt
from backalley_site import project_root
from backalley_site.browser_engine import RENDERER_DATA, engine_files, renderer_files, zipped
from backalley_site.documents import document
from backalley_site.table_rules import rules_document, table_rules
from backalley_site.terms import LANGUAGES
from backalley_site.tools import house_rules, words
from backalley_site.typography import typeset_text
from backalley_site.variants_view import differences

ROOT = Path(__file__).resolve().parents[1]
MIX = "standard,points_per_bid_trick=3,board_multipliers=1/2/4/8,board_leader=first,tie=tiebreak,rainbow_bonus=8"
CALL = "backalley_site.table_rules.table_rules"


def ask(spec: str, lang: str) -> dict:
    return json.loads(handle(json.dumps({"call": CALL, "args": [spec], "kwargs": {"lang": lang}, "lang": lang})))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_mix_gives_the_sheets_phrases_the_match_and_the_examples_that_change(lang):
    found = table_rules(MIX, lang)
    v = resolve_variant(MIX)
    assert found["variant"] == v.spec and resolve_variant(found["variant"]) == v
    assert found["options"] == {o.name: format_value(getattr(v, o.name)) for o in options()}
    assert found["differences"] == [typeset_text(phrase, lang) for phrase in differences(v, lang=lang)]
    assert len(found["differences"]) == 5
    standard, mine = match_figures("standard"), match_figures(v)
    assert [row["key"] for row in found["match"]] == list(standard)
    for row in found["match"]:
        assert row["standard"] == fmt.number(standard[row["key"]], lang)
        assert row["value"] == fmt.number(mine[row["key"]], lang)
        assert row["differs"] == (standard[row["key"]] != mine[row["key"]])
    changed = changes("standard", v)
    assert {row["example"] for row in found["examples"]} == {(a or b).example for a, b in changed}
    assert all(row["title"] and row["situation"] for row in found["examples"])


def test_the_command_prints_what_the_tool_shows():
    """``backalley variants diff standard MIX`` and the tool read one ``what_changes``."""
    out = subprocess.run([sys.executable, "-m", "backalley", "variants", "diff", "standard", MIX, "--json"],
                         capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    found = what_changes("standard", MIX)
    assert [row["option"] for row in data["differences"]] == found["differences"]
    assert [row["figure"] for row in data["match"]] == [k for k, (a, b) in found["match"].items() if a != b]
    assert len(data["examples"]) == len(found["examples"])
    tool = table_rules(MIX, "en")
    assert len(tool["differences"]) == len(data["differences"])
    assert [r["key"] for r in tool["match"] if r["differs"]] == [r["figure"] for r in data["match"]]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_conflict_and_a_bad_spec_are_refused_in_the_language(lang):
    conflict = ask("standard,schedule=1-7-1,max_hand_size=7", lang)["error"]
    assert conflict["kind"] == "InvalidVariant" and conflict["number"] == "6.1"
    assert conflict["address"] == ("" if lang == "en" else f"{lang}/") + "variants/#rule-6.1"
    bad = ask("standard,points_per_bid_trick=", lang)["error"]
    assert bad["kind"] == "InvalidVariant"
    if lang != "en":
        assert conflict["message"] != ask("standard,schedule=1-7-1,max_hand_size=7", "en")["error"]["message"]


def test_only_the_site_modules_named_answer():
    reply = json.loads(handle(json.dumps({"call": "backalley_site.documents.document", "args": ["sheet", "en"]})))
    assert reply["error"]["kind"] == "internal"
    reply = json.loads(handle(json.dumps({"call": "backalley_site.table_rules.compare", "args": []})))
    assert reply["error"]["kind"] == "internal"


def test_every_option_has_a_control_in_the_tools_words():
    """The form draws a control per entry of ``house_rules``: every engine option, its choices,
    and "any other" exactly where the option is open."""
    for lang in LANGUAGES:
        rules = words("table_rules", lang)["house_rules"]
        assert [r["option"] for r in rules] == [o.name for o in options()]
        for rule, o in zip(rules, options()):
            assert (rule["other"] is not None) == (o.metadata["accepts"] is not None)
            assert rule["standard"] in [c["value"] for c in rule["choices"]]
        assert words("table_rules", lang)["tool"]["title"]
    assert house_rules("en") == words("scorekeeper", "en")["house_rules"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_document_is_what_backalley_print_prints(lang):
    html = rules_document("sheet", MIX, lang)
    assert html == document("sheet", lang, resolve_variant(MIX), date=None)
    linked = rules_document("scorepad", MIX, lang, stylesheet="/assets/engine/documents.css")
    assert '<link rel="stylesheet" href="/assets/engine/documents.css">' in linked and "<style>" not in linked


def test_the_zips_alone_answer_as_the_installed_site(tmp_path):
    """Unpacked into an empty folder with nothing installed beside the standard library, the engine's
    zip answers the tool, and with the renderer's zip beside it makes the same documents."""
    dated = [("backalley_site/project/build-date.txt", b"2025-01-02")]
    for files in (engine_files(ROOT / "src"), renderer_files(ROOT) + dated):
        zipfile.ZipFile(io.BytesIO(zipped(files))).extractall(tmp_path / "engine")
    requests = [json.dumps({"call": CALL, "args": [MIX], "kwargs": {"lang": lang}, "lang": lang}) for lang in LANGUAGES]
    requests += [json.dumps({"call": "backalley_site.table_rules.rules_document", "args": [kind, MIX],
                             "kwargs": {"lang": lang, "stylesheet": "documents.css"}, "lang": lang})
                 for kind in ("sheet", "scorepad") for lang in ("fr", "ru")]
    program = (f"import sys, json; sys.path.insert(0, {str(tmp_path / 'engine')!r}); from backalley.web import handle; "
               f"print(json.dumps([handle(r) for r in {requests!r}]))")
    out = subprocess.run([sys.executable, "-I", "-S", "-c", program], capture_output=True, text=True, check=True,
                         cwd=tmp_path).stdout
    replies = [json.loads(reply) for reply in json.loads(out)]
    assert [r["ok"] for r in replies[:4]] == [table_rules(MIX, lang) for lang in LANGUAGES]
    date = datetime(2025, 1, 2, tzinfo=UTC)
    assert [r["ok"] for r in replies[4:]] == [
        document(kind, lang, resolve_variant(MIX), date=date, stylesheet="documents.css")
        for kind in ("sheet", "scorepad") for lang in ("fr", "ru")]


def test_the_renderer_reads_its_data_from_the_package_not_the_working_tree(tmp_path):
    """Run from another folder, the documents and the l10n command work on what they should: the
    renderer on the pages it carries, l10n on the clone it is run in."""
    program = ("from backalley_site.table_rules import rules_document; "
               "print(len(rules_document('sheet', 'short-14', 'pt')))")
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True, cwd=tmp_path)
    assert int(out.stdout) > 10000
    clone = tmp_path / "clone"
    (clone / "docs").mkdir(parents=True)
    (clone / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    (clone / "docs" / "sub").mkdir()
    assert project_root(clone / "docs" / "sub") == clone.resolve()
    assert project_root(tmp_path) == tmp_path.resolve()


def test_the_renderer_zip_carries_every_page_it_prints():
    names = {name for name, _ in renderer_files(ROOT)}
    for folder, (_source, files) in RENDERER_DATA.items():
        assert {f"backalley_site/{folder}/{name}" for name in files} <= names
    assert not [name for name in names if name.endswith((".so", ".pyc"))]


def test_backalley_print_works_from_the_installed_layout(tmp_path):
    """The package as a wheel installs it (setuptools' build_py, what bdist_wheel packs) carries the
    pages, stylesheets and settings the renderer reads, and makes the documents from there alone."""
    built = tmp_path / "lib"
    subprocess.run([sys.executable, "-c", "from setuptools import setup; setup()", "-q", "build_py", "--build-lib",
                    str(built)], cwd=ROOT, check=True, capture_output=True)
    for name in ("backalley_site/pages/fr/rules-sheet.md", "backalley_site/project/mkdocs.yml",
                 "backalley_site/stylesheets/print.css", "backalley/examples/boards.md"):
        assert (built / name).is_file(), name
    program = ("import backalley_site, sys; from backalley_site.documents import document; "
               "assert backalley_site.__file__.startswith(sys.argv[1]), backalley_site.__file__; "
               "print(len(document('scorepad', 'ru', 'short-14')))")
    out = subprocess.run([sys.executable, "-c", program, str(built)], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(built)}, cwd=tmp_path, check=True)
    assert int(out.stdout) > 10000


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_answer_is_plain_text_even_where_the_variants_page_marks_up_cards(lang):
    """The page draws the answer as text: a card's markup would show as ``<span …>``."""
    found = table_rules("standard,big_lead_binds_partner=no,little_lead_binds=no", lang)
    cells = [row[key] for row in found["examples"] for key in ("title", "situation", "standard", "value")]
    cards = {fmt.card_text(str(card), lang) for card in PACK}
    assert any(card in cell for cell in cells for card in cards), cells  # cards are named, as text
    assert not [cell for cell in cells + found["differences"] if "<" in cell or "&" in cell]
