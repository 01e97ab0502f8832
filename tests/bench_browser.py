"""Benchmark: the built site in headless Chromium — engine boot, first paint, engine work in the worker, bytes.

    python tests/bench_browser.py [--runs N] [--site DIR] [--bytes-only]
    (default 5 runs of dist/; python3 build.py bench runs it after a build; --site measures another build,
    e.g. a copy of an earlier dist/, to compare before and after; --bytes-only measures only the bytes on the
    wire, once, and prints them file by file)

dist/ is served by the site's own handler (buildkit.serve: a precompressed copy where the browser accepts it) on
127.0.0.1, which also serves three pages of this benchmark's own under /_bench/ and counts the bytes it writes for
every response, headers and body (the service worker's downloads included: what a visit really costs the network). Each cold run is a browser profile of its own
(an empty HTTP cache, no service worker); its warm run is the next visit in the same profile (HTTP cache warm).
Cold and warm runs are interleaved, and the pages compared take turns going first, so a machine busy
with other work slows both sides of a ratio alike: compare the ratios, not the absolute times.

Printed, each a median with its spread (min–max) over the runs:
  engine ready      navigation start -> <html data-engine="ready">: the calculator, and /_bench/bare.html, a page
                    whose module worker only calls loadPyodide() from dist/pyodide/ (the floor any page that
                    boots Pyodide has without a snapshot); their ratio within each run (target <= 0.50, cold
                    and warm). Also /_bench/restore.html, whose worker only restores the engine's memory snapshot
                    (the floor of a boot from it: restore ÷ bare is what the snapshot saves), and
                    /_bench/engine.html, a page that only boots the site's engine the way the calculator does
                    (engine-start.js, engine.js, its worker, the snapshot restored and checked) and has nothing
                    else to load or draw: its ratio to the restore page is the site's own boot path, and the
                    calculator's ratio to it is what the calculator page's own loading and drawing add. The site's worker's
                    after-ready work (a first visit's copies for the service worker) is let finish before the
                    next boot is timed, so it is not counted in that one
  repeat visit      the calculator's engine ready once the service worker has the site cached (a profile whose
                    first visit reached data-offline="ready"), against the bare page's warm boot (target < 1.5x)
  first paint       first-contentful-paint of a 九江 lesson, of the largest fan-card page and of the rulings page
                    (target < 300 ms), and their ratio to a page of one line of text with the site's stylesheet
                    (the floor); and the same visits' load event, which comes once every tile is drawn: a page of
                    many tiles shows its first lines early and is whole much later
  in the worker     the engine's handle_json per request, timed inside a module worker with the engine booted
                    exactly as engine-worker.js boots it: scores (the fixtures and a Guobiao corpus), waits
                    analyses, practice questions (every kind of every topic, seed 0), 九江's questions at the tables
                    of bench_questions.py (seed 0), focus requests (every tag, seed 0; 九江's at those tables too) and
                    hand readings of 14 tiles one and two away (50 of each rule set and distance, bench_reading.py's)
                    (targets 20 / 150 / 30 / 100 ms): p50, p90, p99 and the slowest per action, and per rule set and kind
                    of question with the slowest request (a question answered no_question_here is counted apart)
  bytes             sent for a first visit to the calculator until the site is cached for offline use, against
                    the bytes of the files the service worker installs (target <= 1.1x), in a profile (disk HTTP
                    cache) and in a private window (a small in-memory HTTP cache, where a second download of
                    pyodide.asm.wasm is not absorbed); and for a repeat visit (target about 0)
  --bytes-only      a first visit (the home page until the site is saved for offline use, then the calculator
                    until its engine is ready) and a repeat visit (the same two pages), each response with the
                    size of its file and the encoding it was sent in (target: at most 10 MB for the first visit)
Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import functools
import json
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "engine"), str(ROOT / "tests"), str(ROOT)]

from bench_questions import TABLES, described, focus_requests
from bench_reading import SEED as READING_SEED
from bench_reading import dealt
from chromium_switches import BROWSER_ARGS, SYSTEM_BROWSERS
from gb_corpus import corpus
from percentiles import print_table
from playwright.sync_api import sync_playwright

from buildkit.paths import DIST
from buildkit.serve import SiteHandler, SiteServer
from suanfan.api import handle
from suanfan.rulesets import RULESETS

TIMEOUT_MS = 300_000
CALCULATOR = (
    "calculator.html#" + f"hand={quote('[5555p1]222m777s99sEE9s', safe='')}&rules=jiujiang&self_drawn=1&dealer=1"
)
LESSON = "lessons/jiujiang/01-ping-hu.html"
FAN_CARDS = "lessons/guobiao/fans-pungs.html"
RULINGS = "rulings.html"  # the page of the most tiles but the fan cards' (1,535): its whole drawing is timed too
BARE = "_bench/bare.html"
RESTORE = "_bench/restore.html"
ENGINE_ONLY = "_bench/engine.html"
PLAIN = "_bench/plain.html"
TIMING = "_bench/timing.html"
TARGETS = {
    # The calculator's engine ready against a bare loadPyodide(): the snapshot brought it from 1.03× to 0.46×
    # (docs/speed.md); the bytes saved since (precompressed files) must not give that back.
    "ratio": 0.50,
    "repeat": 1.5,
    "paint_ms": 300,
    "score": 20,
    "waits": 150,
    "question": 30,
    "analyse": 100,
    "table": 30,
    "focus": 30,
    "bytes": 1.1,
    "first visit MB": 10,
}

# The benchmark's own pages, served under /_bench/ beside dist/ (never part of the site).
BENCH_FILES = {
    # The floor of a first paint: a page of one line of text in both scripts, with the site's stylesheet.
    "plain.html": '<!doctype html><meta charset="utf-8"><title>plain</title>'
    '<link rel="stylesheet" href="../static/css/site.css"><p>算番 Suanfan</p>',
    "bare.html": '<!doctype html><meta charset="utf-8"><title>bare loadPyodide()</title>'
    '<script type="module" src="boot.js?worker=bare-worker.js"></script><p>bare</p>',
    # The page script of the floors (bare, restore): starts the worker its URL names and sets the same marks the
    # calculator's engine.js sets, so one observer times every page.
    "boot.js": """
document.documentElement.dataset.engine = "loading";
const name = new URL(import.meta.url).searchParams.get("worker");
const worker = new Worker(new URL(name, import.meta.url), { type: "module" });
worker.onmessage = ({ data }) => { document.documentElement.dataset.engine = data.ok ? "ready" : "failed"; };
""",
    "bare-worker.js": """
import { loadPyodide } from "../pyodide/pyodide.mjs";
const indexURL = new URL("../pyodide/", import.meta.url).href;
loadPyodide({ indexURL, packageBaseUrl: indexURL }).then(
  () => postMessage({ ok: true }), (err) => postMessage({ ok: false, error: String(err) }));
""",
    # The floor of a boot from the engine's memory snapshot: the snapshot fetched, decompressed and restored by
    # loadPyodide(), and nothing else (no page, no engine.js, no check of what was restored).
    "restore.html": '<!doctype html><meta charset="utf-8"><title>bare snapshot restore</title>'
    '<script type="module" src="boot.js?worker=restore-worker.js"></script><p>restore</p>',
    "restore-worker.js": """
import { loadPyodide } from "../pyodide/pyodide.mjs";
const indexURL = new URL("../pyodide/", import.meta.url).href;
const snapshot = fetch(indexURL + "suanfan-snapshot.json").then((r) => r.json())
  .then((info) => fetch(indexURL + info.file_name)).then((r) => r.arrayBuffer());
const stdLibURL = indexURL + "suanfan-empty-stdlib.zip";
loadPyodide({ indexURL, packageBaseUrl: indexURL, _loadSnapshot: snapshot, stdLibURL }).then(
  () => postMessage({ ok: true }), (err) => postMessage({ ok: false, error: String(err) }));
""",
    # The site's engine booted exactly as the calculator boots it (its worker started from the head, then taken by
    # the page's pageEngine()), with no page around it.
    "engine.html": '<!doctype html><meta charset="utf-8"><title>the engine alone</title>'
    '<script src="../static/js/engine-start.js"></script>'
    '<script type="module" src="engine.js"></script><p>engine</p>',
    "engine.js": """
import { pageEngine } from "../static/js/engine.js";
pageEngine();
""",
    "timing.html": '<!doctype html><meta charset="utf-8"><title>engine timing</title>'
    '<script type="module" src="timing.js"></script><p>timing</p>',
    "timing.js": """
const worker = new Worker(new URL("timing-worker.js", import.meta.url), { type: "module" });
window.timeRequests = (groups) => new Promise((resolve) => {
  worker.onmessage = ({ data }) => resolve(data);
  worker.postMessage(groups);
});
""",
    # engine-worker.js serves messages as soon as it finds itself in a worker; only its bootEngine is wanted
    # here, so the worker global's interface object is hidden while it is imported (and put back: Pyodide
    # looks for it to know it runs in a worker).
    "timing-worker.js": """
const workerScope = self.WorkerGlobalScope;
delete self.WorkerGlobalScope;
const { bootEngine } = await import("../static/js/engine-worker.js");
self.WorkerGlobalScope = workerScope;
const booting = bootEngine({ indexURL: new URL("../pyodide/", import.meta.url).href, stdout: () => {} });
self.onmessage = async ({ data: groups }) => {
  let engine;
  try {
    engine = await booting;
  } catch (err) {
    postMessage({ error: String(err) });
    return;
  }
  const out = {};
  for (const [name, requests] of Object.entries(groups)) {
    out[name] = { ms: [], codes: [] };
    for (const request of requests) {
      const text = JSON.stringify(request);
      const start = performance.now();
      const result = JSON.parse(engine.handleJson(text));
      out[name].ms.push(performance.now() - start);
      out[name].codes.push(result.ok ? null : result.error.code);
    }
  }
  postMessage(out);
};
""",
}

# Records when <html data-engine> first takes each value, in ms since navigation start.
ENGINE_MARKS = """
window.__engineMarks = {};
new MutationObserver(() => {
  const state = document.documentElement?.dataset.engine;
  if (state && !(state in window.__engineMarks)) window.__engineMarks[state] = performance.now();
}).observe(document, { attributes: true, attributeFilter: ["data-engine"], subtree: true });
"""


class CountingWriter:
    """A response's stream, counting every byte written to the connection."""

    def __init__(self, stream):
        self.stream, self.count = stream, 0

    def write(self, data) -> int:
        self.count += len(data)
        return self.stream.write(data)

    def __getattr__(self, name):
        return getattr(self.stream, name)


class BenchHandler(SiteHandler):
    """dist/ as the site's server sends it, /_bench/ from BENCH_FILES, and every response's bytes counted."""

    def setup(self):
        super().setup()
        self.wfile = CountingWriter(self.wfile)

    def finish(self):
        super().finish()
        if path := getattr(self, "path", None):
            self.server.record(Sent(path.split("?")[0], self.wfile.count, getattr(self, "status", 0), self.encoding))

    def send_response(self, code, message=None):
        self.status = code
        super().send_response(code, message)

    def do_GET(self):
        name = self.path.split("?")[0].removeprefix("/_bench/")
        if self.path.startswith("/_bench/") and name in BENCH_FILES:
            body = BENCH_FILES[name].encode()
            self.send_response(200)
            self.send_header("Content-Type", self.extensions_map[Path(name).suffix])
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


@dataclasses.dataclass(frozen=True)
class Sent:
    """One response: the path asked for, the bytes written for it (status line, headers, body), its status and the
    Content-Encoding its body was sent in (None: the file as it is)."""

    path: str
    size: int
    status: int
    encoding: str | None


class CountingServer(SiteServer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.quiet = True
        self.lock = threading.Lock()
        self.sent: list[Sent] = []

    def record(self, sent: Sent) -> None:
        with self.lock:
            self.sent.append(sent)

    def take(self) -> list[Sent]:
        with self.lock:
            sent, self.sent = self.sent, []
        return sent


@contextlib.contextmanager
def served(directory: Path):
    server = CountingServer(("127.0.0.1", 0), functools.partial(BenchHandler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server, f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


def chromium_path(playwright) -> str:
    own = playwright.chromium.executable_path
    if own and Path(own).exists():
        return own
    found = next((shutil.which(name) for name in SYSTEM_BROWSERS if shutil.which(name)), None)
    if not found:
        sys.exit("no Chromium: apt-get install chromium")
    return found


@contextlib.contextmanager
def profile(playwright, executable: str, service_workers: str = "block"):
    """A browser with a profile of its own (a real disk HTTP cache, as a visitor's browser has), then gone."""
    with tempfile.TemporaryDirectory(prefix="suanfan-bench-") as user_data:
        context = playwright.chromium.launch_persistent_context(
            user_data,
            executable_path=executable,
            headless=True,
            args=BROWSER_ARGS,
            service_workers=service_workers,
            viewport={"width": 1280, "height": 720},
        )
        context.add_init_script(ENGINE_MARKS)
        context.set_default_timeout(TIMEOUT_MS)  # a machine busy with other work loads a big page slowly
        try:
            yield context
        finally:
            context.close()


def poll(page, expression: str):
    """The first truthy value of `expression` in the page, checked every 20 ms. Not wait_for_function: that
    evaluates its predicate from a string inside the page, which the site's CSP (no 'unsafe-eval') refuses."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        if value := page.evaluate(expression):
            return value
        time.sleep(0.02)
    raise TimeoutError(f"{expression} stayed false for {TIMEOUT_MS / 1000:.0f} s")


def engine_ready_ms(context, url: str, site_engine: bool = True) -> float:
    """Navigation start -> data-engine="ready". site_engine: the page boots the site's engine (engine.js), whose
    worker may go on working after "ready"."""
    page = context.new_page()
    try:
        page.goto(url)
        poll(page, "window.__engineMarks?.ready || window.__engineMarks?.failed")
        marks = page.evaluate("window.__engineMarks")
        if "ready" not in marks:
            raise RuntimeError(f"the engine failed to start on {url}")
        if site_engine:
            # The site's worker goes on after "ready" (on a first visit it writes 13 MB for the service worker):
            # let it finish, so that work is not counted in the next boot measured.
            poll(page, "document.documentElement.dataset.engineDownloads === 'kept'")
        return marks["ready"]
    finally:
        page.close()


def first_paint_ms(context, url: str) -> tuple[float, float]:
    """(first-contentful-paint, the load event's end) of one visit, in ms from navigation start. The load event
    waits for every tile the page draws: a page of many tiles paints its first lines early and is whole much later."""
    page = context.new_page()
    try:
        page.goto(url)
        paint = poll(
            page,
            """(() => {
            const [paint] = performance.getEntriesByName("first-contentful-paint");
            return paint ? paint.startTime : false;
        })()""",
        )
        loaded = poll(page, "performance.getEntriesByType('navigation')[0]?.loadEventEnd || false")
        return paint, loaded
    finally:
        page.close()


BOOT_PAGES = {"bare": BARE, "restore": RESTORE, "engine only": ENGINE_ONLY, "calculator": CALCULATOR}
OWN_BOOTS = ("bare", "restore")  # the benchmark's own pages: no engine.js, no after-ready work to wait for


def boot_round(playwright, executable: str, site: str, order: list[str]) -> dict:
    """One cold and one warm boot of each page in `order`, each page in a fresh profile."""
    out = {}
    for name in order:
        url, site_engine = f"{site}/{BOOT_PAGES[name]}", name not in OWN_BOOTS
        with profile(playwright, executable) as context:
            out[f"{name} cold"] = engine_ready_ms(context, url, site_engine)
            out[f"{name} warm"] = engine_ready_ms(context, url, site_engine)
    return out


PAINTED = (("plain", PLAIN), ("lesson", LESSON), ("fan cards", FAN_CARDS), ("rulings", RULINGS))


def paint_round(playwright, executable: str, site: str) -> dict:
    out = {}
    for name, path in PAINTED:
        with profile(playwright, executable) as context:
            for state in ("cold", "warm"):
                out[f"{name} {state}"], out[f"{name} {state} load"] = first_paint_ms(context, f"{site}/{path}")
    return out


def first_visit(context, server, site: str) -> list[Sent]:
    """Open the calculator and wait until the site is cached for offline use: what the server sent meanwhile."""
    server.take()
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(f"{site}/{CALCULATOR}")
    poll(page, "document.documentElement.dataset.offline === 'ready'")
    page.close()
    return server.take()


def visit_round(playwright, executable: str, server, site: str) -> dict:
    """A first visit until the site is cached for offline use, then a repeat visit: bytes, and the engine's boot.
    The first visit also in a private window (a fresh context: its HTTP cache is in memory and small)."""
    with profile(playwright, executable, service_workers="allow") as context:
        first = first_visit(context, server, site)
        repeat_ms = engine_ready_ms(context, f"{site}/{CALCULATOR}")
        repeat = server.take()
    browser = playwright.chromium.launch(executable_path=executable, headless=True, args=BROWSER_ARGS)
    try:
        private = first_visit(browser.new_context(service_workers="allow"), server, site)
    finally:
        browser.close()
    wasm = "/pyodide/pyodide.asm.wasm"
    return {
        "first bytes": sum(s.size for s in first),
        "repeat bytes": sum(s.size for s in repeat),
        "private bytes": sum(s.size for s in private),
        "repeat ms": repeat_ms,
        "first wasm sent": Counter(s.path for s in first if s.status == 200)[wasm],
        "private wasm sent": Counter(s.path for s in private if s.status == 200)[wasm],
    }


def wire_bytes(playwright, executable: str, server, site: str) -> dict[str, list[Sent]]:
    """A first visit, in a profile of its own: the home page until the site is saved for offline use, then the
    calculator until its engine is ready; then a repeat visit to the same two pages. What each sent."""
    visits = {}
    with profile(playwright, executable, service_workers="allow") as context:
        for visit in ("first visit", "repeat visit"):
            server.take()
            page = context.new_page()
            page.goto(f"{site}/index.html")
            poll(page, "document.documentElement.dataset.offline === 'ready'")
            page.goto(f"{site}/{CALCULATOR}")
            poll(page, "window.__engineMarks?.ready || window.__engineMarks?.failed")
            poll(page, "document.documentElement.dataset.offline === 'ready'")
            page.close()
            visits[visit] = server.take()
    return visits


def print_wire_bytes(visits: dict[str, list[Sent]], dist: Path) -> None:
    """Each response of each visit: the file's size, the bytes sent for it and how; then the totals."""
    for visit, sent in visits.items():
        print(f"\n{visit}: bytes on the wire (status line, headers and body) beside the size of the file asked for")
        print(f"  {'file':<52}{'file':>12}{'sent':>12}  as")
        files = wire = 0
        for name, size, status, encoding in sorted((s.path, s.size, s.status, s.encoding) for s in sent):
            file = dist / name.lstrip("/")
            file = file / "index.html" if file.is_dir() else file
            file_size = file.stat().st_size if status == 200 and file.is_file() else 0
            files, wire = files + file_size, wire + size
            how = "304 not modified" if status == 304 else str(status) if status != 200 else encoding or "as it is"
            print(f"  {name.lstrip('/'):<52}{file_size:>12,}{size:>12,}  {how}")
        print(f"  {f'total, {len(sent)} responses':<52}{files:>12,}{wire:>12,}  {wire / 1e6:.2f} MB sent", end="")
        print(f" for {files / 1e6:.2f} MB of files" if files else "")
    first = sum(s.size for s in visits["first visit"]) / 1e6
    print(f"\nfirst visit {first:.2f} MB on the wire; target <= {TARGETS['first visit MB']} MB")


# ---------------------------------------------------------------- engine work in the worker

WINNING_TILE = re.compile(r"(\d[mps]|[ESWNCFP])$")


def worker_requests() -> dict[str, list[dict]]:
    fixtures = []
    for line in (ROOT / "tests" / "fixtures" / "requests.jsonl").read_text(encoding="utf-8").splitlines():
        with contextlib.suppress(ValueError):  # the file holds malformed lines on purpose
            fixtures.append(json.loads(line))
    scores = [
        r for r in fixtures if isinstance(r, dict) and r.get("action", "score") == "score" and handle(r)["ok"]
    ] + corpus(300)
    waits = []
    for request in corpus(300, seed=7):
        hand = handle(request)["hand"]  # canonical: its last tile is the winning tile
        waiting = {"hand": WINNING_TILE.sub("", hand), "rules": "gb98", "action": "waits"}
        if handle(waiting)["ok"]:
            waits.append(waiting)
    questions = [
        {"action": "question", "rules": rules, "kind": kind, "topic": topic.key, "seed": 0}
        for rules in ("jiujiang", "gb98", "gb")
        for topic in RULESETS[rules].practice().topics().values()
        for kind in topic.kinds
    ]
    tables = [dict(r, table=table) for table in TABLES for r in questions if r["rules"] == "jiujiang"]
    focus = [r for r in focus_requests(("jiujiang", "gb98", "gb")) if r["seed"] == 0]
    # hand reading of 14 dealt tiles one and two exchanges from ready, as bench_reading.py deals them
    analyse = [r for rules in ("jiujiang", "gb") for away in (1, 2) for r in dealt(rules, away, 50, READING_SEED)]
    return {"score": scores, "waits": waits, "question": questions, "table": tables, "focus": focus, "analyse": analyse}


def worker_times(playwright, executable: str, site: str) -> dict:
    """{"requests": the groups of requests, "times": per group {ms, codes} (codes: null or the error's code)}."""
    groups = worker_requests()
    with profile(playwright, executable) as context:
        page = context.new_page()
        page.goto(f"{site}/{TIMING}")
        page.set_default_timeout(TIMEOUT_MS)
        timing = page.evaluate("(groups) => window.timeRequests(groups)", groups)
    if "error" in timing:
        raise RuntimeError(f"the engine did not boot in the timing worker: {timing['error']}")
    return {"requests": groups, "times": timing}


# ---------------------------------------------------------------- printing


def spread(values: list[float], unit: str = "ms", digits: int = 0) -> str:
    fmt = f"{{:.{digits}f}}"
    return (
        f"{fmt.format(statistics.median(values))} {unit}".ljust(12)
        + f"({fmt.format(min(values))}–{fmt.format(max(values))})"
    )


def print_figures(runs: list[dict], timing: dict, dist: Path) -> None:
    n = len(runs)
    col = lambda key: [run[key] for run in runs]  # noqa: E731
    print(f"\nengine ready, navigation start -> data-engine=ready; median (min–max) of {n} runs")
    ratio = lambda state, a, b: [run[f"{a} {state}"] / run[f"{b} {state}"] for run in runs]  # noqa: E731
    for state in ("cold", "warm"):
        for name in BOOT_PAGES:
            print(f"  {name + ' ' + state:<22}{spread(col(f'{name} {state}'))}")
        print(
            f"  {'ratio ' + state:<22}{spread(ratio(state, 'calculator', 'bare'), '×', 2)}   "
            f"calculator ÷ bare, target <= {TARGETS['ratio']:.2f}×"
        )
        print(
            f"  {'':<22}{spread(ratio(state, 'restore', 'bare'), '×', 2)}   restore ÷ bare: restoring the engine's "
            f"snapshot against starting Python"
        )
        print(
            f"  {'':<22}{spread(ratio(state, 'engine only', 'restore'), '×', 2)}   engine only ÷ restore: the site's "
            f"engine boot over a bare restore"
        )
        print(
            f"  {'':<22}{spread(ratio(state, 'calculator', 'engine only'), '×', 2)}   "
            f"calculator ÷ engine only: the calculator page's own loading and drawing"
        )
    repeat = [run["repeat ms"] / run["bare warm"] for run in runs]
    print(f"  {'repeat visit (SW)':<22}{spread(col('repeat ms'))}")
    print(f"  {'repeat / bare warm':<22}{spread(repeat, '×', 2)}   target < {TARGETS['repeat']}×")

    print("\nfirst contentful paint")
    for state in ("cold", "warm"):
        print(f"  {'plain ' + state:<22}{spread(col(f'plain {state}'))}   /{PLAIN}: one line of text, site.css")
    for name, path in PAINTED[1:]:
        size = (dist / path).stat().st_size
        for state in ("cold", "warm"):
            ratios = [run[f"{name} {state}"] / run[f"plain {state}"] for run in runs]
            print(
                f"  {name + ' ' + state:<22}{spread(col(f'{name} {state}'))}   {spread(ratios, '× plain', 1)}   "
                f"{path}, {size / 1000:.0f} kB; target < {TARGETS['paint_ms']} ms"
            )

    print("\nthe whole page loaded (the load event's end, after the tiles' art is drawn)")
    for name, path in PAINTED:
        where = f"/{PLAIN}" if path == PLAIN else f"{path}, {(dist / path).stat().st_size / 1000:.0f} kB"
        for state in ("cold", "warm"):
            ratios = [run[f"{name} {state} load"] / run[f"plain {state} load"] for run in runs]
            print(
                f"  {name + ' ' + state:<22}{spread(col(f'{name} {state} load'))}   "
                f"{spread(ratios, '× plain', 1)}   {where}"
            )

    print_worker(timing)

    listed = precache_bytes(dist)
    print(f"\nbytes sent by the server (the files the service worker installs: {listed / 1e6:.1f} MB)")
    for label, key in (("first visit", "first"), ("first visit, private", "private")):
        sent = col(f"{key} bytes")
        print(
            f"  {label:<22}{spread([b / 1e6 for b in sent], 'MB', 1)}   {statistics.median(sent) / listed:.2f}× "
            f"the installed files, pyodide.asm.wasm sent {spread(col(f'{key} wasm sent'), 'times')}"
            f"; target <= {TARGETS['bytes']}×"
        )
    print(f"  {'repeat visit':<22}{spread([b / 1e3 for b in col('repeat bytes')], 'kB', 1)}")
    print("  (file by file, a first visit to the home page and then the calculator: --bytes-only)")


def print_worker(timing: dict) -> None:
    """The engine's work in the worker (worker_times): per action, then the questions per rule set and kind."""
    print()
    rows = []
    for name, figures in timing["times"].items():
        codes = Counter(code for code in figures["codes"] if code)
        answers = ", ".join(f"{n} {code}" for code, n in sorted(codes.items()))
        rows.append(((name,), figures["ms"], f"< {TARGETS[name]} ms" + (f"; {answers}" if answers else "")))
    print_table("in the worker, per request (handle_json, one profile)", ("action",), rows, note="target")
    rows = []
    for name in ("question", "table", "focus"):
        asked, ms = timing["requests"][name], timing["times"][name]["ms"]
        groups: dict = {}
        for request, value in zip(asked, ms):
            groups.setdefault((name, request["rules"], request.get("kind", "(any)")), []).append((value, request))
        for key, members in groups.items():
            value, request = max(members, key=lambda m: m[0])
            rows.append((key, [m[0] for m in members], f"{value:.2f} {described(request)}"))
    print_table("in the worker, questions per rule set and kind", ("action", "rules", "kind"), rows, note="slowest")


def precache_bytes(dist: Path) -> int:
    text = (dist / "sw.js").read_text(encoding="utf-8")
    start = text.index("const PRECACHE = ") + len("const PRECACHE = ")
    return json.JSONDecoder().raw_decode(text, start)[0]["bytes"]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path, default=DIST)
    parser.add_argument("--bytes-only", action="store_true", help="only the bytes on the wire, file by file")
    args, _ = parser.parse_known_args(argv)
    if not (args.site / "sw.js").exists():
        sys.exit(f"no built site in {args.site}: run python3 build.py build (python3 build.py bench builds first)")
    runs = []
    with sync_playwright() as playwright, served(args.site) as (server, site):
        executable = chromium_path(playwright)
        if args.bytes_only:
            print_wire_bytes(wire_bytes(playwright, executable, server, site), args.site)
            return 0
        for i in range(args.runs):
            started = time.monotonic()
            names = list(BOOT_PAGES)
            order = names[i % len(names) :] + names[: i % len(names)]  # each page goes first in turn
            run = {
                **boot_round(playwright, executable, site, order),
                **paint_round(playwright, executable, site),
                **visit_round(playwright, executable, server, site),
            }
            runs.append(run)
            print(
                f"run {i + 1}/{args.runs} ({time.monotonic() - started:.0f} s): "
                + ", ".join(f"{k} {v:.0f}" for k, v in run.items()),
                flush=True,
            )
        timing = worker_times(playwright, executable, site)
    print_figures(runs, timing, args.site)
    return 0


if __name__ == "__main__":
    sys.exit(main())
