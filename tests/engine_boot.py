"""How a browser test waits for the engine: one figure and one way, for every browser test.

    BOOT_MS                   how long a test waits for the engine to boot (and for anything that waits on it)
    wait_for_engine(page)     until <html data-engine> says "ready" (or another state engine.js gives it)
    open_with_engine(page, url)   open a page that starts the engine, and wait until it is ready
    open_question(page, url)  open the practice page, wait for the engine, then for the question (#question) to be asked

Pyodide boots from the memory snapshot in about a second on this machine; the wait is two minutes because a CI
machine running two test processes side by side, each with a browser, can be many times slower, and a wait that
runs out there fails a test that has nothing wrong with it. Nothing measures speed with it: the benchmarks do that.
A boot that fails ends the wait at once and fails the test with the page's own words, rather than two minutes
later on whatever the test waited for next.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

BOOT_MS = 120_000

BOOTED = re.compile(r"^(ready|failed)$")


def wait_for_engine(page: Page, state: str = "ready") -> None:
    """Until the page's engine is in `state` (engine.js keeps <html data-engine>: loading, ready, failed)."""
    root = page.locator("html")
    if state != "ready":
        expect(root).to_have_attribute("data-engine", state, timeout=BOOT_MS)
        return
    expect(root).to_have_attribute("data-engine", BOOTED, timeout=BOOT_MS)
    if root.get_attribute("data-engine") == "failed":
        said = page.evaluate("() => document.getElementById('engine-status')?.textContent.trim() ?? ''")
        pytest.fail(f"the engine did not boot on {page.url}: {said or '(the page says nothing)'}", pytrace=False)


def open_with_engine(page: Page, url: str) -> None:
    """Open a page that starts its engine as it loads (calculator, practice, worksheet, score sheet, class, show) and
    wait until the engine is ready."""
    page.goto(url)
    wait_for_engine(page)


def open_question(page: Page, url: str, state: str = "asking") -> Locator:
    """Open the practice page at `url` and wait until its question is in `state` (asking, teaching, error)."""
    open_with_engine(page, url)
    question = page.locator("#question")
    expect(question).to_have_attribute("data-state", state, timeout=BOOT_MS)
    return question
