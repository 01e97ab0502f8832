"""One drawing of a result, twice: the build writes lesson examples with templates/_result.html (pages read well
before any engine loads) and the browser draws results with static/js/result.js (the calculator, a card re-scored
live, an exercise's feedback). For every lesson example, fan card, principle and variant hand, and for waits and
error answers, both must give the same elements, classes, data attributes and words."""

from __future__ import annotations

import json

from paritykit import fail_on_differences, signature_js
from playwright.sync_api import Page

from suanfan.api import handle
from web import sitegen
from web.course.checking import verify
from web.course.files import load_courses
from web.course.guobiao import build_course

EXTRA_REQUESTS = [
    {"hand": "[5555p1]222m77799sEE", "action": "waits"},
    {"hand": "1112345678999m", "rules": "gb", "action": "waits"},
    {"hand": "[123m1]345m22p234s67s", "rules": "gb98", "action": "waits"},  # waits below the minimum
    {"hand": "123m456p789s11sEEE", "rules": "gb", "flowers": 3, "self_drawn": True},
    {"hand": "1111m3333p7799sEE", "table": {"base": 2, "cap": None}, "dealer": True},
    {"hand": "123m45x6p"},
    {"hand": "123m456p"},
]

# A drawing's signature: every element with every attribute, and its text (paritykit.signature_js)
SIGNATURE_JS = signature_js(None)


def all_results() -> list[tuple[str, dict]]:
    cases = []
    for course in load_courses():
        for lesson in verify(course).lessons:
            cases += [(f"{lesson.path.name} {e.id}", e.result) for e in lesson.examples]
    course = build_course()
    for file in course.series_files:
        cases += [(f"{file.path.name} {e.id}", e.result) for card in file.cards for e in card.examples]
    for principle in course.principles:
        cases += [(f"principles {e.id}", e.result) for e in principle.examples]
    for case in course.variants:
        cases += [(f"variants {r['example'].id}", r["example"].result) for r in case.results]
    cases += [(json.dumps(r, ensure_ascii=False), json.loads(json.dumps(handle(r)))) for r in EXTRA_REQUESTS]
    return cases


def template_drawings(cases) -> list[str]:
    env = sitegen.environment()
    template = env.from_string(
        '{% from "_result.html" import result_view, error_view with context %}'
        "{% if r.ok %}{{ result_view(r, 3) }}{% else %}{{ error_view(r.error) }}{% endif %}"
    )
    context = {**sitegen.site_context(), "root": "", "page": "parity.html"}
    return [template.render(**context, r=result) for _, result in cases]


def test_every_result_is_drawn_alike_by_the_build_and_the_browser(page: Page, site_url: str):
    cases = all_results()
    assert len(cases) > 250
    assert {r.get("rules") for _, r in cases if r["ok"]} >= {"jiujiang", "gb", "gb98"}
    built = template_drawings(cases)
    page.goto(f"{site_url}/index.html")
    pairs = page.evaluate(
        """async ([cases, built, signature]) => {
        const sig = eval(signature);
        const { renderResult, renderError } = await import("/static/js/result.js");
        return cases.map((result, i) => {
          const drawn = result.ok ? renderResult(result, { headingLevel: 3 }) : renderError(result.error);
          const holder = document.createElement("div");
          holder.innerHTML = built[i];
          return [sig(holder.firstElementChild), sig(drawn)];
        });
    }""",
        [[r for _, r in cases], built, SIGNATURE_JS],
    )
    fail_on_differences([name for name, _ in cases], pairs, "results")
