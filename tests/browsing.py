"""What the browser tests share: the built site served on 127.0.0.1, one Chromium, and a
``Reader`` (a browser context that records every request). The fixtures built on these
(``base_url``, ``browser``, ``pages``, ``reader``) are in ``conftest.py``; a test module reads
the constants and helpers from here (``from browsing import LANGUAGES, PHONE, root_of``).

Debian's Chromium, as its headless shell (``/usr/bin/chromium-headless-shell``, or
``$BACKALLEY_TEST_BROWSER``), driven by Playwright; Playwright's own browser download is never
used. Without it every browser test fails with the line that says how to install it: they are
never skipped.

The server, like a static host that looks for the nearest ``404.html`` (and like Cloudflare
Pages), answers a missing address with the closest ``404.html`` above it, so
``/fr/no/such/page/`` gets ``/fr/404.html``. The browser's only way out is a proxy that
refuses every connection (127.0.0.1 bypasses it): a request to another host never leaves the
machine.
"""
from __future__ import annotations

import contextlib
import functools
import http.server
import os
import sys
import threading
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

import axe_playwright_python
import yaml

AXE_SCRIPT = Path(axe_playwright_python.__file__).with_name("axe.min.js")  # axe-core, bundled
ROOT = Path(__file__).resolve().parents[1]
CONFIG = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
I18N = next(p["i18n"] for p in CONFIG["plugins"] if isinstance(p, dict) and "i18n" in p)
LANGUAGES = [language["locale"] for language in I18N["languages"]]
DEFAULT_LANGUAGE = next(language["locale"] for language in I18N["languages"] if language.get("default"))
OTHER_LANGUAGES = [lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE]

CHROMIUM = Path(os.environ.get("BACKALLEY_CHROMIUM", "/usr/bin/chromium"))
"""Debian's Chromium: the browser the build prints with, and the benchmarks' reader's browser."""
TEST_BROWSER = Path(os.environ.get("BACKALLEY_TEST_BROWSER", "/usr/bin/chromium-headless-shell"))
"""The tests' browser: Debian's headless shell of the same Chromium (package
``chromium-headless-shell``, the same Blink and V8 without the desktop browser around them, as
Playwright's own headless runs use); a new page costs the machine a third of what it costs in
the full browser (measured: 0.28 against 0.87 CPU-s), which keeps ``./dev test`` short."""
CHROMIUM_ARGS = [
    "--no-sandbox",  # CI runs as root
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-default-apps",
]
NOWHERE = {"server": "http://127.0.0.1:9", "bypass": "127.0.0.1"}  # the discard port: nothing listens
INSTALL_HINT = (f"no Chromium headless shell at {TEST_BROWSER}: install it with "
                "`sudo apt-get install chromium chromium-headless-shell` (.ci/run does)")
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
PHONES = (PHONE, {"width": 390, "height": 844})
"""The phones the site is made for: 360 and 390 px wide."""
SCREENS = (*PHONES, DESKTOP)
"""Every screen the layout tests measure: the phones and a desktop."""
FIRST_LOAD_LIMIT = 100_000  # bytes, every response of a first visit compressed with gzip
TIMEOUT_MS = 10_000
REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => window.__baPolicyViolation({
  page: location.href, directive: event.effectiveDirective, blocked: event.blockedURI,
  sample: event.sample, source: event.sourceFile, line: event.lineNumber,
}));
"""
"""Every page of a ``Reader`` reports each Content-Security-Policy violation to the test."""


def root_of(lang: str) -> str:
    return "/" if lang == DEFAULT_LANGUAGE else f"/{lang}/"


def language_of(path: str) -> str:
    top = path.strip("/").split("/")[0]
    return top if top in OTHER_LANGUAGES else DEFAULT_LANGUAGE


# -- the server, the browser and the pages ------------------------------------------------------

class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files; a missing address gets the nearest 404.html above it, with status 404.
    WebAssembly and JavaScript modules go out with the types a static host gives them (the
    engine's runtime does not start without ``application/wasm``)."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
    }

    def log_message(self, format, *args):
        pass

    def send_error(self, code, message=None, explain=None):
        page = self._nearest_404() if code == 404 else None
        if page is None:
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _nearest_404(self) -> Path | None:
        root = Path(self.directory)
        folder = root.joinpath(*[p for p in unquote(urlsplit(self.path).path).split("/") if p not in ("", ".", "..")])
        for candidate in [folder, *folder.parents]:
            if candidate == root or root in candidate.parents:
                if (candidate / "404.html").is_file():
                    return candidate / "404.html"
        return None


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a page left before its files came
            super().handle_error(request, client_address)



@contextlib.contextmanager
def serving(directory: Path):
    """``http://127.0.0.1:<port>`` serving ``directory`` until the block ends (the session's
    ``base_url`` fixture serves the built site; a test that must take its site away, or change
    it, serves its own)."""
    server = SiteServer(("127.0.0.1", 0), functools.partial(SiteHandler, directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", server
    finally:
        server.shutdown()
        server.server_close()


class Reader:
    """A browser context as one reader: records every request and every failure.

    The reader prefers reduced motion, which the theme honours (no transitions): the tests
    never wait for an animation to end before they click. Their system's colour scheme is
    ``scheme`` (light or dark), which the site follows until the reader picks one. The site's
    service worker is blocked unless ``service_workers="allow"`` (tests/test_offline.py), so
    that every other test sees the network as a first visit does. Every Content-Security-Policy
    violation any of its pages reports is in ``violations``. With ``cache=False`` its page keeps
    nothing in the browser's cache: each visit fetches all it uses, as a first visit does.
    """

    def __init__(self, browser, base_url: str, viewport: dict, *, axe: bool = False, scheme: str = "light",
                 service_workers: str = "block", cache: bool = True):
        self.base_url = base_url
        self.context = browser.new_context(
            viewport=viewport, service_workers=service_workers, reduced_motion="reduce", color_scheme=scheme,
        )
        self.context.set_default_timeout(TIMEOUT_MS)
        self.violations: list[dict] = []
        self.context.expose_binding("__baPolicyViolation", lambda source, found: self.violations.append(found))
        self.context.add_init_script(REPORT_VIOLATIONS)
        if axe:  # axe-core ready in every page, rather than sent again for each check
            self.context.add_init_script(path=str(AXE_SCRIPT))
        self.requests: list[str] = []
        self.failed: list[str] = []
        self.responses = []
        self.inflight = set()
        self.context.on("request", self._request)
        self.context.on("requestfinished", lambda request: self.inflight.discard(request))
        self.context.on("requestfailed", self._request_failed)
        self.context.on("response", self._response)
        self.page = self.context.new_page()
        if not cache:
            session = self.context.new_cdp_session(self.page)
            session.send("Network.enable")
            session.send("Network.setCacheDisabled", {"cacheDisabled": True})
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _request(self, request):
        self.requests.append(request.url)
        self.inflight.add(request)

    def _request_failed(self, request):
        self.inflight.discard(request)
        if request.failure == "net::ERR_ABORTED" and request.url.endswith("/favicon.svg"):
            return  # the browser's own fetch of the tab's icon, dropped when the reader moved on
        self.failed.append(f"{request.url} ({request.failure})")

    def _response(self, response):
        self.responses.append(response)
        if response.status >= 400:
            self.failed.append(f"{response.url} ({response.status})")

    def outside(self) -> list[str]:
        """Every request that was not for the local server."""
        return [url for url in self.requests if not url.startswith(self.base_url + "/") and not url.startswith("data:")]

    def visit(self, url: str, *, idle: bool = False):
        response = self.page.goto(url)
        assert response is not None, url
        if idle:
            self.settle()
        return response

    def settle(self, quiet: float = 0.2):
        """Until no request has been pending for ``quiet`` seconds (Playwright's networkidle
        waits half a second, on every page of every test)."""
        deadline = time.monotonic() + TIMEOUT_MS / 1000
        calm_since = None
        while time.monotonic() < deadline:
            self.page.wait_for_timeout(40)
            if self.inflight:
                calm_since = None
            elif calm_since is None:
                calm_since = time.monotonic()
            elif time.monotonic() - calm_since >= quiet:
                return
        raise AssertionError(f"requests still pending: {[r.url for r in self.inflight]}")

    def close(self):
        if self.context is not None:
            self.context.close()
            self.context = None



def all_pages(pages, lang):
    return sorted(pages[lang].items())


def missing_page(lang: str) -> str:
    """The address, from the site's root, of a page ``lang``'s part of the site does not have."""
    return f"{root_of(lang)}no/such/page/"


def printable_pages(site: Path, base_url: str, lang: str) -> list[str]:
    """The addresses of the printable pages the build wrote for ``lang`` (``print/<preset>/…``,
    outside the sitemap)."""
    folder = site / root_of(lang).strip("/") / "print"
    return [f"{base_url}/{path.relative_to(site).as_posix()}" for path in sorted(folder.glob("*/*.html"))]


def policy_violations(reader: Reader) -> list[str]:
    """``reader``'s Content-Security-Policy violations, one line each."""
    return [f"{v['page']}: {v['directive']} blocked {v['blocked'] or 'inline'} "
            f"({v['source']}:{v['line']}) {v['sample']!r}" for v in reader.violations]


def axe_violations(page, rules: list[str] | None = None) -> list[str]:
    """What axe-core (a ``Reader`` made with ``axe=True``) finds on ``page``, one line each: every
    rule it runs by default (WCAG 2 A and AA, best practices), or only ``rules``."""
    only = {"runOnly": rules} if rules else {}
    found = page.evaluate("only => axe.run(document, {resultTypes: ['violations'], ...only}).then(r => r.violations)", only)
    return [f"{v['id']}: {v['help']} [{', '.join(str(node['target']) for node in v['nodes'][:3])}]" for v in found]
