"""The site offline at the table: the service worker ``sw.js`` at the site's root (its scope is
every language) and the Workbox files it runs, under ``assets/workbox/``.

- **Precached when the worker installs**: every page of every language (the printable pages
  and PDFs included) and everything they use (stylesheets, scripts, pictures, search indexes
  and the search's stemmers for the site's languages), each under a revision that is a hash
  of its bytes: a new build downloads only the files that changed. Left out: the engine's
  runtime (below), source maps, the sitemaps, the link-preview picture (other sites fetch it)
  and the search's word splitters of languages the site does not have.
- **The engine** (``assets/engine/``, some 14 MB) is not precached, so a reader of the rules
  never downloads it: it is cached the first time a tool starts it (cache first), in a cache
  named after a hash of this build's engine files, so a new build starts a fresh one and the
  old one is deleted when the new worker takes over. Only its bridge and worker script
  (``engine.js``, ``worker.mjs``, a few kB) are precached, so that a tool offline can still
  load and say that the engine cannot start.
- **Updates**: Workbox's default. A new build's worker installs in the background and takes
  over only once no page of the site is open (no ``skipWaiting``): an evening in progress is
  never switched mid-way; its scores live in the browser's storage, not in these caches.

Workbox comes from ``node_modules`` (``package.json`` pins it, ``package-lock.json`` holds its
integrity hashes, ``./dev`` runs ``npm ci``): its built files are copied into the site and
``workbox.setConfig({modulePathPrefix})`` loads them from there, never from a CDN. The same
tree gives the same bytes (entries in name order, no date). Independent of MkDocs
(``hooks/finished_site.py`` calls ``write_service_worker`` once per build).
"""
from __future__ import annotations

import hashlib
import json
import shutil
from dataclasses import dataclass
from pathlib import Path

from backalley.files import write_whole

NODE_MODULES = Path(__file__).resolve().parents[2] / "node_modules"
"""Where ``npm ci`` installed Workbox: beside this builder, as ``.venv`` is."""
WORKBOX_MODULES = ("workbox-core", "workbox-precaching", "workbox-routing", "workbox-strategies")
"""The modules sw.js uses; ``workbox-sw`` loads each from ``WORKBOX`` as ``<name>.prod.js``."""
WORKBOX = "assets/workbox/"
ENGINE = "assets/engine/"
ENGINE_PRECACHED = ("assets/engine/engine.js", "assets/engine/worker.mjs")
WORKER = "sw.js"
LEFT_OUT_NAMES = ("sitemap.xml", "sitemap.xml.gz", "assets/images/social.png")
LUNR = "assets/javascripts/lunr/"
LUNR_SHARED = ("lunr.stemmer.support.min.js", "lunr.multi.min.js")
REVISION_LENGTH = 20  # hex digits of the sha256 of a file's bytes


@dataclass(frozen=True)
class Offline:
    """What ``write_service_worker`` wrote: the precache manifest ``[(address, revision), …]``,
    its bytes, and the engine's cache name and bytes."""

    precache: list[tuple[str, str]]
    precache_bytes: int
    engine_cache: str
    engine_bytes: int


def workbox_files() -> dict[str, Path]:
    """``{name in the site: installed file}`` for workbox-sw and the modules sw.js uses."""
    files = {"workbox-sw.js": NODE_MODULES / "workbox-sw" / "build" / "workbox-sw.js"}
    for module in WORKBOX_MODULES:
        files[f"{module}.prod.js"] = NODE_MODULES / module / "build" / f"{module}.prod.js"
    missing = [str(path) for path in files.values() if not path.is_file()]
    if missing:
        raise FileNotFoundError(f"Workbox is not installed ({', '.join(missing)} missing): run ./dev build")
    return files


def revision(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:REVISION_LENGTH]


def precached(name: str, languages: list[str]) -> bool:
    """Whether the site's file ``name`` (relative, with ``/``) goes into the precache."""
    if name == WORKER or name in LEFT_OUT_NAMES or name.endswith(".map"):
        return False
    if name.startswith(ENGINE):
        return name in ENGINE_PRECACHED
    if name.startswith(LUNR):
        file = name.rsplit("/", 1)[-1]
        return file in LUNR_SHARED or file in {f"lunr.{lang}.min.js" for lang in languages}
    return True


def engine_cache_name(site_dir: Path) -> str:
    """``backalley-engine-<hash>``: a hash of the names and bytes of every engine file."""
    digest = hashlib.sha256()
    for path in sorted(p for p in (site_dir / ENGINE).rglob("*") if p.is_file()):
        digest.update(path.relative_to(site_dir).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return f"backalley-engine-{digest.hexdigest()[:REVISION_LENGTH]}"


def write_service_worker(site_dir: Path, languages: list[str]) -> Offline:
    """Copy Workbox into ``site_dir/assets/workbox/`` and write ``site_dir/sw.js`` for the site
    as it is now (every page final); what it holds."""
    target = site_dir / WORKBOX
    target.mkdir(parents=True, exist_ok=True)
    for name, source in workbox_files().items():
        shutil.copyfile(source, target / name)
    files = sorted(
        (path.relative_to(site_dir).as_posix(), path) for path in site_dir.rglob("*")
        if path.is_file() and not path.name.startswith(".")
    )
    manifest = [(name, revision(path)) for name, path in files if precached(name, languages)]
    sizes = {name: path.stat().st_size for name, path in files}
    engine = [name for name in sizes if name.startswith(ENGINE) and name not in ENGINE_PRECACHED]
    cache = engine_cache_name(site_dir)
    write_whole(site_dir / WORKER, service_worker(manifest, cache).encode("utf-8"))
    return Offline(manifest, sum(sizes[name] for name, _ in manifest), cache, sum(sizes[name] for name in engine))


def service_worker(manifest: list[tuple[str, str]], engine_cache: str) -> str:
    """The text of sw.js."""
    entries = ",\n".join(json.dumps({"url": url, "revision": rev}) for url, rev in manifest)
    return f"""\
// The site's service worker, written by backalley_site.offline at each build: every page and
// what it uses precached, the engine cached once a tool has started it. Workbox from the site.
importScripts("{WORKBOX}workbox-sw.js");
workbox.setConfig({{ modulePathPrefix: "{WORKBOX}", debug: false }});
workbox.core.setCacheNameDetails({{ prefix: "backalley" }});

const ENGINE_CACHE = {json.dumps(engine_cache)};
const ENGINE_PATH = new URL({json.dumps(ENGINE)}, self.location).pathname;

workbox.precaching.cleanupOutdatedCaches();
// A worker's location is the address of the response that started it, and a precached response
// carries the address it was cached under, without the query the page started the worker with
// (the search's search-stemmed.js?worker=…): a worker gets a copy, which takes the request's.
workbox.precaching.addPlugins([{{
  cachedResponseWillBeUsed: async ({{ event, cachedResponse }}) =>
    cachedResponse && event && event.request && event.request.destination === "worker"
      ? new Response(cachedResponse.body, cachedResponse) : cachedResponse,
}}]);
workbox.precaching.precacheAndRoute([
{entries}
], {{ ignoreURLParametersMatching: [/.*/] }});

workbox.routing.registerRoute(
  ({{ url, sameOrigin }}) => sameOrigin && url.pathname.startsWith(ENGINE_PATH),
  new workbox.strategies.CacheFirst({{ cacheName: ENGINE_CACHE }}),
);

self.addEventListener("activate", (event) => {{
  event.waitUntil(caches.keys().then((names) => Promise.all(names
    .filter((name) => name.startsWith("backalley-engine-") && name !== ENGINE_CACHE)
    .map((name) => caches.delete(name)))));
}});
"""
