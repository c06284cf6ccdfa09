"""Types and lint: mypy checks src/ and ruff lints src/, tests/, hooks/ and benchmarks/, as
pyproject.toml configures them (CONTRIBUTING: Types and lint); a finding fails with their output."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_mypy_finds_no_error_in_src():
    done = run("mypy", "--no-incremental")  # files = ["src"] in pyproject.toml
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_finds_nothing():
    done = run("ruff", "check", "--no-cache", "src", "tests", "hooks", "benchmarks")
    assert done.returncode == 0, done.stdout + done.stderr
