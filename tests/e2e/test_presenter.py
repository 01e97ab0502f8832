"""The presenter and a teacher's own lessons, as a teacher and a class use them: a hand opened from a link straight
in the presenter at 1280×720, stepped with the keyboard and a clicker's PageDown; its QR code; the labels in one
language or both; a lesson of three hands made in the calculator, with titles and notes, opened from its link in a
fresh browser (a student's), every hand's steps in order and the notes shown as text."""

from __future__ import annotations

import base64
import json
import random
import re
import zlib
from urllib.parse import quote

from engine_boot import BOOT_MS
from playwright.sync_api import Page, expect

from suanfan.api import handle

EXAMPLE_1 = "[5555p1]222m777s99sEE9s"
EXAMPLE_1_LINK = f"hand={quote(EXAMPLE_1, safe='')}&rules=jiujiang&self_drawn=1&dealer=1&table.base_added=1"
GB_HAND = "[123m1]456m789m11sEEE"
PAYLOAD = "<img src=x onerror=\"document.title='pwned'\">"


def presenter(page: Page):
    return page.locator("[data-presenter]")


def slide_count(request: dict) -> int:
    """The presenter's slides for a result, counted from the engine's own envelope: a step a slide, a step of
    fans with their tiles a slide per fan, and who pays where there are payments."""
    result = handle(request)
    count = 0
    for step in result["steps"]:
        rows = step.get("rows", [])
        count += len(rows) if any(row.get("groups") for row in rows) else 1
    return count + (1 if "payments" in result else 0)


def test_a_link_opens_the_presenter_and_the_keys_step_through(page: Page, site_url: str):
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{site_url}/calculator.html#{EXAMPLE_1_LINK}&present=1")
    root = presenter(page)
    expect(root).to_be_visible(timeout=BOOT_MS)
    assert root.get_attribute("data-steps") == "4"  # 胡牌成立 → 取最高番 → 乘倍数并封顶 → 谁付
    expect(root).to_have_attribute("data-step", "1")
    expect(root.locator(".presenter-slide")).to_contain_text("胡牌成立")
    expect(root.locator(".presenter-slide .total-number")).to_have_count(0)  # the total comes at the end
    for key, step in [
        ("PageDown", 2),
        ("ArrowRight", 3),
        ("ArrowLeft", 2),
        ("Space", 3),
        ("End", 4),
        ("PageUp", 3),
        ("Home", 1),
        ("ArrowDown", 2),
    ]:
        page.keyboard.press(key)
        expect(root).to_have_attribute("data-step", str(step))
        expect(page).to_have_url(re.compile(rf"&present=1&step={step}$"))
    page.keyboard.press("End")
    expect(root.locator(".presenter-slide")).to_contain_text("谁来付")
    expect(root.locator(".presenter-slide .total-number")).to_have_text("12")
    # Readable on a 1280×720 projector: nothing wider than the screen, the hand's tiles big.
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    assert root.locator(".presenter-hand svg.tile").first.evaluate("(t) => t.getBoundingClientRect().width") >= 40
    # The QR code of the current link, drawn here.
    expect(root.locator(".presenter-qr svg.qr path")).to_have_count(1)
    expect(root.locator(".presenter-qr svg.qr")).to_have_attribute("aria-label", re.compile("二维码.*QR code"))

    page.keyboard.press("Escape")
    expect(root).to_have_count(0)
    assert "present=1" not in page.url
    expect(page.locator("#present")).to_be_focused()
    expect(page.locator("#result")).to_have_attribute("data-total", "12")


def test_stepping_with_its_buttons_to_either_end_keeps_the_focus_on_a_button(page: Page, site_url: str):
    """Next is disabled on the last step and Back on the first; the one of them that had focus hands it to the
    other, so a keyboard user is never left on <body>."""
    page.goto(f"{site_url}/calculator.html#{EXAMPLE_1_LINK}&present=1")
    root = presenter(page)
    expect(root).to_be_visible(timeout=BOOT_MS)
    next_button, back_button = root.locator(".presenter-next"), root.locator(".presenter-back")
    next_button.focus()
    for step in (2, 3, 4):
        page.keyboard.press("Enter")
        expect(root).to_have_attribute("data-step", str(step))
    expect(next_button).to_be_disabled()
    expect(back_button).to_be_focused()
    for step in (3, 2, 1):
        page.keyboard.press("Enter")
        expect(root).to_have_attribute("data-step", str(step))
    expect(back_button).to_be_disabled()
    expect(next_button).to_be_focused()


def test_a_presenter_that_cannot_be_loaded_says_so(page: Page, site_url: str):
    """presenter.js is loaded on first use: a page opened before the site was kept offline, whose connection has
    since gone, cannot load it. The Present button then says why nothing opened, and works again once it can."""
    page.route("**/static/js/presenter.js", lambda route: route.abort("internetdisconnected"))
    page.goto(f"{site_url}/calculator.html#{EXAMPLE_1_LINK}")
    expect(page.locator("#result")).to_have_attribute("data-total", "12", timeout=BOOT_MS)
    page.locator("#present").click()
    expect(page.locator("#copy-status")).to_contain_text("演示没能打开")
    expect(page.locator("#copy-status")).to_contain_text("The presenter could not open")
    expect(presenter(page)).to_have_count(0)
    page.unroute("**/static/js/presenter.js")
    page.locator("#present").click()
    expect(presenter(page)).to_be_visible()
    expect(page.locator("#copy-status")).to_have_text("")


def test_guobiao_lights_each_fan_and_the_labels_switch_language(page: Page, site_url: str):
    request = {"hand": GB_HAND, "rules": "gb98", "self_drawn": True}
    page.goto(f"{site_url}/calculator.html#hand={quote(GB_HAND, safe='')}&rules=gb98&self_drawn=1&present=1&step=2")
    root = presenter(page)
    expect(root).to_be_visible(timeout=BOOT_MS)
    assert int(root.get_attribute("data-steps")) == slide_count(request)
    expect(root).to_have_attribute("data-step", "2")  # step=N opens there
    first_fan = handle(request)["steps"][1]["rows"][0]
    expect(root.locator(".presenter-slide")).to_contain_text(first_fan["zh"])
    lit = root.locator(".presenter-hand svg.tile.lit")
    expect(lit).to_have_count(sum(len(g["tiles"]) for g in first_fan["groups"]))

    root.locator('.presenter-lang[data-lang="en"]').click()
    expect(root).to_have_attribute("data-lang", "en")
    expect(root.locator(".presenter-slide h2 .zh").first).to_be_hidden()
    expect(root.locator(".presenter-slide h2 .en").first).to_be_visible()
    page.keyboard.press("PageDown")  # the clicker's key, the choice kept
    expect(root).to_have_attribute("data-lang", "en")
    page.reload()
    expect(presenter(page)).to_have_attribute("data-lang", "en", timeout=BOOT_MS)  # kept across pages


def test_a_lesson_card_opens_in_the_presenter(page: Page, site_url: str):
    page.goto(f"{site_url}/lessons/jiujiang/11-worked-examples.html")
    page.locator("#example-example-one a.to-presenter").click()
    expect(presenter(page)).to_be_visible(timeout=BOOT_MS)
    expect(page.locator("#result")).to_have_attribute("data-total", "12")


def test_a_teachers_lesson_is_made_in_the_calculator_and_opened_by_a_student(page: Page, site_url: str, browser):
    page.goto(f"{site_url}/calculator.html#{EXAMPLE_1_LINK}")
    expect(page.locator("#result")).to_have_attribute("data-total", "12", timeout=BOOT_MS)
    maker = page.locator("#lesson-maker")
    maker.locator("summary").click()
    hands = [
        (EXAMPLE_1_LINK, "案例一", "庄家自摸补牌胡出:先加底番再乘倍数。\n第二行说明。"),
        ("hand=1199m2288p55s77sEE&rules=jiujiang&kong=1", "案例二", PAYLOAD),
        (f"hand={quote(GB_HAND, safe='')}&rules=gb98&self_drawn=1", "国标:清龙", "Pure Straight, 16 points."),
    ]
    for link, title, note in hands:
        page.evaluate("(h) => { location.hash = h; }", link)
        expect(page.locator("#result")).to_have_attribute("data-state", "done", timeout=BOOT_MS)
        maker.locator("#maker-hand-title").fill(title)
        maker.locator("#maker-hand-note").fill(note)
        maker.locator("#maker-add").click()
    expect(maker.locator(".maker-item")).to_have_count(3)
    maker.locator(".maker-item").nth(1).locator(".maker-move_up").click()  # reorder: 案例二 first
    expect(maker.locator(".maker-item").first).to_contain_text("案例二")
    maker.locator(".maker-item").first.locator(".maker-move_down").click()
    page.reload()  # the draft survives a reload
    expect(page.locator("#maker-items .maker-item")).to_have_count(3)
    page.locator("#lesson-maker summary").click()
    page.locator("#maker-lesson-title").fill("两个案例和一手国标")
    page.locator("#maker-link").click()
    link = page.locator("#maker-open").get_attribute("href")
    assert re.search(r"/show\.html#v=1&d=[A-Za-z0-9_-]+$", link), link
    assert len(link) < 1000, f"a link to paste into a chat: {len(link)} characters"

    student = browser.new_context()  # another browser: nothing shared but the link
    try:
        shown = student.new_page()
        shown.goto(link)
        root = shown.locator("[data-presenter]")
        expect(root).to_be_visible(timeout=BOOT_MS)
        total = (
            slide_count(
                {
                    "hand": EXAMPLE_1,
                    "rules": "jiujiang",
                    "self_drawn": True,
                    "dealer": True,
                    "table": {"base_added": True},
                }
            )
            + slide_count({"hand": "1199m2288p55s77sEE", "rules": "jiujiang", "kong": True})
            + slide_count({"hand": GB_HAND, "rules": "gb98", "self_drawn": True})
        )
        assert int(root.get_attribute("data-steps")) == total
        expect(root.locator(".presenter-heading")).to_contain_text("案例一")
        expect(root.locator(".presenter-note")).to_have_text("庄家自摸补牌胡出:先加底番再乘倍数。\n第二行说明。")
        shown.keyboard.press("PageDown")
        shown.keyboard.press("PageDown")
        shown.keyboard.press("PageDown")
        shown.keyboard.press("PageDown")  # past 案例一's four slides
        expect(root.locator(".presenter-heading")).to_contain_text("案例二")
        expect(root.locator(".presenter-note")).to_have_text(PAYLOAD)  # the note is text, never markup
        assert shown.title() != "pwned" and shown.locator(".presenter img").count() == 0
        shown.keyboard.press("End")
        expect(root.locator(".presenter-heading")).to_contain_text("国标:清龙")
        shown.keyboard.press("Escape")
        expect(shown.locator(".show-item")).to_have_count(3)
        expect(shown.locator("#show-title")).to_have_text("两个案例和一手国标")

        broken = student.new_page()
        broken.goto(link[:-30])  # cut short when copied
        expect(broken.locator("#show-problem")).to_contain_text("不完整或已损坏")
        broken.goto(link.replace("#v=1&", "#v=9&"))
        expect(broken.locator("#show-problem")).to_contain_text("newer version")
    finally:
        student.close()


def long_lesson_link(site_url: str, hands: int = 6) -> str:
    """A show.html link of `hands` hands with 600-character notes that do not compress (seeded letters): far more
    than a QR code holds, though the lesson maker's own limits allow it."""
    rng = random.Random(7)

    def note():
        return "".join(rng.choice("算番九江国标abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(600))

    data = {
        "t": "长讲解",
        "i": [{"r": {"hand": EXAMPLE_1, "rules": "jiujiang"}, "t": f"第 {n} 手", "n": note()} for n in range(hands)],
    }
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(json.dumps(data, ensure_ascii=False).encode()) + packer.flush()
    return f"{site_url}/show.html#v=1&d={base64.urlsafe_b64encode(raw).decode().rstrip('=')}"


def test_a_lesson_too_long_for_a_qr_code_says_so_and_still_presents(page: Page, site_url: str):
    """Issue 22: from a few thousand characters no QR code holds the link; the presenter says so in its place at
    every step, no error escapes, and the steps still go."""
    errors = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    link = long_lesson_link(site_url)
    assert len(link) > 3700
    page.goto(link)
    root = page.locator("[data-presenter]")
    expect(root).to_be_visible(timeout=BOOT_MS)
    too_long = root.locator('[data-qr="too-long"]')
    expect(too_long).to_contain_text("too long for a QR code")
    page.keyboard.press("PageDown")
    expect(root).to_have_attribute("data-step", "2")
    expect(too_long).to_be_visible()
    assert errors == []


def test_a_plain_hand_is_presented_without_a_stray_word(page: Page, site_url: str):
    """A hand with no situation set drew "null" beside it (the chips it had none of), on every step."""
    page.goto(f"{site_url}/calculator.html#hand=123m456p789s23s55s4s&rules=jiujiang&present=1")
    root = page.locator("[data-presenter]")
    expect(root).to_be_visible(timeout=BOOT_MS)
    for _ in range(int(root.get_attribute("data-steps"))):
        assert "null" not in root.inner_text()
        page.keyboard.press("PageDown")
