"""The pages: web/sitegen.py's build_site(dist, context), run in a child Python.

A child, because the pages import the engine, web/ and the lessons: a fresh interpreter sees the files as
they are now, which a long-running `serve --watch` could not promise with modules it imported an edit ago.
A lesson that does not check makes build_site raise SystemExit with the problems listed; the child then
exits 1 with that message (no traceback), which the parent raises as a BuildError.

    python -m buildkit.site DEST CONTEXT.json      (what render_pages runs, from the checkout's root)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from buildkit.console import BuildError
from buildkit.npm import pyodide_version
from buildkit.paths import ROOT


def site_context(engine_wheel: str, pyodide_lock: dict) -> dict:
    """Everything the templates may use from the build. The one place to add build-time data for the pages."""
    return {
        "engine_version": engine_wheel.split("-")[1],
        "engine_wheel": engine_wheel,
        "pyodide_version": pyodide_version(),
        "pyodide_python": pyodide_lock["info"]["python"],
    }


def render_pages(dest: Path, context: dict, wheels: list[Path] = ()) -> list[str]:
    """Render the site into `dest` (pages, static files); returns the pages written, relative to `dest`. wheels:
    rule sets of their own (buildkit/rulesets.py), put on the child's path for the registry to find."""
    with tempfile.TemporaryDirectory(prefix="suanfan-site-") as scratch:
        context_file = Path(scratch) / "context.json"
        context_file.write_text(json.dumps(context), encoding="utf-8")
        # This checkout's engine comes first, ahead of whichever engine .venv has installed; the package web is
        # found from the checkout's root (cwd).
        path = os.pathsep.join([str(ROOT / "engine"), *map(str, wheels), os.environ.get("PYTHONPATH", "")])
        done = subprocess.run(
            [sys.executable, "-m", "buildkit.site", str(dest), str(context_file)],
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": path.rstrip(os.pathsep)},
        )
    if done.returncode != 0:
        # The child's own words are the message: a lesson's problems, or the traceback of a bug in web/.
        raise BuildError(done.stderr.strip() or f"rendering the pages failed (exit {done.returncode})")
    return json.loads(done.stdout.strip().splitlines()[-1])


def build_site_here(dest: Path, context: dict) -> list[Path]:
    """web/sitegen.py's build_site (the package web, imported from the checkout's root), with every rule set the
    engine's registry finds: the built-in ones and those of wheels on the path (through their entry points)."""
    from suanfan import rulesets
    from web import sitegen

    rulesets.load_installed()
    return sitegen.build_site(dest, context)


if __name__ == "__main__":
    destination = Path(sys.argv[1])
    written = build_site_here(destination, json.loads(Path(sys.argv[2]).read_text(encoding="utf-8")))
    print(json.dumps([page.relative_to(destination).as_posix() for page in written]))
