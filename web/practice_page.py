"""The practice page (practice.html), the progress page (progress.html), the classroom page (class.html) and where each
practice topic is taught.

The page draws nothing at build time but its frame: the questions come from the engine in the browser. What it
needs from the build is carried as data: each rule set's practice part of its description (kinds, topics in
course order), the fields of the conventions a question may be played under (九江's table, Guobiao's switches), and for every topic the page that teaches it (a lesson, a fan card, a series page, the principles
page), so a question can link to its lesson. `practice_link` gives the way back: "练习 Practise this" on those pages.
"""

from __future__ import annotations

import json
from urllib.parse import quote

from web import forms
from web.course.files import Course
from web.course.gb_files import facts
from web.course.guobiao import PAGES, GbCourse
from web.course.lesson_pages import OUTLINE_PAGE, lesson_page
from web.pages import Page

PAGE = "practice.html"
PROGRESS_PAGE = "progress.html"  # where the learner stands: levels, weaknesses, due (the same data as practice)
CLASS_PAGE = "class.html"  # a teacher's class set, answered by students, merged into a report (the same data)


def practice_link(rules: str, topic: str) -> str:
    """The practice page on one topic (relative to the site's root): a fresh question, of the kind that is due."""
    return f"{PAGE}#rules={quote(rules, safe='')}&topic={quote(topic, safe='')}"


def topic_kinds(rules: str, topic: str) -> int:
    """How many kinds of question a practice topic takes (a mastery mark needs it: proficient means right on two
    kinds, or on the one a topic has)."""
    described = forms.practice_topics(rules)
    return len(described[topic]["kinds"]) if topic in described else 2


def topic_pages(courses: list[Course], gb: GbCourse | None) -> dict[str, dict[str, str]]:
    """rules -> topic -> the page that teaches it (relative to the site's root)."""
    links: dict[str, dict[str, str]] = {}
    for course in courses:
        taught = links.setdefault(course.rules, {})
        for lesson in course.lessons:
            if lesson.practice:
                taught.setdefault(lesson.practice, lesson_page(lesson))
        taught.setdefault("mixed", OUTLINE_PAGE)
    if gb is not None:
        folder = PAGES["table"].rsplit("/", 1)[0]
        taught = {}
        for key, href in gb.fan_hrefs().items():
            taught[key] = f"{folder}/{href}"
        described = {t["key"]: t for t in forms.description(gb.rules)["practice"]["topics"]}
        for key, topic in described.items():
            if topic["type"] == "series":
                first = next((taught[fan] for fan in topic["fans"] if fan in taught), None)
                if first:
                    taught[key] = first.split("#", 1)[0]
            elif topic["type"] == "principle":
                taught[key] = f"{PAGES['principles']}#principle-{key}"
        taught["mixed"] = PAGES["table"]
        for profile in facts().PROFILES:  # every Guobiao profile is taught by the one course
            links.setdefault(profile, {}).update(taught)
    return links


def convention_fields(described: dict) -> list[dict]:
    """The fields of the sections a question is played under (`practice.conventions`): what the page needs to read
    them from its address (their kind) and to name them in its chips (labels, choices, the null label)."""
    sections = described["practice"].get("conventions", [])
    return [
        {
            "name": f["key"],
            "kind": forms.control_kind(f),
            "default": f["default"],
            "label": f["label"],
            "choices": [{"value": c["value"], "label": c["label"]} for c in f.get("choices", [])],
            "null_label": f.get("null_label"),
        }
        for f in described["fields"]
        if f["section"] in sections
    ]


def situation_keys(described: dict) -> list[dict]:
    """How a pasted line of the learner's own hands writes each situation key of the rule set (the scoring
    request's keys outside any section): `key` for a yes, `key=a|b` for a choice, `key=low–high` for a number."""
    out = []
    for f in described["fields"]:
        if f["section"] or f["key"] == "action":
            continue
        if f["type"] == "bool":
            written = f["key"]
        elif f["type"] == "choice":
            written = f"{f['key']}=" + "|".join(str(c["value"]) for c in f["choices"])
        else:
            written = f"{f['key']}={f.get('min', 0)}–{f.get('max', '')}"
        out.append({"written": written, "label": f["label"], "default": f["default"]})
    return out


def page_data(courses: list[Course], gb: GbCourse | None) -> dict:
    rulesets = [
        {
            "key": d["rules"],
            "name": d["name"],
            "unit": d["unit"],
            "practice": d["practice"],
            "conventions": convention_fields(d),
            "situation_keys": situation_keys(d),
        }
        for d in forms.descriptions()
        if "practice" in d
    ]
    return {"rulesets": rulesets, "links": topic_pages(courses, gb)}


def data_json(data: dict) -> str:
    """The page data as the text of a <script type="application/json">."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    # Inside <script type="application/json"> no "<" may start a tag or a comment: JSON's own escape for it.
    return text.replace("<", "\\u003c")


def practice_pages(courses: list[Course], gb: GbCourse | None) -> list[Page]:
    data = page_data(courses, gb)
    context = {"practice": data, "practice_json": data_json(data)}
    return [
        Page(PAGE, "_practice.html", context),
        Page(PROGRESS_PAGE, "_progress.html", context),
        Page(CLASS_PAGE, "_class.html", context),
    ]
