"""The site's printable documents, made beside the MkDocs build, in a process of their own.

    python -m backalley_site.site_documents OUT CACHE

writes into the folder OUT, laid out as the site is (English at the root, ``fr/``…):

- at each language's root, the standard game's rules sheet and score pad as PDF, on A4
  (``rules-sheet-fr.pdf``, ``score-pad-fr.pdf``), which the two pages link to;
- ``print/<preset>/rules-sheet.html`` and ``score-pad.html`` for every other preset, which the
  variants page links to: the documents themselves, ready to print from the browser, each with a
  bar back to the variants page and a print button, whose script is ``print/print.js``.

PDFs whose inputs did not change since they were printed are copied from the folder CACHE
(``pdf.print_cached``), so an unchanged build prints nothing. ``hooks/print_documents.py`` starts
this when a build starts, so that it runs on another processor while MkDocs builds the pages, and
copies OUT into the site when the build ends. Dates come from ``SOURCE_DATE_EPOCH``. Any failure
is one line on stderr and exit status 1.
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from backalley import VARIANTS
from backalley.rulebook import LANGUAGES, language_folder

from .documents import PRINT_SCRIPT, DocumentError, document
from .pdf import PdfError, build_date, print_cached
from .render import RenderError
from .sheet import DOCUMENTS, pdf_name
from .variants_view import printed_page

PRINT_BUTTON = """// The print button of a printable page: shown only where this script runs, it opens the print dialog.
document.querySelectorAll("[data-ba-print]").forEach(function (button) {
  button.hidden = false;
  button.addEventListener("click", function () { window.print(); });
});
"""


def make(out: Path, cache: Path) -> tuple[int, int]:
    """Write every document into ``out``; return (PDFs printed, PDFs copied from ``cache``)."""
    out, date = Path(out), build_date()
    jobs, scripts = [], set()
    with tempfile.TemporaryDirectory(prefix="backalley-documents-") as folder:
        for lang in LANGUAGES:
            root = out / language_folder(lang)
            for kind in DOCUMENTS:
                page = Path(folder) / f"{kind}-{lang}.html"
                page.write_text(document(kind, lang, date=date), encoding="utf-8")
                jobs.append((page, root / pdf_name(lang, kind)))
                for preset in VARIANTS:
                    if preset != "standard":
                        target = root / printed_page(kind, preset)
                        target.parent.mkdir(parents=True, exist_ok=True)
                        back = "../" * (len(Path(printed_page(kind, preset)).parts) - 1) + "variants/"
                        target.write_text(document(kind, lang, preset, date=date, back=back), encoding="utf-8")
                        scripts.add(target.parent.parent / PRINT_SCRIPT)  # the documents' "../print.js"
            root.mkdir(parents=True, exist_ok=True)
        for script in scripts:
            script.write_text(PRINT_BUTTON, encoding="utf-8")
        return print_cached(jobs, date=date, paper="A4", cache=Path(cache))


def main(argv=None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m backalley_site.site_documents OUT CACHE", file=sys.stderr)
        return 2
    try:
        printed, copied = make(Path(args[0]), Path(args[1]))
    except (DocumentError, PdfError, RenderError, OSError) as error:
        print(f"printable documents: {error}", file=sys.stderr)
        return 1
    print(f"{printed} printed, {copied} unchanged from the cache")
    return 0


if __name__ == "__main__":
    sys.exit(main())
