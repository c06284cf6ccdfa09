"""One clean build with ProperDocs gives the site that the session built with MkDocs, byte for byte.

The session's site (``built_site``, tests/conftest.py) is ``mkdocs build --strict`` of the working
tree. Here the sources (the files git would commit: tracked and untracked, not ignored) are copied
to another path, with fresh file times, and built with ``properdocs build --strict`` under another
hash seed, time zone and locale. One build thus shows both that the site is reproducible and that
the two builders agree (CONTRIBUTING: When MkDocs goes). Dates come from the last commit
(``SOURCE_DATE_EPOCH``, set by ./dev or by hooks/reproducible.py), never from the clock. Both builds
run the working tree's Python code (the editable install) and so share what it keeps in the
working tree's ``.cache/``, each keyed by its inputs and filled by the first build: the figures,
the compiled pages, the printed PDFs and the link-preview picture. That Chromium prints the same
bytes twice is tests/test_print.py's (``test_printing_twice_gives_the_same_bytes``, and the
command's PDF against the build's).

Only what names the builder is normalised before comparing, nothing else:

- the builder's item of each page's ``<meta name="generator">``, the theme's ``mkdocs-{{
  mkdocs_version }}`` (``mkdocs-1.6.1`` or ``mkdocs-ProperDocs 1.6.7``); Material's item stays;
- in ``sw.js``, the precache revision of such a page, a hash of the page's bytes: where it is the
  hash of the page as built, it becomes the hash of the page normalised (any other revision stays).

The ProperDocs build runs after the session's, so that it reads the figures that build computed:
started beside it, on a fresh clone, it would compute them all a second time.
"""
from __future__ import annotations

import difflib
import gzip
import hashlib
import os
import re
import shutil
import subprocess
import sys
from datetime import datetime, UTC
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GENERATOR = re.compile(rb'(<meta name="generator" content=")mkdocs-[^,"]*')
PRECACHED = re.compile(r'\{"url": "([^"]+\.html)", "revision": "([0-9a-f]+)"\}')
HONEST = (
    "built_site is built from the working tree when a test first needs it, the copy here from the "
    "files git would commit when this test starts: a file edited or added meanwhile, or an ignored "
    "file that a build reads, can make the two differ on a working tree (commit or stash, and run "
    "again); CI builds a fresh clone, where neither happens"
)

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


def without_builder(site: dict[str, bytes]) -> dict[str, bytes]:
    """The site with the builder's name taken out (see the module's docstring), nothing else."""
    pages = {name: GENERATOR.sub(rb"\1mkdocs-(builder)", data) if name.endswith(".html") else data
             for name, data in site.items()}

    def revision(match: re.Match) -> str:
        name, rev = match[1], match[2]
        built = hashlib.sha256(site.get(name, b"")).hexdigest()[: len(rev)]
        if name not in site or rev != built:
            return match[0]
        return match[0].replace(rev, hashlib.sha256(pages[name]).hexdigest()[: len(rev)])

    if "sw.js" in pages:
        pages["sw.js"] = PRECACHED.sub(revision, pages["sw.js"].decode("utf-8")).encode("utf-8")
    return pages


def first_difference(name: str, one: bytes, two: bytes) -> str:
    try:
        a, b = one.decode("utf-8").splitlines(), two.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        at = next((i for i, (x, y) in enumerate(zip(one, two)) if x != y), min(len(one), len(two)))
        return f"{name}: {len(one)} and {len(two)} bytes, first difference at byte {at}"
    diff = [line for line in difflib.unified_diff(a, b, lineterm="", n=0) if not line.startswith(("---", "+++"))]
    return f"{name}:\n  " + "\n  ".join(line[:200] for line in diff[:6])


def properdocs_build(sources: Path, site: Path) -> Path:
    """``properdocs build --strict`` of ``sources`` into ``site``, with another hash seed, time
    zone and locale than the session's."""
    env = {
        **os.environ,
        "NO_MKDOCS_2_WARNING": "1",
        "BACKALLEY_HOOK": "on",
        "SOURCE_DATE_EPOCH": build_epoch(),  # a copy has no git history of its own
        "PYTHONHASHSEED": "4242" if os.environ.get("PYTHONHASHSEED") != "4242" else "17",
        "TZ": "Pacific/Chatham",
        "LC_ALL": "C.UTF-8",
        "LANG": "C.UTF-8",
        # the session's build's caches, keyed by their inputs (the copy's own .cache would be cold)
        **{f"BACKALLEY_{name}_CACHE": str(ROOT / ".cache" / folder) for name, folder in
           (("SIM", "simulations"), ("TEMPLATE", "templates"), ("PDF", "pdf"), ("SOCIAL", "social"))},
    }
    build = subprocess.run(
        [sys.executable, "-m", "properdocs", "build", "--strict", "--config-file", "mkdocs.yml",
         "--site-dir", str(site)],
        cwd=sources, env=env, capture_output=True, text=True,
    )
    if build.returncode:
        pytest.fail(f"properdocs build --strict of a copy failed:\n{build.stderr[-4000:]}", pytrace=False)
    return site


def test_a_clean_properdocs_build_gives_the_sessions_mkdocs_site_byte_for_byte(built_site, tmp_path_factory):
    sources = tmp_path_factory.mktemp("copy") / "a" / "copy of the sources"
    for name in source_files():
        (sources / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / name, sources / name)  # new file times
    site = properdocs_build(sources, tmp_path_factory.mktemp("properdocs") / "site")
    first, second = without_builder(tree(built_site)), without_builder(tree(site))
    assert sorted(first) == sorted(second), (
        f"only in the MkDocs build: {sorted(set(first) - set(second))}; "
        f"only in the ProperDocs build: {sorted(set(second) - set(first))} ({HONEST})"
    )
    differ = [name for name in first if first[name] != second[name]]
    assert not differ, f"{len(differ)} of {len(first)} files differ between MkDocs and ProperDocs ({HONEST}):\n" + "\n".join(
        first_difference(name, first[name], second[name]) for name in differ[:10]
    )


def test_the_build_is_dated_by_the_last_commit(built_site):
    epoch = int(build_epoch())
    day = datetime.fromtimestamp(epoch, UTC).date().isoformat()
    sitemap = (built_site / "sitemap.xml").read_bytes()
    assert set(re.findall(rb"<lastmod>([^<]*)</lastmod>", sitemap)) == {day.encode()}
    packed = (built_site / "sitemap.xml.gz").read_bytes()
    assert gzip.decompress(packed) == sitemap
    stamp = int.from_bytes(packed[4:8], "little")  # the gzip header's MTIME
    assert datetime.fromtimestamp(stamp, UTC).date().isoformat() == day
