"""What the browser keeps (real localStorage in Chromium): progress in a form the page does not recognise is set aside
unchanged and reported, never overwritten; with the storage really full, a finished lesson or a presenter setting
that cannot be written is reported, and the page never shows as kept what a reload would lose."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from engine_boot import BOOT_MS
from playwright.sync_api import Page, expect
from storagekit import fill_storage, free_storage, set_aside

LESSON = "lessons/jiujiang/02-peng-peng-hu.html"
LESSON_KEY = "jiujiang/02-peng-peng-hu"
ANSWER = "[555p]111m777999sEE"
EXAMPLE_1 = "[5555p1]222m777s99sEE9s"


def solve_the_exercise(page: Page):
    exercise = page.locator("section.exercise")
    exercise.get_by_role("textbox", name="记谱 Notation").fill(ANSWER)
    exercise.locator(".check-hand").click()
    feedback = exercise.locator(".feedback")
    expect(feedback).to_have_attribute("data-verdict", "pass", timeout=BOOT_MS)
    return feedback


@pytest.mark.parametrize(
    "stored",
    [
        pytest.param('{"schema":"suanfan-progress","version":2,"reviews":[{"ca', id="truncated-json"),
        pytest.param('{"lessons":["jiujiang/01-ping-hu"]}', id="an-object"),
        pytest.param('"finished everything"', id="a-string"),
    ],
)
def test_unrecognised_progress_is_kept_aside_and_reported(page: Page, site_url: str, stored: str):
    page.goto(f"{site_url}/{LESSON}")
    page.evaluate("(text) => localStorage.setItem('suanfan.progress', text)", stored)
    page.reload()
    problem = page.locator("article.lesson [data-progress-problem]")
    expect(problem).to_be_visible()
    expect(problem.locator(".zh")).not_to_be_empty()
    expect(problem.locator(".en")).to_contain_text("suanfan.progress.set-aside.")
    assert set_aside(page, "suanfan.progress") == [stored]

    solve_the_exercise(page)  # new progress is recorded beside it; the old text is still there as it was
    expect(page.locator("article.lesson")).to_have_attribute("data-finished", "1")
    assert set_aside(page, "suanfan.progress") == [stored]
    assert LESSON_KEY in json.loads(page.evaluate("localStorage.getItem('suanfan.progress')"))["finished"]


def test_a_lesson_finished_with_the_storage_full_is_reported_not_shown_as_kept(page: Page, site_url: str):
    page.goto(f"{site_url}/{LESSON}")
    page.evaluate("localStorage.clear()")
    page.reload()
    assert fill_storage(page) > 0
    feedback = solve_the_exercise(page)
    lesson = page.locator("article.lesson")
    expect(lesson).to_have_attribute("data-finished", "0")  # not "finished" now and lost on reload
    expect(lesson.locator(".done-flag")).to_be_hidden()
    problem = lesson.locator("[data-progress-problem]")
    expect(problem).to_be_visible()
    expect(problem).to_contain_text("没能记为学完")
    expect(problem).to_contain_text("could not be recorded as finished")
    expect(feedback.locator(".verdict")).to_contain_text("could not record")

    page.reload()  # and a reload agrees with what was shown
    expect(page.locator("article.lesson")).to_have_attribute("data-finished", "0")

    free_storage(page)
    page.reload()
    solve_the_exercise(page)  # with room again, it is kept
    expect(page.locator("article.lesson")).to_have_attribute("data-finished", "1")
    page.reload()
    expect(page.locator("article.lesson")).to_have_attribute("data-finished", "1")


def test_a_presenter_setting_that_cannot_be_stored_is_reported(page: Page, site_url: str):
    link = f"hand={quote(EXAMPLE_1, safe='')}&rules=jiujiang&self_drawn=1&present=1"
    page.goto(f"{site_url}/calculator.html#{link}")
    presenter = page.locator("[data-presenter]")
    expect(presenter).to_be_visible(timeout=BOOT_MS)
    # The stored language (one setting for the site) is removed first: a shorter value over it would still fit.
    page.evaluate("localStorage.removeItem('suanfan.lang')")
    fill_storage(page)
    presenter.locator(".presenter-lang[data-lang='en']").click()
    expect(presenter).to_have_attribute("data-lang", "en")  # it holds for this page
    problem = presenter.locator(".presenter-problem")
    expect(problem).to_be_visible()
    expect(problem).to_contain_text("could not store it")
