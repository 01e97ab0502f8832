"""dist/sw.js: the service worker (web/sw.js) headed by the precache manifest of what is in dist/, so the
site works offline after one visit. Written last, from dist/ as it is."""

from __future__ import annotations

import fnmatch
import hashlib
import json
from base64 import b64encode
from pathlib import Path

from buildkit.headers import HEADERS_FILE
from buildkit.paths import ROOT

# Files in dist/ the site never requests, left out of the precache: source maps, the npm package's
# metadata, Pyodide's classic-script loader (the worker imports pyodide.mjs), the service worker itself,
# the headers file for hosts (which a host reads and need not serve: listed, a 404 for it would fail the install),
# the precompressed copies (a server sends them for the file they stand for: buildkit/precompress.py) and
# the build's own bookkeeping (dot-files at the top, such as .build-state.json).
PRECACHE_SKIP = ("*.map", "pyodide/package.json", "pyodide/pyodide.js", "sw.js", HEADERS_FILE, "*.br", "*.gz", ".*")
# Listed, but cached only once a boot needs them: the files of the ordinary boot that a boot from the engine's
# snapshot never reads (the standard library, 2.5 MB, and the engine's wheel; engine-worker.js). Installing them
# would make every first visit download 3 MB it does not use. The service worker keeps them when the engine's
# worker downloaded them (a browser that could not use the snapshot) or when a page fetches them later. Every
# wheel is such a file: the engine's, and those only some visits need (an extra rule set's and micropip's, which
# the engine's worker installs when a request first names that rule set: buildkit/rulesets.py). The service
# worker keeps each on its first request (web/sw.js, cachedWhenNeeded), so it works offline once used online.
ON_DEMAND = ("pyodide/python_stdlib.zip", "pyodide/*.whl")


def precache_manifest(dist: Path) -> dict:
    """What the service worker caches: every file of `dist` but PRECACHE_SKIP, as {path (relative to the
    site root), size, integrity (sha256, the Subresource-Integrity form)}, with "onDemand": true for those it
    caches only when needed (ON_DEMAND); the total size in bytes of those it installs; and a version: a hash of
    all paths and contents, which changes whenever any listed file does."""
    files = []
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        name = path.relative_to(dist).as_posix()
        if any(fnmatch.fnmatchcase(name, pattern) for pattern in PRECACHE_SKIP):
            continue
        data = path.read_bytes()
        entry = {
            "path": name,
            "size": len(data),
            "integrity": "sha256-" + b64encode(hashlib.sha256(data).digest()).decode(),
        }
        if any(fnmatch.fnmatchcase(name, pattern) for pattern in ON_DEMAND):
            entry["onDemand"] = True
        files.append(entry)
    listing = "".join(f"{f['path']}\t{f['integrity']}\n" for f in files)
    return {
        "version": hashlib.sha256(listing.encode()).hexdigest()[:16],
        "bytes": sum(f["size"] for f in files if not f.get("onDemand")),
        "files": files,
    }


def write_service_worker(dist: Path) -> dict:
    """dist/sw.js: this build's precache manifest, then web/sw.js. At the root, so its scope is the whole site."""
    manifest = precache_manifest(dist)
    files = ",\n  ".join(json.dumps(f) for f in manifest["files"])  # one file a line
    (dist / "sw.js").write_text(
        "// Written by build.py: the precache manifest of this build (precache_manifest), then web/sw.js.\n"
        f'const PRECACHE = {{"version": "{manifest["version"]}", "bytes": {manifest["bytes"]}, "files": [\n'
        f"  {files}\n]}};\n\n" + (ROOT / "web" / "sw.js").read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    return manifest
