#!/usr/bin/env python3
"""Suanfan's one entry point.

    python3 build.py build          dist/ from scratch: engine wheel, vendored Pyodide + micropip,
                                    the wheel registered in pyodide-lock.json, rendered pages, and
                                    sw.js, the service worker that precaches all of it for offline use
    python3 build.py serve [--port N]   build, then serve dist/ on http://127.0.0.1:8000
    python3 build.py test [ARGS]    build, then pytest over tests/ (ARGS go to pytest)
    python3 build.py bench [ARGS]   build, then run every tests/bench_*.py (ARGS go to each)

Every command first makes sure it runs on Python >= 3.12 (re-running itself with a 3.12/3.13 it can
find if started by an older one), then that .venv exists with requirements-dev.txt and the engine
installed (redone only when those files change), and then runs inside .venv.

Nothing here is fetched from a CDN: Pyodide comes from the npm registry (`npm pack`, integrity
pinned), micropip from PyPI (`pip download`, sha256 pinned), both cached in .cache/.
"""

from __future__ import annotations

import fnmatch
import functools
import glob
import hashlib
import http.server
import json
import os
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import time
from base64 import b64encode
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
CACHE = ROOT / ".cache"
DIST = ROOT / "dist"
REQUIREMENTS = ROOT / "requirements-dev.txt"
MIN_PYTHON = (3, 12)

PYODIDE_VERSION = "314.0.7"  # Python 3.14 inside
PYODIDE_INTEGRITY = ("sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+"
                     "SNvi/6V5JEsOlD2R1A==")
# Files of the npm package that a site does not need: demo consoles (they load code from a CDN) and typings.
PYODIDE_SKIP = ("console.html", "console-v2.html", "README.md", "ffi.d.ts", "pyodide.d.ts")

# micropip, the version this pyodide-lock.json names. Pyodide's lock carries the sha256 of the wheel
# Pyodide builds itself (e2d52886…), which is not published anywhere we may fetch from; PyPI's wheel of the
# same version is a different file. So we pin PyPI's sha256 (pip checks it while downloading, we check it
# again) and register that file in the lock, whose sha256 the browser then verifies.
MICROPIP_VERSION = "0.11.1"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"

# What the engine wheel is built from; copied to a scratch folder first so a stale build/ never leaks in.
WHEEL_SOURCES = ("pyproject.toml", "README.md", "LICENSE", "MANIFEST.in", "engine")

# A fixed timestamp makes the engine wheel byte-for-byte reproducible (same source, same sha256).
SOURCE_DATE_EPOCH = "315532800"  # 1980-01-01, the earliest a zip file can say

USAGE = __doc__.split("\n\n")[1]


# ---------------------------------------------------------------- output

def say(message: str) -> None:
    print(f"* {message}", flush=True)


def die(message: str, code: int = 1):
    print(f"build.py: {message}", file=sys.stderr, flush=True)
    sys.exit(code)


def human_size(n: int) -> str:
    for unit in ("B", "KB", "MB"):
        if n < 1024 or unit == "MB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    raise AssertionError


def tree_size(path: Path) -> tuple[int, int]:
    files = [p for p in path.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def run(cmd: list, what: str, **kwargs) -> subprocess.CompletedProcess:
    """Run a command quietly; on failure show its output and stop with `what` in the message."""
    result = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, stdin=subprocess.DEVNULL,
                            **kwargs)
    if result.returncode != 0:
        output = (result.stdout + result.stderr).strip().splitlines()
        print("\n".join(output[-40:]), file=sys.stderr)
        die(f"{what} failed (exit {result.returncode}): {' '.join(str(c) for c in cmd[:6])} …")
    return result


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def npm_integrity_of(path: Path) -> str:
    """The Subresource-Integrity form npm uses for a package tarball."""
    return "sha512-" + b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


# ---------------------------------------------------------------- set-up: Python and .venv

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


def ensure_python() -> None:
    if sys.version_info >= MIN_PYTHON:
        return
    running = ".".join(map(str, sys.version_info[:3]))
    found = None if os.environ.get("SUANFAN_REEXEC") else find_newer_python()
    if found is None:
        die(f"Suanfan needs Python >= 3.12, and this is {running}. Install 3.12 or 3.13 "
            "(for example `pyenv install 3.12`; the repo's .python-version then selects it) and run again.")
    say(f"Python {running} is too old; re-running with {found}")
    os.execve(found, [found, __file__, *sys.argv[1:]], {**os.environ, "SUANFAN_REEXEC": "1"})


def venv_python() -> Path:
    return VENV / "bin" / "python"


def requirements_stamp() -> str:
    digest = hashlib.sha256()
    for path in (REQUIREMENTS, ROOT / "pyproject.toml"):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def ensure_venv() -> None:
    """Create .venv and install what the project needs, unless the stamp says it is already there."""
    stamp_file = VENV / ".suanfan-requirements"
    wanted = requirements_stamp()
    healthy = venv_python().exists() and python_is_new_enough(str(venv_python()))
    if healthy and stamp_file.exists() and stamp_file.read_text() == wanted:
        return
    started = time.monotonic()
    if not healthy:
        shutil.rmtree(VENV, ignore_errors=True)
        say(f"creating .venv with Python {sys.version.split()[0]}")
        run([sys.executable, "-m", "venv", VENV], "creating .venv")
    say("installing requirements-dev.txt into .venv (the first time takes a minute or two)")
    stamp_file.unlink(missing_ok=True)
    pip = [venv_python(), "-m", "pip", "install", "--disable-pip-version-check", "--quiet"]
    run([*pip, "-r", REQUIREMENTS], "installing requirements-dev.txt", cwd=ROOT)
    # The engine, editable: tests and the site build import the working tree's code.
    run([*pip, "--no-deps", "--no-build-isolation", "--editable", ROOT], "installing the engine", cwd=ROOT)
    stamp_file.write_text(wanted)
    say(f".venv ready ({time.monotonic() - started:.0f} s)")


def inside_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


# ---------------------------------------------------------------- build: the engine wheel

def build_engine_wheel(out_dir: Path) -> Path:
    with tempfile.TemporaryDirectory(prefix="suanfan-wheel-") as scratch:
        src = Path(scratch) / "src"
        src.mkdir()
        for name in WHEEL_SOURCES:
            source = ROOT / name
            if source.is_dir():
                shutil.copytree(source, src / name,
                                ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
            elif source.exists():
                shutil.copy2(source, src / name)
        env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH}
        # cwd is the scratch folder: from the repo root, `-m build` would import this file, not pypa/build.
        run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", out_dir, src],
            "building the engine wheel", env=env, cwd=scratch)
    wheels = sorted(out_dir.glob("suanfan-*-py3-none-any.whl"))
    if len(wheels) != 1:
        die(f"expected one pure-Python engine wheel, found {[w.name for w in wheels] or 'none'}")
    return wheels[0]


# ---------------------------------------------------------------- build: Pyodide and micropip

def fetch_pyodide() -> Path:
    """The pinned npm tarball of Pyodide, from .cache/ when its integrity still matches."""
    tarball = CACHE / "npm" / f"pyodide-{PYODIDE_VERSION}.tgz"
    if tarball.exists() and npm_integrity_of(tarball) == PYODIDE_INTEGRITY:
        return tarball
    npm = shutil.which("npm")
    if npm is None:
        die("npm is not on PATH. Install Node.js with npm (e.g. `apt-get install nodejs npm`): "
            "it fetches the Pyodide runtime from the npm registry.")
    tarball.parent.mkdir(parents=True, exist_ok=True)
    tarball.unlink(missing_ok=True)
    say(f"fetching pyodide@{PYODIDE_VERSION} with npm pack")
    env = {**os.environ, "NPM_CONFIG_UPDATE_NOTIFIER": "false", "NPM_CONFIG_FUND": "false"}
    run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", tarball.parent, "--silent"],
        "npm pack pyodide", env=env)
    if not tarball.exists():
        die(f"npm pack did not write {tarball.relative_to(ROOT)}")
    got = npm_integrity_of(tarball)
    if got != PYODIDE_INTEGRITY:
        tarball.unlink()
        die(f"pyodide-{PYODIDE_VERSION}.tgz failed its integrity check:\n  expected {PYODIDE_INTEGRITY}\n"
            f"  got      {got}")
    return tarball


def unpack_pyodide(tarball: Path, dest: Path) -> None:
    dest.mkdir(parents=True)
    with tarfile.open(tarball) as archive:
        for member in archive.getmembers():
            name = member.name.removeprefix("package/")
            if not member.isfile() or name in PYODIDE_SKIP:
                continue
            if "/" in name or name.startswith("."):
                die(f"unexpected file in the Pyodide package: {member.name}")
            (dest / name).write_bytes(archive.extractfile(member).read())


def fetch_micropip(python_version: str) -> Path:
    """micropip's wheel from PyPI, by pinned sha256, cached in .cache/wheels."""
    wheel = CACHE / "wheels" / f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
    if wheel.exists() and sha256_of(wheel) == MICROPIP_SHA256:
        return wheel
    wheel.parent.mkdir(parents=True, exist_ok=True)
    wheel.unlink(missing_ok=True)
    say(f"fetching micropip {MICROPIP_VERSION} from PyPI")
    with tempfile.TemporaryDirectory(prefix="suanfan-micropip-") as scratch:
        pinned = Path(scratch) / "micropip.txt"
        # A --hash line puts pip in hash-checking mode: it refuses any other file.
        pinned.write_text(f"micropip=={MICROPIP_VERSION} --hash=sha256:{MICROPIP_SHA256}\n")
        run([sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "--quiet",
             "--only-binary=:all:", "--no-deps", "--python-version", python_version,
             "--dest", wheel.parent, "-r", pinned], "pip download micropip")
    if not wheel.exists() or sha256_of(wheel) != MICROPIP_SHA256:
        die(f"{wheel.name} from PyPI is missing or does not match the pinned sha256 {MICROPIP_SHA256}")
    return wheel


def read_lock(pyodide_dir: Path) -> dict:
    return json.loads((pyodide_dir / "pyodide-lock.json").read_text(encoding="utf-8"))


def register_wheels(pyodide_dir: Path, wheels: list[Path]) -> None:
    """Add (or replace) the wheels' entries in pyodide-lock.json, then check every entry we wrote.

    Pyodide verifies each package it loads against the lock's sha256, so a wheel copied next to an
    unchanged lock would be refused in the browser.
    """
    lock = pyodide_dir / "pyodide-lock.json"
    updated = pyodide_dir / "pyodide-lock.updated.json"
    pyodide_cli = Path(sys.executable).parent / "pyodide"
    run([pyodide_cli, "lockfile", "add-wheels", "--input", lock, "--output", updated,
         "--base-path", pyodide_dir, *wheels], "pyodide lockfile add-wheels", cwd=pyodide_dir)
    updated.replace(lock)
    packages = read_lock(pyodide_dir)["packages"]
    for wheel in wheels:
        name = wheel.name.split("-")[0]
        entry = packages.get(name)
        if entry is None or entry["file_name"] != wheel.name or entry["sha256"] != sha256_of(wheel):
            die(f"pyodide-lock.json does not describe {wheel.name} after add-wheels: {entry}")


# ---------------------------------------------------------------- build: pages

def site_context(engine_wheel: Path, pyodide_lock: dict) -> dict:
    """Everything the templates may use. The one place to add build-time data for the pages."""
    return {
        "engine_version": engine_wheel.name.split("-")[1],
        "engine_wheel": engine_wheel.name,
        "pyodide_version": PYODIDE_VERSION,
        "pyodide_python": pyodide_lock["info"]["python"],
    }


def render_pages(dist: Path, context: dict) -> list[Path]:
    import importlib.util

    web = str(ROOT / "web")
    if web not in sys.path:
        sys.path.insert(0, web)  # sitegen may import its sibling modules
    spec = importlib.util.spec_from_file_location("sitegen", ROOT / "web" / "sitegen.py")
    sitegen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sitegen)
    return sitegen.build_site(dist, context)


# ---------------------------------------------------------------- build: offline (the service worker)

# Files in dist/ the site never requests, left out of the precache: source maps, the npm package's
# metadata, Pyodide's classic-script loader (the worker imports pyodide.mjs) and the service worker itself.
PRECACHE_SKIP = ("*.map", "pyodide/package.json", "pyodide/pyodide.js", "sw.js")


def precache_manifest(dist: Path) -> dict:
    """What the service worker caches: every file of `dist` but PRECACHE_SKIP, as {path (relative to the
    site root), size, integrity (sha256, the Subresource-Integrity form)}, their total size in bytes, and a
    version: a hash of all paths and contents, which changes whenever any precached file does."""
    files = []
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        name = path.relative_to(dist).as_posix()
        if any(fnmatch.fnmatchcase(name, pattern) for pattern in PRECACHE_SKIP):
            continue
        data = path.read_bytes()
        files.append({"path": name, "size": len(data),
                      "integrity": "sha256-" + b64encode(hashlib.sha256(data).digest()).decode()})
    listing = "".join(f"{f['path']}\t{f['integrity']}\n" for f in files)
    return {"version": hashlib.sha256(listing.encode()).hexdigest()[:16],
            "bytes": sum(f["size"] for f in files), "files": files}


def write_service_worker(dist: Path) -> dict:
    """dist/sw.js: this build's precache manifest, then web/sw.js. At the root, so its scope is the whole site."""
    manifest = precache_manifest(dist)
    files = ",\n  ".join(json.dumps(f) for f in manifest["files"])   # one file a line
    (dist / "sw.js").write_text(
        "// Written by build.py: the precache manifest of this build (precache_manifest), then web/sw.js.\n"
        f'const PRECACHE = {{"version": "{manifest["version"]}", "bytes": {manifest["bytes"]}, "files": [\n'
        f"  {files}\n]}};\n\n" + (ROOT / "web" / "sw.js").read_text(encoding="utf-8"),
        encoding="utf-8")
    return manifest


# ---------------------------------------------------------------- build

def build(dist: Path = DIST) -> None:
    started = time.monotonic()
    shutil.rmtree(dist, ignore_errors=True)
    pyodide_dir = dist / "pyodide"

    tarball = fetch_pyodide()
    unpack_pyodide(tarball, pyodide_dir)
    lock = read_lock(pyodide_dir)
    locked_micropip = lock["packages"]["micropip"]
    if locked_micropip["version"] != MICROPIP_VERSION:
        die(f"Pyodide {PYODIDE_VERSION} names micropip {locked_micropip['version']}, build.py pins "
            f"{MICROPIP_VERSION}: update MICROPIP_VERSION and MICROPIP_SHA256 together with PYODIDE_*")
    python_version = ".".join(lock["info"]["python"].split(".")[:2])
    micropip = Path(shutil.copy2(fetch_micropip(python_version), pyodide_dir))

    engine_wheel = build_engine_wheel(pyodide_dir)
    register_wheels(pyodide_dir, [engine_wheel, micropip])
    lock = read_lock(pyodide_dir)

    pages = render_pages(dist, site_context(engine_wheel, lock))
    offline = write_service_worker(dist)   # last: it lists what is in dist/

    runtime_size, _ = tree_size(pyodide_dir)
    total_size, total_files = tree_size(dist)
    page_names = ", ".join(p.relative_to(dist).as_posix() for p in pages[:6]) + (" …" if len(pages) > 6 else "")
    rows = [
        ("engine", f"{engine_wheel.name}  {human_size(engine_wheel.stat().st_size)}"),
        ("pyodide", f"{PYODIDE_VERSION} (Python {lock['info']['python']}), npm integrity ok  "
                    f"{human_size(runtime_size)} in pyodide/"),
        ("micropip", f"{micropip.name} from PyPI, sha256 ok  {human_size(micropip.stat().st_size)}"),
        ("lock", "pyodide-lock.json registers suanfan and micropip (sha256 checked)"),
        ("pages", f"{len(pages)}: {page_names}" if pages else "none yet (web/templates is empty)"),
        ("offline", f"sw.js precaches {len(offline['files'])} files, {human_size(offline['bytes'])} "
                    f"(version {offline['version']})"),
    ]
    say(f"built dist/ in {time.monotonic() - started:.1f} s: {total_files} files, {human_size(total_size)}")
    for label, text in rows:
        print(f"    {label:<9}{text}")


# ---------------------------------------------------------------- serve

class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide needs (wasm streaming compiles only application/wasm)."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".html": "text/html; charset=utf-8",
        ".css": "text/css; charset=utf-8",
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".json": "application/json",
        ".map": "application/json",
        ".wasm": "application/wasm",
        ".svg": "image/svg+xml",
        ".whl": "application/zip",
        ".zip": "application/zip",
        ".webmanifest": "application/manifest+json",
    }

    def end_headers(self) -> None:
        # Revalidate every time: a rebuilt wheel keeps its name, and a stale cached copy would fail
        # Pyodide's integrity check against the new lock.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if not getattr(self.server, "quiet", False):
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return  # the browser closed a connection early (navigation, cancelled fetch): not our error
        super().handle_error(request, client_address)


def make_server(directory: Path, port: int = 8000, quiet: bool = False) -> SiteServer:
    """A server for `directory` on 127.0.0.1 only; port 0 picks a free port (see server.server_port)."""
    handler = functools.partial(SiteHandler, directory=str(directory))
    server = SiteServer(("127.0.0.1", port), handler)
    server.quiet = quiet
    return server


def serve(args: list[str]) -> int:
    port = 8000
    if args[:1] == ["--port"] and len(args) == 2 and args[1].isdigit():
        port = int(args[1])
    elif args:
        die("usage: python3 build.py serve [--port N]", 2)
    build()
    try:
        server = make_server(DIST, port)
    except OSError as exc:
        die(f"cannot listen on 127.0.0.1:{port} ({exc.strerror}); try: python3 build.py serve --port 8001")
    say(f"serving dist/ on http://127.0.0.1:{server.server_port}/  (Ctrl-C stops)")
    # Ctrl-C and a plain `kill` both stop cleanly, even where the shell started us with SIGINT ignored.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
        say("stopped")
    finally:
        server.server_close()
    return 0


# ---------------------------------------------------------------- test and bench

def test(args: list[str]) -> int:
    build()
    say(" ".join(["pytest", *args]))
    return subprocess.run([sys.executable, "-m", "pytest", *args], cwd=ROOT).returncode


def bench(args: list[str]) -> int:
    scripts = sorted((ROOT / "tests").glob("bench_*.py"))
    if not scripts:
        say("no tests/bench_*.py scripts yet: nothing to run")
        return 0
    build()
    failed = []
    for script in scripts:
        say(f"bench {script.relative_to(ROOT)}")
        if subprocess.run([sys.executable, script, *args], cwd=ROOT).returncode != 0:
            failed.append(script.name)
    if failed:
        say(f"failed: {', '.join(failed)}")
    return 1 if failed else 0


def build_command(args: list[str]) -> int:
    if args:
        die("usage: python3 build.py build", 2)
    build()
    return 0


COMMANDS = {"build": build_command, "serve": serve, "test": test, "bench": bench}


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in COMMANDS:
        print(USAGE)
        return 0 if argv[:1] in (["-h"], ["--help"], ["help"]) else 2
    ensure_python()
    ensure_venv()
    if not inside_venv():
        python = str(venv_python())
        os.execv(python, [python, __file__, *argv])
    return COMMANDS[argv[0]](argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
