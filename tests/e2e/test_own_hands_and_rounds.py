"""The learner's own hands as a practice deck and the timed round, as a learner meets them in Chromium: pasted lines
(with comments, bad lines kept in the box with a coded error and their line), the score sheet's hands with tiles (at
the sheet's conventions), every kind that fits asked about each hand, misses replayed exactly; a three-minute round
whose mistakes cost time, whose best is kept and which leaves the schedule alone. Offline after one visit, at
360×740 and 1280×720, from the keyboard. Every answer given is the engine's own (suanfan.api.handle with the
question request the page shows in data-asked)."""

from __future__ import annotations

import json

import pytest
from engine_boot import BOOT_MS
from playwright.sync_api import Page, expect
from test_learning_path import give, put_record, stored

from suanfan.api import handle

CACHE_MS = 180_000

LINES = "\n".join(
    [
        "123m456p789s EEE SS self_drawn flowers=1   # 东一局 my self-draw",
        "123m456p789s111z2z",  # 13 tiles: the engine says too few
        "seat_wind=S",  # no tiles at all
        "[555p1]123m789s 234s 99s seat_wind=S",
        "123m456p789sEEESS sef_drawn",  # a key the engine does not know
        "# only a comment",
    ]
)


def asked(page: Page) -> dict:
    question = page.locator("#question")
    expect(question).to_have_attribute("data-state", "asking", timeout=BOOT_MS)
    return json.loads(question.get_attribute("data-asked"))


def answer(page: Page, right: bool) -> dict:
    request = asked(page)
    result = handle(request)
    assert result["ok"], result
    give(page.locator("#question"), result, right)
    return result


def go_on(page: Page) -> None:
    """To the next question: a wrong answer's is behind "show the answer"."""
    if page.locator("#question").get_attribute("data-verdict") == "wrong":
        expect(page.locator("#question .diagnosis")).not_to_have_attribute("data-diagnosis", "pending")
        page.locator("#question .reveal").click()
    page.locator(".next-question").click()


def paste(page: Page, text: str) -> None:
    details = page.locator("#own-hands details.deck-add")
    if details.get_attribute("open") is None:
        page.locator("#own-hands .deck-add > summary").focus()
        page.keyboard.press("Enter")
    page.locator("#deck-lines").fill(text)
    page.locator("#deck-add").focus()
    page.keyboard.press("Enter")


# ---------------------------------------------------------------- pasted lines


def test_pasted_lines_become_hands_and_bad_lines_say_why(page: Page, site_url: str):
    page.goto(f"{site_url}/practice.html#rules=gb")
    asked(page)
    paste(page, LINES)
    count = page.locator("#deck-count")
    expect(count).to_have_attribute("data-hands", "2")
    news = page.locator("#deck-news")
    expect(news.locator(".deck-problem")).to_have_count(3)
    codes = [p.get_attribute("data-error") for p in news.locator(".deck-problem").all()]
    assert codes == ["too_few_tiles", "no_tiles", "unknown_key"]
    # each named by its line in the box as it is now: the lines kept leave it
    expect(news.locator(".deck-problem").first).to_contain_text("Line 1")
    expect(news.locator(".deck-problem").nth(2)).to_contain_text("Line 3")
    expect(news).to_contain_text("sef_drawn")
    # what could not be kept stays to be corrected; what was kept left the box
    assert page.input_value("#deck-lines").splitlines() == [
        "123m456p789s111z2z",
        "seat_wind=S",
        "123m456p789sEEESS sef_drawn",
    ]
    hands = page.locator("#deck-list > li")
    expect(hands.first).to_contain_text("123m456p789sEEESS")
    expect(hands.first).to_contain_text("东一局 my self-draw")
    expect(hands.first.locator(".chips")).to_contain_text("flowers shown: 1")
    deck = stored(page)["deck"]
    assert [entry["deal"] for entry in deck] == [
        {"hand": "123m456p789sEEESS", "self_drawn": True, "flowers": 1},
        {"hand": handle({"rules": "gb", "hand": "[555p1]123m789s234s99s", "seat_wind": "S"})["hand"], "seat_wind": "S"},
    ]
    assert {entry["source"] for entry in deck} == {"pasted"}
    # the same hands again are not kept twice; a reload keeps them
    paste(page, LINES.splitlines()[0])
    expect(news).to_contain_text("Nothing new")
    page.reload()
    expect(page.locator("#deck-count")).to_have_attribute("data-hands", "2")
    # removed, it is gone from the record too
    page.locator("#deck-list > li").first.locator(".remove-hand").click()
    expect(page.locator("#deck-count")).to_have_attribute("data-hands", "1")
    assert len(stored(page)["deck"]) == 1
    expect(page.locator("#deck-list > li").first.locator(".remove-hand")).to_be_focused()  # still in the list
    page.keyboard.press("Enter")
    expect(page.locator("#deck-count")).to_have_attribute("data-hands", "0")
    expect(page.locator("#deck-count")).to_be_focused()


# ---------------------------------------------------------------- the score sheet's hands


def test_the_score_sheets_hands_with_tiles_are_practised_at_its_conventions(page: Page, site_url: str):
    sheet = {
        "schema": "suanfan-scoresheet",
        "version": 1,
        "conventions": {"rules": "jiujiang", "table": {"base": 2}},
        "players": ["A", "B", "C", "D"],
        "rows": [
            {"dealer": 0, "winner": 1, "discarder": 2, "hand": "[5555p1]222m777s99sEE9s"},
            {
                "dealer": 0,
                "winner": 0,
                "self_drawn": True,
                "pattern_fan": 2,
                "multipliers": {"self_drawn": True, "dealer": True},
            },
            {"dealer": 1, "winner": 1, "self_drawn": True, "hand": "1133m557799p22sEE", "flowers": 1},
        ],
    }
    page.goto(f"{site_url}/practice.html#rules=gb")
    page.evaluate("(text) => localStorage.setItem('suanfan.scoresheet', text)", json.dumps(sheet))
    asked(page)
    page.locator("#own-hands .deck-add > summary").click()
    page.locator("#deck-from-sheet").click()
    # the sheet's hands are its rule set's: said, one press away, not switched to behind the learner's back
    expect(page.locator("select[name=rules]")).to_have_value("gb")
    expect(page.locator("#deck-count")).to_have_attribute("data-hands", "0")
    page.locator("#deck-news .switch-rules").click()
    expect(page.locator("select[name=rules]")).to_have_value("jiujiang")
    expect(page.locator("#deck-count")).to_have_attribute("data-hands", "2")
    expect(page.locator("#deck-list > li").nth(1)).to_contain_text("hand 3")
    deck = stored(page)["deck"]
    assert [(e["source"], e["row"], e["conventions"]) for e in deck] == [("sheet", 1, {"table": {"base": 2}})] * 1 + [
        ("sheet", 3, {"table": {"base": 2}})
    ]
    assert deck[1]["deal"] == {"hand": "1133m557799p22sEE", "self_drawn": True, "dealer": True, "flowers": 1}

    # Practised: every hand, every kind that fits it, at the sheet's table; then the round is done.
    page.locator("#practise-deck").click()
    expect(page.locator("#practice-mode")).to_have_attribute("data-mode", "deck")
    fits = {}
    for entry in deck:
        first = handle(
            {
                "action": "question",
                "rules": "jiujiang",
                "kind": "points",
                "deal": entry["deal"],
                "seed": 0,
                **entry["conventions"],
            }
        )
        fits[entry["deal"]["hand"]] = set(first["question"]["deal_kinds"])
    seen = []
    for _ in range(sum(len(kinds) for kinds in fits.values())):
        request = asked(page)
        assert request["table"] == {"base": 2} and "deal" in request
        seen.append((request["deal"]["hand"], request["kind"]))
        answer(page, right=len(seen) != 2)  # one miss, to be replayed
        assert "deck=1" in page.url
        go_on(page)
    assert sorted(seen) == sorted((hand, kind) for hand, kinds in fits.items() for kind in kinds)
    assert [hand for hand, _ in seen[:2]] == [e["deal"]["hand"] for e in deck]  # each hand first, in sheet order
    done = page.locator(".deck-done")
    expect(done).to_have_attribute("data-deck-done", str(len(seen)))
    expect(done).to_have_attribute("data-deck-right", str(len(seen) - 1))
    reviews = stored(page)["reviews"]
    assert {r["mode"] for r in reviews} == {"deck"} and all(r["card"].endswith("|deck") for r in reviews)
    assert all(r["q"]["table"] == {"base": 2} for r in reviews)
    # A deck question is not scheduled (no card of the schedule), but its miss is replayed exactly.
    expect(page.locator("#progress-summary")).to_contain_text("cards practised: 0")
    missed = next(r for r in reviews if r["rating"] == 1)
    page.goto(f"{site_url}/practice.html#rules=jiujiang&replay=misses")
    request = asked(page)
    assert {k: v for k, v in request.items() if k not in ("action", "rules")} == missed["q"]


# ---------------------------------------------------------------- the timed round


def test_a_timed_round_costs_time_for_mistakes_keeps_the_best_and_leaves_the_schedule(page: Page, site_url: str):
    page.clock.install()
    page.goto(f"{site_url}/practice.html#rules=gb&round=points")
    expect(page.locator("#practice-mode")).to_have_attribute("data-mode", "timed")
    clock = page.locator("#round-clock")
    expect(clock).to_be_visible()
    asked(page)
    assert page.locator("#question").get_attribute("data-kind") == "points"
    start = int(clock.get_attribute("data-remaining"))
    assert 170 <= start <= 180
    for right in (True, True, False):
        answer(page, right)
        go_on(page)
        asked(page)
    left = int(clock.get_attribute("data-remaining"))
    assert left <= start - 15  # the mistake cost fifteen seconds
    expect(page.locator("#question .verdict")).to_have_count(0)
    page.clock.fast_forward(200_000)
    done = page.locator(".round-done")
    expect(done).to_have_attribute("data-round-right", "2")
    expect(done).to_have_attribute("data-round-wrong", "1")
    expect(done).to_have_attribute("data-round-improved", "true")
    record = stored(page)
    assert record["rounds"]["gb|points"]["best"] == 2
    assert {r["mode"] for r in record["reviews"]} == {"timed"} and len(record["reviews"]) == 3
    expect(page.locator("#progress-summary")).to_contain_text("cards practised: 0")  # the schedule is untouched
    expect(page.locator('.start-round[data-round-kind="points"]')).to_have_attribute("data-round-best", "2")

    # Another round with fewer right keeps the best.
    page.locator(".round-again").press("Enter")
    answer(page, True)
    page.clock.fast_forward(200_000)
    expect(done).to_have_attribute("data-round-improved", "false")
    expect(done).to_have_attribute("data-round-best", "2")
    assert stored(page)["rounds"]["gb|points"]["best"] == 2


# ---------------------------------------------------------------- offline, on a phone and a laptop


@pytest.mark.parametrize("size", [(360, 740), (1280, 720)], ids=["phone", "laptop"])
def test_own_hands_and_a_round_work_offline(page: Page, site_url: str, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{site_url}/practice.html#rules=gb")
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=CACHE_MS)
    put_record(page, [])
    page.context.set_offline(True)
    page.reload()
    paste(page, LINES.splitlines()[0])
    expect(page.locator("#deck-count")).to_have_attribute("data-hands", "1")
    page.locator("#practise-deck").focus()
    page.keyboard.press("Enter")
    result = answer(page, False)
    # tried again, a number typed replaces the wrong one (it is selected)
    page.locator("#question .retry").press("Enter")
    if result["question"]["answer_type"] == "number":
        expect(page.locator("[data-answer]")).to_be_focused()
        page.keyboard.type(str(result["answer"]))
        expect(page.locator("[data-answer]")).to_have_value(str(result["answer"]))
    for box in ("#own-hands", "#timed-rounds", "#question"):
        width = page.locator(box).bounding_box()["width"]
        assert width <= size[0], box
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    page.locator('.start-round[data-round-kind="declare"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator("#practice-mode")).to_have_attribute("data-mode", "timed")
    assert asked(page)["kind"] == "declare"


def test_the_progress_page_offers_own_hands_and_the_rounds_bests(page: Page, site_url: str):
    page.goto(f"{site_url}/progress.html")
    hand = {
        "id": "gb:x",
        "rules": "gb",
        "deal": {"hand": "123m456p789sEEESS"},
        "settings": [],
        "source": "pasted",
        "at": 1,
    }
    put_record(page, [], deck=[hand], rounds={"gb|points": {"best": 7, "at": 1}})
    page.reload()
    section = page.locator("#progress-gb")
    expect(section.locator(".deck-link")).to_have_attribute("data-hands", "1")
    expect(section.locator('li[data-round-kind="points"]')).to_have_attribute("data-round-best", "7")
    expect(section.locator('li[data-round-kind="declare"]')).to_have_attribute("data-round-best", "")
    expect(page.locator("#progress-jiujiang .deck-link")).to_have_attribute("data-hands", "0")
    section.locator('li[data-round-kind="points"] a').click()
    expect(page.locator("#practice-mode")).to_have_attribute("data-mode", "timed")
