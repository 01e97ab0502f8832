"""The Guobiao course: its reference files, their checks, the tables computed by the engine, and its pages.

What it reads (all under lessons/guobiao/, formats in lessons/FORMAT.md, "Guobiao fan cards" and after):
  fans/NN-slug.toml   one file per series: a card per fan (the project's definition, examples, near misses)
  principles.toml     the five combination principles, each with worked hands
  variants.toml       the rule questions where sources disagree, each with a hand scored both ways

Its pages (lessons/guobiao/…, listed by `guobiao_pages` for the site's one writer): one page of fan cards per
series, the fan table (by value and by series), the principles (the naive sum beside the engine's count), the
variants (both results), the kong combinations and the theoretical maximum (both computed by the engine, beside
what the seed table prints).

It reads its files with course.files' readers and checks them with course.checking, so its problems read like
a lesson's; the lesson modules never import it (sitegen puts the two page lists together).

The build stops when a card's example does not give what it says, or when any of the engine's fans has no
example on which the engine counts it (`check_coverage`). Exclusions shown on a card are the 不计 lists the
engine scores the course's profile by (the engine's reference, `facts`), the other profile's beside them where they
differ, never the card file's; and the build stops when a card's own example counts a fan its card lists as 不计
(`card_exclusion_problems`), so a card and its examples cannot disagree.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from web import forms
from web.course.checking import score, verify_examples
from web.course.expectations import GB
from web.course.bilingual import english
from web.course.files import (LESSONS, Example, LessonError, read_examples, read_toml, report_unknown_keys, shown,
                          text_field)
from web.course.views import calculator_fragment, card_view, hand_groups
from web.pages import Page

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


@dataclass(frozen=True)
class SwitchFacts:
    """A switch where sources disagree: its names, its choices with their sources, each profile's default."""
    key: str
    zh: str
    en: str
    choices: tuple
    defaults: dict
    sources: dict   # json of the value -> {zh, en}

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
    raw = score({"action": "reference", "rules": rules or course_rules()})
    if not raw.get("ok"):
        raise GbCourseError([f"{shown(COURSE / 'course.toml')}: the engine has no reference for it: "
                             f"{raw['error']['message']['en']}"])
    fans = tuple(FanFacts(**f) for f in raw["fans"])
    flowers = FanFacts(**raw["flowers"])
    switches = tuple(SwitchFacts(s["key"], s["zh"], s["en"], tuple(c["value"] for c in s["choices"]), s["defaults"],
                                 {json.dumps(c["value"]): c["source"] for c in s["choices"]}) for s in raw["switches"])
    return Facts(raw, tuple(p["key"] for p in raw["profiles"]), fans, flowers,
                 {f.key: f for f in (*fans, flowers)}, tuple(s["zh"] for s in raw["series"]),
                 {s["zh"]: s["en"] for s in raw["series"]}, {p["key"]: (p["zh"], p["en"]) for p in raw["principles"]},
                 raw["minimum"], tuple(raw["point_levels"]), switches, {s.key: s for s in switches})


class GbCourseError(LessonError):
    """Problems in the Guobiao course files; one line per problem, each naming its file."""


# ---------------------------------------------------------------- the engine's fan table, as pages use it

def all_fans() -> list:
    """Every fan the engine scores (the 81 fans, then 花牌), in the engine's order."""
    return [*facts().FANS, facts().FLOWER_TILES]


def fan_view(fan, profile: str | None = None) -> dict:
    """A fan as the templates show it: names, both profiles' points, series, what it excludes and what excludes it
    under `profile` (the course's), and, where the other profile's 不计 list differs, that one too, labelled."""
    profile = profile or course_rules()
    view = {
        "key": fan.key, "zh": fan.zh, "en": fan.en, "series": fan.series, "series_en": facts().SERIES_EN[fan.series],
        # the seed's profile, then the other (the templates' points and points_gb98)
        "points": fan.points[facts().PROFILES[0]], "points_gb98": fan.points[facts().PROFILES[1]],
        "differs": fan.points[facts().PROFILES[0]] != fan.points[facts().PROFILES[1]],
        "scope": fan.scope,
        **_exclusions_view(fan.key, profile),
    }
    other = next(p for p in facts().PROFILES if p != profile)
    others = _exclusions_view(fan.key, other)
    view["other"] = {**others, "profile": other, "name": profile_name(other)} \
        if others["excludes"] != view["excludes"] else None
    view["profile_name"] = profile_name(profile)
    return view


def _exclusions_view(key: str, profile: str) -> dict:
    table = facts().exclusions(profile)
    excluded_by = [facts().FAN_BY_KEY[other] for other, listed in table.items() if any(e["key"] == key for e in listed)]
    return {"excludes": [{"fan": facts().FAN_BY_KEY[e["key"]], "when_zh": e["when_zh"], "when_en": e["when_en"]}
                         for e in table.get(key, ())],
            "excluded_by": excluded_by}


def profile_name(profile: str) -> dict:
    """The profile's name as describe gives it ({zh, en})."""
    return forms.description(profile)["name"]


def points_of(key: str, profile: str) -> int:
    return facts().FAN_BY_KEY[key].points[profile]


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
    rules = raw.get("rules", "gb")
    if rules not in GB:
        raise GbCourseError([f"{shown(course / 'course.toml')}: the Guobiao course needs rules gb or gb98"])
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
        problems.append(f"{where}: `series` must be one of the engine's series ({', '.join(facts().SERIES)}), not {series!r}")
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
            problems.append(f"{where}: {card.fan.zh} {card.key} belongs to the series {card.fan.series} in the engine, "
                            f"not {series}: move its card to that series' file")
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


# ---------------------------------------------------------------- fan cards: the checks

def check_coverage(files: list[SeriesFile], fans=None) -> list[str]:
    """What is missing for every fan to be taught: one card per fan, with at least one example that says
    `fans = ["<key>"]` and one near miss that says `not_fans = ["<key>"]`. (That the engine agrees with what
    the examples say is verify_examples' job; together they prove the engine counts every fan on its card.)"""
    fans = all_fans() if fans is None else fans
    where = shown(files[0].path.parent if files else COURSE / "fans")
    cards: dict[str, FanCard] = {}
    problems = []
    for file in files:
        for card in file.cards:
            if card.key in cards:
                problems.append(f"{shown(file.path)}: a second card for {card.fan.zh} {card.key} "
                                f"(the first is in {shown(cards[card.key].path)})")
            cards.setdefault(card.key, card)
    for fan in fans:
        card = cards.get(fan.key)
        if card is None:
            problems.append(f"{where}: no card for {fan.zh} {fan.en} ({fan.key}, {fan.series}); "
                            f"every fan needs an example on which the engine counts it")
            continue
        shows = [e for e in card.examples if e.kind == "example" and fan.key in e.expect.get("fans", [])]
        misses = [e for e in card.examples if e.kind == "near_miss" and fan.key in e.expect.get("not_fans", [])]
        if not shows:
            problems.append(f"{shown(card.path)}: {fan.zh} {fan.key} has no example that counts it "
                            f"(an [[fan.example]] with expect = {{ fans = [\"{fan.key}\"] }})")
        if not misses:
            problems.append(f"{shown(card.path)}: {fan.zh} {fan.key} has no near miss "
                            f"(kind = \"near_miss\" with expect = {{ not_fans = [\"{fan.key}\"] }})")
    return problems


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
    results: list[dict] = field(default_factory=list)   # one per choice: {value, source, default_in, result, example}

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
            problems.append(f"{where}: variant `key` must be one of the engine's switches "
                            f"({', '.join(SWITCH_BY_KEY)}), not {key!r}")
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


# ---------------------------------------------------------------- computed: principles, variants

def naive_count(result: dict, profile: str) -> dict:
    """What a count that ignores the combination principles adds up: every fan the engine found, the ones
    it set aside included (their points from the fan table)."""
    counted = [(f["key"], f["zh"], f["en"], f["points"], f.get("count", 1)) for f in result.get("fans", [])]
    set_aside = [(e["key"], e["zh"], e["en"], points_of(e["key"], profile), e.get("count", 1))
                 for e in result.get("excluded", [])]
    flowers = sum(p * n for k, _, _, p, n in counted if k == facts().FLOWER_TILES.key)
    return {
        "terms": [{"key": k, "zh": zh, "en": en, "points": p, "count": n, "counted": True}
                  for k, zh, en, p, n in counted]
                 + [{"key": k, "zh": zh, "en": en, "points": p, "count": n, "counted": False}
                    for k, zh, en, p, n in set_aside],
        "total": sum(p * n for *_, p, n in counted) + sum(p * n for *_, p, n in set_aside),
        "flowers": flowers,
    }


def principle_problems(principle: Principle, course: Path = COURSE) -> list[str]:
    """A principle's page must show the principle at work: an example on which the engine sets a fan aside
    naming this principle, or, for 就高不就低 only, one on which it passes over a lower reading of the hand
    (the engine keeps the highest reading: `other_readings` lists the others with their totals)."""
    for example in principle.examples:
        result = example.result
        if not result.get("ok"):
            continue
        if any(e.get("principle") == principle.key for e in result.get("excluded", [])):
            return []
        if principle.key == "higher_over_lower" and any(
                other["total"] < result["total"] for other in result.get("other_readings", [])):
            return []
    return [f"{shown(course / 'principles.toml')}: principle {principle.key}: no example on which the engine "
            f"sets a fan aside by {principle.zh} ({principle.key})"]


def score_variant(case: VariantCase, rules: str, course: Path = COURSE) -> list[str]:
    """Score the case's hand once per choice of its switch; the hand must come out differently somewhere.

    A setting may refuse the hand as no win at all (组合龙 + a set + a pair under the 1998 reading): that is the
    difference it makes, shown as such. A hand every setting refuses shows nothing."""
    switch = case.switch
    case.results = []
    for value in switch.choices:
        request = {**case.request, "variants": {case.key: value}}
        example = Example(f"variant-{case.key.replace('_', '-')}-{str(value).lower()}", case.hand, request, rules,
                            {"total": 0})
        example.result = score(example.full_request)
        case.results.append({
            "value": value, "source": switch.source(value),
            "default_in": [p for p in facts().PROFILES if switch.defaults[p] == value],
            "example": example,
        })
    where = f"{shown(course / 'variants.toml')}: variant {case.key}, hand {case.hand}"
    refused = [r["example"].result["error"] for r in case.results if not r["example"].result.get("ok")]
    if len(refused) == len(case.results) or any(e["code"] != "not_a_win_gb" for e in refused):
        return [f"{where}: the engine refuses the hand: {refused[0]['message']['en']}"]
    outcomes = {json.dumps(_outcome(r["example"].result)) for r in case.results}
    if len(outcomes) < 2:
        return [f"{where}: every setting gives the same fans, so the hand does not show the difference"]
    for r in case.results:
        result = r["example"].result
        r["example"].expect = {"total": result["total"]} if result["ok"] else {"error": result["error"]["code"]}
    return []


def _outcome(result: dict):
    """What a setting makes of the hand: its fans, or the refusal."""
    if not result["ok"]:
        return result["error"]["code"]
    return [(f["key"], f["points"], f.get("count", 1)) for f in result["fans"]]


# ---------------------------------------------------------------- computed by the engine: kongs, the maximum

def seed_columns() -> tuple:
    """The seed's two columns, (key, profile, zh, en) each, as the kong table's template reads them."""
    return tuple((c["key"], c["profile"], c["zh"], c["en"]) for c in facts().raw["seed_columns"])


def _scored_example(ident: str, scored: dict) -> Example:
    """A hand the engine's reference scored, as a card draws it."""
    request = {k: v for k, v in scored["request"].items() if k not in ("hand", "rules")}
    example = Example(ident, scored["request"]["hand"], request, scored["request"]["rules"], {"total": 0})
    example.result = scored["result"]
    return example


def kong_table() -> list[dict]:
    """Every mix of melded and concealed kongs for three and four kongs, scored by the engine in both profiles,
    beside what the seed prints (the engine's reference), with its fans and hands as the page draws them."""
    rows = []
    for raw in facts().raw["kongs"]:
        row = {**raw, "base": facts().FAN_BY_KEY[raw["base"]],
               "profiles": {profile: {**{k: v for k, v in scored.items() if k not in ("request", "result")},
                                      "example": _scored_example(f"kongs-{raw['kongs']}-{raw['concealed']}-{profile}",
                                                                 scored)}
                            for profile, scored in raw["profiles"].items()},
               "seed": {column: {**seed, "fans": [facts().FAN_BY_KEY[k] for k in seed["fans"]]}
                        for column, seed in raw["seed"].items()}}
        rows.append(row)
    return rows


def maximum_hands() -> list[dict]:
    out = []
    for raw in facts().raw["maximum"]["hands"]:
        row = {**raw, "profiles": {}}
        for profile, scored in raw["profiles"].items():
            example = _scored_example(f"maximum-{raw['id']}-{profile}", scored)
            if example.result.get("ok"):
                example.expect = {"total": example.result["total"]}
            row["profiles"][profile] = example
        out.append(row)
    return out


# ---------------------------------------------------------------- the fan table

def fan_table(rules: str) -> dict:
    """The 81 fans (and 花牌) by value, by series, and as the seed's grid (value × series), with both profiles."""
    views = [fan_view(f, rules) for f in facts().FANS]   # 花牌 is points, not a fan: the pages show it apart
    by_value = [{"points": v, "fans": [f for f in views if f["points"] == v]} for v in facts().POINT_LEVELS]
    by_series = [{"series": s, "series_en": facts().SERIES_EN[s], "fans": [f for f in views if f["series"] == s]}
                 for s in facts().SERIES]
    grid = [{"points": v, "cells": [[f for f in views if f["points"] == v and f["series"] == s] for s in facts().SERIES]}
            for v in facts().POINT_LEVELS]
    return {"by_value": by_value, "by_series": by_series, "grid": grid, "series": facts().SERIES,
            "series_en": facts().SERIES_EN, "differences": [f for f in views if f["differs"]],
            "count": len(facts().FANS), "flowers": fan_view(facts().FLOWER_TILES, rules)}


# ---------------------------------------------------------------- everything, checked, and the pages

@dataclass
class GbCourse:
    rules: str
    series_files: list[SeriesFile]
    principles: list[Principle]
    variants: list[VariantCase]
    table: dict
    kongs: list[dict]
    maximum: list[dict]

    def card_of(self, key: str) -> FanCard:
        return next(c for f in self.series_files for c in f.cards if c.key == key)

    def fan_hrefs(self) -> dict:
        """fan key -> its card, relative to the course's pages (they all live in one folder)."""
        return {c.key: f"fans-{f.slug}.html#fan-{c.key}" for f in self.series_files for c in f.cards}


def build_course(course: Path = COURSE) -> GbCourse:
    """Read and check everything; raise GbCourseError listing every problem (the build prints them and stops)."""
    rules = course_rules(course)
    problems: list[str] = []
    taken: set = set()
    files: list[SeriesFile] = []
    principles: list[Principle] = []
    variants: list[VariantCase] = []
    try:
        files = load_cards(course)
        taken = {e.id for f in files for c in f.cards for e in c.examples}
    except LessonError as err:
        problems.extend(err.problems)
    try:
        principles = load_principles(course, taken)
    except LessonError as err:
        problems.extend(err.problems)
    try:
        variants = load_variants(course)
    except LessonError as err:
        problems.extend(err.problems)
    if files:
        problems.extend(check_coverage(files))
        for file in files:
            problems.extend(verify_examples([e for c in file.cards for e in c.examples],
                                            lambda e, f=file: shown(f.path)))
        problems.extend(card_exclusion_problems(files, rules, facts().exclusions(rules)))
    for principle in principles:
        problems.extend(verify_examples(principle.examples, lambda e: shown(course / "principles.toml")))
        problems.extend(principle_problems(principle, course))
    for case in variants:
        problems.extend(score_variant(case, rules, course))
    if problems:
        raise GbCourseError(problems)
    return GbCourse(rules, files, principles, variants, fan_table(rules), kong_table(), maximum_hands())


def card_exclusion_problems(files: list[SeriesFile], rules: str, table: dict) -> list[str]:
    """A card whose own example counts, beside the card's fan, a fan the card lists as 不计 everywhere (the list
    the course's profile scores by, `table` as the engine's reference gives it): the card or its example is wrong, and the build says which. Meld fans are
    left out (their 不计 reaches their own melds only, and the same fan from other melds counts)."""
    problems = []
    for file in files:
        for card in file.cards:
            always = {e["key"] for e in table.get(card.key, ()) if not e["when_en"]}
            for example in card.examples:
                counted = {f["key"] for f in (example.result or {}).get("fans", ())}
                scored_as_course = example.rules == rules and not example.request.get("variants")
                if card.fan.scope == "hand" and card.key in counted and scored_as_course:
                    for key in sorted(always & counted):
                        problems.append(f"{shown(file.path)}: card {card.key}, example {example.id} counts {key}, "
                                        f"which the card lists as 不计 under {rules}")
    return problems


PAGES = {
    "table": f"{PAGE_DIR}/fan-table.html",
    "principles": f"{PAGE_DIR}/principles.html",
    "variants": f"{PAGE_DIR}/variants.html",
    "kongs": f"{PAGE_DIR}/kongs-and-maximum.html",
}


def series_topic(rules: str, file: SeriesFile) -> str | None:
    """The engine's practice topic for a series (the one whose fans are this file's cards)."""
    keys = {card.key for card in file.cards}
    return next((t["key"] for t in forms.description(rules)["practice"]["topics"]
                 if t["type"] == "series" and keys & set(t["fans"])), None)


def checked_course(course_dir: Path = COURSE) -> GbCourse | None:
    """The course read and checked with the engine (None without a fans/ folder): a problem stops the build with
    every problem listed (SystemExit, never a traceback)."""
    if not (course_dir / "fans").is_dir():
        return None
    try:
        return build_course(course_dir)
    except LessonError as err:
        raise SystemExit("guobiao: the build stops, these course files do not check:\n"
                         + "\n".join("  " + p for p in err.problems)) from None


def guobiao_pages(course: GbCourse | None) -> list[Page]:
    """The course's reference pages: one page of fan cards per series, then the fan table, the principles, the
    variants and the kongs; none without the course."""
    if course is None:
        return []
    shared = {"gb": course, "gb_pages": PAGES, "fan_hrefs": course.fan_hrefs(), "card_view": card_view,
              "fan_view": fan_view, "naive_count": naive_count, "principles_names": facts().PRINCIPLES,
              "seed_columns": seed_columns(), "seed_maximum": facts().raw["seed_maximum"],
              "minimum_points": facts().MINIMUM_POINTS,
              "gb_unit": forms.description(course.rules)["unit"],   # one unit for every number the pages show
              "situation": facts().raw["maximum"]["situation"],
              "hand_groups": hand_groups, "calc_fragment": calculator_fragment}
    pages = [Page(file.page, "lessons/guobiao/_series.html",
                  {**shared, "series_file": file, "series_topic": series_topic(course.rules, file)})
             for file in course.series_files]
    pages += [Page(PAGES[name], f"lessons/guobiao/_{name}.html", shared)
              for name in ("table", "principles", "variants", "kongs")]
    return pages
