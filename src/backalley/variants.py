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
from .table import MAX_HAND_SIZE, is_hand_size


def _option(default, doc, choices=None, *, accepts=None):
    """A rule option: its default, a one-line description and the values a table names
    (``choices``). An open option (a number of points, a list of hand sizes) also ``accepts`` other
    values: ``(test, description)``; the others take only their ``choices``."""
    if choices is None and isinstance(default, bool):
        choices = (True, False)
    return field(default=default, metadata={"doc": doc, "choices": choices, "accepts": accepts})


def _whole_number(low: int, high: int) -> tuple:
    return (lambda value: low <= value <= high), f"a whole number from {low} to {high}"


def _is_schedule(value: tuple) -> bool:
    return len(value) <= 60 and all(type(size) is int and is_hand_size(size) for size in value)


BOARD_SCALES = {"linear": (1, 2, 3, 4), "doubling": (1, 2, 4, 8), "doubled": (2, 4, 8, 16)}
"""Named board level scales: ×1–×4, doubling ×1–×8, and ×2–×16 where a single board counts double."""

SCHEDULES = {
    "10-1-10": tuple(range(10, 0, -1)) + tuple(range(1, 11)),
    "1-7-1": tuple(range(1, 8)) + tuple(range(6, 0, -1)),
    "by-twos": tuple(range(12, 0, -2)) + tuple(range(1, 14, 2)),
}
"""Named schedules of RULES §7: 10→1→10 (20 deals), 1→7→1 with one 7-card deal (13 deals), and
12, 10, …, 2, 1, 3, …, 13 by twos (13 deals)."""

SCHEDULE_OPTIONS = ("max_hand_size", "start_high", "turn_dealt_twice")
"""The options that build a schedule, unused when ``schedule`` gives the hand sizes."""


@dataclass(frozen=True)
class Variant:
    """The rules in force for a match. Presets are in ``VARIANTS``; options change one rule each."""

    name: str = field(default="standard", compare=False)
    max_hand_size: int = _option(MAX_HAND_SIZE, "cards each player holds in the largest deal", (7, MAX_HAND_SIZE))
    start_high: bool = _option(True, "the match starts with the largest deal (else with one card)")
    turn_dealt_twice: bool = _option(
        True, "the hand size at the turning point of the schedule is dealt twice"
    )
    schedule: tuple = _option(
        (), "the hand sizes of the deals in order, when given (else built from the three options above)",
        ((), *SCHEDULES.values()),
        accepts=(_is_schedule, f"a named schedule or hand sizes from 1 to {MAX_HAND_SIZE} such as 3/2/1/1/2/3"),
    )
    turned_joker: str = _option(
        "no-trump", "what a joker turned for trumps means",
        ("no-trump", "turn-next", "bottom", "joker-trump"),
    )
    throw_in_dealer: str = _option(
        "next", "who deals after four passes: the next dealer in turn or the same one", ("next", "same")
    )
    bid_up_to_hand_size: bool = _option(
        False, "a number bid may be as large as the hand size (else at most one less)"
    )
    target_capped: bool = _option(False, "a side's numeric target is capped at the hand size")
    board_leader: str = _option(
        "last", "with several boards, the last or the first board bidder leads", ("last", "first")
    )
    all_trump_lead: bool = _option(
        True, "a hand of nothing but trumps may lead a trump before trumps are broken"
    )
    board_bidder_lead: bool = _option(
        True, "a player who bid board may lead a trump before trumps are broken"
    )
    big_lead_binds_partner: bool = _option(
        True, "a BIG lead obliges the leader's partner too (else only the opponents)"
    )
    little_lead_binds: bool = _option(
        True, "a LITTLE lead obliges the other players to play their lowest trump (else nobody)"
    )
    points_per_bid_trick: int = _option(
        5, "points for each trick of a numeric target: won when it is made, lost when it is set", (3, 5, 10)
    )
    board_points: int = _option(
        10, "points of a board for each card in one hand, times its level", (10, 6), accepts=_whole_number(1, 1000)
    )
    board_multipliers: tuple = _option(
        (1, 2, 3, 4), "multipliers of the first, second, third and fourth board", tuple(BOARD_SCALES.values()),
    )
    pass_scores_tricks: bool = _option(
        True, "a side whose partners both passed scores a point per trick (else nothing)"
    )
    rainbow_bonus: int = _option(
        0, "points a side earns for each player dealt one card of each suit in a four-card deal (0: none)",
        (0, 8, 10), accepts=_whole_number(0, 1000),
    )
    tie: str = _option("draw", "what equal totals at the end mean", ("draw", "tiebreak"))

    def __post_init__(self):
        for f in options():
            value = getattr(self, f.name)
            allowed = _allowed(f, value)
            if allowed:
                shown = repr(value) if isinstance(value, str) else format_value(value)
                raise InvalidVariant("variant", f"option {f.name} cannot be {shown}; allowed: {allowed}",
                                     key="option-value" if f.metadata["accepts"] is None else "option-open",
                                     option=f.name, given=shown, choices=[format_value(c) for c in f.metadata["choices"]])
        if self.schedule:
            changed = [o for o in SCHEDULE_OPTIONS if getattr(self, o) != getattr(Variant, o)]
            if changed:
                raise InvalidVariant("variant", f"options schedule and {', '.join(changed)} conflict: a schedule "
                                                "given as hand sizes replaces the options that build one",
                                     key="schedule-conflict", options=changed)
        if "VARIANTS" in globals():  # after the presets: a name says what the rules are
            object.__setattr__(self, "name", self.spec)

    @property
    def spec(self) -> str:
        """The shortest text ``resolve_variant`` reads back as these rules: a preset's name, or a
        preset and the options that differ from it (``"standard,tie=tiebreak"``)."""
        for name, preset in VARIANTS.items():
            if preset == self:
                return name
        base = self.name.split(",")[0]
        base = base if base in VARIANTS else "standard"
        return ",".join([base] + [f"{o}={format_value(getattr(self, o))}" for o in VARIANTS[base].differences(self)])

    def replace(self, **changes) -> Variant:
        """This variant with some options changed (the name records the change)."""
        unknown = sorted(set(changes) - {f.name for f in options()})
        if unknown:
            raise InvalidVariant("variant", f"unknown option {unknown[0]}; {_known_options()}", key="unknown-option",
                                 option=unknown[0], options=[f.name for f in options()])
        label = ",".join(f"{k}={format_value(v)}" for k, v in changes.items())
        return dataclasses.replace(self, name=f"{self.name},{label}" if label else self.name, **changes)

    def differences(self, other: Variant) -> list[str]:
        """The names of the options whose values differ between two variants."""
        return [f.name for f in options() if getattr(self, f.name) != getattr(other, f.name)]

def options() -> tuple[dataclasses.Field, ...]:
    """The rule options of ``Variant``, in declaration order, each with ``metadata["doc"]``."""
    return tuple(f for f in dataclasses.fields(Variant) if f.name != "name")


def _allowed(f: dataclasses.Field, value) -> str | None:
    """``None`` when ``value`` is allowed for option ``f``; else the values that are."""
    choices, accepts = f.metadata["choices"], f.metadata["accepts"]
    if type(value) is type(f.default):
        if value in choices or (accepts is not None and accepts[0](value)):
            return None
    return accepts[1] if accepts is not None else ", ".join(format_value(c) for c in choices)


def format_value(value) -> str:
    """An option value as the command line and the site write it (yes/no, 1/2/4/8, a named
    schedule, ``none`` for no schedule given)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        named = next((name for name, sizes in SCHEDULES.items() if sizes == value), None)
        return named or "/".join(map(str, value)) or "none"
    return str(value)


HOUSE_RULE_NAMES = MappingProxyType({
    "max_hand_size": {"value": "up to {value} cards"},
    "start_high": {"no": "start with one card"},
    "turn_dealt_twice": {"no": "single turning deal"},
    "schedule": {"10-1-10": "ten down and up", "1-7-1": "one up to seven", "by-twos": "by twos",
                 "value": "own schedule"},
    "turned_joker": {"turn-next": "turn again", "bottom": "joker to the bottom", "joker-trump": "lone joker trump"},
    "throw_in_dealer": {"same": "same dealer after passes"},
    "bid_up_to_hand_size": {"yes": "bid the whole hand"},
    "target_capped": {"yes": "capped targets"},
    "board_leader": {"first": "first board leads"},
    "all_trump_lead": {"no": "no all-trump lead"},
    "board_bidder_lead": {"no": "no board-bidder lead"},
    "big_lead_binds_partner": {"no": "BIG spares partner"},
    "little_lead_binds": {"no": "free LITTLE"},
    "points_per_bid_trick": {"value": "{value}-point tricks"},
    "board_points": {"value": "{value}-point boards"},
    "board_multipliers": {"1/2/4/8": "doubling boards", "2/4/8/16": "double-start boards"},
    "pass_scores_tricks": {"no": "scoreless pass"},
    "rainbow_bonus": {"value": "{value}-point Rainbow"},
    "tie": {"tiebreak": "tie-break deal"},
})
"""The short name players say at the table for each house rule, a setting other than the standard
game's: by value as ``format_value`` writes it, else the option's ``value`` template. The site's term
files give the same names (``options.<option>.name``, checked by the tests)."""


def house_rule_name(option: str, value) -> str | None:
    """The short name of a house rule (``"doubling boards"``), ``None`` for the standard game's value.

    >>> house_rule_name("board_multipliers", (1, 2, 4, 8)), house_rule_name("points_per_bid_trick", 3)
    ('doubling boards', '3-point tricks')
    """
    if value == getattr(VARIANTS["standard"], option):
        return None
    names = HOUSE_RULE_NAMES[option]
    shown = format_value(value)
    return names.get(shown) or names["value"].format(value=shown)


def _known_options() -> str:
    return "known options: " + ", ".join(f.name for f in options())


VARIANTS = MappingProxyType({
    "standard": Variant(),
    "strict": Variant(name="strict", all_trump_lead=False),
    "gamerules-25": Variant(name="gamerules-25", turn_dealt_twice=False),
    "short-14": Variant(name="short-14", max_hand_size=7, tie="tiebreak"),
    "tiebreak": Variant(name="tiebreak", tie="tiebreak"),
    "up-first": Variant(name="up-first", start_high=False),
    "bab-online": Variant(
        name="bab-online", schedule=SCHEDULES["by-twos"], turned_joker="joker-trump", throw_in_dealer="same",
        bid_up_to_hand_size=True, target_capped=True, board_bidder_lead=False, big_lead_binds_partner=False,
        little_lead_binds=False, points_per_bid_trick=10, board_multipliers=BOARD_SCALES["doubled"],
        rainbow_bonus=10,
    ),
})
"""The named presets of RULES.md section 7; ``bab-online`` is the rules of the bab-online game
(github.com/dannytakahashi/bab-online, read from its server code), the published partnership
game with the most house rules."""


def resolve_variant(variant: str | Variant) -> Variant:
    """A ``Variant`` from itself, a preset name, or ``"preset,option=value,…"``."""
    if isinstance(variant, Variant):
        return variant
    found = VARIANTS.get(variant) if isinstance(variant, str) else None
    if found is not None:
        return found
    if not isinstance(variant, str):
        raise InvalidVariant("variant", f"not a variant: {variant!r}", key="not-a-variant", given=repr(variant))
    name, *settings = [part.strip() for part in variant.split(",")]
    if name not in VARIANTS:
        raise InvalidVariant(
            "variant", f"unknown variant {name!r}; known presets: {', '.join(VARIANTS)}",
            key="unknown-variant", given=repr(name), presets=list(VARIANTS),
        )
    changes = {}
    fields = {f.name: f for f in options()}
    for setting in settings:
        key, sep, text = setting.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or key not in fields:
            raise InvalidVariant(
                "variant", f"cannot read {setting!r} in {variant!r}: write option=value; {_known_options()}",
                key="variant-setting", given=repr(setting), spec=repr(variant), options=[f.name for f in options()],
            )
        if key in changes:
            raise InvalidVariant("variant", f"option {key} is given twice in {variant!r}", key="option-twice",
                                 option=key, spec=repr(variant))
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
        named = {**BOARD_SCALES, "none": ()} if f.name == "board_multipliers" else {**SCHEDULES, "none": ()}
        if lowered in named:
            return named[lowered]
        parts = lowered.replace("x", "").split("/")
        if all(re.fullmatch(r"[0-9]{1,100}", p) for p in parts):
            return tuple(int(p) for p in parts)
    else:
        return lowered
    raise InvalidVariant("variant", f"option {f.name} cannot be {text!r} in {spec!r}", key="option-text",
                         option=f.name, given=repr(text), spec=repr(spec))


def deal_sizes(variant: str | Variant = "standard") -> tuple[int, ...]:
    """The hand size of every scheduled deal of a match, in order."""
    v = resolve_variant(variant)
    return v.schedule or _schedule(v.max_hand_size, v.start_high, v.turn_dealt_twice)


def _schedule(top: int, start_high: bool, twice: bool) -> tuple[int, ...]:
    down = list(range(top, 0, -1))
    first, second = (down, down[::-1]) if start_high else (down[::-1], down)
    return tuple(first + (second if twice else second[1:]))
