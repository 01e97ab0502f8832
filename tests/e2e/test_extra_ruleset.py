"""A rule set beyond the built-in ones, end to end in Chromium: the toy (tests/toy_ruleset, a package of its own) built
as a wheel with the engine (`build --ruleset`), registered in the Pyodide lock, installed by micropip the first time a
page names its rules, then found through the engine's registry (its entry point). The calculator scores a hand under
it, a practice question is answered, a score-sheet row is settled and its reference card drawn; once visited it
works offline. The built-in rule sets still boot from the snapshot, which holds no toy. Every value checked is the
toy's own answer (its scorer in CPython), never written here."""

from __future__ import annotations

import json
import shutil
import threading
from pathlib import Path

import pytest
import suanfan_toy
from engine_boot import BOOT_MS, open_question, open_with_engine, wait_for_engine
from playwright.sync_api import Page, expect
from suanfan_toy.ruleset import RULESETS as TOY_RULESETS

from buildkit.dist import build
from buildkit.paths import ROOT
from buildkit.rulesets import MANIFEST
from buildkit.serve import make_server
from suanfan.api import handle
from suanfan.rulesets import register, unregister

TOY = ROOT / "tests" / "toy_ruleset"
HAND = "1133m557799p22sEE"
CACHE_MS = 120_000


@pytest.fixture(scope="module")
def toy_dist(built_dist, tmp_path_factory) -> Path:
    """The built site, built again with the toy as an extra rule set: the same build, `--ruleset tests/toy_ruleset`
    (only the engine and pages stages are redone: the copy's runtime and vendor stages are up to date)."""
    site = tmp_path_factory.mktemp("toy") / "dist"
    shutil.copytree(built_dist, site)
    build(site, extra_rulesets=(TOY,))
    return site


@pytest.fixture(scope="module")
def toy_url(toy_dist):
    server = make_server(toy_dist, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def toy():
    """The toy registered in this process too, for the answers the page must give (its own scorer's)."""
    register(TOY_RULESETS[0])
    yield suanfan_toy.KEY
    unregister(suanfan_toy.KEY)


@pytest.fixture
def toy_page(browser, toy_url):
    """A page of its own (the shared `page` is held to the suite's own server), recording what it requests: `seen`,
    every request; `asked`, the file names the pages and the engine's worker asked for (not the service worker,
    which precaches every file of the build once installed)."""
    context = browser.new_context()
    seen: list[str] = []
    asked: list[str] = []

    def record(request) -> None:
        seen.append(request.url)
        if request.service_worker is None:
            asked.append(request.url.split("#")[0].rsplit("/", 1)[1])

    context.on("request", record)
    page = context.new_page()
    page.asked = asked
    yield page
    context.close()
    assert seen and all(url.startswith(toy_url + "/") for url in seen), seen


def wheel_names(toy_dist: Path) -> tuple[str, str]:
    manifest = json.loads((toy_dist / "pyodide" / MANIFEST).read_text(encoding="utf-8"))
    lock = json.loads((toy_dist / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    toy_wheel = manifest["rulesets"][suanfan_toy.KEY]["file_name"]
    assert lock[manifest["rulesets"][suanfan_toy.KEY]["package"]]["file_name"] == toy_wheel
    return toy_wheel, lock[manifest["installer"]]["file_name"]


def test_the_toy_is_installed_by_micropip_and_used_on_every_page(toy_page: Page, toy_url, toy_dist, toy):
    page = toy_page
    toy_wheel, micropip_wheel = wheel_names(toy_dist)
    assert toy_wheel not in page.asked

    # The calculator: a link naming the toy's rules. The engine booted from its snapshot (no toy in it); the
    # worker installs the toy's wheel with micropip and the hand is scored under it.
    link = f"hand={HAND}&rules=toy&lucky=1&house.pair_value=3"
    open_with_engine(page, f"{toy_url}/calculator.html#{link}")
    assert page.get_attribute("html", "data-engine-boot") == "snapshot"
    scored = handle({"hand": HAND, "rules": toy, "lucky": True, "house": {"pair_value": 3}})
    result = page.locator("#result")
    expect(result).to_have_attribute("data-total", str(scored["total"]), timeout=BOOT_MS)
    expect(page.locator("#rules")).to_have_value("toy")
    # fetched by the engine's worker: micropip's wheel (pyodide.loadPackage), then the toy's (micropip.install)
    assert micropip_wheel in page.asked and toy_wheel in page.asked, page.asked

    # Practice: a question on the toy's topic, answered right; its answer is the toy's own for its request.
    expected = handle({"action": "question", "rules": toy, "kind": "points", "topic": "pairs", "seed": 7})
    assert expected["answer"] == handle(expected["question"]["request"])["total"]
    question = open_question(page, f"{toy_url}/practice.html#rules=toy&kind=points&topic=pairs&seed=7")
    assert json.loads(question.get_attribute("data-request")) == expected["question"]["request"]
    question.locator("[data-answer]").fill(str(expected["answer"]))
    page.keyboard.press("Enter")
    expect(question).to_have_attribute("data-verdict", "right")

    # The score sheet: one row, from its hand, settled by the toy's sheet.
    row = {"winner": 2, "dealer": 0, "discarder": 1, "hand": HAND}
    settled = handle({"action": "settle", "rules": toy, "house": {}, "rows": [row]})["rows"][0]
    open_with_engine(page, f"{toy_url}/scoresheet.html#rules=toy")
    form = page.locator("#row-form")
    form.locator("#row-dealer").select_option(str(row["dealer"]))
    form.locator("#row-winner").select_option(str(row["winner"]))
    form.locator("#row-how").select_option(str(row["discarder"]))
    form.locator("#row-hand").fill(row["hand"])
    page.locator("#row-submit").click()
    shown = page.locator('#sheet[data-state="ready"] tbody tr[data-row="1"]')
    expect(shown).to_have_count(1, timeout=BOOT_MS)
    expect(shown.locator("[data-score]")).to_have_attribute("data-score", str(settled["total"]))
    paid = shown.locator("td.seat").evaluate_all("(tds) => tds.map((td) => Number(td.dataset.paid))")
    assert paid == settled["payments"]

    # The reference card, drawn from the toy's reference as the engine in the browser gives it.
    (card,) = handle({"action": "reference", "rules": toy})["cards"]
    open_with_engine(page, f"{toy_url}/reference.html#rules=toy")
    cards = page.locator('#reference-cards[data-state="ready"][data-rules="toy"]')
    expect(cards).to_have_count(1, timeout=BOOT_MS)
    drawn = cards.locator(f'[data-card="{card["key"]}"] tbody tr')
    expect(drawn).to_have_count(len(card["rows"]))
    for n, expected_row in enumerate(card["rows"]):
        for column in card["columns"]:
            key = column["key"]
            expect(drawn.nth(n).locator(f'td[data-col="{key}"]')).to_have_text(str(expected_row[key]))


def test_once_visited_the_toy_works_offline(toy_page: Page, toy_url, toy, toy_dist):
    """The very first page of the site a browser opens names the toy: no service worker serves it yet, so micropip's
    downloads went past it, into the browser's HTTP cache. Once installed, the service worker copies them from there
    (offline.js asks it: sw.js keepOnDemandFromHttpCache), so offline the toy installs again from its cache."""
    page = toy_page
    open_with_engine(page, f"{toy_url}/calculator.html#hand={HAND}&rules=toy")
    total = str(handle({"hand": HAND, "rules": toy})["total"])
    expect(page.locator("#result")).to_have_attribute("data-total", total, timeout=BOOT_MS)
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=CACHE_MS)
    toy_wheel, micropip_wheel = wheel_names(toy_dist)
    kept = """async (names) => {
        const cache = await caches.open((await caches.keys()).find((name) => !name.endsWith(" downloaded")));
        const urls = (await cache.keys()).map((request) => request.url.split("/").pop());
        return names.every((name) => urls.includes(name));
    }"""
    page.wait_for_function(kept, arg=[toy_wheel, micropip_wheel], timeout=CACHE_MS)

    page.context.set_offline(True)
    page.reload()  # from the service worker's cache: the worker installs the toy again, from cached files
    wait_for_engine(page)
    expect(page.locator("#result")).to_have_attribute("data-total", total, timeout=BOOT_MS)


def test_a_key_in_no_manifest_is_still_unknown_rules(toy_page: Page, toy_url, toy_dist):
    page = toy_page
    toy_wheel, micropip_wheel = wheel_names(toy_dist)
    open_with_engine(page, f"{toy_url}/calculator.html")
    answer = page.evaluate("""async () => {
        const { pageEngine } = await import("./static/js/engine.js");
        return pageEngine().call({ hand: "1133m557799p22sEE", rules: "nothing-such" });
    }""")
    error = answer["error"]
    assert answer["ok"] is False and error["code"] == "unknown_rules"
    assert "nothing-such" in error["message"]["zh"] and "nothing-such" in error["message"]["en"]
    # nothing was installed for it: the manifest does not list it
    assert toy_wheel not in page.asked and micropip_wheel not in page.asked, page.asked
