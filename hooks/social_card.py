"""Puts the link-preview picture (``backalley_site.social_card``) at
``assets/images/social.png``, once, in the outer build (mkdocs-static-i18n builds the other
languages inside it, with ``building`` set); every language's pages name it in their
``og:image`` (overrides/main.html)."""
from __future__ import annotations

import os
from pathlib import Path

from backalley_site.social_card import social_card


def on_post_build(config):
    i18n = config.plugins.get("i18n")
    if i18n and getattr(i18n, "building", False):
        return
    root = Path(config.config_file_path).parent
    cache = Path(os.environ.get("BACKALLEY_SOCIAL_CACHE") or root / ".cache" / "social")
    target = Path(config.site_dir) / "assets" / "images" / "social.png"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(social_card(config.site_name, cache))
