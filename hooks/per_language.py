"""Search and 404 page per language, for mkdocs-static-i18n 1.3 with Material 9.

mkdocs-static-i18n builds one language after the other into the same ``site/``. Left alone,
every language writes ``search/search_index.json`` and ``404.html`` at the root, and the
plugin finally merges all languages into one index searched with every stemmer. Here:

- each build gives Material's search plugin its own language (Russian gets Russian stemming);
  Russian also gets English, as lunr's Russian trimmer drops every word not in Cyrillic: the
  words that every language writes alike (board, BIG, LITTLE) would not be found;
- after a non-default language is built, its index moves to ``<lang>/search/`` with locations
  relative to ``<lang>/``, and its entries leave the merged index, so the root index keeps
  the default language only;
- its 404 page moves to ``<lang>/404.html`` and the default language's 404 is put back;
- its pages tell Material's JavaScript that their base is ``<lang>/``: that is where the
  script fetches ``search/search_index.json`` and resolves search results from;
- every page runs the search through ``search-stemmed.js`` (overrides/), which stems the
  words of a query before Material's worker turns them into prefix queries;
- the heading permalinks' title, which Python-Markdown writes in English, is the language's
  (``interface.permalink`` of the term files), and so are the words the theme's templates take
  from ``interface_word(key)`` (the colour scheme toggles, overrides/partials/palette.html) and
  the line a printed page ends with, ``print_footer()`` (as the printed documents end);
- pages carry no ``<link rel="alternate" hreflang>`` in their head: Material's JavaScript
  reads those as language roots and fetches ``sitemap.xml`` below each of them, four missing
  files on every page load, while mkdocs-static-i18n's switcher already links each page to
  the same page in the other languages. The sitemap keeps the hreflang alternates.

tests/test_site.py checks the result.
"""
from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

from jinja2.utils import htmlsafe_json_dumps
from mkdocs.plugins import event_priority

from backalley_site.documents import footer_text
from backalley_site.terms import terms

CONFIG_SCRIPT = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S)
PERMALINK_TITLE = re.compile(r'(<a class="headerlink" href="#[^"]*" )title="Permanent link"')
HEAD_ALTERNATE = re.compile(r'\n[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')
_default_404: dict[str, bytes] = {}
NOT_LATIN = {"ru"}  # languages whose lunr trimmer keeps no Latin letters


def _languages(config) -> tuple[str, str]:
    """(language being built, default language)."""
    i18n = config.plugins["i18n"]
    return i18n.current_language or i18n.default_language, i18n.default_language


@event_priority(50)  # before the search plugin creates this build's index
def on_config(config):
    lang, default = _languages(config)
    config.plugins["material/search"].config.lang = [lang, "en"] if lang in NOT_LATIN else [lang]
    if lang == default:
        # a new round of language builds (mkdocs serve rebuilds): drop the last round's entries
        config.plugins["i18n"].search_entries.clear()
    return config


@event_priority(-50)  # after the search plugin wrote the index, before i18n builds the next language
def on_post_build(config):
    lang, default = _languages(config)
    site = Path(config.site_dir)
    if lang == default:
        _default_404[config.site_dir] = (site / "404.html").read_bytes()
        return
    search = config.plugins["material/search"]
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    prefix = f"{lang}/"
    for doc in index["docs"]:
        doc["location"] = doc["location"].removeprefix(prefix)
    target = site / lang / "search" / "search_index.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    # i18n ends by rewriting the root index from the entries it collected after each build,
    # with the settings of the last build's index: leave it the default language's only
    search.search_index.entries.clear()
    search.search_index.config["lang"] = [default]
    (site / "404.html").replace(site / lang / "404.html")
    (site / "404.html").write_bytes(_default_404[config.site_dir])


def on_env(env, config, files):
    lang, _ = _languages(config)
    env.globals["interface_word"] = lambda key: terms(lang)(f"interface.{key}")
    env.globals["print_footer"] = lambda: footer_text(lang)
    return env


def on_page_content(html, page, config, files):
    lang, _ = _languages(config)
    return PERMALINK_TITLE.sub(f'\\1title="{terms(lang)("interface.permalink")}"', html)


def on_post_page(output, page, config):
    return _rewrite_app_config(HEAD_ALTERNATE.sub("", output), config)


def on_post_template(output, template_name, config):
    return _rewrite_app_config(HEAD_ALTERNATE.sub("", output), config) if template_name == "404.html" else output


def _rewrite_app_config(html: str, config) -> str:
    """Point Material's JavaScript at this language's base and at the stemming search worker."""
    lang, default = _languages(config)

    def rewrite(match):
        app = json.loads(match.group(2))
        if lang != default:
            app["base"] = posixpath.join(app["base"], lang) + "/"
        folder, worker = posixpath.split(app["search"])
        app["search"] = f"{folder}/search-stemmed.js?worker={worker}"
        return match.group(1) + str(htmlsafe_json_dumps(app)) + match.group(3)

    return CONFIG_SCRIPT.sub(rewrite, html, count=1)
