"""``python -m backalley``: the same as the ``backalley`` command."""
import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
