"""Running a check script of tests/web in Node.js: `node SCRIPT ARGS…` prints one JSON object of named outcomes.
Node.js is a prerequisite (README), so a missing one fails the test that needs it rather than skipping it."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
NODE = shutil.which("node")


def run_check(script: str, *args, runs: str) -> dict:
    """The outcomes `script` (a file of tests/web) prints; `runs` names what it runs, for the failure message."""
    if NODE is None:
        import pytest

        pytest.fail(f"Node.js is needed to run {runs}", pytrace=False)
    done = subprocess.run([NODE, str(HERE / script), *map(str, args)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
