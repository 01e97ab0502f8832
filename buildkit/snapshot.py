"""The engine's memory snapshot (made by buildkit/snapshot.mjs under Node), and the small file that tells the
worker where it is and what it must hash to.

dist/pyodide/ then holds, beside the wheel:
  suanfan-VERSION.snapshot.gz   Pyodide's memory just after the whole engine was imported, gzip-compressed
  suanfan-snapshot.json         {"file_name", "sha256"} of that file (the worker refuses a body that does not
                                match, as it refuses a wheel its lock does not describe), "pyodide" (the runtime
                                it was made with: a snapshot is refused by any other build of it), "engine" (the
                                wheel it was made from), "modules", "bytes" (its size uncompressed)
"""

from __future__ import annotations

import json
from pathlib import Path

from buildkit.console import BuildError, run
from buildkit.fetch import PYODIDE_VERSION, sha256_of
from buildkit.paths import ROOT

SNAPSHOT_SCRIPT = ROOT / "buildkit" / "snapshot.mjs"
SNAPSHOT_INFO = "suanfan-snapshot.json"
SNAPSHOT_GLOB = "suanfan-*.snapshot.gz"


def make_snapshot(pyodide_dir: Path, runtime_dir: Path, wheel: Path) -> Path:
    """The snapshot of `wheel` installed and imported in the runtime of runtime_dir, written into pyodide_dir with
    its description (SNAPSHOT_INFO). Returns the snapshot's path."""
    version = wheel.name.split("-")[1]
    out = pyodide_dir / f"suanfan-{version}.snapshot.gz"
    done = run(["node", SNAPSHOT_SCRIPT, f"{runtime_dir}/", wheel, out], "making the engine's memory snapshot")
    try:
        made = json.loads(done.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError) as err:
        raise BuildError(f"snapshot.mjs printed no summary: {done.stdout!r}") from err
    if not out.is_file() or out.stat().st_size != made["compressed"]:
        raise BuildError(f"snapshot.mjs did not write {out.name}")
    info = {"file_name": out.name, "sha256": sha256_of(out), "pyodide": PYODIDE_VERSION, "engine": wheel.name,
            "modules": made["modules"], "bytes": made["bytes"]}
    (pyodide_dir / SNAPSHOT_INFO).write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")
    return out


def read_snapshot_info(pyodide_dir: Path) -> dict:
    return json.loads((pyodide_dir / SNAPSHOT_INFO).read_text(encoding="utf-8"))
