"""The worked examples: one doctest file each (``*.md``), run by pytest and shown by the site.

pyproject.toml ships this folder inside the engine as the package ``backalley.examples``
(this file makes it one), so that ``backalley.worked`` finds the examples once installed.
"""
