#!/usr/bin/env python3
"""Suanfan's one entry point.

    python3 build.py build [--clean] [--ruleset DIR]...   bring dist/ up to date: engine wheel, vendored
                                        Pyodide runtime, the wheel registered in pyodide-lock.json, rendered
                                        pages, and sw.js, the service worker that precaches all of it for
                                        offline use; only what changed is redone (--clean: start from an empty
                                        dist/; --ruleset DIR: also ship the rule set of the package DIR as a
                                        wheel the browser installs with micropip)
    python3 build.py serve [--port N] [--watch]   build, then serve dist/ on http://127.0.0.1:8000;
                                        --watch rebuilds while serving when engine/, web/ or lessons/ change
    python3 build.py test [ARGS]        pytest over tests/ (ARGS go to pytest); the tests that need dist/
                                        build it first, the others never touch it; with no ARGS (the
                                        whole suite) the static checks run first
    python3 build.py check              the static checks: ruff (lint and format), mypy, the import contract
    python3 build.py messages           bring locale/zh_Hans/*.po up to date with the messages the code marks
                                        (new ones without Chinese, for a person to write: docs/language.md)
    python3 build.py bench [ARGS]       build, then run every tests/bench_*.py (ARGS go to each)

Every command first makes sure it runs on Python >= 3.12 (re-running itself with a 3.12/3.13 it can
find if started by an older one), gets uv (the version uv.lock pins, into .cache/uv/), brings .venv to
uv.lock with the dependency groups the command needs (`uv sync --locked`: build and serve only the build
tools, the others everything) and node_modules to package-lock.json (`npm ci`, only when the lock changed),
and then runs inside .venv. The work is done by buildkit/ (buildkit/environment.py: the steps above).

Nothing here is fetched from a CDN: Pyodide and the browser modules the pages use come from the npm
registry through package-lock.json, each checked against its sha512 integrity.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

# Only the standard-library part of buildkit here: this runs before .venv exists, maybe on an old Python.
from buildkit.console import BuildError, fail, say
from buildkit.environment import BUILDING, EVERYTHING, ensure_python, inside_venv, prepare, venv_python
from buildkit.paths import DIST, ROOT

USAGE = __doc__.split("\n\n")[1]


BUILD_USAGE = "usage: python3 build.py build [--clean] [--ruleset DIR]..."


def build_command(args: list[str]) -> int:
    clean = "--clean" in args
    rest = [arg for arg in args if arg != "--clean"]
    # --ruleset DIR: a rule-set package of its own (a pyproject.toml with an entry point in suanfan.rulesets), shipped
    # as a wheel the browser installs with micropip when a page first names its rules (buildkit/rulesets.py)
    extra = rest[1::2]
    if (
        rest[0::2] != ["--ruleset"] * len(extra)
        or len(rest) % 2
        or not all((Path(d) / "pyproject.toml").is_file() for d in extra)
    ):
        fail(BUILD_USAGE, 2)
    from buildkit.dist import build

    build(DIST, clean=clean, extra_rulesets=tuple(Path(d) for d in extra))
    return 0


def serve_command(args: list[str]) -> int:
    port, watching = 8000, "--watch" in args
    rest = [arg for arg in args if arg != "--watch"]
    if rest[:1] == ["--port"] and len(rest) == 2 and rest[1].isdigit():
        port, rest = int(rest[1]), []
    if rest:
        fail("usage: python3 build.py serve [--port N] [--watch]", 2)
    from buildkit.serve import serve

    return serve(DIST, port, watching)


# Two test processes per machine (pytest-xdist), a test file each at a time: the browser tests spend most of their
# time booting Pyodide, which one process does on one core. Not with options that need a single process.
PARALLEL = ["-n", "auto", "--dist", "loadfile"]
SINGLE_PROCESS = ("-n", "--numprocesses", "--pdb", "--trace", "-s", "--capture=no", "-p")


def messages_command(args: list[str]) -> int:
    if args:
        fail("usage: python3 build.py messages", 2)
    from buildkit.catalogues import update_all

    update_all()
    return 0


def check_command(args: list[str]) -> int:
    if args:
        fail("usage: python3 build.py check", 2)
    from buildkit.check import check_all

    return check_all()


def test_command(args: list[str]) -> int:
    # The whole suite starts with the static checks; a failing check does not stop the tests (one run, every
    # problem), but it fails the command.
    checked = check_command([]) if not args else 0
    # No build here: tests/conftest.py's built_dist fixture brings dist/ up to date for the tests that use it.
    single = any(arg == opt or arg.startswith(opt + "=") for arg in args for opt in SINGLE_PROCESS)
    command = [*args] if single else [*PARALLEL, *args]
    say(" ".join(["pytest", *command]))
    tested = subprocess.run([sys.executable, "-m", "pytest", *command], cwd=ROOT).returncode
    return tested or checked


def bench_command(args: list[str]) -> int:
    scripts = sorted((ROOT / "tests").glob("bench_*.py"))
    if not scripts:
        say("no tests/bench_*.py scripts yet: nothing to run")
        return 0
    from buildkit.dist import build

    build(DIST)
    failed = []
    for script in scripts:
        say(f"bench {script.relative_to(ROOT)}")
        if subprocess.run([sys.executable, script, *args], cwd=ROOT).returncode != 0:
            failed.append(script.name)
    if failed:
        say(f"failed: {', '.join(failed)}")
    return 1 if failed else 0


COMMANDS = {
    "build": build_command,
    "serve": serve_command,
    "test": test_command,
    "check": check_command,
    "messages": messages_command,
    "bench": bench_command,
}
# What each command installs first: building and serving only the build tools and the npm packages the site
# ships; the tests, the checks and the benchmarks every dependency group and the npm devDependencies too.
NEEDS = {
    "build": BUILDING,
    "serve": BUILDING,
    "messages": BUILDING,
    "test": EVERYTHING,
    "check": EVERYTHING,
    "bench": EVERYTHING,
}
# Set for the run inside .venv once its environment is ready, so that it is not prepared twice.
PREPARED = "SUANFAN_PREPARED"


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in COMMANDS:
        print(USAGE)
        return 0 if argv[:1] in (["-h"], ["--help"], ["help"]) else 2
    ensure_python(Path(__file__), argv)
    try:
        if not (inside_venv() and os.environ.get(PREPARED) == argv[0]):
            prepare(NEEDS[argv[0]])
        if not inside_venv():
            python = str(venv_python())
            os.execve(python, [python, __file__, *argv], {**os.environ, PREPARED: argv[0]})
        return COMMANDS[argv[0]](argv[1:])
    except BuildError as error:
        fail(str(error))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
