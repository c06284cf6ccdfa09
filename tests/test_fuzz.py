"""Every public function and class of ``backalley``, called with arguments of every wrong kind:
nothing but the library's ``ValueError`` subclasses (or ``ValueError`` itself) may escape."""
from __future__ import annotations

import inspect

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import backalley

JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(allow_nan=True), st.text(max_size=12),
    st.sampled_from(["AS", "10H", "BIG", "N", "NS", "pass", "board", "2", "standard", "H", "", "NT", "strict"]),
    st.binary(max_size=4), st.lists(st.sampled_from(["AS", "KS", "2H", ("N", 1), ("E", "pass"), None, 3]), max_size=5),
    st.dictionaries(st.sampled_from(["NS", "EW", "N", "E", "S", "W"]), st.integers(-2, 14), max_size=4),
    st.tuples(st.sampled_from(["N", "E", "X"]), st.sampled_from([1, "board", None])),
)
CALLABLES = sorted(name for name in backalley.__all__
                   if callable(getattr(backalley, name)) and not name.startswith("_")
                   and not (inspect.isclass(getattr(backalley, name))
                            and issubclass(getattr(backalley, name), (BaseException, tuple))))


def _parameters(function) -> list[inspect.Parameter]:
    try:
        return list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):
        return []


@pytest.mark.parametrize("name", CALLABLES)
@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_nothing_but_value_errors_escape(name, data):
    function = getattr(backalley, name)
    params = [p for p in _parameters(function) if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    args, kwargs = [], {}
    for p in params:
        required = p.default is p.empty
        if not required and not data.draw(st.booleans()):
            continue
        value = data.draw(JUNK)
        if p.kind is p.KEYWORD_ONLY:
            kwargs[p.name] = value
        else:
            args.append(value)
    try:
        function(*args, **kwargs)
    except ValueError:
        pass
    except Exception as error:  # noqa: BLE001 - the point of the test
        pytest.fail(f"{name}({', '.join(map(repr, args))}, **{kwargs!r}) raised {type(error).__name__}: {error}")


def test_the_fuzz_reaches_every_public_function():
    assert {"legal_plays", "check_play", "score_deal", "side_contracts", "opening_leader", "Match", "Deal",
            "Scorecard", "Card", "parse_cards", "trick_winner", "deal_pack", "resolve_variant"} <= set(CALLABLES)
