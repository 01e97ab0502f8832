"""A lesson's checks: "检查一下 Check yourself", the questions that end every lesson.

Each is a practice question the engine makes at build time on the lesson's practice topic (`practice` in its front
matter; a lesson without one is checked on its rule set's `mixed` topic), of the topic's kinds in turn, so a lesson
whose topic takes several kinds is checked on three of them. The page carries the engine's whole answer (the
question, its answer, the worked result), so the checks are answered and explained in place without the engine;
only the diagnosis of a wrong answer asks the engine in the browser. Seeds are fixed per lesson: every build
asks the same questions.
"""

from __future__ import annotations

import json
import zlib

from suanfan.api import handle
from web import forms
from web.course.files import Course, Lesson, LessonError

CHECKS = 3
# The kinds a check prefers, first to last: the lesson's numbers first, then reading the hand.
KIND_ORDER = ("points", "declare", "fans", "pay", "why_not", "name", "waits")
SEED_TRIES = 8


def check_topic(lesson: Lesson, rules: str) -> dict:
    topics = forms.practice_topics(rules)
    return topics.get(lesson.practice) or topics["mixed"]


def taught_settings(lesson: Lesson, course: Course) -> set[str]:
    """The table settings the course has shown by the end of `lesson`: those its examples (and their convention
    switches) set, in this lesson and the ones before it."""
    taught: set[str] = set()
    for earlier in course.lessons:
        if earlier.number > lesson.number:
            continue
        for example in earlier.examples:
            taught |= set(example.request.get("table", {}))
            if example.convention:
                taught.add(example.convention.key)
    return taught


def lesson_checks(lesson: Lesson, course: Course) -> list[dict]:
    """The lesson's questions: [{asked, result, json}] (asked: the question request without action and rules).
    A check asks only what the course has taught by then: until a lesson has shown a table setting, a question at
    another table than the sheet's (lesson 1 asked about 缺一门, which lesson 13 teaches) is passed over for the
    next seed; from then on the topic's own settings are what its lessons teach."""
    rules = course.rules
    topic = check_topic(lesson, rules)
    taught = taught_settings(lesson, course)
    kinds = sorted(topic["kinds"], key=lambda k: KIND_ORDER.index(k) if k in KIND_ORDER else len(KIND_ORDER))
    checks = []
    for n in range(CHECKS):
        kind = kinds[n % len(kinds)]
        for attempt in range(SEED_TRIES):
            seed = zlib.crc32(f"{lesson.key}|{n}|{attempt}".encode()) % 100_000
            asked = {"kind": kind, "topic": topic["key"], "seed": seed}
            result = handle({"action": "question", "rules": rules, **asked})
            # before any lesson has shown a table setting, a check is at the sheet's own table
            if not result["ok"] or (not taught and result["question"]["request"].get("table")):
                continue
            if not any(c["result"]["question"]["request"] == result["question"]["request"] for c in checks):
                break
        else:
            raise LessonError([f"{lesson.key}: no check question of kind {kind} on {topic['key']} could be made"])
        text = json.dumps({"asked": asked, "result": result}, ensure_ascii=False, sort_keys=True)
        # inside <script type="application/json"> no "<" may start a tag or a comment
        checks.append(
            {
                "asked": asked,
                "result": result,
                "json": text.replace("<", "\\u003c"),
                "request_json": json.dumps(result["question"]["request"], ensure_ascii=False),
                "tags_json": json.dumps(result["question"]["tags"], ensure_ascii=False),
            }
        )
    return checks
