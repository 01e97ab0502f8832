"""An accessibility audit of every kind of page, by axe-core (tests/e2e/axekit.py) in Chromium: each page is brought
to the state a learner sees (a result, an error, an answered question, a slide) and audited at a phone's width
(360×740) and a laptop's (1280×720). A serious or critical violation fails the test, named with its rule and the
elements it found, so the message says what to fix; the milder ones are printed (pytest -s shows them).
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest
from axekit import audit, failing, install_axe, readable
from engine_boot import BOOT_MS, open_question
from playwright.sync_api import Page, expect

from suanfan.api import handle
from web.course.files import load_course
from web.course.lesson_pages import lesson_page

ROOT = Path(__file__).resolve().parents[2]
JIUJIANG = load_course(ROOT / "lessons" / "jiujiang").lessons
PENG_PENG_HU = next(lesson for lesson in JIUJIANG if lesson_page(lesson).endswith("02-peng-peng-hu.html"))
WITHOUT_EXERCISE = next(lesson for lesson in JIUJIANG if not lesson.exercise)

WIDTHS = ({"width": 360, "height": 740}, {"width": 1280, "height": 720})

JIUJIANG_LINK = (
    f"hand={quote('[5555p1]222m777s99sEE9s', safe='')}&rules=jiujiang&self_drawn=1&dealer=1&table.base_added=1"
)
GB_HAND = quote("[123m1]456m789m11sEEE", safe="")
BAD_HAND = "123m456p78"  # too few tiles: the engine's typed error


# Each page type is a generator: it brings the page to a state a learner sees and yields that state's name, as many
# times as the page has states worth auditing (the calculator: a result, then an error, on one boot of the engine).
# A page as it first draws is not listed: test_every_page_the_build_writes_at_both_widths audits every one so.


def calculator(link: str):
    def states(page: Page, site: str):
        page.goto(f"{site}/calculator.html#{link}")
        expect(page.locator("#result")).to_have_attribute("data-state", "done", timeout=BOOT_MS)
        yield "with a result"
        page.locator("#hand").fill(BAD_HAND)
        page.locator("#hand").press("Enter")
        expect(page.locator("#result")).to_have_attribute("data-state", "error", timeout=BOOT_MS)
        yield "with an error"

    return states


def lesson_with_exercise(page: Page, site: str):
    """A 九江 lesson whose exercise has been answered (with the lesson file's own answer) and its steps opened."""
    page.goto(f"{site}/{lesson_page(PENG_PENG_HU)}")
    exercise = page.locator("section.exercise")
    exercise.locator(".hand-input").fill(PENG_PENG_HU.exercise.answer)
    exercise.locator(".check-hand").click()
    expect(exercise.locator(".feedback")).to_have_attribute("data-verdict", "pass", timeout=BOOT_MS)
    exercise.locator(".feedback details.worked summary").click()
    yield "answered, its steps open"


def practice(page: Page, site: str):
    expected = handle({"action": "question", "rules": "gb", "kind": "points", "topic": "pure_straight", "seed": 42})
    question = open_question(page, f"{site}/practice.html#rules=gb&kind=points&topic=pure_straight&seed=42")
    yield "asking"
    page.locator("[data-answer]").fill(str(expected["answer"]))
    page.keyboard.press("Enter")
    expect(question).to_have_attribute("data-verdict", "right")
    yield "answered"


def worksheet(page: Page, site: str):
    """A sheet of every kind of question (numbers, choices, hands as choices, tiles, yes or no) with its key."""
    page.goto(f"{site}/worksheet.html#rules=jiujiang&topic=mixed&seed=7&count=9")
    expect(page.locator("[data-worksheet]")).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    yield "with its questions and key"


def outline_with_a_finished_lesson(page: Page, site: str):
    page.goto(f"{site}/{lesson_page(WITHOUT_EXERCISE)}")
    page.locator(".mark-done").click()  # a lesson without an exercise is finished by hand
    page.goto(f"{site}/lessons/index.html")
    expect(page.locator(".outline li.finished .done-mark")).to_be_visible()
    yield "with a finished lesson"


def presenter(page: Page, site: str):
    page.goto(f"{site}/calculator.html#{JIUJIANG_LINK}&present=1")
    expect(page.locator("[data-presenter] .presenter-slide")).to_be_visible(timeout=BOOT_MS)
    yield "at its first slide"


def teaching_link(page: Page, site: str):
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
    yield "from a teacher's link"


def class_set(page: Page, site: str):
    """class.html with a set: a student's question, wrong and diagnosed, and the result code; the report; the quiz."""
    page.goto(f"{site}/class.html")
    fragment = page.evaluate("""async () => (await import("./static/js/class-set.js")).encodeSet({ title: "W3",
        code: "W3", limit: 30, rules: "gb", conventions: {}, questions: [{ kind: "points", topic: "dragon_pung", seed: 12 }] })""")
    page.goto("about:blank")
    page.goto(f"{site}/class.html#{fragment}")
    page.locator("#class-name").fill("7")
    page.keyboard.press("Enter")
    host = page.locator(".class-question")
    expect(host).to_have_attribute("data-state", "asking", timeout=BOOT_MS)
    page.locator("[data-answer]").fill("999")
    page.keyboard.press("Enter")
    expect(host.locator(".diagnosis")).not_to_have_attribute("data-diagnosis", "pending", timeout=BOOT_MS)
    yield "a student's wrong answer"
    host.locator(".reveal").click()
    host.locator(".next-question").click()
    code = page.locator("[data-result-code]").get_attribute("data-result-code")
    yield "a student's result code"
    page.goto("about:blank")
    page.goto(f"{site}/class.html#{fragment}&report=1&code={code}")
    expect(page.locator("tr[data-student]")).to_have_count(1, timeout=BOOT_MS)
    yield "the teacher's report"
    page.goto("about:blank")
    page.goto(f"{site}/class.html#{fragment}&present=1&step=2")
    expect(page.locator("[data-presenter]")).to_have_attribute("data-quiz-phase", "question", timeout=BOOT_MS)
    expect(page.locator(".quiz-reveal")).to_be_visible(timeout=BOOT_MS)
    yield "a question shown to the room"
    page.keyboard.press("Enter")
    expect(page.locator("[data-presenter]")).to_have_attribute("data-quiz-phase", "answer")
    yield "its answer shown to the room"


PAGES = {
    "calculator-jiujiang": calculator(JIUJIANG_LINK),
    "calculator-gb": calculator(f"hand={GB_HAND}&rules=gb&self_drawn=1"),
    "calculator-gb98": calculator(f"hand={GB_HAND}&rules=gb98&self_drawn=1"),
    "course-outline": outline_with_a_finished_lesson,
    "lesson-with-exercise": lesson_with_exercise,
    "practice": practice,
    "worksheet": worksheet,
    "presenter": presenter,
    "show-teaching-link": teaching_link,
    "class-set": class_set,
}


@pytest.mark.parametrize("kind", list(PAGES))
def test_no_serious_or_critical_violations(page: Page, site_url: str, kind: str):
    install_axe(page.context)
    found = {}
    for state in PAGES[kind](page, site_url):
        for size in WIDTHS:
            page.set_viewport_size(size)
            violations = audit(page)
            where = f"{kind} {state} at {size['width']}×{size['height']}"
            if violations:
                print(f"\n{where}:\n{readable(violations)}")
            found[where] = failing(violations)
    if any(found.values()):
        pytest.fail(
            "\n".join(f"{where}:\n{readable(violations)}" for where, violations in found.items() if violations),
            pytrace=False,
        )


def test_every_page_the_build_writes_at_both_widths(page: Page, site_url: str, built_dist):
    """Each HTML page of dist/ as it first draws (the chosen states above go further into the pages that change)."""
    pages = sorted(p.relative_to(built_dist).as_posix() for p in built_dist.rglob("*.html"))
    assert len(pages) >= 40, pages
    install_axe(page.context)
    found = {}
    for name in pages:
        page.goto(f"{site_url}/{name}")
        page.wait_for_load_state("load")
        for size in WIDTHS:
            page.set_viewport_size(size)
            violations = audit(page)
            where = f"{name} at {size['width']}×{size['height']}"
            if violations:
                print(f"\n{where}:\n{readable(violations)}")
            if failing(violations):
                found[where] = failing(violations)
    if found:
        pytest.fail("\n".join(f"{where}:\n{readable(v)}" for where, v in found.items()), pytrace=False)
