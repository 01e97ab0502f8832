"""One drawing of a hand reading, twice: the build writes a lesson's readings with templates/lessons/_reading.html
(the page reads before any engine loads) and the calculator draws them with static/js/analysis-view.js. For every
lesson reading and a few more requests (13 and 14 tiles, estimates, notes, both rule sets), both must give the same
elements, classes, data attributes and words; and the lesson's sort buttons put the rows in the engine's orders."""

from __future__ import annotations

import json

import pytest
from paritykit import fail_on_differences, signature_js
from playwright.sync_api import Page

from suanfan.api import handle
from web import sitegen
from web.course.checking import verify
from web.course.files import load_courses
from web.course.views import analysis_view

EXTRA_REQUESTS = [
    {"hand": "123m456p789s1122sE", "rules": "gb"},  # ready at once, or one away
    {"hand": "19m19p159sESWNCFP", "rules": "gb"},  # far from ready: estimates
    {"hand": "123m456p789s1122s", "rules": "gb", "kong": True},  # 13 tiles, a situation set aside (a note)
    {"hand": "[123m1]345m22p234s67s", "rules": "gb98"},  # a meld, the 1998 profile
    {"hand": "123m456p789s1122s", "rules": "jiujiang"},
    {"hand": "1133m5577p2266sFE", "rules": "jiujiang", "dealer": True},
]

SIGNATURE_JS = signature_js(
    [
        "class",
        "data-analysis",
        "data-tiles",
        "data-shanten",
        "data-useful-count",
        "data-discard",
        "data-tile",
        "data-route",
        "data-form",
        "data-sort",
        "data-rules",
        "aria-pressed",
        "aria-hidden",
        "aria-label",
        "scope",
        "colspan",
        "role",
        "lang",
        "type",
        "title",
    ]
)


def all_readings() -> list[tuple[str, dict]]:
    cases = []
    for course in load_courses():
        for lesson in verify(course).lessons:
            cases += [(f"{lesson.path.name} {r.id}", r.result) for r in lesson.readings]
    cases += [
        (json.dumps(r, ensure_ascii=False), json.loads(json.dumps(handle({"action": "analyse", **r}))))
        for r in EXTRA_REQUESTS
    ]
    return cases


def template_drawings(cases) -> list[str]:
    env = sitegen.environment()
    template = env.from_string(
        '{% from "lessons/_reading.html" import analysis_view with context %}{{ analysis_view(view) }}'
    )
    context = {**sitegen.site_context(), "root": "", "page": "parity.html"}
    return [template.render(**context, view=analysis_view(result)) for _, result in cases]


def test_every_reading_is_drawn_alike_by_the_build_and_the_calculator(page: Page, site_url: str):
    cases = all_readings()
    assert all(r["ok"] for _, r in cases)
    assert sum(1 for name, _ in cases if ".md " in name) >= 6
    assert {r["tiles"] for _, r in cases} == {13, 14} and {r["rules"] for _, r in cases} >= {"gb", "gb98", "jiujiang"}
    assert any(r["notes"] for _, r in cases)
    assert any(d["value"]["basis"] == "estimate" for _, r in cases for d in r.get("discards", []))
    built = template_drawings(cases)
    page.goto(f"{site_url}/index.html")
    pairs = page.evaluate(
        """async ([cases, built, signature]) => {
        const sig = eval(signature);
        const { analysisView } = await import("/static/js/analysis-view.js");
        return cases.map((result, i) => {
          const holder = document.createElement("div");
          holder.innerHTML = built[i];
          return [sig(holder.firstElementChild), sig(analysisView(result))];
        });
    }""",
        [[r for _, r in cases], built, SIGNATURE_JS],
    )
    fail_on_differences([name for name, _ in cases], pairs, "readings", ("build", "calculator"))


ROWS_JS = """(card) => [...card.querySelectorAll("tbody tr")].map((row) =>
  row.classList.contains("routes-row") ? "routes" : row.dataset.discard)"""


@pytest.mark.parametrize("width, height", [(1280, 720), (360, 740)])
def test_a_lessons_sort_buttons_follow_the_engines_orders(page: Page, site_url: str, width, height):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{site_url}/lessons/guobiao/06-building-to-eight.html")
    card = page.locator("#reading-keep-the-red")
    result = handle({"action": "analyse", "rules": "gb", "hand": "567m55p2344sSSSC8m"})
    pairs = lambda order: [x for tile in order for x in (tile, "routes")]  # noqa: E731
    assert card.evaluate(ROWS_JS) == pairs(result["order"]["speed"])
    card.locator("[data-sort=value]").click()
    assert card.evaluate(ROWS_JS) == pairs(result["order"]["value"])
    assert card.locator("[data-sort=value]").get_attribute("aria-pressed") == "true"
    assert card.locator("[data-sort=speed]").get_attribute("aria-pressed") == "false"
    card.locator("[data-sort=speed]").press("Enter")
    assert card.evaluate(ROWS_JS) == pairs(result["order"]["speed"])
    # the reading fits the page: nothing wider than the screen
    assert page.evaluate("document.documentElement.scrollWidth") <= width
