"""The picture a chat or a social network shows beside a shared link (Open Graph ``og:image``):
the site's logo and name on the card table's green, 1200 × 630, the same in every language.

It is drawn from the logo (``overrides/assets/images/logo.svg``) by headless Chromium and kept
in ``.cache/social/`` under a hash of what it is drawn from (the page, the fonts, Chromium), so
a build draws it once.
"""
from __future__ import annotations

import tempfile
from pathlib import Path

from backalley.files import write_whole

from . import ROOT
from .pdf import LAUNCH_ARGS, chromium_path, drawn_key

SIZE = {"width": 1200, "height": 630}
LOGO = ROOT / "overrides" / "assets" / "images" / "logo.svg"


def card_html(site_name: str) -> str:
    """The picture as a page: the logo, the site's name and the four suits."""
    logo = LOGO.read_text(encoding="utf-8").replace("<svg ", '<svg width="300" height="300" ', 1)
    return (
        '<!doctype html><html><body style="margin:0;width:1200px;height:630px;display:flex;'
        'align-items:center;justify-content:center;gap:48px;background:#1f5c3f;'
        'font-family:\'Liberation Sans\',sans-serif;color:#fff">'
        f'{logo}<div><div style="font-size:120px;font-weight:700">{site_name}</div>'
        '<div style="font-size:72px;letter-spacing:24px">♠<span style="color:#ffb3b6">♥</span>♣'
        '<span style="color:#ffb3b6">♦</span></div></div></body></html>'
    )


def social_card(site_name: str, cache: Path) -> bytes:
    """The PNG, from the cache when it was drawn before from the same page, fonts and Chromium
    (``pdf.drawn_key``, as the printed documents are kept)."""
    page = card_html(site_name)
    with tempfile.TemporaryDirectory(prefix="backalley-social-") as folder:
        source = Path(folder) / "card.html"
        source.write_text(page, encoding="utf-8")
        key = drawn_key(source, f"png {SIZE['width']}x{SIZE['height']}".encode())
    kept = cache / f"{key}.png"
    if kept.is_file():
        return kept.read_bytes()
    chromium = chromium_path()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(chromium), args=list(LAUNCH_ARGS))
        try:
            tab = browser.new_page(viewport={"width": SIZE["width"], "height": SIZE["height"]})
            tab.set_content(page)
            png = tab.screenshot(type="png")
        finally:
            browser.close()
    cache.mkdir(parents=True, exist_ok=True)
    write_whole(kept, png)
    return png
