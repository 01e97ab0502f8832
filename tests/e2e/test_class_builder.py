"""The teacher's class-set builder (class.html with no set in its address), through the keyboard alone at a phone's
width and a laptop's: questions picked from two topics and kinds, reordered and removed, a title, a code name and a
time limit, the link made — and the link read back by the site's own decoder is the set that was built, every one of
its questions is one the engine (CPython, suanfan.api) answers, and each preview shows the engine's own hand. The
draft survives a reload; a hand of the teacher's own added in the calculator's lesson maker arrives in the set; a
ten-question set's projected QR code is version 10 at most; the table card sends its conventions to the builder;
axe finds nothing serious on the builder with a set drawn and its link made."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from axekit import audit, failing, install_axe, readable
from engine_boot import BOOT_MS
from playwright.sync_api import Page, expect
from storagekit import set_aside

from suanfan.api import handle

KEY = "suanfan.class-draft"
SEEDS = 10_000  # class-set.js: a set's generated questions take seeds below it
WIDTHS = ({"width": 360, "height": 740}, {"width": 1280, "height": 720})
HAND_LINK = f"hand={quote('[5555p1]222m777s99sEE9s', safe='')}&rules=jiujiang&self_drawn=1&dealer=1"


def fresh_builder(page: Page, site_url: str, address: str = "") -> None:
    page.goto(f"{site_url}/index.html")
    page.evaluate("localStorage.clear()")
    page.goto(f"{site_url}/class.html{address}")
    expect(page.locator("[data-class-builder]")).to_be_visible(timeout=BOOT_MS)


def choose(page: Page, select: str, value: str) -> None:
    """Pick `value` in a <select> with the arrow keys, as a keyboard user does."""
    control = page.locator(select)
    control.focus()
    values = control.evaluate("(s) => [...s.options].map((o) => o.value)")
    steps = values.index(value) - values.index(control.input_value())
    for _ in range(abs(steps)):
        page.keyboard.press("ArrowDown" if steps > 0 else "ArrowUp")
    expect(control).to_have_value(value)


def add_questions(page: Page, topic: str, kind: str, count: int) -> None:
    choose(page, "#builder-topic", topic)
    page.keyboard.press("Tab")  # to the kind
    choose(page, "#builder-kind", kind)
    page.keyboard.press("Tab")  # to how many
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type(str(count))
    page.keyboard.press("Tab")  # to "Add to the set"
    expect(page.locator("#builder-add")).to_be_focused()
    page.keyboard.press("Enter")


def press(page: Page, question: int, button: str) -> None:
    """Give a question's button the focus and press it with Enter."""
    page.locator(".builder-question").nth(question).locator(f".builder-{button}").focus()
    page.keyboard.press("Enter")


def shown_questions(page: Page) -> list[dict]:
    return page.locator(".builder-question").evaluate_all("""(items) => items.map((li) => ({
        kind: li.dataset.kind, topic: li.dataset.topic, seed: Number(li.dataset.seed),
        deal: li.dataset.deal ? JSON.parse(li.dataset.deal) : undefined }))""")


def wait_for_previews(page: Page, n: int) -> None:
    expect(page.locator(".builder-question")).to_have_count(n)
    expect(page.locator(".builder-preview[data-state=done]")).to_have_count(n, timeout=BOOT_MS)


def request_of(rules: str, conventions: dict, question: dict) -> dict:
    asked = {k: v for k, v in question.items() if v is not None}
    return {"action": "question", "rules": rules, **asked, **conventions}


def check_previews(page: Page, rules: str, conventions: dict) -> None:
    """Each question the engine answers, and its preview shows the hand the engine makes of it."""
    for index, question in enumerate(shown_questions(page)):
        answer = handle(request_of(rules, conventions, question))
        assert answer["ok"], (question, answer)
        preview = page.locator(".builder-question").nth(index).locator(".builder-preview")
        expect(preview.locator("code.notation").first).to_have_text(answer["question"]["request"]["hand"])
        expect(preview.locator(".prompt")).to_contain_text(answer["question"]["prompt"]["en"])


def make_link(page: Page) -> str:
    page.locator("#builder-make").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#builder-share")).to_be_visible(timeout=BOOT_MS)
    return page.locator("#builder-url").input_value()


def decode(page: Page, url: str) -> dict:
    return page.evaluate(
        """async (url) => {
        const { decodeSet } = await import("/static/js/class-set.js");
        return decodeSet(new URL(url).hash).set;
    }""",
        url,
    )


def stored(page: Page) -> dict | None:
    text = page.evaluate("(key) => localStorage.getItem(key)", KEY)
    return None if text is None else json.loads(text)


@pytest.mark.parametrize("size", WIDTHS, ids=["phone", "laptop"])
def test_a_set_built_with_the_keyboard_is_the_set_its_link_carries(page: Page, site_url: str, size: dict):
    page.set_viewport_size(size)
    fresh_builder(page, site_url, "#rules=jiujiang&table.base=2")
    conventions = {"table": {"base": 2}}
    expect(page.locator("#builder-conventions li[data-convention='table.base']")).to_be_visible()

    add_questions(page, "peng_peng_hu", "points", 2)
    add_questions(page, "qi_dui", "fans", 2)
    wait_for_previews(page, 4)
    built = shown_questions(page)
    assert [(q["topic"], q["kind"]) for q in built] == [("peng_peng_hu", "points")] * 2 + [("qi_dui", "fans")] * 2
    assert all(0 <= q["seed"] < SEEDS for q in built)
    assert len({q["seed"] for q in built[:2]}) == 2  # each a hand of its own

    press(page, 2, "move_up")  # the first 七对 question before the second 碰碰胡
    expect(page.locator(".builder-question").nth(1)).to_have_attribute("data-seed", str(built[2]["seed"]))
    expect(page.locator(".builder-question").nth(1).locator(".builder-move_up")).to_be_focused()  # the focus follows it
    press(page, 0, "remove")  # the first 碰碰胡 goes
    expect(page.locator(".builder-question")).to_have_count(3)
    expect(page.locator(".builder-question").nth(0).locator(".builder-remove")).to_be_focused()
    press(page, 2, "builder_another_hand")  # the last 七对 question gets a new hand
    expect(page.locator(".builder-question").nth(2)).not_to_have_attribute("data-seed", str(built[3]["seed"]))
    expected = [built[2], built[1], {**built[3], "seed": shown_questions(page)[2]["seed"]}]
    assert shown_questions(page) == expected
    wait_for_previews(page, 3)
    check_previews(page, "jiujiang", conventions)

    page.locator("#builder-set-title").focus()
    page.keyboard.type("第三周 Week 3")
    page.keyboard.press("Tab")
    page.keyboard.type("W3")
    page.keyboard.press("Tab")
    choose(page, "#builder-limit", "30")
    url = make_link(page)
    assert url.startswith(f"{site_url}/class.html#v=1&d=")

    sent = decode(page, url)
    assert sent == {
        "title": "第三周 Week 3",
        "code": "W3",
        "limit": 30,
        "rules": "jiujiang",
        "conventions": conventions,
        "questions": [{"kind": q["kind"], "topic": q["topic"], "seed": q["seed"]} for q in expected],
    }
    assert page.locator("#builder-open-student").get_attribute("href") == url
    assert page.locator("#builder-open-report").get_attribute("href") == f"{url}&report=1"
    assert page.locator("#builder-open-present").get_attribute("href") == f"{url}&present=1"
    assert page.locator("#builder-worksheet").get_attribute("href") == f"worksheet.html#{url.split('#', 1)[1]}"
    assert 1 <= int(page.locator("#builder-qr").get_attribute("data-qr-version")) <= 10
    expect(page.locator("#builder-qr svg.qr")).to_be_visible()

    page.reload()  # the draft is kept
    wait_for_previews(page, 3)
    assert shown_questions(page) == expected
    expect(page.locator("#builder-set-title")).to_have_value("第三周 Week 3")
    expect(page.locator("#builder-code")).to_have_value("W3")
    expect(page.locator("#builder-limit")).to_have_value("30")
    assert page.evaluate("location.hash") == "#rules=jiujiang&table.base=2"


def test_a_hand_of_the_teachers_own_from_the_calculator_joins_the_set(page: Page, site_url: str):
    page.goto(f"{site_url}/index.html")
    page.evaluate("localStorage.clear()")
    page.goto(f"{site_url}/calculator.html#{HAND_LINK}")
    expect(page.locator("#result")).to_have_attribute("data-state", "done", timeout=BOOT_MS)
    page.locator("#lesson-maker summary").focus()
    page.keyboard.press("Enter")  # open the lesson maker's panel
    kind = page.locator("#class-kind")
    expect(kind).to_be_enabled(timeout=BOOT_MS)
    scored = page.evaluate("() => location.hash")
    fits = kind.evaluate("(s) => [...s.options].map((o) => o.value)")
    assert "points" in fits and "fans" in fits
    choose(page, "#class-kind", "fans")
    page.keyboard.press("Tab")
    expect(page.locator("#class-add")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#class-status")).to_contain_text("question 1")
    expect(page.locator("#class-open")).to_contain_text("1 question")
    draft = stored(page)
    assert draft["rules"] == "jiujiang" and len(draft["questions"]) == 1
    own = draft["questions"][0]
    assert own["kind"] == "fans" and own["deal"]["hand"] == "[5555p1]222m777s99sEE9s" and 0 <= own["seed"] < SEEDS
    assert own["deal"]["self_drawn"] is True and own["deal"]["dealer"] is True, scored

    page.goto(f"{site_url}/class.html")
    wait_for_previews(page, 1)
    assert shown_questions(page) == [{"kind": "fans", "topic": None, "seed": own["seed"], "deal": own["deal"]}]
    check_previews(page, "jiujiang", {})
    sent = decode(page, make_link(page))
    assert sent["questions"] == [{"kind": "fans", "deal": own["deal"], "seed": own["seed"]}]


GB_TABLE = {"variants": {"two_concealed_kongs": 8}}


def ten_questions() -> list[dict]:
    """Ten Guobiao questions on ten topics (the longest names travel spelled out less well), four-digit seeds."""
    picked = []
    for topic in (
        "pure_straight",
        "mixed_triple_chow",
        "all_pungs",
        "half_flush",
        "seven_pairs",
        "all_types",
        "mixed_shifted_chows",
        "pure_double_chow",
        "outside_hand",
        "knitted_straight",
    ):
        seed = 9990 + len(picked)
        question = {"kind": "points" if len(picked) % 2 else "fans", "topic": topic, "seed": seed}
        assert handle(request_of("gb", GB_TABLE, question))["ok"], question
        picked.append(question)
    return picked


def test_a_ten_question_set_has_a_qr_code_of_version_ten_at_most(page: Page, site_url: str):
    draft = {
        "version": 1,
        "title": "国标第二课 Guobiao lesson 2",
        "code": "GB2-W10",
        "limit": 45,
        "rules": "gb",
        "conventions": GB_TABLE,
        "questions": ten_questions(),
    }
    page.goto(f"{site_url}/index.html")
    page.evaluate(
        "([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); }", [KEY, json.dumps(draft)]
    )
    page.goto(f"{site_url}/class.html")
    wait_for_previews(page, 10)
    url = make_link(page)
    version = int(page.locator("#builder-qr").get_attribute("data-qr-version"))
    assert version <= 10, (version, len(url))
    expect(page.locator("#builder-qr-words")).to_contain_text(f"version {version}")
    assert decode(page, url)["questions"] == draft["questions"]


def test_a_set_is_full_at_twenty_questions(page: Page, site_url: str):
    fresh_builder(page, site_url)
    add_questions(page, "ping_hu", "points", 25)
    expect(page.locator(".builder-question")).to_have_count(20)
    expect(page.locator("#builder-status")).to_contain_text("room for only 20")
    page.keyboard.press("Enter")  # Add again, on a full set
    expect(page.locator("#builder-status")).to_contain_text("at most 20 questions")
    assert len(stored(page)["questions"]) == 20


def test_an_unreadable_draft_is_set_aside_and_reported(page: Page, site_url: str):
    kept = '{"version":1,"title":"W3","questions":[{"kind":"points"'
    page.goto(f"{site_url}/index.html")
    page.evaluate("([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); }", [KEY, kept])
    page.goto(f"{site_url}/class.html")
    problem = page.locator("#builder-problem")
    expect(problem).to_be_visible(timeout=BOOT_MS)
    expect(problem.locator(".en")).to_contain_text(f"{KEY}.set-aside.")
    assert set_aside(page, KEY) == [kept]
    add_questions(page, "ping_hu", "points", 1)  # a new draft starts beside it
    expect(page.locator(".builder-question")).to_have_count(1)
    assert set_aside(page, KEY) == [kept]


def test_the_table_card_makes_a_class_set_with_its_conventions(page: Page, site_url: str):
    page.goto(f"{site_url}/index.html")
    page.evaluate("localStorage.clear()")
    page.goto(f"{site_url}/table.html#rules=jiujiang&table.base=2&table.payment=discarder_pays_all")
    link = page.locator("#use-class")
    expect(link).to_have_attribute("href", "class.html#rules=jiujiang&table.base=2&table.payment=discarder_pays_all")
    link.focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-class-builder]")).to_be_visible(timeout=BOOT_MS)
    chips = page.locator("#builder-conventions li[data-convention]")
    expect(chips).to_have_count(2)
    expect(page.locator("#builder-conventions")).to_contain_text("base: 2")
    add_questions(page, "who_pays", "pay", 1)
    wait_for_previews(page, 1)
    assert stored(page)["conventions"] == {"table": {"base": 2, "payment": "discarder_pays_all"}}
    check_previews(page, "jiujiang", {"table": {"base": 2, "payment": "discarder_pays_all"}})


def test_the_builder_with_a_set_and_its_link_has_no_serious_accessibility_violations(page: Page, site_url: str):
    install_axe(page.context)
    fresh_builder(page, site_url, "#rules=jiujiang&table.base=2")
    add_questions(page, "peng_peng_hu", "points", 2)
    add_questions(page, "ping_hu", "name", 2)  # "name" may show four hands to choose from
    wait_for_previews(page, 4)
    make_link(page)
    found = {}
    for size in WIDTHS:
        page.set_viewport_size(size)
        found[size["width"]] = failing(audit(page))
    if any(found.values()):
        pytest.fail("\n".join(f"at {w}: {readable(v)}" for w, v in found.items() if v), pytrace=False)
