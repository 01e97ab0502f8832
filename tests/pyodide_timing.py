"""Timing requests inside Pyodide for the benchmark scripts: the built site's engine under Node
(tests/pyodide/bench_pyodide.mjs), one JSON answer per request. Nothing here asserts a time."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests" / "pyodide" / "bench_pyodide.mjs"


def unavailable(dist: Path = ROOT / "dist") -> str | None:
    """Why Pyodide cannot be timed here, or None when it can."""
    if shutil.which("node") is None:
        return "node is not on PATH"
    if not (dist / "pyodide" / "pyodide-lock.json").exists():
        return f"{dist} holds no built site (run `python3 build.py build` first)"
    return None


def time_requests(requests: list[dict], repeat: int = 3, warmup: int = 1, dist: Path = ROOT / "dist") -> list[dict]:
    """bench_pyodide.mjs's JSON row for each request ({"ok", "code", "first_ms", "median_ms", "max_ms", "runs_ms",
    …}); RuntimeError with its stderr's end when the run fails."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "requests.jsonl"
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in requests), encoding="utf-8")
        run = subprocess.run(
            [
                shutil.which("node"),
                str(SCRIPT),
                str(path),
                "--repeat",
                str(repeat),
                "--warmup",
                str(warmup),
                "--dist",
                str(dist),
                "--json",
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            env=os.environ.copy(),
        )
    if run.returncode != 0:
        raise RuntimeError(f"bench_pyodide.mjs failed ({run.returncode}): {run.stderr.strip()[-400:]}")
    return [json.loads(line) for line in run.stdout.splitlines() if line.strip().startswith("{")]


def rows_or_reason(
    requests: list[dict], repeat: int = 3, warmup: int = 1, dist: Path = ROOT / "dist"
) -> list[dict] | str:
    """time_requests' rows, or why there are none (a sentence to print as "skipped, …")."""
    why = unavailable(dist) if requests else "no requests"
    if why is not None:
        return why
    try:
        return time_requests(requests, repeat, warmup, dist)
    except RuntimeError as err:
        return str(err)
