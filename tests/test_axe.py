"""Accessibility on a desktop: axe-core on the site's frame beside the text, and on every page in
the dark colours (the site built once for the session, served from 127.0.0.1, in Debian's
Chromium; helpers in ``browsing.py``). Every page of every language on a phone in the light
colours is checked on the phone walk of ``test_phone_layout.py``."""
from __future__ import annotations

import pytest

from browsing import DESKTOP, LANGUAGES, all_pages, axe_violations, missing_page, policy_violations

CHROME = ("", "tricks/")
"""The pages the light colours are also checked on at desktop width: what a desktop adds to a
phone's page (the menus beside the text) is the same frame on every page."""


COLOURS = ["color-contrast", "link-in-text-block"]
"""The axe-core rules the colour scheme can change: all the dark colours are checked against."""


@pytest.mark.parametrize(("lang", "scheme"), [*((lang, "light") for lang in LANGUAGES), ("en", "dark")])
def test_axe_finds_no_violation_on_a_desktop(reader, pages, base_url, lang, scheme):
    """The menus beside the text on a desktop on two pages, in the light colours, with every rule
    axe-core runs by default; and every page and the 404 page on a desktop in the dark colours
    (the site follows the system's; the desktop shows all a phone shows and the menus beside) with
    the rules colours decide, which are all a scheme changes, in English: the colours are the same
    stylesheet's in every language. No page reports a Content-Security-Policy violation."""
    if scheme == "light":
        urls = [pages[lang][path] for path in CHROME]
    else:
        urls = [url for _, url in all_pages(pages, lang)] + [base_url + missing_page(lang)]
    one = reader(DESKTOP, axe=True, scheme=scheme)
    found = []
    for url in urls:
        one.visit(url)
        assert one.page.evaluate("document.body.dataset.mdColorScheme") == ("slate" if scheme == "dark" else "default")
        found += [f"{url} ({scheme}): {violation}" for violation in axe_violations(one.page, COLOURS if scheme == "dark" else None)]
    found += policy_violations(one)
    assert not found, "\n".join(found)
