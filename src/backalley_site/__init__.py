"""The site's renderer, independent of MkDocs: pages as templates filled from the engine.

``render(markdown, lang, page=...)`` is the entry point (``backalley_site.render``); the other
modules each do one thing: ``examples`` runs the worked examples, ``formatting`` writes numbers
and cards in a language, ``diagrams`` draws card diagrams, ``terms`` holds each language's words,
``documents`` makes the printable sheet and pad (from the pages, stylesheets and settings this
package carries: ``backalley_site.pages``, ``.stylesheets``, ``.project``).
"""
from pathlib import Path


def project_root(start: Path | None = None) -> Path:
    """The project tree a command works on: the nearest folder holding mkdocs.yml and docs/ from
    ``start`` (the working directory) up, else ``start`` itself. Never where this package is
    installed: ``python -m backalley_site.l10n`` in another clone works on that clone."""
    here = Path(start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "mkdocs.yml").is_file() and (folder / "docs").is_dir():
            return folder
    return here


ROOT = project_root()
"""The project tree of the working directory: its docs/ and the .cache/ that builds keep."""

HERE = Path(__file__).resolve().parent
SOURCES = {"pages": "docs", "stylesheets": "overrides/assets/stylesheets", "project": "."}
"""What the printed documents read beyond the code, by the folder of this package that carries it
in a wheel and in the browser's zip (pyproject.toml's package-dir), and its folder in the source tree."""


def packaged(kind: str) -> Path:
    """The folder of ``SOURCES[kind]`` this package carries; in a source tree (a clone, an editable
    install), that folder of the tree this package is part of."""
    inside = HERE / kind
    return inside if inside.is_dir() else HERE.parents[1] / SOURCES[kind]
