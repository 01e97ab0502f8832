"""The build is reproducible: the same sources give the same dist/, byte for byte, on every build and machine (with
the same pinned tools: Node's zlib writes the compressed copies). A rebuild of an unchanged site then changes no
file, so no returning visitor downloads anything again and the service worker's version stays.

The part that was not so is the engine's memory snapshot (random bytes, the clock and the time zone reached
Python's memory while it was made: buildkit/snapshot.mjs says how each is fixed); it is made again here and
compared with the one in dist/. Two whole clean builds, compared file by file, take minutes: marked `long`.
"""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path

import pytest

from buildkit import npm
from buildkit.dist import build, engine_wheel
from buildkit.snapshot import make_snapshot, read_snapshot_info
from buildkit.stages import dist_files


def test_the_snapshot_made_again_is_the_same_bytes(built_dist, tmp_path):
    """As the build's engine stage makes it: the pinned runtime unpacked in a folder of its own, the built wheel."""
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    for name, data in npm.pyodide_files():
        (runtime / name).write_bytes(data)
    out = tmp_path / "pyodide"
    out.mkdir()
    again = make_snapshot(out, runtime, engine_wheel(built_dist))
    info = read_snapshot_info(built_dist / "pyodide")
    assert again.name == info["file_name"], "the same wheel and runtime made a different snapshot"
    assert again.read_bytes() == (built_dist / "pyodide" / info["file_name"]).read_bytes()


def tree(dist: Path) -> dict[str, str]:
    """Every file of a dist/ (the build's own bookkeeping, dot-files at the top, left out) -> its sha256."""
    return {name: hashlib.sha256((dist / name).read_bytes()).hexdigest() for name in dist_files(dist)}


@pytest.mark.long
def test_two_clean_builds_are_the_same_tree():
    with tempfile.TemporaryDirectory(prefix="suanfan-twice-") as scratch:
        first, second = Path(scratch) / "first", Path(scratch) / "second"
        build(first, clean=True)
        build(second, clean=True)
        one, other = tree(first), tree(second)
    assert sorted(one) == sorted(other)
    assert [name for name in one if one[name] != other[name]] == []
