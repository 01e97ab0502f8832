"""Lesson files: what they may say, and reading them into data (lessons/FORMAT.md is the format).

`load_course` reads one course folder (course.toml and every NN-slug.md), `load_courses` every course under
lessons/; both raise LessonError listing every problem, one line each, naming its file. Nothing here scores a
hand: course.checking does that.

The small readers (`read_toml`, `text_field`, `report_unknown_keys`, `read_example`, `read_examples`) are public
because the Guobiao course and the rulings read their own files (fan cards, principles, variants, rulings) with
them, so that a problem there reads like a problem in a lesson. Each checker appends its problems to a list instead of raising, so that one run
reports every problem of a file at once.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from suanfan.api import default_rules
from web.course.bilingual import HAN, english, english_text_problems
from web.course.expectations import RULES, expectation_problems
from web.course.reading_expectations import reading_expectation_problems

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"

KINDS = ("example", "near_miss")
LESSON_FILE = re.compile(r"^(\d\d)-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$")
# a card placed in the body: `@example ID` (an example scored) or `@reading ID` (a hand read, course.reading_expectations)
PLACE_LINE = re.compile(r"^@(example|reading)[ \t]+(\S+)[ \t]*$")
EN_OPEN = re.compile(r"^:::[ \t]*en[ \t]*$")  # a body's English block: `::: en` … `:::`
EN_CLOSE = re.compile(r"^:::[ \t]*$")


# ---------------------------------------------------------------- the data


class LessonError(Exception):
    """One or more problems in lesson files; the message has one line per problem, each naming its file."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass
class Variant:
    """One setting of a convention switch, with the result the build computed for it."""

    value: object
    label: str
    expect: dict
    label_en: str = ""
    result: dict = field(default_factory=dict)
    selected: bool = False  # the example's own request uses this value

    @property
    def value_json(self) -> str:
        return json.dumps(self.value)


@dataclass
class Convention:
    """A table convention the card can flip live: table.<key> takes each of the values."""

    key: str
    variants: list[Variant]
    default: object = None  # the engine's default for the key (filled by verify)
    default_label: str = ""  # the default in words: its variant's label, else the value's words (filled by verify)
    default_label_en: str = ""


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
    caption_en: str = ""

    @property
    def full_request(self) -> dict:
        return {"hand": self.hand, "rules": self.rules, **self.request}

    def request_with(self, key: str, value) -> dict:
        request = self.full_request
        request["table"] = {**request.get("table", {}), key: value}
        return request


@dataclass
class Reading:
    """A hand the engine reads at build time (`action: "analyse"`): 13 tiles, or 14 with a discard to choose.
    Its `expect` says what the lesson's text claims about the reading (course.reading_expectations)."""

    id: str
    hand: str
    request: dict
    rules: str
    expect: dict
    caption: str = ""
    caption_en: str = ""
    result: dict = field(default_factory=dict)

    @property
    def full_request(self) -> dict:
        return {"action": "analyse", "hand": self.hand, "rules": self.rules, **self.request}


@dataclass
class Exercise:
    prompt: str
    prompt_en: str
    request: dict
    goal: dict
    answer: str = ""  # a hand that meets the goal: the build proves the exercise can be solved


@dataclass
class Block:
    """One Chinese block of a lesson body and the English that follows it (Markdown both); `en` is "" when the
    block has no English, which only a block without Chinese (a hand in notation, a table of numbers) may do."""

    zh: str
    en: str = ""


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
    parts: list[tuple[str, object]] = field(default_factory=list)  # ("blocks", [Block]), ("example" | "reading", id)
    practice: str = ""  # the practice topic the lesson teaches (a key of the rule set's practice topics)
    summary_en: str = ""
    readings: list[Reading] = field(default_factory=list)

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
    summary_en: str = ""
    order: int = 0  # where the course stands in the outline and on the home page (lower first)


def shown(path: Path) -> str:
    """A path as an author recognises it: relative to the repository when it is inside it."""
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


# ---------------------------------------------------------------- reading files


def read_toml(text: str, path: Path, first_line: int = 1) -> dict:
    """Parse TOML read from `path`; bad TOML raises LessonError naming the file and the line in it
    (`first_line` is the file's line where `text` starts, for a front matter after its `+++` line)."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = re.sub(
            r"\(at line (\d+), column (\d+)\)",
            lambda m: f"(line {int(m[1]) + first_line - 1}, column {m[2]})",
            str(exc),
        )
        raise LessonError([f"{shown(path)}: bad TOML: {message}"]) from None


def split_front_matter(text: str, path: Path) -> tuple[dict, str]:
    """A lesson file's text as (its TOML front matter between the `+++` lines, the Markdown body after)."""
    lines = text.splitlines()
    if not lines or lines[0].strip() != "+++":
        raise LessonError([f"{shown(path)}: a lesson starts with a `+++` line, then its TOML front matter"])
    for end in range(1, len(lines)):
        if lines[end].strip() == "+++":
            return read_toml("\n".join(lines[1:end]), path, first_line=2), "\n".join(lines[end + 1 :])
    raise LessonError([f"{shown(path)}: the front matter has no closing `+++` line"])


def text_field(table: dict, key: str, where: str, problems: list[str], required: bool = True) -> str:
    """table[key] as a string ("" when absent and not required); anything else adds a problem at `where`."""
    value = table.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        problems.append(f"{where}: `{key}` must be a non-empty string")
        return ""
    return value


def report_unknown_keys(table: dict, allowed, where: str, problems: list[str]) -> None:
    """One problem per key of `table` not in `allowed`: a typo such as `captoin` would otherwise be dropped."""
    for key in table:
        if key not in allowed:
            problems.append(f"{where}: unknown key `{key}` (known: {', '.join(allowed)})")


COURSE_KEYS = ("title", "title_en", "rules", "summary", "summary_en", "order")
LESSON_KEYS = ("title", "title_en", "summary", "summary_en", "practice", "example", "reading", "exercise")
EXAMPLE_KEYS = ("id", "hand", "request", "caption", "caption_en", "kind", "expect", "player", "convention")
EXERCISE_KEYS = ("prompt", "prompt_en", "request", "goal", "answer")
CONVENTION_KEYS = ("key", "values", "labels", "labels_en", "expect")
READING_KEYS = ("id", "hand", "request", "caption", "caption_en", "expect")


def _convention(raw, rules: str, where: str, problems: list[str]) -> Convention | None:
    if not isinstance(raw, dict):
        problems.append(f"{where}: `convention` must be a table")
        return None
    report_unknown_keys(raw, CONVENTION_KEYS, where + " convention", problems)
    key, values = raw.get("key"), raw.get("values")
    labels, expects = raw.get("labels"), raw.get("expect")
    if not isinstance(key, str) or not key:
        problems.append(f'{where}: convention `key` must name a table key, e.g. "base_added"')
        return None
    if not isinstance(values, list) or len(values) < 2:
        problems.append(f"{where}: convention `values` must list at least two settings")
        return None
    if labels is None:  # 是 / 否 (on / off) for a switch, else the value itself
        labels = ["是" if v is True else "否" if v is False else str(v) for v in values]
        labels_en = ["on" if v is True else "off" if v is False else str(v) for v in values]
    else:
        labels_en = raw.get("labels_en")
        if labels_en is None and isinstance(labels, list):
            if any(HAN.search(str(label)) for label in labels):
                problems.append(f"{where}: convention `labels` has no English: add `labels_en`, one per value")
            labels_en = [label if isinstance(label, str) and not HAN.search(label) else "" for label in labels]
    for name, texts in (("labels", labels), ("labels_en", labels_en)):
        if not isinstance(texts, list) or len(texts) != len(values) or not all(isinstance(s, str) for s in texts):
            problems.append(
                f"{where}: convention `{name}` must be strings, one per value"
                + (" (the English of `labels`)" if name == "labels_en" else "")
            )
            return None
    for label in labels_en:
        problems.extend(english_text_problems(label, f"{where}: convention `labels_en`", " ".join(labels)))
    if not isinstance(expects, list) or len(expects) != len(values):
        problems.append(f"{where}: convention `expect` must list one expectation per value")
        return None
    for value, expect in zip(values, expects):
        problems.extend(
            f"{where} (table.{key} = {json.dumps(value)}): {p}" for p in expectation_problems(expect, rules)
        )
    return Convention(key, [Variant(v, s, e, en) for v, s, e, en in zip(values, labels, expects, labels_en)])


def _hand_table(
    raw,
    table: str,
    keys,
    forbidden: tuple[str, ...],
    request_words: str,
    course_rules: str,
    where: str,
    problems: list[str],
):
    """What an [[example]] and a [[reading]] table both begin with: a word for `id`, known keys, a `hand` in notation,
    a `request` table without the `forbidden` keys, known rules (its `rules`, else the course's). -> (id, where —
    now naming the id and the hand —, hand, request, rules), or None with the problem said."""
    if not isinstance(raw, dict):
        problems.append(f"{where}: each {table} must be a table")
        return None
    ident = raw.get("id")
    if not isinstance(ident, str) or not re.fullmatch(r"[A-Za-z0-9_-]+", ident):
        problems.append(f"{where}: `id` must be a word (letters, digits, - and _), not {ident!r}")
        return None
    where = f"{where} {ident!r}"
    report_unknown_keys(raw, keys, where, problems)
    hand = raw.get("hand")
    if not isinstance(hand, str) or not hand.strip():
        problems.append(f"{where}: `hand` must be a notation string")
        return None
    where = f"{where}, hand {hand}"
    request = raw.get("request", {})
    if not isinstance(request, dict) or set(forbidden) & set(request):
        problems.append(f"{where}: `request` must be a table of {request_words}")
        return None
    rules = request.get("rules", course_rules)
    if rules not in RULES:
        problems.append(f"{where}: unknown rules {rules!r} (known: {', '.join(RULES)})")
        return None
    return ident, where, hand, request, rules


def read_example(raw, course_rules: str, where: str, problems: list[str]) -> Example | None:
    """One [[example]] table as an Example (rules: its `request.rules`, else `course_rules`), its expectation
    checked but not yet scored; None when it is too broken to be one (the problems say why)."""
    head = _hand_table(
        raw, "[[example]]", EXAMPLE_KEYS, ("hand",), "request keys other than `hand`", course_rules, where, problems
    )
    if head is None:
        return None
    ident, where, hand, request, rules = head
    kind = raw.get("kind", "example")
    if kind not in KINDS:
        problems.append(f"{where}: `kind` must be one of {', '.join(KINDS)}, not {kind!r}")
    player = raw.get("player", False)
    if not isinstance(player, bool):
        problems.append(f"{where}: `player` must be true or false")
    caption = text_field(raw, "caption", where, problems, required=False)
    caption_en = english(raw, "caption", where, problems)
    if "expect" not in raw:
        problems.append(f"{where}: missing `expect` (every example says what the engine must answer)")
        expect = {}
    else:
        expect = raw["expect"]
        problems.extend(f"{where}: {p}" for p in expectation_problems(expect, rules))
    convention = _convention(raw["convention"], rules, where, problems) if "convention" in raw else None
    return Example(
        ident,
        hand,
        {k: v for k, v in request.items() if k != "rules"},
        rules,
        expect if isinstance(expect, dict) else {},
        caption,
        kind,
        bool(player),
        convention,
        caption_en=caption_en,
    )


def read_reading(raw, course_rules: str, where: str, problems: list[str]) -> Reading | None:
    """One [[reading]] table as a Reading, its expectation checked but the hand not yet read; None when it is too
    broken to be one (the problems say why)."""
    head = _hand_table(
        raw,
        "[[reading]]",
        READING_KEYS,
        ("hand", "action"),
        "situation keys (no `hand`, no `action`)",
        course_rules,
        where,
        problems,
    )
    if head is None:
        return None
    ident, where, hand, request, rules = head
    caption = text_field(raw, "caption", where, problems, required=False)
    caption_en = english(raw, "caption", where, problems)
    if "expect" not in raw:
        problems.append(f"{where}: missing `expect` (every reading says what the engine must find)")
    expect = raw.get("expect", {})
    problems.extend(f"{where}: {p}" for p in reading_expectation_problems(expect, rules))
    return Reading(
        ident,
        hand,
        {k: v for k, v in request.items() if k != "rules"},
        rules,
        expect if isinstance(expect, dict) else {},
        caption,
        caption_en,
    )


def read_examples(
    raw_list,
    rules: str,
    where: str,
    taken: set,
    default_id: Callable[[dict], str],
    problems: list[str],
    table: str = "[[example]]",
) -> list[Example]:
    """An array of example tables (written `table`) as Examples, for files whose examples may leave out their
    `id`: such an example is given default_id(its table). An id already in `taken` is refused; each new one is
    added to it, so one set can keep ids unique across a whole file or course."""
    if not isinstance(raw_list, list):
        problems.append(f"{where}: examples are written as an array of tables ({table})")
        return []
    out = []
    for raw in raw_list:
        if isinstance(raw, dict) and "id" not in raw:
            raw = {"id": default_id(raw), **raw}
        example = read_example(raw, rules, f"{where}: example", problems)
        if example is None:
            continue
        if example.id in taken:
            problems.append(f"{where}: example id {example.id!r} is used twice")
            continue
        taken.add(example.id)
        out.append(example)
    return out


def _exercise(raw, rules: str, where: str, problems: list[str]) -> Exercise | None:
    if not isinstance(raw, dict):
        problems.append(f"{where}: [exercise] must be a table")
        return None
    report_unknown_keys(raw, EXERCISE_KEYS, where, problems)
    prompt = text_field(raw, "prompt", where, problems)
    prompt_en = english(raw, "prompt", where, problems)
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


def split_blocks(text: str, where: str, problems: list[str]) -> list[Block]:
    """Body text (no `@example` lines) as Blocks: everything outside `::: en` … `:::` is Chinese, and each
    `::: en` block is the English of the Chinese written just before it."""
    blocks: list[Block] = []
    zh: list[str] = []
    en: list[str] | None = None  # the lines of an open `::: en` block
    for line in text.splitlines():
        if en is None:
            if EN_OPEN.match(line.strip()):
                if not "\n".join(zh).strip():
                    problems.append(f"{where}: a `::: en` block must follow the Chinese it translates")
                en = []
            elif EN_CLOSE.match(line.strip()):
                problems.append(f"{where}: a `:::` line closes no `::: en` block")
            else:
                zh.append(line)
        elif EN_CLOSE.match(line.strip()):
            blocks.append(Block("\n".join(zh).strip("\n"), "\n".join(en).strip("\n")))
            zh, en = [], None
        elif EN_OPEN.match(line.strip()):
            problems.append(f"{where}: a `::: en` block opens inside another (close the first with `:::`)")
        else:
            en.append(line)
    if en is not None:
        problems.append(f"{where}: a `::: en` block is not closed (a line `:::` ends it)")
        blocks.append(Block("\n".join(zh).strip("\n"), "\n".join(en).strip("\n")))
    elif "\n".join(zh).strip():
        blocks.append(Block("\n".join(zh).strip("\n")))
    blocks = [b for b in blocks if b.zh.strip() or b.en.strip()]
    for block in blocks:
        if HAN.search(block.zh) and not block.en.strip():
            first = next(line for line in block.zh.splitlines() if line.strip())
            problems.append(f"{where}: the body's block “{first[:40]}” has no English: add a `::: en` block after it")
        problems.extend(
            english_text_problems(block.en, f"{where}: the body's `::: en` block “{block.en.strip()[:40]}”", block.zh)
        )
    return blocks


def split_body(
    body: str, ids: list[str], where: str, problems: list[str], reading_ids: list[str] = ()
) -> list[tuple[str, object]]:
    """The body as parts: ("blocks", [Block]), ("example", id) and ("reading", id), split at `@example ID` and
    `@reading ID` lines; the examples and readings not placed follow the body, in order."""
    known = {"example": list(ids), "reading": list(reading_ids)}
    parts: list[tuple[str, object]] = []
    text: list[str] = []
    placed: set[tuple[str, str]] = set()
    for line in body.splitlines():
        found = PLACE_LINE.match(line.strip())
        if not found:
            text.append(line)
            continue
        kind, ident = found[1], found[2]
        if ident not in known[kind]:
            problems.append(f"{where}: `@{kind} {ident}` names no {kind} (ids: {', '.join(known[kind]) or 'none'})")
            continue
        if (kind, ident) in placed:
            problems.append(f"{where}: `@{kind} {ident}` is placed twice")
            continue
        placed.add((kind, ident))
        parts.append(("blocks", split_blocks("\n".join(text), where, problems)))
        parts.append((kind, ident))
        text = []
    parts.append(("blocks", split_blocks("\n".join(text), where, problems)))
    parts.extend((kind, ident) for kind, idents in known.items() for ident in idents if (kind, ident) not in placed)
    return [(kind, value) for kind, value in parts if kind != "blocks" or value]


def load_lesson(path: Path, course: str, rules: str) -> Lesson:
    problems: list[str] = []
    where = shown(path)
    name = LESSON_FILE.match(path.name)
    if not name:
        raise LessonError([f"{where}: a lesson file is named NN-slug.md (two digits, a dash, lower-case words)"])
    front, body = split_front_matter(path.read_text(encoding="utf-8"), path)
    report_unknown_keys(front, LESSON_KEYS, where, problems)
    title = text_field(front, "title", where, problems)
    title_en = english(front, "title", where, problems)
    summary = text_field(front, "summary", where, problems)
    summary_en = english(front, "summary", where, problems)
    practice = text_field(front, "practice", where, problems, required=False)
    raw_examples = front.get("example", [])
    if not isinstance(raw_examples, list):
        problems.append(f"{where}: examples are written [[example]] (an array of tables)")
        raw_examples = []
    examples: list[Example] = []
    for raw in raw_examples:
        example = read_example(raw, rules, f"{where}: example", problems)
        if example is None:
            continue
        if any(e.id == example.id for e in examples):
            problems.append(f"{where}: duplicate example id {example.id!r}")
            continue
        examples.append(example)
    readings = _readings(front.get("reading", []), rules, where, {e.id for e in examples}, problems)
    exercise = _exercise(front["exercise"], rules, f"{where}: [exercise]", problems) if "exercise" in front else None
    parts = split_body(body, [e.id for e in examples], where, problems, [r.id for r in readings])
    if problems:
        raise LessonError(problems)
    return Lesson(
        course,
        path.stem,
        int(name[1]),
        path,
        title,
        title_en,
        summary,
        examples,
        exercise,
        body,
        parts,
        practice,
        summary_en,
        readings,
    )


def _readings(raw_list, rules: str, where: str, taken: set[str], problems: list[str]) -> list[Reading]:
    """A lesson's [[reading]] tables; an id is unique among its examples and readings (both are the page's anchors)."""
    if not isinstance(raw_list, list):
        problems.append(f"{where}: readings are written [[reading]] (an array of tables)")
        return []
    readings: list[Reading] = []
    for raw in raw_list:
        reading = read_reading(raw, rules, f"{where}: reading", problems)
        if reading is None:
            continue
        if reading.id in taken:
            problems.append(f"{where}: duplicate id {reading.id!r} (examples and readings share ids)")
            continue
        taken.add(reading.id)
        readings.append(reading)
    return readings


def load_course(path: Path) -> Course:
    """Read lessons/<course>/course.toml and every NN-slug.md beside it; raise LessonError on any problem."""
    path = Path(path)
    course_file = path / "course.toml"
    if not course_file.is_file():
        raise LessonError([f"{shown(path)}: a course folder needs a course.toml"])
    raw = read_toml(course_file.read_text(encoding="utf-8"), course_file)
    problems: list[str] = []
    where = shown(course_file)
    report_unknown_keys(raw, COURSE_KEYS, where, problems)
    title, title_en = text_field(raw, "title", where, problems), english(raw, "title", where, problems)
    summary = text_field(raw, "summary", where, problems)
    summary_en = english(raw, "summary", where, problems)
    order = raw.get("order", 0)
    if not isinstance(order, int) or isinstance(order, bool):
        problems.append(f"{where}: `order` must be a whole number, not {order!r}")
        order = 0
    rules = raw.get("rules")
    if rules not in RULES:
        problems.append(f"{where}: `rules` must be one of {', '.join(RULES)}, not {rules!r}")
    lessons: list[Lesson] = []
    numbers: dict[int, Path] = {}
    for file in sorted(path.glob("*.md")):
        try:
            lesson = load_lesson(file, path.name, rules if rules in RULES else default_rules())
        except LessonError as err:
            problems.extend(err.problems)
            continue
        if lesson.number in numbers:
            problems.append(
                f"{shown(file)}: lesson number {lesson.number:02d} is also used by {numbers[lesson.number].name}"
            )
        numbers[lesson.number] = file
        lessons.append(lesson)
    if problems:
        raise LessonError(problems)
    return Course(path.name, path, title, title_en, rules, summary, lessons, summary_en, order)


def load_courses(root: Path = LESSONS) -> list[Course]:
    """Every course under root (a folder with a course.toml), by its `order`, then folder; all problems reported at
    once."""
    courses, problems = [], []
    for course_file in sorted(Path(root).glob("*/course.toml")):
        try:
            courses.append(load_course(course_file.parent))
        except LessonError as err:
            problems.extend(err.problems)
    if problems:
        raise LessonError(problems)
    return sorted(courses, key=lambda c: (c.order, c.slug))
