"""What build.py prints, and running a tool quietly. A failing step raises BuildError; build.py turns it into
a message and exit 1, the watch loop prints it and goes on serving."""

from __future__ import annotations

import subprocess
import sys


class BuildError(Exception):
    """A step failed; str() is the readable message (with the tool's output when there is one)."""


def say(message: str) -> None:
    print(f"* {message}", flush=True)


def human_size(n: float) -> str:
    for unit in ("B", "KB", "MB"):
        if n < 1024 or unit == "MB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    raise AssertionError


def run(cmd: list, what: str, **kwargs) -> subprocess.CompletedProcess:
    """Run a command with its output captured; on failure raise BuildError with the output's last lines."""
    result = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, stdin=subprocess.DEVNULL, **kwargs)
    if result.returncode != 0:
        output = (result.stdout + result.stderr).strip().splitlines()
        raise BuildError(
            "\n".join(
                output[-40:] + [f"{what} failed (exit {result.returncode}): {' '.join(str(c) for c in cmd[:6])} …"]
            )
        )
    return result


def fail(message: str, code: int = 1) -> None:
    """Stop build.py with a message (for build.py's own checks, before or outside a build)."""
    print(f"build.py: {message}", file=sys.stderr, flush=True)
    sys.exit(code)
