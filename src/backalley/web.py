"""The engine's front end for the reader's browser: JSON text in, JSON text out (stdlib only).

A sibling of ``cli.py``. The Web Worker that runs the engine under Pyodide passes each request
to ``handle`` as text and posts back the text it returns, so nothing depends on Pyodide's own
conversions and the whole protocol is tested in CPython (``tests/test_web.py``).

Request: ``{"call": NAME, "args": [...], "kwargs": {...}, "lang": "en"}``, NAME a public
function of ``backalley`` (in ``__all__``, callable, not a class), or ``module.function`` of one
of ``SITE_MODULES``. Reply: ``{"ok": RESULT}``
with RESULT JSON-ready (``to_data()`` where a value has it; a card its text; a NamedTuple its
fields; a variant its spec text), or ``{"error": {...}}``: a refusal gives its ``kind`` (the
exception's class), ``rule``, ``number``, ``message`` in ``lang`` and ``address`` (the rule on
the site in ``lang``); anything else ``{"kind": "internal", "message": ...}``.

>>> handle('{"call": "score_deal", "args": [5, [["N", 2], ["E", "pass"], ["S", 1], ["W", "pass"]], {"NS": 4, "EW": 1}]}')
'{"ok": {"NS": 16, "EW": 1}}'
"""
from __future__ import annotations

import json
from collections.abc import Mapping

import backalley

from .cards import Card
from .errors import BackAlleyError, InvalidArgument, Reason
from .rulebook import LANGUAGES, address
from .variants import Variant

REFUSALS = (BackAlleyError, InvalidArgument)


class BadRequest(Exception):
    """A request that names no public function or is not the request's shape."""


def handle(text: str) -> str:
    """The reply, as JSON text, to one request given as JSON text; never raises."""
    try:
        reply = _reply(text)
    except Exception as error:  # even the refusal's words failed: still one short line, no traceback
        reply = {"error": {"kind": "internal", "message": f"{type(error).__name__}: {error}"}}
    return json.dumps(reply, ensure_ascii=False)


def _reply(text: str) -> dict:
    lang = "en"
    try:
        request = _request(text)
        lang = request.get("lang", "en")
        if lang not in LANGUAGES:
            raise BadRequest(f"lang is one of {', '.join(LANGUAGES)}, got {lang!r}")
        function = _function(request.get("call"))
        result = function(*request.get("args", []), **request.get("kwargs", {}))
        return {"ok": to_json_ready(result, lang)}
    except REFUSALS as error:
        return {"error": refusal(error, lang)}
    except Exception as error:  # the page shows a short message, never a traceback
        return {"error": {"kind": "internal", "message": f"{type(error).__name__}: {error}"}}


def _request(text: str) -> dict:
    try:
        request = json.loads(text)
    except (TypeError, ValueError) as error:
        raise BadRequest(f"a request is JSON text: {error}") from None
    if not isinstance(request, dict):
        raise BadRequest("a request is a JSON object")
    if not isinstance(request.get("args", []), list) or not isinstance(request.get("kwargs", {}), dict):
        raise BadRequest('"args" is a list and "kwargs" an object')
    return request


SITE_MODULES = ("backalley_site.table_rules",)
"""Modules of the site whose public functions (their ``__all__``) a request may also call, as
``module.function``: they say the engine's figures in a page's words (the browser's zip carries
them; they are imported only when called, so the engine stays free of the site)."""


def _function(name):
    """The public function of ``backalley`` called ``name``, or ``module.function`` of
    ``SITE_MODULES``; classes and constants are refused."""
    module, dot, short = name.rpartition(".") if isinstance(name, str) else ("", "", None)
    if dot and module in SITE_MODULES:
        from importlib import import_module

        found = import_module(module)
        value = getattr(found, short, None) if short and short in found.__all__ else None
    else:
        value = getattr(backalley, name, None) if isinstance(name, str) and name in backalley.__all__ else None
    if not callable(value) or isinstance(value, type):
        raise BadRequest(f"not a public function of backalley: {name!r}")
    return value


def to_json_ready(value, lang: str = "en"):
    """``value`` as data ``json.dumps`` takes: ``to_data()`` where it exists, cards as text,
    NamedTuples as their fields, a ``Reason`` as a refusal in ``lang``, a variant as its spec."""
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, str):
        return value
    if isinstance(value, Reason):
        return refusal(value, lang)
    if hasattr(value, "to_data"):
        return to_json_ready(value.to_data(), lang)
    if isinstance(value, Variant):
        return value.name
    if hasattr(value, "_asdict"):
        return to_json_ready(value._asdict(), lang)
    if isinstance(value, Mapping):
        return {_key(key): to_json_ready(item, lang) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json_ready(item, lang) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted((to_json_ready(item, lang) for item in value), key=json.dumps)
    raise TypeError(f"the engine gave a value that is not JSON-ready: {type(value).__name__}")


def _key(key) -> str:
    return key if isinstance(key, str) else json.dumps(to_json_ready(key))


def refusal(error, lang: str) -> dict:
    """A refusal (or a ``Reason``) as data: its kind, rule id and number, message in ``lang`` (and
    that message cut into its ``sentence`` and the ``citation`` of its rule, which a page links),
    and the rule's address on the site in ``lang`` (``None`` for an argument of the wrong kind)."""
    rule = getattr(error, "rule", None)
    rule_number = getattr(error, "number", None)
    sentence, citation = refusal_parts(error, lang)
    return {
        "kind": type(error).__name__,
        "rule": rule,
        "number": rule_number,
        "message": sentence + citation,
        "sentence": sentence,
        "citation": citation,
        "address": address(rule_number, lang) if rule_number else None,
    }


def refusal_parts(error, lang: str) -> tuple[str, str]:
    """The refusal in ``lang`` as its sentence and the citation of its rule (``backalley_site.refusals``
    where it is there, with the site's words); the engine's English sentence without it."""
    try:
        from backalley_site.refusals import parts
    except ModuleNotFoundError as missing:
        if missing.name not in ("backalley_site", "backalley_site.refusals"):
            raise
        return str(error), ""
    return parts(error, lang)
