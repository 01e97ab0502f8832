"""The calculator with the keyboard alone and a screen reader's ears: where the focus goes when a picked tile is taken
out or a fifth copy is refused (never to <body>, also after the engine has answered), what the remove buttons are
called, how the result is reached from the hand, what the polite status says of each new answer, and a focus ring
that shows on the green header. Every total and message expected here is the engine's own (suanfan.api.handle).
"""

from __future__ import annotations

from urllib.parse import quote

import pytest
from engine_boot import BOOT_MS, wait_for_engine
from pickerkit import meld_label, palette_tile, standing_label
from playwright.sync_api import Page, expect

from suanfan.api import handle

EXAMPLE_1 = "[5555p1]222m777s99sEE9s"
EXAMPLE_1_REQUEST = {
    "hand": EXAMPLE_1,
    "rules": "jiujiang",
    "self_drawn": True,
    "dealer": True,
    "table": {"base_added": True},
}
EXAMPLE_1_LINK = f"hand={quote(EXAMPLE_1, safe='')}&rules=jiujiang&self_drawn=1&dealer=1&table.base_added=1"


def focused(page: Page) -> dict:
    """What has the focus: {where: body | palette | hand | id | tag, tile, label}."""
    return page.evaluate("""() => {
        const el = document.activeElement;
        if (!el || el === document.body) return { where: "body" };
        const where = el.closest(".palette") ? "palette" : el.closest(".hand-view") ? "hand" : el.id || el.tagName;
        return { where, tile: el.dataset.tile ?? null, label: el.getAttribute("aria-label"),
                 disabled: el.getAttribute("aria-disabled") };
    }""")


def settled(page: Page) -> None:
    """The engine has answered the hand now in the box (a result or an error), so any redraw has happened."""
    expect(page.locator("#result:is([data-state=done], [data-state=error])")).to_have_count(1, timeout=BOOT_MS)


def engine_total(hand: str) -> str:
    """The engine's total for `hand` under 九江 with nothing ticked, as data-total writes it."""
    return str(handle({"hand": hand, "rules": "jiujiang"})["total"])


def focus_is_in_the_result(page: Page) -> bool:
    return page.evaluate("() => document.querySelector('.result-panel').contains(document.activeElement)")


def open_calculator(page: Page, site_url: str, link: str = "") -> None:
    page.goto(f"{site_url}/calculator.html" + (f"#{link}" if link else ""))
    expect(page.locator("#hand-picker .palette .pick").first).to_be_visible()


# ---------------------------------------------------------------- the picker keeps the focus


def test_a_refused_fifth_copy_keeps_the_focus_on_its_tile(page: Page, site_url: str):
    open_calculator(page, site_url)
    one = palette_tile(page.locator("#hand-picker"), "1m")
    one.focus()
    for _ in range(4):
        page.keyboard.press("Enter")
    expect(page.locator("#hand")).to_have_value("1111m")
    expect(one).to_have_attribute("aria-disabled", "true")  # no fifth copy to add
    page.keyboard.press("Enter")  # refused
    expect(page.locator("#hand")).to_have_value("1111m")
    settled(page)
    assert focused(page) == {"where": "palette", "tile": "1m", "label": "一万 One of Characters", "disabled": "true"}
    page.keyboard.press("ArrowRight")  # and the arrows go on from there
    page.keyboard.press("Enter")
    expect(page.locator("#hand")).to_have_value("11112m")
    assert focused(page)["tile"] == "2m"


def test_taking_a_tile_out_puts_the_focus_on_its_neighbour(page: Page, site_url: str):
    open_calculator(page, site_url, "hand=123m456p")
    settled(page)
    view = page.locator("#hand-view")
    view.get_by_role("button", name=standing_label("2m"), exact=True).focus()
    page.keyboard.press("Enter")  # take out 二万
    expect(page.locator("#hand")).to_have_value("13m456p")
    settled(page)
    after = focused(page)
    assert after["where"] == "hand" and after["tile"] == "3m", after  # the tile that took its place
    page.keyboard.press("End")
    page.keyboard.press("Enter")  # take out the last one, 六饼
    expect(page.locator("#hand")).to_have_value("13m45p")
    settled(page)
    after = focused(page)
    assert after["where"] == "hand" and after["tile"] == "5p", after  # none after it: the one before
    for _ in range(4):
        page.keyboard.press("Enter")
    expect(page.locator("#hand")).to_have_value("")
    assert focused(page)["where"] == "palette"  # the hand is empty: back to the palette


def test_remove_buttons_say_what_they_take_out(page: Page, site_url: str):
    open_calculator(page, site_url, EXAMPLE_1_LINK)
    view = page.locator("#hand-view")
    expect(view.get_by_role("button", name=meld_label("kong", ["5p"] * 4), exact=True)).to_have_count(1)
    expect(view.get_by_role("button", name=standing_label("2m"), exact=True)).to_have_count(3)
    expect(view.get_by_role("button", name=standing_label("9s", winning=True), exact=True)).to_have_count(1)
    names = view.get_by_role("button").evaluate_all("(buttons) => buttons.map((b) => b.getAttribute('aria-label'))")
    assert len(names) == 1 + 11 and all(name.startswith("去掉") and " · remove " in name for name in names), names


# ---------------------------------------------------------------- the result, reached and heard


def test_the_result_is_reached_from_the_hand_by_keyboard(page: Page, site_url: str):
    page.set_viewport_size({"width": 360, "height": 740})  # a phone: the result is below the whole form
    open_calculator(page, site_url, EXAMPLE_1_LINK)
    expect(page.locator("#result")).to_have_attribute("data-total", "12", timeout=BOOT_MS)
    page.locator("#hand").focus()
    page.keyboard.press("Tab")
    assert focused(page)["where"] == "score-button"
    page.keyboard.press("Tab")
    to_result = page.locator("#to-result")
    expect(to_result).to_be_focused()
    expect(to_result).to_be_visible()  # drawn while it has the focus
    expect(to_result).to_have_accessible_name("跳到结果 Go to the result")
    page.keyboard.press("Enter")
    heading = page.locator("#result-title")
    expect(heading).to_be_focused()
    expect(heading).to_be_in_viewport()
    page.keyboard.press("Tab")  # Tab goes on from the result's panel
    assert focus_is_in_the_result(page)
    page.locator("#hand").focus()
    assert to_result.evaluate("(b) => b.getBoundingClientRect().width") <= 1  # hidden again once focus moves on


def test_enter_in_the_hand_box_on_a_phone_takes_the_focus_to_the_result_it_shows(page: Page, site_url: str):
    """On a phone the result is a screen below the form: Enter scrolls to it, and the focus goes along (left in
    the box, the next Tab would scroll back up). Where the result is in sight beside the form, the focus stays."""
    page.set_viewport_size({"width": 360, "height": 740})
    open_calculator(page, site_url)
    wait_for_engine(page)
    page.locator("#hand").fill(EXAMPLE_1)
    page.locator("#hand").press("Enter")
    expect(page.locator("#result")).to_have_attribute("data-total", engine_total(EXAMPLE_1))
    heading = page.locator("#result-title")
    expect(heading).to_be_focused()
    expect(heading).to_be_in_viewport()
    page.keyboard.press("Tab")
    assert focus_is_in_the_result(page)

    page.set_viewport_size({"width": 1280, "height": 720})
    page.evaluate("() => window.scrollTo(0, 0)")
    page.locator("#hand").fill("123m456m789m123p55s")
    page.locator("#hand").press("Enter")
    expect(page.locator("#result")).to_have_attribute("data-total", engine_total("123m456m789m123p55s"))
    expect(page.locator("#hand")).to_be_focused()
    assert page.evaluate("() => scrollY") == 0


def test_each_new_answer_is_told_politely_in_one_line(page: Page, site_url: str):
    open_calculator(page, site_url, EXAMPLE_1_LINK)
    news = page.locator("#result-news")
    expect(news).to_have_attribute("role", "status")  # polite, and only this line
    assert page.locator("#result").get_attribute("aria-live") is None
    scored = handle(EXAMPLE_1_REQUEST)
    unit, pattern = scored["unit"], scored["items"][0]
    expect(news).to_have_text(
        f"{scored['total']} {unit['zh']} {unit['en']} {pattern['zh']} {pattern['en']}", timeout=BOOT_MS
    )

    bad = {**EXAMPLE_1_REQUEST, "hand": "123m456p78"}
    error = handle(bad)["error"]
    page.locator("#hand").fill(bad["hand"])
    page.locator("#hand").press("Enter")
    expect(news).to_have_text(f"{error['message']['zh']} {error['message']['en']}", timeout=BOOT_MS)
    expect(page.locator("#result .error-box")).not_to_have_attribute("role", "alert")  # not said twice, nor rudely


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_news_is_told_in_the_readers_language(page: Page, site_url: str, lang: str):
    """What a screen reader hears is what the page shows: in English the English words (and a pattern's Chinese
    name, which the English page shows beside it), in Chinese the Chinese only."""
    page.goto(f"{site_url}/calculator.html?lang={lang}#{EXAMPLE_1_LINK}")
    news = page.locator("#result-news")
    scored = handle(EXAMPLE_1_REQUEST)
    unit, pattern = scored["unit"], scored["items"][0]
    told = {
        "en": f"{scored['total']} {unit['en']} {pattern['zh']} {pattern['en']}",
        "zh": f"{scored['total']} {unit['zh']} {pattern['zh']}",
    }
    expect(news).to_have_text(told[lang], timeout=BOOT_MS)

    error = handle({**EXAMPLE_1_REQUEST, "hand": "123m456p78"})["error"]
    page.locator("#hand").fill("123m456p78")
    page.locator("#hand").press("Enter")
    expect(news).to_have_text(error["message"][lang], timeout=BOOT_MS)


# ---------------------------------------------------------------- the focus ring on the green header


def contrast(first: str, second: str) -> float:
    def luminance(rgb: str) -> float:
        channels = [int(part) / 255 for part in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted([luminance(first), luminance(second)], reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_focus_ring_shows_on_the_green_header(page: Page, site_url: str):
    page.goto(f"{site_url}/index.html")
    page.keyboard.press("Tab")  # the skip link, over the header
    page.keyboard.press("Tab")  # the brand, in the header
    header = page.locator(".site-header").evaluate("(h) => getComputedStyle(h).backgroundColor")
    for _ in range(3):
        ring = page.evaluate("""() => { const s = getComputedStyle(document.activeElement);
            return { color: s.outlineColor, style: s.outlineStyle, width: parseFloat(s.outlineWidth),
                     inHeader: !!document.activeElement.closest('.site-header') }; }""")
        assert ring["inHeader"] and ring["style"] == "solid" and ring["width"] >= 2, ring
        assert contrast(ring["color"], header) >= 3, (ring, header)
        page.keyboard.press("Tab")


# ---------------------------------------------------------------- a teacher's list of hands


def test_the_lesson_makers_buttons_say_which_hand_and_keep_the_focus(page: Page, site_url: str):
    open_calculator(page, site_url, EXAMPLE_1_LINK)
    expect(page.locator("#result")).to_have_attribute("data-total", "12", timeout=BOOT_MS)
    page.locator("#lesson-maker summary").click()
    for title in ("甲", "乙"):
        page.locator("#maker-hand-title").fill(title)
        page.locator("#maker-add").click()
    items = page.locator("#maker-items .maker-item")
    expect(items).to_have_count(2)
    expect(items.nth(1).locator(".maker-remove")).to_have_accessible_description("乙")
    items.nth(1).locator(".maker-move_up").focus()
    page.keyboard.press("Enter")  # 乙 goes first, the focus goes with it
    expect(items.first.locator("strong")).to_have_text("乙")
    expect(items.first.locator(".maker-move_down")).to_be_focused()
    items.first.locator(".maker-remove").focus()
    page.keyboard.press("Enter")  # 乙 is taken out: on 甲's remove now
    expect(items).to_have_count(1)
    expect(items.first.locator(".maker-remove")).to_be_focused()
    expect(items.first.locator(".maker-remove")).to_have_accessible_description("甲")
    page.keyboard.press("Enter")  # the list is empty: back to "add"
    expect(items).to_have_count(0)
    expect(page.locator("#maker-add")).to_be_focused()
