"""Practising at the table the players agreed: table.html's "practise with these conventions" link opens the practice
page under those conventions (chips say which), every question is the engine's under them and keeps them in its link
and its data-request, progress stays per topic, and one button goes back to the sheet's defaults. Every answer the
test gives, and every verdict and explanation it checks, is computed here with suanfan.api.handle."""

from __future__ import annotations

import json
import re

from engine_boot import BOOT_MS, open_question
from playwright.sync_api import Page, expect

from suanfan.api import handle

TABLE = {"base": 2, "cap": 8, "payment": "discarder_pays_all"}


def engine_question(question, table: dict | None) -> dict:
    """The engine's question for what the page shows (its rules, kind, topic and seed), at this table."""
    request = {
        "action": "question",
        "rules": "jiujiang",
        "kind": question.get_attribute("data-kind"),
        "topic": question.get_attribute("data-topic"),
        "seed": int(question.get_attribute("data-seed")),
    }
    if table is not None:
        request["table"] = table
    result = handle(request)
    assert result["ok"], result
    return result


def answer_number(page: Page, question, value: int) -> None:
    box = question.locator("input[data-answer]")
    box.fill(str(value))
    box.press("Enter")


def test_practise_with_the_tables_conventions(page: Page, site_url: str):
    page.goto(f"{site_url}/table.html")
    form = page.locator("#table-form")
    form.locator('input[name="table.base"]').fill("2")
    form.locator('input[name="table.cap"]').fill("8")
    form.locator('select[name="table.payment"]').select_option("discarder_pays_all")
    expect(page.locator("#use-practice")).to_have_attribute(
        "href", "practice.html#rules=jiujiang&table.base=2&table.cap=8&table.payment=discarder_pays_all"
    )
    page.locator("#use-practice").click()

    # The conventions as chips, kept while questions come; a new learner's first card is the first topic's points.
    chips = page.locator("#convention-chips")
    for words in ("底番:2", "封顶(番):8", "算炮:包三家", "who pays on a discard: the discarder pays for all three"):
        expect(chips).to_contain_text(words)
    expect(page.locator("#sheet-defaults")).to_be_visible()
    question = page.locator("#question")
    expect(question).to_have_attribute("data-state", "asking", timeout=BOOT_MS)
    assert question.get_attribute("data-kind") == "points"
    expected = engine_question(question, TABLE)
    request = json.loads(question.get_attribute("data-request"))
    assert request == expected["question"]["request"] and request["table"] == TABLE
    at_the_sheet = handle({k: v for k, v in request.items() if k != "table"})
    assert expected["answer"] == handle(request)["total"]
    expect(page).to_have_url(
        re.compile(
            r"#rules=jiujiang&kind=points&topic=\w+&seed=\d+&table\.base=2&table\.cap=8"
            r"&table\.payment=discarder_pays_all$"
        )
    )
    expect(question.locator(".question-hand .chips")).to_contain_text("底番:2")

    # The sheet's answer is wrong at this table whenever the base changes it; the engine's answer at the table is right.
    if at_the_sheet["total"] != expected["answer"]:
        answer_number(page, question, at_the_sheet["total"])
        expect(question).to_have_attribute("data-verdict", "wrong")
        question.locator(".retry").click()
    answer_number(page, question, expected["answer"])
    expect(question).to_have_attribute("data-verdict", "right")
    worked = question.locator(".feedback .result-view")
    expect(worked.locator(".total-number")).to_have_text(str(expected["explanation"]["total"]))
    expect(question.locator(".feedback a.to-presenter")).to_have_attribute("href", re.compile(r"table\.base=2"))
    # progress is per (rules, kind, topic), whatever the table
    record = json.loads(page.evaluate("localStorage.getItem('suanfan.progress')"))
    assert [r["card"] for r in record["reviews"]] == [f"jiujiang|points|{question.get_attribute('data-topic')}"]

    # A 包三家 pay question, chosen in the setup: the discarder pays for all three, as the engine says.
    setup = page.locator("#practice-setup")
    setup.locator('select[name="topic"]').select_option("who_pays")
    setup.locator('select[name="kind"]').select_option("pay")
    setup.locator('button[type="submit"]').click()
    expect(question).to_have_attribute("data-kind", "pay")
    expect(question).to_have_attribute("data-state", "asking")
    expected = engine_question(question, TABLE)
    assert json.loads(question.get_attribute("data-request")) == expected["question"]["request"]
    payments = handle(expected["question"]["request"])["payments"]
    asks = expected["question"]["asks"]
    assert expected["answer"] == (
        payments["winner_receives"] if asks == "winner_receives" else payments["payers"][0]["amount"]
    )
    answer_number(page, question, expected["answer"])
    expect(question).to_have_attribute("data-verdict", "right")
    expect(question.locator(".feedback .result-view .total-number")).to_have_text(str(expected["explanation"]["total"]))

    # Reloaded once answered, the page goes on with the schedule at the same table and selection: the answered
    # question is not asked again as if it were new (its address named the selection after the answer).
    answered = question.get_attribute("data-seed")
    page.reload()
    expect(question).to_have_attribute("data-state", "asking", timeout=BOOT_MS)
    assert (question.get_attribute("data-topic"), question.get_attribute("data-kind")) == ("who_pays", "pay")
    assert question.get_attribute("data-seed") != answered
    assert json.loads(question.get_attribute("data-request"))["table"] == TABLE
    expect(chips).to_contain_text("算炮:包三家")

    # Back to the sheet's defaults: the chips say so, the next question and its link carry no table.
    before = question.get_attribute("data-seed")
    page.locator("#sheet-defaults").click()
    expect(chips).to_contain_text("按规则单")
    expect(page.locator("#sheet-defaults")).to_be_hidden()
    expect(question).not_to_have_attribute("data-seed", before)
    expect(question).to_have_attribute("data-state", "asking")
    expect(page).not_to_have_url(re.compile(r"table\."))
    expected = engine_question(question, None)
    assert json.loads(question.get_attribute("data-request")) == expected["question"]["request"]
    assert "table" not in expected["question"]["request"] or expected["question"]["topic"] in (
        "base_and_cap",
        "who_pays",
        "three_steps",
        "table_conventions",
    )


def test_guobiao_switches_from_the_address(page: Page, site_url: str):
    page.goto(
        f"{site_url}/practice.html#rules=gb98&kind=points&topic=two_concealed_kongs&seed=3"
        "&variants.two_concealed_kongs=8"
    )
    expect(page.locator("#convention-chips")).to_contain_text("双暗杠的分值:8")
    question = page.locator("#question")
    expect(question).to_have_attribute("data-state", "asking", timeout=BOOT_MS)
    expected = handle(
        {
            "action": "question",
            "rules": "gb98",
            "kind": "points",
            "topic": "two_concealed_kongs",
            "seed": 3,
            "variants": {"two_concealed_kongs": 8},
        }
    )
    request = json.loads(question.get_attribute("data-request"))
    assert request == expected["question"]["request"] and request["variants"] == {"two_concealed_kongs": 8}
    answer_number(page, question, expected["answer"])
    expect(question).to_have_attribute("data-verdict", "right")
    expect(question.locator(".feedback .result-view .total-number")).to_have_text(str(expected["explanation"]["total"]))


def test_a_bad_convention_in_the_address_is_a_typed_error(page: Page, site_url: str):
    question = open_question(
        page, f"{site_url}/practice.html#rules=jiujiang&kind=points&topic=ping_hu&seed=1&table.base=0", "error"
    )
    expected = handle(
        {
            "action": "question",
            "rules": "jiujiang",
            "kind": "points",
            "topic": "ping_hu",
            "seed": 1,
            "table": {"base": 0},
        }
    )["error"]
    expect(question).to_contain_text(expected["message"]["zh"])
    expect(question).to_contain_text(expected["message"]["en"])
    expect(page.locator("#sheet-defaults")).to_be_visible()
