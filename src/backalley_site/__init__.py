"""The site's renderer, independent of MkDocs: pages as templates filled from the engine.

``render(markdown, lang, page=...)`` is the entry point (``backalley_site.render``); the other
modules each do one thing: ``examples`` runs the worked examples, ``formatting`` writes numbers
and cards in a language, ``diagrams`` draws card diagrams, ``terms`` holds each language's words.
"""
