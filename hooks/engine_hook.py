"""MkDocs adapter: fills each page's placeholders with ``backalley_site.render``.

The language is the page's own (the folder mkdocs-static-i18n read it from). A page that
cannot be rendered fails the build with one line naming the page and the line. The engine's
results are cached in ``backalley_site`` for the whole process, so the four language builds
that mkdocs-static-i18n runs in turn compute them once. ``BACKALLEY_HOOK=off`` leaves pages raw.
The glossary's terms in the rules pages become links to their entries (``glossary.linked_terms``).
"""
from __future__ import annotations

import os
import posixpath
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from backalley_site import glossary
from backalley_site.render import RenderError, render


@event_priority(100)  # before other plugins read the page
def on_page_markdown(markdown, page, config, files):
    if os.environ.get("BACKALLEY_HOOK", "on") == "off":
        return markdown
    root = Path(config.config_file_path).parent
    source = Path(page.file.abs_src_path)
    raw = source.read_text(encoding="utf-8-sig")
    try:
        return render(
            markdown,
            getattr(page.file, "locale", None) or config.theme["language"],
            page=Path(os.path.relpath(source, root)).as_posix(),
            examples_dir=root / "examples",
            line_offset=raw[: len(raw) - len(markdown)].count("\n") if raw.endswith(markdown) else 0,
        )
    except RenderError as exc:
        raise PluginError(str(exc)) from None


def on_page_content(html, page, config, files):
    if os.environ.get("BACKALLEY_HOOK", "on") == "off":
        return html
    lang = getattr(page.file, "locale", None) or config.theme["language"]
    here = page.url.rstrip("/")  # a page is a folder: tricks/, fr/tricks/
    entry = posixpath.join(posixpath.dirname(here), "glossary")  # the glossary of the same language
    return glossary.linked_terms(html, lang, posixpath.relpath(entry, here or ".") + "/")
