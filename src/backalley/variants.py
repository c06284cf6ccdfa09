"""Variants: every rule that differs between presets and house rules, as one frozen value.

>>> deal_sizes("short-14")
(7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7)
>>> resolve_variant("standard,points_per_bid_trick=3").points_per_bid_trick
3
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from types import MappingProxyType

from .errors import InvalidVariant


def _option(default, doc, choices=None):
    """A rule option: its default, a one-line description and every value it may take."""
    if choices is None and isinstance(default, bool):
        choices = (True, False)
    return field(default=default, metadata={"doc": doc, "choices": choices})


@dataclass(frozen=True)
class Variant:
    """The rules in force for a match. Presets are in ``VARIANTS``; options change one rule each."""

    name: str = field(default="standard", compare=False)
    max_hand_size: int = _option(13, "cards each player holds in the largest deal", (7, 13))
    start_high: bool = _option(True, "the match starts with the largest deal (else with one card)")
    turn_dealt_twice: bool = _option(
        True, "the hand size at the turning point of the schedule is dealt twice"
    )
    all_trump_lead: bool = _option(
        True, "a hand of nothing but trumps may lead a trump before trumps are broken"
    )
    tie: str = _option("draw", "what equal totals at the end mean", ("draw", "tiebreak"))
    points_per_bid_trick: int = _option(5, "points for each trick of a made numeric target", (3, 5, 10))
    board_multipliers: tuple = _option(
        (1, 2, 3, 4), "multipliers of the first, second, third and fourth board",
        ((1, 2, 3, 4), (1, 2, 4, 8)),
    )
    turned_joker: str = _option(
        "no-trump", "what a joker turned for trumps means", ("no-trump", "turn-next", "bottom")
    )
    big_lead_binds_partner: bool = _option(
        True, "a BIG lead obliges the leader's partner too (else only the opponents)"
    )
    pass_scores_tricks: bool = _option(
        True, "a side whose partners both passed scores a point per trick (else nothing)"
    )

    def __post_init__(self):
        for f in options():
            value = getattr(self, f.name)
            choices = f.metadata["choices"]
            if value not in choices or type(value) is not type(f.default):
                allowed = ", ".join(format_value(c) for c in choices)
                shown = repr(value) if isinstance(value, str) else format_value(value)
                raise InvalidVariant("variant", f"option {f.name} cannot be {shown}; allowed: {allowed}")

    def replace(self, **changes) -> "Variant":
        """This variant with some options changed (the name records the change)."""
        unknown = sorted(set(changes) - {f.name for f in options()})
        if unknown:
            raise InvalidVariant("variant", f"unknown option {unknown[0]}; {_known_options()}")
        label = ",".join(f"{k}={format_value(v)}" for k, v in changes.items())
        return dataclasses.replace(self, name=f"{self.name},{label}" if label else self.name, **changes)

    def differences(self, other: "Variant") -> list[str]:
        """The names of the options whose values differ between two variants."""
        return [f.name for f in options() if getattr(self, f.name) != getattr(other, f.name)]


def options() -> tuple[dataclasses.Field, ...]:
    """The rule options of ``Variant``, in declaration order, each with ``metadata["doc"]``."""
    return tuple(f for f in dataclasses.fields(Variant) if f.name != "name")


def format_value(value) -> str:
    """An option value as the command line and the site write it (yes/no, 1/2/4/8)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return "/".join(map(str, value))
    return str(value)


def _known_options() -> str:
    return "known options: " + ", ".join(f.name for f in options())


VARIANTS = MappingProxyType({
    "standard": Variant(),
    "strict": Variant(name="strict", all_trump_lead=False),
    "gamerules-25": Variant(name="gamerules-25", turn_dealt_twice=False),
    "short-14": Variant(name="short-14", max_hand_size=7, tie="tiebreak"),
    "tiebreak": Variant(name="tiebreak", tie="tiebreak"),
    "up-first": Variant(name="up-first", start_high=False),
})
"""The named presets of RULES.md section 7."""


def resolve_variant(variant: "str | Variant") -> Variant:
    """A ``Variant`` from itself, a preset name, or ``"preset,option=value,…"``."""
    if isinstance(variant, Variant):
        return variant
    found = VARIANTS.get(variant) if isinstance(variant, str) else None
    if found is not None:
        return found
    if not isinstance(variant, str):
        raise InvalidVariant("variant", f"not a variant: {variant!r}")
    name, *settings = [part.strip() for part in variant.split(",")]
    if name not in VARIANTS:
        raise InvalidVariant(
            "variant", f"unknown variant {name!r}; known presets: {', '.join(VARIANTS)}"
        )
    changes = {}
    fields = {f.name: f for f in options()}
    for setting in settings:
        key, sep, text = setting.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or key not in fields:
            raise InvalidVariant(
                "variant", f"cannot read {setting!r} in {variant!r}: write option=value; {_known_options()}"
            )
        changes[key] = _parse_value(fields[key], text.strip(), variant)
    return VARIANTS[name].replace(**changes)


def _parse_value(f: dataclasses.Field, text: str, spec: str):
    default = f.default
    lowered = text.lower()
    if isinstance(default, bool):
        if lowered in ("yes", "true", "1", "on"):
            return True
        if lowered in ("no", "false", "0", "off"):
            return False
    elif isinstance(default, int):
        if re.fullmatch(r"-?[0-9]{1,100}", lowered):
            return int(lowered)
    elif isinstance(default, tuple):
        parts = lowered.replace("x", "").split("/")
        if all(re.fullmatch(r"[0-9]{1,100}", p) for p in parts):
            return tuple(int(p) for p in parts)
        if lowered in ("doubling", "linear"):
            return (1, 2, 4, 8) if lowered == "doubling" else (1, 2, 3, 4)
    else:
        return lowered
    raise InvalidVariant("variant", f"option {f.name} cannot be {text!r} in {spec!r}")


def deal_sizes(variant: "str | Variant" = "standard") -> tuple[int, ...]:
    """The hand size of every scheduled deal of a match, in order."""
    v = resolve_variant(variant)
    return _schedule(v.max_hand_size, v.start_high, v.turn_dealt_twice)


def _schedule(top: int, start_high: bool, twice: bool) -> tuple[int, ...]:
    down = list(range(top, 0, -1))
    first, second = (down, down[::-1]) if start_high else (down[::-1], down)
    return tuple(first + (second if twice else second[1:]))
