"""Holding back one of the site's files, as the tests that act while the engine is still loading do: the request
waits, unanswered, until the test lets it go. One home for it (test_calculator, test_practice_page)."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

RUNTIME = "**/pyodide/pyodide.asm.wasm"


def hold(page: Page, pattern: str = RUNTIME) -> Callable[[], None]:
    """Hold every request for `pattern` (the worker's and the service worker's too: routed on the context).
    -> release(): waits until the page has asked for it (up to 10 s), then lets the first request through."""
    held = []
    page.context.route(pattern, lambda route: held.append(route))

    def release() -> None:
        for _ in range(100):
            if held:
                break
            page.wait_for_timeout(100)
        assert held, f"{pattern} was never asked for"
        held[0].continue_()

    return release
