"""The numbered rule book: every engine rule id cites a numbered rule, numbers keep page order,
and every refusal carries its rule's number and names it."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from backalley import (RULES, BackAlleyError, Deal, IllegalBid, IllegalPlay, InvalidDeal, InvalidVariant, check_play,
                       score_deal)
from backalley import rulebook
from backalley.variants import resolve_variant

ROOT = Path(__file__).resolve().parents[1]
CONFIG = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))


def test_every_engine_rule_id_cites_a_rule_in_use():
    assert set(rulebook.CITED) == set(RULES)
    for rule in RULES:
        assert rulebook.number(rule) in rulebook.NUMBERS, rule


def test_numbers_are_unique_in_page_order_and_never_retired_ones():
    numbers = rulebook.NUMBERS
    assert len(set(numbers)) == len(numbers)
    assert numbers == sorted(numbers, key=rulebook.sort_key)
    assert not set(numbers) & set(rulebook.RETIRED)
    sections = {rulebook.sort_key(n)[0] for n in numbers}
    assert sections == set(range(1, len(rulebook.PAGES) + 1)), "every rules page has rules, no section is empty"


def test_sections_follow_the_site_navigation_and_languages_the_site_s():
    def pages(entries):  # the nav's files in order, through its titled entries and groups
        for entry in entries:
            if isinstance(entry, dict):
                [value] = entry.values()
                yield from pages(value) if isinstance(value, list) else [value]
            else:
                yield entry

    nav = [entry.removesuffix(".md") for entry in pages(CONFIG["nav"])]
    assert [page for page in nav if page in rulebook.PAGES] == list(rulebook.PAGES)
    i18n = next(p["i18n"] for p in CONFIG["plugins"] if isinstance(p, dict) and "i18n" in p)
    default = next(lang["locale"] for lang in i18n["languages"] if lang.get("default"))
    assert rulebook.LANGUAGES[0] == default
    assert set(rulebook.LANGUAGES) == {lang["locale"] for lang in i18n["languages"]}


# Each engine rule id and scoring case, the number of the rule it cites, and words of that rule
# as docs/en states it, read off the page by hand: a citation moved to any other rule fails.
STATES = {
    "seat": ("1.1", "the seats are North, East, South, West"),
    "turn": ("1.1", "all move clockwise"),
    "hands": ("1.7", "until everyone has the number of cards this deal calls for"),
    "phase": ("2.1", "After the trump card is turned, there is a single round of bidding"),
    "bids": ("2.1", "Each player gets exactly one bid"),
    "bid-value": ("2.1", "has three choices"),
    "bid-range": ("2.3", "from 1 up to one less than the number of cards in your hand"),
    "not-in-hand": ("3.1", "the others each play one card in turn"),
    "follow-suit": ("3.2", "If you hold a card of the suit led, you must play one"),
    "trump-lead": ("3.8", "You may not **lead** a trump"),
    "no-legal-lead": ("3.11", "**A player who holds nothing but trumps.**"),
    "big-lead": ("3.12", "**BIG led**"),
    "little-lead": ("3.13", "**LITTLE led**"),
    "tricks": ("4.1", "the two sides' tricks add up to *h*"),
    "revoke": ("5.6", "the revoke is established"),
    "variant": ("6.1", "A preset is a complete set of rules with a name"),
}
SCORES = {
    "made": ("4.2", "A side that bid numbers"),
    "set": ("4.2", "A side that bid numbers"),
    "passed": ("4.3", "If both partners pass"),
    "board-made": ("4.5", "A side with a board plays for every trick"),
    "board-lost": ("4.5", "A side with a board plays for every trick"),
    "revoke": ("5.6", "the side that revoked is scored as set"),
    "thrown-in": ("2.15", "If all four players pass, the deal is thrown in"),
}


def english_rule(rule_number: str) -> str:
    """The text of rule ``rule_number`` in its English page, up to the next rule or paragraph,
    with its lines joined."""
    text = (ROOT / "docs" / "en" / f"{rulebook.page(rule_number)}.md").read_text(encoding="utf-8")
    rest = text[text.index(f'{{{{ rule("{rule_number}") }}}}'):]
    ends = [at for at in (rest.find("\n\n"), rest.find("{{ rule(", 1)) if at > 0]
    return " ".join(rest[:min(ends, default=len(rest))].split())


def test_every_engine_rule_id_and_scoring_case_is_pinned():
    assert set(STATES) == set(RULES) == set(rulebook.CITED)
    assert set(SCORES) == set(rulebook.SCORING)


@pytest.mark.parametrize("cited, table, pinned", [
    *(pytest.param(rule, rulebook.CITED, STATES[rule], id=rule) for rule in STATES),
    *(pytest.param(case, rulebook.SCORING, SCORES[case], id=f"scoring-{case}") for case in SCORES),
])
def test_each_citation_names_the_rule_that_states_it(cited, table, pinned):
    number, words = pinned
    assert table[cited] == number, f"{cited} cites rule {table[cited]}, which does not state it"
    assert words in english_rule(number), f"rule {number} no longer says {words!r}"


@pytest.mark.parametrize("number, key", [("3.9", (3, 9, "")), ("3.9a", (3, 9, "a")), ("12.10", (12, 10, ""))])
def test_sort_key_orders_letters_after_their_number(number, key):
    assert rulebook.sort_key(number) == key
    assert rulebook.sort_key("3.9") < rulebook.sort_key("3.9a") < rulebook.sort_key("3.10")


@pytest.mark.parametrize("bad", ["3", "3.", "0.1", "3.01", "3.9A", "x.1", "3.12 "])
def test_a_malformed_number_is_refused(bad):
    with pytest.raises(ValueError, match="not a rule number"):
        rulebook.sort_key(bad)


def test_addresses_are_relative_to_the_site_root_with_the_anchor():
    assert rulebook.address("3.12") == "tricks/#rule-3.12"
    assert rulebook.address("3.12", "fr") == "fr/tricks/#rule-3.12"
    with pytest.raises(ValueError, match="not a language of the site"):
        rulebook.address("3.12", "de")
    with pytest.raises(ValueError, match="no rule 3.99"):
        rulebook.address("3.99")
    with pytest.raises(KeyError, match="not an engine rule id"):
        rulebook.number("nonsense")


def test_refusing_9s_on_a_big_lead_names_rule_3_12():
    """The issue's own case: a player holding KH may not play 9S when BIG is led."""
    reason = check_play("9S", "5H KH 9S 2C", ["BIG"], "H")
    assert reason.rule == "big-lead" and reason.number == "3.12" == rulebook.number("big-lead")
    assert str(reason).endswith("(rule 3.12)") and "(rule" not in reason.message
    # the same refusal in a deal: North leads BIG, East holds KH and tries 9S
    deal = Deal({"N": "BIG 2D 3D 4D", "E": "5H KH 9S 2C", "S": "6D 7D 8D 9D", "W": "10D JD QD KD"}, "H", "W",
                bids=["board", "pass", "pass", "pass"])  # North bid board: may lead BIG at once
    deal.play("N", "BIG")
    with pytest.raises(IllegalPlay) as refused:
        deal.play("E", "9S")
    assert refused.value.rule == "big-lead" and refused.value.number == "3.12"
    assert str(refused.value) == "East cannot play 9S: " + str(reason)


@pytest.mark.parametrize("refuse, kind", [
    (lambda: check_play("9S", "5H KH 9S 2C", ["BIG"], "H", variant="standard,nonsense=1"), InvalidVariant),
    (lambda: score_deal(5, [("N", 7), ("E", "pass"), ("S", 1), ("W", "pass")], {"NS": 4, "EW": 1}), IllegalBid),
    (lambda: score_deal(5, [("N", 2), ("E", "pass"), ("S", 1), ("W", "pass")], {"NS": 4, "EW": 4}), InvalidDeal),
    (lambda: resolve_variant("nope"), InvalidVariant),
])
def test_every_kind_of_refusal_carries_its_number_and_names_it(refuse, kind):
    with pytest.raises(kind) as refused:
        refuse()
    error = refused.value
    assert error.number == rulebook.number(error.rule)
    assert str(error) == f"{error.message} (rule {error.number})"


@pytest.mark.parametrize("rule", RULES)
def test_an_error_for_any_rule_id_names_its_number(rule):
    error = BackAlleyError(rule, "what went wrong")
    assert str(error) == f"what went wrong (rule {rulebook.number(rule)})"
    assert str(error.reason) == str(error)
