"""`hidden` hides, on every page: a script that sets `el.hidden = true` must take the element off the screen, whatever
class it has. A class that sets `display` (the engine's status line is a flex box) beats the attribute's own
`display: none` unless the stylesheet says otherwise once for all (site.css); the reference page showed its
"working out the cards…" line beside its error, and its "ready" line beside its cards, until it did."""

from __future__ import annotations

from engine_boot import BOOT_MS
from playwright.sync_api import Page, expect

from suanfan.api import handle

# Elements carrying `hidden` whose computed display is not none: what a reader would see though a script hid it.
SHOWN_THOUGH_HIDDEN = """() => [...document.querySelectorAll('[hidden]')]
    .filter((el) => getComputedStyle(el).display !== 'none')
    .map((el) => el.outerHTML.slice(0, 120))"""


def test_no_element_marked_hidden_is_drawn_on_any_page(page: Page, site_url: str, built_dist):
    pages = sorted(p.relative_to(built_dist).as_posix() for p in built_dist.rglob("*.html"))
    assert len(pages) >= 40, pages
    shown = {}
    for name in pages:
        page.goto(f"{site_url}/{name}")
        page.wait_for_load_state("load")
        # every element a page may hide, hidden at once: the rule must hold for all of them, not only for the few a
        # page happens to hide as it first draws
        page.evaluate("() => document.querySelectorAll('body *').forEach((el) => { el.hidden = true; })")
        found = page.evaluate(SHOWN_THOUGH_HIDDEN)
        if found:
            shown[name] = found
    assert not shown, shown


def test_the_reference_page_without_rules_says_so_and_nothing_else(page: Page, site_url: str):
    page.goto(f"{site_url}/reference.html")
    problem = page.locator("#reference-problem")
    expect(problem).to_be_visible()
    expect(problem).to_contain_text("#rules=")
    expect(page.locator("#engine-status")).to_be_hidden()


def test_the_reference_page_once_its_cards_are_drawn_drops_its_status_line(page: Page, site_url: str):
    page.goto(f"{site_url}/reference.html#rules=gb")
    cards = page.locator("#reference-cards")
    expect(cards).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    expect(page.locator("#engine-status")).to_be_hidden()
    expected = handle({"action": "reference", "rules": "gb"}).get("cards") or []
    expect(cards.locator("[data-card]")).to_have_count(len(expected))
    if not expected:  # Guobiao's tables are in its course: the page says where
        expect(cards).to_contain_text("Lessons, at the top of the page")
