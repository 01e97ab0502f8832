"""The rulings list (赛中裁决, rulings.html): lessons/rulings.toml read and checked with the engine, the links
between each ruling and the pages that teach its point, the search records, and the page.

A ruling is a question a table argues about, answered once in Chinese and English, with keywords, a rule set
and worked hands. The hands are lesson examples in every respect (course.files.read_example reads them,
course.checking.verify_examples scores them), so a wrong one stops the build with a message naming the file,
the ruling and the hand. A ruling whose answer depends on a reading of the rules shows each reading with its
own hands, one of them upheld.

Links go both ways from one place: a ruling names the lessons, fan cards and principles that teach its point
(`lessons`, `fans`, `principles`); `related` turns that round for those pages, which sitegen hands to every
page as `related_rulings`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from web import forms
from web.course import search
from web.course.bilingual import english
from web.course.checking import verify_examples
from web.course.expectations import RULES
from web.course.files import (
    LESSONS,
    Course,
    Example,
    LessonError,
    read_examples,
    read_toml,
    report_unknown_keys,
    shown,
    text_field,
)
from web.course.gb_files import PAGE_DIR, facts
from web.course.guobiao import PAGES, GbCourse
from web.course.lesson_pages import lesson_page
from web.course.views import card_view
from web.pages import Page

RULINGS_FILE = LESSONS / "rulings.toml"
PAGE = "rulings.html"
# The page's sections, in order; their names are words of the site (web/words.py, ruling_group_<key>).
GROUPS = ("sheet_faq", "kongs", "last_tiles", "minimum", "table", "principles")
RULING_KEYS = (
    "id",
    "group",
    "rules",
    "question",
    "question_en",
    "answer",
    "answer_en",
    "keywords",
    "lessons",
    "fans",
    "principles",
    "example",
    "reading",
)
READING_KEYS = ("upheld", "title", "title_en", "text", "text_en", "example")
IDENT = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


@dataclass
class Reading:
    """One way of reading the rules on a disputed point, with the hands that show what it gives."""

    upheld: bool
    title: str
    title_en: str
    text: str
    text_en: str
    examples: list[Example]


@dataclass
class Ruling:
    id: str
    group: str
    rules: str
    question: str
    question_en: str
    answer: str
    answer_en: str
    keywords: list[str]
    lessons: list[str] = field(default_factory=list)  # lesson keys, course/slug
    fans: list[str] = field(default_factory=list)  # Guobiao fan keys (their cards)
    principles: list[str] = field(default_factory=list)  # Guobiao combination principle keys
    examples: list[Example] = field(default_factory=list)
    readings: list[Reading] = field(default_factory=list)

    @property
    def all_examples(self) -> list[Example]:
        return self.examples + [e for reading in self.readings for e in reading.examples]


# ---------------------------------------------------------------- reading the file


def _string_list(raw: dict, key: str, where: str, problems: list[str], required: bool = False) -> list[str]:
    value = raw.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        problems.append(f"{where}: `{key}` must be a list of non-empty strings")
        return []
    if required and not value:
        problems.append(f"{where}: `{key}` must list at least one")
    return value


def _examples(raw_list, rules: str, where: str, ruling_id: str, taken: set, problems: list[str]) -> list[Example]:
    """A ruling's (or a reading's) hands; one left without an id is the ruling's id and the next free number."""

    def next_id(raw) -> str:
        n = 1
        while f"{ruling_id}-{n}" in taken:
            n += 1
        return f"{ruling_id}-{n}"

    return read_examples(raw_list, rules, where, taken, next_id, problems, "[[ruling.example]]")


def _reading(raw, rules: str, where: str, ruling_id: str, taken: set, problems: list[str]) -> Reading | None:
    if not isinstance(raw, dict):
        problems.append(f"{where}: each [[ruling.reading]] must be a table")
        return None
    report_unknown_keys(raw, READING_KEYS, where, problems)
    upheld = raw.get("upheld", False)
    if not isinstance(upheld, bool):
        problems.append(f"{where}: `upheld` must be true or false")
    examples = _examples(raw.get("example", []), rules, where, ruling_id, taken, problems)
    if not examples:
        problems.append(f"{where}: a reading needs at least one hand ([[ruling.reading.example]])")
    title, text = text_field(raw, "title", where, problems), text_field(raw, "text", where, problems)
    return Reading(
        upheld is True,
        title,
        english(raw, "title", where, problems),
        text,
        english(raw, "text", where, problems),
        examples,
    )


def _ruling(raw, where: str, seen: set, taken: set, problems: list[str]) -> Ruling | None:
    if not isinstance(raw, dict):
        problems.append(f"{where}: each [[ruling]] must be a table")
        return None
    ident = raw.get("id")
    if not isinstance(ident, str) or not IDENT.fullmatch(ident):
        problems.append(f"{where}: ruling `id` must be lower-case words joined by -, not {ident!r}")
        return None
    if ident in seen:
        problems.append(f"{where}: a second ruling {ident!r}")
        return None
    seen.add(ident)
    where = f"{where}: ruling {ident!r}"
    report_unknown_keys(raw, RULING_KEYS, where, problems)
    group = raw.get("group")
    if group not in GROUPS:
        problems.append(f"{where}: `group` must be one of {', '.join(GROUPS)}, not {group!r}")
    rules = raw.get("rules")
    if rules not in RULES:
        problems.append(f"{where}: `rules` must be one of {', '.join(RULES)}, not {rules!r}")
        return None
    texts = {}
    for key in ("question", "answer"):
        texts[key] = text_field(raw, key, where, problems)
        texts[f"{key}_en"] = english(raw, key, where, problems)
    keywords = _string_list(raw, "keywords", where, problems, required=True)
    lessons = _string_list(raw, "lessons", where, problems)
    fans = _string_list(raw, "fans", where, problems)
    principles = _string_list(raw, "principles", where, problems)
    problems.extend(
        f"{where}: `fans`: {key!r} is not a Guobiao fan of the engine (its reference)"
        for key in fans
        if key not in facts().FAN_BY_KEY
    )
    problems.extend(
        f"{where}: `principles`: {key!r} is not one of {', '.join(facts().PRINCIPLES)}"
        for key in principles
        if key not in facts().PRINCIPLES
    )
    examples = _examples(raw.get("example", []), rules, where, ident, taken, problems)
    raw_readings = raw.get("reading", [])
    if not isinstance(raw_readings, list):
        problems.append(f"{where}: readings are written [[ruling.reading]] (an array of tables)")
        raw_readings = []
    readings = [
        r
        for r in (
            _reading(raw_reading, rules, f"{where}: reading {n}", ident, taken, problems)
            for n, raw_reading in enumerate(raw_readings, 1)
        )
        if r is not None
    ]
    if readings and len(readings) < 2:
        problems.append(f"{where}: a disputed point shows at least two readings (one is a ruling, not a dispute)")
    if readings and sum(r.upheld for r in readings) != 1:
        problems.append(
            f"{where}: exactly one reading is the ruling (`upheld = true`), here {sum(r.upheld for r in readings)}"
        )
    if not examples and not readings:
        problems.append(f"{where}: a ruling needs at least one worked hand ([[ruling.example]])")
    return Ruling(
        ident,
        group,
        rules,
        **texts,
        keywords=keywords,
        lessons=lessons,
        fans=fans,
        principles=principles,
        examples=examples,
        readings=readings,
    )


def load_rulings(path: Path = RULINGS_FILE) -> list[Ruling]:
    """Every [[ruling]] of the file, in order, its examples read but not yet scored; LessonError lists every
    problem, each naming the file and the ruling."""
    path = Path(path)
    where = shown(path)
    raw = read_toml(path.read_text(encoding="utf-8"), path)
    problems: list[str] = []
    report_unknown_keys(raw, ("ruling",), where, problems)
    entries = raw.get("ruling", [])
    if not isinstance(entries, list) or not entries:
        problems.append(f"{where}: rulings are written [[ruling]] (an array of tables), at least one")
        entries = []
    seen: set[str] = set()
    taken: set[str] = set()
    rulings = [r for r in (_ruling(entry, where, seen, taken, problems) for entry in entries) if r is not None]
    if problems:
        raise LessonError(problems)
    return rulings


# ---------------------------------------------------------------- checking with the engine and the courses


def verify_rulings(rulings: list[Ruling], courses: list[Course], path: Path = RULINGS_FILE) -> list[Ruling]:
    """Score every hand (results kept on the examples for the page) and check that every lesson a ruling names
    exists; LessonError lists every problem, naming the file, the ruling and the hand."""
    where = shown(path)
    known = {lesson.key for course in courses for lesson in course.lessons}
    problems: list[str] = []
    for ruling in rulings:
        here = f"{where}: ruling {ruling.id!r}"
        problems.extend(
            f"{here}: `lessons`: no lesson {key!r} (a lesson is named course/NN-slug, e.g. jiujiang/08-multipliers)"
            for key in ruling.lessons
            if key not in known
        )
        problems.extend(verify_examples(ruling.all_examples, lambda example, here=here: here))
    if problems:
        raise LessonError(problems)
    return rulings


def checked_rulings(courses: list[Course], path: Path = RULINGS_FILE) -> list[Ruling]:
    """The rulings read and checked; a problem stops the build with every problem listed (SystemExit, no
    traceback). No file, no rulings."""
    if not Path(path).is_file():
        return []
    try:
        return verify_rulings(load_rulings(path), courses, path)
    except LessonError as err:
        raise SystemExit(
            "rulings: the build stops, these rulings do not check:\n" + "\n".join("  " + p for p in err.problems)
        ) from None


# ---------------------------------------------------------------- links both ways


def anchor(ruling: Ruling) -> str:
    return f"{PAGE}#ruling-{ruling.id}"


def taught_in(ruling: Ruling, courses: list[Course], gb: GbCourse | None) -> list[dict]:
    """Where the ruling's point is taught: {href (from the site's root), zh, en} for each lesson, fan card and
    principle it names (fan cards only when the Guobiao course is built)."""
    lessons = {lesson.key: lesson for course in courses for lesson in course.lessons}
    links = [
        {"href": lesson_page(lessons[key]), "zh": lessons[key].title, "en": lessons[key].title_en}
        for key in ruling.lessons
        if key in lessons
    ]
    cards = gb.fan_hrefs() if gb else {}
    links += [
        {"href": f"{PAGE_DIR}/{cards[key]}", "zh": facts().FAN_BY_KEY[key].zh, "en": facts().FAN_BY_KEY[key].en}
        for key in ruling.fans
        if key in cards
    ]
    links += [
        {
            "href": f"{PAGES['principles']}#principle-{key}",
            "zh": facts().PRINCIPLES[key][0],
            "en": facts().PRINCIPLES[key][1],
        }
        for key in ruling.principles
    ]
    return links


def related(rulings: list[Ruling]) -> dict[str, list[dict]]:
    """The other way round: "lesson:<course/slug>", "fan:<key>", "principle:<key>" -> the rulings that name it,
    each {href (from the site's root), zh, en}."""
    out: dict[str, list[dict]] = {}
    for ruling in rulings:
        link = {"href": anchor(ruling), "zh": ruling.question, "en": ruling.question_en}
        for prefix, keys in (("lesson", ruling.lessons), ("fan", ruling.fans), ("principle", ruling.principles)):
            for key in keys:
                out.setdefault(f"{prefix}:{key}", []).append(link)
    return out


def link_context(rulings: list[Ruling]) -> dict:
    """What every page may use: the rulings that concern it (templates/_related.html draws them)."""
    return {"related_rulings": related(rulings)}


# ---------------------------------------------------------------- the page


def search_record(ruling: Ruling) -> dict:
    name = forms.description(ruling.rules)["name"]
    titles = [t for r in ruling.readings for t in (r.title, r.title_en)]
    texts = [
        ruling.question,
        ruling.question_en,
        ruling.answer,
        ruling.answer_en,
        *ruling.keywords,
        name["zh"],
        name["en"],
        *titles,
    ]
    # Initials are for names (抢杠胡 qgh, 包三家 bsj): the keywords and the rule set's. Over whole sentences they
    # would match by chance (杠上开花本身就是… has "bsj" too).
    return search.record(ruling.id, texts, [*ruling.keywords, name["zh"]])


def ruling_view(ruling: Ruling, courses: list[Course], gb: GbCourse | None) -> dict:
    return {
        "ruling": ruling,
        "rule_name": forms.description(ruling.rules)["name"],
        "cards": [card_view(e) for e in ruling.examples],
        "readings": [{"reading": r, "cards": [card_view(e) for e in r.examples]} for r in ruling.readings],
        "taught": taught_in(ruling, courses, gb),
    }


def rulings_pages(rulings: list[Ruling], courses: list[Course], gb: GbCourse | None) -> list[Page]:
    """rulings.html: every ruling, by group in GROUPS' order (file order within a group), and the search data."""
    if not rulings:
        return []
    groups = [
        {"key": key, "rulings": [ruling_view(r, courses, gb) for r in rulings if r.group == key]} for key in GROUPS
    ]
    data = {"records": [search_record(r) for r in rulings]}
    # Inside <script type="application/json"> no "<" may start a tag or a comment: JSON's own escape for it.
    text = json.dumps(data, ensure_ascii=False, sort_keys=True).replace("<", "\\u003c")
    return [
        Page(
            PAGE,
            "_rulings.html",
            {"groups": [g for g in groups if g["rulings"]], "count": len(rulings), "search_json": text},
        )
    ]
