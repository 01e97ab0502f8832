"""The incremental build: dist/ is made by stages, and a stage is redone only when something it depends on
changed.

dist/.build-state.json keeps, for each stage, a digest of its inputs (the contents of its source files and
folders, and settings such as pins) and a digest of the files it left in dist/ (path, size, mtime). A stage
whose two digests still match is skipped. Otherwise it is made again into an empty scratch folder, and only
once that succeeded are its files in dist/ replaced by the new ones: a stage that fails leaves the last good
files in place (what `serve --watch` keeps serving). A stage's record is dropped before it runs, so a build
stopped half-way redoes that stage next time; files in dist/ edited, added or removed by hand show in the
second digest and are redone too.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

STATE_NAME = ".build-state.json"
SCRATCH_NAME = ".scratch"  # inside dist/, so that moving a finished file into place is a rename
# Left out of a source digest: what Python and setuptools leave next to the sources.
NOT_SOURCES = ("__pycache__", "*.pyc", "*.egg-info")


@dataclass(frozen=True)
class Stage:
    name: str
    sources: tuple[Path, ...]  # files and folders whose contents the stage's output is made from
    owns: Callable[[str], bool]  # is this file of dist/ (posix path relative to dist/) the stage's?
    make: Callable[[Path], None]  # write the stage's files into an empty folder laid out like dist/
    settings: Callable[[], object] = lambda: None  # anything else the output depends on, as JSON values


def source_files(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    found = []
    for folder, subfolders, files in os.walk(path):
        subfolders[:] = sorted(d for d in subfolders if not skipped(d))
        found += [Path(folder, f) for f in sorted(files) if not skipped(f)]
    return found


def skipped(name: str) -> bool:
    return any(fnmatch.fnmatchcase(name, pattern) for pattern in NOT_SOURCES)


def inputs_digest(stage: Stage, root: Path) -> str:
    """The stage's sources (relative paths and contents) and settings, hashed."""
    digest = hashlib.sha256(json.dumps(stage.settings(), sort_keys=True).encode())
    for source in stage.sources:
        for path in source_files(source):
            digest.update(f"\0{path.relative_to(root).as_posix()}\0".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def dist_files(dist: Path) -> list[str]:
    """Every file of dist/ (posix paths relative to it) but the build's own dot-files."""
    files = []
    for folder, subfolders, names in os.walk(dist):
        relative = Path(folder).relative_to(dist)
        if relative == Path("."):
            subfolders[:] = [d for d in subfolders if not d.startswith(".")]
            names = [n for n in names if not n.startswith(".")]
        files += [(relative / n).as_posix() for n in names]
    return sorted(files)


def files_digest(dist: Path, owns: Callable[[str], bool]) -> str:
    """Which files of dist/ the stage owns, with their sizes and modification times, hashed."""
    digest = hashlib.sha256()
    for name in dist_files(dist):
        if owns(name):
            stat = (dist / name).stat()
            digest.update(f"{name}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def replace_owned_files(dist: Path, made: Path, owns: Callable[[str], bool]) -> None:
    """Move the stage's new files from `made` into dist/ and remove its files that the new make lacks.
    Files in `made` the stage does not own (helpers a stage needed on the way) are left behind."""
    new = [name for name in dist_files(made) if owns(name)]
    old = [name for name in dist_files(dist) if owns(name)]
    for name in new:
        (dist / name).parent.mkdir(parents=True, exist_ok=True)
        os.replace(made / name, dist / name)
    for name in set(old) - set(new):
        (dist / name).unlink()
    for folder, _, _ in sorted(os.walk(dist), key=lambda entry: -len(entry[0])):  # deepest first
        if Path(folder) != dist and not os.listdir(folder) and not Path(folder).name.startswith("."):
            os.rmdir(folder)


def run_stages(dist: Path, stages: list[Stage], root: Path) -> list[str]:
    """Bring each stage of dist/ up to date, in order. Returns the names of the stages made again."""
    dist.mkdir(parents=True, exist_ok=True)
    state_file = dist / STATE_NAME
    state = json.loads(state_file.read_text(encoding="utf-8")) if state_file.exists() else {}
    scratch = dist / SCRATCH_NAME
    made = []
    for stage in stages:
        record = {"inputs": inputs_digest(stage, root), "files": files_digest(dist, stage.owns)}
        if state.get(stage.name) == record:
            continue
        state.pop(stage.name, None)
        state_file.write_text(json.dumps(state, indent=1), encoding="utf-8")
        shutil.rmtree(scratch, ignore_errors=True)
        scratch.mkdir()
        try:
            stage.make(scratch)
            replace_owned_files(dist, scratch, stage.owns)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        state[stage.name] = {"inputs": record["inputs"], "files": files_digest(dist, stage.owns)}
        state_file.write_text(json.dumps(state, indent=1), encoding="utf-8")
        made.append(stage.name)
    return made
