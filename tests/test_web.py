"""``backalley.web.handle``, the engine's front end in the reader's browser, in CPython: the
whole JSON protocol (a call, its result made JSON-ready, each kind of refusal, requests that
name no public function, bad JSON) without a browser."""
from __future__ import annotations

import json

import pytest

from backalley import web
from backalley.web import handle

FIRST_EXAMPLE = [5, [["N", 2], ["E", "pass"], ["S", 1], ["W", "pass"]], {"NS": 4, "EW": 1}]
HANDS = {"N": ["2S", "5H"], "E": ["9S", "KH"], "S": ["3D", "4D"], "W": ["5D", "6D"]}


def ask(call, *args, lang=None, **kwargs) -> dict:
    request = {"call": call, "args": list(args), "kwargs": kwargs}
    if lang:
        request["lang"] = lang
    reply = handle(json.dumps(request))
    assert isinstance(reply, str)
    return json.loads(reply)


def test_a_call_answers_with_its_result():
    assert ask("score_deal", *FIRST_EXAMPLE) == {"ok": {"NS": 16, "EW": 1}}


def test_keyword_arguments_are_passed():
    assert ask("legal_bids", 3, variant="strict") == {"ok": ["pass", 1, 2, "board"]}


def test_cards_come_back_as_their_text():
    assert ask("legal_plays", ["5H", "KH", "9S", "2C"], ["BIG"], "H") == {"ok": ["KH"]}
    assert ask("parse_cards", "10h as big") == {"ok": ["10H", "AS", "BIG"]}


def test_a_variant_comes_back_as_its_spec():
    assert ask("resolve_variant", "strict") == {"ok": "strict"}


def test_a_named_tuple_comes_back_as_its_fields():
    pack = "2S 3S 4S 5S 6S 7S 8S 9S 10S 3H"
    dealt = ask("deal_pack", pack, "W", 2)["ok"]
    assert dealt == {
        "hands": {"N": ["2S", "6S"], "E": ["3S", "7S"], "S": ["4S", "8S"], "W": ["5S", "9S"]},
        "turned": ["10S"], "trump": "S", "set_aside": None,
    }


def test_a_reason_comes_back_as_a_refusal_with_its_rule_in_the_language():
    reason = ask("check_play", "9S", ["5H", "KH", "9S", "2C"], ["BIG"], "H", lang="fr")["ok"]
    assert reason["kind"] == "Reason"
    assert (reason["rule"], reason["number"], reason["address"]) == ("big-lead", "3.12", "fr/tricks/#rule-3.12")
    assert "R♥" in reason["message"] and "plus fort atout" in reason["message"]  # the site's French card name
    assert ask("check_play", "KH", ["5H", "KH", "9S", "2C"], ["BIG"], "H") == {"ok": None}


@pytest.mark.parametrize("lang, address, king", [
    ("en", "tricks/#rule-3.2", "K♥"), ("fr", "fr/tricks/#rule-3.2", "R♥"),
    ("pt", "pt/tricks/#rule-3.2", "K♥"), ("ru", "ru/tricks/#rule-3.2", "К♥"),
])
def test_an_illegal_play_is_refused_with_its_rule_and_address(lang, address, king):
    reply = ask("trick_splits", HANDS, "H", "W", bids=[1, "pass", "pass", "pass"], plays=["2S", "KH"], lang=lang)
    error = reply["error"]
    assert (error["kind"], error["rule"], error["number"], error["address"]) == ("IllegalPlay", "follow-suit", "3.2", address)
    assert king in error["message"] and error["message"].endswith(" 3.2)")


@pytest.mark.parametrize("call, args, kwargs, kind, rule, number", [
    ("trick_splits", [HANDS, "H", "W"], {"bids": [1, "pass", 3, "pass"]}, "IllegalBid", "bid-range", "2.3"),
    ("score_deal", [5, [["N", 2]], {"NS": 4, "EW": 1}], {}, "InvalidDeal", "bids", "2.1"),
    ("legal_bids", [5, "no-such-preset"], {}, "InvalidVariant", "variant", "6.1"),
])
def test_each_kind_of_refusal_gives_its_kind_rule_and_number(call, args, kwargs, kind, rule, number):
    error = ask(call, *args, **kwargs)["error"]
    assert (error["kind"], error["rule"], error["number"]) == (kind, rule, number)
    assert error["message"] and error["address"].endswith(f"#rule-{number}")


def test_an_argument_of_the_wrong_kind_is_refused_without_a_rule():
    error = ask("legal_plays", ["5H"], [], "H", trump_played="yes")["error"]
    assert error["kind"] == "InvalidArgument"
    assert error["rule"] is error["number"] is error["address"] is None
    assert "trump_played" in error["message"]


@pytest.mark.parametrize("request_text, said", [
    ('{"call": "no_such_function"}', "not a public function of backalley: 'no_such_function'"),
    ('{"call": "Match"}', "not a public function of backalley: 'Match'"),  # a class
    ('{"call": "PACK"}', "not a public function of backalley: 'PACK'"),  # a constant
    ('{"call": "web"}', "not a public function of backalley: 'web'"),  # not in __all__
    ('{"call": "score_deal", "args": {"hand_size": 5}}', '"args" is a list'),
    ('{"call": "score_deal", "lang": "de"}', "lang is one of en, fr, pt, ru, got 'de'"),
    ('{"call": "score_deal"', "a request is JSON text"),
    ('["score_deal"]', "a request is a JSON object"),
    ("", "a request is JSON text"),
])
def test_a_request_that_names_no_public_function_or_is_not_json_is_refused(request_text, said):
    reply = json.loads(handle(request_text))
    assert reply["error"]["kind"] == "internal"
    assert said in reply["error"]["message"]
    assert "Traceback" not in reply["error"]["message"]


def test_an_unexpected_error_is_internal_and_short():
    error = ask("score_deal")["error"]
    assert error["kind"] == "internal"
    assert error["message"].startswith("TypeError: score_deal()")


def test_a_refusal_whose_words_fail_is_still_one_short_internal_line(monkeypatch):
    """Were the refusal's sentence itself to fail (a module missing from the browser's zip), the
    reply is still JSON with a one-line message, never an escaped traceback."""
    def broken(error, lang):
        raise ModuleNotFoundError("No module named 'babel.dates'")

    monkeypatch.setattr(web, "refusal_parts", broken)
    error = ask("score_deal", 8, [["N", 2], ["E", 1], ["S", 2], ["W", 2]], {"NS": 6, "EW": 3})["error"]
    assert error == {"kind": "internal", "message": "ModuleNotFoundError: No module named 'babel.dates'"}
