"""Benchmark: a newcomer's first `python3 build.py serve`, up to the moment it would start serving.

    python3 tests/bench_first_run.py [--rev REV] [--keep]
    (python3 build.py bench runs every tests/bench_*.py)

Clones this checkout's committed HEAD (or REV: `--rev main` times the main branch the same way) into a temporary
folder and times `python3 build.py build` there, which is everything `serve` does before it serves: getting the
tools, installing what building needs, and building dist/. Nothing is reused from this machine: the clone has no
.venv, .cache, node_modules or dist/, and uv's, pip's and npm's download caches (UV_CACHE_DIR, PIP_CACHE_DIR,
npm_config_cache, XDG_CACHE_HOME) point into the temporary folder, so every package is downloaded from the
registries as on a new machine. Only the system's Python, Node.js and npm are taken as found.

Prints the whole time and, for each line build.py printed, when it came and how long after the line before (each
step says its own time too), then whether the test-only oracle pymahjonggb, a C++ extension compiled from its
sdist, was installed into .venv or built at all. Nothing is asserted: the figures move with the machine's load and
the network. --keep leaves the temporary folder (its dist/ can be compared with another build's by `diff -r`).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def clean_environment(scratch: Path) -> dict[str, str]:
    """This process's environment less whatever ties it to this checkout's .venv, with every download cache in
    `scratch`."""
    venv_bin = str(ROOT / ".venv" / "bin")
    env = {
        k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH") and not k.startswith("SUANFAN_")
    }
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if p != venv_bin)
    caches = {
        "UV_CACHE_DIR": "uv",
        "PIP_CACHE_DIR": "pip",
        "npm_config_cache": "npm",
        "XDG_CACHE_HOME": "xdg",
    }
    for name, folder in caches.items():
        env[name] = str(scratch / "caches" / folder)
    return env


def clone(rev: str, into: Path) -> str:
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(into)], check=True)
    subprocess.run(["git", "checkout", "--quiet", rev], cwd=into, check=True)
    return subprocess.run(
        ["git", "log", "-1", "--format=%h %s"], cwd=into, check=True, capture_output=True, text=True
    ).stdout.strip()


def timed_build(checkout: Path, env: dict[str, str]) -> tuple[float, int, list[tuple[float, str]]]:
    """Run `python3 build.py build` in `checkout`; (seconds, exit code, [(seconds at, line)]) of its output."""
    python3 = shutil.which("python3", path=env["PATH"]) or "python3"
    started = time.monotonic()
    process = subprocess.Popen(
        [python3, "build.py", "build"],
        cwd=checkout,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        bufsize=1,
    )
    lines = [(time.monotonic() - started, line.rstrip("\n")) for line in process.stdout]
    code = process.wait()
    return time.monotonic() - started, code, lines


def pymahjonggb_report(checkout: Path, caches: Path) -> str:
    installed = list((checkout / ".venv").glob("lib/python*/site-packages/pymahjonggb*"))
    built = [p for p in caches.rglob("*") if p.is_dir() and p.name.lower() == "pymahjonggb"]
    built += list(caches.rglob("pymahjonggb-*.whl")) + list(caches.rglob("MahjongGB.*.so"))
    said = "installed in .venv" if installed else "not installed in .venv"
    said += ", built (found in the download caches)" if built else ", never built (nothing of it in the caches)"
    return said


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rev", default="HEAD", help="the commit to clone and time (default: this checkout's HEAD)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder and say where it is")
    options, _ = parser.parse_known_args()  # `build.py bench ARGS` hands every script the same arguments

    scratch = Path(tempfile.mkdtemp(prefix="suanfan-first-run-"))
    try:
        checkout = scratch / "suanfan"
        what = clone(options.rev, checkout)
        env = clean_environment(scratch)
        print(f"first run of `python3 build.py build` (what serve does before serving) on a fresh clone of {what}")
        print("with empty .venv, .cache, node_modules, dist/ and empty uv, pip and npm download caches\n")
        seconds, code, lines = timed_build(checkout, env)
        previous = 0.0
        for at, line in lines:
            if line.startswith("* ") or line.startswith("build.py:"):
                print(f"  {at:6.1f} s  (+{at - previous:5.1f} s)  {line[:200]}")
                previous = at
            else:
                print(f"                        {line[:200]}")
        minutes, rest = divmod(round(seconds), 60)
        print(f"\nfirst run: {seconds:.1f} s ({minutes} min {rest:02d} s), exit code {code}")
        print(f"pymahjonggb (the test-only oracle): {pymahjonggb_report(checkout, scratch / 'caches')}")
        return code
    finally:
        if options.keep:
            print(f"kept: {scratch}")
        else:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
