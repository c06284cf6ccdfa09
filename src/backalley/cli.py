"""The ``backalley`` command: scores, schedules, variants, card legality, rules and simulations.

Every user mistake ends with one line on stderr and exit status 2, never a traceback; a refusal
by the rules names the rule's number and its address on the site in the language of ``--lang``,
and is said in that language by the site's term files (``backalley_site.refusals``); in English,
or without the site's package installed, it keeps the engine's own words.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

from . import __version__
from .bidding import check_bid, overbid_warnings, parse_bids, side_contracts
from .cards import parse_card, parse_cards
from .effects import what_changes
from .errors import BackAlleyError, InvalidArgument
from .estimate import estimate
from .files import write_whole
from .play import check_play, legal_plays
from .rulebook import LANGUAGES, RULES, address, cited_rules
from .scorecard import scorecard_entry
from .scoring import score_deal
from .simulate import CONFIDENCE, EVENTS, compare, random_match
from .strategy import player
from .variants import VARIANTS, deal_sizes, format_value, house_rule_name, options, resolve_variant
from .worked import example_records


class UsageError(Exception):
    """A mistake in the command line; its message is printed as one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")


def main(argv=None) -> int:
    parser = _build_parser()
    args = None
    try:
        args = parser.parse_args(argv)
        return args.run(args)
    except KeyboardInterrupt:
        _fail("backalley: interrupted")
        return 130
    except BrokenPipeError:  # the reader of our output went away: say nothing more to it
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except OSError:  # no file descriptor to replace (output captured in memory)
            pass
        _fail("backalley: the output was closed before everything was written")
        return 141
    except UsageError as error:
        _fail(str(error))
    except BackAlleyError as error:
        lang = getattr(args, "lang", LANGUAGES[0])
        _fail(f"backalley: {_said(error, lang)} [{error.rule}: {address(error.number, lang)}]")
    except InvalidArgument as error:
        _fail(f"backalley: {_said(error, getattr(args, 'lang', LANGUAGES[0]))}")
    except ValueError as error:
        _fail(f"backalley: {error}")
    except OSError as error:
        _fail(f"backalley: cannot write: {error.strerror or error}")
    return 2


def _refusals(lang: str):
    """The site's ``refusals`` module (the words of the site and of its tools, in every language)
    when the site's package is installed; else ``None`` (the engine's own English words)."""
    try:
        from backalley_site import refusals
    except ImportError:
        return None
    return refusals


def _said(error, lang: str) -> str:
    """A refusal in ``lang``, with its rule's number."""
    refusals = _refusals(lang)
    return refusals.message(error, lang) if refusals else str(error)


def _fail(message: str) -> None:
    """Print an error as exactly one line, whatever the user's text held."""
    print(message.replace("\r", "\\r").replace("\n", "\\n"), file=sys.stderr)


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="backalley", description="Back Alley rules engine.")
    parser.add_argument("--version", action="version", version=f"backalley {__version__}")
    commands = parser.add_subparsers(required=True, metavar="COMMAND", parser_class=_Parser)

    score = commands.add_parser("score", help="a deal's score from bids and tricks",
                                description="Score a deal. Example: backalley score 5 N=2 E=pass S=1 W=pass --ns 4")
    score.add_argument("hand_size", type=_whole, help="cards each player held")
    score.add_argument("bids", nargs="+", metavar="SEAT=BID", help="the four bids in the order made")
    score.add_argument("--ns", type=_whole, help="tricks taken by North-South (not for a deal all four passed)")
    score.add_argument("--ew", type=_whole, help="tricks taken by East-West (default: the rest)")
    _common(score, json_flag=True)
    score.set_defaults(run=_score)

    schedule = commands.add_parser("schedule", help="the hand sizes of a preset")
    _common(schedule, json_flag=True)
    schedule.set_defaults(run=_schedule)

    variants = commands.add_parser("variants", help="list presets, show one, or compare two",
                                   description="Without arguments: list the presets. "
                                               "'show NAME' lists every rule option of a variant; "
                                               "'diff A B' the options where two variants differ, and what that "
                                               "changes in the match and in the worked examples. "
                                               "A variant is a preset or 'preset,option=value,...'.")
    variants.add_argument("action", nargs="?", choices=("list", "show", "diff"), default="list")
    variants.add_argument("names", nargs="*", metavar="VARIANT")
    variants.add_argument("--json", action="store_true", help="print JSON")
    _lang(variants)
    variants.set_defaults(run=_variants)

    explain = commands.add_parser("explain", help="why a card may or may not be played",
                                  description="Example: backalley explain KH --hand '5H KH 9S 2C' --trick BIG --trump H")
    explain.add_argument("card", help="the card to play, e.g. KH, 10S, BIG")
    explain.add_argument("--hand", required=True, help="the player's hand, e.g. '5H KH 9S 2C'")
    explain.add_argument("--trick", default="", help="cards already in the trick, in order (empty: a lead)")
    explain.add_argument("--trump", required=True, help="trump suit S, H, D or C, or NT for no trumps")
    explain.add_argument("--trumps-broken", action="store_true", help="a trump fell in an earlier trick")
    explain.add_argument("--bid-board", action="store_true", help="this player bid board")
    _common(explain, json_flag=True)
    explain.set_defaults(run=_explain)

    examples = commands.add_parser("examples", help="every worked example of the site, as data",
                                   description="Every worked example of the site: the four hands as dealt, "
                                               "trump, dealer, bids, the cards played and every outcome the "
                                               "page states, with its score under the variant.")
    _common(examples, json_flag=True)
    examples.set_defaults(run=_examples)

    rules = commands.add_parser("rules", help="the rule ids the engine cites, with their numbers and addresses",
                                description="Each rule id of the engine's refusals, with the number of the rule "
                                            "on the site and its address in every language (relative to the "
                                            "site root).")
    rules.add_argument("--json", action="store_true", help="print JSON")
    _lang(rules, "the language of the addresses printed")
    rules.set_defaults(run=_rules)

    scorecard = commands.add_parser(
        "scorecard", help="keep the score of a match played with real cards, in a JSON file",
        description="Keep an evening's score in FILE (written whole or not at all). Actions: "
                    "new [--variant V] [--dealer SEAT] [--force]; add BID BID BID BID --ns TRICKS [--revoke SIDE] "
                    "(bids from the dealer's left); throw-in; revoke SIDE (the last deal); tiebreak --ns TRICKS; "
                    "undo; show [--json | --csv] [--lang L].")
    scorecard.add_argument("file", metavar="FILE")
    scorecard.add_argument("action", choices=("new", "add", "throw-in", "revoke", "tiebreak", "undo", "show"))
    scorecard.add_argument("values", nargs="*", metavar="VALUE")
    scorecard.add_argument("--ns", type=_whole, help="tricks taken by North-South")
    scorecard.add_argument("--revoke", choices=("NS", "EW"), help="the side charged with an established revoke")
    scorecard.add_argument("--dealer", default="N", help="the first dealer (new; default N)")
    scorecard.add_argument("--force", action="store_true", help="new: replace an existing file")
    scorecard.add_argument("--csv", action="store_true", help="show: print CSV")
    _common(scorecard, json_flag=True, lang="the language of the score sheet and of a refusal's address")
    scorecard.set_defaults(run=_scorecard)

    printing = commands.add_parser(
        "print", help="the rules sheet or the score pad of any variant, as a PDF",
        description="Print the rules sheet (two pages) or the score pad (one page) of a variant to PDF, "
                    "with headless Chromium. Example: backalley print sheet --variant short-14 --lang fr -o sheet.pdf")
    printing.add_argument("document", choices=("sheet", "scorepad"), help="sheet or scorepad")
    _common(printing, lang="the language of the document")
    printing.add_argument("--paper", choices=("a4", "letter"), default="a4", help="paper size (default a4)")
    printing.add_argument("-o", "--output", required=True, type=Path, help="the PDF file to write")
    printing.set_defaults(run=_print)

    simulate = commands.add_parser("simulate", help="play seeded random matches and report")
    simulate.add_argument("-n", "--matches", type=_positive, default=100, help="how many matches (default 100)")
    simulate.add_argument("--seed", type=_whole, default=0, help="first seed (default 0)")
    simulate.add_argument("--players", metavar="A,B",
                          help="compare two players (random, heuristic, heuristic-no-IMPROVEMENT): each seed "
                               "is played twice, A as North-South then as East-West (default random,random: "
                               "random matches, with rule events)")
    _common(simulate, json_flag=True)
    simulate.set_defaults(run=_simulate)

    guess = commands.add_parser("estimate", help="the tricks a hand takes, by playing out random deals",
                                description="Deal the unseen cards at random, bid and play each deal with "
                                            "four heuristic players, and count the hand's tricks. "
                                            "Example: backalley estimate --hand 'BIG AH KS 5D 7C' --trump H")
    guess.add_argument("--hand", required=True, help="the hand, e.g. 'BIG AH KS 5D 7C'")
    guess.add_argument("--trump", required=True, help="trump suit S, H, D or C")
    guess.add_argument("--hand-size", type=_positive, help="cards in the hand (a check)")
    guess.add_argument("--samples", type=_positive, default=1000, help="deals to play (default 1000)")
    guess.add_argument("--seed", type=_whole, default=0, help="seed (default 0)")
    _common(guess, json_flag=True)
    guess.set_defaults(run=_estimate)
    return parser


def _common(parser, json_flag=False, lang="the language of the site address a refusal names"):
    parser.add_argument("--variant", default="standard", help="preset or 'preset,option=value' (default standard)")
    _lang(parser, lang)
    if json_flag:
        parser.add_argument("--json", action="store_true", help="print JSON")


def _lang(parser, what="the language of the site address a refusal names") -> None:
    parser.add_argument("--lang", choices=LANGUAGES, default=LANGUAGES[0], help=f"{what} (default en)")


def _whole(text: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}")
    return int(text)


def _positive(text: str) -> int:
    value = _whole(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _emit(args, data, lines) -> int:
    print(json.dumps(data, indent=2) if getattr(args, "json", False) else "\n".join(lines))
    return 0


def _score(args) -> int:
    bids = []
    for text in args.bids:
        seat, sep, bid = text.partition("=")
        if not sep:
            raise UsageError(f"backalley score: write each bid as SEAT=BID, e.g. N=2 or W=board, not {text!r}")
        bids.append((seat, bid))
    bids = parse_bids(bids)
    variant = resolve_variant(args.variant)
    if all(bid == "pass" for _, bid in bids):
        for _, bid in bids:
            check_bid(bid, args.hand_size, variant)
        return _emit(args, {"score": {"NS": 0, "EW": 0}, "thrown_in": True, "warnings": []},
                     ["all four passed: the deal is thrown in, nobody scores, and the same hand size is dealt again"])
    if args.ns is None:
        raise UsageError("backalley score: give North-South's tricks with --ns")
    if args.ew is None and args.ns > args.hand_size:
        raise UsageError(f"backalley score: North-South cannot take {args.ns} tricks in a deal of "
                         f"{args.hand_size} cards")
    ew = args.hand_size - args.ns if args.ew is None else args.ew
    result = score_deal(args.hand_size, bids, {"NS": args.ns, "EW": ew}, variant)
    contracts = side_contracts(bids, variant)
    lines = []
    for side, tricks in (("NS", args.ns), ("EW", ew)):
        contract = contracts[side]
        wanted = (f"board x{contract.multiplier}" if contract.multiplier
                  else f"target {contract.target}" if contract.target else "both passed")
        lines.append(f"{side}: {wanted}, {tricks} trick{'s' * (tricks != 1)} -> {result[side]:+d}")
    warnings = overbid_warnings(args.hand_size, bids)
    lines += [f"warning: {w}" for w in warnings]
    return _emit(args, {"score": result, "thrown_in": False, "warnings": warnings}, lines)


def _schedule(args) -> int:
    sizes = deal_sizes(args.variant)
    return _emit(args, {"variant": resolve_variant(args.variant).name, "hand_sizes": list(sizes)},
                 [" ".join(map(str, sizes)), f"{len(sizes)} deals"])


def _examples(args) -> int:
    records = example_records(args.variant)
    lines = []
    for r in records:
        lines.append(f"{r['name']}: {r['hand_size']} cards each, trumps {r['trump'] or 'none'}, "
                     f"{r['dealer']} deals; bids " + ", ".join(f"{seat} {bid}" for seat, bid in r["bids"]))
        lines += [f"  {seat}: {' '.join(cards)}" for seat, cards in r["hands"].items()]
        if r["plays"]:
            lines.append("  played: " + " ".join(f"{seat} {card}" for seat, card in r["plays"]))
        lines += [f"  {o['name']}: tricks NS {o['tricks']['NS']}, EW {o['tricks']['EW']} -> "
                  f"NS {o['score']['NS']}, EW {o['score']['EW']}" for o in r["outcomes"]]
    return _emit(args, records, lines)


def _described(option: str, *values) -> str:
    """An option's description, after the house-rule name of the first of ``values`` that has one
    (``doubling boards: multipliers of …``)."""
    doc = next(f.metadata["doc"] for f in options() if f.name == option)
    name = next(filter(None, (house_rule_name(option, value) for value in values)), None)
    return f"{name}: {doc}" if name else doc


def _variant_row(variant) -> dict:
    return {f.name: _plain(getattr(variant, f.name)) for f in options()}


def _plain(value):
    """An option value for JSON output."""
    return list(value) if isinstance(value, tuple) else value


def _variants(args) -> int:
    if args.action == "list":
        if args.names:
            raise UsageError("backalley variants: 'list' takes no names")
        standard = VARIANTS["standard"]
        lines = []
        for name, v in VARIANTS.items():
            changes = ", ".join(f"{o}={format_value(getattr(v, o))}" for o in standard.differences(v))
            lines.append(f"{name:14} {changes or 'the standard game'}")
        return _emit(args, {name: _variant_row(v) for name, v in VARIANTS.items()}, lines)
    wanted = 1 if args.action == "show" else 2
    if len(args.names) != wanted:
        raise UsageError(f"backalley variants {args.action}: give {wanted} variant name{'s' * (wanted > 1)}; "
                         f"known presets: {', '.join(VARIANTS)}")
    chosen = [resolve_variant(name) for name in args.names]
    if args.action == "show":
        v = chosen[0]
        lines = [f"{f.name:24} {format_value(getattr(v, f.name)):12} {_described(f.name, getattr(v, f.name))}"
                 for f in options()]
        return _emit(args, {"variant": v.name, "options": _variant_row(v)}, lines)
    (a, b), (a_name, b_name) = chosen, args.names
    return _diff(args, a, b, a_name, b_name)


def _diff(args, a, b, a_name: str, b_name: str) -> int:
    """The rule points where ``a`` and ``b`` differ, and what that changes in the match and the examples."""
    docs = {f.name: f.metadata["doc"] for f in options()}
    found = what_changes(a, b)
    rows = [{"option": o, "meaning": docs[o], "names": [house_rule_name(o, getattr(a, o)), house_rule_name(o, getattr(b, o))],
             a_name: _plain(getattr(a, o)), b_name: _plain(getattr(b, o))} for o in found["differences"]]
    match = [{"figure": k, a_name: x, b_name: y} for k, (x, y) in found["match"].items() if x != y]
    examples = [_change_row(first, second, a_name, b_name) for first, second in found["examples"]]
    data = {"a": a_name, "b": b_name, "differences": rows, "match": match, "examples": examples}
    if not rows:
        return _emit(args, data, [f"{a_name} and {b_name} play the same rules"])
    lines = [f"rule points ({a_name} -> {b_name}):"]
    lines += [f"  {r['option']}: {format_value(getattr(a, r['option']))} -> {format_value(getattr(b, r['option']))}"
              f"  [{_described(r['option'], getattr(b, r['option']), getattr(a, r['option']))}]" for r in rows]
    lines.append("the match:" if match else "the match: no figure changes")
    lines += [f"  {str(r['figure']).replace('_', ' ')}: {r[a_name]} -> {r[b_name]}" for r in match]
    lines.append("worked examples:" if examples else "worked examples: no figure changes")
    lines += [f"  {r['example']}, {r['figure']} ({_given_text(r)}): {_value_text(r[a_name])} -> "
              f"{_value_text(r[b_name])}" for r in examples]
    return _emit(args, data, lines)


def _change_row(first, second, a: str, b: str) -> dict:
    """A changed example figure as JSON data: cards as text, ``None`` where a variant never reaches it."""
    known = first or second

    def plain(value):
        return [str(c) for c in value] if isinstance(value, tuple) else value

    return {"example": known.example, "figure": known.name, "kind": known.kind, "given": plain(known.given),
            a: plain(first.value) if first else None, b: plain(second.value) if second else None}


def _given_text(row: dict) -> str:
    given = row["given"]
    if row["kind"] == "score":
        return f"tricks NS {given['NS']}, EW {given['EW']}"
    if row["kind"] == "legal":
        return f"after {' '.join(given)}" if given else "a lead"
    return "winner"


def _value_text(value) -> str:
    if isinstance(value, dict):
        return f"NS {value['NS']}, EW {value['EW']}"
    if isinstance(value, list):
        return " ".join(value) or "no legal card"
    return "not reached" if value is None else str(value)


def _explain(args) -> int:
    card = parse_card(args.card)
    hand = parse_cards(args.hand)
    trick = parse_cards(args.trick)
    keywords = dict(trump_played=args.trumps_broken, bid_board=args.bid_board, variant=args.variant)
    trump = None if args.trump.strip().upper() in ("NT", "NONE") else args.trump
    reason = check_play(card, hand, trick, trump, **keywords)
    legal = legal_plays(hand, trick, trump, **keywords)
    verdict = f"{card} may be played" if reason is None else f"{card} may not be played: {reason}"
    lines = [verdict, f"legal: {' '.join(map(str, legal)) or 'none'}"]
    data = {"card": str(card), "legal": reason is None, "rule": None, "number": None, "url": None,
            "message": None, "said": None, "legal_plays": [str(c) for c in legal]}
    if reason is not None:
        url = address(reason.number, args.lang)
        lines.append(f"rule {reason.number} ({reason.rule}: {RULES[reason.rule]}): {url}")
        data.update(rule=reason.rule, number=reason.number, url=url, message=reason.message,
                    said=_said(reason, args.lang))
    refusals = _refusals(args.lang)
    if refusals:
        lines = refusals.verdict(card, reason, legal, args.lang)
    return _emit(args, data, lines)


def _rules(args) -> int:
    rules = cited_rules()
    lines = [f"{r['number']:5} {r['id']:14} {r['rule']}  [{r['urls'][args.lang]}]" for r in rules]
    return _emit(args, rules, lines)


def _scorecard(args) -> int:
    path = Path(args.file)
    wanted = {"new": 0, "add": 4, "throw-in": 0, "revoke": 1, "tiebreak": 0, "undo": 0, "show": 0}[args.action]
    if len(args.values) != wanted:
        raise UsageError(f"backalley scorecard {args.action}: give {wanted} value{'s' * (wanted != 1)}, "
                         f"got {len(args.values)}")
    if args.action in ("add", "tiebreak") and args.ns is None:
        raise UsageError(f"backalley scorecard {args.action}: give North-South's tricks with --ns")
    if args.action == "new" and path.exists() and not args.force:
        raise UsageError(f"backalley scorecard: {path} exists (use --force to start it again)")
    saved = None if args.action == "new" else _load(path)
    revoke = args.values[0].upper() if args.action == "revoke" else args.revoke
    entry = scorecard_entry(saved, args.action, bids=args.values if args.action == "add" else None,
                            tricks=args.ns, revoke=revoke, variant=args.variant, dealer=args.dealer)
    card = entry.card
    if args.action != "show":
        _save(path, entry.text)
    if args.csv:
        print(card.to_csv(), end="")
        return 0
    data = {"variant": card.variant.spec, "rows": [row._asdict() for row in card.rows], "totals": card.totals,
            "tiebreak": card.tiebreak, "next": card.next_deal._asdict() if card.next_deal else None,
            "finished": card.finished, "winner": card.winner}
    try:
        from backalley_site.scorecard_sheet import sheet
    except ImportError:  # the engine alone: the sheet's words are the site's; the data as JSON
        return _emit(args, data, [json.dumps(data, indent=2)])
    return _emit(args, data, sheet(card, args.lang))


def _load(path: Path) -> str:
    """The text of the scorecard file at ``path`` (``scorecard_entry`` checks it)."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(f"backalley scorecard: no scorecard at {path}: start one with "
                         f"'backalley scorecard {path} new'") from None
    except OSError as error:
        raise UsageError(f"backalley scorecard: cannot read {path}: {error.strerror}") from None


def _save(path: Path, text: str) -> None:
    """Write the scorecard whole or not at all, on the disk before it replaces the old one."""
    try:
        write_whole(path, text.encode("utf-8"), sync=True)
    except OSError as error:
        raise UsageError(f"backalley scorecard: cannot write {path}: {error.strerror}") from None


def _print(args) -> int:
    variant = resolve_variant(args.variant)  # a bad variant is refused before anything is written
    if not args.output.parent.is_dir():
        raise UsageError(f"backalley print: no folder {args.output.parent} to write {args.output.name} in")
    try:
        from backalley_site.documents import DocumentError, print_document
        from backalley_site.pdf import PdfError, build_date
        from backalley_site.render import RenderError
    except ImportError as error:
        raise UsageError(f"backalley print needs the site's packages ({error.name} is missing): "
                         "pip install -e '.[site]'") from None
    try:
        print_document(args.document, args.lang, variant, args.paper, args.output, date=build_date())
    except (DocumentError, PdfError, RenderError) as error:
        raise UsageError(f"backalley print: {error}") from None
    print(f"{args.output}: the {'rules sheet' if args.document == 'sheet' else 'score pad'} of "
          f"{variant.name} in {args.lang} on {args.paper.upper() if args.paper == 'a4' else 'Letter'}")
    return 0


def _simulate(args) -> int:
    if args.players is not None and args.players.replace(" ", "").lower() != "random,random":
        return _compare(args)
    variant = resolve_variant(args.variant)
    counts: Counter = Counter()
    wins: Counter = Counter()
    totals = {"NS": 0, "EW": 0}
    progress = _Progress(args.matches)
    start = time.perf_counter()
    for i in range(args.matches):
        m = random_match(variant, args.seed + i, counts)
        wins[m.winner or ("stopped" if m.stalemate else "draw")] += 1
        for side in totals:
            totals[side] += m.totals[side]
        progress.update(i + 1)
    elapsed = time.perf_counter() - start
    progress.close()
    rate = args.matches / elapsed if elapsed else float("inf")
    data = {"variant": variant.name, "matches": args.matches, "first_seed": args.seed,
            "results": dict(wins), "mean_totals": {s: totals[s] / args.matches for s in totals},
            "events": {e: counts[e] for e in EVENTS}, "seconds": round(elapsed, 3),
            "matches_per_second": round(rate, 1)}
    lines = [f"{args.matches} matches of {variant.name} from seed {args.seed} "
             f"in {elapsed:.2f} s ({rate:.0f} matches/s, counting rule events)",
             "results: " + ", ".join(f"{k} {v}" for k, v in sorted(wins.items())),
             f"mean totals: NS {data['mean_totals']['NS']:.1f}, EW {data['mean_totals']['EW']:.1f}",
             "rule events:"] + [f"  {counts[e]:>9}  {text}" for e, text in EVENTS.items()]
    return _emit(args, data, lines)


def _compare(args) -> int:
    names = [name.strip() for name in args.players.split(",")]
    if len(names) != 2:
        raise UsageError(f"backalley simulate: --players takes two players, e.g. heuristic,random, not {args.players!r}")
    for name in names:
        player(name)
    if names[0] == names[1]:
        raise UsageError("backalley simulate: --players compares two different players")
    variant = resolve_variant(args.variant)
    start = time.perf_counter()
    first, second = names
    found = compare(first, second, matches=args.matches, seed=args.seed, variant=variant)
    elapsed = time.perf_counter() - start
    played = 2 * args.matches
    low, high = found.interval
    data = {"variant": variant.name, "players": names, "seeds": args.matches, "matches": played,
            "first_seed": args.seed, "results": found.results, "score": found.score, "interval": [low, high],
            "mean_totals": found.mean_totals, "seconds": round(elapsed, 3),
            "matches_per_second": round(played / elapsed, 1) if elapsed else None}
    first, second = names
    lines = [f"{played} matches of {variant.name} from seed {args.seed}, each seed twice with the sides swapped, "
             f"in {elapsed:.2f} s",
             "results: " + ", ".join(f"{k} {v}" for k, v in found.results.items()),
             f"{first}'s score against {second}: {found.score:.3f} ({CONFIDENCE:.0%} interval {low:.3f} to {high:.3f}; "
             "a win counts 1, a draw 1/2)",
             f"mean totals: {first} {found.mean_totals[first]:.1f}, {second} {found.mean_totals[second]:.1f}"]
    return _emit(args, data, lines)


def _estimate(args) -> int:
    found = estimate(args.hand, args.trump, args.hand_size, args.samples, args.seed, args.variant)
    low, high = found.interval
    data = {**found.to_data(), "seed": args.seed, "variant": resolve_variant(args.variant).name}
    lines = [f"{' '.join(found.hand)}, trumps {found.trump}: {found.expected_tricks:.2f} tricks expected "
             f"({CONFIDENCE:.0%} interval {low:.2f} to {high:.2f}, {found.samples} deals played by the heuristic player)"]
    lines += [f"  {k:>2} trick{'s' * (k != 1)}: {p:6.1%}" for k, p in found.distribution.items()]
    lines.append(f"the side takes every trick: {found.p_all:.1%}")
    return _emit(args, data, lines)


class _Progress:
    """A one-line progress bar on stderr, shown only on a terminal and after half a second."""

    def __init__(self, total: int):
        self.total = total
        self.start = time.perf_counter()
        self.shown = False
        self.enabled = sys.stderr.isatty()

    def update(self, done: int) -> None:
        if not self.enabled or time.perf_counter() - self.start < 0.5:
            return
        width = 30
        filled = width * done // self.total
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} matches")
        sys.stderr.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\n")


if __name__ == "__main__":
    sys.exit(main())
