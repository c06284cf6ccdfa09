"""The rules engine for the reader's browser: what the built site serves under ``assets/engine/``.

- ``pyodide/``: the files the pinned Pyodide runtime needs to start (``package.json`` pins it,
  ``package-lock.json`` holds its integrity hash, ``./dev`` runs ``npm ci``);
- ``backalley.zip``: this tree's ``backalley`` package, and what gives its refusals and the
  variants page's tool in the reader's language (``backalley_site.refusals`` and ``.table_rules``
  with the term files, and the part of Babel and MarkupSafe they use, with their licences,
  Babel's data cut to the site's four locales); the worker unpacks it and imports ``backalley.web``;
- ``renderer.zip``: the renderer of the printed sheet and pad (``backalley_site.documents`` and what
  it imports and reads), unpacked beside it when a reader first asks for one;
- ``engine.js`` (the bridge pages import) and ``worker.mjs`` come with the theme's static files
  (``overrides/assets/engine/``).

Nothing is fetched from the network, and the same tree gives the same bytes: the zip's entries
are in name order with a fixed date and mode. Independent of MkDocs (``hooks/site_assets.py``
calls ``write_engine`` once per build).
"""
from __future__ import annotations

import shutil
import zipfile
from collections.abc import Sequence
from importlib import import_module, resources
from importlib.metadata import distribution
from io import BytesIO
from pathlib import Path

import babel
import markupsafe

from backalley.rulebook import LANGUAGES

from .documents import stylesheets
from .pdf import build_date
from .table_rules import BUILD_DATE
from .terms import terms

RUNTIME = Path(__file__).resolve().parents[2] / "node_modules" / "pyodide"
"""Where ``npm ci`` installed the runtime: beside this builder, as ``.venv`` is (a copy of the
sources built elsewhere, as tests/test_reproducible.py does, uses the same one)."""
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""What ``loadPyodide`` fetches to start: its module, the compiled CPython and its JavaScript,
the standard library and the package lock (read at start even when no package is loaded)."""
FOLDER = "assets/engine"
ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # the earliest date a zip can hold

SITE_FILES = ("__init__.py", "formatting.py", "refusals.py", "sheet.py", "simulations.py", "table_rules.py",
              "typography.py", "variants_view.py", "terms/__init__.py", *(f"terms/{lang}.toml" for lang in LANGUAGES))
"""What ``backalley_site.refusals`` and ``backalley_site.table_rules`` import, and the words they read
(tests/test_browser_engine.py imports them from the zip alone)."""
BABEL_FILES = ("__init__.py", "core.py", "dates.py", "lists.py", "localedata.py", "numbers.py", "plural.py", "global.dat",
               "localtime/__init__.py", "localtime/_fallback.py", "localtime/_helpers.py", "localtime/_unix.py")
"""What the refusals' numbers and lists need of Babel: a locale's data unpickles into classes of
``babel.dates`` (which imports ``babel.localtime``) as soon as a number is written."""
MARKUPSAFE_FILES = ("__init__.py", "_native.py")  # without its compiled speed-up: the pure fallback

RENDERER_ZIP = "renderer.zip"
"""The second zip, beside ``backalley.zip``: the renderer of the printed documents
(``backalley_site.documents``), which the worker unpacks only when a reader asks for a sheet or a pad."""
RENDERER_SITE = ("bidding_guide.py", "diagrams.py", "documents.py", "examples.py", "glossary.py", "l10n.py", "pdf.py",
                 "render.py", "rule_numbers.py", "tools.py")
"""The rest of ``backalley_site`` that ``documents`` imports."""
RENDERER_LIBRARIES = {"jinja2": "jinja2", "markdown": "markdown", "yaml": "pyyaml"}
"""The pure-Python libraries the renderer imports, by module and distribution (PyYAML without its
compiled loader, which it does without)."""
RENDERER_DATA = {"pages": ("docs", [f"{lang}/{page}.md" for lang in LANGUAGES for page in ("rules-sheet", "score-pad")]),
                 "project": (".", ["mkdocs.yml"])}
"""What the renderer reads (``backalley_site.packaged``): its folder in the zip, the tree's folder and files."""
DOCUMENT_STYLES = "documents.css"
"""Beside the zips: the documents' stylesheets in one file (``documents.stylesheets()``), which a
document made in the browser links (the page's policy allows no unhashed inline style)."""


def write_engine(root: Path, site_dir: Path) -> list[Path]:
    """Copy the runtime and write the zip of the engine of the tree at ``root`` into
    ``site_dir/assets/engine/``; the files written, in order."""
    missing = [name for name in RUNTIME_FILES if not (RUNTIME / name).is_file()]
    if missing:
        raise FileNotFoundError(
            f"the Pyodide runtime is not installed ({', '.join(missing)} missing in {RUNTIME}): run ./dev build"
        )
    target = site_dir / FOLDER
    (target / "pyodide").mkdir(parents=True, exist_ok=True)
    written = []
    for name in RUNTIME_FILES:
        written.append(Path(shutil.copyfile(RUNTIME / name, target / "pyodide" / name)))
    dated = [(BUILD_DATE, build_date().date().isoformat().encode())]  # the documents' date: this build's
    for name, files in (("backalley.zip", engine_files(root / "src")), (RENDERER_ZIP, renderer_files(root) + dated)):
        package = target / name
        package.write_bytes(zipped(files))
        written.append(package)
    styles = target / DOCUMENT_STYLES
    styles.write_text(stylesheets(), encoding="utf-8")
    return written + [styles]


def engine_files(src: Path) -> list[tuple[str, Path]]:
    """``(name in the zip, file)`` for everything the browser's engine imports or reads, by name:
    the whole ``backalley`` package under ``src``, the refusals' part of ``backalley_site`` and
    of the libraries it uses."""
    files = [(path.relative_to(src).as_posix(), path) for path in (src / "backalley").rglob("*")
             if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"]
    examples = Path(str(resources.files("backalley.examples")))  # examples/ (pyproject.toml's package-dir)
    files += [(f"backalley/examples/{path.name}", path) for path in sorted(examples.glob("*"))
              if path.suffix in (".py", ".md")]
    files += [(f"backalley_site/{name}", src / "backalley_site" / name) for name in SITE_FILES]
    babel_dir, markupsafe_dir = Path(babel.__file__).parent, Path(markupsafe.__file__).parent
    files += [(f"babel/{name}", babel_dir / name) for name in BABEL_FILES]
    files += [(f"babel/locale-data/{name}.dat", babel_dir / "locale-data" / f"{name}.dat") for name in _locales()]
    files += [(f"markupsafe/{name}", markupsafe_dir / name) for name in MARKUPSAFE_FILES]
    files += [(f"{name}/{_licence(module).name}", _licence(module)) for name, module in
              (("babel", babel), ("markupsafe", markupsafe))]
    return sorted(files)


def renderer_files(root: Path) -> list[tuple[str, Path]]:
    """``(name in the zip, file)`` for the renderer of the tree at ``root``, by name: the rest of
    ``backalley_site``, its pages, stylesheets and settings (``RENDERER_DATA``), the libraries it
    imports with their licences (Markdown's metadata too: it finds its extensions there)."""
    site = root / "src" / "backalley_site"
    files = [(f"backalley_site/{name}", site / name) for name in RENDERER_SITE]
    for folder, (source, names) in RENDERER_DATA.items():
        files += [(f"backalley_site/{folder}/{name}", root / source / name) for name in names]
    for module, dist in RENDERER_LIBRARIES.items():
        found = Path(str(import_module(module).__file__)).parent
        files += [(f"{module}/{path.relative_to(found).as_posix()}", path) for path in sorted(found.rglob("*.py"))
                  if "__pycache__" not in path.parts]
        files.append((f"{module}/{_licence(dist).name}", _licence(dist)))
    files += [(f.as_posix(), Path(f.locate())) for f in distribution("markdown").files or ()
              if f.parent.name.endswith(".dist-info") and f.name in ("METADATA", "entry_points.txt")]
    return sorted(files)


def _locales() -> list[str]:
    """The Babel locales the term files name, each with the locales it inherits from (``pt_PT``:
    ``pt``, ``root``)."""
    names = {"root"}
    for lang in LANGUAGES:
        parts = terms(lang)("format.locale").split("_")
        names.update("_".join(parts[:end]) for end in range(1, len(parts) + 1))
    return sorted(names)


def _licence(module) -> Path:
    """The licence file the installed distribution of ``module`` (or a distribution's name) carries."""
    name = module if isinstance(module, str) else module.__name__
    found = [f for f in distribution(name).files or () if f.name.upper().startswith("LICENSE")]
    return Path(found[0].locate())


def engine_zip(src: Path) -> bytes:
    """The engine as a zip whose entries are ``<package>/…`` (so the folder it is unpacked into
    goes on ``sys.path``)."""
    return zipped(engine_files(src))


def zipped(files: Sequence[tuple[str, Path | bytes]]) -> bytes:
    """``files`` as a zip, ``(name in the zip, file or bytes)``; the same files give the same bytes,
    whatever their dates."""
    buffer = BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, path in files:
            entry = zipfile.ZipInfo(name, ZIP_DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, path if isinstance(path, bytes) else path.read_bytes(), compresslevel=9)
    return buffer.getvalue()
