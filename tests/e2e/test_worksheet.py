"""The worksheet (worksheet.html) as a teacher prints it: every question and every answer is the engine's own
(suanfan.api.handle with the same seed and conventions), the sheet printed to an A4 PDF by Chromium and read back with
pdftotext (poppler-utils) holds every question's hand and every answer of the key, the key on its own last page(s),
no question split across a page; the same seed prints the same sheet; the sheet is reached from practice, a lesson
and the calculator's lesson maker, and works at a phone's width by keyboard alone."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import parse_qsl, unquote

import pytest
from engine_boot import BOOT_MS, open_question, open_with_engine
from playwright.sync_api import Page, expect

from suanfan.api import handle

A4_HEIGHT_MM, MARGIN_MM = 297, 12  # worksheet.css's @page
PX_PER_MM = 96 / 25.4


def describe(rules: str) -> dict:
    return handle({"action": "describe", "rules": rules})


def expected_sheet(
    rules: str,
    seed: int,
    count: int,
    topic: str | None = None,
    kind: str | None = None,
    conventions: dict | None = None,
) -> list[dict]:
    """The sheet the URL contract names, from the engine: question i has seed N + i and card (N + i) mod len(cards),
    the cards being the rule set's (topic, kind) pairs in course order that the address allows."""
    practice = describe(rules)["practice"]
    cards = [
        (t["key"], k) for t in practice["topics"] if topic in (None, t["key"]) for k in t["kinds"] if kind in (None, k)
    ]
    sheet = []
    for i in range(count):
        card_topic, card_kind = cards[(seed + i) % len(cards)]
        result = handle(
            {
                "action": "question",
                "rules": rules,
                "kind": card_kind,
                "topic": card_topic,
                "seed": seed + i,
                **(conventions or {}),
            }
        )
        assert result["ok"], result
        sheet.append(result)
    return sheet


def open_sheet(page: Page, site_url: str, fragment: str):
    open_with_engine(page, f"{site_url}/worksheet.html#{fragment}")
    sheet = page.locator("[data-worksheet]")
    expect(sheet).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    return sheet


def shown_questions(page: Page) -> list[dict]:
    return page.locator("[data-worksheet] [data-kind][data-request]").evaluate_all(
        "els => els.map(e => ({kind: e.dataset.kind, topic: e.dataset.topic, seed: Number(e.dataset.seed),"
        " request: JSON.parse(e.dataset.request), answer: JSON.parse(e.dataset.answer)}))"
    )


def assert_sheet_is_the_engines(page: Page, expected: list[dict]):
    shown = shown_questions(page)
    assert len(shown) == len(expected)
    for i, (got, want) in enumerate(zip(shown, expected)):
        q = want["question"]
        assert (got["kind"], got["topic"], got["seed"]) == (q["kind"], q["topic"], q["seed"]), i
        assert got["request"] == q["request"], i
        assert got["answer"] == want["answer"], i
    keys = page.locator(".answer-key li.key-entry").evaluate_all("els => els.map(e => JSON.parse(e.dataset.answer))")
    assert keys == [want["answer"] for want in expected]


# ---------------------------------------------------------------- the PDF


def pdf_pages(page: Page, tmp_path: Path) -> list[str]:
    """The sheet printed by Chromium on A4, read back page by page (pdftotext -layout; pages end with a form feed)."""
    if not shutil.which("pdftotext"):
        pytest.fail("pdftotext is missing: apt-get install poppler-utils (.ci/run installs it)", pytrace=False)
    pdf = tmp_path / "sheet.pdf"
    page.pdf(path=str(pdf), format="A4", prefer_css_page_size=True)
    text = subprocess.run(
        ["pdftotext", "-layout", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    # tiles sharp on paper: drawn as vectors, so the PDF holds no picture at all (pdfimages lists none)
    images = subprocess.run(["pdfimages", "-list", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert len(images.strip().splitlines()) == 2, f"raster images in the printed sheet:\n{images}"
    return [p for p in text.split("\f") if p.strip()]


def hands_of(result: dict) -> list[str]:
    """The hands a question prints: its own, or (a hand-of-fan question) every choice's."""
    q = result["question"]
    if q.get("direction") == "hand_of_fan":
        return [c["request"]["hand"] for c in q["choices"]]
    return [q["request"]["hand"]]


def answer_words(result: dict) -> list[str]:
    """What the key must say for a question, in English (pdftotext reads it whatever fonts the machine has)."""
    q, answer = result["question"], result["answer"]
    kind = q["answer_type"]
    if kind == "number":
        return [str(answer)]
    if kind == "boolean":
        return ["yes" if answer else "no"]
    if kind == "tiles":
        return [" ".join(answer)]
    choices = {c["key"]: c for c in q["choices"]}
    return [
        key if choices[key]["type"] == "hand" else choices[key]["en"] for key in ([answer] if kind == "key" else answer)
    ]


def squashed(text: str) -> str:
    return " ".join(text.split())


def key_entries(key_text: str, count: int) -> dict[int, str]:
    """The key's text cut at each entry's number ("3." at the start of a line)."""
    starts = [
        (int(m.group(1)), m.start())
        for m in re.finditer(r"^\s*(\d+)\.\s", key_text, re.MULTILINE)
        if 1 <= int(m.group(1)) <= count
    ]
    numbers = [n for n, _ in starts]
    assert numbers == list(range(1, count + 1)), numbers
    bounds = [at for _, at in starts] + [len(key_text)]
    return {n: squashed(key_text[bounds[i] : bounds[i + 1]]) for i, n in enumerate(numbers)}


def check_printed(pages: list[str], expected: list[dict]):
    key_start = next(i for i, text in enumerate(pages) if "Answer key" in text)
    questions, key = pages[:key_start], pages[key_start:]
    assert questions, "the key shares the first page with the questions"
    count = len(expected)
    heading = lambda n: re.compile(rf"Question {n}\b")  # noqa: E731
    for text in key:
        assert not any(heading(n).search(text) for n in range(1, count + 1)), "a question on a key page"
        assert not any(hand in text for result in expected for hand in hands_of(result)), "a hand on a key page"
    for n, result in enumerate(expected, 1):
        on = [i for i, text in enumerate(questions) if heading(n).search(text)]
        assert len(on) == 1, f"question {n} heading on pages {on}"
        for hand in hands_of(result):
            # the hand (its notation, printed under its tiles) is on the page its heading is on: not cut across pages
            assert hand in questions[on[0]], (n, hand)
    entries = key_entries("\n".join(key), count)
    for n, result in enumerate(expected, 1):
        for words in answer_words(result):
            assert squashed(words) in entries[n], (n, words, entries[n])


# ---------------------------------------------------------------- the tests


def test_a_sheet_on_one_topic_and_kind_is_the_engines_and_prints_with_its_key_last(page: Page, site_url: str, tmp_path):
    open_sheet(page, site_url, "rules=gb&kind=fans&topic=pure_straight&seed=40&count=4")
    expected = expected_sheet("gb", 40, 4, topic="pure_straight", kind="fans")
    assert_sheet_is_the_engines(page, expected)
    check_printed(pdf_pages(page, tmp_path), expected)


def test_a_class_set_prints_as_its_own_questions_with_their_key(page: Page, site_url: str, tmp_path):
    questions = [
        {"kind": "points", "topic": "ping_hu", "seed": 41},
        {"kind": "pay", "topic": "who_pays", "seed": 7},
        {"kind": "fans", "deal": {"hand": "[5555p1]222m777s99sEE9s", "self_drawn": True}, "seed": 3},
    ]
    the_set = {
        "title": "周五 Friday",
        "code": "F5",
        "limit": 0,
        "rules": "jiujiang",
        "conventions": {"table": {"base": 2}},
        "questions": questions,
    }
    page.goto(f"{site_url}/worksheet.html")
    fragment = page.evaluate("async (s) => (await import('./static/js/class-set.js')).encodeSet(s)", the_set)
    page.goto("about:blank")
    open_sheet(page, site_url, fragment)
    expected = []
    for q in questions:
        result = handle({"action": "question", "rules": "jiujiang", **q, "table": {"base": 2}})
        assert result["ok"], result
        expected.append(result)
    assert_sheet_is_the_engines(page, expected)
    expect(page.locator("#sheet-agreement")).to_contain_text("class set F5")
    check_printed(pdf_pages(page, tmp_path), expected)


def test_every_kind_in_turn_at_a_tables_conventions(page: Page, site_url: str, tmp_path):
    """No kind: the topic's kinds in turn, from the seed; the table's conventions in every request and on the first line."""
    open_sheet(page, site_url, "rules=jiujiang&topic=mixed&seed=7&count=9&table.base=2")
    expected = expected_sheet("jiujiang", 7, 9, topic="mixed", conventions={"table": {"base": 2}})
    assert (
        len({r["question"]["kind"] for r in expected}) == 7
    )  # every kind of the topic: numbers, choices, tiles, yes/no
    assert_sheet_is_the_engines(page, expected)
    pages = pdf_pages(page, tmp_path)
    check_printed(pages, expected)
    first_line = next(line for line in pages[0].splitlines() if line.strip())
    base = next(f for f in describe("jiujiang")["fields"] if f["key"] == "table.base")
    assert "Jiujiang" in first_line and base["label"]["en"] in first_line and "2" in first_line, first_line


def test_no_question_is_taller_than_a_page_in_print(page: Page, site_url: str):
    """break-inside: avoid can keep a question whole only if it fits: each is shorter than A4's printable height."""
    page.set_viewport_size({"width": round((210 - 2 * MARGIN_MM) * PX_PER_MM), "height": 1000})
    open_sheet(page, site_url, "rules=gb&topic=mixed&seed=3&count=7")
    page.emulate_media(media="print")
    heights = page.locator(".sheet-question, .key-entry").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().height)"
    )
    assert heights and max(heights) < (A4_HEIGHT_MM - 2 * MARGIN_MM) * PX_PER_MM, heights
    assert page.locator(".answer-key").evaluate("e => getComputedStyle(e).breakBefore") == "page"
    assert page.locator(".sheet-question").first.evaluate("e => getComputedStyle(e).breakInside") == "avoid"
    assert page.locator(".worksheet-screen").evaluate("e => getComputedStyle(e).display") == "none"


def test_the_same_seed_prints_the_same_sheet_and_a_sheet_without_one_is_given_one(page: Page, site_url: str):
    open_sheet(page, site_url, "rules=gb&seed=123&count=5")
    first = shown_questions(page)
    assert first == [
        {
            "kind": r["question"]["kind"],
            "topic": r["question"]["topic"],
            "seed": r["question"]["seed"],
            "request": r["question"]["request"],
            "answer": r["answer"],
        }
        for r in expected_sheet("gb", 123, 5)
    ]
    page.reload()
    expect(page.locator("[data-worksheet]")).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    assert shown_questions(page) == first
    open_sheet(page, site_url, "rules=jiujiang&topic=qi_dui&count=3")
    fields = dict(parse_qsl(unquote(page.evaluate("location.hash")).lstrip("#")))
    assert fields["seed"].isdigit() and fields["topic"] == "qi_dui" and fields["count"] == "3"
    chosen = shown_questions(page)
    assert [q["seed"] for q in chosen] == [int(fields["seed"]) + i for i in range(3)]
    page.reload()
    expect(page.locator("[data-worksheet]")).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    assert shown_questions(page) == chosen


def test_the_sheet_prints_in_the_language_the_site_is_set_to(page: Page, site_url: str, tmp_path):
    page.goto(f"{site_url}/worksheet.html?lang=en#rules=gb&topic=pure_straight&seed=9&count=2")
    expect(page.locator("[data-worksheet]")).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    text = "\n".join(pdf_pages(page, tmp_path))
    assert "Question 2" in text and "Answer key" in text and "Rules:" in text
    assert "第 2 题" not in text and "答案" not in text and "规则:" not in text


def test_a_link_the_sheet_cannot_print_is_said(page: Page, site_url: str):
    page.goto(f"{site_url}/worksheet.html#rules=gb&count=400")
    expect(page.locator("[data-worksheet]")).to_have_attribute("data-state", "error", timeout=BOOT_MS)
    expect(page.locator("#worksheet-problem")).to_contain_text("400")
    assert page.locator("[data-worksheet] [data-request]").count() == 0


def test_at_a_phones_width_by_keyboard_alone(page: Page, site_url: str):
    page.set_viewport_size({"width": 360, "height": 740})
    open_sheet(page, site_url, "rules=jiujiang&topic=ping_hu&seed=5&count=3")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
    before = shown_questions(page)
    for _ in range(40):  # from the top of the page, Tab until "Another sheet"
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "worksheet-another":
            break
    else:
        pytest.fail("“Another sheet” is not reached by Tab")
    page.keyboard.press("Enter")
    expect(page.locator("[data-worksheet]")).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    page.wait_for_function(
        "([a]) => document.querySelector('[data-worksheet]').dataset.seed !== a", arg=[str(before[0]["seed"])]
    )
    expect(page.locator("[data-worksheet]")).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    after = shown_questions(page)
    assert len(after) == 3 and after != before and {q["topic"] for q in after} == {"ping_hu"}
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360


def test_practice_a_lesson_and_the_lesson_maker_link_to_it(page: Page, site_url: str):
    open_question(
        page, f"{site_url}/practice.html#rules=gb&kind=fans&topic=pure_straight&seed=1&variants.two_concealed_kongs=8"
    )
    href = page.locator("#worksheet-link").get_attribute("href")
    assert dict(parse_qsl(unquote(href.split("#", 1)[1]))) == {
        "rules": "gb",
        "kind": "fans",
        "topic": "pure_straight",
        "variants.two_concealed_kongs": "8",
    }

    page.goto(f"{site_url}/lessons/jiujiang/02-peng-peng-hu.html")
    page.locator("a.worksheet-link").click()
    expect(page.locator("[data-worksheet]")).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    assert {q["topic"] for q in shown_questions(page)} == {"peng_peng_hu"}

    page.goto(f"{site_url}/calculator.html#hand=123m456p789s11s22s3s&rules=gb98")
    page.locator("#lesson-maker summary").click()
    # the panel's toggle event (a task after the click) writes the link
    expect(page.locator("#maker-worksheet")).to_have_attribute("href", re.compile(r"^worksheet\.html#rules=gb98"))
