"""An accessibility audit of every kind of page, by axe-core (tests/e2e/axekit.py) in Chromium: each page is brought
to the state a learner sees (a result, an error, an answered question, a slide) and audited at a phone's width
(360×740) and a laptop's (1280×720). A serious or critical violation fails the test, named with its rule and the
elements it found, so the message says what to fix; the milder ones are printed (pytest -s shows them).
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from axekit import audit, failing, install_axe, readable
from course.files import load_course
from course.lesson_pages import lesson_page
from suanfan.api import handle

ROOT = Path(__file__).resolve().parents[2]
PENG_PENG_HU = next(lesson for lesson in load_course(ROOT / "lessons" / "jiujiang").lessons
                    if lesson_page(lesson).endswith("02-peng-peng-hu.html"))

BOOT_MS = 120_000
WIDTHS = ({"width": 360, "height": 740}, {"width": 1280, "height": 720})

JIUJIANG_LINK = f"hand={quote('[5555p1]222m777s99sEE9s', safe='')}&rules=jiujiang&self_drawn=1&dealer=1&table.base_added=1"
GB_HAND = quote("[123m1]456m789m11sEEE", safe="")
BAD_HAND = quote("123m456p78", safe="")   # too few tiles: the engine's typed error


def done(page: Page, state: str = "done") -> None:
    expect(page.locator("#result")).to_have_attribute("data-state", state, timeout=BOOT_MS)


def calculator(link: str, state: str):
    def open_(page: Page, site: str) -> None:
        page.goto(f"{site}/calculator.html#{link}")
        done(page, state)
    return open_


def plain(path: str):
    def open_(page: Page, site: str) -> None:
        page.goto(f"{site}/{path}")
        expect(page.locator("main")).to_be_visible()
    return open_


def lesson_with_exercise(page: Page, site: str) -> None:
    """A 九江 lesson whose exercise has been answered (with the lesson file's own answer) and its steps opened."""
    page.goto(f"{site}/{lesson_page(PENG_PENG_HU)}")
    exercise = page.locator("section.exercise")
    exercise.locator(".hand-input").fill(PENG_PENG_HU.exercise.answer)
    exercise.locator(".check-hand").click()
    expect(exercise.locator(".feedback")).to_have_attribute("data-verdict", "pass", timeout=BOOT_MS)
    exercise.locator(".feedback details.worked summary").click()


def practice_answered(page: Page, site: str) -> None:
    expected = handle({"action": "question", "rules": "gb", "kind": "points", "topic": "pure_straight", "seed": 42})
    page.goto(f"{site}/practice.html#rules=gb&kind=points&topic=pure_straight&seed=42")
    question = page.locator("#question")
    expect(question).to_have_attribute("data-state", "asking", timeout=BOOT_MS)
    page.locator("[data-answer]").fill(str(expected["answer"]))
    page.keyboard.press("Enter")
    expect(question).to_have_attribute("data-verdict", "right")


def outline_with_a_finished_lesson(page: Page, site: str) -> None:
    page.goto(f"{site}/{lesson_page(PENG_PENG_HU)}")
    page.locator(".mark-done").click()
    page.goto(f"{site}/lessons/index.html")
    expect(page.locator(".outline li.finished .done-mark")).to_be_visible()


def presenter(page: Page, site: str) -> None:
    page.goto(f"{site}/calculator.html#{JIUJIANG_LINK}&present=1")
    expect(page.locator("[data-presenter] .presenter-slide")).to_be_visible(timeout=BOOT_MS)


def teaching_link(page: Page, site: str) -> None:
    """show.html opened from a teacher's link, made by the site's own encoder."""
    page.goto(f"{site}/show.html")
    fragment = page.evaluate("""async () => {
        const { encodeLesson } = await import("./static/js/teaching-link.js");
        return encodeLesson({ title: "两手 Two hands", items: [
            { request: { hand: "[5555p1]222m777s99sEE9s", rules: "jiujiang", self_drawn: true }, title: "碰碰胡", note: "自摸。" },
            { request: { hand: "[123m1]456m789m11sEEE", rules: "gb98" }, title: "清龙", note: "Pure straight." } ] });
    }""")
    page.goto(f"{site}/show.html#{fragment}")
    expect(page.locator("[data-presenter] .presenter-slide")).to_be_visible(timeout=BOOT_MS)


PAGES = {
    "index": plain("index.html"),
    "calculator-jiujiang-result": calculator(JIUJIANG_LINK, "done"),
    "calculator-jiujiang-error": calculator(f"hand={BAD_HAND}&rules=jiujiang", "error"),
    "calculator-gb-result": calculator(f"hand={GB_HAND}&rules=gb&self_drawn=1", "done"),
    "calculator-gb-error": calculator(f"hand={BAD_HAND}&rules=gb", "error"),
    "calculator-gb98-result": calculator(f"hand={GB_HAND}&rules=gb98&self_drawn=1", "done"),
    "calculator-gb98-error": calculator(f"hand={BAD_HAND}&rules=gb98", "error"),
    "course-outline": outline_with_a_finished_lesson,
    "lesson-with-exercise": lesson_with_exercise,
    "guobiao-lesson": plain("lessons/guobiao/03-principles.html"),
    "fan-cards": plain("lessons/guobiao/fans-honors.html"),
    "fan-table": plain("lessons/guobiao/fan-table.html"),
    "guobiao-variants": plain("lessons/guobiao/variants.html"),
    "practice-answered": practice_answered,
    "presenter": presenter,
    "table-card": plain("table.html"),
    "rulings": plain("rulings.html"),
    "show-teaching-link": teaching_link,
}


@pytest.mark.parametrize("kind", list(PAGES))
def test_no_serious_or_critical_violations(page: Page, site_url: str, kind: str):
    install_axe(page.context)
    PAGES[kind](page, site_url)
    found = {}
    for size in WIDTHS:
        page.set_viewport_size(size)
        violations = audit(page)
        if violations:
            print(f"\n{kind} at {size['width']}×{size['height']}:\n{readable(violations)}")
        found[f"{size['width']}×{size['height']}"] = failing(violations)
    if any(found.values()):
        pytest.fail("\n".join(f"{kind} at {width}:\n{readable(violations)}"
                              for width, violations in found.items() if violations), pytrace=False)
