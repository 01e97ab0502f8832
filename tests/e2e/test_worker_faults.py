"""The engine's worker failing under a page, for real: its script failing to load, the worker closing silently (as an
out-of-memory kill looks to the page), the worker wedged on a request the user has since replaced, Pyodide failing
fatally in the middle of a request. Each time the page
says so, starts a new worker and scores what the user entered; nothing stays "pending" without a word."""

from __future__ import annotations

from urllib.parse import quote

from engine_boot import BOOT_MS
from playwright.sync_api import Page, Route, expect

from suanfan.api import handle

SLOW_NOTICE_MS = 15_000  # the calculator's word on a slow answer comes after 4 s; room for a loaded machine
EXAMPLE_1 = "[5555p1]222m777s99sEE9s"
EXAMPLE_1_LINK = f"hand={quote(EXAMPLE_1, safe='')}&rules=jiujiang&self_drawn=1&dealer=1&table.base_added=1"
GB_LINK = "hand=123456789m123p55s&rules=gb98&self_drawn=1"
DEALER_ONLY = {"hand": EXAMPLE_1, "rules": "jiujiang", "dealer": True}


def engine_worker(page: Page):
    """The page's engine worker (the service worker is not among a page's workers)."""
    workers = [w for w in page.workers if w.url.endswith("/engine-worker.js")]
    assert len(workers) == 1, [w.url for w in page.workers]
    return workers[0]


def test_a_worker_whose_script_fails_is_replaced(page: Page, site_url: str):
    failed = []

    def fail_once(route: Route):
        if not failed:
            failed.append(route.request.url)
            route.fulfill(status=503, body="unavailable")
        else:
            route.continue_()

    page.route("**/static/js/engine-worker.js", fail_once)
    page.goto(f"{site_url}/calculator.html#{EXAMPLE_1_LINK}")
    status = page.locator("#engine-status")
    expect(status).to_have_attribute("data-state", "restarting", timeout=BOOT_MS)
    expect(status).to_contain_text("重新启动")
    expect(status).to_contain_text("starting it again")
    expect(page.locator("#result")).to_have_attribute("data-total", "12", timeout=BOOT_MS)
    expect(status).to_have_attribute("data-state", "ready")
    assert len(failed) == 1


def test_a_worker_that_dies_silently_is_replaced_and_the_hand_sent_again(page: Page, site_url: str):
    page.goto(f"{site_url}/calculator.html#{EXAMPLE_1_LINK}")
    result = page.locator("#result")
    expect(result).to_have_attribute("data-total", "12", timeout=BOOT_MS)
    dead = engine_worker(page)
    dead.evaluate("() => self.close()")  # the worker ends: no event reaches the page

    page.evaluate("(h) => { location.hash = h; }", GB_LINK)
    expect(result).to_have_attribute("data-state", "pending")
    expect(result.locator(".slow-notice")).to_be_visible(timeout=SLOW_NOTICE_MS)  # a word, and a way out
    expect(result.locator(".slow-notice button")).to_be_visible()
    expect(page.locator("#engine-status")).to_have_attribute("data-state", "restarting", timeout=BOOT_MS)
    expect(result).to_have_attribute("data-state", "done", timeout=BOOT_MS)  # the new worker scored it
    expect(result).to_contain_text("清龙")


def test_the_retry_button_restarts_a_stuck_engine_at_once(page: Page, site_url: str):
    page.goto(f"{site_url}/calculator.html#{EXAMPLE_1_LINK}")
    result = page.locator("#result")
    expect(result).to_have_attribute("data-total", "12", timeout=BOOT_MS)
    # The worker's thread is kept busy for a minute, as by a request that never ends.
    engine_worker(page).evaluate(
        "() => { setTimeout(() => { const end = Date.now() + 60_000; while (Date.now() < end); }); }"
    )
    page.evaluate("(h) => { location.hash = h; }", GB_LINK)
    retry = result.locator(".slow-notice button")
    expect(retry).to_be_visible(timeout=SLOW_NOTICE_MS)
    retry.click()
    expect(result).to_have_attribute("data-state", "done", timeout=BOOT_MS)
    expect(result).to_contain_text("清龙")


def test_latest_wins_over_a_request_the_worker_is_stuck_on(page: Page, site_url: str):
    """Calls in one lane: a replaced call that was never sent is dropped at once; one the worker is stuck on gets a
    short grace, then the worker is replaced and the newest call is answered by the new one."""
    page.goto(f"{site_url}/index.html")
    outcome = page.evaluate(
        """async ([first, second]) => {
        const { createEngine } = await import("/static/js/engine.js");
        const engine = createEngine();
        const settled = (p) => p.then((r) => ({ total: r.total }), (e) => ({ superseded: e.superseded, code: e.code }));
        // Before the engine is ready nothing is sent: the older call in the lane is dropped unsent.
        const dropped = settled(engine.call(first, { lane: "score" }));
        const kept = settled(engine.call(second, { lane: "score" }));
        const early = { dropped: await dropped, kept: await kept };
        window.lateEngine = engine;
        return early;
    }""",
        [
            {"hand": EXAMPLE_1, "rules": "jiujiang"},
            {"hand": EXAMPLE_1, "rules": "jiujiang", "self_drawn": True, "dealer": True, "table": {"base_added": True}},
        ],
    )
    assert outcome["dropped"] == {"superseded": True, "code": "superseded"}
    assert outcome["kept"] == {"total": 12}

    # Now the worker is stuck (its thread busy for a minute) when a call is sent, and that call is replaced.
    engine_worker(page).evaluate(
        "() => { setTimeout(() => { const end = Date.now() + 60_000; while (Date.now() < end); }); }"
    )
    late = page.evaluate(
        """async ([first, second]) => {
        const engine = window.lateEngine;
        const settled = (p) => p.then((r) => ({ total: r.total }), (e) => ({ superseded: e.superseded }));
        const stuck = settled(engine.call(first, { lane: "score" }));
        await new Promise((r) => setTimeout(r, 200));
        const newest = settled(engine.call(second, { lane: "score" }));
        return { stuck: await stuck, newest: await newest, status: engine.status };
    }""",
        [{"hand": EXAMPLE_1, "rules": "jiujiang"}, DEALER_ONLY],
    )
    assert late == {"stuck": {"superseded": True}, "newest": {"total": handle(DEALER_ONLY)["total"]}, "status": "ready"}


def test_a_fatal_pyodide_error_replaces_the_worker_and_the_hand_is_scored(page: Page, site_url: str):
    """A real fatal Pyodide error: the next request makes the runtime read memory outside its WebAssembly memory
    (ctypes at an address past the end), a trap Pyodide cannot recover from; after it every call into Pyodide
    throws. The test's copy of engine-worker.js differs only in handing the booted engine to the worker's global
    scope, so the test can reach it."""

    def expose_pyodide(route: Route):
        script = route.fetch().text()
        assert script.count("engine = booted;") == 1
        route.fulfill(
            body=script.replace("engine = booted;", "engine = booted; self.bootedEngine = booted;"),
            content_type="text/javascript",
        )

    page.route("**/static/js/engine-worker.js", expose_pyodide)
    page.goto(f"{site_url}/calculator.html#{EXAMPLE_1_LINK}")
    result = page.locator("#result")
    expect(result).to_have_attribute("data-total", "12", timeout=BOOT_MS)
    # Booted from its snapshot, the engine's Python has no standard library beyond the modules the snapshot holds
    # (engine-worker.js), and ctypes is none of them: the worker brings in the real one first.
    engine_worker(page).evaluate("""async () => {
        await self.bootedEngine.withStandardLibrary();
        self.bootedEngine.pyodide.runPython(`
import ctypes, suanfan.api
suanfan.api.handle = lambda request: ctypes.string_at(0xFFFFFF00, 1000)
`);
    }""")

    page.evaluate("(h) => { location.hash = h; }", GB_LINK)
    status = page.locator("#engine-status")
    expect(status).to_have_attribute("data-state", "restarting", timeout=BOOT_MS)
    expect(status).to_contain_text("starting it again")
    expect(result).to_have_attribute("data-state", "done", timeout=BOOT_MS)  # the new worker scored it
    expect(result).to_contain_text("清龙")
    expect(status).to_have_attribute("data-state", "ready")
