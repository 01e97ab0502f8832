"""A class set shown to the room (class.html#v=1&d=…&present=1, class-quiz.js), by the keyboard alone at 1280×720:
the first slide's QR code, read back with jsQR, is the students' link (the set without present=1) with modules big
enough for a phone 2 m away; each question is the engine's (CPython's answer to the same request), its answer shown
on Enter; a timed set counts down and says when the time is up; a reload keeps the step; Esc leaves."""

from __future__ import annotations

import json
import re

from engine_boot import BOOT_MS
from playwright.sync_api import Page, expect

from suanfan.api import handle

# ten gb topics, as a teacher picks them, each asked with a four-digit seed: a set of ten generated questions
TOPICS = [
    "pure_straight",
    "all_pungs",
    "half_flush",
    "full_flush",
    "seven_pairs",
    "mixed_triple_chow",
    "all_chows",
    "dragon_pung",
    "little_three_dragons",
    "last_tile",
]
KINDS = ["points", "fans", "declare", "points", "name", "fans", "points", "declare", "fans", "points"]
MODULE_FLOOR_PX = 8  # what a phone's camera reads off a projected screen from 2 m


def ten_questions(limit: int = 0) -> dict:
    return {
        "title": "第三周 小测 Week 3",
        "code": "W3",
        "limit": limit,
        "rules": "gb",
        "conventions": {},
        "questions": [
            {"kind": kind, "topic": topic, "seed": 1000 + 977 * i} for i, (kind, topic) in enumerate(zip(KINDS, TOPICS))
        ],
    }


def set_link(page: Page, site_url: str, class_set: dict) -> str:
    """The set's link, made by class-set.js itself in a page that has the crc-32 it needs (class.html loads it)."""
    page.goto(f"{site_url}/class.html")
    page.wait_for_function("globalThis.CRC32")
    fragment = page.evaluate("async (set) => (await import('/static/js/class-set.js')).encodeSet(set)", class_set)
    page.goto("about:blank")  # the next address differs only after '#': load it afresh
    return f"{site_url}/class.html#{fragment}"


def question_request(class_set: dict, index: int) -> dict:
    """class-set.js's questionRequest, for CPython's engine."""
    q = class_set["questions"][index]
    return {
        "action": "question",
        "rules": class_set["rules"],
        "kind": q["kind"],
        "topic": q["topic"],
        "seed": q["seed"],
        **class_set["conventions"],
    }


READ_QR = """async (svg) => {
  // the code as drawn, rasterised at its size on screen and read as a phone would
  const box = svg.getBoundingClientRect();
  const image = new Image();
  image.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(new XMLSerializer().serializeToString(svg));
  await image.decode();
  const canvas = Object.assign(document.createElement('canvas'), { width: Math.round(box.width), height: Math.round(box.height) });
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  return { text: globalThis.jsQR(pixels.data, canvas.width, canvas.height)?.data ?? null,
    module: box.width / svg.viewBox.baseVal.width, modules: svg.viewBox.baseVal.width - 4 };
}"""


def test_the_room_scans_the_set_then_steps_through_it_by_keyboard(page: Page, site_url: str):
    class_set = ten_questions()
    link = set_link(page, site_url, class_set)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{link}&present=1")
    root = page.locator("[data-presenter]")
    expect(root).to_be_visible(timeout=BOOT_MS)
    expect(root).to_have_attribute("data-steps", "11")  # the QR code, then ten questions
    expect(root).to_have_attribute("data-step", "1")
    assert root.get_attribute("data-quiz-phase") is None
    expect(root.locator(".quiz-scan")).to_contain_text("扫码,在手机上作答")
    expect(root.locator(".quiz-scan")).to_contain_text("第三周 小测 Week 3")
    expect(root.locator(".quiz-scan")).to_contain_text("W3")

    # The code is the students' link (no present=1), at the version qr.js says, each module at least 8 px.
    page.wait_for_function("typeof globalThis.jsQR === 'function'")
    read = root.locator(".quiz-qr svg.qr").evaluate(READ_QR)
    assert read["text"] == link
    version = page.evaluate(
        "async (link) => (await import('/static/js/qr.js')).qrVersion(link, { projected: true })", link
    )
    assert read["modules"] == 17 + 4 * version
    assert read["module"] >= MODULE_FLOOR_PX, read
    print(
        f"QR code of a {len(link)}-character link: version {version}, {read['modules']} modules, "
        f"{read['module']:.1f} px a module at 1280×720"
    )

    for index in range(3):
        page.keyboard.press("ArrowRight" if index != 1 else "PageDown")
        expect(root).to_have_attribute("data-step", str(index + 2))
        expect(root).to_have_attribute("data-quiz-phase", "question")
        expected = handle(question_request(class_set, index))
        prompt = root.locator(".quiz-question .prompt")
        expect(prompt).to_contain_text(expected["question"]["prompt"]["zh"], timeout=BOOT_MS)
        expect(root.locator(".quiz-question .presenter-hand svg.tile").first).to_be_visible()  # the hand, big
        expect(root.locator(".quiz-answer")).to_have_count(0)  # nothing given away before Enter
        expect(root.locator("form, input")).to_have_count(0)  # the room answers on the phones
        expect(root.locator(".quiz-clock")).to_be_hidden()  # an untimed set has no clock
        page.keyboard.press("Enter")
        expect(root).to_have_attribute("data-quiz-phase", "answer")
        answer = root.locator(".quiz-answer")
        assert json.loads(answer.get_attribute("data-answer")) == expected["answer"]
        if expected["question"]["answer_type"] == "number":
            expect(answer).to_contain_text(str(expected["answer"]))
        expect(root.locator(".quiz-answer-area .worked")).to_be_visible()  # and the engine's steps
        expect(page).to_have_url(re.compile(rf"&present=1&step={index + 2}$"))

    page.reload()  # the same step, the answer hidden again
    root = page.locator("[data-presenter]")
    expect(root).to_have_attribute("data-step", "4", timeout=BOOT_MS)
    expect(root).to_have_attribute("data-quiz-phase", "question")
    expect(root.locator(".quiz-question .prompt")).to_be_visible(timeout=BOOT_MS)
    page.keyboard.press(" ")  # Space shows the answer too …
    expect(root).to_have_attribute("data-quiz-phase", "answer")
    page.keyboard.press(" ")  # … and, once shown, goes on
    expect(root).to_have_attribute("data-step", "5")
    page.keyboard.press("End")
    expect(root).to_have_attribute("data-step", "11")
    expect(root.locator(".presenter-where")).to_contain_text("第 10 题 / 共 10 题")
    page.keyboard.press("PageUp")
    expect(root).to_have_attribute("data-step", "10")
    page.keyboard.press("Home")
    expect(root).to_have_attribute("data-step", "1")

    page.keyboard.press("Escape")
    expect(root).to_have_count(0)
    assert page.url == link  # the students' link again
    again = page.locator(".quiz-again")
    expect(again).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("[data-presenter]")).to_have_attribute("data-step", "1")
    page.keyboard.press("Escape")
    page.locator(".quiz-students").click()  # the students' face, as a phone opens it
    expect(page.locator("[data-presenter]")).to_have_count(0)
    expect(page.locator("#class-face")).not_to_be_empty(timeout=BOOT_MS)
    assert page.url == link


def test_a_timed_set_counts_down_and_says_when_the_time_is_up(page: Page, site_url: str):
    class_set = {**ten_questions(limit=3), "questions": ten_questions()["questions"][:2]}
    link = set_link(page, site_url, class_set)
    page.goto(f"{link}&present=1&step=2")
    root = page.locator("[data-presenter]")
    expect(root).to_have_attribute("data-quiz-phase", "question", timeout=BOOT_MS)
    clock = root.locator(".quiz-clock")
    expect(clock).to_be_visible(timeout=BOOT_MS)
    first = int(clock.get_attribute("data-remaining"))
    assert 1 <= first <= 3
    expect(clock).to_have_attribute("data-remaining", str(first - 1), timeout=3_000)  # running
    announce = root.locator(".quiz-announce[role=status]")
    expect(announce).to_have_text("")
    expect(clock).to_have_attribute("data-remaining", "0", timeout=5_000)
    expect(clock).to_contain_text("时间到")
    expect(announce).to_contain_text("时间到")  # said once, politely, at the end
    expect(announce).to_contain_text("Time's up")
    page.keyboard.press("ArrowRight")  # the next question has its own time
    expect(root).to_have_attribute("data-step", "3")
    expect(clock).to_have_attribute("data-remaining", re.compile("^[123]$"), timeout=BOOT_MS)
    page.keyboard.press("Enter")  # the answer stops the clock
    expect(root).to_have_attribute("data-quiz-phase", "answer")
    stopped = clock.get_attribute("data-remaining")
    page.wait_for_timeout(1_500)
    assert clock.get_attribute("data-remaining") == stopped
