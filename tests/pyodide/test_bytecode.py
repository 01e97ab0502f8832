"""The engine wheel carries bytecode compiled by Pyodide's own Python (buildkit/bytecode.mjs): Pyodide never writes
bytecode itself, so without it the ordinary boot compiles the engine's modules from source, and the build's snapshot
(buildkit/snapshot.mjs) is made from that bytecode."""

import json
import zipfile

from buildkit.wheel import ENGINE_WHEEL_GLOB


def test_every_module_in_the_wheel_has_its_bytecode_beside_it(built_dist):
    (wheel,) = (built_dist / "pyodide").glob(ENGINE_WHEEL_GLOB)
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    modules = sorted(name for name in names if name.endswith(".py"))
    assert modules, "no module in the engine wheel"
    tags = {name.rsplit(".", 2)[-2] for name in names if name.endswith(".pyc")}
    assert len(tags) == 1 and next(iter(tags)).startswith("cpython-3"), tags
    tag = tags.pop()
    missing = [
        m for m in modules if f"{m.rpartition('/')[0]}/__pycache__/{m.rpartition('/')[2][:-3]}.{tag}.pyc" not in names
    ]
    assert missing == []


def test_the_ordinary_boot_imports_the_engine_from_that_bytecode(run_node):
    report = json.loads(run_node("bytecode_probe.mjs", "--full").stdout)
    assert report["restored"] is False
    booted = report["booted"]
    assert len(booted) > 10
    # every module the boot imported came from a pyc Pyodide's Python reads (its magic number), an
    # "unchecked-hash" one (flags 0b01), so the source is not even looked at
    assert [m for m in booted if not (m[1] and m[3] and m[2] == 0b01)] == []
    # and the rest of the engine (practice, the score sheet) is imported without compiling anything
    assert report["compiled_later"] == []


def test_the_snapshot_holds_every_module_of_the_engine_already_imported(run_node, built_dist):
    """Restored from its snapshot, the engine needs no file of its own: every module is in memory (imported from
    the wheel's bytecode when the build made the snapshot: buildkit/snapshot.mjs stops the build otherwise)."""
    report = json.loads(run_node("bytecode_probe.mjs").stdout)
    assert report["restored"] is True
    (wheel,) = (built_dist / "pyodide").glob(ENGINE_WHEEL_GLOB)
    with zipfile.ZipFile(wheel) as archive:
        in_wheel = {
            name[:-3].removesuffix("/__init__").replace("/", ".")
            for name in archive.namelist()
            if name.endswith(".py") and not name.endswith("__main__.py")
        }
    assert in_wheel <= {m[0] for m in report["booted"]}
    # they were imported from the wheel's bytecode (their spec names the pyc beside the installed source)
    assert all(m[1] and m[1].endswith(".pyc") for m in report["booted"])
    assert report["compiled_later"] == []
