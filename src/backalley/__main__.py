"""``python -m backalley``: the same as the ``backalley`` command."""
import sys

from .cli import main

sys.exit(main())
