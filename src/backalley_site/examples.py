"""The worked examples of ``examples/*.md``, run once per file content, as read-only namespaces.

What an example leaves is kept on disk by ``simulations.engine_result`` (keyed by the engine's
code and the file's text), so a build runs only the examples that changed.

Each example file is a doctest file, run once by the engine's ``backalley.worked.run_text``: the
public names it leaves (not modules, classes or functions) become ``ex.<file_name>.<name>``, the
file name written with ``_`` for ``-``.
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from types import MappingProxyType

from backalley.worked import ExampleError, run_text

from . import simulations


class Namespace:
    """Read-only attribute access to a mapping; an unknown name is an ``ExampleError``."""

    def __init__(self, what: str, values: dict):
        object.__setattr__(self, "_what", what)
        object.__setattr__(self, "_values", MappingProxyType(values))

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self._values[name]
        except KeyError:
            known = ", ".join(sorted(self._values)) or "nothing"
            raise ExampleError(f"{self._what} has no {name!r} (it has: {known})") from None

    def __setattr__(self, name, value):
        raise AttributeError(f"{self._what} is read-only")

    def __dir__(self):
        return sorted(self._values)


_by_content: dict[tuple[Path, str], Namespace] = {}
_by_stat: dict[Path, tuple[tuple[int, int], Namespace]] = {}


def run_example(path: Path) -> Namespace:
    """The names left by the doctest statements of ``path``, run once per content of the file.

    An unchanged file (same size and modification time) is not even read again.
    """
    path = path.resolve()
    stat = path.stat()
    signature = (stat.st_mtime_ns, stat.st_size)
    seen = _by_stat.get(path)
    if seen and seen[0] == signature:
        return seen[1]
    text = path.read_text(encoding="utf-8")
    key = (path, hashlib.sha256(text.encode()).hexdigest())
    if key not in _by_content:
        where = f"examples/{path.name}"
        names = simulations.engine_result(f"example-{path.stem}", text, lambda: dict(run_text(text, where)))
        _by_content[key] = Namespace(where, names)
    _by_stat[path] = (signature, _by_content[key])
    return _by_content[key]


class Examples:
    """``ex``: every example of a directory by its file name with ``_`` for ``-``."""

    def __init__(self, directory: Path):
        self._directory = Path(directory)

    def __getattr__(self, name: str) -> Namespace:
        if name.startswith("_"):
            raise AttributeError(name)
        path = self._directory / f"{name.replace('_', '-')}.md"
        if not path.is_file():
            known = ", ".join(sorted(p.stem.replace("-", "_") for p in self._directory.glob("*.md")))
            raise ExampleError(f"no example {name!r} in {self._directory.name}/ (known: {known or 'none'})")
        return run_example(path)
