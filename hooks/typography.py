"""MkDocs adapter: each language's typography (``backalley_site.typography``) on every built page.

The page's content is typeset when it is rendered, so that search indexes the same text; the
whole page again once the theme has laid it out, for the navigation, the header, the footer and
the page title. Typesetting twice changes nothing.
"""
from __future__ import annotations

from backalley_site.formatting import page_title
from backalley_site.typography import typeset_html


def _language(config) -> str:
    i18n = config.plugins["i18n"]
    return i18n.current_language or i18n.default_language


def on_env(env, config, files):
    env.globals["page_title"] = page_title  # the pages' <title>, as the printed documents have it
    return env


def on_page_content(html, page, config, files):
    return typeset_html(html, _language(config))


def on_post_page(output, page, config):
    return typeset_html(output, _language(config))


def on_post_template(output, template_name, config):
    return typeset_html(output, _language(config)) if template_name == "404.html" else output
