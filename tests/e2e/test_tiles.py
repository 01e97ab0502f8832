"""The tile art: every tile is drawn, named in Chinese, and the same in build-time and run-time markup."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from playwright.sync_api import Page, expect

from web import sitegen, tileart

WEB = Path(__file__).resolve().parents[2] / "web"

SVG = "{http://www.w3.org/2000/svg}"
NAMES = (
    "一万 二万 三万 四万 五万 六万 七万 八万 九万 "
    "一饼 二饼 三饼 四饼 五饼 六饼 七饼 八饼 九饼 "
    "一条 二条 三条 四条 五条 六条 七条 八条 九条 "
    "东风 南风 西风 北风 红中 发财 白板 春 夏 秋 冬 梅 兰 竹 菊"
).split()


def test_the_sprite_has_every_tile_once():
    root = ET.fromstring(tileart.sprite())
    ids = [s.get("id") for s in root.iter(f"{SVG}symbol")]
    codes = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + list("ESWNCFP") + [f"f{i}" for i in range(1, 9)]
    assert ids == [f"t-{c}" for c in codes + ["back"]]
    assert all(s.get("viewBox") == "0 0 60 80" for s in root.iter(f"{SVG}symbol"))


def test_tiles_are_named_in_chinese():
    assert [tileart.name_zh(c) for c in tileart.ALL_CODES[:-1]] == NAMES
    assert tileart.name_en("3m") == "Three of Characters"
    assert tileart.name_en("C") == "Red Dragon"


def test_the_macro_writes_an_accessible_tile():
    env = sitegen.environment()
    template = env.from_string('{% from "_tiles.html" import tile, tiles with context %}{{ tiles(["3m", "E"]) }}')
    html = template.render(tile_names=tileart.names(), root="../")
    assert 'role="img" aria-label="三万" data-tile="3m"' in html
    assert 'aria-label="东风"' in html
    assert '<use href="../static/tiles.svg#t-3m"/>' in html


def test_build_and_run_time_tiles_match(page: Page, site_url):
    page.goto(f"{site_url}/index.html")
    built = page.locator(".notation-table svg.tile").first
    expect(built).to_have_attribute("aria-label", "一万")
    made = page.evaluate("""async () => {
        const { tileElement } = await import("./static/js/tiles.js");
        const el = tileElement("1m");
        document.body.append(el);
        return el.outerHTML;
    }""")
    assert made == built.evaluate("(el) => el.outerHTML").replace('href="static/', 'href="/static/')
    # The sprite is really drawn: a tile has a size and its <use> resolves to the symbol's shapes.
    box = built.bounding_box()
    assert box and box["width"] > 10 and box["height"] > box["width"]


def test_home_page_links_to_the_calculator_and_its_examples(page: Page, site_url):
    page.goto(f"{site_url}/index.html")
    expect(page.get_by_role("img", name="春")).to_be_visible()
    page.get_by_role("link", name="案例二").click()
    expect(page).to_have_url(f"{site_url}/calculator.html#hand=1199m2288p55s77sEE&rules=jiujiang&kong=1")
    expect(page.locator("#result")).to_have_attribute("data-total", "8", timeout=120_000)
    page.get_by_role("navigation").get_by_role("link", name="首页").click()
    page.get_by_role("link", name="案例一").click()
    expect(page.locator("#result")).to_have_attribute("data-total", "12", timeout=120_000)


def test_the_notation_table_keeps_each_group_on_one_line_on_a_phone(page: Page, site_url):
    """A kong's four tiles once stood one per line at 360 px, making the home page's table screens tall."""
    for width in (320, 360):
        page.set_viewport_size({"width": width, "height": 740})
        page.goto(f"{site_url}/index.html")
        rows = page.locator(".notation-table .tiles").evaluate_all("""(groups) => groups.map((g) => {
            const tiles = [...g.children].map((t) => t.getBoundingClientRect());
            return { tops: new Set(tiles.map((t) => Math.round(t.top))).size, count: tiles.length };
        })""")
        groups = page.locator(".notation-table tbody tr").count()  # a row may show a group and its whole hand
        assert len(rows) >= groups >= 8 and all(row["count"] >= 3 for row in rows)
        assert [row["tops"] for row in rows] == [1] * len(rows), (width, rows)
        assert page.evaluate("() => document.documentElement.scrollWidth - innerWidth") <= 0
