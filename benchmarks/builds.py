"""One timed ``mkdocs build`` of this repository, for the build benchmarks (``build_cost``,
``pdf_cost``): run in a process of its own, so each build starts as a reader's would."""
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed_build(site: Path, *, strict: bool = True, **env: str) -> float:
    """Seconds to build the site into ``site`` with ``env`` added to the environment; a failed
    build ends the benchmark with its error."""
    environment = {**os.environ, "NO_MKDOCS_2_WARNING": "1", **env}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict" if strict else "--no-strict", "--quiet",
               "--site-dir", str(site)]
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode:
        sys.exit(f"{Path(sys.argv[0]).stem}: a build ({env}) failed:\n{done.stderr[-3000:]}")
    return elapsed
