"""Fixtures for running the built engine in Pyodide under Node."""

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
# Generous: a cold Pyodide boot takes a few seconds, but CI machines have bad days.
NODE_TIMEOUT = 300


@pytest.fixture(scope="session")
def node() -> str:
    found = shutil.which("node")
    if found is None:
        pytest.fail(
            "Node.js is a prerequisite (see README): it runs the engine in Pyodide for these tests. "
            "Install it, e.g. `apt-get install nodejs npm`.",
            pytrace=False,
        )
    return found


@pytest.fixture(scope="session")
def run_node(node, built_dist):
    """run_node(script, *args) -> CompletedProcess (bytes), failing the test with stderr if node fails."""

    def run(script: str, *args) -> subprocess.CompletedProcess:
        done = subprocess.run(
            [node, str(HERE / script), *map(str, args)],
            capture_output=True,
            timeout=NODE_TIMEOUT,
            stdin=subprocess.DEVNULL,
        )
        if done.returncode != 0:
            pytest.fail(
                f"node {script} exited {done.returncode}:\n{done.stderr.decode(errors='replace')}", pytrace=False
            )
        return done

    return run
