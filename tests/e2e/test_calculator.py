"""The calculator page, driven as a person uses it: clicking tiles, typing, opening links, changing the table.

Runs against the built dist/ served on 127.0.0.1 (`site_url`); tests/conftest.py fails any test whose browser
asks another origin and keeps a screenshot and the console log of a failing one under test-results/.
Every total asserted here is the engine's (the page never scores): the rule sheet's worked examples.
"""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path
from urllib.parse import quote

import pytest
from engine_boot import BOOT_MS, wait_for_engine
from networkkit import hold
from pickerkit import meld_label, palette_tile, standing_label, tile_label
from playwright.sync_api import Page, expect

from buildkit.serve import SiteHandler, make_server
from suanfan.glossary import TILE_CODES, tile_zh

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"

EXAMPLE_1 = "[5555p1]222m777s99sEE9s"  # the rule sheet's worked example 1: 碰碰胡, 自摸, 庄家
EXAMPLE_1_LINK = f"hand={quote(EXAMPLE_1, safe='')}&rules=jiujiang&self_drawn=1&dealer=1&table.base_added=1"


def open_calculator(page: Page, site_url: str, hash_: str = "") -> None:
    page.goto(f"{site_url}/calculator.html" + (f"#{hash_}" if hash_ else ""))


def result(page: Page):
    return page.locator("#result")


def expect_total(page: Page, total: int) -> None:
    expect(result(page)).to_have_attribute("data-total", str(total), timeout=BOOT_MS)


CODE_OF = {tile_zh(code): code for code in TILE_CODES}  # 五饼 -> 5p


def picker_tile(page: Page, name: str):
    """A palette button, by the tile's Chinese name (its accessible name says it in both languages)."""
    return palette_tile(page.locator("#hand-picker"), CODE_OF[name])


def choose_mode(page: Page, label: str) -> None:
    page.locator(".add-mode").get_by_text(label, exact=True).click()


def conventions(page: Page):
    """The 开桌约定 panel, opened."""
    panel = page.locator("#panel-jiujiang-table")
    if not panel.evaluate("(d) => d.open"):
        panel.locator("summary").click()
    return panel


# ---------------------------------------------------------------- building and typing hands


def test_score_a_hand_built_by_clicking_tiles(page: Page, site_url):
    open_calculator(page, site_url)
    choose_mode(page, "碰")
    picker_tile(page, "五饼").click()
    choose_mode(page, "单张")
    for name in ["二万", "二万", "二万", "七条", "七条", "七条", "九条", "九条", "东风", "东风", "九条"]:
        picker_tile(page, name).click()

    hand = page.locator("#hand")
    expect(hand).to_have_value("[555p]222m77799sEE9s")
    view = page.locator("#hand-view")
    expect(view.locator(".picked-meld")).to_have_count(1)
    expect(view.locator(".picked-tile")).to_have_count(11)
    expect(view.get_by_role("button", name=standing_label("9s", winning=True), exact=True)).to_be_visible()
    expect(page.locator("#tile-count")).to_have_text("11 / 11 张 tiles", use_inner_text=True)

    # A stray tile, then taken out again by clicking it in the hand.
    picker_tile(page, "一万").click()
    expect(hand).to_have_value("[555p]222m77799sEE9s1m")
    view.locator(".picked-tile").last.click()
    expect(hand).to_have_value("[555p]222m77799sEE9s")

    expect_total(page, 2)  # 碰碰胡 2, won on a discard, not the dealer
    expect(result(page).locator(".total-pattern")).to_contain_text("碰碰胡")
    expect(result(page).locator(".step-legal_win .group")).to_have_count(5)


def test_meld_buttons_and_removing_a_meld(page: Page, site_url):
    open_calculator(page, site_url)
    hand = page.locator("#hand")
    choose_mode(page, "吃")
    expect(picker_tile(page, "东风")).to_be_disabled()  # no chow of honors
    expect(picker_tile(page, "八万")).to_be_disabled()  # 8-9-10 does not exist
    picker_tile(page, "三万").click()
    choose_mode(page, "明杠")
    picker_tile(page, "北风").click()
    choose_mode(page, "暗杠")
    picker_tile(page, "白板").click()
    expect(hand).to_have_value("[345m][NNNN1][PPPP]")
    expect(picker_tile(page, "白板")).to_be_disabled()  # all four are used
    page.locator("#hand-view").get_by_role("button", name=re.compile("^去掉明杠")).click()
    expect(hand).to_have_value("[345m][PPPP]")


def test_an_added_kong_and_a_waiting_hand(page: Page, site_url):
    open_calculator(page, site_url, "rules=gb")
    hand = page.locator("#hand")
    choose_mode(page, "加杠")
    picker_tile(page, "五饼").click()
    expect(hand).to_have_value("[5555p5]")
    expect(page.locator("#hand-view .picked-meld.added_kong .meld-label .zh")).to_have_text("加杠")
    expect(page.locator("#hand-view .picked-meld.added_kong .meld-label .en")).to_have_text("added kong")
    expect(page.locator("#tile-count")).to_have_text("0 / 11 张 tiles", use_inner_text=True)

    # Asked for its waits, a hand is complete one tile short, and no tile is marked as the winning one.
    hand.fill("1112345678999m")
    expect(page.locator("#tile-count")).to_have_text("13 / 14 张 tiles", use_inner_text=True)
    page.locator('select[name="action"]').select_option("waits")
    expect(page.locator("#tile-count")).to_have_text("13 / 13 张 tiles", use_inner_text=True)
    expect(page.locator("#tile-count")).to_have_attribute("data-complete", "1")
    expect(page.locator("#hand-view .winning")).to_have_count(0)
    page.locator('select[name="action"]').select_option("score")
    expect(page.locator("#tile-count")).to_have_text("13 / 14 张 tiles", use_inner_text=True)


def test_the_picker_names_everything_in_both_languages(page: Page, site_url):
    open_calculator(page, site_url)
    palette = page.get_by_role("group", name="选牌 Tile picker")
    names = palette.get_by_role("button").evaluate_all("(bs) => bs.map((b) => b.getAttribute('aria-label'))")
    assert names == [tile_label(code) for code in TILE_CODES]
    expect(palette.get_by_role("button", name="三万 Three of Characters", exact=True)).to_have_count(1)
    for mode in ["单张 one tile", "吃 chow", "碰 pung", "明杠 melded kong", "暗杠 concealed kong", "加杠 added kong"]:
        expect(page.get_by_role("radio", name=mode, exact=True)).to_have_count(1)

    choose_mode(page, "吃")
    picker_tile(page, "三万").click()
    choose_mode(page, "暗杠")
    picker_tile(page, "北风").click()
    choose_mode(page, "单张")
    for name in ["一条", "二条", "三条", "七饼", "七饼", "七饼", "东风"]:
        picker_tile(page, name).click()
    expect(page.locator("#hand")).to_have_value("[345m][NNNN]123s777pE")

    # The picked hand is a named group of named buttons; the count is a polite status.
    picked = page.get_by_role("group", name="已选的牌 Picked tiles")
    expect(picked.get_by_role("button")).to_have_count(9)
    for name in [
        meld_label("chow", ["3m", "4m", "5m"]),
        meld_label("concealed_kong", ["N"] * 4),
        standing_label("1s"),
        standing_label("E", winning=False),
    ]:
        expect(picked.get_by_role("button", name=name, exact=True)).to_have_count(1)
    assert (
        meld_label("chow", ["3m", "4m", "5m"])
        == "去掉吃 三万四万五万 · remove the chow: Three of Characters, Four of Characters, Five of Characters"
    )
    expect(page.locator("#tile-count")).to_have_attribute("role", "status")
    expect(page.locator("#tile-count")).to_have_text("7 / 8 张 tiles", use_inner_text=True)

    picker_tile(page, "东风").click()
    expect(picked.get_by_role("button", name=standing_label("E", winning=True), exact=True)).to_have_count(1)
    assert standing_label("E", winning=True) == "去掉 东风(和牌张) · remove East Wind (winning tile)"


FOCUSED = """() => {
    const el = document.activeElement;
    const where = !el || el === document.body ? "body" : el.closest(".palette") ? "palette"
        : el.closest(".hand-view") ? "hand" : el.closest(".add-mode") ? "mode" : el.id || el.tagName;
    return { where, name: el?.getAttribute("aria-label") ?? "", value: el?.value ?? "" };
}"""


def press(page: Page, key: str, times: int = 1) -> dict:
    """Press a key (times over); focus must never fall to <body> on the way. Returns where focus is."""
    for _ in range(times):
        page.keyboard.press(key)
        focus = page.evaluate(FOCUSED)
        assert focus["where"] != "body", f"focus fell to <body> after {key}"
    return focus


def test_the_picker_by_keyboard_alone(page: Page, site_url):
    open_calculator(page, site_url)
    hand = page.locator("#hand")
    hand.focus()
    focus = press(page, "Tab")
    for _ in range(10):  # past the score button, the notation help and the Clear button
        if focus["where"] == "mode":
            break
        focus = press(page, "Tab")
    assert focus == {"where": "mode", "name": "", "value": "tile"}

    # A meld mode chosen with the arrows, then one Tab into the palette: its first tile, the only Tab stop.
    press(page, "ArrowRight")
    expect(page.locator('.add-mode input[value="chow"]')).to_be_checked()
    focus = press(page, "Tab")
    assert focus["where"] == "palette" and focus["name"] == tile_label("1m")
    expect(page.locator('#palette .pick[tabindex="0"]')).to_have_count(1)
    expect(page.locator('#palette .pick[tabindex="-1"]')).to_have_count(33)
    assert press(page, "ArrowRight", 2)["name"] == tile_label("3m")
    press(page, "Enter")
    expect(hand).to_have_value("[345m]")
    # No chow of honors: those tiles keep the focus but do nothing.
    focus = press(page, "ArrowDown", 3)
    assert focus["name"] == tile_label("W")
    expect(palette_tile(page.locator("#hand-picker"), "W")).to_have_attribute("aria-disabled", "true")
    press(page, "Enter")
    expect(hand).to_have_value("[345m]")
    assert press(page, "ArrowUp", 3)["name"] == tile_label("3m")

    # Back to the modes for a pung; the palette remembers where it was.
    assert press(page, "Shift+Tab")["where"] == "mode"
    press(page, "ArrowRight")
    expect(page.locator('.add-mode input[value="pung"]')).to_be_checked()
    assert press(page, "Tab")["name"] == tile_label("3m")
    assert press(page, "ArrowDown")["name"] == tile_label("3p")
    assert press(page, "End")["name"] == tile_label("9p")
    assert press(page, "ArrowLeft", 4)["name"] == tile_label("5p")
    press(page, "Enter")
    expect(hand).to_have_value("[345m][555p]")

    # Single tiles: East four times. The fourth copy disables the tile under the focus, which stays put.
    press(page, "Shift+Tab")
    press(page, "ArrowLeft", 2)
    expect(page.locator('.add-mode input[value="tile"]')).to_be_checked()
    press(page, "Tab")
    assert press(page, "ArrowDown", 2)["name"] == tile_label("C")  # the column is kept, as far as the row goes
    assert press(page, "Home")["name"] == tile_label("E")
    focus = press(page, "Enter", 4)
    expect(hand).to_have_value("[345m][555p]EEEE")
    assert focus["name"] == tile_label("E")
    expect(palette_tile(page.locator("#hand-picker"), "E")).to_have_attribute("aria-disabled", "true")
    press(page, "Enter")
    expect(hand).to_have_value("[345m][555p]EEEE")

    # The palette is one Tab stop: Tab leaves it at once.
    assert press(page, "Tab")["where"] not in ("palette", "hand", "mode")

    # Back to the picked hand (one Tab stop too) and take things out: focus lands on the next picked item.
    press(page, "Shift+Tab")
    press(page, "Shift+Tab")
    focus = press(page, "Shift+Tab")
    assert focus == {"where": "hand", "name": meld_label("chow", ["3m", "4m", "5m"]), "value": ""}
    assert press(page, "End")["name"] == standing_label("E")
    focus = press(page, "Enter")  # the last one: focus goes to the one before
    expect(hand).to_have_value("[345m][555p]EEE")
    assert focus == {"where": "hand", "name": standing_label("E"), "value": ""}
    press(page, "Home")
    focus = press(page, "Enter")
    expect(hand).to_have_value("[555p]EEE")
    assert focus["name"] == meld_label("pung", ["5p"] * 3)
    focus = press(page, "Enter")
    expect(hand).to_have_value("EEE")
    assert focus["name"] == standing_label("E")
    # With the hand empty, focus goes back to the palette.
    focus = press(page, "Enter", 3)
    expect(hand).to_have_value("")
    assert focus == {"where": "palette", "name": tile_label("E"), "value": ""}


def test_score_a_typed_hand(page: Page, site_url):
    open_calculator(page, site_url)
    hand = page.locator("#hand")
    hand.click()
    hand.press_sequentially("11223344556677m")
    # The picked-tile view follows the typing.
    expect(page.locator("#hand-view .picked-tile")).to_have_count(14)
    hand.press("Enter")
    expect_total(page, 6)  # 清一色 6 beats 七对 4: only the highest pattern counts
    patterns = result(page).locator(".step-highest_pattern tbody tr")
    expect(patterns).to_have_count(2)
    expect(result(page).locator("tr.status-counted")).to_contain_text("清一色")
    expect(page).to_have_url(re.compile(r"#hand=11223344556677m&rules=jiujiang$"))


def test_on_a_phone_the_total_shows_beside_the_picker_once_scored(page: Page, site_url):
    """The result starts far below the form on a phone: once scored, the total (or that there is none) sits next to
    the picker, with a link that takes the focus down to the result (issue 22, "Screens")."""
    page.set_viewport_size({"width": 360, "height": 740})
    open_calculator(page, site_url)
    cue = page.locator("#result-cue")
    expect(cue).to_be_hidden()
    hand = page.locator("#hand")
    hand.fill("11223344556677m")
    hand.press("Enter")
    expect_total(page, 6)
    expect(cue).to_be_visible()
    expect(cue).to_contain_text("6")
    expect(cue).to_contain_text("番")
    assert page.locator(".total-number").count() == 1  # the copy carries no hook of the result's
    box = cue.bounding_box()
    assert box and box["y"] + box["height"] <= 740 + page.evaluate("scrollY")
    page.locator("#result-cue-link").click()
    expect(page.locator("#result-title")).to_be_focused()
    hand.fill("123m45x")
    hand.press("Enter")
    expect(cue).to_contain_text("This hand could not be scored")
    page.set_viewport_size({"width": 1280, "height": 720})  # beside the form, the result needs no cue
    expect(cue).to_be_hidden()


# ---------------------------------------------------------------- permalinks


def test_open_a_permalink(page: Page, site_url):
    open_calculator(page, site_url, EXAMPLE_1_LINK)
    expect_total(page, 12)  # (底番 1 + 碰碰胡 2) × 2 自摸 × 2 庄家, as the rule sheet prints it
    expect(page.locator("#hand")).to_have_value(EXAMPLE_1)
    expect(page.locator('input[name="self_drawn"]')).to_be_checked()
    expect(page.locator('input[name="dealer"]')).to_be_checked()
    expect(page.locator("#panel-jiujiang-table")).to_have_attribute("open", "")
    expect(page.locator('input[name="table.base_added"]')).to_be_checked()
    chain = result(page).locator(".step-multiply_and_cap .chain")
    expect(chain).to_contain_text("自摸")
    expect(chain).to_contain_text("庄家")
    expect(result(page).locator(".payments")).to_contain_text("36")


def test_form_changes_keep_the_address_shareable(page: Page, site_url, context):
    open_calculator(page, site_url)
    page.locator("#hand").fill("1199m2288p55s77sEE")
    page.get_by_text("抢杠", exact=True).click()  # the kong box reads 抢杠 while the win is on a discard
    expect_total(page, 8)  # the rule sheet's worked example 2: 七对 4 × 2 抢杠
    url = page.url
    assert "#hand=1199m2288p55s77sEE&rules=jiujiang&kong=1" in url

    # The link scores the same hand in a fresh page.
    other = context.new_page()
    other.goto(url)
    expect(other.locator("#result")).to_have_attribute("data-total", "8", timeout=BOOT_MS)
    other.close()

    # Brackets are escaped in the address.
    page.locator("#hand").fill("[1111m]99m2288p55s77s")
    expect(page).to_have_url(re.compile(r"#hand=%5B1111m%5D99m2288p55s77s&"))

    page.locator("#copy-link").click()
    status = page.locator("#copy-status")
    expect(status).not_to_be_empty()
    if page.locator("#share-url").is_visible():  # no clipboard permission: the link is offered in a box
        expect(page.locator("#share-url")).to_have_value(page.url)


def test_a_new_address_on_the_same_page_is_scored(page: Page, site_url):
    open_calculator(page, site_url, EXAMPLE_1_LINK)
    expect_total(page, 12)
    page.evaluate(
        "(h) => { location.hash = h; }", "hand=%E4%B8%9C%E4%B8%9C%E4%B8%9C123m456p789s11s&rules=jiujiang&dealer=1"
    )
    expect_total(page, 2)  # 平胡 1 × 2 庄家; the honors typed as Chinese characters
    expect(page.locator("#hand")).to_have_value("东东东123m456p789s11s")
    expect(page.locator('input[name="self_drawn"]')).not_to_be_checked()
    expect(page.locator("#hand-view .picked-tile")).to_have_count(14)


def test_back_to_defaults_leaves_only_hand_and_rules(page: Page, site_url):
    open_calculator(page, site_url, EXAMPLE_1_LINK)
    expect_total(page, 12)
    page.locator('input[name="self_drawn"]').uncheck()
    page.locator('input[name="dealer"]').uncheck()
    conventions(page).locator('input[name="table.base_added"]').uncheck()
    expect_total(page, 2)
    assert page.url.endswith(f"#hand={quote(EXAMPLE_1, safe='')}&rules=jiujiang")


# ---------------------------------------------------------------- table conventions


def test_a_table_convention_changes_the_total(page: Page, site_url):
    link = f"hand={quote(EXAMPLE_1, safe='')}&rules=jiujiang&self_drawn=1&dealer=1"
    open_calculator(page, site_url, link)
    expect_total(page, 8)  # without the base added: 碰碰胡 2 × 2 × 2
    panel = conventions(page)
    panel.get_by_text("底番加到番型上").click()
    expect_total(page, 12)
    assert "table.base_added=1" in page.url

    panel.locator('input[name="table.cap"]').fill("10")
    expect_total(page, 10)
    expect(result(page).locator(".badge.tone-warn")).to_be_visible()
    expect(result(page).locator(".step-multiply_and_cap .step-text.tone-warn")).to_contain_text("10")

    panel.locator('select[name="table.payment"]').select_option("discarder_pays_all")
    page.locator('input[name="self_drawn"]').uncheck()
    expect_total(page, 6)  # (1 + 2) × 2 庄家, under the cap; on a discard
    payments = result(page).locator(".payments")
    expect(payments).to_contain_text("包三家")
    expect(payments).to_contain_text("18")  # the discarder pays for all three: 3 × 6


# ---------------------------------------------------------------- errors


def test_bad_input_is_explained_and_kept(page: Page, site_url):
    open_calculator(page, site_url)
    hand = page.locator("#hand")
    hand.fill("123m45x6p")
    hand.press("Enter")
    expect(result(page)).to_have_attribute("data-error-code", "unknown_char", timeout=BOOT_MS)
    expect(result(page)).not_to_have_attribute("data-total", re.compile(".*"))
    told = page.locator("#result-news")  # drawn in the result, and told politely (a status)
    expect(result(page).locator(".error-box")).to_contain_text("第 7 个字符“x”无法识别")
    expect(told).to_contain_text("第 7 个字符“x”无法识别")
    expect(told).to_contain_text("Unknown character 'x' at position 7")
    expect(hand).to_have_value("123m45x6p")  # the typed text is never lost
    expect(hand).to_have_attribute("aria-invalid", "true")
    where = page.locator("#hand-error")
    expect(where).to_be_visible()
    expect(where.locator("mark")).to_have_text("x")  # the offending character, highlighted
    expect(where).to_contain_text("第 7 个字符“x”无法识别")  # and what is wrong with it, beside the box
    expect(where).to_contain_text("Unknown character 'x' at position 7")
    assert hand.evaluate("(el) => [el.selectionStart, el.selectionEnd]") == [6, 7]

    # A hand with too few tiles is a different, equally readable error.
    hand.fill("123m456p")
    hand.press("Enter")
    expect(result(page)).to_have_attribute("data-error-code", "too_few_tiles")
    expect(told).to_contain_text("小相公")
    expect(told).to_contain_text("Too few tiles")
    expect(hand).to_have_value("123m456p")

    # Fixing the hand clears the error.
    hand.fill("123m456p789s11sEEE")
    expect_total(page, 1)
    expect(hand).not_to_have_attribute("aria-invalid", "true")
    expect(where).to_be_hidden()


def test_a_worker_that_cannot_start_is_reported_in_words(page: Page, site_url):
    page.route("**/static/js/engine-worker.js", lambda route: route.abort())
    open_calculator(page, site_url, EXAMPLE_1_LINK)
    wait_for_engine(page, "failed")
    status = page.locator("#engine-status")
    expect(status).to_have_attribute("data-state", "failed")
    expect(status).to_contain_text("计算引擎没能启动")
    expect(status).to_contain_text("could not start")
    expect(result(page)).to_have_attribute("data-error-code", "engine_failed")
    expect(page.locator("#result-news")).to_contain_text("not available")
    expect(page.locator("#hand")).to_have_value(EXAMPLE_1)


def test_the_page_works_while_the_engine_loads(page: Page, site_url):
    held = []
    page.route("**/static/js/engine-worker.js", lambda route: held.append(route))
    open_calculator(page, site_url)
    expect(page.locator("html")).to_have_attribute("data-engine", "loading")
    expect(page.locator("#engine-status")).to_contain_text("载入")

    # Clicking and typing work while the engine is held back; the request waits.
    choose_mode(page, "碰")
    picker_tile(page, "五饼").click()
    hand = page.locator("#hand")
    hand.press("End")
    hand.press_sequentially("222m777s99sEE9s")
    expect(page.locator("#hand-view .picked-tile")).to_have_count(11)
    page.get_by_role("button", name="算番 Score").click()
    expect(result(page)).to_have_attribute("data-state", "pending")
    expect(result(page).locator(".waiting")).to_be_visible()
    assert result(page).get_attribute("data-total") is None

    page.wait_for_timeout(200)
    assert held, "the worker script was never requested"
    held[0].continue_()
    expect_total(page, 2)
    expect(page.locator("#engine-status")).to_have_attribute("data-state", "ready")


def engine_workers(page: Page) -> list:
    return [w for w in page.workers if w.url.endswith("/static/js/engine-worker.js")]


def test_the_head_starts_the_worker_and_the_page_takes_it(page: Page, site_url):
    """engine-start.js starts the worker before the page's own script has run; the engine that script creates takes
    that worker and hears what it said meanwhile (engine.js, takeEarlyWorker): one worker, and the permalink is
    scored."""
    held = []
    page.route("**/static/js/calculator.js", lambda route: held.append(route))
    page.goto(f"{site_url}/calculator.html#{EXAMPLE_1_LINK}", wait_until="commit")  # "load" waits for the script
    page.wait_for_event("worker", predicate=lambda w: w.url.endswith("/engine-worker.js"), timeout=BOOT_MS)
    assert page.get_attribute("html", "data-engine") is None, "no engine yet: the page's script is held back"
    page.wait_for_timeout(3000)  # the worker reports its progress (perhaps "ready") to no engine yet
    assert held, "calculator.js was never requested"
    held[0].continue_()
    expect_total(page, 12)
    assert len(engine_workers(page)) == 1


def test_a_linked_hand_waits_for_the_engine_in_words_that_fit_it(page: Page, site_url):
    """While the engine loads, a permalink's hand is shown as waiting for it, in place of the empty page's
    "type a hand" (which would contradict the hand in the box), and is scored once the engine is there."""
    release_runtime = hold(page)
    page.goto(f"{site_url}/calculator.html#{EXAMPLE_1_LINK}")
    expect(result(page)).to_have_attribute("data-state", "pending")
    expect(result(page)).to_contain_text("引擎载入后立即计算")
    expect(result(page)).to_contain_text("Scoring as soon as the engine has loaded")
    expect(result(page).locator(".placeholder")).to_have_count(0)
    expect(page.locator("#hand")).to_have_value(EXAMPLE_1)
    release_runtime()
    expect_total(page, 12)


class SlowSiteHandler(SiteHandler):
    """The site as a slow phone network sends it: every body in small pieces, about 2 MB/s a file."""

    def copyfile(self, source, outputfile):
        while piece := source.read(64 * 1024):
            outputfile.write(piece)
            time.sleep(0.03)


@pytest.fixture
def slow_site(built_dist):
    server = make_server(built_dist, port=0, quiet=True, handler_class=SlowSiteHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


def test_a_slow_first_download_moves_the_bar_in_the_same_words(browser, slow_site):
    """On a first visit over a slow network the engine's bar follows the bytes as they come, while its words, in a
    live region, are put there once (not again at every move of the bar)."""
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script("""addEventListener("DOMContentLoaded", () => {
        window.wordsPut = 0;
        new MutationObserver(() => { window.wordsPut += 1; })
          .observe(document.getElementById("engine-message"), { childList: true });
    });""")
    try:
        page.goto(f"{slow_site}/calculator.html#{EXAMPLE_1_LINK}")
        bar, deadline = [], time.monotonic() + BOOT_MS / 1000
        while page.get_attribute("html", "data-engine") != "ready" and time.monotonic() < deadline:
            bar.append(page.evaluate("document.getElementById('engine-progress').value"))
            page.wait_for_timeout(100)
        expect_total(page, 12)
        moving = [value for value in bar if 0.05 < value < 0.85]
        assert moving, f"the bar never moved between its stages: {sorted(set(bar))}"
        assert bar == sorted(bar), "the bar went back"
        # the runtime's words, the engine's, the boot's "ready", the page's own "ready": never once per move of the bar
        assert page.evaluate("window.wordsPut") <= 4
    finally:
        context.close()


def test_without_the_head_script_the_page_starts_its_own_worker(page: Page, site_url):
    """engine-start.js only starts the worker sooner: if it cannot be loaded, the page's engine starts the worker
    itself (one worker, nothing taken twice) and the permalink is scored."""
    page.route("**/static/js/engine-start.js", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(f"{site_url}/calculator.html#{EXAMPLE_1_LINK}")
    expect_total(page, 12)
    assert len(engine_workers(page)) == 1
    assert page.evaluate("globalThis.suanfanEarlyWorker") == {"taken": True}


def test_a_head_script_that_comes_late_starts_no_second_worker(page: Page, site_url):
    """engine-start.js is async: if it arrives after the page's script has created the engine (and its worker),
    it must not start a worker of its own that nobody would ever take."""
    held = []
    page.route("**/static/js/engine-start.js", lambda route: held.append(route))
    page.goto(f"{site_url}/calculator.html#{EXAMPLE_1_LINK}", wait_until="commit")  # "load" waits for the script
    wait_for_engine(page, "loading")
    assert held, "engine-start.js was never requested"
    held[0].continue_()
    page.wait_for_event("requestfinished", predicate=lambda r: r.url.endswith("/engine-start.js"), timeout=BOOT_MS)
    expect_total(page, 12)
    assert len(engine_workers(page)) == 1


# ---------------------------------------------------------------- rule sets


def test_rules_switch_which_fields_show(page: Page, site_url):
    open_calculator(page, site_url)
    rules = page.locator("#rules")
    available = rules.locator("option").evaluate_all("(os) => os.map((o) => o.value)")
    assert "jiujiang" in available
    for value in available:
        rules.select_option(value)
        jiujiang = value == "jiujiang"
        assert page.locator('input[name="self_drawn"]').is_visible()
        assert page.locator('input[name="dealer"]').is_visible() == jiujiang
        assert page.locator("#panel-jiujiang-table").is_visible() == jiujiang
        assert page.locator('select[name="seat_wind"]').is_visible() == (not jiujiang)
        assert f"rules={value}" in page.url


def test_a_guobiao_hand_shows_its_fan_table(page: Page, site_url):
    open_calculator(page, site_url)
    page.locator("#rules").select_option("gb98")
    page.locator("#hand").fill("[123m1]456m789m11sEEE")
    page.locator('input[name="self_drawn"]').check()
    expect_total(page, 22)
    rows = result(page).locator(".step-fans table.rows tbody tr")
    expect(rows.first).to_contain_text("清龙")
    expect(rows.first).to_contain_text("16")
    expect(rows.first.get_by_role("img", name="五万")).to_have_count(1)
    excluded = result(page).locator(".step-excluded")
    expect(excluded).to_contain_text("连六")
    expect(excluded).to_contain_text("不重复")
    expect(result(page).locator(".badge.tone-ok")).to_contain_text("8")

    # The seat wind is South now: East is only the prevalent wind, 门风刻 goes.
    page.locator('select[name="seat_wind"]').select_option("S")
    expect_total(page, 20)
    expect(result(page).locator('tr[data-fan="seat_wind"]')).to_have_count(0)
    assert "rules=gb98" in page.url and "seat_wind=S" in page.url and "self_drawn=1" in page.url


def test_a_guobiao_variant_switch_and_the_minimum(page: Page, site_url):
    open_calculator(page, site_url, "hand=%5B1111m%5D%5B9999p%5D123s456s77s&rules=gb98")
    expect_total(page, 12)  # 双暗杠 6 as the online platforms count it
    variants = page.locator('details.conventions[data-rules="gb98"]')
    variants.locator("summary").click()
    variants.locator('select[name="variants.two_concealed_kongs"]').select_option("8")
    expect_total(page, 14)  # the seed table's 8
    assert "variants.two_concealed_kongs=8" in page.url
    expect(variants.locator(".changed")).to_be_visible()

    page.locator("#hand").fill("[123m1]345m22p234s678s")
    expect_total(page, 2)
    expect(result(page).locator(".badge.tone-bad")).to_contain_text("不能和")


# ---------------------------------------------------------------- how it looks


def test_print_shows_the_hand_and_its_scoring_only(page: Page, site_url):
    open_calculator(page, site_url, EXAMPLE_1_LINK)
    expect_total(page, 12)
    page.emulate_media(media="print")
    for hidden in ["#palette", ".site-header", "#engine-status", "#copy-link", ".add-mode"]:
        expect(page.locator(hidden)).to_be_hidden()
    expect(page.locator("#hand-view")).to_be_visible()
    expect(result(page).locator(".steps")).to_be_visible()


@pytest.mark.parametrize("width, height", [(360, 780), (1280, 900)], ids=["phone", "desktop"])
def test_layout_fits_and_screenshots(page: Page, site_url, width, height):
    page.set_viewport_size({"width": width, "height": height})
    open_calculator(page, site_url, EXAMPLE_1_LINK)
    expect_total(page, 12)
    overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px at {width}px"
    # Every picker tile stays big enough to tap.
    smallest = page.locator("#palette .pick").evaluate_all(
        "(bs) => Math.min(...bs.map((b) => b.getBoundingClientRect().width))"
    )
    assert smallest >= 28
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"calculator-{width}.png", full_page=True)
