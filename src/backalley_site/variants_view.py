"""The variants page's tables and lists: computed by the engine, written in the page's language.

Every function returns Markdown for ``docs/<lang>/variants.md``. The rules come from
``backalley.options()`` and ``VARIANTS``, the figures from ``backalley.effects``, and the words
from the term files: ``options.<option>`` (``rule``, ``ask``, and each value by its command-line
spelling, or the ``value`` template for numbers), ``presets``, ``match``, ``examples``, ``sides``
and ``variants``.
A value that differs from the standard game is marked with ``≠`` and bold, and tinted by the
stylesheet (``ba-differs``); a preset is headed by the name a player says (``preset_names``) over its
code name, the one the command line takes.
"""
from __future__ import annotations

import functools

from backalley import VARIANTS, options
from backalley.effects import changes, match_figures
from backalley.variants import SCHEDULE_OPTIONS, format_value
from backalley.worked import example_texts

from . import formatting as fmt
from . import simulations
from .sheet import DOCUMENTS, spoken_name
from .terms import terms

DIFFERS = "\u2260"
PAGE_NAMES = ("preset_list", "rule_table", "match_table", "effects_table", "unchanged_rules", "checklist")
"""The functions a page may call (render.py gives them the page's language)."""


def option_words(option: str, value, lang: str) -> str:
    """A rule option's value in words: a yes/no or named value has its own term (``yes``,
    ``no-trump``, ``by-twos``, ``0``); other numbers fill the option's ``value`` template in the
    language's format."""
    return _words(f"options.{option}", option, value, lang)


def _words(prefix: str, option: str, value, lang: str) -> str:
    t = terms(lang)
    named = f"{prefix}.{format_value(value)}"
    if isinstance(value, (bool, str)) or t.has(named):
        return t(named)
    return t(f"{prefix}.value", value=_shown(option, value, lang))


def _shown(option: str, value, lang: str) -> str:
    """A number (with its noun, ``options.<option>.noun``, in the right plural form, if the option
    counts something), a schedule's hand sizes (``3, 2, 1``) or a tuple of multipliers
    (``×1, ×2, ×3, ×4``), in the page's format."""
    t = terms(lang)
    if isinstance(value, tuple):
        shown = (fmt.number(v, lang) if option == "schedule" else fmt.times(v, lang) for v in value)
        return t("format.list_separator").join(shown)
    noun = f"options.{option}.noun"
    return fmt.count(value, t(noun), lang) if t.has(noun) else fmt.number(value, lang)


def choices(option) -> tuple:
    """Every value an option of ``backalley.options()`` may take."""
    return option.metadata["choices"]


def house_rule(option: str, value, lang: str) -> str:
    """One setting other than the standard game's, as its short name and a phrase that reads on
    its own (``variants.named``; ``options.<option>.house``: a phrase per value, or the ``value``
    template for numbers)."""
    return terms(lang)("variants.named", name=house_rule_name(option, value, lang),
                       rule=_words(f"options.{option}.house", option, value, lang))


def house_rule_name(option: str, value, lang: str) -> str:
    """A house rule's short name, the one players say at the table (``options.<option>.name``: a
    name per value, or the ``value`` template filled with the bare number); the English names are
    the engine's ``HOUSE_RULE_NAMES``."""
    t = terms(lang)
    named = f"options.{option}.name.{format_value(value)}"
    if t.has(named):
        return t(named)
    return t(f"options.{option}.name.value", value=fmt.number(value, lang) if isinstance(value, int) else "")


def differences(variant, *, lang: str) -> list[str]:
    """Where ``variant`` differs from the standard game, a house-rule phrase per option."""
    return [house_rule(option, getattr(variant, option), lang) for option in VARIANTS["standard"].differences(variant)]


def preset_list(*, lang: str) -> str:
    """The presets, each by its name and code name, with what it is, links to its rules sheet and
    score pad to print (the site's own pages for the standard game, ``printed_page`` for the
    others) and, for every preset but the standard game, where it differs from it."""
    t = terms(lang)
    items = []
    for name, variant in VARIANTS.items():
        sheet, pad = (f'<a href="../{printed_page(document, name)}">{t(f"variants.{document}")}</a>'
                      for document in ("sheet", "scorepad"))
        items.append(f"- {t('variants.preset', name=f'**{spoken_name(name, lang)}**', code=f'`{name}`', what=t(f'presets.{name}'))} "
                     f"({t('variants.printed', sheet=sheet, pad=pad)})")
        if name != "standard":
            items.append(f"\n    {t('variants.differs')}\n")
            items += [f"    - {phrase}" for phrase in differences(variant, lang=lang)]
            items.append("")
    return "\n".join(items)


def _heading(name: str, lang: str) -> str:
    """A preset's column heading: its name over its code name, which never breaks."""
    return f"{spoken_name(name, lang)}<br>`{name}`"


def printed_page(document: str, preset: str) -> str:
    """Where a preset's printable document lies, from the root of a language: the site's page for
    the standard game, else ``print/<preset>/<page>.html``, written by ``hooks/print_documents.py``."""
    page = DOCUMENTS[document]
    return f"{page}/" if preset == "standard" else f"print/{preset}/{page}.html"


def rule_table(*, lang: str) -> str:
    """One row per rule option, one column per preset, differences from the standard marked."""
    t = terms(lang)
    standard = VARIANTS["standard"]
    rows = [[t(f"options.{o.name}.rule")] + [_cell(o.name, v, standard, lang) for v in VARIANTS.values()]
            for o in options()]
    return _compared(fmt.markdown_table([t("variants.rule_point")] + [_heading(name, lang) for name in VARIANTS], rows))


def _cell(option: str, variant, standard, lang: str) -> str:
    """A preset's value of a rule option in the rule table; the options that build a schedule say
    that a preset with its own list of hand sizes does not use them."""
    if variant.schedule and option in SCHEDULE_OPTIONS:
        return terms(lang)("variants.by_list")
    value = getattr(variant, option)
    return _marked(option_words(option, value, lang), value != getattr(standard, option))


def _compared(table: str) -> str:
    """A table comparing the presets, in the block the stylesheet sets compact (``ba-compare``)."""
    return f'<div class="ba-compare" markdown>\n\n{table}\n\n</div>'


def match_table(*, lang: str) -> str:
    """The figures of the match under each preset, differences from the standard marked."""
    t = terms(lang)
    figures = {name: match_figures(v) for name, v in VARIANTS.items()}
    rows = [[t(f"match.{key}")] + [
        _marked(fmt.number(figures[name][key], lang), figures[name][key] != figures["standard"][key])
        for name in VARIANTS] for key in figures["standard"]]
    return _compared(fmt.markdown_table([t("variants.figure")] + [_heading(name, lang) for name in VARIANTS], rows))


def house_rules() -> list[tuple[str, object]]:
    """Every setting of an option other than the standard game's, as ``(option, value)``."""
    standard = VARIANTS["standard"]
    return [(o.name, value) for o in options() for value in choices(o) if value != getattr(standard, o.name)]


def _effects() -> dict:
    """The example figures that each house rule changes, by ``(option, value)``.

    Computed once per content of the worked examples and version of the engine, and kept on disk
    (``simulations.engine_result``): a build whose engine and examples did not change reads them.
    """
    return _effects_of(example_texts())


@functools.lru_cache(maxsize=4)
def _effects_of(texts: tuple) -> dict:
    """``_effects`` for the examples whose texts are ``texts`` (the cache key)."""
    standard = VARIANTS["standard"]
    return simulations.engine_result("effects", repr(texts), lambda: {
        (o, value): changes(standard, standard.replace(**{o: value})) for o, value in house_rules()})


def effects_table(*, lang: str) -> str:
    """The figures of the worked examples that the house rules change, before and after: one group
    per house rule (a ``tbody`` headed by its phrase), a row per figure, whose first cell names the
    example (a link) and the situation. HTML, as Markdown has no row spanning a table."""
    t = terms(lang)
    head = "".join(f"<th>{t(f'variants.{key}')}</th>" for key in ("situation", "standard", "with_rule"))
    groups = []
    for (option, value), found in _effects().items():
        rows = [f'<tr><td><a href="../examples/#{figure.example}">{t(f"examples.{figure.example}")}</a><br>'
                f"{situation}</td><td>{standard}</td><td>{under}</td></tr>"
                for figure, situation, standard, under in changed(found, lang)]
        if rows:
            groups.append(f'<tbody><tr><th colspan="3" scope="rowgroup">{house_rule(option, value, lang)}</th></tr>'
                          + "".join(rows) + "</tbody>")
    return f'<div class="ba-effects"><table><thead><tr>{head}</tr></thead>{"".join(groups)}</table></div>'


def changed(found, lang: str):
    """Each figure a house rule changes, as ``(figure, situation, standard, with the rule)`` in words:
    a score gives a row for each side whose score changes."""
    for before, after in found:
        figure = before or after
        for part in _parts(figure):
            standard, under = _value(before, part, lang), _value(after, part, lang)
            if under != standard:
                yield figure, _situation(figure, part, lang), standard, under


def unchanged_rules(*, lang: str) -> str:
    """The house-rule settings that change no figure of the worked examples, as a list."""
    return "\n".join(f"- {house_rule(o, v, lang)}" for (o, v), found in _effects().items() if not found)


def checklist(*, lang: str) -> str:
    """One question per rule option, with its possible answers: the standard game's marked, the
    others named as house rules."""
    t = terms(lang)
    standard = VARIANTS["standard"]
    lines = []
    for o in options():
        answers = [t("variants.standard_answer", value=option_words(o.name, v, lang)) if v == getattr(standard, o.name)
                   else t("variants.named_answer", value=option_words(o.name, v, lang), name=house_rule_name(o.name, v, lang))
                   for v in choices(o)]
        if o.metadata["accepts"] is not None:  # an open option: any other value too
            answers.append(t(f"options.{o.name}.other"))
        lines.append(f"1. **{t(f'options.{o.name}.ask')}** {t('variants.answers', answers=fmt.listed(answers, lang, 'or'))}")
    return "\n".join(lines)


def _parts(figure) -> tuple:
    """The rows a figure fills: one per side for a score, one otherwise."""
    return ("NS", "EW") if figure.kind == "score" else (None,)


def _value(figure, part, lang: str) -> str:
    """A figure's value in words; ``None`` is a figure that the variant's replay never reaches."""
    if figure is None:
        return terms(lang)("variants.not_reached")
    if figure.kind == "score":
        return fmt.number(figure.value[part], lang)
    if figure.kind == "winner":
        return fmt.seat(figure.value, lang)
    return str(fmt.cards(figure.value, lang)) if figure.value else terms(lang)("variants.no_legal_card")


def _situation(figure, part, lang: str) -> str:
    """What a figure is about, in words: the tricks taken and whose score, or the cards on the table."""
    t = terms(lang)
    if figure.kind == "score":
        return t("variants.score_of", side=t(f"sides.{part}"), ns=fmt.number(figure.given["NS"], lang),
                 ew=fmt.number(figure.given["EW"], lang))
    if figure.kind == "winner":
        return t("variants.winner", number=fmt.number(figure.trick, lang))
    if figure.seat is not None:
        return t("variants.replay", number=fmt.number(figure.trick, lang), seat=fmt.seat(figure.seat, lang))
    if not figure.given:
        return t("variants.on_lead")
    lead, after = figure.given[0], figure.given[1:]
    return t(f"variants.played_{len(figure.given)}", lead=str(fmt.card(lead, lang)),
             after=fmt.listed([str(fmt.card(c, lang)) for c in after], lang))


def _marked(text: str, differs: bool) -> str:
    return f'<strong class="ba-differs">{DIFFERS}\u00a0{text}</strong>' if differs else text
