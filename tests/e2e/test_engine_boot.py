"""The engine boots in a real browser from the served dist/ and answers through engine.js.

These drive engine.js directly (imported into a served page), so they hold whatever the pages do with it.
The same-origin guard in tests/conftest.py fails any of them that lets the browser ask another origin.
"""

import threading
import time

import pytest
from engine_boot import wait_for_engine

from buildkit.serve import make_server

WORKED_EXAMPLE = {
    "hand": "[5555p1]222m777s99sEE9s",
    "rules": "jiujiang",
    "self_drawn": True,
    "dealer": True,
    "table": {"base_added": True},
}  # the rule sheet's worked example 1: 12
BAD_NOTATION = {"hand": "123m45x", "rules": "jiujiang"}

START_ENGINE = """async (siteUrl) => {
    const { createEngine } = await import(siteUrl + "/static/js/engine.js");
    const stages = [];
    const engine = createEngine({ onProgress: (p) => stages.push(p) });
    const state = document.documentElement.dataset.engine;
    window.testEngine = { engine, stages, state };
    window.testEngine.ready = engine.ready.then(
        (info) => ({ info }),
        (err) => ({ error: { name: err.name, zh: err.zh, en: err.en, detail: err.detail } }));
    return state;
}"""


def start_engine(page, site_url) -> str:
    page.goto(f"{site_url}/")
    return page.evaluate(START_ENGINE, site_url)


def test_engine_boots_and_scores_a_hand(page, site_url, requests_seen):
    # What the page and its engine worker asked for; the service worker's precache of every file (the wheel too,
    # kept for the fallback boot offline) runs beside the boot and may or may not have reached the wheel yet.
    asked_by_the_page: list[str] = []
    page.context.on("request", lambda req: req.service_worker is None and asked_by_the_page.append(req.url))
    assert start_engine(page, site_url) == "loading"
    # Sent before the engine is ready: the worker queues it.
    page.evaluate("(r) => { window.testEngine.early = window.testEngine.engine.call(r); }", WORKED_EXAMPLE)
    wait_for_engine(page)

    answers = page.evaluate(
        """async ([good, bad]) => {
        const { engine, early, stages } = window.testEngine;
        const [first, second, third] = await Promise.all([early, engine.call(bad), engine.call(good)]);
        return { first, second, third, status: engine.status, ready: await window.testEngine.ready,
                 stages: stages.map((p) => p.stage), fractions: stages.map((p) => p.fraction),
                 texts: stages.every((p) => p.zh && p.en) };
    }""",
        [WORKED_EXAMPLE, BAD_NOTATION],
    )

    assert answers["first"]["ok"] is True and answers["first"]["total"] == 12
    assert answers["third"] == answers["first"]
    assert answers["second"]["ok"] is False
    assert answers["second"]["error"]["code"] == "unknown_char"
    assert answers["second"]["error"]["position"] == 6
    assert answers["status"] == "ready"
    assert answers["ready"]["info"]["engineVersion"]
    # A slow download repeats "runtime" with a growing fraction (engine-worker.js, onBytes): the stages in order.
    stages_in_order = [s for i, s in enumerate(answers["stages"]) if i == 0 or s != answers["stages"][i - 1]]
    assert stages_in_order == ["runtime", "engine", "ready"]
    assert answers["fractions"] == sorted(answers["fractions"]) and answers["fractions"][-1] == 1
    assert answers["texts"]

    # The engine came from its memory snapshot (buildkit/snapshot.mjs), not from the wheel, which was not needed.
    assert page.get_attribute("html", "data-engine-boot") == "snapshot"
    assert any(url.endswith("/pyodide/suanfan-snapshot.json") for url in requests_seen)
    assert any(url.endswith(".snapshot") and "/pyodide/suanfan-" in url for url in requests_seen)
    assert any(url.endswith(".snapshot") for url in asked_by_the_page)
    assert not any(url.endswith("-py3-none-any.whl") for url in asked_by_the_page)
    # Everything came from the served site, the worker's downloads included.
    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in requests_seen)
    assert [url for url in requests_seen if not url.startswith(site_url + "/")] == []


def without_the_snapshot(page):
    """The site as if the build had made no snapshot: the worker boots the ordinary way, from the wheel."""
    page.context.route("**/pyodide/suanfan-snapshot.json", lambda route: route.fulfill(status=404, body="none"))


@pytest.mark.parametrize("spoil", ["altered", "missing"])
def test_a_snapshot_that_cannot_be_used_leaves_the_ordinary_boot(page, site_url, requests_seen, spoil):
    """A snapshot whose bytes do not match the sha256 its description gives is refused by the browser (the fetch's
    integrity); one that is not there is not waited for: either way the engine boots from its wheel and answers."""
    if spoil == "altered":

        def altered(route):
            body = bytearray(route.fetch().body())
            body[len(body) // 2] ^= 0xFF
            route.fulfill(body=bytes(body), content_type="application/octet-stream")

        page.context.route("**/pyodide/suanfan-*.snapshot", altered)
    else:
        page.context.route("**/pyodide/suanfan-*.snapshot", lambda route: route.fulfill(status=404, body="gone"))
    warnings = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    start_engine(page, site_url)
    wait_for_engine(page)
    answer = page.evaluate("(r) => window.testEngine.engine.call(r)", WORKED_EXAMPLE)
    assert answer["ok"] is True and answer["total"] == 12
    assert page.get_attribute("html", "data-engine-boot") == "full"
    assert any(url.endswith("-py3-none-any.whl") for url in requests_seen)
    assert any("booting without the engine's snapshot" in text for text in warnings), warnings


def test_a_runtime_that_fails_to_load_is_reported_readably(page, site_url):
    page.context.route("**/pyodide/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    start_engine(page, site_url)
    wait_for_engine(page, "failed")
    outcome = page.evaluate(
        """async (r) => {
        const ready = await window.testEngine.ready;
        const call = await window.testEngine.engine.call(r).then(
            () => null, (err) => ({ name: err.name, en: err.en }));
        return { ready, call };
    }""",
        WORKED_EXAMPLE,
    )
    error = outcome["ready"]["error"]
    assert error["name"] == "EngineError"
    assert "计算器启动失败" in error["zh"] and "Python 运行环境" in error["zh"]
    assert "could not start" in error["en"] and "Python runtime" in error["en"]
    assert error["detail"]
    assert outcome["call"] == {"name": "EngineError", "en": error["en"]}


def test_a_wheel_that_does_not_match_the_lock_is_refused(page, site_url):
    """The ordinary boot checks the wheel against the lock's sha256: why build.py must register the wheel there."""

    def tampered_lock(route):
        lock = route.fetch().json()
        lock["packages"]["suanfan"]["sha256"] = "0" * 64
        route.fulfill(json=lock)

    without_the_snapshot(page)
    page.context.route("**/pyodide/pyodide-lock.json", tampered_lock)
    start_engine(page, site_url)
    wait_for_engine(page, "failed")
    error = page.evaluate("async () => (await window.testEngine.ready).error")
    assert "the Suanfan engine failed to load" in error["en"]
    assert "算番引擎" in error["zh"]
    # The browser refuses the download (the worker passes the lock's sha256 as the fetch's integrity).
    assert "suanfan-" in error["detail"] and "could not be loaded" in error["detail"], error["detail"]


@pytest.fixture(autouse=True)
def _fail_fast_on_page_errors(page):
    errors = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    yield
    assert errors == [], f"uncaught errors in the page: {errors}"


def test_the_site_works_under_any_path(browser, built_dist, tmp_path):
    """The worker finds Pyodide relative to its own URL, so the site may live in a sub-folder."""
    (tmp_path / "some" / "folder").mkdir(parents=True)
    (tmp_path / "some" / "folder" / "suanfan").symlink_to(built_dist, target_is_directory=True)
    server = make_server(tmp_path, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_port}"
    base = f"{origin}/some/folder/suanfan"
    context = browser.new_context()
    seen = []
    context.on("request", lambda req: seen.append(req.url))
    try:
        page = context.new_page()
        page.goto(f"{base}/")
        page.evaluate(START_ENGINE, base)
        wait_for_engine(page)
        result = page.evaluate("(r) => window.testEngine.engine.call(r)", WORKED_EXAMPLE)
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    assert result["total"] == 12
    assert any(url.startswith(f"{base}/pyodide/") for url in seen)
    assert [url for url in seen if not url.startswith(base + "/")] == []


def test_the_origin_guard_sees_requests_to_other_hosts(page, site_url, requests_seen):
    """The guard's record includes what it must catch (this test then clears it, or the guard would fail it)."""
    page.goto(f"{site_url}/")
    # A navigation, not a fetch: the site's CSP (connect-src 'self') stops a fetch before it is a request at all.
    page.evaluate("() => { location.href = 'http://elsewhere.invalid/x'; }")
    deadline = time.monotonic() + 10
    while "http://elsewhere.invalid/x" not in requests_seen and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert "http://elsewhere.invalid/x" in requests_seen
    requests_seen.clear()
