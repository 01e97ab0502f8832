"""dist/, the site, built in stages that are redone only when their inputs changed (see buildkit/stages.py):

  runtime   dist/pyodide/: the Pyodide npm package        from node_modules/pyodide (package-lock.json)
  engine    dist/pyodide/suanfan-*.whl, registered in     from engine/, pyproject.toml, README.md
            pyodide-lock.json, and the engine's memory
            snapshot with its description
  vendor    dist/static/vendor/: the browser modules       from their npm packages in node_modules/
            (ts-fsrs, qrcode-generator, fflate, crc-32, jsqr)
  pages     everything else, and _headers (the headers a  from web/, lessons/ and engine/ (the engine
            host must send, buildkit/headers.py)          computes what the pages show)
  sw.js     last, always, from what is in dist/ then

Each stage also writes the precompressed copies of its files (FILE.br, FILE.gz: buildkit/precompress.py).

Every stage also depends on buildkit/ (the code that makes it) and uv.lock (the tools' versions); the runtime,
engine and vendor stages on the locked versions and integrities of their npm packages.
"""

from __future__ import annotations

import fnmatch
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from buildkit import npm, offline, rulesets
from buildkit.catalogues import compile_all
from buildkit.console import human_size, say
from buildkit.headers import write_headers_file
from buildkit.paths import DIST, ROOT, UV_LOCK
from buildkit.precompress import (
    ENCODINGS,
    QUALITY_OFTEN,
    QUALITY_ONCE,
    compress_files,
    is_copy,
    original_name,
    precompress,
)
from buildkit.site import render_pages, site_context
from buildkit.snapshot import EMPTY_STDLIB, SNAPSHOT_GLOB, SNAPSHOT_INFO, make_snapshot, read_snapshot_info
from buildkit.stages import Stage, dist_files, run_stages
from buildkit.wheel import ENGINE_WHEEL_GLOB, WHEEL_SOURCES, build_engine_wheel, read_lock, register_wheels

BUILD_CODE = ROOT / "buildkit"
LOCK_NAME = "pyodide/pyodide-lock.json"


def is_engine(name: str) -> bool:
    """The engine stage's: the lock, the snapshot, every wheel (the engine's, extra rule sets' and micropip) and the
    extra rule sets' manifest, with each one's precompressed copies."""
    name = original_name(name)  # a file's precompressed copies belong to its stage
    return name in (
        LOCK_NAME,
        f"pyodide/{SNAPSHOT_INFO}",
        f"pyodide/{EMPTY_STDLIB}",
        f"pyodide/{rulesets.MANIFEST}",
    ) or any(fnmatch.fnmatchcase(name, f"pyodide/{glob}") for glob in ("*.whl", SNAPSHOT_GLOB))


def is_runtime(name: str) -> bool:
    return name.startswith("pyodide/") and not is_engine(name)


VENDOR = "static/vendor/"


def is_vendored(name: str) -> bool:
    return name.startswith(VENDOR)


def is_page(name: str) -> bool:
    return not name.startswith("pyodide/") and not is_vendored(name) and original_name(name) != "sw.js"


def make_runtime(out: Path) -> None:
    (out / "pyodide").mkdir()
    for name, data in npm.pyodide_files():
        (out / "pyodide" / name).write_bytes(data)
    precompress(out, QUALITY_ONCE)


def make_vendor(out: Path) -> None:
    (out / VENDOR).mkdir(parents=True)
    for name, data in npm.vendored_files():
        (out / VENDOR / name).write_bytes(data)
    precompress(out, QUALITY_ONCE)


def make_engine(out: Path, extra_rulesets: tuple[Path, ...] = ()) -> None:
    """The engine wheel, and Pyodide's own lock with it registered (the worker finds the engine's wheel there and
    refuses it unless it matches the lock's sha256, as Pyodide does for its own packages). The lock is always made
    from the shipped one, so an engine rebuilt a hundred times leaves no trace of the ninety-nine others. Then the
    engine's memory snapshot (buildkit/snapshot.py), which the worker boots from when it can. Both the wheel's
    bytecode and the snapshot are made by the pinned runtime itself, unpacked in a scratch folder. extra_rulesets: rule-set
    packages of their own (buildkit/rulesets.py), whose wheels (and micropip's) are registered in the same lock and
    kept out of the snapshot."""
    pyodide_dir = out / "pyodide"
    pyodide_dir.mkdir()
    (pyodide_dir / "pyodide-lock.json").write_bytes(npm.pyodide_lock())
    with tempfile.TemporaryDirectory(prefix="suanfan-runtime-") as runtime_dir:
        for name, data in npm.pyodide_files():
            (Path(runtime_dir) / name).write_bytes(data)
        wheel = build_engine_wheel(pyodide_dir, Path(runtime_dir))
        extras = rulesets.add_rulesets(pyodide_dir, list(extra_rulesets)) if extra_rulesets else []
        register_wheels(pyodide_dir, [wheel, *extras])
        make_snapshot(pyodide_dir, Path(runtime_dir), wheel)
    precompress(out, QUALITY_OFTEN)


def make_pages(out: Path, dist: Path) -> None:
    """The pages and static files (web/sitegen.py), and dist/_headers for hosts that read it. The extra rule sets'
    wheels the engine stage left are on the pages' path: every page offers them as it offers the built-in ones."""
    render_pages(out, pages_context(dist), rulesets.extra_wheels(dist / "pyodide"))
    write_headers_file(out)
    precompress(out, QUALITY_OFTEN)


def engine_wheel(dist: Path) -> Path:
    return next((dist / "pyodide").glob(ENGINE_WHEEL_GLOB))


def pages_context(dist: Path) -> dict:
    return site_context(engine_wheel(dist).name, read_lock(dist / "pyodide"))


def stages(dist: Path, seconds: dict[str, float], extra_rulesets: tuple[Path, ...] = ()) -> list[Stage]:
    """dist/'s stages; each one made records how long it took in `seconds`. extra_rulesets: see make_engine."""
    shared = (BUILD_CODE, UV_LOCK)
    extras = tuple(Path(p).resolve() for p in extra_rulesets)
    extra_names = [p.relative_to(ROOT).as_posix() if p.is_relative_to(ROOT) else str(p) for p in extras]

    def timed(name: str, make: Callable[[Path], None]) -> Callable[[Path], None]:
        def make_and_time(out: Path) -> None:
            started = time.monotonic()
            make(out)
            seconds[name] = time.monotonic() - started

        return make_and_time

    return [
        Stage("runtime", shared, is_runtime, timed("runtime", make_runtime), settings=lambda: npm.pins(["pyodide"])),
        Stage(
            "engine",
            (*shared, *(ROOT / name for name in WHEEL_SOURCES), ROOT / "locale", *extras),
            is_engine,
            timed("engine", lambda out: make_engine(out, extras)),
            settings=lambda: {"pins": npm.pins(["pyodide"]), "rulesets": extra_names},
        ),
        Stage(
            "vendor",
            shared,
            is_vendored,
            timed("vendor", make_vendor),
            settings=lambda: npm.pins(list(npm.VENDORED)),
        ),
        Stage(
            "pages",
            (*shared, ROOT / "web", ROOT / "lessons", ROOT / "engine", ROOT / "locale", *extras),
            is_page,
            timed("pages", lambda out: make_pages(out, dist)),
            settings=lambda: {**pages_context(dist), "rulesets": extra_names},
        ),
    ]


def build(dist: Path = DIST, clean: bool = False, extra_rulesets: tuple[Path, ...] = ()) -> list[str]:
    """Bring dist/ up to date (from empty with `clean`); sw.js is rewritten whatever happened, so it always
    lists what dist/ holds, even when a stage failed and the last good files stay. Returns the stages made.
    extra_rulesets: rule-set packages of their own to ship as wheels (`--ruleset DIR`; buildkit/rulesets.py)."""
    started, seconds = time.monotonic(), {}
    if clean:
        shutil.rmtree(dist, ignore_errors=True)
    compile_all()  # the engine and the pages read the compiled catalogues: before any stage hashes its inputs
    try:
        made = run_stages(dist, stages(dist, seconds, extra_rulesets), ROOT)
    finally:
        if dist.exists():
            offline.write_service_worker(dist)
            compress_files([dist / "sw.js"], QUALITY_OFTEN)
    report(dist, seconds, time.monotonic() - started)
    return made


def encoded_size(dist: Path, name: str, suffix: str = ENCODINGS["br"]) -> int:
    """The bytes a server sends for a file of dist/ to a browser that accepts this encoding."""
    copy = dist / f"{name}{suffix}"
    return (copy if copy.is_file() else dist / name).stat().st_size


def sent_size(dist: Path, name: str) -> str:
    return ", ".join(
        f"{encoding} {human_size(encoded_size(dist, name, suffix))}" for encoding, suffix in ENCODINGS.items()
    )


def report(dist: Path, made: dict[str, float], seconds: float) -> None:
    """The build's summary: each part of dist/, and how long its stage took when it was made (else "up to date")."""
    names = dist_files(dist)
    size = {name: (dist / name).stat().st_size for name in names}
    wheel, lock, snapshot = engine_wheel(dist), read_lock(dist / "pyodide"), read_snapshot_info(dist / "pyodide")
    pages = [name for name in names if is_page(name) and name.endswith(".html")]
    precached = offline.precache_manifest(dist)
    installed = [f for f in precached["files"] if not f.get("onDemand")]
    rows = [
        (
            "engine",
            "engine",
            f"{wheel.name}  {human_size(size[f'pyodide/{wheel.name}'])}, registered in "
            "pyodide-lock.json (sha256 checked)",
        ),
        (
            "engine",
            "snapshot",
            f"{snapshot['file_name']}  {human_size(size['pyodide/' + snapshot['file_name']])} of memory "
            f"({sent_size(dist, 'pyodide/' + snapshot['file_name'])} compressed), {snapshot['modules']} engine modules",
        ),
        (
            "runtime",
            "pyodide",
            f"{npm.pyodide_version()} (Python {lock['info']['python']}), npm integrity ok  "
            f"{human_size(sum(size[n] for n in names if is_runtime(n) and not is_copy(n)))} in pyodide/",
        ),
        (
            "vendor",
            "vendor",
            ", ".join(f"{pin['package']} {pin['version']}" for pin in npm.pins(list(npm.VENDORED)))
            + f" from npm, integrity ok  {human_size(sum(size[n] for n in names if is_vendored(n) and not is_copy(n)))}"
            f" in {VENDOR}",
        ),
        *(
            [("engine", "rulesets", f"{', '.join(extras)} as wheels of their own, micropip to install them")]
            if (extras := rulesets.described(dist / "pyodide"))
            else []
        ),
        ("pages", "pages", f"{len(pages)}: {', '.join(pages[:6])}{' …' if len(pages) > 6 else ''}"),
        (
            None,
            "offline",
            f"sw.js installs {len(installed)} files, {human_size(precached['bytes'])}, "
            f"{human_size(sum(encoded_size(dist, f['path']) for f in installed))} as brotli "
            f"(version {precached['version']}); {len(precached['files']) - len(installed)} more when needed",
        ),
    ]
    done = f"remade {', '.join(made)}" if made else "every stage was up to date"
    say(f"dist/ in {seconds:.1f} s ({done}): {len(names)} files, {human_size(sum(size.values()))}")
    for stage, label, text in rows:
        when = "" if stage is None else f"made in {made[stage]:.1f} s" if stage in made else "up to date"
        print(f"    {label:<9}{when:<16}{text}")
