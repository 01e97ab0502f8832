"""What `build.py build` leaves in dist/ for Pyodide, and how the site's server (buildkit.serve) hands it out."""

import gzip
import hashlib
import json
import os
import subprocess
import threading
import tomllib
import urllib.request
import zipfile
from pathlib import Path

import pytest

from buildkit.npm import pyodide_version
from buildkit.serve import make_server
from buildkit.snapshot import EMPTY_STDLIB

ROOT = Path(__file__).resolve().parents[2]
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


@pytest.fixture(scope="module")
def pyodide_dir(built_dist) -> Path:
    return built_dist / "pyodide"


@pytest.fixture(scope="module")
def lock(pyodide_dir) -> dict:
    return json.loads((pyodide_dir / "pyodide-lock.json").read_text(encoding="utf-8"))


def engine_version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def test_runtime_is_vendored_without_the_demo_pages(pyodide_dir):
    assert [name for name in RUNTIME if not (pyodide_dir / name).is_file()] == []
    assert list(pyodide_dir.glob("console*.html")) == []


def test_lock_describes_the_engine_wheel_served_beside_it(pyodide_dir, lock):
    """Pyodide refuses a wheel whose sha256 differs from its lock entry, so the entry must be this file's."""
    entry = lock["packages"]["suanfan"]
    wheel = pyodide_dir / entry["file_name"]
    assert wheel.is_file(), f"the lock names {entry['file_name']}, which dist/pyodide lacks"
    assert "/" not in entry["file_name"], "a relative name: served from the site's own pyodide/ folder"
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert entry["depends"] == []


def test_the_engine_wheel_is_the_only_wheel_shipped(pyodide_dir, lock):
    """The worker loads nothing but the engine (the lock's `suanfan` wheel), which has no dependencies: no
    other wheel (micropip was one) is worth downloading, precaching or keeping offline. (A build with --ruleset adds
    its rule sets' wheels and micropip's: tests/e2e/test_extra_ruleset.py.)"""
    assert sorted(p.name for p in pyodide_dir.glob("*.whl")) == [lock["packages"]["suanfan"]["file_name"]]


def test_the_snapshot_description_names_the_file_served_beside_it(pyodide_dir, lock):
    """The worker restores the file suanfan-snapshot.json names, trusting its name to be its content's (it carries
    the file's hash): a cached copy of another build's snapshot can then never stand in for this one."""
    info = json.loads((pyodide_dir / "suanfan-snapshot.json").read_text(encoding="utf-8"))
    snapshot = pyodide_dir / info["file_name"]
    assert snapshot.is_file() and "/" not in info["file_name"]
    digest = hashlib.sha256(snapshot.read_bytes()).hexdigest()
    assert info["sha256"] == digest
    assert info["file_name"] == f"suanfan-{engine_version()}-{digest[:16]}.snapshot"
    assert sorted(p.name for p in pyodide_dir.glob("*.snapshot")) == [info["file_name"]]
    assert info["engine"] == lock["packages"]["suanfan"]["file_name"]
    assert info["pyodide"] == pyodide_version()
    assert snapshot.stat().st_size == info["bytes"]


def test_a_boot_from_the_snapshot_is_given_an_empty_standard_library(pyodide_dir):
    """The worker names the empty zip the build writes (the snapshot already holds what the engine imports)."""
    worker = (pyodide_dir.parent / "static" / "js" / "engine-worker.js").read_text(encoding="utf-8")
    assert f'EMPTY_STDLIB = "{EMPTY_STDLIB}"' in worker
    with zipfile.ZipFile(pyodide_dir / EMPTY_STDLIB) as empty:
        assert empty.namelist() == []


def test_large_files_have_precompressed_copies_of_the_same_bytes(built_dist, node):
    """Every file of 1 KB or more that compresses by a tenth has a .br and a .gz copy that decode to it."""
    for name in ("pyodide/pyodide.asm.wasm", "calculator.html", "static/css/site.css", "sw.js"):
        plain = (built_dist / name).read_bytes()
        assert gzip.decompress((built_dist / f"{name}.gz").read_bytes()) == plain, name
        decoded = subprocess.run(
            [node, "-e", "process.stdout.write(require('zlib').brotliDecompressSync(require('fs').readFileSync(0)))"],
            input=(built_dist / f"{name}.br").read_bytes(),
            capture_output=True,
            check=True,
        ).stdout
        assert decoded == plain, name
    snapshot = json.loads((built_dist / "pyodide" / "suanfan-snapshot.json").read_text(encoding="utf-8"))["file_name"]
    assert (built_dist / "pyodide" / f"{snapshot}.br").stat().st_size < snapshot_size(built_dist) / 4
    # a zip gains nothing: sent as it is
    assert not (built_dist / "pyodide" / "python_stdlib.zip.br").exists()
    assert not any(p.name.endswith((".br.br", ".gz.gz", ".br.gz", ".gz.br")) for p in built_dist.rglob("*"))


def snapshot_size(built_dist) -> int:
    return json.loads((built_dist / "pyodide" / "suanfan-snapshot.json").read_text(encoding="utf-8"))["bytes"]


def test_engine_wheel_is_the_current_source(pyodide_dir, lock):
    entry = lock["packages"]["suanfan"]
    assert entry["version"] == engine_version()
    assert entry["file_name"] == f"suanfan-{engine_version()}-py3-none-any.whl"
    with zipfile.ZipFile(pyodide_dir / entry["file_name"]) as wheel:
        packed = {n for n in wheel.namelist() if n.endswith(".py")}
    source = {p.relative_to(ROOT / "engine").as_posix() for p in (ROOT / "engine" / "suanfan").rglob("*.py")}
    assert packed == source


@pytest.fixture(scope="module")
def sample_server(tmp_path_factory):
    """The site's server over a folder holding one file of each type the site serves."""
    folder = tmp_path_factory.mktemp("served")
    for name in ("a.wasm", "a.mjs", "a.js", "a.json", "a.svg", "a.html", "a.css", "a.whl"):
        (folder / name).write_bytes(b"x")
    server = make_server(folder, port=0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://{server.server_address[0]}:{server.server_port}"
    server.shutdown()
    server.server_close()


def fetch_headers(url: str):
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.headers


def fetch(url: str, accept_encoding: str | None = None):
    """(status, headers, body as sent) of a GET, with that Accept-Encoding (none: no such header)."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": accept_encoding} if accept_encoding else {})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, response.headers, response.read()


@pytest.mark.parametrize(
    "name, content_type",
    [
        ("a.wasm", "application/wasm"),  # WebAssembly.instantiateStreaming accepts nothing else
        ("a.mjs", "text/javascript"),
        ("a.js", "text/javascript"),
        ("a.json", "application/json"),
        ("a.svg", "image/svg+xml"),
        ("a.html", "text/html; charset=utf-8"),
        ("a.css", "text/css; charset=utf-8"),
        ("a.whl", "application/zip"),
    ],
)
def test_server_sends_the_right_types(sample_server, name, content_type):
    headers = fetch_headers(f"{sample_server}/{name}")
    assert headers["Content-Type"] == content_type
    assert headers["Cache-Control"] == "no-cache"  # a rebuilt wheel keeps its name: never use a stale copy


@pytest.fixture
def compressed_folder(tmp_path):
    """A folder served by the site's server: a page with both copies, a script with only a gzip one."""
    page = "<!doctype html><title>x</title>" + "算番 " * 400
    (tmp_path / "page.html").write_text(page, encoding="utf-8")
    (tmp_path / "page.html.br").write_bytes(b"brotli bytes")
    (tmp_path / "page.html.gz").write_bytes(gzip.compress(page.encode()))
    (tmp_path / "a.js").write_text("export {};", encoding="utf-8")
    (tmp_path / "a.js.gz").write_bytes(gzip.compress(b"export {};"))
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "index.html").write_text(page, encoding="utf-8")
    (tmp_path / "sub" / "index.html.gz").write_bytes(gzip.compress(page.encode()))
    server = make_server(tmp_path, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield tmp_path, f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize(
    "accept, path, encoding, body_file",
    [
        ("gzip, deflate, br, zstd", "/page.html", "br", "page.html.br"),  # Chromium's header: the best copy
        ("gzip", "/page.html", "gzip", "page.html.gz"),
        ("br;q=0, gzip", "/page.html", "gzip", "page.html.gz"),  # q=0 refuses
        (None, "/page.html", None, "page.html"),
        ("identity", "/page.html", None, "page.html"),
        ("br, gzip", "/a.js", "gzip", "a.js.gz"),  # the copies there are
        ("br, gzip", "/sub/", "gzip", "sub/index.html.gz"),  # a folder's address: its index.html
    ],
)
def test_server_sends_a_precompressed_copy_the_browser_accepts(compressed_folder, accept, path, encoding, body_file):
    folder, origin = compressed_folder
    status, headers, body = fetch(origin + path, accept)
    assert status == 200
    assert headers["Content-Encoding"] == encoding
    assert body == (folder / body_file).read_bytes()
    assert headers["Content-Length"] == str(len(body))
    assert headers["Content-Type"] == ("text/javascript" if path.endswith(".js") else "text/html; charset=utf-8")
    assert headers["Vary"] == "Accept-Encoding"  # a cache must not give one browser's encoding to another


def test_server_ignores_a_copy_older_than_its_file(compressed_folder):
    """A file edited after the build (its copies not made again) is sent as it now is, never as the stale copy."""
    folder, origin = compressed_folder
    page = folder / "page.html"
    page.write_text("<!doctype html><title>edited</title>", encoding="utf-8")
    for copy in ("page.html.br", "page.html.gz"):
        os.utime(folder / copy, ns=(page.stat().st_mtime_ns - 10**9,) * 2)
    status, headers, body = fetch(origin + "/page.html", "br, gzip")
    assert (status, headers["Content-Encoding"], body) == (200, None, page.read_bytes())


def test_server_sends_the_plain_file_where_there_is_no_copy(sample_server):
    status, headers, body = fetch(f"{sample_server}/a.css", "br, gzip")
    assert (status, headers["Content-Encoding"], headers["Vary"], body) == (200, None, None, b"x")


def test_server_listens_on_loopback_only(sample_server, site_url):
    assert sample_server.startswith("http://127.0.0.1:")
    assert site_url.startswith("http://127.0.0.1:")


def test_site_url_serves_the_built_runtime(site_url):
    assert fetch_headers(f"{site_url}/pyodide/pyodide.asm.wasm")["Content-Type"] == "application/wasm"


def test_the_standard_library_is_brought_in_when_asked_for(run_node, built_dist):
    """A boot from the snapshot cannot import a module of the standard library the snapshot lacks (it was given the
    empty zip) until withStandardLibrary() puts python_stdlib.zip in its place (engine-worker.js)."""
    report = json.loads(run_node("stdlib_probe.mjs", built_dist).stdout)
    assert report == {"restored": True, "before": "ModuleNotFoundError", "after": "ok", "again": "ok"}
