"""Shared fixtures: the site built once per test session, served to a browser (``browsing``)."""
from __future__ import annotations

import fcntl
import functools
import os
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.request import urlopen

import pytest

from browsing import (
    CHROMIUM_ARGS, CONFIG, INSTALL_HINT, TEST_BROWSER, LANGUAGES, NOWHERE, PHONE, Reader, SiteHandler,
    SiteServer, language_of, root_of,
)

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


BUILD = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir"]
_BUILDING = pytest.StashKey[subprocess.Popen]()


def _build_env() -> dict:
    return {**os.environ, "NO_MKDOCS_2_WARNING": "1", "BACKALLEY_HOOK": "on"}


def pytest_sessionstart(session):
    """A whole run (the default test paths, not ``-m "not site…"``) starts building the site at
    once, beside the tests that need only Python, rather than when the first test asks for it:
    the run's controller builds it (with pytest-xdist, the workers' base folders sit in its one)."""
    config = session.config
    whole = config.args_source == pytest.Config.ArgsSource.TESTPATHS
    if hasattr(config, "workerinput") or not whole or "not site" in (config.option.markexpr or ""):
        return
    shared = config._tmp_path_factory.getbasetemp()
    log = open(shared / "built-site.log", "w")
    build = subprocess.Popen([*BUILD, str(shared / "built-site")], cwd=ROOT, env=_build_env(),
                             stdout=log, stderr=subprocess.STDOUT)

    def finished():
        status = build.wait()
        log.close()
        (shared / ("built-site.done" if status == 0 else "built-site.failed")).write_text(f"{status}\n")

    (shared / "built-site.started").write_text("building\n")
    threading.Thread(target=finished, daemon=True).start()
    config.stash[_BUILDING] = build


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """``mkdocs build --strict`` of this repository, once per test run, in a temporary folder.

    A whole run has started it with the session (``pytest_sessionstart``): the tests wait for it.
    Otherwise the first test to need the site builds it, under a lock in the run's shared
    temporary folder (with pytest-xdist, ``./dev test`` runs several workers: the others wait and
    use the same one)."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # every worker's base folder sits in the run's one folder
    site, done, failed = shared / "built-site", shared / "built-site.done", shared / "built-site.failed"
    if (shared / "built-site.started").exists():
        while not (done.exists() or failed.exists()):
            time.sleep(0.2)
        if failed.exists():
            log = (shared / "built-site.log").read_text(encoding="utf-8", errors="replace")
            pytest.fail(f"mkdocs build --strict failed:\n{log[-4000:]}", pytrace=False)
        return site
    with open(shared / "built-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            build = subprocess.run([*BUILD, str(site)], cwd=ROOT, env=_build_env(), capture_output=True, text=True)
            if build.returncode:
                pytest.fail(f"mkdocs build --strict failed:\n{build.stderr[-4000:]}", pytrace=False)
            done.write_text("built\n")
    return site


NEEDS = {"built_site": "site", "browser": "browser"}
"""The fixtures that make a test need more than Python, and the marker each gives it (a test
that builds the site or starts Chromium by itself carries the marker in its own module)."""


@pytest.hookimpl(tryfirst=True)  # before -m deselects by marker
def pytest_collection_modifyitems(items):
    """Each test that uses a fixture of ``NEEDS`` (directly or through another fixture) gets its
    marker, so ``-m "not site and not browser"`` (``./dev check``) runs the rest alone. Tests that
    need the built site run last: while the site builds, the workers run the engine's tests
    (a stable sort keeps each group in its own order)."""
    for item in items:
        for fixture, marker in NEEDS.items():
            if fixture in getattr(item, "fixturenames", ()):
                item.add_marker(marker)
    items.sort(key=lambda item: "built_site" in getattr(item, "fixturenames", ()))


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


# -- the browser (helpers in browsing.py) ---------------------------------------------------------

@pytest.fixture(scope="session")
def base_url(built_site):
    """``http://127.0.0.1:<port>`` serving the built site, for the whole session."""
    handler = functools.partial(SiteHandler, directory=str(built_site))
    server = SiteServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    """One Chromium for the tests of a module. Module scope, not session: Playwright's sync API
    runs one instance at a time, and other test modules (test_print.py) start their own."""
    if not (TEST_BROWSER.is_file() and os.access(TEST_BROWSER, os.X_OK)):
        pytest.fail(INSTALL_HINT, pytrace=False)
    with sync_playwright() as playwright:
        try:
            chromium = playwright.chromium.launch(executable_path=str(TEST_BROWSER), args=CHROMIUM_ARGS, proxy=NOWHERE)
        except PlaywrightError as exc:
            pytest.fail(f"{TEST_BROWSER} does not start ({str(exc).splitlines()[0]}); {INSTALL_HINT}", pytrace=False)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def pages(base_url) -> dict[str, dict[str, str]]:
    """Every page of the sitemap, by language: ``{lang: {path below the language root: url}}``."""
    site_url = CONFIG["site_url"].rstrip("/")
    with urlopen(f"{base_url}/sitemap.xml") as response:
        sitemap = ET.fromstring(response.read())
    found: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
    for loc in sitemap.iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc"):
        path = loc.text.strip().removeprefix(site_url)
        lang = language_of(path)
        found[lang][path.removeprefix(root_of(lang))] = base_url + path
    assert all(found.values()), f"a language without pages in the sitemap: {found}"
    return found


@pytest.fixture
def reader(browser, base_url):
    """``reader(viewport)``: a fresh reader, closed after the test."""
    opened = []

    def make(viewport=PHONE, **options):
        opened.append(Reader(browser, base_url, viewport, **options))
        return opened[-1]

    yield make
    for one in opened:
        one.close()


COUNTED = {"tests/test_browser.py": "browser", "tests/test_reproducible.py": "reproducible build"}
OUTCOMES = {"passed": "passed", "failed": "failed", "error": "errors", "skipped": "skipped"}


def counted(stats: dict) -> dict[str, dict[str, set]]:
    """The test ids of each suite of ``COUNTED``, by outcome, from the terminal reporter's stats."""
    counts: dict[str, dict[str, set]] = {suite: {} for suite in COUNTED.values()}
    for outcome in OUTCOMES:
        for report in stats.get(outcome, []):
            nodeid = getattr(report, "nodeid", "")
            suite = COUNTED.get(nodeid.split("::")[0])
            if suite:
                counts[suite].setdefault(outcome, set()).add(nodeid)
    return counts


def pytest_terminal_summary(terminalreporter):
    """One line per suite that needs more than Python (Chromium, two builds): how many ran and
    how, so a run that left them out, skipped or broke them shows it (issue 4)."""
    for suite, found in counted(terminalreporter.stats).items():
        terminalreporter.write_line(
            f"{suite} tests: " + ", ".join(f"{len(found.get(o, ()))} {w}" for o, w in OUTCOMES.items())
        )


def pytest_sessionfinish(session):
    """A site build started with the session and still running (no test needed it: ``-k``) is
    stopped. Under CI, a whole run (the default test paths, no -m or -k) in which one of those
    suites passed nothing fails."""
    config = session.config
    build = config.stash.get(_BUILDING, None)
    if build is not None and build.poll() is None:
        build.terminate()
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    whole = (config.args_source == pytest.Config.ArgsSource.TESTPATHS and not config.option.markexpr
             and not config.option.keyword and not config.option.collectonly)
    if not (os.environ.get("CI") and whole and reporter) or hasattr(config, "workerinput"):
        return
    missing = [suite for suite, found in counted(reporter.stats).items() if not found.get("passed")]
    if missing and session.exitstatus == pytest.ExitCode.OK:
        reporter.line("")
        reporter.write_line(f"CI: a whole run that passed no {' and no '.join(missing)} test fails", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
