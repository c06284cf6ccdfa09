"""Shared fixtures: the site built once per test session."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


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
