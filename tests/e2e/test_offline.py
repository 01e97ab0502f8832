"""Offline: after one visit the service worker (web/sw.js, written to dist/sw.js by build.py with the precache
manifest; registered by web/static/js/offline.js) serves the whole site without a network.

The browser tests visit a page online, wait for <html data-offline="ready"> (offline.js sets it once the
active service worker reports every file of its build cached), then cut the network and use the site:
the calculator scores a permalink with the engine booted from the cache, pages and lessons render, a
lesson exercise is checked. "Offline" is made real two ways: context.set_offline(True), which Playwright
applies to the page, its workers and the service worker; and, where the test owns the server, shutting the
server down (Chromium's own update check of sw.js is not covered by set_offline).

The manifest tests need no browser: what is listed, and that the cache's version follows the contents.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import hashlib
import json
import re
import shutil
import threading
import time
from collections import Counter
from pathlib import Path
from urllib.parse import quote

import pytest
from bare_chromium import bare_tab
from engine_boot import BOOT_MS, wait_for_engine
from networkkit import hold
from pickerkit import build_hand
from playwright.sync_api import Page, expect

from buildkit.offline import precache_manifest, write_service_worker
from buildkit.precompress import QUALITY_OFTEN, compress_files
from buildkit.serve import SiteHandler, SiteServer
from web.course.files import load_course
from web.course.lesson_pages import lesson_page

ROOT = Path(__file__).resolve().parents[2]

CACHE_MS = 120_000  # the first visit caches ~16 MB
EXAMPLE_1 = "[5555p1]222m777s99sEE9s"  # the rule sheet's worked example 1: 碰碰胡, 自摸, 庄家
EXAMPLE_1_LINK = f"hand={quote(EXAMPLE_1, safe='')}&rules=jiujiang&self_drawn=1&dealer=1&table.base_added=1"
EXAMPLE_1_NO_BASE = f"hand={quote(EXAMPLE_1, safe='')}&rules=jiujiang&self_drawn=1&dealer=1"  # 2 × 2 × 2 = 8
# What the site must have offline, whatever else a build adds.
ESSENTIAL = (
    "index.html",
    "calculator.html",
    "lessons/index.html",
    "static/css/site.css",
    "static/tiles.svg",
    "static/js/offline.js",
    "static/js/engine.js",
    "static/js/engine-worker.js",
    "pyodide/pyodide.mjs",
    "pyodide/pyodide.asm.mjs",
    "pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip",
    "pyodide/pyodide-lock.json",
)
PROBE = "<!doctype html><title>probe</title>"


def manifest_of(sw_js: Path) -> dict:
    """The PRECACHE object build.py wrote at the top of a sw.js."""
    text = sw_js.read_text(encoding="utf-8")
    start = text.index("const PRECACHE = ") + len("const PRECACHE = ")
    return json.JSONDecoder().raw_decode(text, start)[0]


def cache_name(site_root: str, version: str) -> str:
    """The cache sw.js fills: named by the site's root (one origin may hold several copies) and version."""
    return f"suanfan {site_root} {version}"


def wait_until_offline_ready(page: Page) -> str:
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=CACHE_MS)
    return page.locator("html").get_attribute("data-offline-version")


def expect_offline_line(page: Page, state: str, words: str) -> None:
    """The footer says, in words, what <html data-offline> says: only the line of that state is shown."""
    footer = page.locator(".site-footer .offline-state")
    expect(footer.locator(f'[data-offline-when="{state}"]')).to_be_visible()
    expect(footer.locator(f'[data-offline-when="{state}"]')).to_contain_text(words)
    expect(footer.locator(f'[data-offline-when]:not([data-offline-when="{state}"]):visible')).to_have_count(0)


def cached_urls(page: Page) -> dict[str, list[str]]:
    return page.evaluate("""async () => {
        const out = {};
        for (const name of await caches.keys()) {
            out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
        }
        return out;
    }""")


def expect_total(page: Page, total: int) -> None:
    expect(page.locator("#result")).to_have_attribute("data-total", str(total), timeout=BOOT_MS)


def expect_styled_page(page: Page) -> None:
    """The page rendered with its stylesheets (a sheet that failed to load has no rules)."""
    expect(page.locator("h1").first).to_be_visible()
    assert page.evaluate("[...document.styleSheets].every((s) => s.cssRules.length > 0)")
    assert page.evaluate("document.styleSheets.length") >= 1


@contextlib.contextmanager
def own_server(directory: Path, handler_class=None):
    """A server of our own for `directory` (the test may slow it down or stop it early): (server, origin)."""
    handler = functools.partial(handler_class or SiteHandler, directory=str(directory))
    server = SiteServer(("127.0.0.1", 0), handler)
    server.quiet = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server, f"http://127.0.0.1:{server.server_port}"
    finally:
        stop(server)


def stop(server) -> None:
    """Shut the server (again: harmless); nothing listens on its port afterwards."""
    server.shutdown()
    server.server_close()


@contextlib.contextmanager
def fresh_page(browser):
    """A page in a new browser context, and the list of every URL that context requests."""
    context = browser.new_context()
    asked: list[str] = []
    context.on("request", lambda req: asked.append(req.url))
    try:
        yield context.new_page(), asked
    finally:
        context.close()


def copy_of_dist(built_dist: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "site"
    shutil.copytree(built_dist, copy)
    return copy


def rebuilt(site: Path, *changed: str) -> str:
    """What a build does after files changed: their precompressed copies made again, then sw.js. -> the version."""
    compress_files([site / name for name in changed], QUALITY_OFTEN)
    return write_service_worker(site)["version"]


# ---------------------------------------------------------------- the manifest (no browser)


def fake_dist(root: Path) -> Path:
    files = {
        "index.html": "<!doctype html><title>i</title>",
        "lessons/jiujiang/01-ping-hu.html": "<!doctype html><title>l</title>",
        "static/css/site.css": "body { color: black }",
        "static/js/offline.js": "export {};",
        "pyodide/pyodide.mjs": "export {};",
        "pyodide/pyodide.asm.wasm": "\0asm",
        "pyodide/pyodide-lock.json": "{}",
        "pyodide/suanfan-0.1.0-py3-none-any.whl": "PK",
        "pyodide/python_stdlib.zip": "PK",
        # never requested by the site: left out
        "pyodide/pyodide.mjs.map": "{}",
        "pyodide/pyodide.js": "classic loader",
        "pyodide/package.json": "{}",
        "sw.js": "const PRECACHE = {};",
        # precompressed copies: a server sends them for their file
        "index.html.br": "brotli",
        "pyodide/pyodide.asm.wasm.gz": "gzip",
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def test_the_manifest_lists_what_the_site_requests_with_sizes_and_hashes(tmp_path):
    dist = fake_dist(tmp_path)
    manifest = precache_manifest(dist)
    paths = [f["path"] for f in manifest["files"]]
    assert paths == [
        "index.html",
        "lessons/jiujiang/01-ping-hu.html",
        "pyodide/pyodide-lock.json",
        "pyodide/pyodide.asm.wasm",
        "pyodide/pyodide.mjs",
        "pyodide/python_stdlib.zip",
        "pyodide/suanfan-0.1.0-py3-none-any.whl",
        "static/css/site.css",
        "static/js/offline.js",
    ]
    wasm = next(f for f in manifest["files"] if f["path"] == "pyodide/pyodide.asm.wasm")
    assert wasm["size"] == 4
    assert wasm["integrity"] == "sha256-" + base64.b64encode(hashlib.sha256(b"\0asm").digest()).decode()
    # What only the ordinary boot reads is cached when needed, not installed; "bytes" is what is installed.
    on_demand = [f["path"] for f in manifest["files"] if f.get("onDemand")]
    assert on_demand == ["pyodide/python_stdlib.zip", "pyodide/suanfan-0.1.0-py3-none-any.whl"]
    assert manifest["bytes"] == sum((dist / p).stat().st_size for p in paths if p not in on_demand)
    assert len(manifest["version"]) == 16


def test_a_rebuild_with_changed_content_changes_the_cache_version(tmp_path):
    dist = fake_dist(tmp_path)
    first = precache_manifest(dist)["version"]

    # The same contents written again (a rebuild: new mtimes) keep the version, so the cache is kept.
    for path in dist.rglob("*"):
        if path.is_file():
            path.write_bytes(path.read_bytes())
    assert precache_manifest(dist)["version"] == first

    # A changed byte anywhere that is cached (a page, a script, the runtime) is a new version.
    seen = {first}
    for name in ("index.html", "static/css/site.css", "pyodide/suanfan-0.1.0-py3-none-any.whl"):
        original = (dist / name).read_bytes()
        (dist / name).write_bytes(original + b" ")
        changed = precache_manifest(dist)["version"]
        assert changed not in seen, name
        seen.add(changed)
        (dist / name).write_bytes(original)
        assert precache_manifest(dist)["version"] == first

    # So is a file added, or one moved.
    (dist / "static" / "new.js").write_text("export {};")
    assert precache_manifest(dist)["version"] not in seen
    (dist / "static" / "new.js").rename(dist / "static" / "js" / "new.js")
    moved = precache_manifest(dist)["version"]
    assert moved not in seen
    (dist / "static" / "js" / "new.js").unlink()

    # Files the service worker does not cache do not matter.
    (dist / "pyodide" / "pyodide.mjs.map").write_text('{"changed": true}')
    assert precache_manifest(dist)["version"] == first


def test_write_service_worker_puts_the_manifest_before_web_sw_js(tmp_path):
    dist = fake_dist(tmp_path)
    (dist / "sw.js").unlink()
    manifest = write_service_worker(dist)
    assert manifest_of(dist / "sw.js") == manifest
    assert (dist / "sw.js").read_text(encoding="utf-8").endswith((ROOT / "web" / "sw.js").read_text(encoding="utf-8"))
    assert "sw.js" not in [f["path"] for f in manifest["files"]]


def test_the_built_service_worker_lists_this_build(built_dist):
    manifest = manifest_of(built_dist / "sw.js")
    assert manifest == precache_manifest(built_dist), "dist/sw.js is not the manifest of dist/"
    paths = {f["path"] for f in manifest["files"]}
    assert set(ESSENTIAL) <= paths
    wheels = {p for p in paths if p.endswith(".whl")}
    lock = json.loads((built_dist / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert wheels == {f"pyodide/{lock['packages']['suanfan']['file_name']}"}  # the engine, the one wheel loaded
    assert not [p for p in paths if p.endswith(".map")]
    # Paths relative to the site root, inside it: the cache can only ever hold this site's own files.
    assert all(not p.startswith(("/", "..")) and ":" not in p and "/../" not in p for p in paths)
    for f in manifest["files"]:
        assert (built_dist / f["path"]).stat().st_size == f["size"], f["path"]
    lock = json.loads((built_dist / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    on_demand = {f["path"] for f in manifest["files"] if f.get("onDemand")}
    assert on_demand == {"pyodide/python_stdlib.zip", f"pyodide/{lock['packages']['suanfan']['file_name']}"}


# ---------------------------------------------------------------- in the browser


def test_after_one_visit_the_site_works_offline(page: Page, site_url, built_dist, requests_seen):
    responses = []
    page.context.on("response", lambda r: responses.append(r))

    # One visit, online: the calculator opened from a permalink.
    page.goto(f"{site_url}/calculator.html#{EXAMPLE_1_LINK}")
    expect_total(page, 12)
    version = wait_until_offline_ready(page)
    expect_offline_line(page, "ready", "本站已存在这台设备上:离线也能用。 Saved on this device: it works offline.")

    manifest = manifest_of(built_dist / "sw.js")
    assert version == manifest["version"]
    listed = {f"{site_url}/{f['path']}" for f in manifest["files"]}
    installed = {f"{site_url}/{f['path']}" for f in manifest["files"] if not f.get("onDemand")}
    caches = cached_urls(page)
    assert list(caches) == [cache_name(f"{site_url}/", version)]
    # What a boot from the snapshot needs; the ordinary boot's standard library and wheel were never downloaded.
    assert set(next(iter(caches.values()))) == installed
    # Everything the visit asked for is cached (sw.js itself is the browser's to keep).
    asked = {url.split("#")[0] for url in requests_seen} - {f"{site_url}/sw.js"}
    assert asked <= listed, f"requested but not precached: {sorted(asked - listed)}"

    page.context.set_offline(True)
    responses.clear()
    # Really offline: a page that is not cached fails instead of reaching the server. (In a tab of its own:
    # Chromium's error page reloads itself and would cut short the next navigation of its tab.)
    probe = page.context.new_page()
    with pytest.raises(Exception, match="ERR_"):
        probe.goto(f"{site_url}/no-such-page.html")
    probe.close()

    # The calculator reloaded, now from the cache: the engine boots and scores the permalink.
    page.reload()
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    wait_for_engine(page)
    expect_total(page, 12)
    # Another permalink, opened in a new tab (a link a teacher shared).
    tab = page.context.new_page()
    tab.goto(f"{site_url}/calculator.html#{EXAMPLE_1_NO_BASE}")
    expect_total(tab, 8)
    tab.close()

    served = {r.url for r in responses if r.ok and r.from_service_worker}
    for name in (
        "calculator.html",
        "static/tiles.svg",
        "static/js/engine-worker.js",
        "pyodide/pyodide.asm.wasm",
        "pyodide/pyodide-lock.json",
    ):
        assert f"{site_url}/{name}" in served, f"{name} was not served by the service worker offline"

    # Other pages: the home page through the site's own link, the lessons outline by its address.
    page.locator(".site-header a.brand").click()
    expect(page).to_have_url(f"{site_url}/index.html")
    expect_styled_page(page)
    page.goto(f"{site_url}/lessons/index.html")
    expect_styled_page(page)
    expect(page.locator("#course-jiujiang .outline li").first).to_be_visible()


def test_the_footer_says_nothing_of_offline_use_while_the_engine_loads(page: Page, site_url):
    """The site is saved for offline use once the engine has kept its downloads (offline.js): until then the
    footer promises nothing; then it says it is saved."""
    release_runtime = hold(page)
    page.goto(f"{site_url}/calculator.html")
    expect(page.locator("html")).to_have_attribute("data-engine", "loading")
    page.wait_for_timeout(1500)  # offline.js's settling time has passed
    expect(page.locator("html")).not_to_have_attribute("data-offline", re.compile(".*"))
    expect(page.locator(".offline-state [data-offline-when]:visible")).to_have_count(0)
    release_runtime()
    wait_until_offline_ready(page)
    expect_offline_line(page, "ready", "Saved on this device")


def test_a_lesson_exercise_is_checked_offline(page: Page, site_url):
    course = load_course(ROOT / "lessons" / "jiujiang")
    lesson = next(x for x in course.lessons if x.exercise)
    page.goto(f"{site_url}/{lesson_page(lesson)}")
    wait_until_offline_ready(page)

    page.context.set_offline(True)
    page.reload()
    expect(page.locator("article.lesson h1 .zh")).to_have_text(lesson.title)
    expect_styled_page(page)
    exercise = page.locator("section.exercise")
    expect(exercise.locator(".palette svg.tile").first).to_be_visible()
    build_hand(exercise.locator(".hand-picker"), lesson.exercise.answer)
    page.locator(".check-hand").click()
    expect(page.locator("section.exercise .feedback")).to_have_attribute("data-verdict", "pass", timeout=BOOT_MS)


class CountingHandler(SiteHandler):
    """The site's handler, noting on the server the path of every response that carried a body (not a 304)."""

    def copyfile(self, source, outputfile):
        self.server.sent.append(self.path.split("?")[0])
        super().copyfile(source, outputfile)


def test_a_first_visit_downloads_the_runtime_once(browser, built_dist):
    """The service worker installs the runtime from what the engine's worker downloaded for the page
    (web/sw.js, engine-worker.js) instead of fetching it again: on a first visit the 9 MB pyodide.asm.wasm
    crosses the network once. Counted in the browser (context.on("request") sees the service worker's requests
    too) and on the server, in a fresh context whose HTTP cache could not absorb a second download."""
    with own_server(built_dist, CountingHandler) as (server, origin), fresh_page(browser) as (page, asked):
        # A look-up of the HTTP cache alone (sw.js fromHttpCache, `only-if-cached`) that finds nothing is a request
        # that fails: it downloads nothing. It happens when the service worker already answers the engine's worker.
        missed: list[str] = []
        page.context.on("requestfailed", lambda req: missed.append(req.url))
        server.sent = []
        page.goto(f"{origin}/calculator.html#{EXAMPLE_1_LINK}")
        expect_total(page, 12)
        version = wait_until_offline_ready(page)
        # The worker wrote its copies after the engine was ready, and said so before the service worker came.
        assert page.get_attribute("html", "data-engine-downloads") == "kept"
        wasm = "/pyodide/pyodide.asm.wasm"
        assert server.sent.count(wasm) == 1, server.sent
        assert asked.count(origin + wasm) - missed.count(origin + wasm) == 1, (asked, missed)
        # What the worker kept went into this build's cache, and its own cache is gone.
        caches = cached_urls(page)
        assert list(caches) == [cache_name(f"{origin}/", version)]
        assert origin + wasm in caches[cache_name(f"{origin}/", version)]
        # The other runtime files the worker fetched were not downloaded twice either.
        twice = [path for path, n in Counter(server.sent).items() if n > 1 and path.startswith("/pyodide/")]
        assert twice == []


def test_where_the_ordinary_boot_ran_it_also_runs_offline(browser, built_dist):
    """The standard library and the engine's wheel are listed but installed only when a boot needs them (buildkit/
    offline.py, ON_DEMAND): a browser whose worker booted the ordinary way keeps them, from the worker's downloads,
    and boots that way again offline. Here the page's worker is refused the snapshot's description on the first
    visit (the service worker's own requests are not), and the snapshot is then taken out of the cache."""

    def no_snapshot_for_the_page(route):
        if route.request.service_worker is None:
            route.fulfill(status=404, body="none")
        else:
            route.continue_()

    with own_server(built_dist) as (server, origin), fresh_page(browser) as (page, _):
        page.context.route("**/pyodide/suanfan-snapshot.json", no_snapshot_for_the_page)
        page.goto(f"{origin}/calculator.html#{EXAMPLE_1_LINK}")
        expect_total(page, 12)
        assert page.get_attribute("html", "data-engine-boot") == "full"
        version = wait_until_offline_ready(page)
        lock = json.loads((built_dist / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
        wheel = f"{origin}/pyodide/{lock['packages']['suanfan']['file_name']}"
        cached = cached_urls(page)[cache_name(f"{origin}/", version)]
        assert {f"{origin}/pyodide/python_stdlib.zip", wheel} <= set(cached)

        info = json.loads((built_dist / "pyodide" / "suanfan-snapshot.json").read_text(encoding="utf-8"))
        page.evaluate(
            "([name, url]) => caches.open(name).then((cache) => cache.delete(url))",
            [cache_name(f"{origin}/", version), f"{origin}/pyodide/{info['file_name']}"],
        )
        stop(server)
        page.context.set_offline(True)
        page.reload()
        expect_total(page, 12)
        assert page.get_attribute("html", "data-engine-boot") == "full"


def test_a_boot_from_the_snapshot_leaves_the_standard_library_and_the_wheel_alone(browser, built_dist):
    """Neither the page's worker nor the service worker downloads what only the ordinary boot reads."""
    with own_server(built_dist, CountingHandler) as (server, origin), fresh_page(browser) as (page, asked):
        server.sent = []
        page.goto(f"{origin}/index.html")
        wait_until_offline_ready(page)
        page.goto(f"{origin}/calculator.html#{EXAMPLE_1_LINK}")
        expect_total(page, 12)
        assert page.get_attribute("html", "data-engine-boot") == "snapshot"
        assert [url for url in asked if url.endswith((".whl", "/python_stdlib.zip"))] == []
        assert "/pyodide/suanfan-empty-stdlib.zip" in server.sent


def slow_pages_handler():
    """The site's handler (buildkit.serve), but while `server.slow_pages` is set a page takes 30 s (Wi-Fi that barely works)."""

    class Handler(SiteHandler):
        def do_GET(self):
            if getattr(self.server, "slow_pages", False) and self.path.split("?")[0].endswith((".html", "/")):
                time.sleep(30)
            super().do_GET()

    return Handler


def test_under_a_sub_path_with_bad_wifi_and_then_no_server(browser, built_dist, tmp_path):
    """The site in a sub-folder, first seen on a page without the engine; then pages on a network that does
    not answer come from the cache within seconds; then the server is gone and the calculator still scores."""
    (tmp_path / "some" / "folder").mkdir(parents=True)
    (tmp_path / "some" / "folder" / "suanfan").symlink_to(built_dist, target_is_directory=True)
    with own_server(tmp_path, slow_pages_handler()) as (server, origin), fresh_page(browser) as (page, asked):
        base = f"{origin}/some/folder/suanfan"
        page.goto(f"{base}/")
        version = wait_until_offline_ready(page)
        assert list(cached_urls(page)) == [cache_name(f"{base}/", version)]

        server.slow_pages = True
        started = time.monotonic()
        page.goto(f"{base}/lessons/index.html")
        expect_styled_page(page)
        assert time.monotonic() - started < 20, "a page the network is slow to send should come from the cache"

        stop(server)
        page.goto(f"{base}/calculator.html#{EXAMPLE_1_LINK}")
        expect_total(page, 12)
        page.goto(f"{base}/")  # a folder's address is its index.html
        expect_styled_page(page)
        assert [url for url in asked if not url.startswith(base + "/")] == []


# The stylesheet's build mark (a test's rebuild appends it to site.css): "" on the old build, '"new"' on the new one.
BUILD_VARIABLE = "getComputedStyle(document.documentElement).getPropertyValue('--suanfan-build')"


def build_variable(page: Page) -> str:
    return page.evaluate(BUILD_VARIABLE)


def test_a_new_build_replaces_the_old_cache_and_pages_stay_fresh(browser, built_dist, tmp_path):
    site = copy_of_dist(built_dist, tmp_path)
    with own_server(site) as (server, origin), fresh_page(browser) as (page, _):
        page.goto(f"{origin}/index.html")
        old = wait_until_offline_ready(page)

        # A new build: a page and the stylesheet change, and with them sw.js.
        index = site / "index.html"
        index.write_text(
            index.read_text(encoding="utf-8").replace("</main>", '<p id="rebuilt">rebuilt</p></main>'), encoding="utf-8"
        )
        with (site / "static" / "css" / "site.css").open("a", encoding="utf-8") as css:
            css.write('\n:root { --suanfan-build: "new"; }\n')
        new = rebuilt(site, "index.html", "static/css/site.css")
        assert new != old

        # Online, the page is the new one at once, with the new build's stylesheet (not the old cache's).
        page.goto(f"{origin}/index.html")
        expect(page.locator("#rebuilt")).to_be_visible()
        assert build_variable(page) == '"new"'
        # The new worker takes over and the old build's cache is deleted.
        expect(page.locator("html")).to_have_attribute("data-offline-version", new, timeout=CACHE_MS)
        expect(page.locator("html")).to_have_attribute("data-offline", "ready")
        assert list(cached_urls(page)) == [cache_name(f"{origin}/", new)]
        expect(page.locator("#update-ready")).to_be_hidden()  # the page ran the new build: nothing to offer

        # Offline, the new build is what is cached.
        stop(server)
        page.context.set_offline(True)
        page.reload()
        expect(page.locator("#rebuilt")).to_be_visible()
        assert build_variable(page) == '"new"'


HTML = "document.documentElement.dataset"
UPDATE_SHOWN = "document.getElementById('update-ready').checkVisibility()"


def test_a_new_build_whose_pages_did_not_change_is_offered_by_a_reload(browser_executable, built_dist, tmp_path):
    """Issue 22: a build that changes no page (only the engine or a script) cannot be told from the old one by the
    page, whose files then come from the old build's cache. The new build's worker takes over meanwhile, and the
    page says so and offers a reload, which runs the new build.

    In a Chromium of its own (tests/e2e/bare_chromium.py): under Playwright's instrumentation the new worker stays
    waiting for minutes, which users never see."""
    site = copy_of_dist(built_dist, tmp_path)
    with own_server(site) as (server, origin), bare_tab(browser_executable, tmp_path / "profile") as tab:
        tab.goto(f"{origin}/index.html")
        old = tab.wait_for(f"{HTML}.offline === 'ready' && {HTML}.offlineVersion", CACHE_MS)
        tab.goto(f"{origin}/index.html?again")  # now a page of the old build's worker
        assert tab.wait_for(f"{HTML}.offline === 'ready' && {HTML}.offlineVersion", CACHE_MS) == old
        assert tab.evaluate("navigator.serviceWorker.controller !== null")
        assert not tab.evaluate(UPDATE_SHOWN)

        with (site / "static" / "css" / "site.css").open("a", encoding="utf-8") as css:
            css.write('\n:root { --suanfan-build: "new"; }\n')
        new = rebuilt(site, "static/css/site.css")
        assert new != old

        tab.goto(f"{origin}/index.html")  # the same page: its stylesheet is the old build's
        assert tab.evaluate(BUILD_VARIABLE) == ""
        # the browser looks for a new sw.js after a navigation when it gets to it; ask at once (a busy machine)
        tab.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        tab.wait_for(f"{HTML}.offlineVersion === {json.dumps(new)}", CACHE_MS)
        assert tab.evaluate(f"{HTML}.update") == "ready"
        assert tab.evaluate(UPDATE_SHOWN)
        tab.evaluate("document.getElementById('update-reload').click()")
        tab.wait_for(f"{BUILD_VARIABLE} === '\"new\"' && {HTML}.offline === 'ready'", CACHE_MS)
        assert tab.evaluate(f"{HTML}.offlineVersion") == new
        assert not tab.evaluate(UPDATE_SHOWN)


def test_files_that_do_not_match_the_build_are_not_cached(browser, built_dist, tmp_path):
    """A server caught mid-deploy (a file changed after sw.js was written): the worker refuses to install,
    the page works as ever and says so only in data-offline and on the console."""
    site = copy_of_dist(built_dist, tmp_path)
    with (site / "static" / "js" / "tiles.js").open("a", encoding="utf-8") as js:
        js.write("\n// changed after the build\n")
    with own_server(site) as (_, origin), fresh_page(browser) as (page, _):
        console = []
        page.on("console", lambda m: console.append(m.text))
        page.goto(f"{origin}/index.html")
        expect(page.locator("html")).to_have_attribute("data-offline", "failed", timeout=CACHE_MS)
        expect_offline_line(page, "failed", "这次没能把本站存好以备离线使用")
        expect_styled_page(page)
        assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r?.active ?? null)") is None
        cached = [url for urls in cached_urls(page).values() for url in urls]
        assert f"{origin}/static/js/tiles.js" not in cached
        assert any("offline.js" in line for line in console)


def test_each_test_gets_a_browser_context_without_service_workers(browser, page: Page, site_url):
    """pytest-playwright gives every test a new context; a service worker registered in one is not seen by another."""
    with fresh_page(browser) as (first, _):
        first.goto(f"{site_url}/index.html")
        wait_until_offline_ready(first)
    page.route(f"{site_url}/probe.html", lambda route: route.fulfill(body=PROBE, content_type="text/html"))
    page.goto(f"{site_url}/probe.html")
    state = page.evaluate("""async () => ({
        registrations: (await navigator.serviceWorker.getRegistrations()).length,
        caches: await caches.keys(),
        controlled: navigator.serviceWorker.controller !== null,
    })""")
    assert state == {"registrations": 0, "caches": [], "controlled": False}
