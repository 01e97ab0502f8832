"""Fixtures shared by the suite: the built site, served on 127.0.0.1, and the browser that visits it.

  built_dist        dist/, brought up to date first by the incremental build (buildkit.dist): the tests that
                    use the site build it on demand, a run that selects none of them never builds
  site_url          dist/ served on http://127.0.0.1:<free port> by the site's own server (no trailing /)
  browser_executable  Playwright's Chromium when installed, else the system Chromium/Chrome
  requests_seen     every URL the browser context requested during the test (pages, workers, fetches)

Every test that uses `page` is guarded: a request to any origin but the served site fails it, and on
failure the browser console is kept next to pytest-playwright's screenshot in test-results/.
"""

from __future__ import annotations

import fcntl
import shutil
import threading
from pathlib import Path

import pytest
from chromium_switches import BROWSER_ARGS, SYSTEM_BROWSERS

from buildkit.catalogues import compile_all
from buildkit.console import BuildError
from buildkit.dist import build
from buildkit.paths import DIST
from buildkit.serve import make_server


@pytest.fixture(scope="session")
def built_dist() -> Path:
    """dist/ as `python3 build.py build` makes it: only the stages whose inputs changed are redone, so a test
    never sees a stale site, and a second session starts at once."""
    # Test processes running side by side (pytest -n) build one at a time: the first builds, the others then find
    # every stage up to date.
    DIST.parent.joinpath(".cache").mkdir(exist_ok=True)
    with open(DIST.parent / ".cache" / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            build(DIST)
        except BuildError as error:
            pytest.fail(f"building dist/ failed:\n{error}", pytrace=False)
    return DIST


@pytest.fixture(scope="session")
def site_url(built_dist):
    server = make_server(built_dist, port=0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


# ---------------------------------------------------------------- the browser


@pytest.fixture(scope="session")
def browser_executable(playwright) -> str:
    own = playwright.chromium.executable_path
    if own and Path(own).exists():
        return own
    for name in SYSTEM_BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    pytest.exit(
        "No Chromium for the browser tests. Install one: `apt-get install chromium` "
        "(or `playwright install chromium` where downloads are allowed). .ci/run does this itself.",
        returncode=1,
    )


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, browser_executable) -> dict:
    args = [*browser_type_launch_args.get("args", []), *BROWSER_ARGS]
    return {**browser_type_launch_args, "executable_path": browser_executable, "args": args}


def pytest_configure(config):
    # The engine and the site read their words from compiled catalogues (docs/language.md), which the build makes:
    # compiled here too, so that a run of the CPython tests alone has them (each test process compiles; a file is
    # only rewritten when its bytes change, and atomically).
    compile_all()
    # Keep a screenshot of every failing browser test unless the command line asked otherwise.
    if getattr(config.option, "screenshot", None) == "off":
        config.option.screenshot = "only-on-failure"
    # pytest-playwright 0.10's own base_url fixture trips this pytest 9 deprecation in every run; not ours.
    config.addinivalue_line(
        "filterwarnings", "ignore:Session-scoped fixtures defined as instance methods:pytest.PytestRemovedIn10Warning"
    )


CALL_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.stash[CALL_FAILED] = report.failed
    return report


@pytest.fixture
def requests_seen() -> list[str]:
    return []


@pytest.fixture(autouse=True)
def _same_origin_guard(request):
    """For tests with a `page`: record requests and console; fail on any request to another origin."""
    if "page" not in request.fixturenames:
        yield
        return
    page = request.getfixturevalue("page")
    site = request.getfixturevalue("site_url")
    seen = request.getfixturevalue("requests_seen")
    output_path = Path(request.getfixturevalue("output_path"))
    console: list[str] = []
    page.context.on("request", lambda req: seen.append(req.url))
    page.on("console", lambda msg: console.append(f"[{msg.type}] {msg.text}"))
    page.on("pageerror", lambda err: console.append(f"[pageerror] {err}"))
    yield
    if request.node.stash.get(CALL_FAILED, False):
        output_path.mkdir(parents=True, exist_ok=True)
        (output_path / "console.txt").write_text("\n".join(console) + "\n", encoding="utf-8")
    foreign = [url for url in seen if not is_same_origin(url, site)]
    assert not foreign, f"requests to other origins than {site}: {foreign}"


def is_same_origin(url: str, site: str) -> bool:
    # data: URLs never leave the page; blob: URLs carry the origin that made them.
    return url.startswith((site + "/", "data:", f"blob:{site}/")) or url == site
