"""What `build.py build` leaves in dist/ for Pyodide, and how the site's server (buildkit.serve) hands it out."""

import gzip
import hashlib
import json
import threading
import tomllib
import urllib.request
import zipfile
from pathlib import Path

import pytest

from buildkit.npm import pyodide_version
from buildkit.serve import make_server

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
    assert info["file_name"] == f"suanfan-{engine_version()}-{digest[:16]}.snapshot.gz"
    assert sorted(p.name for p in pyodide_dir.glob("*.snapshot.gz")) == [info["file_name"]]
    assert info["engine"] == lock["packages"]["suanfan"]["file_name"]
    assert info["pyodide"] == pyodide_version()
    with gzip.open(snapshot) as unpacked:
        assert len(unpacked.read()) == info["bytes"]


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


def test_server_listens_on_loopback_only(sample_server, site_url):
    assert sample_server.startswith("http://127.0.0.1:")
    assert site_url.startswith("http://127.0.0.1:")


def test_site_url_serves_the_built_runtime(site_url):
    assert fetch_headers(f"{site_url}/pyodide/pyodide.asm.wasm")["Content-Type"] == "application/wasm"
