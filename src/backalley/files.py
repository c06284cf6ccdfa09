"""Writing a file whole or not at all, for the scorecard command and the site's caches."""
from __future__ import annotations

import os
from pathlib import Path


def write_whole(path: Path | str, data: bytes, *, sync: bool = False) -> None:
    """Write ``data`` to ``path`` whole or not at all: into a hidden part file beside it, then
    renamed over it, so that a reader (another build, say) never sees half a file. With ``sync``
    the data reaches the disk before the rename, for a file a person keeps (a scorecard)."""
    path = Path(path)
    part = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        with open(part, "wb") as out:
            out.write(data)
            if sync:
                out.flush()
                os.fsync(out.fileno())
        os.replace(part, path)
    finally:
        part.unlink(missing_ok=True)
