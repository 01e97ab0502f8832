"""The Guobiao course in a browser: every fan card shows its hand as tiles a screen reader can name, and every
"open in calculator" link gives, in the browser's engine, the same total the card was built with.

Runs against the built dist/ (`site_url` from tests/conftest.py, which fails any request to another origin).
What to expect comes from the course files (web/course/guobiao.py computes it the way the build does).
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest
from engine_boot import BOOT_MS
from pickerkit import build_hand
from playwright.sync_api import Page, expect

from suanfan import tiles as T
from suanfan.api import handle
from suanfan.notation import parse
from web import tileart
from web.course import guobiao
from web.course.files import load_course
from web.course.lesson_pages import lesson_page
from web.course.views import calculator_fragment

ROOT = Path(__file__).resolve().parents[2]

SCREENSHOTS = ROOT / "test-results" / "screenshots"
COURSE = guobiao.build_course()
SERIES = {f.slug: f for f in COURSE.series_files}


def series_url(site_url: str, file) -> str:
    return f"{site_url}/{file.page}"


def tile_names(hand: str) -> list[str]:
    """The accessible names of a hand's tiles, as the card draws them (三万, 东风 …)."""
    parsed = parse(hand)
    tiles = [t for m in parsed.melds for t in m.tiles] + list(parsed.standing)
    return [tileart.name_zh(T.code(t)) for t in tiles]


# ---------------------------------------------------------------- the cards and their tiles


# What every card of a page shows, read in one pass (a fan-card page has some 16,000 elements: a locator per tile took
# a minute a page on a busy machine): its title and points, and each example's total and its tiles' names as a
# screen reader is given them (role img, aria-label). test_three_wan_is_named_for_a_screen_reader asks by role too.
CARDS_SHOWN = """() => [...document.querySelectorAll("article.fan-card")].map((card) => {
    const text = (selector) => card.querySelector(selector)?.textContent.replace(/\\s+/g, " ").trim() ?? null;
    return { id: card.id, zh: text("h2 .fan-zh"), en: text("h2 .en"), points: text(".fan-points strong"),
        examples: Object.fromEntries([...card.querySelectorAll("figure[id^='example-']")].map((figure) => [figure.id, {
            total: figure.dataset.total,
            tiles: [...figure.querySelectorAll(".hand-tiles [role='img']")].map((tile) => tile.getAttribute("aria-label")),
        }])) };
})"""


@pytest.mark.parametrize("slug", list(SERIES))
def test_fan_cards_show_their_hands_as_named_tiles(page: Page, site_url: str, slug: str):
    file = SERIES[slug]
    page.goto(series_url(site_url, file))
    expect(page.locator("article.fan-card")).to_have_count(len(file.cards))
    shown = page.evaluate(CARDS_SHOWN)
    assert [card["id"] for card in shown] == [f"fan-{card.key}" for card in file.cards]
    for card, seen in zip(file.cards, shown, strict=True):
        assert (seen["zh"], seen["en"], seen["points"]) == (card.fan.zh, card.fan.en, str(card.fan.points["gb"]))
        for example in card.examples:
            drawn = seen["examples"][f"example-{example.id}"]
            assert drawn["tiles"] == tile_names(example.hand), (card.key, example.id)
            assert drawn["total"] == str(example.result["total"]), (card.key, example.id)
    # The art is really drawn: the first tile has a size and its sprite symbol exists.
    first = page.locator("article.fan-card .hand-tiles svg.tile").first
    assert first.bounding_box()["width"] > 10
    assert page.evaluate("""async () => {
        const href = document.querySelector('.hand-tiles svg.tile use').getAttribute('href');
        const sprite = await (await fetch(href.split('#')[0])).text();
        return sprite.includes('id="' + href.split('#')[1] + '"');
    }""")


def test_three_wan_is_named_for_a_screen_reader(page: Page, site_url: str):
    page.goto(series_url(site_url, SERIES["suits"]))
    card = page.locator("#fan-full_flush")
    expect(card.get_by_role("img", name="三万", exact=True).first).to_be_visible()


# ---------------------------------------------------------------- "open in calculator" scores the same


def wait_for_total(page: Page, fragment: str) -> dict:
    """Point the calculator at a permalink (its hashchange listener rescores) and read what it shows.
    Two cards may share a request (one fan's near miss is the next fan's example): the same hash fires no
    hashchange, and the total on screen is already the answer."""
    if page.evaluate("() => location.hash.slice(1)") == fragment:
        return {"total": int(page.locator("#result").get_attribute("data-total"))}
    page.evaluate(
        """(fragment) => {
        document.getElementById('result').removeAttribute('data-total');
        location.hash = fragment;
    }""",
        fragment,
    )
    result = page.locator("#result")
    expect(result).to_have_attribute("data-total", re.compile(r"^\d+$"), timeout=BOOT_MS)
    return {"total": int(result.get_attribute("data-total"))}


def test_a_card_link_opens_the_calculator_on_the_same_hand(page: Page, site_url: str):
    file = SERIES["honors"]
    card = file.cards[0]
    example = card.examples[0]
    page.goto(series_url(site_url, file))
    page.locator(f"#example-{example.id} a.to-calculator").click()
    expect(page).to_have_url(re.compile(r"/calculator\.html#hand="))
    assert unquote(page.url.split("#hand=", 1)[1].split("&", 1)[0]) == example.hand
    expect(page.locator("#result")).to_have_attribute("data-total", str(example.result["total"]), timeout=BOOT_MS)


def test_every_card_scores_the_same_in_the_calculator(page: Page, site_url: str):
    """All 82 cards' examples, one Pyodide boot: the browser's engine agrees with the build's, hand by hand."""
    examples = [e for f in COURSE.series_files for c in f.cards for e in c.examples]
    page.goto(f"{site_url}/calculator.html")
    mismatches = []
    for example in examples:
        fragment = calculator_fragment(example.full_request)
        shown = wait_for_total(page, fragment)
        if shown["total"] != example.result["total"]:
            mismatches.append((example.id, example.hand, example.request, example.result["total"], shown["total"]))
    assert not mismatches, mismatches


def test_variant_and_kong_links_score_as_their_pages_say(page: Page, site_url: str):
    every = [r["example"] for case in COURSE.variants for r in case.results]
    cases = [(e, e.result["total"]) for e in every if e.result["ok"]]
    cases += [
        (row["profiles"]["gb"]["example"], row["profiles"]["gb"]["example"].result["total"]) for row in COURSE.kongs
    ]
    page.goto(f"{site_url}/calculator.html")
    for example, total in cases:
        shown = wait_for_total(page, calculator_fragment(example.full_request))
        assert shown["total"] == total, (example.hand, example.request)
    # A setting that makes the hand no win (组合龙 under the 1998 reading): the calculator refuses it too.
    refused = [e for e in every if not e.result["ok"]]
    assert refused
    result = page.locator("#result")
    for example in refused:
        page.evaluate(
            """(fragment) => {
            const result = document.getElementById("result");
            delete result.dataset.total;
            delete result.dataset.errorCode;
            location.hash = fragment;
        }""",
            calculator_fragment(example.full_request),
        )
        expect(result).to_have_attribute("data-error-code", example.result["error"]["code"], timeout=BOOT_MS)


# ---------------------------------------------------------------- the exercise


def test_the_exercise_is_answered_with_its_chow(page: Page, site_url: str):
    """Lesson 1's answer holds a chow on the table ([123m1]): built in the shared picker's chow mode, accepted."""
    lesson = next(x for x in load_course(ROOT / "lessons" / "guobiao").lessons if x.exercise)
    assert parse(lesson.exercise.answer).melds, "this test is about an answer with a meld"
    page.goto(f"{site_url}/{lesson_page(lesson)}")
    exercise = page.locator("section.exercise")
    feedback = exercise.locator(".feedback")

    # First a hand short of the minimum: the feedback names every fan the engine counted, and why it fails.
    short = "[123m1]345m22p234s678s"
    expect_short = handle({"hand": short, "rules": "gb"})
    assert not expect_short["meets_minimum"]
    exercise.locator("#exercise-hand").fill(short)
    exercise.locator(".check-hand").click()
    expect(feedback).to_have_attribute("data-verdict", "fail", timeout=BOOT_MS)
    scored = feedback.locator(".scored")
    for fan in expect_short["fans"]:
        expect(scored).to_contain_text(f"{fan['zh']} {fan['points']}")
        expect(scored).to_contain_text(fan["en"])
    expect(scored).to_contain_text(f"合计 {expect_short['total']} 分")
    expect(feedback.locator(".miss")).to_contain_text("不够 8 分起和")
    feedback.locator("details.worked summary").click()
    expect(feedback.locator(".step-minimum .step-text.tone-bad")).to_be_visible()

    exercise.locator(".clear-hand").click()
    build_hand(exercise.locator(".hand-picker"), lesson.exercise.answer)
    expect(exercise.locator(".hand-view .picked-meld.chow")).to_have_count(1)
    exercise.locator(".check-hand").click()
    expect(feedback).to_have_attribute("data-verdict", "pass", timeout=BOOT_MS)


# ---------------------------------------------------------------- the reference pages


def test_fan_table_links_every_fan_to_its_card(page: Page, site_url: str):
    page.goto(f"{site_url}/{guobiao.PAGES['table']}")
    links = page.locator("table.by-value a.fan-link")
    expect(links).to_have_count(81)
    page.locator('table.by-value a.fan-link[data-fan="robbing_the_kong"]').click()
    expect(page).to_have_url(re.compile(r"fans-winning\.html#fan-robbing_the_kong$"))
    page.wait_for_load_state("load")  # a 500 KB page: on a busy machine it is still being parsed here
    expect(page.locator("#fan-robbing_the_kong")).to_be_in_viewport()


def test_kong_page_shows_the_seed_beside_the_engine(page: Page, site_url: str):
    page.goto(f"{site_url}/{guobiao.PAGES['kongs']}")
    expect(page.locator("table.kong-table tbody tr")).to_have_count(len(COURSE.kongs))
    expect(page.locator('tr[data-candidate="seed"] td[data-profile="gb"]')).to_have_attribute("data-total", "332")
    expect(page.locator("table.kong-table .flag").first).to_be_visible()


LESSON_PAGES = [
    f"lessons/guobiao/{p.stem}.html" for p in sorted((ROOT / "lessons" / "guobiao").glob("[0-9][0-9]-*.md"))
]
PAGES = [f.page for f in COURSE.series_files] + list(guobiao.PAGES.values()) + LESSON_PAGES


@pytest.mark.parametrize("page_path", PAGES)
def test_pages_fit_a_phone_and_print_cleanly(page: Page, site_url: str, page_path: str):
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto(f"{site_url}/{page_path}")
    overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{page_path} scrolls sideways by {overflow}px at 360px"
    name = page_path.rsplit("/", 1)[1].removesuffix(".html")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"gb-{name}-360.png")
    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    expect(page.locator(".gb-nav, .to-calculator").filter(visible=True)).to_have_count(0)
