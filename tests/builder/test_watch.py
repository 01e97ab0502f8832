"""`python3 build.py serve --watch`, run for real on a copy of the checkout: a teacher edits a lesson and the
served page changes; a lesson that does not check is reported and the last good page stays served.

The copy shares this checkout's .venv, node_modules and .cache (symlinks) and starts from a copy of the built dist/
with its build state, so the server comes up without rebuilding anything and each edit redoes only the pages.
"""

from __future__ import annotations

import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COPIED = (
    "build.py",
    "buildkit",
    "engine",
    "web",
    "lessons",
    "locale",
    "pyproject.toml",
    "README.md",
    "uv.lock",
    "package.json",
    "package-lock.json",
)
LESSON = "lessons/jiujiang/01-ping-hu.md"
PAGE = "lessons/jiujiang/01-ping-hu.html"
GOOD_EXPECT = 'expect = { pattern = "ping_hu", total = 1 }'
WRONG_EXPECT = 'expect = { pattern = "ping_hu", total = 2 }'
WAIT_SECONDS = 180  # a safety net for a stuck server, not a speed requirement


@pytest.fixture
def checkout_copy(built_dist, tmp_path) -> Path:
    copy = tmp_path / "suanfan"
    copy.mkdir()
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        else:
            shutil.copy2(source, copy / name)
    for shared in (".venv", "node_modules", ".cache"):
        (copy / shared).symlink_to(ROOT / shared, target_is_directory=True)
    shutil.copytree(built_dist, copy / "dist")  # copy2 keeps the mtimes the build state recorded
    return copy


class Server:
    """build.py serve --watch in a child process, its output read line by line as it comes."""

    def __init__(self, checkout: Path):
        self.process = subprocess.Popen(
            [sys.executable, "build.py", "serve", "--watch", "--port", "0"],
            cwd=checkout,
            # The copy's .venv and node_modules are this checkout's, ready: nothing to install (build.py's PREPARED).
            env={**os.environ, "SUANFAN_PREPARED": "serve"},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.output: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        self.url = self.wait_for("* serving dist/ on ").split()[4].rstrip("/")

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, start: str) -> str:
        """The next line of output that starts with `start`; the lines before it are kept in self.output."""
        while True:
            try:
                line = self.lines.get(timeout=WAIT_SECONDS)
            except queue.Empty:
                pytest.fail(f"no line starting {start!r}; the server said:\n" + "\n".join(self.output))
            self.output.append(line)
            if line.startswith(start):
                return line

    def since(self, mark: int) -> str:
        return "\n".join(self.output[mark:])

    def page(self, path: str) -> str:
        with urllib.request.urlopen(f"{self.url}/{path}", timeout=30) as response:
            return response.read().decode("utf-8")

    def stop(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=WAIT_SECONDS)
        finally:
            self.process.kill()


def test_serve_watch_keeps_the_last_good_build_and_serves_the_fixed_lesson(checkout_copy):
    lesson = checkout_copy / LESSON
    original = lesson.read_text(encoding="utf-8")
    assert GOOD_EXPECT in original
    server = Server(checkout_copy)
    try:
        assert "every stage was up to date" in server.since(0), "a copy of a built dist/ needs no rebuild"
        page_before, sw_before = server.page(PAGE), server.page("sw.js")

        mark = len(server.output)
        lesson.write_text(original.replace(GOOD_EXPECT, WRONG_EXPECT, 1), encoding="utf-8")
        server.wait_for("* the build failed: still serving the last good build")
        report = server.since(mark)
        assert f"changed: {LESSON}" in report
        assert f"{LESSON}: example 'basic'" in report and "expected total = 2, the engine gives 1" in report
        assert "Traceback" not in report
        assert server.page(PAGE) == page_before, "the last good page is still served"
        assert server.process.poll() is None

        lesson.write_text(original + "\nWATCH MARKER: a paragraph the teacher just wrote.\n", encoding="utf-8")
        assert "(remade pages)" in server.wait_for("* dist/ in ")
        assert "WATCH MARKER: a paragraph the teacher just wrote." in server.page(PAGE)
        assert server.page("sw.js") != sw_before, "sw.js lists the new page"
    finally:
        code = server.stop()
    assert code == 0, "SIGTERM stops the server cleanly"
