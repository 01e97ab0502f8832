"""The Guobiao course's data: its own files read into data classes, and the engine's reference facts it draws.

What it reads (all under lessons/guobiao/, formats in lessons/FORMAT.md, "Guobiao fan cards" and after):
  fans/NN-slug.toml   one file per series: a card per fan (the project's definition, examples, near misses)
  principles.toml     the five combination principles, each with worked hands
  variants.toml       the rule questions where sources disagree, each with a hand scored both ways

Its examples are read by course.files' readers (read_examples), so they are the lessons' Examples and are checked
and drawn as theirs are. The fans, series, principles and switches a file may name are the engine's, from its
reference (`facts`: `handle({"action": "reference", "rules": R})`); nothing here is computed.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from web.course.bilingual import english
from web.course.checking import score
from web.course.files import (
    LESSONS,
    Example,
    LessonError,
    read_examples,
    read_toml,
    report_unknown_keys,
    shown,
    text_field,
)

COURSE = LESSONS / "guobiao"
SERIES_FILE = re.compile(r"^(\d\d)-([a-z0-9]+(?:-[a-z0-9]+)*)\.toml$")
PAGE_DIR = "lessons/guobiao"


# ---------------------------------------------------------------- the engine's reference facts


@dataclass(frozen=True)
class FanFacts:
    """A fan as the engine's reference gives it: names, points per profile, series, scope (hand or meld)."""

    key: str
    zh: str
    en: str
    points: dict
    series: str
    series_en: str
    scope: str
    zh_hant: str = ""  # the Traditional names (the engine's catalogue)
    series_zh_hant: str = ""


@dataclass(frozen=True)
class SwitchFacts:
    """A switch where sources disagree: its names, its choices with their sources, each profile's default."""

    key: str
    zh: str
    en: str
    choices: tuple
    defaults: dict
    sources: dict  # json of the value -> {zh, en}

    def source(self, value) -> dict:
        return self.sources[json.dumps(value)]


@dataclass(frozen=True)
class Facts:
    """The Guobiao reference (`handle({"action": "reference", "rules": R})`): everything the course shows that is
    the engine's, computed by it; nothing of it is computed here."""

    raw: dict
    PROFILES: tuple
    FANS: tuple
    FLOWER_TILES: FanFacts
    FAN_BY_KEY: dict
    SERIES: tuple
    SERIES_EN: dict
    PRINCIPLES: dict
    MINIMUM_POINTS: int
    POINT_LEVELS: tuple
    SWITCHES: tuple
    SWITCH_BY_KEY: dict

    def exclusions(self, profile: str) -> dict:
        return self.raw["exclusions"][profile]


@functools.cache
def facts(rules: str | None = None) -> Facts:
    """The engine's reference for the course's rule set (course.toml's, when none is named)."""
    if rules is None:
        return facts(course_rules())
    raw = score({"action": "reference", "rules": rules})
    if not raw.get("ok"):
        raise GbCourseError(
            [
                f"{shown(COURSE / 'course.toml')}: the engine has no reference for {rules!r}: "
                f"{raw['error']['message']['en']}"
            ]
        )
    fans = tuple(FanFacts(**f) for f in raw["fans"])
    flowers = FanFacts(**raw["flowers"])
    switches = tuple(
        SwitchFacts(
            s["key"],
            s["zh"],
            s["en"],
            tuple(c["value"] for c in s["choices"]),
            s["defaults"],
            {json.dumps(c["value"]): c["source"] for c in s["choices"]},
        )
        for s in raw["switches"]
    )
    return Facts(
        raw,
        tuple(p["key"] for p in raw["profiles"]),
        fans,
        flowers,
        {f.key: f for f in (*fans, flowers)},
        tuple(s["zh"] for s in raw["series"]),
        {s["zh"]: s["en"] for s in raw["series"]},
        {p["key"]: (p["zh"], p["en"]) for p in raw["principles"]},
        raw["minimum"],
        tuple(raw["point_levels"]),
        switches,
        {s.key: s for s in switches},
    )


class GbCourseError(LessonError):
    """Problems in the Guobiao course files; one line per problem, each naming its file."""


# ---------------------------------------------------------------- fan cards: the data


@dataclass
class FanCard:
    key: str
    text: str
    text_en: str
    note: str
    note_en: str
    examples: list[Example]
    path: Path

    @property
    def fan(self):
        return facts().FAN_BY_KEY[self.key]


@dataclass
class SeriesFile:
    number: int
    slug: str
    series: str
    intro: str
    intro_en: str
    cards: list[FanCard]
    path: Path

    @property
    def page(self) -> str:
        return f"{PAGE_DIR}/fans-{self.slug}.html"

    @property
    def series_en(self) -> str:
        return facts().SERIES_EN.get(self.series, "")


SERIES_KEYS = ("series", "intro", "intro_en", "fan")
CARD_KEYS = ("key", "text", "text_en", "note", "note_en", "example")


def course_rules(course: Path = COURSE) -> str:
    raw = read_toml((course / "course.toml").read_text(encoding="utf-8"), course / "course.toml")
    rules = raw.get("rules")
    if not isinstance(rules, str):
        raise GbCourseError(
            [f"{shown(course / 'course.toml')}: `rules` names the rule set whose fans the course teaches"]
        )
    facts(rules)  # the engine's reference for it (cached), or GbCourseError: the course draws what that lists
    return rules


def _card(raw, rules: str, path: Path, taken_ids: set, problems: list[str]) -> FanCard | None:
    where = f"{shown(path)}: fan"
    if not isinstance(raw, dict):
        problems.append(f"{where}: each [[fan]] must be a table")
        return None
    key = raw.get("key")
    if key not in facts().FAN_BY_KEY:
        problems.append(f"{where}: `key` {key!r} is not a fan of the engine (its reference)")
        return None
    where = f"{where} {key}"
    report_unknown_keys(raw, CARD_KEYS, where, problems)
    text = text_field(raw, "text", where, problems)
    text_en = english(raw, "text", where, problems)
    note = text_field(raw, "note", where, problems, required=False)
    note_en = english(raw, "note", where, problems)
    if note_en and not note:
        problems.append(f"{where}: `note_en` without `note`: the Chinese note goes with it")
    examples = _examples(raw.get("example", []), rules, where, key, taken_ids, problems)
    return FanCard(key, text, text_en, note, note_en, examples, path)


def _next_id(key: str, kind: str, taken: set) -> str:
    """Examples need no id in a card file: the first is the fan's key, a near miss `<key>-near`, then -2, -3 …"""
    base = key if kind == "example" else f"{key}-near"
    ident, n = base, 1
    while ident in taken:
        n += 1
        ident = f"{base}-{n}"
    return ident


def load_series_file(path: Path, rules: str, taken_ids: set) -> SeriesFile:
    problems: list[str] = []
    where = shown(path)
    name = SERIES_FILE.match(path.name)
    if not name:
        raise GbCourseError([f"{where}: a fan-card file is named NN-slug.toml (two digits, a dash, lower-case words)"])
    raw = read_toml(path.read_text(encoding="utf-8"), path)
    report_unknown_keys(raw, SERIES_KEYS, where, problems)
    series = raw.get("series")
    if series not in facts().SERIES:
        problems.append(
            f"{where}: `series` must be one of the engine's series ({', '.join(facts().SERIES)}), not {series!r}"
        )
    intro = text_field(raw, "intro", where, problems)
    intro_en = english(raw, "intro", where, problems)
    raw_cards = raw.get("fan", [])
    if not isinstance(raw_cards, list):
        problems.append(f"{where}: cards are written [[fan]] (an array of tables)")
        raw_cards = []
    cards = []
    for raw_card in raw_cards:
        card = _card(raw_card, rules, path, taken_ids, problems)
        if card is None:
            continue
        if series in facts().SERIES and card.fan.series != series:
            problems.append(
                f"{where}: {card.fan.zh} {card.key} belongs to the series {card.fan.series} in the engine, "
                f"not {series}: move its card to that series' file"
            )
        cards.append(card)
    if problems:
        raise GbCourseError(problems)
    return SeriesFile(int(name[1]), name[2], series, intro, intro_en, cards, path)


def load_cards(course: Path = COURSE) -> list[SeriesFile]:
    """Every fans/NN-slug.toml of the course, in file order; all problems reported at once."""
    rules = course_rules(course)
    files, problems, taken = [], [], set()
    for path in sorted((course / "fans").glob("*.toml")):
        try:
            files.append(load_series_file(path, rules, taken))
        except LessonError as err:
            problems.extend(err.problems)
    if problems:
        raise GbCourseError(problems)
    return files


# ---------------------------------------------------------------- combination principles and variants: the data


def _examples(raw_list, rules: str, where: str, prefix: str, taken: set, problems: list[str]) -> list[Example]:
    def next_id(raw) -> str:
        return _next_id(prefix, raw.get("kind", "example"), taken)

    return read_examples(raw_list, rules, where, taken, next_id, problems, "[[fan.example]], [[principle.example]]")


@dataclass
class Principle:
    key: str
    text: str
    text_en: str
    examples: list[Example]

    @property
    def zh(self) -> str:
        return facts().PRINCIPLES[self.key][0]

    @property
    def en(self) -> str:
        return facts().PRINCIPLES[self.key][1]


PRINCIPLE_KEYS = ("key", "text", "text_en", "example")


def load_principles(course: Path = COURSE, taken: set | None = None) -> list[Principle]:
    path = course / "principles.toml"
    where = shown(path)
    rules = course_rules(course)
    raw = read_toml(path.read_text(encoding="utf-8"), path)
    problems: list[str] = []
    report_unknown_keys(raw, ("principle",), where, problems)
    taken = set() if taken is None else taken
    out = []
    for entry in raw.get("principle", []):
        key = entry.get("key") if isinstance(entry, dict) else None
        if key not in facts().PRINCIPLES:
            problems.append(f"{where}: principle `key` must be one of {', '.join(facts().PRINCIPLES)}, not {key!r}")
            continue
        here = f"{where}: principle {key}"
        report_unknown_keys(entry, PRINCIPLE_KEYS, here, problems)
        text, text_en = text_field(entry, "text", here, problems), english(entry, "text", here, problems)
        examples = _examples(entry.get("example", []), rules, here, key.replace("_", "-"), taken, problems)
        out.append(Principle(key, text, text_en, examples))
    missing = [k for k in facts().PRINCIPLES if k not in {p.key for p in out}]
    if missing:
        problems.append(f"{where}: no entry for the principle(s) {', '.join(missing)}")
    if problems:
        raise GbCourseError(problems)
    return out


@dataclass
class VariantCase:
    key: str
    text: str
    text_en: str
    hand: str
    request: dict
    results: list[dict] = field(default_factory=list)  # one per choice: {value, source, default_in, result, example}

    @property
    def switch(self):
        return facts().SWITCH_BY_KEY[self.key]


VARIANT_KEYS = ("key", "text", "text_en", "hand", "request")


def load_variants(course: Path = COURSE) -> list[VariantCase]:
    SWITCH_BY_KEY, SWITCHES = facts().SWITCH_BY_KEY, facts().SWITCHES
    path = course / "variants.toml"
    where = shown(path)
    raw = read_toml(path.read_text(encoding="utf-8"), path)
    problems: list[str] = []
    report_unknown_keys(raw, ("variant",), where, problems)
    out = []
    for entry in raw.get("variant", []):
        key = entry.get("key") if isinstance(entry, dict) else None
        if key not in SWITCH_BY_KEY:
            problems.append(
                f"{where}: variant `key` must be one of the engine's switches ({', '.join(SWITCH_BY_KEY)}), not {key!r}"
            )
            continue
        here = f"{where}: variant {key}"
        report_unknown_keys(entry, VARIANT_KEYS, here, problems)
        text, text_en = text_field(entry, "text", here, problems), english(entry, "text", here, problems)
        hand = text_field(entry, "hand", here, problems)
        request = entry.get("request", {})
        if not isinstance(request, dict) or {"hand", "rules", "variants"} & set(request):
            problems.append(f"{here}: `request` is the situation only (no hand, rules or variants)")
            request = {}
        out.append(VariantCase(key, text, text_en, hand, request))
    missing = [s.key for s in SWITCHES if s.key not in {v.key for v in out}]
    if missing:
        problems.append(f"{where}: no hand for the engine's switch(es) {', '.join(missing)}")
    if problems:
        raise GbCourseError(problems)
    return out
