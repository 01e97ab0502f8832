"""The pinned third-party pieces of the site, all npm packages: the Pyodide runtime, and the browser modules the
pages use: the FSRS scheduler (ts-fsrs), a QR code drawer (qrcode-generator) and a compressor for teachers' links
(fflate), a checksum (crc-32) and a QR reader (jsqr). (No micropip: the engine has no dependencies, and the worker loads its wheel from pyodide-lock.json.)

Each is fetched once into .cache/ and checked against its pinned hash every time it is used. Nothing comes
from a CDN: `npm pack` fetches them from the npm registry.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tarfile
from base64 import b64encode
from collections.abc import Iterator
from pathlib import Path

from buildkit.console import BuildError, run, say
from buildkit.paths import CACHE

PYODIDE_VERSION = "314.0.7"  # Python 3.14 inside
PYODIDE_INTEGRITY = "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
# Files of the npm package that a site does not need: demo consoles (they load code from a CDN) and typings.
PYODIDE_SKIP = ("console.html", "console-v2.html", "README.md", "ffi.d.ts", "pyodide.d.ts")

# The browser modules the site serves from static/vendor/: each an ES module build (or a classic script that sets one
# global, where the package ships no module) with no dependencies, pinned by
# npm integrity, and the files taken from its package (tarball path -> name in static/vendor/). All MIT or Apache-2.0 licensed;
# a package that ships no licence file has its package.json kept, which names it.
VENDORED = (
    {
        "package": "ts-fsrs",
        "version": "5.4.2",  # the maintained FSRS scheduler (practice)
        "integrity": "sha512-z4qop4pzTcyTzuJ566d9EaX/4bZZzhYfeaPImfVr+xcYT65c5oBgFDijUhCE/D+C78eaolHIhKRZ04/RwF+v2g==",
        "files": {"package/dist/index.mjs": "ts-fsrs.mjs", "package/LICENSE": "ts-fsrs.LICENSE.txt"},
    },
    {
        "package": "qrcode-generator",
        "version": "2.0.4",  # the QR code beside a presented hand
        "integrity": "sha512-mZSiP6RnbHl4xL2Ap5HfkjLnmxfKcPWpWe/c+5XxCuetEenqmNFf1FH/ftXPCtFG5/TDobjsjz6sSNL0Sr8Z9g==",
        "files": {"package/dist/qrcode.mjs": "qrcode.mjs", "package/package.json": "qrcode.package.json"},
    },
    {
        "package": "fflate",
        "version": "0.8.3",  # short links for teachers' own examples
        "integrity": "sha512-tbZNuJrLwGUp3zshBtdy4W+ORxZuIh8a5ilyIEQDC5rY1f3U20JMry0Ll3WBzU58EZKsEuJFXhb5gwv8CsPvgA==",
        "files": {"package/esm/browser.js": "fflate.mjs", "package/LICENSE": "fflate.LICENSE.txt"},
    },
    {
        "package": "crc-32",
        "version": "1.2.2",  # the check of a student's result code (a classic script: CRC32)
        "integrity": "sha512-ROmzCKrTnOwybPcJApAA6WBWij23HVfGVNKqqrZpuyZOHqK2CwHSvpGuyt/UNNvaIjEd8X5IFGp4Mh+Ie1IHJQ==",
        "files": {"package/crc32.js": "crc32.js", "package/LICENSE": "crc32.LICENSE.txt"},
    },
    {
        "package": "jsqr",
        "version": "1.4.0",  # reading result codes' QR codes from a photo (a classic script: jsQR)
        "integrity": "sha512-dxLob7q65Xg2DvstYkRpkYtmKm2sPJ9oFhrhmudT1dZvNFFTlroai3AWSpLey/w5vMcLBXRgOJsbXpdN9HzU/A==",
        "files": {"package/dist/jsQR.js": "jsQR.js", "package/LICENSE": "jsQR.LICENSE.txt"},
    },
)

PINS = {
    "pyodide": [PYODIDE_VERSION, PYODIDE_INTEGRITY, PYODIDE_SKIP],
    "vendor": [[v["package"], v["version"], v["integrity"], sorted(v["files"].items())] for v in VENDORED],
}


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def npm_integrity_of(path: Path) -> str:
    """The Subresource-Integrity form npm uses for a package tarball."""
    return "sha512-" + b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


# ---------------------------------------------------------------- npm packages


def fetch_npm(package: str, version: str, integrity: str) -> Path:
    """The pinned npm tarball of a package, from .cache/ when its integrity still matches."""
    tarball = CACHE / "npm" / f"{package}-{version}.tgz"
    if tarball.exists() and npm_integrity_of(tarball) == integrity:
        return tarball
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(
            f"npm is not on PATH. Install Node.js with npm (e.g. `apt-get install nodejs npm`): "
            f"it fetches {package} from the npm registry."
        )
    tarball.parent.mkdir(parents=True, exist_ok=True)
    tarball.unlink(missing_ok=True)
    say(f"fetching {package}@{version} with npm pack")
    env = {**os.environ, "NPM_CONFIG_UPDATE_NOTIFIER": "false", "NPM_CONFIG_FUND": "false"}
    run(
        [npm, "pack", f"{package}@{version}", "--pack-destination", tarball.parent, "--silent"],
        f"npm pack {package}",
        env=env,
    )
    if not tarball.exists():
        raise BuildError(f"npm pack did not write {tarball}")
    got = npm_integrity_of(tarball)
    if got != integrity:
        tarball.unlink()
        raise BuildError(
            f"{package}-{version}.tgz failed its integrity check:\n  expected {integrity}\n  got      {got}"
        )
    return tarball


# ---------------------------------------------------------------- Pyodide


def fetch_pyodide() -> Path:
    """The pinned npm tarball of Pyodide, from .cache/ when its integrity still matches."""
    return fetch_npm("pyodide", PYODIDE_VERSION, PYODIDE_INTEGRITY)


def pyodide_files(tarball: Path) -> Iterator[tuple[str, bytes]]:
    """(name, contents) of every file of the Pyodide package a site serves. The package is flat; anything
    else is refused rather than unpacked somewhere unexpected."""
    with tarfile.open(tarball) as archive:
        for member in archive.getmembers():
            name = member.name.removeprefix("package/")
            if not member.isfile() or name in PYODIDE_SKIP:
                continue
            if "/" in name or name.startswith("."):
                raise BuildError(f"unexpected file in the Pyodide package: {member.name}")
            yield name, archive.extractfile(member).read()


def pyodide_lock(tarball: Path) -> bytes:
    """pyodide-lock.json as the package ships it, before our wheels are registered in it."""
    for name, data in pyodide_files(tarball):
        if name == "pyodide-lock.json":
            return data
    raise BuildError(f"{tarball.name} has no pyodide-lock.json")


# ---------------------------------------------------------------- the browser modules


def vendored_files() -> Iterator[tuple[str, bytes]]:
    """(name in static/vendor/, contents) of every file the site serves from the pinned browser modules."""
    for pin in VENDORED:
        wanted = dict(pin["files"])
        with tarfile.open(fetch_npm(pin["package"], pin["version"], pin["integrity"])) as archive:
            for member in archive.getmembers():
                if member.isfile() and member.name in wanted:
                    yield wanted.pop(member.name), archive.extractfile(member).read()
        if wanted:
            raise BuildError(f"{pin['package']} {pin['version']} lacks {', '.join(wanted)}")
