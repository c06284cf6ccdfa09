"""The rules engine for the reader's browser: what the built site serves under ``assets/engine/``.

- ``pyodide/``: the files the pinned Pyodide runtime needs to start (``package.json`` pins it,
  ``package-lock.json`` holds its integrity hash, ``./dev`` runs ``npm ci``);
- ``backalley.zip``: this tree's ``backalley`` package, which the worker unpacks and imports;
- ``engine.js`` (the bridge pages import) and ``worker.mjs`` come with the theme's static files
  (``overrides/assets/engine/``).

Nothing is fetched from the network, and the same tree gives the same bytes: the zip's entries
are in name order with a fixed date and mode. Independent of MkDocs (``hooks/site_assets.py``
calls ``write_engine`` once per build).
"""
from __future__ import annotations

import shutil
import zipfile
from io import BytesIO
from pathlib import Path

RUNTIME = Path(__file__).resolve().parents[2] / "node_modules" / "pyodide"
"""Where ``npm ci`` installed the runtime: beside this builder, as ``.venv`` is (a copy of the
sources built elsewhere, as tests/test_reproducible.py does, uses the same one)."""
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""What ``loadPyodide`` fetches to start: its module, the compiled CPython and its JavaScript,
the standard library and the package lock (read at start even when no package is loaded)."""
PACKAGE = "src/backalley"
FOLDER = "assets/engine"
ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # the earliest date a zip can hold


def write_engine(root: Path, site_dir: Path) -> list[Path]:
    """Copy the runtime and write the zip of the package of the tree at ``root`` into
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
    package = target / "backalley.zip"
    package.write_bytes(package_zip(root / PACKAGE))
    written.append(package)
    return written


def package_zip(package: Path) -> bytes:
    """The package folder as a zip whose entries are ``<name>/…`` (so the folder it is unpacked
    into goes on ``sys.path``); the same files give the same bytes."""
    files = sorted(
        path for path in package.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    )
    buffer = BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path in files:
            entry = zipfile.ZipInfo(f"{package.name}/{path.relative_to(package).as_posix()}", ZIP_DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, path.read_bytes(), compresslevel=9)
    return buffer.getvalue()
