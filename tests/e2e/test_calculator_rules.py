"""The calculator's form is the rule sets' descriptions: a rule set registered in the engine appears with its
fields and its panel; waits are offered where a rule set answers them (by the form, by a permalink, and from
a hand one tile short); a permalink key the chosen rule set does not take is left out, visibly."""

from __future__ import annotations

import re
import shutil
import threading

import pytest
import suanfan_toy
from engine_boot import BOOT_MS
from playwright.sync_api import Page, expect
from suanfan_toy.ruleset import RULESETS as TOY_RULESETS

from buildkit.serve import make_server
from suanfan.rulesets import register, unregister
from web import sitegen
from web.course.lesson_pages import nav_context
from web.pages import Page as SitePage
from web.pages import write_pages


def result(page: Page):
    return page.locator("#result")


@pytest.fixture
def toy_site(built_dist, tmp_path):
    """The built site with its calculator page drawn again while the test-only rule set is registered."""
    site = tmp_path / "site"
    shutil.copytree(built_dist, site)
    register(TOY_RULESETS[0])
    try:
        shared = {**sitegen.site_context(), **nav_context()}
        write_pages(sitegen.environment(), site, [SitePage("calculator.html", "calculator.html")], shared)
    finally:
        unregister(suanfan_toy.KEY)
    server = make_server(site, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def toy_page(browser, toy_site):
    """A page of its own for the toy site (the shared `page` is held to the suite's own server's origin)."""
    context = browser.new_context()
    seen: list[str] = []
    context.on("request", lambda request: seen.append(request.url))
    yield context.new_page()
    context.close()
    assert seen and all(url.startswith(toy_site + "/") for url in seen), seen


def test_a_registered_rule_set_appears_in_the_calculator(toy_page: Page, toy_site):
    page = toy_page
    page.goto(f"{toy_site}/calculator.html")
    rules = page.locator("#rules")
    expect(rules.locator('option[value="toy"]')).to_have_text("玩具规则 · Toy rules")
    lucky = page.locator('input[name="lucky"]')
    expect(lucky).to_be_hidden()  # jiujiang is chosen: the toy's fields wait
    rules.select_option("toy")
    expect(lucky).to_be_visible()
    expect(page.get_by_label("幸运 lucky")).to_be_visible()
    expect(page.locator('input[name="dealer"]')).to_be_hidden()
    panel = page.locator("#panel-toy-house")
    expect(panel).to_be_visible()
    panel.locator("summary").click()
    value = panel.locator('input[name="house.pair_value"]')
    expect(value).to_have_value("1")
    assert value.get_attribute("min") == "1" and value.get_attribute("max") == "9"
    lucky.check()
    value.fill("3")
    page.locator("#hand").fill("1133m557799p22sEE")
    expect(page).to_have_url(re.compile(r"#hand=1133m557799p22sEE&rules=toy&lucky=1&house\.pair_value=3$"))
    expect(panel.locator(".changed")).to_be_visible()


def test_waits_by_the_form(page: Page, site_url: str):
    page.goto(f"{site_url}/calculator.html")
    page.locator("#rules").select_option("gb")
    page.locator('select[name="action"]').select_option("waits")
    page.locator("#hand").fill("1112345678999m")
    expect(result(page)).to_have_attribute("data-waits", "1m 2m 3m 4m 5m 6m 7m 8m 9m", timeout=BOOT_MS)
    expect(result(page)).to_have_attribute("data-state", "done")
    assert result(page).get_attribute("data-total") is None
    first = result(page).locator('.wait[data-tile="1m"]')
    expect(first.locator(".wait-total")).to_have_text("106")
    expect(first).to_contain_text("九莲宝灯")
    expect(first.get_by_role("img", name="一万")).to_have_count(1)
    assert "action=waits" in page.url


def test_waits_by_permalink_with_a_dead_wait(page: Page, site_url: str):
    page.goto(f"{site_url}/calculator.html#hand=%5B555s1%5D123m456m789p5s&rules=gb98&action=waits")
    expect(result(page)).to_have_attribute("data-waits", "", timeout=BOOT_MS)
    expect(result(page).locator(".waits-summary")).to_contain_text("没有听牌")
    expect(result(page).locator(".dead-waits")).to_contain_text("四张都已见")
    expect(result(page).locator(".dead-waits").get_by_role("img", name="五条")).to_have_count(1)
    expect(page.locator('select[name="action"]')).to_have_value("waits")

    # the 九江 table's waits, with the 7-pairs reading among them
    page.evaluate("location.hash = 'hand=1133m557799p22sE&rules=jiujiang&action=waits'")
    expect(result(page)).to_have_attribute("data-waits", "E", timeout=BOOT_MS)
    expect(result(page).locator(".wait")).to_contain_text("七对")


def test_a_hand_one_tile_short_offers_its_waits(page: Page, site_url: str):
    page.goto(f"{site_url}/calculator.html#hand=1112345678999m&rules=gb")
    expect(result(page)).to_have_attribute("data-error-code", "too_few_tiles", timeout=BOOT_MS)
    offer = result(page).get_by_role("button", name="看它听哪些牌 Show its waits")
    offer.click()
    expect(result(page)).to_have_attribute("data-waits", "1m 2m 3m 4m 5m 6m 7m 8m 9m", timeout=BOOT_MS)
    expect(page.locator('select[name="action"]')).to_have_value("waits")
    assert "action=waits" in page.url


def test_a_key_the_rule_set_does_not_take_is_left_out_visibly(page: Page, site_url: str):
    page.goto(f"{site_url}/calculator.html#hand=%5B123m1%5D456m789m11sEEE&rules=gb98&dealer=1&self_drawn=1")
    expect(result(page)).to_have_attribute("data-total", "22", timeout=BOOT_MS)
    note = page.locator("#dropped-keys")
    expect(note).to_be_visible()
    expect(note).to_contain_text("dealer")
    expect(note).to_contain_text("gb98")
    expect(page.locator('input[name="self_drawn"]')).to_be_checked()
    assert "dealer" not in page.url and "self_drawn=1" in page.url
    page.locator("#rules").select_option("jiujiang")
    expect(note).to_be_hidden()


def test_labels_follow_the_situation(page: Page, site_url: str):
    page.goto(f"{site_url}/calculator.html")
    kong = page.locator('[data-field="kong"] .field-name:visible')

    def reads(text: str) -> None:
        expect(kong).to_have_text(text, use_inner_text=True)

    reads("抢杠 robbing a kong")
    page.locator('input[name="self_drawn"]').check()
    reads("杠上开花 win on a kong replacement")
    page.locator("#rules").select_option("gb")
    reads("杠上开花 Out with Replacement Tile")  # still self-drawn after the switch
    page.locator('input[name="self_drawn"]').uncheck()
    reads("抢杠和 Robbing the Kong")
