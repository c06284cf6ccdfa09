"""MkDocs adapter: the service worker that keeps the site offline at the table
(``backalley_site.offline``): ``sw.js`` at the site's root and Workbox under ``assets/workbox/``.

Written once per build, last: in the outer build (mkdocs-static-i18n builds the other
languages inside it), after every language, the printable documents (priority -200), the
engine (hooks/site_assets.py) and the pages' Content-Security-Policy (priority -300), so the
precache's revisions are the hashes of the files as served. ``mkdocs serve`` gets no worker:
it would keep serving the pages it precached while the author edits them.
"""
from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.plugins import event_priority

from backalley_site.offline import write_service_worker

log = logging.getLogger("mkdocs.hooks.offline")
_serving = False


def on_startup(command, dirty):
    global _serving
    _serving = command == "serve"


@event_priority(-400)
def on_post_build(config):
    i18n = config.plugins.get("i18n")
    if _serving or (i18n and getattr(i18n, "building", False)):
        return
    languages = [language.locale for language in i18n.config.languages] if i18n else [config.theme.language]
    offline = write_service_worker(Path(config.site_dir), languages)
    log.info(f"Offline: {len(offline.precache)} files precached ({offline.precache_bytes / 1e6:.1f} MB), "
             f"the engine ({offline.engine_bytes / 1e6:.1f} MB) cached when a tool starts it")
