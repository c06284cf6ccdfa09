"""The Content-Security-Policy every page declares (``backalley_site.content_policy``), in CPython:
the hashes are those a browser computes, the policy allows the site only, and the built pages
carry it first in their head. The browser's side (no violation on any page, the engine starts
under it) is in tests/test_browser.py and tests/test_browser_engine.py."""
from __future__ import annotations

import base64
import hashlib
import re

import pytest

from backalley_site.content_policy import InlineCode, policy, sha256, with_policy

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<link rel="stylesheet" href="a.css">
<script>var a = 1;</script>
<script id="__config" type="application/json">{"base": "."}</script>
<script src="b.js"></script>
<style>p { color: red }</style>
</head>
<body><td style="text-align: right;">1</td><td style="text-align: right;">2</td>
<script type="module">import "./c.js";</script>
<script>var a = 1;</script>
</body></html>"""


def directives(text: str) -> dict[str, list[str]]:
    return {part.split()[0]: part.split()[1:] for part in text.split("; ")}


def test_a_hash_is_the_base64_sha256_of_the_utf8_text_with_lf_line_ends():
    # the example of the CSP specification: alert('Hello, world.');
    assert sha256("alert('Hello, world.');") == "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='"
    text = "var s = 'пики';\nvar t = 1;"
    expected = base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()
    assert sha256(text) == f"'sha256-{expected}'" == sha256(text.replace("\n", "\r\n"))


def test_the_policy_allows_the_site_only_and_each_inline_script_and_style_by_its_hash():
    found = directives(policy(PAGE))
    assert found["default-src"] == ["'self'"]
    assert found["script-src"] == ["'self'", "'wasm-unsafe-eval'", sha256("var a = 1;"), sha256('import "./c.js";')]
    assert found["style-src"] == ["'self'", sha256("p { color: red }"), "'unsafe-hashes'", sha256("text-align: right;")]
    assert found["img-src"] == ["'self'", "data:"]
    assert (found["object-src"], found["base-uri"], found["form-action"]) == (["'none'"], ["'self'"], ["'self'"])
    assert "'unsafe-inline'" not in policy(PAGE) and "'unsafe-eval'" not in policy(PAGE)


def test_a_page_without_style_attributes_has_no_unsafe_hashes():
    assert "'unsafe-hashes'" not in policy("<html><head></head><body><p>x</p></body></html>")


def test_a_style_attribute_is_hashed_as_the_browser_reads_it():
    found = directives(policy('<html><head></head><body><p style="content: &quot;&amp;&quot;">x</p></body></html>'))
    assert found["style-src"][-1] == sha256('content: "&"')


def test_the_meta_comes_first_in_the_head_after_the_charset_and_twice_changes_nothing():
    declared = with_policy(PAGE)
    head = declared.split("</head>")[0]
    meta = head.index('<meta http-equiv="Content-Security-Policy"')
    assert head.index('<meta charset="utf-8">') < meta < min(head.index("<link"), head.index("<script"))
    assert with_policy(declared) == declared
    assert declared.count("Content-Security-Policy") == 1
    assert re.search(r'content="([^"]*)"', declared[meta:]).group(1) == policy(PAGE)


def test_without_a_charset_first_the_meta_opens_the_head():
    declared = with_policy("<html><head><style>a{}</style><meta charset=utf-8></head><body></body></html>")
    assert declared.startswith('<html><head>\n<meta http-equiv="Content-Security-Policy"')


@pytest.mark.parametrize("markup", [
    '<button onclick="go()">x</button>',
    '<a href="javascript:go()">x</a>',
    '<a href=" JavaScript:go()">x</a>',
])
def test_code_no_hash_can_allow_stops_the_build(markup):
    with pytest.raises(InlineCode, match="inline code"):
        with_policy(f"<html><head></head><body>{markup}</body></html>")


def test_every_built_page_declares_its_policy_first(built_site):
    pages = sorted(built_site.rglob("*.html"))
    assert any("/print/" in page.as_posix() for page in pages) and any(page.name == "404.html" for page in pages)
    wrong = []
    for page in pages:
        text = page.read_text(encoding="utf-8")
        head = text.split("</head>")[0]
        metas = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', head)
        if len(metas) != 1 or metas[0] != policy(text):
            wrong.append(f"{page.relative_to(built_site)}: {metas}")
        elif re.search(r"<(script|style|link)\b", head.split("Content-Security-Policy")[0]):
            wrong.append(f"{page.relative_to(built_site)}: a script or style comes before the policy")
    assert not wrong, "\n".join(wrong)
