"""The engine's memory snapshot (made by buildkit/snapshot.mjs under Node), and the small file that tells the
worker where it is and what it must hash to.

dist/pyodide/ then holds, beside the wheel:
  suanfan-VERSION-HASH.snapshot.gz   Pyodide's memory just after the whole engine was imported, gzip-compressed;
                                     HASH, the first 16 hex digits of the file's sha256, makes the name the
                                     content's own: a cached copy of another build's snapshot never answers for it
                                     (which is why the worker can decompress it as it arrives, where a fetch with
                                     `integrity` would hold the whole body back until it had been checked; gzip's
                                     own check catches a damaged download)
  suanfan-snapshot.json              "file_name", "sha256" of that file, "pyodide" (the runtime it was made with:
                                     Pyodide refuses to restore it into any other build), "engine" (the wheel it
                                     was made from), "modules" (how many engine modules it holds), "bytes" (its size
                                     uncompressed)
"""

from __future__ import annotations

import json
from pathlib import Path

from buildkit.console import BuildError, run
from buildkit.npm import pyodide_version, sha256_of
from buildkit.paths import ROOT

SNAPSHOT_SCRIPT = ROOT / "buildkit" / "snapshot.mjs"
SNAPSHOT_INFO = "suanfan-snapshot.json"
SNAPSHOT_GLOB = "suanfan-*.snapshot.gz"


def make_snapshot(pyodide_dir: Path, runtime_dir: Path, wheel: Path) -> Path:
    """The snapshot of `wheel` installed and imported in the runtime of runtime_dir, written into pyodide_dir with
    its description (SNAPSHOT_INFO). Returns the snapshot's path."""
    version = wheel.name.split("-")[1]
    made_at = pyodide_dir / f"suanfan-{version}.snapshot.gz.part"
    done = run(["node", SNAPSHOT_SCRIPT, f"{runtime_dir}/", wheel, made_at], "making the engine's memory snapshot")
    try:
        made = json.loads(done.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError) as err:
        raise BuildError(f"snapshot.mjs printed no summary: {done.stdout!r}") from err
    if not made_at.is_file() or made_at.stat().st_size != made["compressed"]:
        raise BuildError(f"snapshot.mjs did not write {made_at.name}")
    sha256 = sha256_of(made_at)
    out = made_at.replace(pyodide_dir / f"suanfan-{version}-{sha256[:16]}.snapshot.gz")
    info = {
        "file_name": out.name,
        "sha256": sha256,
        "pyodide": pyodide_version(),
        "engine": wheel.name,
        "modules": made["modules"],
        "bytes": made["bytes"],
    }
    (pyodide_dir / SNAPSHOT_INFO).write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")
    return out


def read_snapshot_info(pyodide_dir: Path) -> dict:
    return json.loads((pyodide_dir / SNAPSHOT_INFO).read_text(encoding="utf-8"))
