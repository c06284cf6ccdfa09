"""The renderer alone, without MkDocs: placeholders, number formats, errors, sandbox."""
from __future__ import annotations

import re
import textwrap

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backalley import deal_sizes, score_deal
from backalley_site.render import RenderError, render
from backalley_site.terms import LANGUAGES

DEMO = """\
# A small worked example for the renderer's tests

>>> from backalley import Deal, parse_card, score_deal
>>> bids = [("N", 2), ("E", "pass"), ("S", 1), ("W", "pass")]
>>> two = score_deal(5, bids, {"NS": 2, "EW": 3})
>>> king = parse_card("KH")
>>> hand = [parse_card(c) for c in ("5H", "KH", "9S", "2C")]
>>> winner = "E"
>>> big = 1234567.5
>>> _hidden = 1
"""

BROKEN = """\
A worked example whose third statement fails.

>>> a = 1
>>> b = 2
>>> c = {}["missing"]
"""


@pytest.fixture
def examples(tmp_path):
    folder = tmp_path / "examples"
    folder.mkdir()
    (folder / "demo-case.md").write_text(DEMO, encoding="utf-8")
    (folder / "broken.md").write_text(BROKEN, encoding="utf-8")
    return folder


def page(markdown, lang="en", examples_dir=None, name="docs/xx/page.md"):
    return render(textwrap.dedent(markdown), lang, page=name, examples_dir=examples_dir)


@pytest.mark.parametrize(
    ("lang", "big", "negative"),
    [
        ("en", "1,234,567.5", "\u221215"),
        ("fr", "1\u202f234\u202f567,5", "\u221215"),
        ("pt", "1\u00a0234\u00a0567,5", "\u221215"),
        ("ru", "1\u00a0234\u00a0567,5", "\u221215"),
    ],
)
def test_numbers_are_written_in_the_page_language(examples, lang, big, negative):
    out = page("{{ ex.demo_case.big }} | {{ ex.demo_case.two.NS }}", lang, examples)
    assert out == f"{big} | {negative}"


@given(st.integers(min_value=-10**9, max_value=10**9), st.sampled_from(LANGUAGES))
def test_every_integer_reads_back_with_a_true_minus_sign(number, lang):
    out = render("{{ " + str(number) + " }}", lang)
    assert "-" not in out
    assert out.startswith("\u2212") == (number < 0)
    assert int(re.sub(r"[^\d]", "", out)) == abs(number)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "K♥ | 5♥ K♥ 9♠ 2♣ | East | hearts | ×3"),
        ("fr", "R♥ | 5♥ R♥ 9♠ 2♣ | Est | cœur | ×3"),
        ("pt", "K♥ | 5♥ K♥ 9♠ 2♣ | Este | copas | ×3"),
        ("ru", "К♥ | 5♥ К♥ 9♠ 2♣ | Восток | черви | ×3"),
    ],
)
def test_filters_write_cards_seats_and_suits_in_the_language(examples, lang, expected):
    out = page(
        '{{ ex.demo_case.king | card }} | {{ ex.demo_case.hand | cards }} | '
        '{{ ex.demo_case.winner | seat }} | {{ "H" | suit }} | {{ 3 | times }}',
        lang, examples,
    )
    assert re.sub(r"<[^>]+>", "", out) == expected


def test_red_suits_are_coloured_and_keep_their_symbol():
    assert render('{{ "KH" | card }} {{ "KS" | card }}', "en") == (
        '<span class="ba-card ba-red">K♥</span> <span class="ba-card">K♠</span>'
    )


def test_engine_functions_are_the_engine_s():
    out = render('{{ deal_sizes() | join_numbers }}|{{ score_deal(5, [("N", 2), ("E", "pass"), '
                 '("S", 1), ("W", "pass")], {"NS": 4, "EW": 1}).NS }}', "en")
    sizes, score = out.split("|")
    assert sizes == ", ".join(str(n) for n in deal_sizes())
    assert score == str(score_deal(5, [("N", 2), ("E", "pass"), ("S", 1), ("W", "pass")], {"NS": 4, "EW": 1})["NS"])


def test_markdown_around_placeholders_is_kept(examples):
    text = "## Scoring { #numeric-bids }\n\n| a | b |\n|---|---|\n| x | {{ ex.demo_case.two.EW }} |\n"
    assert render(text, "en", examples_dir=examples) == text.replace("{{ ex.demo_case.two.EW }}", "3")


@pytest.mark.parametrize(
    ("markdown", "line", "says"),
    [
        ("text\n\n{{ nmae }}\n", 3, "'nmae' is undefined"),
        ("text\n{% if %}\n", 2, "Expected an expression"),
        ("a\nb\n{{ ex.nowhere.x }}\n", 3, "no example 'nowhere'"),
        ("{{ ex.demo_case.nothing }}\n", 1, "examples/demo-case.md has no 'nothing' (it has: bids, big, hand, king, two, winner)"),
        ("\n{{ ex.demo_case._hidden }}\n", 2, "_hidden"),
        ("x\n{{ 'ZZ' | card }}\n", 2, "InvalidArgument: not a card: 'ZZ'"),
        ("{{ score_deal(5, [('N', 2)], {'NS': 1, 'EW': 4}) }}\n", 1, "exactly one bid from each"),
        ("x\n\n\n{{ ex.broken.a }}\n", 4, "examples/broken.md, line 5: KeyError"),
        ("{{ 'X' | seat }}", 1, "not a seat: 'X'"),
    ],
)
def test_errors_name_the_page_the_line_and_the_cause(examples, markdown, line, says):
    with pytest.raises(RenderError) as error:
        render(markdown, "fr", page="docs/fr/bidding.md", examples_dir=examples)
    message = str(error.value)
    assert message.startswith(f"docs/fr/bidding.md, line {line}: ")
    assert says in message
    assert "\n" not in message


def test_line_offset_counts_front_matter(examples):
    with pytest.raises(RenderError, match=r"^p\.md, line 7: "):
        render("x\n{{ nope }}", "en", page="p.md", line_offset=5)


@pytest.mark.parametrize(
    "markdown",
    [
        "{{ ''.__class__ }}",
        "{{ ''.__class__.__mro__[1].__subclasses__() }}",
        "{{ ex.__class__ }}",
        "{{ ex.demo_case.bids.append(1) }}",
        "{{ ex.demo_case.two.update({'NS': 0}) }}",
        "{{ range(3) | length }}",
        "{{ lipsum() }}",
        "{{ cycler }}",
        "{% import 'os' as os %}",
    ],
)
def test_the_sandbox_refuses_python_internals(examples, markdown):
    with pytest.raises(RenderError):
        render(markdown, "en", examples_dir=examples)


def test_engine_objects_cannot_be_changed_from_a_page(tmp_path):
    (tmp_path / "table.md").write_text(
        '>>> from backalley import Deal\n'
        '>>> deal = Deal(hands={"N": ["AS"], "E": ["AH"], "S": ["AD"], "W": ["AC"]}, trump="S", dealer="W")\n',
        encoding="utf-8",
    )
    with pytest.raises(RenderError, match="unsafe"):
        render('{{ ex.table.deal.bid("N", "pass") }}', "en", examples_dir=tmp_path)


@pytest.mark.parametrize(
    ("markdown", "says"),
    [("{{ ex.demo_case.king }}", "| card"), ("{{ ex.demo_case.bids }}", "gave list"), ("{{ true }}", "gave bool")],
)
def test_values_that_are_not_numbers_or_text_must_go_through_a_filter(examples, markdown, says):
    with pytest.raises(RenderError, match=re.escape(says)):
        render(markdown, "en", examples_dir=examples)


def test_an_unknown_language_is_an_error():
    with pytest.raises(RenderError, match="no terms for language 'de'"):
        render("{{ 1 }}", "de", page="docs/de/index.md")


def test_examples_run_once_per_content_and_follow_edits(examples):
    from backalley_site.examples import Examples

    ex = Examples(examples)
    assert ex.demo_case is ex.demo_case
    (examples / "demo-case.md").write_text(DEMO.replace("winner = \"E\"", "winner = \"W\"  # edited"), encoding="utf-8")
    assert ex.demo_case.winner == "W"
    assert render("{{ ex.demo_case.winner | seat }}", "fr", examples_dir=examples) == "Ouest"


def test_example_namespaces_are_read_only(examples):
    from backalley_site.examples import Examples

    with pytest.raises(AttributeError):
        Examples(examples).demo_case.winner = "N"


def _rules_of(page: str) -> list[str]:
    from backalley import rulebook
    return [n for n in rulebook.NUMBERS if rulebook.page(n) == page]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_rule_number_is_a_link_to_itself_titled_in_the_language(examples, lang):
    numbers = _rules_of("irregularities")
    markdown = "\n\n".join(f'{{{{ rule("{n}") }}}} Text.' for n in numbers)
    html = render(markdown, lang, page=f"docs/{lang}/irregularities.md", examples_dir=examples)
    first = re.search(r'<a class="rule-number" id="rule-5\.1" href="#rule-5\.1" title="([^"]+)">5\.1</a> Text\.', html)
    assert first and "5.1" in first[1]
    assert html.count('class="rule-number"') == len(numbers)


@pytest.mark.parametrize(("body", "says"), [
    ('{{ rule("5.99") }}', "rule 5.99 is not in the rule book"),
    ('{{ rule("3.1") }}', "rule 3.1 belongs on tricks.md, not here"),
    ('{{ rule("5.1") }} {{ rule("5.1") }}', "rule 5.1 is numbered twice"),
    ('{{ rule("5.2") }} {{ rule("5.1") }}', "rule 5.1 comes after rule 5.2"),
    ('{{ rule("5.1") }}', "rules not numbered on this page: 5.2, 5.3"),
    ('{{ rule("five") }}', "not a rule number: 'five'"),
])
def test_rule_numbers_that_are_wrong_missing_or_out_of_order_fail_the_page(examples, body, says):
    with pytest.raises(RenderError) as error:
        render(f"# Title\n\n{body}\n", "pt", page="docs/pt/irregularities.md", examples_dir=examples)
    assert str(error.value).startswith("docs/pt/irregularities.md") and says in str(error.value)
