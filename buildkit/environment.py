"""What a command needs before it runs, made by the standard tools from the project's two locks.

    ensure_python   Python >= 3.12: the one build.py runs on, or a 3.12/3.13 found here that it re-runs itself with
    ensure_uv       uv, the version uv.lock pins, installed with its locked hashes into .cache/uv/<version>/
    sync_venv       .venv with the dependency groups the command needs (`uv sync --locked` from uv.lock)
    install_npm     node_modules (`npm ci` from package-lock.json), only when the lock changed since the last one

Standard library only: this runs before .venv exists. build.py decides which groups each command gets
(its NEEDS): building and serving install neither the test tools nor the checkers, so a newcomer's first
`serve` compiles no test oracle.
"""

from __future__ import annotations

import glob
import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from buildkit.console import BuildError, fail, run, say
from buildkit.paths import CACHE, NODE_MODULES, NPM_LOCK, PACKAGE_JSON, ROOT, UV_LOCK, VENV

MIN_PYTHON = (3, 12)


@dataclass(frozen=True)
class Needs:
    groups: tuple[str, ...]  # pyproject.toml's dependency groups to have in .venv
    exact: bool  # remove what the lock has but these groups do not (else leave what another command installed)
    engine: bool  # the engine too, editable (for a developer's .venv/bin/python; the build and the tests put
    # engine/ on sys.path themselves)
    npm_dev: bool  # package.json's devDependencies too (eslint, axe-core), not only what the site ships


BUILDING = Needs(("build",), exact=False, engine=False, npm_dev=False)
EVERYTHING = Needs(("build", "test", "check"), exact=True, engine=True, npm_dev=True)


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


# ---------------------------------------------------------------- uv


def locked_uv(lock_text: str) -> tuple[str, list[str]]:
    """uv's version in uv.lock and the sha256 of each of its wheels (one per platform)."""
    import tomllib  # here, not above: build.py imports this module on whatever Python started it, maybe a 3.10

    for package in tomllib.loads(lock_text).get("package", []):
        if package["name"] == "uv":
            hashes = [wheel["hash"].removeprefix("sha256:") for wheel in package.get("wheels", [])]
            if hashes:
                return package["version"], hashes
    raise BuildError("uv.lock does not pin uv with its wheels: pyproject.toml's dependency group `uv` names it")


def uv_path() -> Path:
    version, _ = locked_uv(UV_LOCK.read_text(encoding="utf-8"))
    return CACHE / "uv" / version / "bin" / "uv"


def ensure_uv() -> Path:
    """The locked uv, installed once into .cache/uv/<version>/ by pip, which checks the wheel against the lock's
    hashes; .venv is uv's to manage, so uv does not live there."""
    version, hashes = locked_uv(UV_LOCK.read_text(encoding="utf-8"))
    home = CACHE / "uv" / version
    uv = home / "bin" / "uv"
    if uv.exists():
        return uv
    started = time.monotonic()
    shutil.rmtree(home, ignore_errors=True)
    if importlib.util.find_spec("pip"):
        pip = [sys.executable, "-m", "pip", "install", "--target", home]  # the wheel's binary lands in home/bin
    else:  # a Python without pip of its own (Debian's without python3-pip): a small venv brings one
        run([sys.executable, "-m", "venv", home], "making a venv for uv")
        pip = [home / "bin" / "python", "-m", "pip", "install"]
    with tempfile.TemporaryDirectory(prefix="suanfan-uv-") as scratch:
        requirement = Path(scratch) / "uv.txt"
        requirement.write_text(f"uv=={version} " + " ".join(f"--hash=sha256:{h}" for h in hashes) + "\n")
        options = ["--quiet", "--disable-pip-version-check", "--require-hashes", "--only-binary=:all:", "--no-deps"]
        run([*pip, *options, "-r", requirement], f"installing uv {version}")
    if not uv.exists():
        raise BuildError(f"installing uv {version} left no {uv}")
    say(f"uv {version} installed in {home.relative_to(ROOT)} ({time.monotonic() - started:.1f} s)")
    return uv


def uv_env() -> dict[str, str]:
    # .venv is the environment's one place (docs and tests name .venv/bin/python), whatever the caller's shell says.
    return {**os.environ, "UV_PROJECT_ENVIRONMENT": str(VENV), "UV_NO_PROGRESS": "1"}


def sync_venv(needs: Needs) -> None:
    """.venv as uv.lock has it, with `needs.groups` (and the engine, editable, if needed). uv does nothing when it
    already is."""
    uv = ensure_uv()
    started = time.monotonic()
    command = [uv, "sync", "--locked", "--python", sys.executable, "--no-default-groups"]
    command += [arg for group in needs.groups for arg in ("--group", group)]
    if not needs.exact:
        command.append("--inexact")
    if not needs.engine:
        command.append("--no-install-project")
    result = run(command, f"uv sync ({', '.join(needs.groups)})", cwd=ROOT, env=uv_env())
    changes = [line.strip() for line in result.stderr.splitlines() if line.strip()[:2] in ("+ ", "- ", "~ ")]
    if changes:
        say(
            f".venv synced from uv.lock, groups {', '.join(needs.groups)}: {len(changes)} packages changed "
            f"({time.monotonic() - started:.1f} s)"
        )


# ---------------------------------------------------------------- node_modules


NPM_STAMP = NODE_MODULES / ".suanfan-npm-ci"  # inside node_modules: `npm ci` removes it with everything else


def npm_stamp(dev: bool) -> str:
    """package.json and its lock, hashed (an edit of either reruns `npm ci`, which refuses the two out of step)."""
    digest = hashlib.sha256(NPM_LOCK.read_bytes())
    digest.update(PACKAGE_JSON.read_bytes())
    return digest.hexdigest() + (" dev" if dev else " site")


def install_npm(needs: Needs) -> None:
    """node_modules from package-lock.json by `npm ci` (which checks every tarball against the lock's integrity),
    unless the last install was of this same lock and had what is needed (an install with the devDependencies
    also serves a command that needs none)."""
    wanted = npm_stamp(needs.npm_dev)
    have = NPM_STAMP.read_text(encoding="utf-8") if NPM_STAMP.exists() else ""
    if have in (wanted, npm_stamp(True)):
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(
            "npm is not on PATH. Install Node.js (>= 20) with npm (e.g. `apt-get install nodejs npm`): it installs "
            "the Pyodide runtime and the browser modules from package-lock.json."
        )
    started = time.monotonic()
    command = [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"]
    if not needs.npm_dev:
        command.append("--omit=dev")
    env = {**os.environ, "NPM_CONFIG_UPDATE_NOTIFIER": "false"}
    run(command, "npm ci", cwd=ROOT, env=env)
    NPM_STAMP.write_text(wanted, encoding="utf-8")
    what = "with" if needs.npm_dev else "without"
    say(
        f"node_modules installed from package-lock.json by npm ci, {what} devDependencies ({time.monotonic() - started:.1f} s)"
    )


def prepare(needs: Needs) -> None:
    sync_venv(needs)
    install_npm(needs)


def venv_python() -> Path:
    return VENV / "bin" / "python"


def inside_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()
