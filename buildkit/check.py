"""`python3 build.py check`: the static checks, each a standard tool run over the checkout.

`python3 build.py test` (the whole suite, no arguments) runs them first, so CI runs them. Each check is a command;
one failing does not stop the others, so a single run reports every problem. The Python tools come from uv.lock
(.venv/bin), ESLint from package-lock.json (node_modules/.bin), and their settings from the files beside them
(pyproject.toml's [tool.ruff] and [tool.mypy], .importlinter, eslint.config.mjs).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from buildkit.console import say
from buildkit.paths import NODE_MODULES, ROOT


@dataclass(frozen=True)
class Check:
    name: str
    command: tuple[str, ...]  # the first item is a tool: installed beside this Python (.venv/bin), or by npm
    fix: str  # what to do about what it finds: the command that fixes it, when a tool can
    npm: bool = False  # the tool is an npm package's (node_modules/.bin)


def tool(check: Check) -> str:
    name = check.command[0]
    return str(NODE_MODULES / ".bin" / name) if check.npm else str(Path(sys.executable).parent / name)


CHECKS = (
    Check("ruff check", ("ruff", "check", "--quiet", "."), ".venv/bin/ruff check --fix ."),
    Check("ruff format", ("ruff", "format", "--check", "--quiet", "."), ".venv/bin/ruff format ."),
    # The type checker (pyproject.toml's [tool.mypy]: strict on the engine); its cache is in .cache/mypy/.
    Check("mypy", ("mypy",), "annotate what it names (pyproject.toml's [tool.mypy] says how strictly)"),
    Check(
        "import contract",
        ("lint-imports", "--no-cache"),
        "web/ may import the engine only through suanfan.api (.importlinter)",
    ),
    # The site's scripts, its service worker and the Node scripts of the build and the tests (eslint.config.mjs).
    # Its cache (unchanged files are not linted again) is kept with the build's other things in .cache/.
    Check(
        "eslint",
        ("eslint", "--max-warnings", "0", "--cache", "--cache-location", ".cache/eslint/", "."),
        "node_modules/.bin/eslint --fix .",
        npm=True,
    ),
)


def run_check(check: Check, root: Path = ROOT) -> bool:
    """Run one check in `root`; print its name, time and, on failure, its output and the fix."""
    started = time.monotonic()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root / "engine"), str(root)])}
    result = subprocess.run([tool(check), *check.command[1:]], cwd=root, env=env, capture_output=True, text=True)
    elapsed = time.monotonic() - started
    if result.returncode == 0:
        say(f"check {check.name}: ok ({elapsed:.1f} s)")
        return True
    output = (result.stdout + result.stderr).strip()
    say(f"check {check.name}: FAILED ({elapsed:.1f} s)\n{output}\n  to fix: {check.fix}")
    return False


def check_all(root: Path = ROOT) -> int:
    """Every check over `root`; 0 when all pass, 1 otherwise."""
    failed = [check.name for check in CHECKS if not run_check(check, root)]
    if failed:
        say(f"checks failed: {', '.join(failed)}")
        return 1
    return 0
