"""The 九江 course in a browser, as a learner uses it: every lesson start to end (each exercise built in the
shared hand picker and accepted by the engine in the browser), an exercise answered with a meld, the worked-example player, a convention switch
re-scoring live, "open in calculator", progress on the outline, a 360-px phone and print.

Runs against the built dist/ (`site_url` from tests/conftest.py, which also fails any request to another
origin). The hands to pick come from the lesson files themselves (each exercise's checked `answer`).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from engine_boot import BOOT_MS
from pickerkit import build_hand, choose_mode, meld_label, palette_tile, standing_label, tile_label
from playwright.sync_api import Page, expect

from web.course.checking import verify
from web.course.files import load_course, load_courses
from web.course.lesson_pages import lesson_page
from web.course.views import card_view

ROOT = Path(__file__).resolve().parents[2]

SCREENSHOTS = ROOT / "test-results" / "screenshots"
COURSE = load_course(ROOT / "lessons" / "jiujiang")


def pick(page: Page, hand: str) -> None:
    """Build the hand in the exercise's picker (melds in their modes) until the picker says it is complete."""
    picker = page.locator("section.exercise .hand-picker")
    build_hand(picker, hand)
    expect(picker.locator(".tile-count")).to_have_attribute("data-complete", "1")


def lesson_url(site_url: str, lesson) -> str:
    return f"{site_url}/{lesson_page(lesson)}"


def card(page: Page, example_id: str):
    return page.locator(f"#example-{example_id}")


def drawn_text(box) -> str:
    return box.evaluate("(box) => box.textContent.replace(/\\s+/g, '')")


# ---------------------------------------------------------------- the whole course


def test_walk_the_whole_course(page: Page, site_url: str):
    page.goto(f"{site_url}/lessons/index.html")
    outline = page.locator("#course-jiujiang")
    expect(outline.locator(".outline li")).to_have_count(len(COURSE.lessons))
    outline.locator(".outline li a").first.click()

    for number, lesson in enumerate(COURSE.lessons, start=1):
        expect(page).to_have_url(lesson_url(site_url, lesson))
        article = page.locator("article.lesson")
        expect(article.locator("h1 .zh")).to_have_text(lesson.title)
        expect(article).to_have_attribute("data-finished", "0")
        if lesson.exercise:
            if number == 2:  # one wrong try first: a basic win is not all pungs
                pick(page, "123m456p789s234sEE")
                page.locator(".check-hand").click()
                feedback = page.locator("section.exercise .feedback")
                expect(feedback).to_have_attribute("data-verdict", "fail", timeout=BOOT_MS)
                expect(feedback.locator(".miss")).to_contain_text("平胡")
                expect(article).to_have_attribute("data-finished", "0")
                page.locator(".clear-hand").click()
            pick(page, lesson.exercise.answer)
            page.locator(".check-hand").click()
            expect(page.locator("section.exercise .feedback")).to_have_attribute(
                "data-verdict", "pass", timeout=BOOT_MS
            )
        else:
            page.locator(".mark-done").click()
        expect(article).to_have_attribute("data-finished", "1")
        expect(page.locator(".done-flag")).to_be_visible()
        if number < len(COURSE.lessons):
            page.locator('a[rel="next"]').click()
        else:
            expect(page.locator('a[rel="next"]')).to_have_count(0)

    page.locator("a.to-outline").click()
    marks = page.locator("#course-jiujiang .outline .done-mark")
    for index in range(len(COURSE.lessons)):
        expect(marks.nth(index)).to_be_visible()
    expect(page.locator("#course-jiujiang .course-progress")).to_contain_text(
        f"{len(COURSE.lessons)} / {len(COURSE.lessons)}"
    )


def test_an_exercise_answered_with_a_pung_picked_and_typed(page: Page, site_url: str):
    """碰碰胡 with one pung on the table: the pung made in the picker's pung mode, the rest typed and picked."""
    lesson = next(x for x in COURSE.lessons if x.slug == "02-peng-peng-hu")
    page.goto(lesson_url(site_url, lesson))
    exercise = page.locator("section.exercise")
    picker = exercise.locator(".hand-picker")
    notation = exercise.get_by_role("textbox", name="记谱 Notation")
    check = exercise.locator(".check-hand")

    notation.fill("111m777s")
    choose_mode(picker, "pung")
    palette_tile(picker, "5p").click()
    expect(notation).to_have_value("[555p]111m777s")
    expect(picker.locator(".tile-count")).to_have_text("6 / 11 张 tiles", use_inner_text=True)
    choose_mode(picker, "tile")
    for code in ["9s", "9s", "9s", "E"]:
        palette_tile(picker, code).click()
    expect(check).to_be_disabled()
    palette_tile(picker, "E").click()
    expect(notation).to_have_value("[555p]111m777999sEE")
    expect(check).to_be_enabled()

    # The same names as in the calculator.
    picked = exercise.get_by_role("group", name="已选的牌 Picked tiles")
    expect(picked.get_by_role("button", name=meld_label("pung", ["5p"] * 3), exact=True)).to_have_count(1)
    expect(picked.get_by_role("button", name=standing_label("E", winning=True), exact=True)).to_have_count(1)
    expect(
        exercise.get_by_role("group", name="选牌 Tile picker").get_by_role("button", name=tile_label("5p"), exact=True)
    ).to_have_count(1)

    check.click()
    expect(exercise.locator(".feedback")).to_have_attribute("data-verdict", "pass", timeout=BOOT_MS)
    expect(exercise.locator(".feedback .scored")).to_contain_text("碰碰胡")
    expect(page.locator("article.lesson")).to_have_attribute("data-finished", "1")

    # Taking the pung out makes the hand incomplete again, and the feedback goes.
    picked.get_by_role("button", name=meld_label("pung", ["5p"] * 3), exact=True).click()
    expect(notation).to_have_value("111m777999sEE")
    expect(check).to_be_disabled()
    expect(exercise.locator(".feedback")).to_be_hidden()
    expect(picked.get_by_role("button").first).to_be_focused()


def test_the_outline_lists_every_course(page: Page, site_url: str):
    page.goto(f"{site_url}/lessons/index.html")
    for course in load_courses(ROOT / "lessons"):
        section = page.locator(f"#course-{course.slug}")
        expect(section.locator("h2 .zh")).to_have_text(course.title)
        expect(section.locator(".outline li")).to_have_count(len(course.lessons))
    expect(page.locator(".site-nav a[aria-current=page]")).to_contain_text("课程")


# ---------------------------------------------------------------- the worked-example player


def test_step_through_a_worked_example(page: Page, site_url: str):
    lesson = next(x for x in COURSE.lessons if x.slug == "11-worked-examples")
    page.goto(lesson_url(site_url, lesson))
    one = card(page, "example-one")
    steps = one.locator(".steps > .step")
    back, forward = one.locator(".player-back"), one.locator(".player-next")
    expect(one.locator(".card-head svg.tile")).to_have_count(15)  # a kong of four, ten standing, the winning tile

    expect(one).to_have_attribute("data-step", "1")
    expect(steps.nth(0)).to_be_visible()
    expect(steps.nth(1)).to_be_hidden()
    expect(back).to_be_disabled()
    expect(one.locator(".summary.pending .total-number")).to_be_hidden()

    forward.click()
    expect(one).to_have_attribute("data-step", "2")
    expect(steps.nth(1)).to_be_visible()
    expect(steps.nth(1).locator(".step-text")).to_contain_text("1 + 2 = 3")
    forward.click()
    expect(one).to_have_attribute("data-step", "3")
    expect(steps.nth(2).locator(".chain")).to_contain_text("→ 12")
    expect(one.locator(".total-number")).to_have_text("12")
    expect(one.locator(".total-number")).to_be_visible()
    expect(forward).to_be_disabled()

    back.click()
    expect(one).to_have_attribute("data-step", "2")
    expect(steps.nth(2)).to_be_hidden()
    back.click()
    expect(one).to_have_attribute("data-step", "1")
    expect(steps.nth(1)).to_be_hidden()


# ---------------------------------------------------------------- live conventions


def test_a_convention_switch_rescores_in_the_browser(page: Page, site_url: str):
    lesson = next(x for x in COURSE.lessons if x.slug == "13-table-conventions")
    page.goto(lesson_url(site_url, lesson))

    quads = card(page, "quad-as-pairs")
    box = quads.locator(".card-result")
    built = drawn_text(box)
    expect(quads.locator(".total-number")).to_have_text("8")
    quads.get_by_label("否 off").check()
    expect(quads.locator("fieldset.convention")).to_have_attribute("data-live", "done", timeout=BOOT_MS)
    expect(box.get_by_role("alert")).to_contain_text("不能胡")
    quads.get_by_label("是 on").check()
    expect(box.locator(".total-number")).to_have_text("8", timeout=BOOT_MS)
    # the engine in the browser draws exactly what the build drew
    assert drawn_text(box) == built

    extra = card(page, "extra-quad")
    option = extra.locator('input[type="radio"]').nth(1)
    option.check()
    expect(extra.locator("fieldset.convention")).to_have_attribute("data-live", "done", timeout=BOOT_MS)
    expect(extra.locator(".total-number")).to_have_text(option.get_attribute("data-total"))
    assert extra.locator(".total-number").text_content() == "12"


# ---------------------------------------------------------------- open in calculator


@pytest.mark.parametrize(
    "slug, example_id",
    [
        ("11-worked-examples", "example-one"),
        ("13-table-conventions", "cap-rule"),
    ],
)
def test_open_in_calculator_gives_the_same_total(page: Page, site_url: str, slug, example_id):
    lesson = next(x for x in COURSE.lessons if x.slug == slug)
    page.goto(lesson_url(site_url, lesson))
    the_card = card(page, example_id)
    total = the_card.get_attribute("data-total")
    assert total
    the_card.locator("a.to-calculator").click()
    expect(page).to_have_url(re.compile(r"/calculator\.html#hand="))
    expect(page.locator("#result")).to_have_attribute("data-total", total, timeout=BOOT_MS)


def test_every_example_replays_in_the_calculator(page: Page, site_url: str):
    """Each card's "open in calculator" permalink gives the calculator the same request: same total (or the
    same refusal) as the card the build wrote. One calculator page; each permalink goes in through the hash."""
    course = verify(load_course(ROOT / "lessons" / "jiujiang"))
    page.goto(f"{site_url}/calculator.html")
    result = page.locator("#result")
    replayed = set()
    for lesson in course.lessons:
        for example in lesson.examples:
            fragment = card_view(example)["calculator"].split("#", 1)[1]
            if fragment in replayed:
                continue
            replayed.add(fragment)
            page.evaluate(
                """(fragment) => {
                const result = document.getElementById("result");
                delete result.dataset.total;
                delete result.dataset.errorCode;
                location.hash = fragment;
            }""",
                fragment,
            )
            if example.result["ok"]:
                expect(result, f"{lesson.path.name} {example.id}").to_have_attribute(
                    "data-total", str(example.result["total"]), timeout=BOOT_MS
                )
            else:
                expect(result, f"{lesson.path.name} {example.id}").to_have_attribute(
                    "data-error-code", example.result["error"]["code"], timeout=BOOT_MS
                )
    assert len(replayed) > 40


# ---------------------------------------------------------------- phone and print


def test_a_lesson_on_a_360_px_phone(page: Page, site_url: str):
    page.set_viewport_size({"width": 360, "height": 740})
    lesson = next(x for x in COURSE.lessons if x.slug == "06-hao-hua-qi-dui")
    page.goto(lesson_url(site_url, lesson))
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "lesson-06-phone-360.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width}px wide on a 360-px phone"
    # the picker's 9 tiles per row fit, and so does every card
    for box in page.locator(".example-card, section.exercise, .palette-row").all():
        right = box.evaluate("(el) => el.getBoundingClientRect().right")
        assert right <= 360, f"{box.get_attribute('class')} reaches {right}px"


def test_print_shows_every_step_and_nothing_to_click(page: Page, site_url: str):
    lesson = next(x for x in COURSE.lessons if x.slug == "11-worked-examples")
    page.goto(lesson_url(site_url, lesson))
    expect(card(page, "example-one")).to_have_attribute("data-step", "1")
    page.emulate_media(media="print")
    one = card(page, "example-one")
    for index in range(3):
        expect(one.locator(".steps > .step").nth(index)).to_be_visible()
    expect(one.locator(".player-controls")).to_be_hidden()
    expect(one.locator("fieldset.convention")).to_be_hidden()
    expect(page.locator(".prev-next")).to_be_hidden()


def test_a_checks_number_box_is_a_full_box_and_show_the_answer_keeps_the_focus(page: Page, site_url: str):
    """The lesson's check sat in a div.check, whose checkbox style made its number box 18 px tall; and "Show the
    answer" took the focus with it when it went (a new user's walk, issue 22)."""
    page.goto(f"{site_url}/lessons/jiujiang/10-who-pays.html")
    check = page.locator(".checks div.check:has(input[data-answer])").first
    box = check.locator("input[data-answer]")
    expect(box).to_be_visible(timeout=BOOT_MS)
    assert box.bounding_box()["height"] >= 30
    box.fill("99999")
    box.press("Enter")
    expect(check).to_have_attribute("data-verdict", "wrong", timeout=BOOT_MS)
    check.locator(".reveal").click()
    assert page.evaluate("() => document.activeElement.matches('.verdict-revealed')")
