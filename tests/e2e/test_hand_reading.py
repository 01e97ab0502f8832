"""Hand reading in the calculator (issue 20): a permalink with action=analyse opens the table of discards at both
sizes, the rows follow the engine's speed and value orders, a row opens its routes, all by keyboard; a hand that
has not won offers the reading. Every figure checked here is the engine's own answer, asked in CPython."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_boot import BOOT_MS, open_with_engine
from playwright.sync_api import Page, expect

from suanfan.api import handle

SHOTS = Path(__file__).resolve().parents[2] / ".cache" / "screens"
HAND = "123m456p789s1z23p5m9p"  # one exchange from ready: several discards keep it there, with different values


def open_reading(page: Page, site_url: str, hand: str = HAND, rules: str = "gb") -> None:
    open_with_engine(page, f"{site_url}/calculator.html#hand={hand}&rules={rules}&action=analyse")
    expect(page.locator("#result [data-analysis]")).to_be_visible(timeout=BOOT_MS)


@pytest.mark.parametrize("size", [(1280, 720), (360, 740)], ids=["desktop", "phone"])
def test_the_analysis_table_on_a_permalink(page: Page, site_url, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_reading(page, site_url)
    engine = handle({"rules": "gb", "action": "analyse", "hand": HAND})
    rows = page.locator("[data-analysis] tr[data-discard]")
    expect(rows).to_have_count(len(engine["discards"]))
    for i, discard in enumerate(engine["discards"]):
        row = rows.nth(i)
        expect(row).to_have_attribute("data-discard", discard["tile"])
        expect(row).to_have_attribute("data-shanten", str(discard["shanten"]))
        expect(row).to_have_attribute("data-useful-count", str(discard["useful_count"]))
        expect(row.locator(".useful-tile")).to_have_count(len(discard["useful"]))
    # the row reads in its own words: every cell's contents are inside the page's width on a phone (cards)
    first = rows.first
    box = first.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= size[0] + 1
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#result").screenshot(path=str(SHOTS / f"hand-reading-{size[0]}.png"))


def test_sorting_by_value_and_back_follows_the_engines_orders(page: Page, site_url):
    open_reading(page, site_url)
    engine = handle({"rules": "gb", "action": "analyse", "hand": HAND})
    tiles = lambda: page.locator("[data-analysis] tr[data-discard]").evaluate_all(  # noqa: E731
        "rows => rows.map(r => r.dataset.discard)"
    )
    assert tiles() == engine["order"]["speed"]
    value = page.locator("[data-sort=value]")
    value.focus()
    page.keyboard.press("Enter")
    expect(value).to_have_attribute("aria-pressed", "true")
    assert tiles() == engine["order"]["value"]
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    expect(page.locator("[data-sort=speed]")).to_have_attribute("aria-pressed", "true")
    assert tiles() == engine["order"]["speed"]


def test_a_row_opens_its_routes_by_keyboard(page: Page, site_url):
    open_reading(page, site_url)
    engine = handle({"rules": "gb", "action": "analyse", "hand": HAND})
    best = engine["discards"][0]
    summary = page.locator(f"tr[data-discard='{best['tile']}'] + tr.routes-row .routes summary")
    summary.focus()
    page.keyboard.press("Enter")
    routes = page.locator(f"tr[data-discard='{best['tile']}'] + tr.routes-row .route")
    expect(routes).to_have_count(len(best["value"]["routes"]))
    first = best["value"]["routes"][0]
    expect(routes.first).to_contain_text(first["items"][0]["zh"])
    expect(routes.first.locator(".tiles.lit .tile")).to_have_count(len(first["needs"]))


def test_a_hand_that_has_not_won_offers_its_reading(page: Page, site_url):
    page.goto(f"{site_url}/calculator.html#hand=123m456p789s1z23p5m9p&rules=gb")
    offer = page.locator(".show-reading")
    expect(offer).to_be_visible(timeout=BOOT_MS)
    expect(page.locator("#result")).to_have_attribute("data-error-code", "not_a_win_gb")
    offer.click()
    expect(page.locator("#result [data-analysis]")).to_be_visible(timeout=BOOT_MS)
    assert "action=analyse" in page.url
    expect(page.locator("#present")).to_be_disabled()


def test_a_thirteen_tile_hand_reads_its_own_figures_in_jiujiang(page: Page, site_url):
    hand = "1122m3344p5566s7z"
    open_reading(page, site_url, hand, "jiujiang")
    engine = handle({"rules": "jiujiang", "action": "analyse", "hand": hand})
    view = page.locator("[data-analysis]")
    expect(view).to_have_attribute("data-tiles", "13")
    expect(view).to_have_attribute("data-shanten", str(engine["shanten"]))
    expect(view).to_have_attribute("data-useful-count", str(engine["useful_count"]))
    expect(view.locator(".form[data-form=seven_pairs]")).to_have_attribute("data-shanten", "0")
    expect(view).to_contain_text("七对")
