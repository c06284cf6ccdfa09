"""Which translated pages follow the current version of their English page, and what changed.

Each French, Portuguese and Russian page records, in its front matter, the version of its
English page that it translates: the git blob id of that English file (what ``git hash-object``
prints), so a translator can record it before committing, and the build can compare it with
the English file without git::

    ---
    translation_of: 3b18e512dba79e4c8300dd08aeb37f8e728b8dad
    ---

A page is **current** when it records the English file's present version, **behind** when it
records an earlier one (its English page changed since). Recording no version, or one the
English page never had, is an error.

    python -m backalley_site.l10n                  # each page, current or behind, with the English diff
    python -m backalley_site.l10n --table          # the status as a Markdown table
    python -m backalley_site.l10n --write-table    # ... written into CONTRIBUTING.md's status section
    python -m backalley_site.l10n --mark fr/tricks.md   # record: this translation follows the English page now

Exit status: 0 when every translation is current, 1 when one is behind, 2 on an error.
"""
from __future__ import annotations

import argparse
import difflib
import hashlib
import re
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

from . import ROOT
from .terms import terms

SOURCE = "en"
TRANSLATIONS = ("fr", "pt", "ru")
FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.S)
RECORD = re.compile(r"^translation_of:\s*([0-9a-f]{40})\s*$", re.M)


class TranslationError(Exception):
    """A translation records no version of its English page, or one it never had."""


class Status(NamedTuple):
    lang: str
    page: str
    recorded: str
    current: str

    @property
    def behind(self) -> bool:
        return self.recorded != self.current


def blob_id(content: bytes) -> str:
    """The git blob id of a file's content (``git hash-object``), computed without git."""
    return hashlib.sha1(b"blob %d\0" % len(content) + content).hexdigest()


def recorded_version(text: str, where: str = "<page>") -> str:
    """The English version a translated page records in its front matter."""
    front = FRONT_MATTER.match(text)
    found = RECORD.search(front.group(1)) if front else None
    if not found:
        raise TranslationError(f"{where} records no version of its English page: start it with "
                               f"'---', 'translation_of: <git hash-object of the English file>', '---'")
    return found.group(1)


def english_versions(page: str, root: Path = ROOT) -> set[str]:
    """Every version the English page has had: the blob ids of its committed history, and now."""
    path = f"docs/{SOURCE}/{page}"
    log = _git(root, "log", "--format=", "--raw", "--no-abbrev", "--", path)
    versions = {field for line in log.splitlines() for field in line.split()[2:4]}
    versions.add(blob_id((root / path).read_bytes()))
    return versions - {"0" * 40}


def statuses(root: Path = ROOT) -> list[Status]:
    """Each translated page's state, checked against its English page's history."""
    found = []
    for english in sorted((root / "docs" / SOURCE).glob("*.md")):
        page = english.name
        current = blob_id(english.read_bytes())
        history = None
        for lang in TRANSLATIONS:
            where = f"docs/{lang}/{page}"
            path = root / where
            if not path.exists():
                raise TranslationError(f"{where} is missing: every English page has a translation")
            recorded = recorded_version(path.read_text(encoding="utf-8"), where)
            if recorded != current:
                history = history if history is not None else english_versions(page, root)
                if recorded not in history:
                    raise TranslationError(f"{where} records {recorded}, a version docs/{SOURCE}/{page} never had")
            found.append(Status(lang, page, recorded, current))
    return found


def english_changes(status: Status, root: Path = ROOT) -> str:
    """What changed in the English page since the version the translation records, as a diff."""
    before = _git(root, "cat-file", "-p", status.recorded).splitlines(keepends=True)
    now = (root / "docs" / SOURCE / status.page).read_text(encoding="utf-8").splitlines(keepends=True)
    where = f"docs/{SOURCE}/{status.page}"
    return "".join(difflib.unified_diff(before, now, f"{where} (recorded)", f"{where} (now)", n=1))


def with_notice(markdown: str, lang: str, english_url: str) -> str:
    """``markdown`` (a translated page) with a short notice after its title, in its language, that
    the English page has changed since, linking to it (``english_url``, relative to the page)."""
    t = terms(lang)
    notice = (f'!!! warning "{t("l10n.behind_title")}"\n\n'
              f'    {t("l10n.behind_text")} <a href="{english_url}" hreflang="{SOURCE}">{t("l10n.english_page")}</a>.\n\n')
    title = re.search(r"^# .*\n", markdown, re.M)
    at = title.end() if title else 0
    return markdown[:at] + "\n" + notice + markdown[at:]


def table(found: list[Status]) -> str:
    """The status as a Markdown table: one row per page, one column per language."""
    pages = sorted({s.page for s in found})
    state = {(s.page, s.lang): "behind" if s.behind else "current" for s in found}
    lines = ["| page | " + " | ".join(TRANSLATIONS) + " |", "|---" * (len(TRANSLATIONS) + 1) + "|"]
    lines += [f"| `{page}` | " + " | ".join(state[page, lang] for lang in TRANSLATIONS) + " |" for page in pages]
    return "\n".join(lines)


STATUS_BLOCK = re.compile(r"(<!-- l10n-status -->\n)(?:.*?\n)?(<!-- /l10n-status -->)", re.S)
"""Where CONTRIBUTING.md keeps the status table (tests/test_l10n.py checks it is the present one)."""


def write_table(found: list[Status], root: Path = ROOT) -> None:
    """Put the status table into CONTRIBUTING.md, between its ``l10n-status`` comments."""
    path = root / "CONTRIBUTING.md"
    text = path.read_text(encoding="utf-8")
    if not STATUS_BLOCK.search(text):
        raise TranslationError(f"{path.name} has no '<!-- l10n-status -->' … '<!-- /l10n-status -->' section")
    path.write_text(STATUS_BLOCK.sub(lambda m: m[1] + table(found) + "\n" + m[2], text), encoding="utf-8")


def mark_current(page: str, root: Path = ROOT) -> None:
    """Record in translation ``page`` (``fr/tricks.md``) that it follows its English page's present
    version: for a translator who has just brought it up to date."""
    lang, _, name = page.partition("/")
    path = root / "docs" / lang / name
    if lang not in TRANSLATIONS or not name or not path.is_file():
        raise TranslationError(f"not a translated page: {page!r} (write it as fr/tricks.md)")
    text = path.read_text(encoding="utf-8")
    recorded = recorded_version(text, f"docs/{page}")
    current = blob_id((root / "docs" / SOURCE / name).read_bytes())
    path.write_text(text.replace(f"translation_of: {recorded}", f"translation_of: {current}", 1), encoding="utf-8")


def _git(root: Path, *args: str) -> str:
    try:
        return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        raise TranslationError(f"git {' '.join(args[:2])} failed in {root}: "
                               f"{getattr(exc, 'stderr', '') or exc}".strip()) from None


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m backalley_site.l10n", description=__doc__.splitlines()[0])
    parser.add_argument("--table", action="store_true", help="print the status as a Markdown table")
    parser.add_argument("--write-table", action="store_true", help="write the table into CONTRIBUTING.md")
    parser.add_argument("--mark", nargs="+", metavar="LANG/PAGE",
                        help="record that these translations follow their English page's present version")
    args = parser.parse_args(argv)
    try:
        for page in args.mark or ():
            mark_current(page)
        found = statuses()
        if args.write_table:
            write_table(found)
        if args.table:
            print(table(found))
        elif not args.write_table:
            for s in found:
                print(f"{s.lang} {s.page}: {'behind' if s.behind else 'current'}")
                if s.behind:
                    print("  the English page changed since the recorded version:")
                    print("\n".join("    " + line for line in english_changes(s).splitlines()))
    except TranslationError as error:
        print(f"l10n: {error}", file=sys.stderr)
        return 2
    return 1 if any(s.behind for s in found) else 0


if __name__ == "__main__":
    sys.exit(main())
