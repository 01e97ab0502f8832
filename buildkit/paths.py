"""Where the checkout keeps things. Everything is relative to the folder holding build.py, so a copy of the
checkout elsewhere (the watch test makes one) builds into its own dist/."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"  # downloads kept between builds: the pinned npm tarballs
VENV = ROOT / ".venv"
REQUIREMENTS_IN = ROOT / "requirements-dev.in"  # the hand-edited list
REQUIREMENTS_LOCK = ROOT / "requirements-dev.txt"  # pip-compile's lock of it, with hashes: what is installed
PYPROJECT = ROOT / "pyproject.toml"
