"""The two locks the tools come from: uv.lock (pyproject.toml's dependency groups) and package-lock.json
(package.json). Each pins exactly what its manifest asks for, every package with its hash, as the build relies on."""

from __future__ import annotations

import json
import re
import subprocess
import tomllib

import pytest

from buildkit.console import BuildError
from buildkit.environment import BUILDING, EVERYTHING, locked_uv, uv_path
from buildkit.npm import VENDORED, lock_entries, locked
from buildkit.paths import NPM_LOCK, PACKAGE_JSON, PYPROJECT, ROOT, UV_LOCK


def test_uv_lock_is_up_to_date_with_pyproject():
    # `uv lock --check` fails when pyproject.toml asks for something uv.lock does not pin (as `uv sync --locked` would).
    checked = subprocess.run([uv_path(), "lock", "--check"], cwd=ROOT, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_every_python_package_is_locked_with_its_hashes():
    lock = tomllib.loads(UV_LOCK.read_text(encoding="utf-8"))
    unhashed = []
    for package in lock["package"]:
        if package.get("source", {}).get("editable") == ".":  # the engine itself, from the checkout
            continue
        files = [package.get("sdist", {}), *package.get("wheels", [])]
        if not all(file.get("hash", "").startswith("sha256:") for file in files if file):
            unhashed.append(package["name"])
    assert unhashed == []


def test_uv_pins_its_own_version_and_the_groups_are_the_commands():
    version, hashes = locked_uv(UV_LOCK.read_text(encoding="utf-8"))
    groups = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["dependency-groups"]
    assert groups["uv"] == [f"uv=={version}"] and len(hashes) > 1  # a wheel per platform
    # uv and the browser's wheels (micropip, for a build with --ruleset) are locked, never synced into .venv
    assert set(EVERYTHING.groups) | {"uv", "browser"} == set(groups)
    assert not {"uv", "browser"} & set(EVERYTHING.groups)
    # what building and serving install: no test tool, no oracle to compile
    assert BUILDING.groups == ("build",)
    assert not any(name.startswith("pymahjonggb") for name in groups["build"])


def test_package_json_pins_exact_versions_and_the_lock_has_them_with_sha512():
    manifest = json.loads(PACKAGE_JSON.read_text(encoding="utf-8"))
    asked = {**manifest["dependencies"], **manifest["devDependencies"]}
    entries = lock_entries(NPM_LOCK)
    assert {name: entries[name]["version"] for name in asked} == asked  # exact versions, no ranges
    # the lock's own copy of package.json's lists (what `npm ci` compares with package.json)
    root = json.loads(NPM_LOCK.read_text(encoding="utf-8"))["packages"][""]
    assert root["dependencies"] == manifest["dependencies"]
    assert root["devDependencies"] == manifest["devDependencies"]
    packages = json.loads(NPM_LOCK.read_text(encoding="utf-8"))["packages"]
    assert [
        path for path, entry in packages.items() if path and not entry.get("integrity", "").startswith("sha512-")
    ] == []


def test_what_the_site_ships_is_a_dependency_and_the_tools_are_dev_dependencies():
    manifest = json.loads(PACKAGE_JSON.read_text(encoding="utf-8"))
    assert set(manifest["dependencies"]) == {"pyodide", *VENDORED}
    assert {"eslint", "axe-core"} <= set(manifest["devDependencies"])


def write_npm(tmp_path, version: str, integrity: str, installed: str | None):
    lock = {"packages": {"": {}, "node_modules/jsqr": {"version": version, "integrity": integrity}}}
    (tmp_path / "package-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    if installed:
        (tmp_path / "node_modules" / "jsqr").mkdir(parents=True)
        (tmp_path / "node_modules" / "jsqr" / "package.json").write_text(json.dumps({"version": installed}))
    return tmp_path / "package-lock.json", tmp_path / "node_modules"


@pytest.mark.parametrize(
    ("integrity", "installed", "refusal"),
    [
        ("sha512-abc", "1.4.0", None),
        ("sha1-abc", "1.4.0", "without a sha512 integrity"),
        ("sha512-abc", "1.3.0", "node_modules has jsqr 1.3.0, package-lock.json pins 1.4.0"),
        ("sha512-abc", None, "node_modules has jsqr (none)"),
    ],
)
def test_the_build_takes_an_npm_package_only_as_locked(tmp_path, integrity, installed, refusal):
    lock, node_modules = write_npm(tmp_path, "1.4.0", integrity, installed)
    if refusal is None:
        assert locked("jsqr", lock, node_modules) == {"version": "1.4.0", "integrity": integrity}
        return
    with pytest.raises(BuildError, match=re.escape(refusal)):
        locked("jsqr", lock, node_modules)
