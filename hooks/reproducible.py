"""The same commit builds the same site: dates come from the last commit, not from the clock.

MkDocs dates the sitemap (``lastmod``) and the gzip header of ``sitemap.xml.gz`` with
``SOURCE_DATE_EPOCH`` when it is set, else with the time of the build, so two builds of one
commit made on different days would differ (the rules-sheet PDFs take their dates from it too).
``./dev`` sets it from git; this hook does the same for every other way of building
(``mkdocs build``, ``mkdocs serve``, the tests, the benchmarks) when it is not set and git knows
the last commit. tests/test_reproducible.py checks the result.
"""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

from mkdocs.plugins import event_priority

ROOT = Path(__file__).resolve().parents[1]


@event_priority(100)
def on_startup(command, dirty):
    if "SOURCE_DATE_EPOCH" in os.environ:
        return
    try:
        last = subprocess.run(
            ["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True, timeout=30
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return
    if last.isdigit():
        os.environ["SOURCE_DATE_EPOCH"] = last
