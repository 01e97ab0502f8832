"""Python >= 3.12 and the project's .venv, made before anything else runs.

Standard library only: this runs before .venv exists, possibly on an older Python that it then replaces.
.venv is installed from the lock requirements-dev.txt with --require-hashes (every package, transitive ones
too, pinned with its hashes) and reinstalled only when the lock or pyproject.toml changes.
"""

from __future__ import annotations

import glob
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from buildkit.console import BuildError, fail, run, say
from buildkit.paths import PYPROJECT, REQUIREMENTS_IN, REQUIREMENTS_LOCK, ROOT, VENV

MIN_PYTHON = (3, 12)

# Installed from the lock first, on their own: the rest then installs without build isolation, so the one
# sdist in the lock (pymahjonggb, a C++ extension) is built with these pinned tools rather than with
# whatever setuptools an isolated build environment would fetch that day.
BUILD_TOOLS = ("pip", "setuptools", "wheel")
STAMP = VENV / ".suanfan-requirements"


# ---------------------------------------------------------------- Python >= 3.12


def python_is_new_enough(executable: str) -> bool:
    probe = f"import sys; sys.exit(0 if sys.version_info >= {MIN_PYTHON!r} else 1)"
    try:
        return subprocess.run([executable, "-c", probe], capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def find_newer_python() -> str | None:
    on_path = [shutil.which(name) for name in ("python3.13", "python3.12")]
    pyenv = sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.1[23]*/bin/python3")), reverse=True)
    for candidate in [c for c in on_path if c] + pyenv:
        if python_is_new_enough(candidate):
            return candidate
    return None


def ensure_python(script: Path, argv: list[str]) -> None:
    """Return on Python >= 3.12; otherwise re-run `script argv` with a 3.12/3.13 found here, or stop."""
    if sys.version_info >= MIN_PYTHON:
        return
    running = ".".join(map(str, sys.version_info[:3]))
    found = None if os.environ.get("SUANFAN_REEXEC") else find_newer_python()
    if found is None:
        fail(
            f"Suanfan needs Python >= 3.12, and this is {running}. Install 3.12 or 3.13 "
            "(for example `pyenv install 3.12`; the repo's .python-version then selects it) and run again."
        )
    say(f"Python {running} is too old; re-running with {found}")
    os.execve(found, [found, str(script), *argv], {**os.environ, "SUANFAN_REEXEC": "1"})


# ---------------------------------------------------------------- .venv from the lock


def venv_python() -> Path:
    return VENV / "bin" / "python"


def inside_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


def requirements_stamp() -> str:
    digest = hashlib.sha256()
    for path in (REQUIREMENTS_LOCK, PYPROJECT):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def canonical_name(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def lock_entries(lock_text: str) -> dict[str, str]:
    """The lock's requirements by canonical name: {"setuptools": "setuptools==84.2.1 --hash=sha256:… …"}."""
    entries = {}
    for line in lock_text.replace("\\\n", " ").splitlines():  # an entry continues over `\`-ended lines
        line = line.strip()
        if line and not line.startswith(("#", "-")):
            entries[canonical_name(re.split(r"[=<>!~;\[ ]", line, maxsplit=1)[0])] = " ".join(line.split())
    return entries


def stale_pins(lock_text: str, requested_text: str) -> list[str]:
    """The `name==version` lines of requirements-dev.in that the lock does not pin the same way."""
    locked = {name: entry.split()[0].partition("==")[2] for name, entry in lock_entries(lock_text).items()}
    stale = []
    for line in requested_text.splitlines():
        name, pinned, version = line.split("#")[0].replace(" ", "").partition("==")
        if pinned and locked.get(canonical_name(name)) != version:
            stale.append(f"{name}=={version}")
    return stale


def ensure_venv() -> None:
    """Create .venv and install the lock into it, unless the stamp says that exact lock is installed."""
    wanted = requirements_stamp()
    healthy = venv_python().exists() and python_is_new_enough(str(venv_python()))
    if healthy and STAMP.exists() and STAMP.read_text() == wanted:
        return
    lock_text = REQUIREMENTS_LOCK.read_text(encoding="utf-8")
    stale = stale_pins(lock_text, REQUIREMENTS_IN.read_text(encoding="utf-8"))
    if stale:
        say(
            f"requirements-dev.in pins {', '.join(stale)}, which the lock does not: installing the lock as it is. "
            "Run `.venv/bin/pip-compile` to bring the lock up to date."
        )
    started = time.monotonic()
    if not healthy:
        shutil.rmtree(VENV, ignore_errors=True)
        say(f"creating .venv with Python {sys.version.split()[0]}")
        run([sys.executable, "-m", "venv", VENV], "creating .venv")
    say("installing requirements-dev.txt into .venv (the first time takes a few minutes: pymahjonggb compiles)")
    STAMP.unlink(missing_ok=True)
    entries = lock_entries(lock_text)
    missing = [name for name in BUILD_TOOLS if name not in entries]
    if missing:
        raise BuildError(
            f"requirements-dev.txt has no entry for {', '.join(missing)}: regenerate it with "
            "`.venv/bin/pip-compile` (pyproject.toml's [tool.pip-tools] pins them: allow-unsafe)"
        )
    pip = [venv_python(), "-m", "pip", "install", "--disable-pip-version-check", "--quiet"]
    with tempfile.TemporaryDirectory(prefix="suanfan-venv-") as scratch:
        tools = Path(scratch) / "build-tools.txt"
        tools.write_text("".join(entries[name] + "\n" for name in BUILD_TOOLS), encoding="utf-8")
        run([*pip, "--require-hashes", "--no-deps", "-r", tools], "installing pip, setuptools and wheel", cwd=ROOT)
    run(
        [*pip, "--require-hashes", "--no-build-isolation", "-r", REQUIREMENTS_LOCK],
        "installing requirements-dev.txt",
        cwd=ROOT,
    )
    # The engine, editable: tests and the site build import the working tree's code.
    run([*pip, "--no-deps", "--no-build-isolation", "--editable", ROOT], "installing the engine", cwd=ROOT)
    STAMP.write_text(wanted)
    say(f".venv ready ({time.monotonic() - started:.0f} s)")
