"""The engine wheel, and registering wheels in pyodide-lock.json (Pyodide refuses a wheel its lock does not
describe byte for byte)."""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

from buildkit.console import BuildError, run
from buildkit.npm import sha256_of
from buildkit.paths import ROOT

# What the engine wheel is built from (pyproject.toml names README.md as the long description); copied to a
# scratch folder first so a stale build/ never leaks in.
WHEEL_SOURCES = ("pyproject.toml", "README.md", "engine")

# A fixed timestamp makes the engine wheel byte-for-byte reproducible (same source, same sha256).
SOURCE_DATE_EPOCH = "315532800"  # 1980-01-01, the earliest a zip file can say

ENGINE_WHEEL_GLOB = "suanfan-*-py3-none-any.whl"

BYTECODE_SCRIPT = ROOT / "buildkit" / "bytecode.mjs"


def build_engine_wheel(out_dir: Path, runtime_dir: Path) -> Path:
    """The engine wheel in out_dir, its modules also compiled to bytecode by the Pyodide runtime in runtime_dir
    (its files unpacked there), the one that will load it: see buildkit/bytecode.mjs for why."""
    with tempfile.TemporaryDirectory(prefix="suanfan-wheel-") as scratch:
        src, plain, unpacked = (Path(scratch) / name for name in ("src", "plain", "unpacked"))
        src.mkdir()
        for name in WHEEL_SOURCES:
            source = ROOT / name
            if source.is_dir():
                shutil.copytree(source, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
            else:
                shutil.copy2(source, src / name)
        env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH}
        # cwd is the scratch folder: from the repo root, `-m build` would import build.py, not pypa/build.
        run(
            [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", plain, src],
            "building the engine wheel",
            env=env,
            cwd=scratch,
        )
        (built,) = plain.glob(ENGINE_WHEEL_GLOB)
        wheel_cli = Path(sys.executable).parent / "wheel"
        run([wheel_cli, "unpack", "--dest", unpacked, built], "unpacking the engine wheel")
        (tree,) = unpacked.iterdir()
        run(["node", BYTECODE_SCRIPT, f"{runtime_dir}{os.sep}", tree], "compiling the engine to Pyodide's bytecode")
        if not any(tree.rglob("*.pyc")):
            raise BuildError("compiling the engine to bytecode wrote no .pyc file")
        # wheel pack writes RECORD anew (every .pyc listed with its hash), its timestamps from SOURCE_DATE_EPOCH.
        run([wheel_cli, "pack", "--dest-dir", out_dir, tree], "packing the engine wheel", env=env)
    wheels = sorted(out_dir.glob(ENGINE_WHEEL_GLOB))
    if len(wheels) != 1:
        raise BuildError(f"expected one pure-Python engine wheel, found {[w.name for w in wheels] or 'none'}")
    return wheels[0]


def package_name(wheel: Path) -> str:
    """The name the lock files a wheel under: its distribution's, normalized (PEP 503: my_rules -> my-rules)."""
    return re.sub(r"[-_.]+", "-", wheel.name.split("-")[0]).lower()


def read_lock(pyodide_dir: Path) -> dict:
    return json.loads((pyodide_dir / "pyodide-lock.json").read_text(encoding="utf-8"))


def register_wheels(pyodide_dir: Path, wheels: list[Path]) -> None:
    """Add (or replace) the wheels' entries in pyodide_dir/pyodide-lock.json, then check every entry we wrote.
    The wheels must be in pyodide_dir: the lock names them relative to it."""
    lock = pyodide_dir / "pyodide-lock.json"
    updated = pyodide_dir / "pyodide-lock.updated.json"
    pyodide_cli = Path(sys.executable).parent / "pyodide"
    run(
        [
            pyodide_cli,
            "lockfile",
            "add-wheels",
            "--input",
            lock,
            "--output",
            updated,
            "--base-path",
            pyodide_dir,
            *wheels,
        ],
        "pyodide lockfile add-wheels",
        cwd=pyodide_dir,
    )
    updated.replace(lock)
    packages = read_lock(pyodide_dir)["packages"]
    for wheel in wheels:
        entry = packages.get(package_name(wheel))
        if entry is None or entry["file_name"] != wheel.name or entry["sha256"] != sha256_of(wheel):
            raise BuildError(f"pyodide-lock.json does not describe {wheel.name} after add-wheels: {entry}")
