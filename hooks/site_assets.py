"""Puts into the site, once per build, the files that no page renders: the rules engine for the
reader's browser under ``assets/engine/`` (``backalley_site.browser_engine``; no page loads it, a
tool imports ``assets/engine/engine.js`` when a reader starts it), each tool's words in each
language under ``assets/tools/words/`` (``backalley_site.tools``; fetched when a tool starts) and
the link-preview picture
``assets/images/social.png`` that every language's pages name in their ``og:image``
(``backalley_site.social_card``, overrides/main.html).

Both are made in the outer build only: mkdocs-static-i18n builds the other languages inside it,
with ``building`` set.
"""
from __future__ import annotations

import os
from pathlib import Path

from backalley_site.browser_engine import write_engine
from backalley_site.social_card import social_card
from backalley_site.tools import write_words


def on_post_build(config):
    i18n = config.plugins.get("i18n")
    if i18n and getattr(i18n, "building", False):
        return
    root, site = Path(config.config_file_path).parent, Path(config.site_dir)
    write_engine(root, site)
    write_words(site, [language.locale for language in i18n.config.languages] if i18n else [config.theme.language])
    cache = Path(os.environ.get("BACKALLEY_SOCIAL_CACHE") or root / ".cache" / "social")
    picture = site / "assets" / "images" / "social.png"
    picture.parent.mkdir(parents=True, exist_ok=True)
    picture.write_bytes(social_card(config.site_name, cache))
