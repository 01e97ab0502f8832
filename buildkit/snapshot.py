"""The engine's memory snapshot (made by buildkit/snapshot.mjs under Node), and the small file that tells the
worker where it is and what it must hash to.

dist/pyodide/ then holds, beside the wheel:
  suanfan-VERSION-HASH.snapshot      Pyodide's memory just after the whole engine was imported (30 MB, most of it
                                     zeros: the build writes its .br and .gz copies beside it, which a server
                                     sends with Content-Encoding, buildkit/precompress.py); HASH, the first 16 hex
                                     digits of the file's sha256, makes the name the content's own: a cached copy
                                     of another build's snapshot never answers for it. The worker fetches it with
                                     its sha256 as the fetch's `integrity`, so a damaged download is refused.
  suanfan-snapshot.json              "file_name", "sha256" of that file, "pyodide" (the runtime it was made with:
                                     Pyodide refuses to restore it into any other build), "engine" (the wheel it
                                     was made from), "modules" (how many engine modules it holds), "bytes" (its
                                     size), "boot_bytes" (what a boot from it downloads: it and BOOT_FILES, the
                                     measure of the worker's progress bar)
  suanfan-empty-stdlib.zip           an empty zip, what a boot from the snapshot gives Pyodide as the standard
                                     library (engine-worker.js names it too): every module it will use is in the
                                     snapshot, so the 2.5 MB python_stdlib.zip is downloaded only by the ordinary boot
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from buildkit.console import BuildError, run
from buildkit.npm import pyodide_version, sha256_of
from buildkit.paths import ROOT

SNAPSHOT_SCRIPT = ROOT / "buildkit" / "snapshot.mjs"
SNAPSHOT_INFO = "suanfan-snapshot.json"
SNAPSHOT_GLOB = "suanfan-*.snapshot"
EMPTY_STDLIB = "suanfan-empty-stdlib.zip"
# The runtime's files a boot from the snapshot downloads besides it (engine-worker.js); not the standard library.
BOOT_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")


def make_snapshot(pyodide_dir: Path, runtime_dir: Path, wheel: Path) -> Path:
    """The snapshot of `wheel` installed and imported in the runtime of runtime_dir, written into pyodide_dir with
    its description (SNAPSHOT_INFO). Returns the snapshot's path."""
    version = wheel.name.split("-")[1]
    made_at = pyodide_dir / f"suanfan-{version}.snapshot.part"
    done = run(["node", SNAPSHOT_SCRIPT, f"{runtime_dir}/", wheel, made_at], "making the engine's memory snapshot")
    try:
        made = json.loads(done.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError) as err:
        raise BuildError(f"snapshot.mjs printed no summary: {done.stdout!r}") from err
    if not made_at.is_file() or made_at.stat().st_size != made["bytes"]:
        raise BuildError(f"snapshot.mjs did not write {made_at.name}")
    sha256 = sha256_of(made_at)
    out = made_at.replace(pyodide_dir / f"suanfan-{version}-{sha256[:16]}.snapshot")
    info = {
        "file_name": out.name,
        "sha256": sha256,
        "pyodide": pyodide_version(),
        "engine": wheel.name,
        "modules": made["modules"],
        "bytes": made["bytes"],
        "boot_bytes": made["bytes"]
        + sum(boot_file(name, pyodide_dir, runtime_dir).stat().st_size for name in BOOT_FILES),
    }
    (pyodide_dir / SNAPSHOT_INFO).write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")
    zipfile.ZipFile(pyodide_dir / EMPTY_STDLIB, "w").close()  # 22 bytes: the end of an empty zip's directory
    return out


def boot_file(name: str, pyodide_dir: Path, runtime_dir: Path) -> Path:
    """Where a file of BOOT_FILES is as it will be served: the lock as this stage rewrote it, the rest as shipped."""
    return (pyodide_dir if (pyodide_dir / name).is_file() else runtime_dir) / name


def read_snapshot_info(pyodide_dir: Path) -> dict:
    return json.loads((pyodide_dir / SNAPSHOT_INFO).read_text(encoding="utf-8"))
