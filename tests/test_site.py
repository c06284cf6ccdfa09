"""The built site, read as HTML: every language complete and alike, figures from the engine,
links whole, nothing from other hosts, search and 404 per language.

Expectations come from the English build, mkdocs.yml and the worked examples, never from a
list of pages written here.
"""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest

from backalley import Card, rulebook
from backalley.cli import main as backalley_command
from backalley_site import formatting
from backalley_site.examples import run_example

from browsing import CONFIG, DEFAULT_LANGUAGE, LANGUAGES, OTHER_LANGUAGES, ROOT
SEATS = ("N", "E", "S", "W")


class Page(HTMLParser):
    """What the tests need from one HTML file."""

    def __init__(self, path: Path, url: str):
        super().__init__()
        self.path, self.url = path, url
        self.lang = None
        self.ids: set[str] = set()
        self.headings: list[str] = []  # ids of h2–h6 in the article, in order
        self.refs: list[tuple[str, str, str]] = []  # (tag, rel, url) of href and src
        self.switcher: dict[str, str] = {}  # hreflang -> href of the language switcher
        self.sections: dict[str, list[str]] = {}  # text of the article, by the last h2's id
        self.diagrams: list[tuple[str | None, bool]] = []  # (aria-label of a .ba-diagram image, True)
        self.rule_marks: list[tuple[str, str, str]] = []  # (id, href, title) of each rule number
        self.h1 = ""
        self.app_config = None
        self._article = self._in_h1 = self._in_config = False
        self._section = ""
        self.feed(path.read_text(encoding="utf-8"))

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang")
        if "id" in a:
            self.ids.add(a["id"])
        for key in ("href", "src"):
            if a.get(key) is not None:
                self.refs.append((tag, a.get("rel") or "", a[key]))
        if tag == "a" and a.get("class") == "rule-number":
            self.rule_marks.append((a.get("id"), a.get("href"), a.get("title")))
        if tag == "a" and "md-select__link" in (a.get("class") or ""):
            self.switcher[a["hreflang"]] = a["href"]
        if tag == "article":
            self._article = True
        if self._article and re.fullmatch(r"h[2-6]", tag) and "id" in a:
            self.headings.append(a["id"])
            if tag == "h2":
                self._section = a["id"]
        self._in_h1 = self._in_h1 or tag == "h1"
        if tag == "div" and "ba-diagram" in (a.get("class") or "").split():
            self.diagrams.append((a.get("aria-label") if a.get("role") == "img" else None, True))
        self._in_config = tag == "script" and a.get("id") == "__config"

    def handle_endtag(self, tag):
        if tag == "article":
            self._article = False
        if tag == "h1":
            self._in_h1 = False
        self._in_config = False

    def handle_data(self, data):
        if self._article:
            self.sections.setdefault(self._section, []).append(data)
        if self._in_h1:
            self.h1 += data
        if self._in_config:
            self.app_config = json.loads(data)

    def text(self, section: str) -> str:
        return " ".join(self.sections.get(section, []))


def language_root(site: Path, lang: str) -> Path:
    return site if lang == DEFAULT_LANGUAGE else site / lang


def pages_of(site: Path, lang: str) -> dict[str, Page]:
    """Every page of one language, by its path below the language's root (``""`` for the home)."""
    root = language_root(site, lang)
    pages = {}
    for file in sorted(root.rglob("index.html")):
        rel = file.parent.relative_to(root).as_posix()
        top = rel.split("/")[0]
        if top in ("assets", "search") or (lang == DEFAULT_LANGUAGE and top in OTHER_LANGUAGES):
            continue
        path = "" if rel == "." else rel + "/"
        url = "/" + file.parent.relative_to(site).as_posix() + "/"
        pages[path] = Page(file, url.replace("/./", "/").replace("//", "/"))
    return pages


@pytest.fixture(scope="module")
def site(built_site):
    return {lang: pages_of(built_site, lang) for lang in LANGUAGES}


@pytest.fixture(scope="module")
def english(site):
    assert site[DEFAULT_LANGUAGE], "the default language has no pages"
    return site[DEFAULT_LANGUAGE]


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_every_language_has_the_pages_of_the_default_language(site, english, lang):
    assert sorted(site[lang]) == sorted(english)


def explicit_anchors(path: str) -> list[str]:
    """The anchors written after the headings of an English page (``{ #anchor }``), in order.

    Other headings (the FAQ's groups) get ids from their own words, which differ by language.
    """
    source = ROOT / CONFIG.get("docs_dir", "docs") / DEFAULT_LANGUAGE / (path.rstrip("/") or "index")
    text = source.with_suffix(".md").read_text(encoding="utf-8")
    return re.findall(r"^#{2,6} .*\{[^}]*#([\w-]+)[^}]*\}\s*$", text, re.M)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_has_the_sections_and_anchors_of_the_default_language(site, english, lang):
    for path, page in site[lang].items():
        fixed = explicit_anchors(path)
        assert [id for id in page.headings if id in fixed] == fixed, f"{lang}/{path}"
        assert page.lang == lang, f"{lang}/{path}: <html lang={page.lang}>"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_language_switcher_keeps_the_page(site, lang):
    for path, page in site[lang].items():
        targets = {hreflang: urljoin(page.url, href) for hreflang, href in page.switcher.items()}
        expected = {other: ("/" if other == DEFAULT_LANGUAGE else f"/{other}/") + path for other in LANGUAGES}
        assert targets == expected, f"{lang}/{path}"


def all_html(built_site: Path):
    for file in sorted(built_site.rglob("*.html")):
        rel = file.relative_to(built_site).as_posix()
        url = "/" + (rel[: -len("index.html")] if rel.endswith("index.html") else rel)
        yield Page(file, url)


def target(built_site: Path, url: str) -> Path:
    path = built_site / unquote(urlsplit(url).path).lstrip("/")
    return path / "index.html" if url.split("#")[0].endswith("/") or path.is_dir() else path


def test_no_broken_internal_links_or_anchors(built_site):
    pages = {page.url: page for page in all_html(built_site)}
    broken = []
    for page in pages.values():
        for tag, _rel, ref in page.refs:
            absolute = urljoin(f"http://site{page.url}", ref)
            if not absolute.startswith("http://site/"):
                continue
            url = absolute[len("http://site"):]
            file = target(built_site, url)
            if not file.is_file():
                broken.append(f"{page.url}: {tag} {ref} (no {file.relative_to(built_site)})")
                continue
            fragment = unquote(urlsplit(url).fragment)
            if fragment and file.suffix == ".html":
                linked = pages.get(url.split("#")[0]) or Page(file, url)
                if fragment not in linked.ids:
                    broken.append(f"{page.url}: {ref} (no #{fragment})")
    assert not broken, "\n".join(broken)


ASSET_TAGS = {"script", "img", "source", "iframe", "video", "audio", "embed", "track", "input"}
NOT_LOADED = {"alternate", "canonical"}


def test_nothing_is_loaded_from_another_host(built_site):
    outside = []
    for page in all_html(built_site):
        for tag, rel, ref in page.refs:
            loads = tag in ASSET_TAGS or (tag == "link" and not set(rel.split()) & NOT_LOADED)
            if loads and (urlsplit(ref).scheme or ref.startswith("//")):
                outside.append(f"{page.url}: <{tag} rel={rel!r}> {ref}")
    for css in built_site.rglob("*.css"):
        for ref in re.findall(r"url\(\s*['\"]?([^'\")]+)", css.read_text(encoding="utf-8")):
            if urlsplit(ref).scheme not in ("", "data"):
                outside.append(f"{css.relative_to(built_site)}: url({ref})")
        if "@import" in css.read_text(encoding="utf-8"):
            outside.append(f"{css.relative_to(built_site)}: @import")
    assert not outside, "\n".join(outside)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_404_page_in_each_language(built_site, lang):
    page = Page(language_root(built_site, lang) / "404.html", f"/{lang}/404.html")
    english = Page(built_site / "404.html", "/404.html")
    assert page.lang == lang
    assert page.h1.strip()
    if lang != DEFAULT_LANGUAGE:
        assert page.h1 != english.h1
    # served for any missing address, so every local reference starts at the site root
    local = [ref for tag, rel, ref in page.refs if not urlsplit(ref).scheme and not ref.startswith("#")
             and "alternate" not in rel]
    assert local and all(ref.startswith("/") for ref in local), local


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_search_index_per_language_with_its_own_pages_and_stemmer(built_site, site, lang):
    root = language_root(built_site, lang)
    index = json.loads((root / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert index["config"]["lang"][0] == lang  # its own stemmer (Russian adds English, see the hook)
    assert "stemmer" in index["config"]["pipeline"]
    located = {doc["location"].split("#")[0] for doc in index["docs"]}
    assert located == set(site[lang]), "the index holds exactly this language's pages"
    for path, page in site[lang].items():
        base = urljoin(f"http://site{page.url}", page.app_config["base"])
        assert base == "http://site" + ("/" if lang == DEFAULT_LANGUAGE else f"/{lang}/"), path
        assert "search-stemmed.js?worker=" in page.app_config["search"]


# -- the worked examples ---------------------------------------------------------------------

def figures(value, top=True):
    """The engine figures an example holds: score numbers, cards, and seats such as a winner."""
    if isinstance(value, dict) and set(value) == {"NS", "EW"}:
        # small numbers are also written in prose, where a translation may spell them out
        yield from (("number", v) for v in value.values() if v < 0 or v >= 10)
    elif isinstance(value, Card):
        yield "card", value
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from figures(item, top=False)
    elif top and isinstance(value, str) and value in SEATS:
        yield "seat", value


def written(kind, value, lang) -> str:
    if kind == "number":
        return formatting.number(value, lang)
    if kind == "card":
        return formatting.card_text(value, lang)
    return formatting.seat(value, lang)


def shows(text: str, figure: str) -> bool:
    return re.search(rf"(?<![\w.,\u2212-]){re.escape(figure)}(?![\w]|[.,]\d)", text) is not None


EXAMPLES = sorted((ROOT / "examples").glob("*.md"))
ENGLISH_DOCS = ROOT / CONFIG.get("docs_dir", "docs") / DEFAULT_LANGUAGE


def sections_using(example: Path) -> list[tuple[str, str]]:
    """(page, section anchor) of every English section whose text uses ``ex.<example>``."""
    uses = re.compile(rf"\bex\.{example.stem.replace('-', '_')}\b")
    found = []
    for source in sorted(ENGLISH_DOCS.rglob("*.md")):
        rel = source.relative_to(ENGLISH_DOCS).with_suffix("").as_posix()
        path = "" if rel == "index" else rel.removesuffix("/index") + "/"
        section = ""
        for line in source.read_text(encoding="utf-8").splitlines():
            heading = re.match(r"^## .*\{[^}]*#([\w-]+)[^}]*\}\s*$", line)
            section = heading.group(1) if heading else section
            if uses.search(line) and (path, section) not in found:
                found.append((path, section))
    return found


@pytest.mark.parametrize("example", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_each_example_shows_its_engine_figures_in_every_language(site, english, example):
    sections = sections_using(example)
    assert sections, f"no English page uses examples/{example.name}"
    namespace = run_example(example)
    found = {(kind, v) for name in dir(namespace) for kind, v in figures(getattr(namespace, name))}
    shown = {
        (path, section, figure)
        for path, section in sections
        for figure in found
        if shows(english[path].text(section), written(*figure, DEFAULT_LANGUAGE))
    }
    assert shown, f"the English sections using examples/{example.name} show none of its figures"
    for lang in OTHER_LANGUAGES:
        missing = [
            f"{path}#{section}: {written(*figure, lang)}"
            for path, section, figure in sorted(shown, key=str)
            if not shows(site[lang][path].text(section), written(*figure, lang))
        ]
        assert not missing, f"{lang} lacks {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_diagrams_have_a_text_alternative_in_the_page_language(site, english, lang):
    for path, page in site[lang].items():
        assert len(page.diagrams) == len(english[path].diagrams), f"{lang}/{path}"
        for (label, boxed), (english_label, _) in zip(page.diagrams, english[path].diagrams):
            assert label and boxed, f"{lang}/{path}: a diagram without text alternative"
            if lang != DEFAULT_LANGUAGE:
                assert label != english_label, f"{lang}/{path}: diagram described in English"


def test_the_sitemap_lists_every_page_of_every_language(built_site, site):
    sitemap = (built_site / "sitemap.xml").read_text(encoding="utf-8")
    site_url = CONFIG["site_url"]
    for lang in LANGUAGES:
        for path in site[lang]:
            prefix = "" if lang == DEFAULT_LANGUAGE else f"{lang}/"
            assert f"<loc>{site_url}{prefix}{path}</loc>" in sitemap


def test_every_sitemap_entry_names_the_default_language_page_as_x_default(built_site):
    """Search engines send readers of other languages to x-default: the default language's page."""
    sitemap = (built_site / "sitemap.xml").read_text(encoding="utf-8")
    entries = re.findall(r"<url>(.*?)</url>", sitemap, re.S)
    assert entries
    site_url = CONFIG["site_url"]
    for entry in entries:
        links = dict(re.findall(r'hreflang="([^"]+)" href="([^"]+)"', entry))
        assert set(links) == set(LANGUAGES) | {"x-default"}, entry
        assert links["x-default"] == links[DEFAULT_LANGUAGE] and links["x-default"].startswith(site_url), entry


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_rules_page_numbers_its_rules_as_links_to_themselves(site, lang):
    """Every number of the rule book stands on its page, in order, as a link to its own anchor,
    titled in the page's language; no other page numbers rules."""
    for path, page in site[lang].items():
        wanted = [rulebook.anchor(n) for n in rulebook.NUMBERS if f"{rulebook.page(n)}/" == path]
        assert [id for id, _, _ in page.rule_marks] == wanted, f"{lang}/{path}"
        for id, href, title in page.rule_marks:
            number = id.removeprefix("rule-")
            assert href == f"#{id}" and number in title, f"{lang}/{path}: {id} links to {href}, titled {title!r}"


def test_every_cited_rule_address_exists_in_every_language(built_site, capsys):
    """``backalley rules --json`` names every engine rule id, and each of its addresses, in
    every language, is an anchor of a built page."""
    assert backalley_command(["rules", "--json"]) == 0
    cited = json.loads(capsys.readouterr().out)
    assert sorted(r["id"] for r in cited) == sorted(rulebook.RULES)
    missing = []
    for rule in cited:
        assert sorted(rule["urls"]) == sorted(LANGUAGES)
        for _lang, url in rule["urls"].items():
            path, anchor = url.split("#")
            page = Page(built_site / path / "index.html", "/" + path)
            if anchor not in page.ids:
                missing.append(f"{rule['id']} ({rule['number']}): {url}")
    assert not missing, missing


@pytest.mark.parametrize("name", ["stylesheets/backalley.css", "stylesheets/print.css", "tools/tools.css"])
def test_our_stylesheets_close_every_block_they_open(name):
    """A block left open swallows every rule after it, on screen and on paper (a merge once lost a
    brace and every printed document lost its print rules): braces balance, rule by rule."""
    text = re.sub(r"/\*.*?\*/", "", (ROOT / "overrides" / "assets" / name).read_text(encoding="utf-8"),
                  flags=re.S)
    depth, opened = 0, []
    for number, line in enumerate(text.splitlines(), 1):
        for char in line:
            if char == "{":
                depth += 1
                opened.append(number)
            elif char == "}":
                depth -= 1
                assert depth >= 0, f"{name}: a brace closed at line {number} was never opened"
                opened.pop()
    assert depth == 0, f"{name}: the block opened at line {opened[-1]} is never closed"
