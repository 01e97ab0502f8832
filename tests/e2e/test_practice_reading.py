"""Hand-reading practice in the browser (issue 20): a `discard` question answered wrong then right offline, at a
phone's size and by keyboard, its choices the tiles themselves and its explanation the whole table of discards;
a `useful` question answered with the tile palette. Every answer is the engine's own (same seed in CPython)."""

from __future__ import annotations

import pytest
from engine_boot import BOOT_MS, open_question
from playwright.sync_api import Page, expect

from suanfan.api import handle

CACHE_MS = 180_000


def question_of(rules: str, kind: str, seed: int) -> dict:
    result = handle({"action": "question", "rules": rules, "kind": kind, "topic": "hand_reading", "seed": seed})
    assert result["ok"], result
    return result


def value_puzzle_seed(rules: str) -> int:
    """The first seed whose discard question is asked under the value goal (the one that teaches most)."""
    return next(
        seed for seed in range(200) if question_of(rules, "discard", seed)["question"]["asks"]["goal"] == "value"
    )


@pytest.mark.parametrize("rules", ["gb", "jiujiang"])
def test_a_discard_question_answered_wrong_then_right_offline(page: Page, site_url: str, rules: str):
    page.set_viewport_size({"width": 360, "height": 740})
    seed = value_puzzle_seed(rules)
    result = question_of(rules, "discard", seed)
    address = f"{site_url}/practice.html#rules={rules}&kind=discard&topic=hand_reading&seed={seed}"
    page.goto(address)
    expect(page.locator("#question")).to_have_attribute("data-state", "asking", timeout=BOOT_MS)
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=CACHE_MS)

    page.context.set_offline(True)
    page.reload()
    question = page.locator("#question")
    expect(question).to_have_attribute("data-state", "asking", timeout=BOOT_MS)
    expect(question).to_have_attribute("data-kind", "discard")
    choices = question.locator(".choice")
    expect(choices).to_have_count(4)
    # each choice shows its tile
    for choice in result["question"]["choices"]:
        expect(question.locator(f".choice[data-choice={choice['key']}] .tile")).to_have_count(1)
    # the naive answer: the fastest discard of all, which loses the value goal
    fastest = result["explanation"]["discards"][0]["tile"]
    naive = next(c["key"] for c in result["question"]["choices"] if c["tile"] == fastest)
    question.locator(f".choice[data-choice={naive}] input").focus()
    page.keyboard.press("Space")
    page.keyboard.press("Enter")
    expect(question).to_have_attribute("data-verdict", "wrong")
    page.locator(".retry").click()
    question.locator(f".choice[data-choice={result['answer']}] input").check()
    question.locator(".answer button[type=submit]").click()
    expect(question).to_have_attribute("data-verdict", "right")
    # the explanation is the engine's reading: every discard of the hand, in its rows
    expect(question.locator("[data-analysis] tr[data-discard]")).to_have_count(len(result["explanation"]["discards"]))
    # the review is written once the answer is judged; wait for it rather than read the store at once
    page.wait_for_function("() => (JSON.parse(localStorage.getItem('suanfan.progress'))?.reviews ?? []).length > 0")
    record = page.evaluate("JSON.parse(localStorage.getItem('suanfan.progress'))")
    assert [(r["card"], r["rating"]) for r in record["reviews"]] == [(f"{rules}|discard|hand_reading", 1)]


def test_a_useful_tiles_question_is_answered_with_the_palette(page: Page, site_url: str):
    result = question_of("gb", "useful", 3)
    question = open_question(page, f"{site_url}/practice.html#rules=gb&kind=useful&topic=hand_reading&seed=3")
    for tile in result["answer"]:
        question.locator(f".pick[data-tile='{tile}']").click()
    question.locator(".answer button[type=submit]").click()
    expect(question).to_have_attribute("data-verdict", "right")
