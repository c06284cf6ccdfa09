"""Two clean builds of the same sources give the same ``site/``, byte for byte.

The sources (the files git would commit: tracked and untracked, not ignored) are copied once,
then copied again to another path; each copy is built into a fresh folder, the second with
fresh file times, another hash seed, time zone and locale. Dates come from the last commit
(``SOURCE_DATE_EPOCH``, set by ./dev or by hooks/reproducible.py), never from the clock.
Building copies rather than the working tree keeps edits made meanwhile out of the comparison.
"""
from __future__ import annotations

import difflib
import gzip
import os
import re
import shutil
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.site  # builds the site twice by itself


def build_epoch() -> str:
    """The date every build of this commit carries."""
    if os.environ.get("SOURCE_DATE_EPOCH"):
        return os.environ["SOURCE_DATE_EPOCH"]
    return subprocess.run(
        ["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()


def source_files() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout
    return [name for name in listed.split("\0") if name and (ROOT / name).is_file()]


def tree(site: Path) -> dict[str, bytes]:
    return {file.relative_to(site).as_posix(): file.read_bytes() for file in sorted(site.rglob("*")) if file.is_file()}


def first_difference(name: str, one: bytes, two: bytes) -> str:
    try:
        a, b = one.decode("utf-8").splitlines(), two.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        at = next((i for i, (x, y) in enumerate(zip(one, two)) if x != y), min(len(one), len(two)))
        return f"{name}: {len(one)} and {len(two)} bytes, first difference at byte {at}"
    diff = [line for line in difflib.unified_diff(a, b, lineterm="", n=0) if not line.startswith(("---", "+++"))]
    return f"{name}:\n  " + "\n  ".join(line[:200] for line in diff[:6])


def clean_build(sources: Path, site: Path, **env) -> Path:
    env = {
        **os.environ,
        "NO_MKDOCS_2_WARNING": "1",
        "BACKALLEY_HOOK": "on",
        "SOURCE_DATE_EPOCH": build_epoch(),  # a copy has no git history of its own
        **env,
    }
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=sources, env=env, capture_output=True, text=True,
    )
    if build.returncode:
        pytest.fail(f"the build in {sources} failed:\n{build.stderr[-4000:]}", pytrace=False)
    return site


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory) -> tuple[Path, Path]:
    one = tmp_path_factory.mktemp("one") / "sources"
    for name in source_files():
        (one / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / name, one / name)
    two = tmp_path_factory.mktemp("two") / "a" / "copy of the sources"
    shutil.copytree(one, two)  # new file times
    return (
        clean_build(one, tmp_path_factory.mktemp("site-one") / "site"),
        clean_build(
            two, tmp_path_factory.mktemp("site-two") / "site",
            PYTHONHASHSEED="4242" if os.environ.get("PYTHONHASHSEED") != "4242" else "17",
            TZ="Pacific/Chatham", LC_ALL="C.UTF-8", LANG="C.UTF-8",
        ),
    )


def test_two_clean_builds_give_byte_identical_sites(two_builds):
    first, second = (tree(site) for site in two_builds)
    assert sorted(first) == sorted(second), (
        f"only in the first build: {sorted(set(first) - set(second))}; "
        f"only in the second: {sorted(set(second) - set(first))}"
    )
    differ = [name for name in first if first[name] != second[name]]
    assert not differ, f"{len(differ)} of {len(first)} files differ:\n" + "\n".join(
        first_difference(name, first[name], second[name]) for name in differ[:10]
    )


def test_the_build_is_dated_by_the_last_commit(built_site):
    epoch = int(build_epoch())
    day = datetime.fromtimestamp(epoch, timezone.utc).date().isoformat()
    sitemap = (built_site / "sitemap.xml").read_bytes()
    assert set(re.findall(rb"<lastmod>([^<]*)</lastmod>", sitemap)) == {day.encode()}
    packed = (built_site / "sitemap.xml.gz").read_bytes()
    assert gzip.decompress(packed) == sitemap
    stamp = int.from_bytes(packed[4:8], "little")  # the gzip header's MTIME
    assert datetime.fromtimestamp(stamp, timezone.utc).date().isoformat() == day
