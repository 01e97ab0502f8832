"""The site's third-party pieces, all npm packages that package.json names and package-lock.json pins (each with its
sha512 integrity, which `npm ci` checks: buildkit/environment.py): the Pyodide runtime, and the browser modules the
pages use: the FSRS scheduler (ts-fsrs), a QR code drawer (qrcode-generator), a compressor for teachers' links
(fflate), a checksum (crc-32) and a QR reader (jsqr). (No micropip: the engine has no dependencies, and the worker
loads its wheel from pyodide-lock.json.) Nothing comes from a CDN.

What is read from node_modules/ is what the lock says: the build refuses a package whose lock entry has no sha512
integrity or whose installed version is not the locked one (node_modules older than the lock).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path

from buildkit.console import BuildError
from buildkit.paths import NODE_MODULES, NPM_LOCK

# Files of the Pyodide package that a site does not need: demo consoles (they load code from a CDN) and typings.
PYODIDE_SKIP = ("console.html", "console-v2.html", "README.md", "ffi.d.ts", "pyodide.d.ts")

# The browser modules the site serves from static/vendor/: each an ES module build (or a classic script that sets
# one global, where the package ships no module) with no dependencies, and the files taken from its package (path in
# the package -> name in static/vendor/). All MIT or Apache-2.0 licensed; a package that ships no licence file has
# its package.json kept, which names it. What each is for:
#   ts-fsrs           the maintained FSRS scheduler (practice)
#   qrcode-generator  the QR code beside a presented hand
#   fflate            short links for teachers' own examples
#   crc-32            the check of a student's result code (a classic script: CRC32)
#   jsqr              reading result codes' QR codes from a photo (a classic script: jsQR)
VENDORED = {
    "ts-fsrs": {"dist/index.mjs": "ts-fsrs.mjs", "LICENSE": "ts-fsrs.LICENSE.txt"},
    "qrcode-generator": {"dist/qrcode.mjs": "qrcode.mjs", "package.json": "qrcode.package.json"},
    "fflate": {"esm/browser.js": "fflate.mjs", "LICENSE": "fflate.LICENSE.txt"},
    "crc-32": {"crc32.js": "crc32.js", "LICENSE": "crc32.LICENSE.txt"},
    "jsqr": {"dist/jsQR.js": "jsQR.js", "LICENSE": "jsQR.LICENSE.txt"},
}


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def lock_entries(lock_path: Path = NPM_LOCK) -> dict[str, dict]:
    """package-lock.json's top-level packages by name: {"pyodide": {"version": …, "integrity": "sha512-…", …}}."""
    packages = json.loads(lock_path.read_text(encoding="utf-8"))["packages"]
    prefix = "node_modules/"
    return {
        path.removeprefix(prefix): entry
        for path, entry in packages.items()
        if path.startswith(prefix) and prefix not in path.removeprefix(prefix)
    }


def locked(package: str, lock_path: Path = NPM_LOCK, node_modules: Path = NODE_MODULES) -> dict:
    """The package's version and integrity as the lock pins them, after checking node_modules holds that version."""
    entry = lock_entries(lock_path).get(package)
    if entry is None:
        raise BuildError(f"package-lock.json has no {package}: add it to package.json and run `npm install`")
    if not entry.get("integrity", "").startswith("sha512-"):
        raise BuildError(f"package-lock.json pins {package} without a sha512 integrity")
    manifest = node_modules / package / "package.json"
    installed = json.loads(manifest.read_text(encoding="utf-8"))["version"] if manifest.exists() else None
    if installed != entry["version"]:
        raise BuildError(
            f"node_modules has {package} {installed or '(none)'}, package-lock.json pins {entry['version']}: "
            "run `npm ci` (build.py does, when the lock changed)"
        )
    return {"version": entry["version"], "integrity": entry["integrity"]}


def pins(packages: list[str]) -> list[dict]:
    """What a stage of dist/ made from these packages depends on: their locked versions and integrities."""
    return [{"package": package, **locked(package)} for package in packages]


# ---------------------------------------------------------------- Pyodide


def pyodide_version() -> str:
    return locked("pyodide")["version"]


def pyodide_files() -> Iterator[tuple[str, bytes]]:
    """(name, contents) of every file of the Pyodide package a site serves. The package is flat; anything
    else is refused rather than copied somewhere unexpected."""
    folder = NODE_MODULES / "pyodide"
    locked("pyodide")
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder).as_posix()
        if not path.is_file() or name in PYODIDE_SKIP:
            continue
        if "/" in name or name.startswith("."):
            raise BuildError(f"unexpected file in the Pyodide package: {name}")
        yield name, path.read_bytes()


def pyodide_lock() -> bytes:
    """pyodide-lock.json as the package ships it, before our wheels are registered in it."""
    locked("pyodide")
    path = NODE_MODULES / "pyodide" / "pyodide-lock.json"
    if not path.exists():
        raise BuildError("the pyodide package has no pyodide-lock.json")
    return path.read_bytes()


# ---------------------------------------------------------------- the browser modules


def vendored_files() -> Iterator[tuple[str, bytes]]:
    """(name in static/vendor/, contents) of every file the site serves from the browser modules."""
    for package, files in VENDORED.items():
        version = locked(package)["version"]
        for inside, name in files.items():
            path = NODE_MODULES / package / inside
            if not path.is_file():
                raise BuildError(f"{package} {version} lacks {inside}")
            yield name, path.read_bytes()
