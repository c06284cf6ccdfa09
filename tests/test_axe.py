"""Accessibility: axe-core on every page of every language, as the site's readers meet it (the
site built once for the session, served from 127.0.0.1, in Debian's Chromium; helpers in
``browsing.py``). Its own file, so that the test run's two workers share the browser walks."""
from __future__ import annotations

import pytest

from browsing import DESKTOP, LANGUAGES, PHONE, all_pages, missing_page, policy_violations

CHROME = ("", "tricks/")
"""The pages the light colours are also checked on at desktop width: what a desktop adds to a
phone's page (the menus beside the text) is the same frame on every page."""


COLOURS = ["color-contrast", "link-in-text-block"]
"""The axe-core rules the colour scheme can change: all the dark colours are checked against."""


def axe_violations(page, rules: list[str] | None = None) -> list[dict]:
    """What axe-core finds on ``page``: every rule it runs by default, or only ``rules``."""
    only = {"runOnly": rules} if rules else {}
    return page.evaluate("only => axe.run(document, {resultTypes: ['violations'], ...only}).then(r => r.violations)", only)


@pytest.mark.parametrize(("lang", "scheme"), [*((lang, "light") for lang in LANGUAGES), ("en", "dark")])
def test_axe_finds_no_violation_on_any_page(reader, pages, base_url, lang, scheme):
    """Every page and the 404 page, on a phone in the light colours with every rule axe-core runs
    by default (WCAG 2 A and AA, best practices), and the menus beside the text on a desktop on two
    pages; and on a desktop screen in the dark colours (the site follows the system's; the desktop
    shows all a phone shows and the menus beside) with the rules colours decide, which are all a
    scheme changes, in English: the colours are the same stylesheet's in every language. No page
    reports a Content-Security-Policy violation, in either scheme."""
    urls = [url for _, url in all_pages(pages, lang)] + [base_url + missing_page(lang)]
    passes = [(PHONE, urls), (DESKTOP, [pages[lang][path] for path in CHROME])] if scheme == "light" else [(DESKTOP, urls)]
    found = []
    for viewport, visited in passes:
        one = reader(viewport, axe=True, scheme=scheme)
        for url in visited:
            one.visit(url)
            assert one.page.evaluate("document.body.dataset.mdColorScheme") == ("slate" if scheme == "dark" else "default")
            for violation in axe_violations(one.page, COLOURS if scheme == "dark" else None):
                targets = ", ".join(str(node["target"]) for node in violation["nodes"][:3])
                found.append(f"{url} ({viewport['width']}px, {scheme}): {violation['id']}: {violation['help']} [{targets}]")
        found += policy_violations(one)
    assert not found, "\n".join(found)
