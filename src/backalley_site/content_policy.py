"""The Content-Security-Policy every built page declares: nothing but the site itself runs.

``with_policy(html)`` puts ``<meta http-equiv="Content-Security-Policy">`` at the top of the
page's ``<head>`` (before any script, style or stylesheet), with a policy made for that page:

- everything from the site itself only (``'self'``): scripts, styles, workers, fonts,
  connections, frames, and images, plus ``data:`` images (the theme's stylesheet draws its
  icons as ``data:image/svg+xml`` masks);
- ``script-src`` adds ``'wasm-unsafe-eval'`` (the engine's runtime is WebAssembly) and the
  sha256 of each of the page's inline scripts (the theme's and ours), as the browser hashes
  them: the text between ``<script>`` and ``</script>``, UTF-8; never ``'unsafe-inline'``;
- ``style-src`` adds the sha256 of each inline ``<style>`` (the printable pages carry their
  stylesheet inline) and, with ``'unsafe-hashes'``, of each ``style="…"`` attribute's value
  (Markdown's right-aligned table cells, the score pad's row count): only those exact
  declarations, on the pages that have them;
- ``object-src 'none'``, ``base-uri 'self'``, ``form-action 'self'``.

An event-handler attribute (``onclick="…"``) or a ``javascript:`` link would be blocked:
``InlineCode`` is raised instead, so the build says where. Independent of MkDocs
(``hooks/finished_site.py`` applies it to every page of the finished site).
"""
from __future__ import annotations

import base64
import hashlib
import re
from html.parser import HTMLParser

SCRIPT_TYPES = {"", "text/javascript", "application/javascript", "module"}
"""``type`` values of a ``<script>`` the browser runs (others, such as JSON, are data)."""
FIXED = {
    "img-src": ["'self'", "data:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
}
"""The directives every page has alike, after ``default-src``, ``script-src`` and ``style-src``."""
META_START = '<meta http-equiv="Content-Security-Policy" content="'
EXISTING = re.compile(r'\n?[ \t]*<meta http-equiv="Content-Security-Policy" content="[^"]*">')
CHARSET = re.compile(r"<meta charset=[^>]*>", re.I)
HEAD = re.compile(r"<head(\s[^>]*)?>", re.I)


class InlineCode(ValueError):
    """A page holds script the policy cannot allow by a hash (an event handler, a javascript: URL)."""


def sha256(text: str) -> str:
    """A CSP hash source for ``text``, as the browser computes it (UTF-8, line ends as LF)."""
    digest = hashlib.sha256(text.replace("\r\n", "\n").replace("\r", "\n").encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


class _Inline(HTMLParser):
    """Collects a page's inline scripts, style elements and style attributes, and what cannot be hashed."""

    def __init__(self):
        super().__init__(convert_charrefs=False)
        self.scripts: list[str] = []
        self.styles: list[str] = []
        self.style_attributes: list[str] = []
        self.refused: list[str] = []
        self._open: tuple[str, list[str]] | None = None  # (tag, its text so far) inside <script>/<style>

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name.startswith("on"):
                self.refused.append(f'<{tag} {name}="{value}">')
            elif name == "style" and value is not None:
                self.style_attributes.append(value)  # the parser has unescaped it
            elif name in ("href", "src", "action", "formaction") and (value or "").strip().lower().startswith("javascript:"):
                self.refused.append(f'<{tag} {name}="{value}">')
        attributes = dict(attrs)
        if tag == "script" and "src" not in attributes and (attributes.get("type") or "").strip().lower() in SCRIPT_TYPES:
            self._open = ("script", [])
        elif tag == "style":
            self._open = ("style", [])

    def handle_data(self, data):
        if self._open:
            self._open[1].append(data)

    def handle_endtag(self, tag):
        if self._open and tag == self._open[0]:
            (self.scripts if tag == "script" else self.styles).append("".join(self._open[1]))
        if tag in ("script", "style"):
            self._open = None


def _unique(items):
    return list(dict.fromkeys(items))


def policy(html: str) -> str:
    """The Content-Security-Policy for the page ``html`` (without any policy it already declares)."""
    found = _Inline()
    found.feed(EXISTING.sub("", html))
    found.close()
    if found.refused:
        raise InlineCode("inline code no policy allows by a hash: " + ", ".join(_unique(found.refused)))
    styles = ["'self'", *_unique(map(sha256, found.styles))]
    if found.style_attributes:
        styles += ["'unsafe-hashes'", *_unique(map(sha256, found.style_attributes))]
    directives = {
        "default-src": ["'self'"],
        "script-src": ["'self'", "'wasm-unsafe-eval'", *_unique(map(sha256, found.scripts))],
        "style-src": _unique(styles),
        **FIXED,
    }
    return "; ".join(f"{name} {' '.join(sources)}" for name, sources in directives.items())


def with_policy(html: str) -> str:
    """``html`` with its policy's ``<meta>`` first in ``<head>`` (after ``<meta charset>``, which
    must stay near the start); a policy it declared before is replaced, so applying it twice
    changes nothing."""
    bare = EXISTING.sub("", html)
    meta = f'{META_START}{policy(bare)}">'
    head = HEAD.search(bare)
    if head is None:
        raise ValueError("a page without <head>: nowhere to declare its Content-Security-Policy")
    charset = CHARSET.search(bare, head.end())
    at = charset.end() if charset and not _active_before(bare[head.end():charset.start()]) else head.end()
    return f"{bare[:at]}\n{meta}{bare[at:]}"


def _active_before(text: str) -> bool:
    """Whether ``text`` (the head before ``<meta charset>``) loads or runs anything."""
    return re.search(r"<(script|style|link)\b", text, re.I) is not None
