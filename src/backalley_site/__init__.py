"""The site's renderer, independent of MkDocs: pages as templates filled from the engine.

``render(markdown, lang, page=...)`` is the entry point (``backalley_site.render``); the other
modules each do one thing: ``examples`` runs the worked examples, ``formatting`` writes numbers
and cards in a language, ``diagrams`` draws card diagrams, ``terms`` holds each language's words,
``documents`` makes the printable sheet and pad.
"""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The project's folder: mkdocs.yml, docs/, examples/ and the .cache/ that builds keep."""
