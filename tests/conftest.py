"""Shared fixtures: the site built once per test session."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def cli(capsys):
    """``cli(*argv)``: the ``backalley`` command run in this process (arguments made text), as
    ``(exit status, stdout, stderr)``."""
    from backalley.cli import main

    def run(*argv):
        status = main([str(a) for a in argv])
        out, err = capsys.readouterr()
        return status, out, err

    return run


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """``mkdocs build --strict`` of this repository, once per session, in a temporary folder."""
    site = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "BACKALLEY_HOOK": "on"}
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )
    if build.returncode:
        pytest.fail(f"mkdocs build --strict failed:\n{build.stderr[-4000:]}", pytrace=False)
    return site


@pytest.fixture(scope="session")
def built_pages(built_site):
    """``built_pages(lang)``: every HTML file the built site has for one language, in order
    (the default language's are those outside the other languages' folders)."""
    others = {p.name for p in built_site.iterdir() if p.is_dir() and (p / "404.html").exists()}

    def pages(lang: str) -> list[Path]:
        if lang in others:
            return sorted((built_site / lang).rglob("*.html"))
        return sorted(p for p in built_site.rglob("*.html") if p.relative_to(built_site).parts[0] not in others)

    return pages


COUNTED = {"tests/test_browser.py": "browser", "tests/test_reproducible.py": "reproducible build"}
OUTCOMES = {"passed": "passed", "failed": "failed", "error": "errors", "skipped": "skipped"}


def pytest_terminal_summary(terminalreporter):
    """One line per suite that needs more than Python (Chromium, two builds): how many ran and
    how, so a run that left them out, skipped or broke them shows it (issue 4)."""
    counts: dict[str, dict[str, set]] = {}
    for outcome in OUTCOMES:
        for report in terminalreporter.stats.get(outcome, []):
            nodeid = getattr(report, "nodeid", "")
            suite = COUNTED.get(nodeid.split("::")[0])
            if suite:
                counts.setdefault(suite, {}).setdefault(outcome, set()).add(nodeid)
    for suite in COUNTED.values():
        found = counts.get(suite, {})
        if found:
            terminalreporter.write_line(
                f"{suite} tests: "
                + ", ".join(f"{len(found.get(o, ()))} {w}" for o, w in OUTCOMES.items())
            )
