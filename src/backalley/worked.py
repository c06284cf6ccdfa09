"""The worked examples shipped with the engine (package ``backalley.examples``), run as data.

Each example is a doctest file. Running its statements leaves the names it defines: its
position (hands, bids, trick counts, cards on the table) and its results. ``effects``
computes them again under any variant; the site shows them as ``ex.<name>``.

>>> worked_examples()["numeric-bid"]["four"]
{'NS': 16, 'EW': 1}
"""
from __future__ import annotations

import doctest
import functools
import inspect
from importlib.resources import files
from types import MappingProxyType


class ExampleError(Exception):
    """An example is unknown, lacks a name, or raised while running."""


def run_doctest(text: str, where: str) -> dict:
    """The public names (not modules, classes or functions) that the statements of ``text`` leave.

    ``where`` names the file in errors, which also give the line.
    """
    namespace: dict = {"__name__": "example_" + where.rsplit("/", 1)[-1].removesuffix(".md").replace("-", "_")}
    for example in doctest.DocTestParser().get_examples(text, where):
        line = example.lineno + 1
        try:
            exec(compile(example.source, f"{where}, line {line}", "exec"), namespace)
        except Exception as exc:
            raise ExampleError(f"{where}, line {line}: {type(exc).__name__}: {exc}") from exc
    return {
        name: value
        for name, value in namespace.items()
        if not name.startswith("_")
        and not (inspect.ismodule(value) or inspect.isclass(value) or inspect.isroutine(value))
    }


def worked_examples() -> dict[str, MappingProxyType]:
    """Every shipped example's names, by file name without ``.md``; each file content runs once."""
    return {name[:-3]: _run(text, f"examples/{name}") for name, text in example_texts()}


def example_texts() -> tuple[tuple[str, str], ...]:
    """``(file name, text)`` of every shipped example, in name order: what the results depend on."""
    folder = files("backalley.examples")
    found = sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".md"))
    return tuple((name, folder.joinpath(name).read_text(encoding="utf-8")) for name in found)


@functools.lru_cache(maxsize=64)
def _run(text: str, where: str) -> MappingProxyType:
    return MappingProxyType(run_doctest(text, where))
