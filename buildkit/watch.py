"""`serve --watch`: notice edits to the sources by polling their modification times, and rebuild.

Polling (twice a second, stdlib only) is plenty for a person saving a file. The rebuild is the incremental
build, which decides from the files' contents what to redo: a save that changed nothing redoes nothing, a
lesson redoes the pages, an engine module the wheel and the pages.
"""

from __future__ import annotations

import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path

from buildkit.console import BuildError, say
from buildkit.stages import source_files

# What the site is built from. buildkit/ is not here: the running server would still run its old code.
WATCHED = ("engine", "web", "lessons", "locale", "pyproject.toml", "README.md")
POLL_SECONDS = 0.5

Snapshot = dict[str, tuple[int, int]]


def snapshot(root: Path) -> Snapshot:
    """Every watched file with its modification time and size."""
    seen = {}
    for name in WATCHED:
        for path in source_files(root / name):
            try:
                stat = path.stat()
            except FileNotFoundError:  # removed while we looked: the next snapshot tells
                continue
            seen[path.relative_to(root).as_posix()] = (stat.st_mtime_ns, stat.st_size)
    return seen


def changed(before: Snapshot, after: Snapshot) -> list[str]:
    return sorted(name for name in before.keys() | after.keys() if before.get(name) != after.get(name))


def watch(root: Path, rebuild: Callable[[], object], seen: Snapshot, stop: threading.Event | None = None) -> None:
    """Call `rebuild` after each change to `root`'s sources since the snapshot `seen` (taken before the first
    build, so that an edit made while it ran is not missed), until `stop` is set (or forever). A failing
    rebuild is reported and the loop goes on: what was last built stays in dist/ and is still served."""
    stop = stop or threading.Event()
    while not stop.wait(POLL_SECONDS):
        now = snapshot(root)
        if now == seen:
            continue
        # A save-all or a `git checkout` writes several files in a row: wait until they have settled.
        while not stop.wait(POLL_SECONDS) and (later := snapshot(root)) != now:
            now = later
        names = changed(seen, now)
        seen = now
        say(f"changed: {', '.join(names[:3])}{' …' if len(names) > 3 else ''}: rebuilding")
        try:
            rebuild()
        except BuildError as error:  # a lesson that does not check, say: its message, no traceback
            print(error, file=sys.stderr, flush=True)
            say("the build failed: still serving the last good build. Fix the file and save it again.")
        except Exception:  # a bug in the build itself must not stop a teacher's server either
            traceback.print_exc()
            say("the build failed: still serving the last good build.")
