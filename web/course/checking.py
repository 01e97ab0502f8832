"""Checking lessons against the engine: every example, convention setting and exercise answer is scored in
CPython and compared with what its file says by the engine itself (`action: "check_goal"`, through
course.expectations), and every hand reading is read (`action: "analyse"`) and compared with its `expect`
(course.reading_expectations.check_reading).

The results are kept on the examples (and the convention's settings), so that the pages show exactly what was
checked. Failures are collected, not raised one by one: `verify` raises one LessonError listing them all,
each naming the file, the example and the hand.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from suanfan.api import handle
from web import forms
from web.course.expectations import check_goal, describe_mismatch
from web.course.files import Course, Example, LessonError, Reading, shown
from web.course.reading_expectations import check_reading, describe_reading_mismatch


def score(request: dict) -> dict:
    """The engine's answer to a request, as a page receives it."""
    # The façade never raises; the round trip through JSON gives exactly what a page would receive.
    return json.loads(json.dumps(handle(request), ensure_ascii=False))


def verify_examples(examples: list[Example], where_of: Callable[[Example], str]) -> list[str]:
    """Score each example (and each setting of its convention) and compare it with its expectation; returns
    one line per difference, each starting with `where_of(example)` (the file it comes from)."""
    problems = []
    for example in examples:
        label = f"{where_of(example)}: example {example.id!r}, hand {example.hand}"
        example.result, misses = _checked(example.rules, example.expect, example.full_request, label, problems)
        problems.extend(f"{label}: {describe_mismatch(m, example.result)}" for m in misses)
        if example.convention:
            problems.extend(_verify_convention(example, label))
    return problems


def _checked(rules: str, expect: dict, request: dict, label: str, problems: list[str]) -> tuple[dict, list[dict]]:
    """The engine's result for `request` and how it misses `expect` (the engine's check_goal). A check the engine
    refuses (a request it cannot score as one) adds its message to `problems` and counts as no result."""
    answer = check_goal(rules, expect, {k: v for k, v in request.items() if k != "rules"})
    if not answer["ok"]:
        problems.append(f"{label}: {answer['error']['message']['en']}")
        return answer, []
    return answer["result"], answer["misses"]


def verify_readings(readings: list[Reading], where_of: Callable[[Reading], str]) -> list[str]:
    """Read each hand with the engine and compare the reading with what its `expect` says the lesson claims;
    returns one line per difference, each naming the file, the reading and the hand."""
    problems = []
    for reading in readings:
        reading.result = score(reading.full_request)
        label = f"{where_of(reading)}: reading {reading.id!r}, hand {reading.hand}"
        problems.extend(
            f"{label}: {describe_reading_mismatch(m, reading.result)}"
            for m in check_reading(reading.expect, reading.result)
        )
    return problems


def verify(course: Course) -> Course:
    """Score every example (and every convention setting and exercise answer) and check it against its
    expectation. Results are kept on the examples for the pages. Raises LessonError listing every failure."""
    problems: list[str] = []
    topics = {t["key"] for t in forms.description(course.rules).get("practice", {}).get("topics", [])}
    for lesson in course.lessons:
        where = shown(lesson.path)
        if lesson.practice and lesson.practice not in topics:
            problems.append(
                f"{where}: `practice` {lesson.practice!r} is not a practice topic of {course.rules} "
                f"(the engine's: {', '.join(sorted(topics))})"
            )
        problems.extend(verify_examples(lesson.examples, lambda example, where=where: where))
        problems.extend(verify_readings(lesson.readings, lambda reading, where=where: where))
        exercise = lesson.exercise
        if exercise and exercise.answer:
            label = f"{where}: [exercise] answer {exercise.answer}"
            asked = {"hand": exercise.answer, **exercise.request}
            result, misses = _checked(course.rules, exercise.goal, asked, label, problems)
            problems.extend(f"{label}: {describe_mismatch(m, result)}" for m in misses)
    if problems:
        raise LessonError(problems)
    return course


def _verify_convention(example: Example, label: str) -> list[str]:
    convention = example.convention
    problems = []
    bare = example.full_request
    bare["table"] = {k: v for k, v in bare.get("table", {}).items() if k != convention.key}
    defaults = score(bare)
    convention.default = defaults.get("table", {}).get(convention.key) if defaults.get("ok") else None
    convention.default_label, convention.default_label_en = next(
        ((v.label, v.label_en) for v in convention.variants if json.dumps(v.value) == json.dumps(convention.default)),
        forms.value_words(example.rules, f"table.{convention.key}", convention.default),
    )
    current = example.result.get("table", {}).get(convention.key) if example.result.get("ok") else None
    if example.result.get("ok") and current not in [v.value for v in convention.variants]:
        problems.append(
            f"{label}: the example's own table.{convention.key} = {json.dumps(current)} "
            f"is not one of the convention's values"
        )
    for variant in convention.variants:
        variant.selected = json.dumps(variant.value) == json.dumps(current)
        where = f"{label} with table.{convention.key} = {json.dumps(variant.value)}"
        asked = example.request_with(convention.key, variant.value)
        variant.result, misses = _checked(example.rules, variant.expect, asked, where, problems)
        problems.extend(f"{where}: {describe_mismatch(m, variant.result)}" for m in misses)
    return problems
