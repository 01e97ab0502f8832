"""Where the checkout keeps things. Everything is relative to the folder holding build.py, so a copy of the
checkout elsewhere (the watch test makes one) builds into its own dist/."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"  # what the build keeps for itself: uv (.cache/uv/), ESLint's cache, the build lock
VENV = ROOT / ".venv"  # the Python tools, as uv.lock pins them (uv sync)
PYPROJECT = ROOT / "pyproject.toml"
UV_LOCK = ROOT / "uv.lock"  # uv's lock of pyproject.toml's dependency groups, with hashes
NODE_MODULES = ROOT / "node_modules"  # the npm packages, as package-lock.json pins them (npm ci)
PACKAGE_JSON = ROOT / "package.json"  # the npm packages: what the site ships, and the tools that check it
NPM_LOCK = ROOT / "package-lock.json"  # npm's lock of package.json, with each package's sha512 integrity
