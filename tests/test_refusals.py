"""Refusals in the reader's language (issue 21, item 4): every message id that a raise site names
has a sentence in every language, using only the details that site gives; every rule id has one
too; each kind of refusal, provoked through the public API, reads right in every language; and the
command line answers in the language of --lang."""
from __future__ import annotations

import ast
import json
import re
import string
import sys
from pathlib import Path

import pytest

from backalley import (
    Deal, IllegalBid, IllegalPlay, InvalidArgument, InvalidDeal, InvalidVariant, Reason, Scorecard, check_play,
    parse_card, resolve_variant, score_deal,
)
from backalley.rulebook import CITED, RULES
from backalley_site.refusals import address, message
from backalley_site.terms import LANGUAGES, termbase, terms
from test_termbase import violations

ENGINE = Path(__file__).resolve().parents[1] / "src" / "backalley"
REFUSALS = {"IllegalBid", "IllegalPlay", "InvalidDeal", "InvalidVariant", "InvalidArgument", "Reason", "error"}
"""The calls that make a refusal: the exception classes, ``Reason``, and ``Deal._out_of_turn``'s
``error`` (the class it is given)."""


def _ids(node: ast.expr, where: str) -> list[str]:
    """The message ids a ``key`` expression can give: a string, or either branch of ``a if … else b``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _ids(node.body, where) + _ids(node.orelse, where)
    pytest.fail(f"{where}: a message id is a string written at the raise site, not {ast.unparse(node)}")


def raise_sites() -> dict[str, set[str]]:
    """Every message id named in the engine's source, with the details its raise sites give
    (found by walking the source, so that a new raise site is checked as soon as it is written)."""
    found: dict[str, set[str]] = {}
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name not in REFUSALS:
                continue
            where = f"{path.name}, line {node.lineno}"
            if name == "Reason":
                if len(node.args) == 4 and isinstance(node.args[2], ast.Attribute):
                    continue  # BackAlleyError.reason passes its own key and params on
                assert len(node.args) >= 3, f"{where}: a Reason names its message id (third argument)"
                key, params = node.args[2], node.args[3].keys if len(node.args) > 3 else []
                params = [p.value for p in params]
            else:
                keywords = {k.arg: k.value for k in node.keywords}
                assert None not in keywords, f"{where}: a refusal's details are written as keywords, not **"
                assert "key" in keywords, f"{where}: the refusal names no message id (key=…)"
                key, params = keywords.pop("key"), list(keywords)
            for message_id in _ids(key, where):
                found.setdefault(message_id, set()).update(params)
    return found


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


SITES = raise_sites()


def test_the_walk_finds_the_raise_sites():
    assert len(SITES) > 80 and {"cannot-play", "must-follow", "big-lead", "not-a-card"} <= set(SITES)
    assert SITES["must-follow"] == {"suit", "cards"} and SITES["cannot-play"] == {"seat", "card", "reason"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_id_has_a_sentence_using_only_the_details_given(lang):
    t = terms(lang)
    missing = sorted(key for key in SITES if not t.has(f"refusals.{key}"))
    assert not missing, f"terms/{lang}.toml [refusals] lacks {missing}"
    for key, given in SITES.items():
        unknown = placeholders(t(f"refusals.{key}")) - given
        assert not unknown, f"terms/{lang}.toml refusals.{key} uses {sorted(unknown)}, not given at its raise site"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_id_has_a_sentence_and_no_sentence_is_left_over(lang):
    t = terms(lang)
    assert set(RULES) == set(CITED)
    assert {key for key in t.table("refusals.rules")} == set(RULES)
    assert all(not placeholders(text) for text in t.table("refusals.rules").values())
    spare = {key for key in t.table("refusals") if "." not in key} - set(SITES) - {"cite"}
    assert not spare, f"terms/{lang}.toml [refusals] has sentences no raise site names: {sorted(spare)}"


@pytest.mark.parametrize("lang", ["fr", "pt", "ru"])
def test_the_sentences_keep_to_the_term_base(lang):
    texts = [re.sub(r"\{[^}]*\}", "…", text) for text in terms(lang).table("refusals").values()]
    assert not violations(texts, termbase(lang))


def _refused(action) -> Exception:
    with pytest.raises(ValueError) as caught:
        action()
    return caught.value


def _deal() -> Deal:
    return Deal({"N": "AS 2S", "E": "KS 3D", "S": "4C 5C", "W": "6D 7D"}, "H", dealer="W")


def _follow() -> IllegalPlay:
    deal = _deal()
    for seat, bid in [("N", 1), ("E", "pass"), ("S", "pass"), ("W", "pass")]:
        deal.bid(seat, bid)
    deal.play("N", "AS")
    return _refused(lambda: deal.play("E", "3D"))


SAVED = json.dumps({"format": "backalley-scorecard", "version": 1, "variant": "standard", "first_dealer": "N",
                    "entries": [{"bids": [1, "pass", "pass", "pass"], "tricks": 5},
                                {"bids": [14, "pass", "pass", "pass"], "tricks": 5}]})

CASES = {
    "illegal play": (IllegalPlay, _follow, {
        "en": ["East cannot play 3♦", "spades", "K♠", "(rule 3.2)"],
        "fr": ["Est ne peut pas jouer 3♦", "pique", "R♠", "fournir", "(règle 3.2)"],
        "pt": ["Este não pode jogar 3♦", "espadas", "K♠", "assistir", "(regra 3.2)"],
        "ru": ["Восток не может положить 3♦", "пики", "К♠", "отвечать в\u00a0масть", "(правило 3.2)"]}),
    "illegal bid": (IllegalBid, lambda: _refused(lambda: _deal().bid("S", 1)), {
        "en": ["South cannot bid now", "North’s turn", "(rule 1.1)"],
        "fr": ["Sud ne peut pas annoncer", "Nord", "(règle 1.1)"],
        "pt": ["Sul não pode licitar", "Norte", "(regra 1.1)"],
        "ru": ["Юг не может заявлять", "очередь Севера", "(правило 1.1)"]}),
    "invalid deal": (InvalidDeal, lambda: _refused(lambda: score_deal(
        5, [("N", 2), ("E", "pass"), ("S", 1), ("W", "pass")], {"NS": 4, "EW": 3})), {
        "en": ["4\u00a0+\u00a03\u00a0=\u00a07\u00a0tricks", "5\u00a0cards", "(rule 4.1)"],
        "fr": ["7\u00a0plis", "donne de 5\u00a0cartes", "(règle 4.1)"],
        "pt": ["7\u00a0vazas", "distribuição de 5\u00a0cartas", "(regra 4.1)"],
        "ru": ["7\u00a0взяток", "по 5\u00a0карт", "(правило 4.1)"]}),
    "invalid variant": (InvalidVariant, lambda: _refused(lambda: resolve_variant("standard,tie=coin")), {
        "en": ["The option tie cannot be 'coin'", "draw and tiebreak", "(rule 6.1)"],
        "fr": ["L’option tie ne peut pas valoir 'coin'", "(règle 6.1)"],
        "pt": ["A opção tie não aceita o valor 'coin'", "(regra 6.1)"],
        "ru": ["Параметр tie не может быть равен 'coin'", "(правило 6.1)"]}),
    "invalid argument": (InvalidArgument, lambda: _refused(lambda: parse_card("ZZ")), {
        "en": ["'ZZ' is not a card"], "fr": ["'ZZ' n’est pas une carte"],
        "pt": ["'ZZ' não é uma carta"], "ru": ["'ZZ'\u00a0— не карта"]}),
    "scorecard entry": (InvalidDeal, lambda: _refused(lambda: Scorecard().record(["pass"] * 4, 0)), {
        "en": ["All four passed", "thrown-in deal", "(rule 2.1)"],
        "fr": ["Les quatre joueurs ont passé", "donne annulée", "(règle 2.1)"],
        "pt": ["Os quatro passaram", "a distribuição é anulada", "(regra 2.1)"],
        "ru": ["Все четверо спасовали", "сдача идёт не в", "(правило 2.1)"]}),
    "saved scorecard": (InvalidArgument, lambda: _refused(lambda: Scorecard.from_json(SAVED)), {
        "en": ["Entry 2\u00a0of the saved scorecard", "14\u00a0is not allowed with 12\u00a0cards", "(rule 2.3)"],
        "fr": ["La ligne 2\u00a0de la feuille de marque", "annoncer 14\u00a0n’est pas permis avec 12\u00a0cartes", "(règle 2.3)"],
        "pt": ["O registo 2\u00a0da folha de pontuação", "licitar 14\u00a0não é permitido com 12\u00a0cartas", "(regra 2.3)"],
        "ru": ["Запись 2\u00a0сохранённого бланка", "12\u00a0карт", "(правило 2.3)"]}),
    "reason": (Reason, lambda: check_play("9S", "5H KH 9S 2C", "BIG", "H"), {
        "en": ["BIG was led", "highest trump", "K♥", "(rule 3.12)"],
        "fr": ["BIG a été entamé", "plus fort atout", "R♥", "(règle 3.12)"],
        "pt": ["Saíram com o BIG", "trunfo mais alto", "K♥", "(regra 3.12)"],
        "ru": ["Зашли с\u00a0BIG", "старший козырь", "К♥", "(правило 3.12)"]}),
}


@pytest.mark.parametrize("case", CASES)
def test_each_kind_of_refusal_reads_right_in_every_language(case):
    kind, provoke, expected = CASES[case]
    refusal = provoke()
    assert isinstance(refusal, kind) and refusal.key
    for lang in LANGUAGES:
        said = message(refusal, lang)
        assert all(words in said for words in expected[lang]), (lang, said)
        assert "{" not in said and next(c for c in said if c.isalpha()).isupper(), (lang, said)


def test_the_rule_s_address_in_each_language():
    refusal = _follow()
    assert [address(refusal, lang) for lang in LANGUAGES] == [
        "tricks/#rule-3.2", "fr/tricks/#rule-3.2", "pt/tricks/#rule-3.2", "ru/tricks/#rule-3.2"]
    assert address(_refused(lambda: parse_card("ZZ")), "fr") is None


def test_the_engine_keeps_its_developer_english():
    refusal = _follow()
    assert str(refusal).startswith("East cannot play 3D: spades were led") and str(refusal).endswith("(rule 3.2)")
    assert refusal.rule == "follow-suit" and refusal.number == "3.2" and refusal.key == "cannot-play"
    assert refusal.params["seat"] == "E" and refusal.params["card"] == "3D"
    assert refusal.params["reason"].params == {"suit": "S", "cards": ["KS"]}


def test_explain_answers_in_french_with_the_site_s_card_names(cli):
    status, out, _ = cli("explain", "9S", "--hand", "5H KH 9S 2C", "--trick", "BIG", "--trump", "H", "--lang", "fr")
    assert status == 0 and out.splitlines() == [
        "On ne peut pas jouer 9♠\u00a0: BIG a été entamé, donc chacun des autres joueurs doit jouer son plus "
        "fort atout, ici R♥ (règle 3.12)",
        "cartes jouables\u00a0: R♥",
        "règle 3.12\u00a0: fr/tricks/#rule-3.12"]


@pytest.mark.parametrize("lang, words", [
    ("fr", "n’est pas permis avec 5\u00a0cartes"), ("pt", "não é permitido com 5\u00a0cartas"),
    ("ru", "Заявить 5\u00a0нельзя, когда у\u00a0каждого 5\u00a0карт"), ("en", "5\u00a0is not allowed with 5\u00a0cards")])
def test_a_refused_command_answers_in_its_language(cli, lang, words):
    status, out, err = cli("score", "5", "N=5", "E=pass", "S=1", "W=pass", "--ns", "4", "--lang", lang)
    assert status == 2 and out == "" and words in err and f"[bid-range: {'' if lang == 'en' else lang + '/'}bidding/" in err


def test_without_the_site_s_package_the_command_answers_in_english(cli, monkeypatch):
    monkeypatch.setitem(sys.modules, "backalley_site", None)
    status, out, err = cli("explain", "ZZ", "--hand", "5H", "--trump", "H", "--lang", "ru")
    assert status == 2 and "not a card: 'ZZ'" in err
    status, out, _ = cli("explain", "9S", "--hand", "5H KH 9S 2C", "--trick", "BIG", "--trump", "H", "--lang", "ru")
    assert status == 0 and out.startswith("9S may not be played: BIG was led")
