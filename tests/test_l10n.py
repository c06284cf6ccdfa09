"""Translation tracking: every translated page records the version of its English page it
follows; a page behind its English page still builds, with a notice; the status command says
which pages are behind and what changed."""
from __future__ import annotations

import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

from backalley_site import l10n
from backalley_site.l10n import TranslationError, blob_id, recorded_version, statuses, with_notice

ROOT = Path(__file__).resolve().parents[1]


def test_every_translation_records_a_version_its_english_page_had():
    found = statuses(ROOT)
    english = sorted(p.name for p in (ROOT / "docs" / "en").glob("*.md"))
    assert sorted({s.page for s in found}) == english
    assert {s.lang for s in found} == {"fr", "pt", "ru"}


def test_contributing_shows_the_status_of_every_page_as_it_is():
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    shown = l10n.STATUS_BLOCK.search(text)
    assert shown, "CONTRIBUTING.md has lost its translation status section"
    assert l10n.table(statuses(ROOT)) in shown[0], \
        "CONTRIBUTING.md's translation status is out of date: run ./dev l10n --write-table"


def test_a_version_is_the_git_blob_id_of_the_english_file():
    path = ROOT / "docs" / "en" / "index.md"
    expected = subprocess.run(["git", "hash-object", str(path)], capture_output=True, text=True, check=True).stdout.strip()
    assert blob_id(path.read_bytes()) == expected


def test_a_page_without_a_record_is_named():
    with pytest.raises(TranslationError, match="docs/fr/x.md records no version of its English page"):
        recorded_version("# Titre\n", "docs/fr/x.md")


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=repo, check=True,
                   capture_output=True)


def test_changing_only_the_english_page_puts_its_translations_behind(tmp_path):
    docs = tmp_path / "docs"
    for lang in ("en", "fr", "pt", "ru"):
        (docs / lang).mkdir(parents=True)
    english = docs / "en" / "rules.md"
    english.write_text("# Rules\n\nLead any card.\n")
    version = blob_id(english.read_bytes())
    for lang in ("fr", "pt", "ru"):
        (docs / lang / "rules.md").write_text(f"---\ntranslation_of: {version}\n---\n\n# {lang}\n")
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-qm", "first")
    assert not any(s.behind for s in statuses(tmp_path))
    english.write_text("# Rules\n\nLead any card but a trump.\n")
    git(tmp_path, "commit", "-qam", "English only")
    behind = statuses(tmp_path)
    assert [s.lang for s in behind if s.behind] == ["fr", "pt", "ru"]
    changes = l10n.english_changes(behind[0], tmp_path)
    assert "-Lead any card." in changes and "+Lead any card but a trump." in changes
    (tmp_path / "CONTRIBUTING.md").write_text("Status:\n\n<!-- l10n-status -->\n<!-- /l10n-status -->\n")
    l10n.write_table(behind, tmp_path)
    assert "| `rules.md` | behind | behind | behind |" in (tmp_path / "CONTRIBUTING.md").read_text()
    l10n.mark_current("fr/rules.md", tmp_path)   # the French translator caught up
    assert [s.lang for s in statuses(tmp_path) if s.behind] == ["pt", "ru"]
    with pytest.raises(TranslationError, match="not a translated page: 'en/rules.md'"):
        l10n.mark_current("en/rules.md", tmp_path)
    (docs / "fr" / "rules.md").write_text("---\ntranslation_of: " + "a" * 40 + "\n---\n")
    with pytest.raises(TranslationError, match="docs/fr/rules.md records a{40}, a version docs/en/rules.md never had"):
        statuses(tmp_path)


def test_the_notice_follows_the_title_in_the_page_language():
    page = with_notice("# Enchères\n\nTexte.\n", "fr", "../../bidding/")
    title, rest = page.split("\n", 1)
    assert title == "# Enchères"
    assert rest.lstrip().startswith('!!! warning "Traduction en retard"')
    assert '<a href="../../bidding/" hreflang="en">Lire la page anglaise</a>' in rest
    assert rest.rstrip().endswith("Texte.")


def test_the_hook_links_the_english_page_and_leaves_current_pages_alone(tmp_path):
    import importlib.util

    spec = importlib.util.spec_from_file_location("translations_hook", ROOT / "hooks" / "translations.py")
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    (tmp_path / "en").mkdir()
    (tmp_path / "ru").mkdir()
    (tmp_path / "en" / "tricks.md").write_text("# Tricks\n")
    translated = tmp_path / "ru" / "tricks.md"
    config = SimpleNamespace(docs_dir=str(tmp_path))

    def page(url):
        return SimpleNamespace(url=url, file=SimpleNamespace(abs_src_path=str(translated)))

    translated.write_text(f"---\ntranslation_of: {blob_id(b'# Tricks' + bytes([10]))}\n---\n# Взятки\n")
    assert hook.on_page_markdown("# Взятки\n", page("ru/tricks/"), config, None) == "# Взятки\n"
    translated.write_text("---\ntranslation_of: " + "b" * 40 + "\n---\n# Взятки\n")
    behind = hook.on_page_markdown("# Взятки\n", page("ru/tricks/"), config, None)
    assert 'href="../../tricks/"' in behind and "Перевод устарел" in behind
