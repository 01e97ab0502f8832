"""Chromium driven over its own DevTools pipe, with nothing attached to it but one tab: for what Playwright's
instrumentation changes.

Playwright attaches to every service worker of a context and instruments it. Under it, a new build's worker that
has installed and called skipWaiting() stays waiting, and the pages of its scope cannot navigate, for minutes
(tests/e2e/test_offline.py, the update offered by a reload). The same steps in the same Chromium, with Playwright's
own launch switches, over this bare connection, see the new worker take over within seconds, with or without a
debugger attached to the worker. So the tests of a worker taking over drive Chromium this way.

The protocol is Chromium's (--remote-debugging-pipe): JSON messages ended by a NUL byte, read from file descriptor 4,
written to 3. The one tab is in a browser context of its own (what Playwright's new_context gives).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import select
import signal
import time
from pathlib import Path

from chromium_switches import BROWSER_ARGS


class CdpError(RuntimeError):
    pass


class Tab:
    """One page of a bare Chromium: goto, evaluate, wait_for."""

    def __init__(self, browser: BareChromium, session: str):
        self._browser = browser
        self._session = session

    def call(self, method: str, params: dict | None = None, timeout: float = 30) -> dict:
        return self._browser.call(method, params, session=self._session, timeout=timeout)

    def evaluate(self, expression: str):
        """The value of a JavaScript expression in the page (a promise is awaited); a thrown error raises CdpError."""
        answer = self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True})
        if "exceptionDetails" in answer:
            raise CdpError(f"{expression!r} threw: {answer['exceptionDetails'].get('exception', answer)}")
        return answer["result"].get("value")

    def wait_for(self, expression: str, timeout_ms: int):
        """Evaluate until the expression is truthy; its value. A page still navigating (no context to evaluate in)
        is waited for too. Fails with the last value seen."""
        deadline = time.monotonic() + timeout_ms / 1000
        last: object = None
        while time.monotonic() < deadline:
            try:
                last = self.evaluate(expression)
            except CdpError as error:
                last = error
            if last and not isinstance(last, CdpError):
                return last
            time.sleep(0.25)
        raise AssertionError(f"{expression} was still {last!r} after {timeout_ms} ms")

    def goto(self, url: str, timeout_ms: int = 30_000) -> None:
        """Navigate and wait for the new page's load event (`url` must differ from the page's own: a navigation to
        the same address could not be told from the page already there)."""
        self.call("Page.navigate", {"url": url})
        self.wait_for(f"location.href === {json.dumps(url)} && document.readyState === 'complete'", timeout_ms)


def _above_four(fd: int) -> int:
    """fd, moved above 4 if it is 3 or 4: posix_spawn's copies onto 3 and 4 must not overwrite the other end."""
    if fd > 4:
        return fd
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 5)
    os.close(fd)
    return moved


class BareChromium:
    def __init__(self, executable: str, profile: Path):
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()
        to_browser_r, from_browser_w = _above_four(to_browser_r), _above_four(from_browser_w)
        args = [*BROWSER_ARGS, "--headless", "--remote-debugging-pipe", f"--user-data-dir={profile}", "about:blank"]
        # posix_spawn puts the two pipe ends where Chromium looks for them (3: it reads, 4: it writes), with no
        # code run in the child (a preexec_fn is unsafe in a process with threads: the tests' servers)
        self._pid = os.posix_spawn(
            executable,
            [executable, *args],
            os.environ,
            file_actions=[
                (os.POSIX_SPAWN_DUP2, to_browser_r, 3),
                (os.POSIX_SPAWN_DUP2, from_browser_w, 4),
                (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
                (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0),
            ],
        )
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next_id = 0

    def call(self, method: str, params: dict | None = None, session: str | None = None, timeout: float = 30) -> dict:
        """Send one command and wait for its answer (events meanwhile are not needed here and are dropped)."""
        self._next_id += 1
        message: dict = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            while b"\0" in self._buffer:
                raw, self._buffer = self._buffer.split(b"\0", 1)
                answer = json.loads(raw)
                if answer.get("id") == self._next_id:
                    if "error" in answer:
                        raise CdpError(f"{method}: {answer['error']}")
                    return answer.get("result", {})
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._from_browser], [], [], left)[0]:
                raise CdpError(f"{method}: no answer within {timeout} s")
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                raise CdpError(f"{method}: Chromium closed its DevTools pipe")
            self._buffer += chunk

    def new_tab(self) -> Tab:
        context = self.call("Target.createBrowserContext")["browserContextId"]
        target = self.call("Target.createTarget", {"url": "about:blank", "browserContextId": context})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        tab = Tab(self, session)
        tab.call("Page.enable")
        return tab

    def close(self) -> None:
        with contextlib.suppress(CdpError, OSError):
            self.call("Browser.close", timeout=5)
        deadline = time.monotonic() + 10
        while os.waitpid(self._pid, os.WNOHANG) == (0, 0):
            if time.monotonic() > deadline:
                os.kill(self._pid, signal.SIGKILL)
                os.waitpid(self._pid, 0)
                break
            time.sleep(0.1)
        os.close(self._to_browser)
        os.close(self._from_browser)


@contextlib.contextmanager
def bare_tab(executable: str, profile: Path):
    """A tab of a Chromium of its own (profile: an empty folder for its user data), closed afterwards."""
    browser = BareChromium(executable, profile)
    try:
        yield browser.new_tab()
    finally:
        browser.close()
