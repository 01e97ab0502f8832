"""Lessons: read the lesson files in lessons/<course>/, check every example with the engine, render the pages.

The format is lessons/FORMAT.md. `load_course` reads one course folder and `verify` scores every example
(and every exercise's sample answer) with the engine in CPython; both raise LessonError, whose message names
the file, the example and the hand, never a traceback. `check_expectation` is the one place where an
`expect` (or an exercise's `goal`) is compared with a result: the build uses it, the tests use it, and
web/static/js/lesson-goals.js mirrors it for the browser (tests/lessons run both on the same cases).
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import forms
import markdown
from suanfan import tiles as T
from suanfan.api import handle
from suanfan.errors import SuanfanError
from suanfan.notation import EITHER, parse

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"

RULES = ("jiujiang", "gb", "gb98")
GB = ("gb", "gb98")
KINDS = ("example", "near_miss")
LESSON_FILE = re.compile(r"^(\d\d)-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$")
EXAMPLE_LINE = re.compile(r"^@example[ \t]+(\S+)[ \t]*$")

# ---------------------------------------------------------------- what `expect` may say

# key -> (the rule sets it applies to, the type its value must have)
EXPECT_KEYS: dict[str, tuple[tuple[str, ...], str]] = {
    "total": (RULES, "int"),
    "pattern": (("jiujiang",), "str"),
    "patterns": (("jiujiang",), "list"),
    "not_patterns": (("jiujiang",), "list"),
    "capped": (("jiujiang",), "bool"),
    "fans": (GB, "list"),
    "not_fans": (GB, "list"),
    "excluded": (GB, "list"),
    "meets_minimum": (GB, "bool"),
    "error": (RULES, "str"),
}
TYPE_NAMES = {"int": "a whole number", "str": "a string", "list": "a list of strings", "bool": "true or false"}


def _has_type(value, kind: str) -> bool:
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "str":
        return isinstance(value, str)
    if kind == "bool":
        return isinstance(value, bool)
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def expectation_problems(expect, rules: str) -> list[str]:
    """What is wrong with an `expect` table itself (before any hand is scored)."""
    if not isinstance(expect, dict) or not expect:
        return ["needs an `expect` with at least one key (" + ", ".join(EXPECT_KEYS) + ")"]
    problems = []
    for key, value in expect.items():
        if key not in EXPECT_KEYS:
            problems.append(f"unknown expect key `{key}` (known: {', '.join(EXPECT_KEYS)})")
            continue
        applies, kind = EXPECT_KEYS[key]
        if rules not in applies:
            problems.append(f"expect key `{key}` is for {' / '.join(applies)} rules, this example uses {rules}")
        if not _has_type(value, kind):
            problems.append(f"expect key `{key}` must be {TYPE_NAMES[kind]}, not {value!r}")
    if "error" in expect and len(expect) > 1:
        problems.append("`error` says the request fails, so it cannot be combined with other expect keys")
    return problems


def _keys(items) -> list[str]:
    return sorted({item["key"] for item in items or []})


def check_expectation(expect: dict, result: dict) -> list[dict]:
    """Compare a (valid) expectation with an engine result: one {key, expected, actual} per mismatch.

    `actual` is what the result says for that key; for the list keys it is every key the result has.
    A failed request that was not expected to fail is one mismatch of key `error` (expected None).
    """
    if not result.get("ok"):
        code = result.get("error", {}).get("code")
        wanted = expect.get("error")
        return [] if wanted == code else [{"key": "error", "expected": wanted, "actual": code}]
    if "error" in expect:
        return [{"key": "error", "expected": expect["error"], "actual": None}]
    actual = {
        "total": result.get("total"),
        "pattern": (result.get("pattern") or {}).get("key"),
        "patterns": _keys(result.get("patterns")),
        "not_patterns": _keys(result.get("patterns")),
        "capped": result.get("capped"),
        "fans": _keys(result.get("fans")),
        "not_fans": _keys(result.get("fans")),
        "excluded": _keys(result.get("excluded")),
        "meets_minimum": result.get("meets_minimum"),
    }
    mismatches = []
    for key, wanted in expect.items():
        have = actual[key]
        if key in ("patterns", "fans", "excluded"):
            ok = all(k in have for k in wanted)
        elif key in ("not_patterns", "not_fans"):
            ok = not any(k in have for k in wanted)
        else:
            ok = have == wanted
        if not ok:
            mismatches.append({"key": key, "expected": wanted, "actual": have})
    return mismatches


def describe_mismatch(m: dict, result: dict) -> str:
    """One mismatch as a sentence for the build's error message."""
    key, wanted, have = m["key"], m["expected"], m["actual"]
    if key == "error" and wanted is None:
        message = result.get("error", {}).get("message", {}).get("en", "")
        return f"the engine refuses the hand: {have} ({message})"
    if key == "error":
        return f"expected error {wanted}, " + (f"the engine gives {have}" if have else
                                               f"but the hand scores (total {result.get('total')})")
    if key in ("not_patterns", "not_fans"):
        found = [k for k in wanted if k in have]
        return f"expected {key} {wanted}, but the result has {found}"
    if key in ("patterns", "fans", "excluded"):
        missing = [k for k in wanted if k not in have]
        return f"expected {key} to include {missing}, the result has {have}"
    return f"expected {key} = {json.dumps(wanted)}, the engine gives {json.dumps(have)}"


# ---------------------------------------------------------------- the data

class LessonError(Exception):
    """One or more problems in lesson files; the message has one line per problem, each naming its file."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass
class Variant:
    """One setting of a convention switch, with the result the build computed for it."""

    value: object
    label: str
    expect: dict
    result: dict = field(default_factory=dict)
    selected: bool = False   # the example's own request uses this value

    @property
    def value_json(self) -> str:
        return json.dumps(self.value)


@dataclass
class Convention:
    """A table convention the card can flip live: table.<key> takes each of the values."""

    key: str
    variants: list[Variant]
    default: object = None    # the engine's default for the key (filled by verify)
    default_label: str = ""   # the default in words: its variant's label, else the value's words (filled by verify)


@dataclass
class Example:
    id: str
    hand: str
    request: dict
    rules: str
    expect: dict
    caption: str = ""
    kind: str = "example"
    player: bool = False
    convention: Convention | None = None
    result: dict = field(default_factory=dict)

    @property
    def full_request(self) -> dict:
        return {"hand": self.hand, "rules": self.rules, **self.request}

    def request_with(self, key: str, value) -> dict:
        request = self.full_request
        request["table"] = {**request.get("table", {}), key: value}
        return request


@dataclass
class Exercise:
    prompt: str
    prompt_en: str
    request: dict
    goal: dict
    answer: str = ""   # a hand that meets the goal: the build proves the exercise can be solved


@dataclass
class Lesson:
    course: str
    slug: str
    number: int
    path: Path
    title: str
    title_en: str
    summary: str
    examples: list[Example]
    exercise: Exercise | None
    body: str
    parts: list[tuple[str, str]] = field(default_factory=list)   # the body split at `@example` lines

    @property
    def key(self) -> str:
        return f"{self.course}/{self.slug}"


@dataclass
class Course:
    slug: str
    path: Path
    title: str
    title_en: str
    rules: str
    summary: str
    lessons: list[Lesson]


def shown(path: Path) -> str:
    """A path as an author recognises it: relative to the repository when it is inside it."""
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


# ---------------------------------------------------------------- reading files

def _toml(text: str, path: Path, first_line: int = 1) -> dict:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = re.sub(r"\(at line (\d+), column (\d+)\)",
                         lambda m: f"(line {int(m[1]) + first_line - 1}, column {m[2]})", str(exc))
        raise LessonError([f"{shown(path)}: bad TOML: {message}"]) from None


def split_front_matter(text: str, path: Path) -> tuple[dict, str]:
    lines = text.splitlines()
    if not lines or lines[0].strip() != "+++":
        raise LessonError([f"{shown(path)}: a lesson starts with a `+++` line, then its TOML front matter"])
    for end in range(1, len(lines)):
        if lines[end].strip() == "+++":
            return _toml("\n".join(lines[1:end]), path, first_line=2), "\n".join(lines[end + 1:])
    raise LessonError([f"{shown(path)}: the front matter has no closing `+++` line"])


def _text(table: dict, key: str, where: str, problems: list[str], required: bool = True) -> str:
    value = table.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        problems.append(f"{where}: `{key}` must be a non-empty string")
        return ""
    return value


def _unknown(table: dict, allowed, where: str, problems: list[str]) -> None:
    for key in table:
        if key not in allowed:
            problems.append(f"{where}: unknown key `{key}` (known: {', '.join(allowed)})")


COURSE_KEYS = ("title", "title_en", "rules", "summary")
LESSON_KEYS = ("title", "title_en", "summary", "example", "exercise")
EXAMPLE_KEYS = ("id", "hand", "request", "caption", "kind", "expect", "player", "convention")
EXERCISE_KEYS = ("prompt", "prompt_en", "request", "goal", "answer")
CONVENTION_KEYS = ("key", "values", "labels", "expect")


def _convention(raw, rules: str, where: str, problems: list[str]) -> Convention | None:
    if not isinstance(raw, dict):
        problems.append(f"{where}: `convention` must be a table")
        return None
    _unknown(raw, CONVENTION_KEYS, where + " convention", problems)
    key, values = raw.get("key"), raw.get("values")
    labels, expects = raw.get("labels"), raw.get("expect")
    if not isinstance(key, str) or not key:
        problems.append(f"{where}: convention `key` must name a table key, e.g. \"base_added\"")
        return None
    if not isinstance(values, list) or len(values) < 2:
        problems.append(f"{where}: convention `values` must list at least two settings")
        return None
    if labels is None:
        labels = [_value_label(v) for v in values]
    if not isinstance(labels, list) or len(labels) != len(values) or not all(isinstance(s, str) for s in labels):
        problems.append(f"{where}: convention `labels` must be strings, one per value")
        return None
    if not isinstance(expects, list) or len(expects) != len(values):
        problems.append(f"{where}: convention `expect` must list one expectation per value")
        return None
    for value, expect in zip(values, expects):
        problems.extend(f"{where} (table.{key} = {json.dumps(value)}): {p}"
                        for p in expectation_problems(expect, rules))
    return Convention(key, [Variant(v, s, e) for v, s, e in zip(values, labels, expects)])


def _value_label(value) -> str:
    if value is True:
        return "是 on"
    if value is False:
        return "否 off"
    return str(value)


def _example(raw, course_rules: str, where: str, problems: list[str]) -> Example | None:
    if not isinstance(raw, dict):
        problems.append(f"{where}: each [[example]] must be a table")
        return None
    ident = raw.get("id")
    if not isinstance(ident, str) or not re.fullmatch(r"[A-Za-z0-9_-]+", ident):
        problems.append(f"{where}: `id` must be a word (letters, digits, - and _), not {ident!r}")
        return None
    where = f"{where} {ident!r}"
    _unknown(raw, EXAMPLE_KEYS, where, problems)
    hand = raw.get("hand")
    if not isinstance(hand, str) or not hand.strip():
        problems.append(f"{where}: `hand` must be a notation string")
        return None
    where = f"{where}, hand {hand}"
    request = raw.get("request", {})
    if not isinstance(request, dict) or "hand" in request:
        problems.append(f"{where}: `request` must be a table of request keys other than `hand`")
        return None
    rules = request.get("rules", course_rules)
    if rules not in RULES:
        problems.append(f"{where}: unknown rules {rules!r} (known: {', '.join(RULES)})")
        return None
    kind = raw.get("kind", "example")
    if kind not in KINDS:
        problems.append(f"{where}: `kind` must be one of {', '.join(KINDS)}, not {kind!r}")
    player = raw.get("player", False)
    if not isinstance(player, bool):
        problems.append(f"{where}: `player` must be true or false")
    caption = raw.get("caption", "")
    if not isinstance(caption, str):
        problems.append(f"{where}: `caption` must be a string")
        caption = ""
    if "expect" not in raw:
        problems.append(f"{where}: missing `expect` (every example says what the engine must answer)")
        expect = {}
    else:
        expect = raw["expect"]
        problems.extend(f"{where}: {p}" for p in expectation_problems(expect, rules))
    convention = _convention(raw["convention"], rules, where, problems) if "convention" in raw else None
    return Example(ident, hand, {k: v for k, v in request.items() if k != "rules"}, rules,
                   expect if isinstance(expect, dict) else {}, caption, kind, bool(player), convention)


def _exercise(raw, rules: str, where: str, problems: list[str]) -> Exercise | None:
    if not isinstance(raw, dict):
        problems.append(f"{where}: [exercise] must be a table")
        return None
    _unknown(raw, EXERCISE_KEYS, where, problems)
    prompt = _text(raw, "prompt", where, problems)
    prompt_en = _text(raw, "prompt_en", where, problems)
    request = raw.get("request", {})
    if not isinstance(request, dict) or "hand" in request or "rules" in request:
        problems.append(f"{where}: `request` must be a table of situation keys (no `hand`, no `rules`)")
        request = {}
    if "goal" not in raw:
        problems.append(f"{where}: missing `goal`")
    goal = raw.get("goal", {})
    problems.extend(f"{where}: goal: {p}" for p in expectation_problems(goal, rules))
    if "error" in (goal if isinstance(goal, dict) else {}):
        problems.append(f"{where}: goal: an exercise asks for a winning hand, so `error` cannot be a goal")
    answer = raw.get("answer", "")
    if not isinstance(answer, str):
        problems.append(f"{where}: `answer` must be a notation string")
        answer = ""
    return Exercise(prompt, prompt_en, request, goal if isinstance(goal, dict) else {}, answer)


def split_body(body: str, ids: list[str], where: str, problems: list[str]) -> list[tuple[str, str]]:
    """The body as parts: ("markdown", text) and ("example", id), split at `@example ID` lines."""
    parts: list[tuple[str, str]] = []
    text: list[str] = []
    placed: set[str] = set()
    for line in body.splitlines():
        found = EXAMPLE_LINE.match(line.strip())
        if not found:
            text.append(line)
            continue
        ident = found[1]
        if ident not in ids:
            problems.append(f"{where}: `@example {ident}` names no example (ids: {', '.join(ids) or 'none'})")
            continue
        if ident in placed:
            problems.append(f"{where}: `@example {ident}` is placed twice")
            continue
        placed.add(ident)
        parts.append(("markdown", "\n".join(text)))
        parts.append(("example", ident))
        text = []
    parts.append(("markdown", "\n".join(text)))
    parts.extend(("example", ident) for ident in ids if ident not in placed)
    return [(kind, value) for kind, value in parts if kind == "example" or value.strip()]


def load_lesson(path: Path, course: str, rules: str) -> Lesson:
    problems: list[str] = []
    where = shown(path)
    name = LESSON_FILE.match(path.name)
    if not name:
        raise LessonError([f"{where}: a lesson file is named NN-slug.md (two digits, a dash, lower-case words)"])
    front, body = split_front_matter(path.read_text(encoding="utf-8"), path)
    _unknown(front, LESSON_KEYS, where, problems)
    title = _text(front, "title", where, problems)
    title_en = _text(front, "title_en", where, problems)
    summary = _text(front, "summary", where, problems)
    raw_examples = front.get("example", [])
    if not isinstance(raw_examples, list):
        problems.append(f"{where}: examples are written [[example]] (an array of tables)")
        raw_examples = []
    examples: list[Example] = []
    for raw in raw_examples:
        example = _example(raw, rules, f"{where}: example", problems)
        if example is None:
            continue
        if any(e.id == example.id for e in examples):
            problems.append(f"{where}: duplicate example id {example.id!r}")
            continue
        examples.append(example)
    exercise = _exercise(front["exercise"], rules, f"{where}: [exercise]", problems) if "exercise" in front else None
    parts = split_body(body, [e.id for e in examples], where, problems)
    if problems:
        raise LessonError(problems)
    return Lesson(course, path.stem, int(name[1]), path, title, title_en, summary, examples, exercise, body, parts)


def load_course(path: Path) -> Course:
    """Read lessons/<course>/course.toml and every NN-slug.md beside it; raise LessonError on any problem."""
    path = Path(path)
    course_file = path / "course.toml"
    if not course_file.is_file():
        raise LessonError([f"{shown(path)}: a course folder needs a course.toml"])
    raw = _toml(course_file.read_text(encoding="utf-8"), course_file)
    problems: list[str] = []
    where = shown(course_file)
    _unknown(raw, COURSE_KEYS, where, problems)
    title, title_en = _text(raw, "title", where, problems), _text(raw, "title_en", where, problems)
    summary = _text(raw, "summary", where, problems)
    rules = raw.get("rules")
    if rules not in RULES:
        problems.append(f"{where}: `rules` must be one of {', '.join(RULES)}, not {rules!r}")
    lessons: list[Lesson] = []
    numbers: dict[int, Path] = {}
    for file in sorted(path.glob("*.md")):
        try:
            lesson = load_lesson(file, path.name, rules if rules in RULES else "jiujiang")
        except LessonError as err:
            problems.extend(err.problems)
            continue
        if lesson.number in numbers:
            problems.append(f"{shown(file)}: lesson number {lesson.number:02d} is also used by "
                            f"{numbers[lesson.number].name}")
        numbers[lesson.number] = file
        lessons.append(lesson)
    if problems:
        raise LessonError(problems)
    return Course(path.name, path, title, title_en, rules, summary, lessons)


def load_courses(root: Path = LESSONS) -> list[Course]:
    """Every course under root (a folder with a course.toml), in folder order; all problems reported at once."""
    courses, problems = [], []
    for course_file in sorted(Path(root).glob("*/course.toml")):
        try:
            courses.append(load_course(course_file.parent))
        except LessonError as err:
            problems.extend(err.problems)
    if problems:
        raise LessonError(problems)
    return courses


# ---------------------------------------------------------------- checking with the engine

def _score(request: dict) -> dict:
    # The façade never raises; the round trip through JSON gives exactly what a page would receive.
    return json.loads(json.dumps(handle(request), ensure_ascii=False))


def verify(course: Course) -> Course:
    """Score every example (and every convention setting and exercise answer) and check it against its
    expectation. Results are kept on the examples for the pages. Raises LessonError listing every failure."""
    problems: list[str] = []
    for lesson in course.lessons:
        where = shown(lesson.path)
        for example in lesson.examples:
            example.result = _score(example.full_request)
            label = f"{where}: example {example.id!r}, hand {example.hand}"
            problems.extend(f"{label}: {describe_mismatch(m, example.result)}"
                            for m in check_expectation(example.expect, example.result))
            if example.convention:
                problems.extend(_verify_convention(example, label))
        exercise = lesson.exercise
        if exercise and exercise.answer:
            result = _score({"hand": exercise.answer, "rules": course.rules, **exercise.request})
            problems.extend(f"{where}: [exercise] answer {exercise.answer}: {describe_mismatch(m, result)}"
                            for m in check_expectation(exercise.goal, result))
    if problems:
        raise LessonError(problems)
    return course


def _verify_convention(example: Example, label: str) -> list[str]:
    convention = example.convention
    problems = []
    bare = example.full_request
    bare["table"] = {k: v for k, v in bare.get("table", {}).items() if k != convention.key}
    defaults = _score(bare)
    convention.default = defaults.get("table", {}).get(convention.key) if defaults.get("ok") else None
    convention.default_label = next(
        (v.label for v in convention.variants if json.dumps(v.value) == json.dumps(convention.default)),
        " ".join(forms.value_words(example.rules, f"table.{convention.key}", convention.default)))
    current = example.result.get("table", {}).get(convention.key) if example.result.get("ok") else None
    if example.result.get("ok") and current not in [v.value for v in convention.variants]:
        problems.append(f"{label}: the example's own table.{convention.key} = {json.dumps(current)} "
                        f"is not one of the convention's values")
    for variant in convention.variants:
        variant.selected = json.dumps(variant.value) == json.dumps(current)
        variant.result = _score(example.request_with(convention.key, variant.value))
        problems.extend(f"{label} with table.{convention.key} = {json.dumps(variant.value)}: "
                        f"{describe_mismatch(m, variant.result)}"
                        for m in check_expectation(variant.expect, variant.result))
    return problems


# ---------------------------------------------------------------- helpers for the pages

URI_SAFE = "!*'()"   # with letters, digits and -_.~ what encodeURIComponent leaves as it is


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
    {"error": message} so an example that is about a notation error still has a card."""
    try:
        hand = parse(text, expect=EITHER)
    except SuanfanError as err:
        return {"melds": [], "standing": [], "winning": None, "error": err.message_zh}
    standing = [T.code(t) for t in hand.standing]
    winning = standing.pop() if hand.is_complete else None
    return {
        "melds": [{"tiles": [T.code(t) for t in m.tiles], "kind": m.kind, "concealed": m.concealed}
                  for m in hand.melds],
        "standing": standing,
        "winning": winning,
        "error": None,
    }


def render_markdown(text: str) -> str:
    return markdown.markdown(text, extensions=["tables", "attr_list"], output_format="html")


# ---------------------------------------------------------------- the pages

def card_view(example: Example) -> dict:
    """What the example partial needs beyond the example itself: computed once, here."""
    return {
        "example": example,
        "groups": hand_groups(example.hand),
        "chips": forms.settings_in_words(example.rules, example.request),
        "calculator": "calculator.html#" + calculator_fragment(example.full_request),
        "request_json": json.dumps(example.full_request, ensure_ascii=False),
    }


def lesson_view(lesson: Lesson, course: Course) -> dict:
    index = course.lessons.index(lesson)
    by_id = {e.id: e for e in lesson.examples}
    parts = [("html", render_markdown(value)) if kind == "markdown" else ("example", card_view(by_id[value]))
             for kind, value in lesson.parts]
    exercise = lesson.exercise
    return {
        "lesson": lesson,
        "course": course,
        "position": index + 1,
        "parts": parts,
        "previous": course.lessons[index - 1] if index else None,
        "next": course.lessons[index + 1] if index + 1 < len(course.lessons) else None,
        "exercise_view": None if exercise is None else {
            "exercise": exercise,
            "chips": forms.settings_in_words(course.rules, exercise.request),
            "request_json": json.dumps({"rules": course.rules, **exercise.request}, ensure_ascii=False),
            "goal_json": json.dumps(exercise.goal, ensure_ascii=False),
            "names_json": json.dumps(rule_names(course.rules), ensure_ascii=False),
        },
    }


def rule_names(rules: str) -> dict:
    """Pattern (or fan) key -> {zh, en}, so the page can name what an exercise's goal asks for."""
    return {item["key"]: {"zh": item["zh"], "en": item["en"]} for item in forms.description(rules)["labels"]["items"]}


OUTLINE_PAGE = "lessons/index.html"


def nav_context() -> dict:
    """What every page needs to link to the lessons (the nav of _base.html shows 课程 when this is set)."""
    return {"lessons_url": OUTLINE_PAGE}


def lesson_page(lesson: Lesson) -> str:
    return f"lessons/{lesson.course}/{lesson.slug}.html"


def build_pages(env, dist: Path, context: dict, root: Path = LESSONS) -> list[Path]:
    """Check every course under root with the engine, then write the outline and one page per lesson.

    A lesson that does not check stops the build with the problems listed (SystemExit, no traceback)."""
    try:
        courses = [verify(course) for course in load_courses(root)]
    except LessonError as err:
        raise SystemExit("lessons: the build stops, these lesson files do not check:\n"
                         + "\n".join("  " + p for p in err.problems)) from None
    written = []

    def write(page: str, template: str, **values) -> None:
        root_prefix = "../" * page.count("/")
        html = env.get_template(template).render(**context, **values, page=page, root=root_prefix,
                                                 lesson_page=lesson_page)
        out = Path(dist) / page
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(html, encoding="utf-8")
        written.append(out)

    write(OUTLINE_PAGE, "lessons/_outline.html", courses=courses)
    for course in courses:
        for lesson in course.lessons:
            write(lesson_page(lesson), "lessons/_lesson.html", **lesson_view(lesson, course))
    # Hook for the Guobiao course's reference pages (fan cards, fan table, principles, variants, kongs), which
    # web/gb_course.py checks with the engine and writes with this same writer; a no-op without lessons/guobiao/fans.
    import gb_course
    gb_course.build_pages(write, Path(root) / "guobiao")
    return written
