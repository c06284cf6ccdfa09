"""Search by rule number: each numbered rule of a page becomes an entry of its language's search
index ("Rule 3.12", at the rule's anchor, with its text), added after Material's search plugin
has indexed the page's sections. The entries come from ``backalley_site.rule_numbers``."""
from __future__ import annotations

from mkdocs.plugins import event_priority

from backalley_site.rule_numbers import search_entries


@event_priority(-10)  # after the search plugin indexed this page
def on_page_context(context, page, config, nav):
    lang = getattr(page.file, "locale", None) or config.theme["language"]
    config.plugins["material/search"].search_index.entries.extend(search_entries(page.content, page.url, lang))
    return context
