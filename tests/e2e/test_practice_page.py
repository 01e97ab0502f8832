"""The practice page as a learner uses it: a question from a teacher's link, answered by keyboard alone; practice on
a train (one visit online, then offline: a wrong answer, then a right one, kept across reloads, the due card first);
progress exported, wiped and imported back; a damaged store set aside and reported; mastery on the outline; the
site installable. Every answer the tests give is the engine's own (suanfan.api.handle with the same seed)."""

from __future__ import annotations

import json
import re
import tempfile

from engine_boot import BOOT_MS, open_question
from networkkit import hold
from playwright.sync_api import Page, expect
from storagekit import set_aside

from suanfan.api import handle

CACHE_MS = 180_000


def question_of(rules: str, kind: str, topic: str, seed: int) -> dict:
    result = handle({"action": "question", "rules": rules, "kind": kind, "topic": topic, "seed": seed})
    assert result["ok"], result
    return result


def open_seeded_question(page: Page, site_url: str, rules: str, kind: str, topic: str, seed: int):
    return open_question(page, f"{site_url}/practice.html#rules={rules}&kind={kind}&topic={topic}&seed={seed}")


def stored_record(page: Page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('suanfan.progress')") or "null")


def focused(page: Page) -> str:
    return page.evaluate("""() => {
        const el = document.activeElement;
        if (!el || el === document.body) return "body";
        return el.closest(".palette") ? "palette" : el.matches("[data-answer]") ? "answer"
             : el.closest(".answer") ? `answer ${el.type || el.tagName}` : el.className || el.tagName;
    }""")


# ---------------------------------------------------------------- a teacher's link, answered by keyboard alone


def test_a_link_opens_exactly_that_question_and_a_number_is_answered_with_enter(page: Page, site_url: str):
    expected = question_of("gb", "points", "pure_straight", 42)
    question = open_seeded_question(page, site_url, "gb", "points", "pure_straight", 42)
    assert question.get_attribute("data-kind") == "points"
    assert question.get_attribute("data-topic") == "pure_straight"
    assert question.get_attribute("data-seed") == "42"
    assert json.loads(question.get_attribute("data-request")) == expected["question"]["request"]
    expect(question.locator(".prompt")).to_contain_text(expected["question"]["prompt"]["zh"])
    for word in expected["question"]["settings"]:
        expect(question.locator(".question-hand .chips")).to_contain_text(word["zh"])

    assert focused(page) == "answer"  # the answer box has the focus: type and press Enter
    page.keyboard.type(str(expected["answer"] + 1))
    page.keyboard.press("Enter")
    expect(question).to_have_attribute("data-verdict", "wrong")
    assert focused(page) == "retry"
    page.keyboard.press("Enter")  # try again
    expect(question).not_to_have_attribute("data-verdict", re.compile(".*"))
    assert focused(page) == "answer"
    page.keyboard.press("Control+A")
    page.keyboard.type(str(expected["answer"]))
    page.keyboard.press("Enter")
    expect(question).to_have_attribute("data-verdict", "right")
    worked = question.locator(".feedback .result-view")
    expect(worked.locator(".total-number")).to_have_text(str(expected["explanation"]["total"]))
    expect(worked.locator('tr.focus[data-fan="pure_straight"]').first).to_be_visible()  # the topic fan marked
    learn = question.locator(".feedback .learn a.to-lesson")
    expect(learn).to_have_attribute("href", re.compile(r"lessons/guobiao/fans-.*\.html#fan-pure_straight$"))
    assert focused(page) == "next-question primary"


def test_a_first_miss_links_what_teaches_it_and_a_retry_takes_back_the_wrong_choices(page: Page, site_url: str):
    """Issue 22, "Screens": the lesson or fan card is linked at the first wrong answer, before anything is revealed,
    and "Try again" unticks the choices the answer does not hold, keeping the right ones."""
    expected = question_of("gb", "fans", "pure_straight", 3)
    answer = set(expected["answer"])
    wrong = [c["key"] for c in expected["question"]["choices"] if c["key"] not in answer]
    assert answer and wrong
    question = open_seeded_question(page, site_url, "gb", "fans", "pure_straight", 3)
    keep = sorted(answer)[0]
    for key in (keep, wrong[0]):
        question.locator(f'.answer input[value="{key}"]').check()
    question.locator(".answer button[type=submit]").click()
    expect(question).to_have_attribute("data-verdict", "wrong")
    learn = question.locator(".feedback .learn-after-miss a.to-lesson")
    expect(learn).to_have_attribute("href", re.compile(r"lessons/guobiao/fans-.*\.html#fan-pure_straight$"))
    expect(question.locator(".feedback .result-view")).to_have_count(0)  # nothing revealed yet
    question.locator(".retry").click()
    expect(question.locator(f'.answer input[value="{wrong[0]}"]')).not_to_be_checked()
    expect(question.locator(f'.answer input[value="{keep}"]')).to_be_checked()


def test_a_retry_of_a_waits_question_takes_back_the_wrong_tiles(page: Page, site_url: str):
    expected = question_of("jiujiang", "waits", "ping_hu", 5)
    waits = set(expected["answer"])
    extra = next(t for t in ("1m", "9p", "E", "5s") if t not in waits)
    question = open_seeded_question(page, site_url, "jiujiang", "waits", "ping_hu", 5)
    for tile in (sorted(waits)[0], extra):
        question.locator(f'.pick[data-tile="{tile}"]').click()
    question.locator(".answer button[type=submit]").click()
    expect(question).to_have_attribute("data-verdict", "wrong")
    question.locator(".retry").click()
    expect(question.locator(f'.pick[data-tile="{extra}"]')).to_have_attribute("aria-pressed", "false")
    expect(question.locator(f'.pick[data-tile="{sorted(waits)[0]}"]')).to_have_attribute("aria-pressed", "true")


def test_on_a_phone_the_focus_leaves_the_question_and_the_verdict_in_sight(page: Page, site_url: str):
    """Focusing the answer box (or the Next button) would scroll it to the middle of the screen, past the prompt
    and hand it answers (or the verdict): the page keeps the head of each in view."""
    page.set_viewport_size({"width": 360, "height": 740})
    expected = question_of("jiujiang", "points", "peng_peng_hu", 7)
    question = open_seeded_question(page, site_url, "jiujiang", "points", "peng_peng_hu", 7)
    assert focused(page) == "answer"
    for part in ("#question-title", ".prompt", ".question-hand", ".answer [data-answer]"):
        expect(question.locator(part)).to_be_in_viewport()
    page.keyboard.type(str(expected["answer"]))
    page.keyboard.press("Enter")
    expect(question).to_have_attribute("data-verdict", "right")
    assert focused(page) == "next-question primary"
    expect(question.locator(".feedback .verdict")).to_be_in_viewport()


def test_an_answer_the_page_cannot_read_is_said_so_and_not_judged(page: Page, site_url: str):
    expected = question_of("gb", "points", "pure_straight", 42)
    question = open_seeded_question(page, site_url, "gb", "points", "pure_straight", 42)
    problem = question.locator(".answer-problem")
    for unreadable in ("", "2.5", "-1"):
        question.locator("[data-answer]").fill(unreadable)
        page.keyboard.press("Enter")
        expect(problem).to_be_visible()
        expect(problem).to_have_text("请填一个整数(0 或更大)。 Type a whole number, 0 or more.", use_inner_text=True)
        expect(question).not_to_have_attribute("data-verdict", re.compile(".*"))
    assert stored_record(page) is None or stored_record(page)["reviews"] == []  # nothing counted against it
    page.keyboard.press("Control+A")
    page.keyboard.type(f"{expected['answer']}e0")  # the browser reads the box: the same number
    page.keyboard.press("Enter")
    expect(question).to_have_attribute("data-verdict", "right")
    expect(problem).to_be_hidden()


def test_choices_and_tiles_are_answered_by_keyboard(page: Page, site_url: str):
    fans = question_of("gb98", "fans", "series_honors", 5)
    question = open_seeded_question(page, site_url, "gb98", "fans", "series_honors", 5)
    boxes = question.locator("input[name=choice]")
    for index, choice in enumerate(fans["question"]["choices"]):
        if choice["key"] in fans["answer"]:
            boxes.nth(index).focus()
            page.keyboard.press("Space")
    page.keyboard.press("Enter")  # Enter in the form sends the answer
    expect(question).to_have_attribute("data-verdict", "right")
    verdicts = question.locator(".choice-verdicts li")
    expect(verdicts).to_have_count(len([c for c in fans["question"]["choices"] if "verdict" in c]))

    waits = question_of("jiujiang", "waits", "qi_dui", 11)
    question = open_seeded_question(page, site_url, "jiujiang", "waits", "qi_dui", 11)
    assert focused(page) == "palette"  # the question starts in the palette
    tiles = question.locator(".tile-chooser .pick")
    order = [tiles.nth(i).get_attribute("data-tile") for i in range(tiles.count())]
    position = 0
    for tile in sorted(waits["answer"], key=order.index):
        target = order.index(tile)
        row, column = divmod(target, 9)
        here_row, here_column = divmod(position, 9)
        for _ in range(abs(row - here_row)):
            page.keyboard.press("ArrowDown" if row > here_row else "ArrowUp")
        for _ in range(abs(column - here_column)):
            page.keyboard.press("ArrowRight" if column > here_column else "ArrowLeft")
        position = target
        page.keyboard.press("Enter")
        assert focused(page) == "palette"
    chosen = question.locator('.tile-chooser .pick[aria-pressed="true"]')
    expect(chosen).to_have_count(len(waits["answer"]))
    page.keyboard.press("Tab")  # out of the palette, onto the answer button
    page.keyboard.press("Enter")
    expect(question).to_have_attribute("data-verdict", "right")


# ---------------------------------------------------------------- on a train: offline, kept across reloads


def test_practice_offline_wrong_then_right_then_the_due_card_first(page: Page, site_url: str):
    open_question(page, f"{site_url}/practice.html#rules=jiujiang&topic=peng_peng_hu&kind=points")
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=CACHE_MS)

    page.context.set_offline(True)
    page.reload()
    question = page.locator("#question")
    expect(question).to_have_attribute("data-state", "asking", timeout=BOOT_MS)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    kind, topic, seed = (question.get_attribute(f"data-{k}") for k in ("kind", "topic", "seed"))
    assert (kind, topic) == ("points", "peng_peng_hu")
    answer = question_of("jiujiang", kind, topic, int(seed))["answer"]
    page.locator("[data-answer]").fill(str(answer + 3))
    page.keyboard.press("Enter")
    expect(question).to_have_attribute("data-verdict", "wrong")
    page.locator(".retry").click()
    page.locator("[data-answer]").fill(str(answer))
    page.keyboard.press("Enter")
    expect(question).to_have_attribute("data-verdict", "right")

    record = stored_record(page)
    assert [(r["card"], r["rating"], r["seed"]) for r in record["reviews"]] == [
        ("jiujiang|points|peng_peng_hu", 1, int(seed))
    ]  # the first answer counts: again

    # Ten minutes later (the record's clock moved back), offline still: the card answered wrong is due, first.
    page.evaluate("""() => {
        const record = JSON.parse(localStorage.getItem('suanfan.progress'));
        for (const review of record.reviews) review.at -= 10 * 60 * 1000;
        localStorage.setItem('suanfan.progress', JSON.stringify(record));
    }""")
    page.goto(f"{site_url}/practice.html")
    expect(question).to_have_attribute("data-state", "asking", timeout=BOOT_MS)
    assert (question.get_attribute("data-kind"), question.get_attribute("data-topic")) == ("points", "peng_peng_hu")
    expect(question.locator(".why-due")).to_be_visible()
    expect(page.locator("#progress-summary")).to_contain_text("已答 1 次")


# ---------------------------------------------------------------- the record: export, import, damage


def test_export_clear_and_import_find_the_progress_back(page: Page, site_url: str, tmp_path):
    expected = question_of("gb", "declare", "seven_pairs", 3)
    question = open_seeded_question(page, site_url, "gb", "declare", "seven_pairs", 3)
    question.locator(f'.yes-no button[value="{"true" if expected["answer"] else "false"}"]').click()
    expect(question).to_have_attribute("data-verdict", "right")
    before = stored_record(page)
    assert len(before["reviews"]) == 1

    with page.expect_download() as download:
        page.locator("#export-progress").click()
    saved = tmp_path / "progress.json"
    download.value.save_as(saved)
    assert json.loads(saved.read_text(encoding="utf-8"))["reviews"] == before["reviews"]

    page.evaluate("localStorage.clear()")
    page.reload()
    expect(page.locator("#progress-summary")).to_contain_text("已答 0 次")
    page.locator("#import-progress").set_input_files(str(saved))
    expect(page.locator("#import-status")).to_have_attribute("data-outcome", "merged")
    expect(page.locator("#import-status")).to_contain_text("新增 1 条")
    expect(page.locator("#progress-summary")).to_contain_text("已答 1 次")
    assert stored_record(page)["reviews"] == before["reviews"]

    # A file that is not a progress file changes nothing and says why.
    (tmp_path / "other.json").write_text('{"something": "else"}', encoding="utf-8")
    page.locator("#import-progress").set_input_files(str(tmp_path / "other.json"))
    expect(page.locator("#import-status")).to_have_attribute("data-outcome", "refused")
    assert stored_record(page)["reviews"] == before["reviews"]


def test_the_import_button_is_the_pages_own_and_opens_by_keyboard(page: Page, site_url: str, tmp_path):
    """The browser draws a file input in its own language ("Choose File · No file chosen"): the input is hidden,
    the bilingual label is the button, and the keyboard's focus shows on it. The first question, which comes
    when the engine is ready, does not take the focus away from it."""
    # Listened for from the start: Playwright turns on the browser's file-chooser interception when the first
    # listener comes, and a key pressed before that command has landed opens no chooser it can see.
    choosers = []
    page.on("filechooser", lambda chooser: choosers.append(chooser))
    release_runtime = hold(page)
    page.goto(f"{site_url}/practice.html")
    file_input = page.locator("#import-progress")
    expect(file_input).to_have_accessible_name("导入进度 Import progress")
    assert file_input.evaluate("(el) => el.getBoundingClientRect().width") <= 1
    page.locator("#export-progress").focus()
    page.keyboard.press("Tab")
    expect(file_input).to_be_focused()
    assert page.locator("label.file-button").evaluate("(el) => getComputedStyle(el).outlineStyle") == "solid"
    release_runtime()
    expect(page.locator("#question")).to_have_attribute("data-state", "asking", timeout=BOOT_MS)
    expect(file_input).to_be_focused()
    (tmp_path / "other.json").write_text('{"something": "else"}', encoding="utf-8")
    page.keyboard.press("Space")
    for _ in range(100):
        if choosers:
            break
        page.wait_for_timeout(100)
    assert len(choosers) == 1, "Space on the import button opened no file chooser"
    choosers[0].set_files(str(tmp_path / "other.json"))
    expect(page.locator("#import-status")).to_have_attribute("data-outcome", "refused")


def test_a_damaged_store_is_set_aside_and_reported(page: Page, site_url: str):
    page.goto(f"{site_url}/practice.html")
    damaged = '{"schema":"suanfan-progress","version":2,"reviews":[{"card":'
    page.evaluate("(text) => localStorage.setItem('suanfan.progress', text)", damaged)
    page.reload()
    problem = page.locator("#progress-problem")
    expect(problem).to_be_visible()
    expect(problem).to_contain_text("不是完整的 JSON")
    expect(problem).to_contain_text("not complete JSON")
    assert set_aside(page, "suanfan.progress") == [damaged]
    expect(page.locator("#question")).to_have_attribute("data-state", "asking", timeout=BOOT_MS)  # practice goes on


# ---------------------------------------------------------------- the way in, and mastery


def test_practise_this_from_a_fan_card_and_mastery_on_the_outline(page: Page, site_url: str):
    page.goto(f"{site_url}/lessons/guobiao/fans-honors.html")
    card = page.locator("#fan-big_three_dragons")
    card.locator(".practise-link").click()
    expect(page).to_have_url(
        re.compile(r"/practice\.html#rules=gb&kind=\w+&topic=big_three_dragons&seed=\d+$"), timeout=BOOT_MS
    )
    expect(page.locator("#question")).to_have_attribute("data-topic", "big_three_dragons", timeout=BOOT_MS)

    question = open_seeded_question(page, site_url, "jiujiang", "points", "ping_hu", 1)
    page.locator("[data-answer]").fill(str(question_of("jiujiang", "points", "ping_hu", 1)["answer"]))
    page.keyboard.press("Enter")
    expect(question).to_have_attribute("data-verdict", "right")
    page.goto(f"{site_url}/lessons/index.html")
    mark = page.locator('#course-jiujiang [data-mastery-topic="ping_hu"]')
    expect(mark).to_be_visible()
    # one right answer: attempted, the first of the levels (learner.js), never a percentage that reads 100%
    expect(mark).to_have_attribute("data-level", "attempted")
    expect(mark.locator("meter")).to_have_attribute("aria-label", "试过 attempted")
    expect(page.locator('#course-jiujiang [data-mastery-topic="qi_dui"]')).to_be_hidden()  # never practised


def test_the_site_can_be_installed(playwright, browser_type_launch_args, site_url: str):
    """Chromium's own installability check (a persistent profile: an incognito one is never installable)."""
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(profile, **browser_type_launch_args)
        try:
            page = context.new_page()
            page.goto(f"{site_url}/practice.html")
            manifest = context.new_cdp_session(page).send("Page.getAppManifest")
            assert manifest["errors"] == [], manifest["errors"]
            assert json.loads(manifest["data"])["display"] == "standalone"
            errors = context.new_cdp_session(page).send("Page.getInstallabilityErrors")["installabilityErrors"]
            assert errors == [], errors
        finally:
            context.close()
