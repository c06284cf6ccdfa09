"""The engine's measured figures for the site, simulated once and kept on disk; and the other
engine results the pages use (worked examples, house-rule effects), kept the same way.

A simulation is keyed by a hash of the engine's code (every ``backalley/*.py``), its seed and its
size: a build that changes no engine code reads the figures from ``.cache/simulations/`` beside
mkdocs.yml (``$BACKALLEY_SIM_CACHE`` elsewhere) instead of simulating again.
"""
from __future__ import annotations

import fcntl
import functools
import hashlib
import json
import os
import pickle
from pathlib import Path

import backalley
from backalley.card_values import card_values
from backalley.estimate import estimate
from backalley.files import write_whole

from . import ROOT

CARD_VALUE_DEALS = 20000
"""The deals the site's card values are measured on: about 15 s on one core, and a 95 % interval
of ±0.02 or less for every kind of card."""
SEED = 1
ESTIMATE_SAMPLES = 2000
"""The random deals a worked hand of the bidding guide is estimated on."""


@functools.cache
def engine_key() -> str:
    """A hash of the engine's code: every ``.py`` file of the ``backalley`` package, by name, as this
    process loaded it."""
    digest = hashlib.sha256()
    for path in sorted(Path(backalley.__file__).parent.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def cached_card_values(deals: int = CARD_VALUE_DEALS, seed: int = SEED, cache_dir: Path | str | None = None) -> dict:
    """``backalley.card_values.card_values(deals, seed)``, from the cache when the engine's code
    is unchanged; computed and stored when missing."""
    return _cached("card-values", {"deals": deals, "seed": seed}, lambda: card_values(deals, seed), cache_dir)


def cached_estimate(hand: str, trump: str, samples: int = ESTIMATE_SAMPLES, seed: int = SEED,
                    cache_dir: Path | str | None = None) -> dict:
    """``backalley.estimate.estimate(hand, trump, samples=…, seed=…)`` as JSON data (``hand``,
    ``trump``, ``hand_size``, ``samples``, ``expected_tricks``, ``interval``, ``distribution`` with
    text keys, ``p_all``), from the cache when the engine's code is unchanged."""
    return _cached("estimate", {"hand": hand, "trump": trump, "samples": samples, "seed": seed},
                   lambda: estimate(hand, trump, samples=samples, seed=seed).to_data(), cache_dir)


_read: dict[Path, dict] = {}  # what this process has read or computed, by file


def engine_result(kind: str, source: str, compute):
    """``compute()``, an engine result for the site that is not plain data (the names a worked
    example leaves, the house rules' effects on the examples), kept on disk as a pickle under a hash
    of the engine's code and of ``source``, the text it is computed from. Only the newest entry of
    each ``kind`` is kept."""
    arguments = {"source": hashlib.sha256(source.encode()).hexdigest()}
    return _cached(kind, arguments, compute, None, binary=True)


_MISSING = object()


def _load(path: Path, binary: bool):
    """The figures stored at ``path``, or ``_MISSING`` (none, or written by another version, which
    goes)."""
    try:
        data = path.read_bytes()
        return pickle.loads(data) if binary else json.loads(data.decode("utf-8"))
    except FileNotFoundError:
        return _MISSING
    except (pickle.UnpicklingError, EOFError, AttributeError, ValueError):  # written by another version
        path.unlink(missing_ok=True)
        return _MISSING


def _cached(kind: str, arguments: dict, compute, cache_dir, binary: bool = False):
    """The figures of ``compute()`` for these arguments under this engine, read from the cache or
    computed and stored (whole or not at all): JSON, or a pickle when ``binary`` (then only the
    newest entry of ``kind`` is kept). Entries of other versions of the engine go."""
    cache = Path(cache_dir or os.environ.get("BACKALLEY_SIM_CACHE") or ROOT / ".cache" / "simulations")
    engine = engine_key()
    key = hashlib.sha256(json.dumps(arguments, sort_keys=True).encode()).hexdigest()[:16]
    path = cache / f"{kind}-{engine}-{key}.{'pickle' if binary else 'json'}"
    if path in _read:
        return _read[path]
    found = _load(path, binary)
    if found is not _MISSING:
        _read[path] = found
        return found
    try:
        cache.mkdir(parents=True, exist_ok=True)
        lock = open(cache / f".{path.name}.lock", "w")
    except OSError:  # no cache to write to: computed each time
        _read[path] = compute()
        return _read[path]
    with lock:
        # another process (a build beside the tests, or beside mkdocs serve) computing the same
        # figures: wait for it and read them, rather than compute them twice at once
        try:
            fcntl.flock(lock, fcntl.LOCK_EX)
        except OSError:  # a file system without locks (the browser's): computed here, as before
            pass
        figures = _load(path, binary)
        if figures is not _MISSING:
            _read[path] = figures
            return figures
        figures = compute()
        try:
            write_whole(path, pickle.dumps(figures) if binary else json.dumps(figures).encode("utf-8"))
            for old in cache.glob(f"{kind}-*.*"):
                if old != path and (binary or not old.name.startswith(f"{kind}-{engine}-")):
                    old.unlink(missing_ok=True)
        except (OSError, pickle.PicklingError, TypeError, AttributeError):  # not kept: the next build computes it
            pass
        Path(lock.name).unlink(missing_ok=True)  # whoever waited on it finds the figures written
    _read[path] = figures
    return figures
