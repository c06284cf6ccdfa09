"""Puts the rules engine for the reader's browser under ``assets/engine/``
(``backalley_site.browser_engine``), once, in the outer build (mkdocs-static-i18n builds the
other languages inside it, with ``building`` set). No page loads it: a tool imports
``assets/engine/engine.js`` when a reader starts it."""
from __future__ import annotations

from pathlib import Path

from backalley_site.browser_engine import write_engine


def on_post_build(config):
    i18n = config.plugins.get("i18n")
    if i18n and getattr(i18n, "building", False):
        return
    write_engine(Path(config.config_file_path).parent, Path(config.site_dir))
