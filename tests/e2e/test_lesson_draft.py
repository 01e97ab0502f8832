"""The lesson maker's draft (the calculator's "your own worked examples" panel) in the browser's real localStorage,
kept the house way (store.js): a draft the page cannot read is set aside unchanged and reported, never overwritten;
with the storage really full, a hand that cannot be stored is reported and not shown as kept, what the teacher typed
stays in the boxes, and nothing stored before is lost."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from engine_boot import BOOT_MS
from playwright.sync_api import Page, expect
from storagekit import fill_storage, free_storage, set_aside

KEY = "suanfan.lesson-draft"
EXAMPLE_1_LINK = f"hand={quote('[5555p1]222m777s99sEE9s', safe='')}&rules=jiujiang&self_drawn=1&dealer=1"
EXAMPLE_2_LINK = "hand=1199m2288p55s77sEE&rules=jiujiang&kong=1"


def open_maker(page: Page):
    maker = page.locator("#lesson-maker")
    if maker.get_attribute("open") is None:
        maker.locator("summary").click()
    return maker


def add_hand(page: Page, link: str, title: str, note: str) -> None:
    page.evaluate("(h) => { location.hash = h; }", link)
    expect(page.locator("#result")).to_have_attribute("data-state", "done", timeout=BOOT_MS)
    maker = open_maker(page)
    maker.locator("#maker-hand-title").fill(title)
    maker.locator("#maker-hand-note").fill(note)
    maker.locator("#maker-add").click()


def stored_draft(page: Page) -> dict | None:
    text = page.evaluate("(key) => localStorage.getItem(key)", KEY)
    return None if text is None else json.loads(text)


@pytest.mark.parametrize(
    "stored",
    [
        pytest.param('{"version":1,"title":"期中","items":[{"request":{"hand":"123m', id="truncated-json"),
        pytest.param('{"version":2,"title":"new","items":[]}', id="a-newer-version"),
        pytest.param(
            '{"version":1,"title":"x","items":[{"title":"no request","note":""}]}', id="an-item-without-a-hand"
        ),
        pytest.param('["123m456p789s11zEEE"]', id="a-list"),
    ],
)
def test_an_unreadable_draft_is_kept_aside_and_reported(page: Page, site_url: str, stored: str):
    # Stored from a page without the lesson maker: on the calculator itself, its maker (loaded when the page is
    # idle) could read the draft before the reload and set it aside a first time.
    page.goto(f"{site_url}/index.html")
    page.evaluate("([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); }", [KEY, stored])
    page.goto(f"{site_url}/calculator.html")
    maker = open_maker(page)
    problem = maker.locator("#maker-problem")
    expect(problem).to_be_visible()
    expect(problem.locator(".zh")).to_contain_text("讲解草稿")
    expect(problem.locator(".en")).to_contain_text(f"{KEY}.set-aside.")
    expect(maker.locator(".maker-item")).to_have_count(0)
    assert set_aside(page, KEY) == [stored]
    # Opened again before anything was saved: reported again, not copied again.
    page.reload()
    expect(open_maker(page).locator("#maker-problem")).to_be_visible()
    assert set_aside(page, KEY) == [stored]

    # A new draft is kept beside it; the old text is still there as it was.
    add_hand(page, EXAMPLE_1_LINK, "案例一", "自摸")
    expect(maker.locator(".maker-item")).to_have_count(1)
    assert [item["title"] for item in stored_draft(page)["items"]] == ["案例一"]
    assert set_aside(page, KEY) == [stored]


def test_a_hand_added_with_the_storage_full_is_reported_and_nothing_is_lost(page: Page, site_url: str):
    page.goto(f"{site_url}/calculator.html")
    page.evaluate("localStorage.clear()")
    page.reload()
    add_hand(page, EXAMPLE_1_LINK, "案例一", "自摸")
    maker = open_maker(page)
    expect(maker.locator(".maker-item")).to_have_count(1)
    kept = stored_draft(page)

    assert fill_storage(page) > 0
    add_hand(page, EXAMPLE_2_LINK, "案例二", "杠上开花")
    problem = maker.locator("#maker-problem")
    expect(problem).to_be_visible()
    expect(problem).to_contain_text("没能存下")
    expect(problem).to_contain_text("could not be saved")
    expect(maker.locator(".maker-item")).to_have_count(1)  # not shown as kept
    expect(maker.locator("#maker-hand-title")).to_have_value("案例二")  # what was typed is still there
    expect(maker.locator("#maker-hand-note")).to_have_value("杠上开花")
    maker.locator("#maker-add").click()  # tried again: said once, not twice
    expect(problem.locator(".problem-line")).to_have_count(1)
    assert stored_draft(page) == kept

    page.reload()  # and a reload agrees with what was shown
    maker = open_maker(page)
    expect(maker.locator(".maker-item")).to_have_count(1)
    expect(maker.locator(".maker-item").first).to_contain_text("案例一")
    problem = maker.locator("#maker-problem")
    expect(problem).to_be_hidden()

    lesson_title = "第一课:" + "自摸与杠上开花" * 10  # a lesson title that cannot be stored:
    maker.locator("#maker-lesson-title").fill(lesson_title)
    expect(problem).to_contain_text("could not be saved")  # reported, and left in its box
    expect(maker.locator("#maker-lesson-title")).to_have_value(lesson_title)
    assert stored_draft(page) == kept

    free_storage(page)  # with room again, the hand is kept
    add_hand(page, EXAMPLE_2_LINK, "案例二", "杠上开花")
    expect(maker.locator(".maker-item")).to_have_count(2)
    page.reload()
    expect(open_maker(page).locator(".maker-item")).to_have_count(2)
    assert [item["title"] for item in stored_draft(page)["items"]] == ["案例一", "案例二"]


def test_a_thirteenth_hand_names_the_twelve_hand_limit(page: Page, site_url: str):
    page.goto(f"{site_url}/calculator.html")
    items = [
        {"request": {"rules": "jiujiang", "hand": "111m555p777s999sEE"}, "title": f"{n}", "note": ""} for n in range(12)
    ]
    page.evaluate(
        "([key, text]) => localStorage.setItem(key, text)",
        [KEY, json.dumps({"version": 1, "title": "", "items": items})],
    )
    page.reload()
    add_hand(page, EXAMPLE_2_LINK, "13", "")
    status = open_maker(page).locator("#maker-status")
    expect(status).to_contain_text("at most 12 hands")
    expect(status).not_to_contain_text("Score a hand above first")
    assert len(stored_draft(page)["items"]) == 12


def test_two_tabs_of_the_lesson_maker_keep_every_hand(page: Page, site_url: str):
    """Tab A adds a hand, tab B opens, A adds a second, B adds one: all three are kept, and each tab shows them."""
    page.goto(f"{site_url}/calculator.html")
    page.evaluate("localStorage.clear()")
    page.reload()
    add_hand(page, EXAMPLE_1_LINK, "A1", "")
    other = page.context.new_page()
    other.goto(f"{site_url}/calculator.html")
    expect(open_maker(other).locator(".maker-item")).to_have_count(1)
    add_hand(page, EXAMPLE_2_LINK, "A2", "")
    expect(open_maker(other).locator(".maker-item")).to_have_count(2)  # told by the storage event
    add_hand(other, EXAMPLE_1_LINK, "B1", "")
    expect(open_maker(other).locator(".maker-item")).to_have_count(3)
    # Another tab's write reaches this tab's localStorage a moment later (tabs are separate processes), as the
    # storage event does: wait for that event's drawing before reading the storage from this tab.
    expect(open_maker(page).locator(".maker-item")).to_have_count(3)
    assert [item["title"] for item in stored_draft(page)["items"]] == ["A1", "A2", "B1"]
    assert [item["title"] for item in stored_draft(other)["items"]] == ["A1", "A2", "B1"]
    other.close()
