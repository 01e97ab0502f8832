"""What the templates draw, computed once at build time: example cards, hand readings, lesson pages, hands as tiles,
situation chips (named from the rule sets' descriptions, forms.settings_in_words) and the calculator's
permalinks.

Each view is a plain dict (or list) for a template; nothing here checks or scores: the examples come in
verified (course.checking), with their results.
"""

from __future__ import annotations

import json
import math
from urllib.parse import quote

import markdown
from markupsafe import Markup

from suanfan.api import EITHER, SuanfanError, glossary, parse, tile_code
from web import forms
from web.course.bilingual import HAN, mark_names
from web.course.checks import lesson_checks
from web.course.files import Block, Course, Example, Lesson, Reading
from web.hant import twin as hant_twin

URI_SAFE = "!*'()"  # with letters, digits and -_.~ what encodeURIComponent leaves as it is


def calculator_fragment(request: dict) -> str:
    """The calculator's permalink fragment for a request: hand=…&rules=…&self_drawn=1&table.base=2
    (the form web/static/js/permalink.js reads: nested keys dotted, booleans 1/0, null as `null`)."""
    pairs: list[tuple[str, str]] = []

    def add(key: str, value) -> None:
        if isinstance(value, dict):
            for sub, inner in value.items():
                add(f"{key}.{sub}", inner)
        elif isinstance(value, bool):
            pairs.append((key, "1" if value else "0"))
        else:
            pairs.append((key, "null" if value is None else str(value)))

    for key, value in request.items():
        add(key, value)
    # Escaped as JavaScript's encodeURIComponent does, so the calculator's own links look the same.
    return "&".join(f"{quote(k, safe=URI_SAFE)}={quote(v, safe=URI_SAFE)}" for k, v in pairs)


def hand_groups(text: str) -> dict:
    """The hand as drawn on a card: melds (tile codes, concealed or not), standing tiles, the winning tile.

    Returns {"melds": [...], "standing": [...], "winning": code or None}; an unreadable hand gives
    {"error": {"zh", "en"}} (the engine's message) so an example that is about a notation error still has a card."""
    try:
        hand = parse(text, expect=EITHER)
    except SuanfanError as err:
        return {"melds": [], "standing": [], "winning": None, "error": {"zh": err.message_zh, "en": err.message_en}}
    standing = [tile_code(t) for t in hand.standing]
    winning = standing.pop() if hand.is_complete else None
    return {
        "melds": [
            {"tiles": [tile_code(t) for t in m.tiles], "kind": m.kind, "concealed": m.concealed} for m in hand.melds
        ],
        "standing": standing,
        "winning": winning,
        "error": None,
    }


def render_markdown(text: str) -> str:
    """A lesson body's Markdown as HTML (with tables, and `{: .class}` attribute lists)."""
    return markdown.markdown(text, extensions=["tables", "attr_list"], output_format="html")


def render_blocks(blocks: list[Block]) -> str:
    """A lesson body's blocks as HTML: each Chinese block in a `.zh` element, its English in a `.en` one and, where
    the Traditional differs, its Traditional in a `.zh-hant` one (the page's language choice shows one); a block with no Chinese and no English (a hand in
    notation, a table of numbers) is shown in every language."""
    out = []
    for block in blocks:
        if not block.en and not HAN.search(block.zh):
            out.append(f'<div class="both">{render_markdown(block.zh)}</div>')
            continue
        zh = render_markdown(block.zh) if block.zh.strip() else ""
        hant = hant_twin(Markup(zh))  # the Traditional, converted here at build time; <code> (notation) kept
        if zh:
            out.append(f'<div class="zh{" zh-hans" if hant else ""}" lang="zh-Hans">{zh}</div>')
        if block.en.strip():
            out.append(f'<div class="en" lang="en">{mark_names(render_markdown(block.en))}</div>')
        if hant:
            out.append(f'<div class="zh-hant" lang="zh-Hant">{hant}</div>')
    return "\n".join(out)


def card_view(example: Example) -> dict:
    """What the example partial needs beyond the example itself: computed once, here."""
    calculator = "calculator.html#" + calculator_fragment(example.full_request)
    return {
        "example": example,
        "groups": hand_groups(example.hand),
        "chips": forms.settings_in_words(example.rules, example.request),
        "calculator": calculator,
        "presenter": calculator + "&present=1",  # the same hand straight in the calculator's presenter
        "request_json": json.dumps(example.full_request, ensure_ascii=False),
    }


def percent(share: float) -> int:
    """A share as a whole percent, rounded as the page's scripts round it (Math.round: halves up, not to even)."""
    return math.floor(share * 100 + 0.5)


def analysis_view(result: dict) -> dict:
    """What lessons/_reading.html's `analysis_view` draws of an analyse result, in the order and the words
    static/js/analysis-view.js draws it in the calculator: the rows (a 14-tile hand's discards in the engine's
    speed order; a 13-tile hand's own figures), the percents rounded, each form named."""
    shapes = glossary.labels()["shapes"]
    entries = (
        [next(d for d in result["discards"] if d["tile"] == tile) for tile in result["order"]["speed"]]
        if result["tiles"] == 14
        else [result]
    )
    rows = [
        {
            "discard": entry.get("tile"),
            "figures": entry,
            "minimum": None
            if entry["value"]["reaches_minimum"] is None
            else percent(entry["value"]["reaches_minimum"]),
            "routes": [{**route, "percent": percent(route["share"])} for route in entry["value"]["routes"]],
        }
        for entry in entries
    ]
    return {
        "result": result,
        "rows": rows,
        "has_minimum": isinstance(result.get("minimum"), int),
        "estimates": any(row["figures"]["value"]["basis"] == "estimate" for row in rows),
        "forms": [
            {"key": key, "shanten": n, "name": shapes.get(key, {"zh": key, "en": key})}
            for key, n in result.get("forms", {}).items()
            if n is not None
        ],
        "order": {key: " ".join(tiles) for key, tiles in result.get("order", {}).items()},
    }


def reading_view(reading: Reading) -> dict:
    """What lessons/_reading.html's `reading_card` draws: the hand (a 14-tile hand's last tile is the one just
    drawn, not a winning tile), its chips, the engine's reading and the calculator's link to the same reading."""
    groups = hand_groups(reading.hand)
    calculator = "calculator.html#" + calculator_fragment(reading.full_request)
    return {
        "reading": reading,
        "groups": {**groups, "winning": None, "drawn": groups["winning"]},
        "chips": forms.settings_in_words(reading.rules, reading.request),
        "calculator": calculator,
        "analysis": analysis_view(reading.result) if reading.result.get("ok") else None,
    }


def lesson_view(lesson: Lesson, course: Course) -> dict:
    """What web/templates/lessons/_lesson.html draws: the body with its example cards, the exercise, and the
    lessons before and after in the course."""
    index = course.lessons.index(lesson)
    by_id = {e.id: e for e in lesson.examples}
    readings = {r.id: r for r in lesson.readings}
    draw = {
        "blocks": lambda blocks: ("html", render_blocks(blocks)),
        "example": lambda ident: ("example", card_view(by_id[ident])),
        "reading": lambda ident: ("reading", reading_view(readings[ident])),
    }
    parts = [draw[kind](value) for kind, value in lesson.parts]
    exercise = lesson.exercise
    return {
        "lesson": lesson,
        "course": course,
        "position": index + 1,
        "parts": parts,
        "previous": course.lessons[index - 1] if index else None,
        "next": course.lessons[index + 1] if index + 1 < len(course.lessons) else None,
        "checks": lesson_checks(lesson, course),
        "exercise_view": None
        if exercise is None
        else {
            "exercise": exercise,
            "chips": forms.settings_in_words(course.rules, exercise.request),
            "request_json": json.dumps({"rules": course.rules, **exercise.request}, ensure_ascii=False),
            "goal_json": json.dumps(exercise.goal, ensure_ascii=False),
        },
    }
