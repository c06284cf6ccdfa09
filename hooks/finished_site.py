"""MkDocs adapter: the last steps on the finished site, once per build, in this order:

1. every page declares its Content-Security-Policy (``backalley_site.content_policy``), its
   inline scripts and styles allowed by hashes of their final text;
2. the service worker that keeps the site offline at the table (``backalley_site.offline``):
   ``sw.js`` at the site's root and Workbox under ``assets/workbox/``, its precache revisions
   the hashes of the files as served, so after step 1.

Both run in the outer build (mkdocs-static-i18n builds the other languages inside it), after
every language, the 404 pages (hooks/per_language.py), the printable documents
(hooks/print_documents.py, priority -200) and the engine (hooks/site_assets.py). ``mkdocs
serve`` gets neither: it puts its live-reload script into each page as it serves it, after any
hash could be computed, and a worker would keep serving pages the author is editing.
"""
from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from backalley_site.content_policy import InlineCode, with_policy
from backalley_site.offline import write_service_worker

log = logging.getLogger("mkdocs.hooks.finished_site")
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
    languages = [language.locale for language in i18n.config.languages] if i18n else [config.theme.language]
    offline = write_service_worker(site, languages)
    log.info(f"Offline: {len(offline.precache)} files precached ({offline.precache_bytes / 1e6:.1f} MB), "
             f"the engine ({offline.engine_bytes / 1e6:.1f} MB) cached when a tool starts it")
