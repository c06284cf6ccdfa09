"""The score pad's PDF link comes before its grid; the presets' printable pages fit a phone and
lead back to the site, in every language. (That no word of a table breaks across lines is
checked with the tables, in test_phone_layout.py, on the same walk.)"""
from __future__ import annotations

import pytest

from browsing import LANGUAGES, PHONE, SCREENS, root_of

from backalley_site.terms import terms
from backalley_site.variants_view import printed_page

WIDTHS = {str(screen["width"]): screen for screen in SCREENS}

@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pads_pdf_link_comes_before_its_grid_on_a_phone(reader, base_url, lang):
    one = reader(PHONE)
    one.visit(f"{base_url}{root_of(lang)}score-pad/")
    link = one.page.locator('article a[href$=".pdf"]').first.bounding_box()
    grid = one.page.locator("article table.ba-pad").bounding_box()
    assert link["y"] + link["height"] <= grid["y"], (link, grid)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_presets_printable_page_fits_a_phone_and_leads_back(reader, base_url, lang):
    """No page wider than the phone, a readable width on a desktop, a way back to the variants page
    in the same language and a print button, neither of which is printed; the preset by its name."""
    t = terms(lang)
    one, desk = reader(PHONE), reader(WIDTHS["1280"])
    for kind in ("sheet", "scorepad"):
        url = f"{base_url}{root_of(lang)}{printed_page(kind, 'short-14')}"
        page = one.page
        page.emulate_media(media="screen")
        one.visit(url, idle=True)
        assert page.evaluate("innerWidth") == PHONE["width"], "no viewport meta: the phone shows the page shrunk"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        back = page.get_by_role("link", name=t("documents.back"))
        assert back.get_attribute("href") and back.is_visible()
        with page.expect_navigation():
            back.click()
        assert page.url == f"{base_url}{root_of(lang)}variants/"
        page.go_back()
        button = page.get_by_role("button", name=t("documents.print"))
        assert button.is_visible()
        assert t("preset_names.short-14") in page.locator("article").inner_text()
        failed = [f for f in one.failed if "ERR_ABORTED" not in f]  # a request cut short by leaving
        assert not one.errors and not failed, (one.errors, failed)
        page.emulate_media(media="print")
        assert not back.is_visible() and not button.is_visible()
        desk.visit(url)
        width = desk.page.locator("article").bounding_box()["width"]
        assert width <= 45 * 16, f"{kind}: {width} px wide on a desktop (about 45 em of 16 px at most)"
