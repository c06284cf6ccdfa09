"""MkDocs adapter: every page of the finished site declares its Content-Security-Policy
(``backalley_site.content_policy``).

Applied once, in the outer build's last steps, to every ``.html`` file under ``site/``: by
then mkdocs-static-i18n has built every language, the 404 pages are in place
(hooks/per_language.py) and the printable pages have been copied in
(hooks/print_documents.py, priority -200), so no page escapes it and each page's hashes are
those of its final text. The service worker's manifest (hooks/offline.py, priority -400)
hashes the pages after this. ``mkdocs serve`` is left without a policy: its live-reload
script is put into each page as it is served, after any hash could be computed.
"""
from __future__ import annotations

from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from backalley_site.content_policy import InlineCode, with_policy

_serving = False


def on_startup(command, dirty):
    global _serving
    _serving = command == "serve"


@event_priority(-300)
def on_post_build(config):
    i18n = config.plugins.get("i18n")
    if _serving or (i18n and getattr(i18n, "building", False)):
        return
    site = Path(config.site_dir)
    for page in sorted(site.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        try:
            declared = with_policy(text)
        except InlineCode as error:
            raise PluginError(f"{page.relative_to(site)}: {error}") from None
        if declared != text:
            page.write_text(declared, encoding="utf-8")
