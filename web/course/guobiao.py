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
engine scores the course's profile by (suanfan.gb.profiles.exclusions), the other profile's beside them where they
differ, never the card file's; and the build stops when a card's own example counts a fan its card lists as 不计
(`card_exclusion_problems`), so a card and its examples cannot disagree.
"""

from __future__ import annotations

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
from suanfan.gb import fans as F
from suanfan.gb.profiles import exclusions

COURSE = LESSONS / "guobiao"
SERIES_FILE = re.compile(r"^(\d\d)-([a-z0-9]+(?:-[a-z0-9]+)*)\.toml$")
PAGE_DIR = "lessons/guobiao"
POINT_LEVELS = (88, 64, 48, 32, 24, 16, 12, 8, 6, 4, 2, 1)
PROFILES = ("gb", "gb98")   # gb: the seed table's values; gb98: the online platforms (docs/sources.md)


class GbCourseError(LessonError):
    """Problems in the Guobiao course files; one line per problem, each naming its file."""


# ---------------------------------------------------------------- the engine's fan table, as pages use it

def all_fans() -> list:
    """Every fan the engine scores (the 81 fans, then 花牌), in the engine's order."""
    return [*F.FANS, F.FLOWER_TILES]


def fan_view(fan, profile: str = "gb") -> dict:
    """A fan as the templates show it: names, both profiles' points, series, what it excludes and what excludes it
    under `profile` (the course's), and, where the other profile's 不计 list differs, that one too, labelled."""
    view = {
        "key": fan.key, "zh": fan.zh, "en": fan.en, "series": fan.series, "series_en": F.SERIES_EN[fan.series],
        "points": fan.points["gb"], "points_gb98": fan.points["gb98"],
        "differs": fan.points["gb"] != fan.points["gb98"],
        "scope": fan.scope,
        **_exclusions_view(fan.key, profile),
    }
    other = next(p for p in PROFILES if p != profile)
    others = _exclusions_view(fan.key, other)
    view["other"] = {**others, "profile": other, "name": profile_name(other)} \
        if others["excludes"] != view["excludes"] else None
    view["profile_name"] = profile_name(profile)
    return view


def _exclusions_view(key: str, profile: str) -> dict:
    table = exclusions(profile)
    excluded_by = [F.FAN_BY_KEY[other] for other, listed in table.items() if any(e.key == key for e in listed)]
    return {"excludes": [{"fan": F.FAN_BY_KEY[e.key], "when_zh": e.when_zh, "when_en": e.when_en}
                         for e in table.get(key, ())],
            "excluded_by": excluded_by}


def profile_name(profile: str) -> dict:
    """The profile's name as describe gives it ({zh, en})."""
    return forms.description(profile)["name"]


def points_of(key: str, profile: str) -> int:
    return F.FAN_BY_KEY[key].points[profile]


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
        return F.FAN_BY_KEY[self.key]


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
        return F.SERIES_EN.get(self.series, "")


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
    if key not in F.FAN_BY_KEY:
        problems.append(f"{where}: `key` {key!r} is not a fan of the engine (suanfan.gb.fans)")
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
    if series not in F.SERIES:
        problems.append(f"{where}: `series` must be one of the engine's series ({', '.join(F.SERIES)}), not {series!r}")
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
        if series in F.SERIES and card.fan.series != series:
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
        return F.PRINCIPLES[self.key][0]

    @property
    def en(self) -> str:
        return F.PRINCIPLES[self.key][1]


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
        if key not in F.PRINCIPLES:
            problems.append(f"{where}: principle `key` must be one of {', '.join(F.PRINCIPLES)}, not {key!r}")
            continue
        here = f"{where}: principle {key}"
        report_unknown_keys(entry, PRINCIPLE_KEYS, here, problems)
        text, text_en = text_field(entry, "text", here, problems), english(entry, "text", here, problems)
        examples = _examples(entry.get("example", []), rules, here, key.replace("_", "-"), taken, problems)
        out.append(Principle(key, text, text_en, examples))
    missing = [k for k in F.PRINCIPLES if k not in {p.key for p in out}]
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
        from suanfan.gb.profiles import SWITCH_BY_KEY
        return SWITCH_BY_KEY[self.key]


VARIANT_KEYS = ("key", "text", "text_en", "hand", "request")


def load_variants(course: Path = COURSE) -> list[VariantCase]:
    from suanfan.gb.profiles import SWITCH_BY_KEY, SWITCHES
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
    flowers = sum(p * n for k, _, _, p, n in counted if k == F.FLOWER_TILES.key)
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
            "default_in": [p for p in PROFILES if switch.defaults[p] == value],
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


# ---------------------------------------------------------------- computed: kong combinations, the maximum

# Kongs on tiles chosen so that they make no fan among themselves beyond the kong fans (no equal numbers,
# no runs); the rest of the hand (a chow and a pair for three kongs, a pair for four) is won on a discard.
KONG_TILES = ("2m", "4p", "6s", "8m")
KONG_REST = {3: "789s55p", 4: "55p"}
KONG_FANS = ("four_kongs", "three_kongs", "two_melded_kongs", "two_concealed_kongs", "concealed_and_melded_kong",
             "melded_kong", "concealed_kong", "four_concealed_pungs", "three_concealed_pungs", "two_concealed_pungs")

# What the seed table (docs/sources.md; its tables under 四杠 and 三杠) prints as added to 四杠/三杠 for each mix of melded and
# concealed kongs: its own column (the rules the page follows) and its notes for the 1998 rules. These are the
# seed's facts, kept to compare with; the sums it prints are kept too, because one of them does not add up.
SEED_KONG_TABLE = {
    # (kongs, melded, concealed): ((fans, printed sum) main column, (fans, printed sum) 1998 notes)
    (4, 4, 0): (((), 0), (("two_melded_kongs", "two_melded_kongs"), 8)),
    (4, 3, 1): ((("concealed_kong",), 2), (("two_melded_kongs", "melded_kong", "concealed_kong"), 7)),
    (4, 2, 2): ((("two_concealed_kongs",), 8), (("two_melded_kongs", "two_concealed_kongs"), 10)),
    (4, 1, 3): ((("three_concealed_pungs",), 16),
                (("melded_kong", "concealed_kong", "two_concealed_kongs", "three_concealed_pungs"), 25)),
    (4, 0, 4): ((("four_concealed_pungs",), 64),
                (("two_concealed_kongs", "two_concealed_kongs", "four_concealed_pungs"), 76)),
    (3, 3, 0): (((), 0), (("two_melded_kongs", "melded_kong"), 5)),
    (3, 2, 1): ((("concealed_kong",), 2), (("two_melded_kongs", "concealed_kong"), 6)),
    (3, 1, 2): ((("two_concealed_kongs",), 8), (("melded_kong", "two_concealed_kongs"), 7)),
    (3, 0, 3): ((("three_concealed_pungs",), 16),
                (("concealed_kong", "two_concealed_kongs", "three_concealed_pungs"), 25)),
}
SEED_COLUMNS = (("seed", "gb", "种子表正文", "the seed table"),
                ("seed98", "gb98", "种子表对 98 规则的注", "the seed's notes for the 1998 rules"))


def kong_hand(kongs: int, concealed: int) -> str:
    melds = "".join(f"[{code[0] * 4}{code[1]}{'' if i < concealed else '1'}]"
                    for i, code in enumerate(KONG_TILES[:kongs]))
    return melds + KONG_REST[kongs]


def _kong_terms(result: dict) -> list[dict]:
    return [f for f in result.get("fans", []) if f["key"] in KONG_FANS]


def kong_table() -> list[dict]:
    """Every mix of melded and concealed kongs for three and four kongs, scored by the engine in both profiles,
    beside what the seed prints. The `added` sums leave out 三杠/四杠 itself, as the seed's table does."""
    rows = []
    for kongs in (4, 3):
        base = "four_kongs" if kongs == 4 else "three_kongs"
        for concealed in range(kongs + 1):
            melded = kongs - concealed
            hand = kong_hand(kongs, concealed)
            row = {"kongs": kongs, "melded": melded, "concealed": concealed, "hand": hand, "base": F.FAN_BY_KEY[base],
                   "profiles": {}, "seed": {}}
            for profile in PROFILES:
                example = Example(f"kongs-{kongs}-{concealed}-{profile}", hand, {}, profile, {"total": 0})
                example.result = score(example.full_request)
                terms = [t for t in _kong_terms(example.result) if t["key"] != base]
                row["profiles"][profile] = {
                    "example": example, "terms": terms,
                    "added": sum(t["points"] * t.get("count", 1) for t in terms),
                    "has_base": any(f["key"] == base for f in example.result.get("fans", [])),
                }
            main, notes = SEED_KONG_TABLE[(kongs, melded, concealed)]
            for (column, profile, *_), (keys, printed) in zip(SEED_COLUMNS, (main, notes)):
                computed = sum(points_of(k, profile) for k in keys)
                row["seed"][column] = {"fans": [F.FAN_BY_KEY[k] for k in keys], "printed": printed,
                                       "computed": computed, "adds_up": computed == printed}
            for column, profile, *_ in SEED_COLUMNS:
                row["seed"][column]["agrees"] = row["seed"][column]["printed"] == row["profiles"][profile]["added"]
            rows.append(row)
    return rows


# The seed's theoretical maximum (东风圈东风局, 8 flowers): 大三元 + 字一色 + 四杠 + 四暗刻 + 妙手回春 + 杠上开花
# + 圈风刻 + 门风刻 + 8 花. Its hand is scored by the engine, beside the nearest rivals, in both profiles.
MAXIMUM_SITUATION = {"self_drawn": True, "kong": True, "last_of_wall": True, "flowers": 8,
                     "seat_wind": "E", "prevalent_wind": "E"}
MAXIMUM_CANDIDATES = (
    ("seed", "[EEEE][CCCC][FFFF][PPPP]NN", "种子表的例子:东风暗杠配三副箭牌暗杠",
     "the seed's hand: a concealed East kong and three dragon kongs"),
    ("winds", "[EEEE][SSSS][WWWW][NNNN]CC", "四副风牌暗杠:大四喜代替大三元",
     "four wind kongs: Big Four Winds instead of Big Three Dragons"),
    ("terminals", "[1111m][9999m][1111p][9999p]99s", "四副幺九暗杠:清幺九代替字一色",
     "four terminal kongs: All Terminals instead of All Honors"),
)
SEED_MAXIMUM = 332


def maximum_hands() -> list[dict]:
    out = []
    for ident, hand, zh, en in MAXIMUM_CANDIDATES:
        row = {"id": ident, "hand": hand, "zh": zh, "en": en, "profiles": {}}
        for profile in PROFILES:
            example = Example(f"maximum-{ident}-{profile}", hand, dict(MAXIMUM_SITUATION), profile, {"total": 0})
            example.result = score(example.full_request)
            if example.result.get("ok"):
                example.expect = {"total": example.result["total"]}
            row["profiles"][profile] = example
        out.append(row)
    return out


# ---------------------------------------------------------------- the fan table

def fan_table(rules: str) -> dict:
    """The 81 fans (and 花牌) by value, by series, and as the seed's grid (value × series), with both profiles."""
    views = [fan_view(f, rules) for f in F.FANS]   # 花牌 is points, not a fan: the pages show it apart
    by_value = [{"points": v, "fans": [f for f in views if f["points"] == v]} for v in POINT_LEVELS]
    by_series = [{"series": s, "series_en": F.SERIES_EN[s], "fans": [f for f in views if f["series"] == s]}
                 for s in F.SERIES]
    grid = [{"points": v, "cells": [[f for f in views if f["points"] == v and f["series"] == s] for s in F.SERIES]}
            for v in POINT_LEVELS]
    return {"by_value": by_value, "by_series": by_series, "grid": grid, "series": F.SERIES,
            "series_en": F.SERIES_EN, "differences": [f for f in views if f["differs"]],
            "count": len(F.FANS), "flowers": fan_view(F.FLOWER_TILES, rules)}


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
        problems.extend(card_exclusion_problems(files, rules, exclusions(rules)))
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
    the course's profile scores by, `table` as profiles.exclusions gives it): the card or its example is wrong, and the build says which. Meld fans are
    left out (their 不计 reaches their own melds only, and the same fan from other melds counts)."""
    problems = []
    for file in files:
        for card in file.cards:
            always = {e.key for e in table.get(card.key, ()) if not e.when_en}
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
              "fan_view": fan_view, "naive_count": naive_count, "principles_names": F.PRINCIPLES,
              "seed_columns": SEED_COLUMNS, "seed_maximum": SEED_MAXIMUM, "minimum_points": F.MINIMUM_POINTS,
              "gb_unit": forms.description(course.rules)["unit"],   # one unit for every number the pages show
              "situation": MAXIMUM_SITUATION,
              "hand_groups": hand_groups, "calc_fragment": calculator_fragment}
    pages = [Page(file.page, "lessons/guobiao/_series.html",
                  {**shared, "series_file": file, "series_topic": series_topic(course.rules, file)})
             for file in course.series_files]
    pages += [Page(PAGES[name], f"lessons/guobiao/_{name}.html", shared)
              for name in ("table", "principles", "variants", "kongs")]
    return pages
