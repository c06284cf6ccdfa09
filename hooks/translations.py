"""MkDocs adapter: a translated page whose English page changed since the version it records
shows its reader a notice, in its language, with a link to the English page.

``backalley_site.l10n`` says what a page records and how versions compare; a current page is
left exactly as it was.
"""
from __future__ import annotations

from pathlib import Path

from mkdocs.exceptions import PluginError

from backalley_site.l10n import SOURCE, TranslationError, blob_id, recorded_version, with_notice


def on_page_markdown(markdown, page, config, files):
    source = Path(page.file.abs_src_path)
    lang = source.parent.name
    english = Path(config.docs_dir) / SOURCE / source.name
    if lang == SOURCE or not english.exists():
        return markdown
    try:
        recorded = recorded_version(source.read_text(encoding="utf-8"), f"docs/{lang}/{source.name}")
    except TranslationError as exc:
        raise PluginError(str(exc)) from None
    if recorded == blob_id(english.read_bytes()):
        return markdown
    # page.url is "fr/bidding/" (or "fr/"): the English page is "bidding/", as many levels up
    up, english_url = "../" * page.url.count("/"), page.url.split("/", 1)[1]
    return with_notice(markdown, lang, up + english_url)
