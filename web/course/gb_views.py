"""What the Guobiao course's templates draw beside its cards: the fan table, each fan's 不计 lists, the naive sum
of a principle's example, the kong table and the maximum — each from the engine's reference (gb_files.facts),
shaped for the templates; the hands the reference scored become Examples, drawn by the same cards as a lesson's."""

from __future__ import annotations

from web import forms
from web.course.files import Example
from web.course.gb_files import SeriesFile, course_rules, facts

# ---------------------------------------------------------------- the engine's fan table, as pages use it


def all_fans() -> list:
    """Every fan the engine scores (the 81 fans, then 花牌), in the engine's order."""
    return [*facts().FANS, facts().FLOWER_TILES]


def fan_view(fan, profile: str | None = None) -> dict:
    """A fan as the templates show it: names, both profiles' points, series, what it excludes and what excludes it
    under `profile` (the course's), and, where the other profile's 不计 list differs, that one too, labelled."""
    profile = profile or course_rules()
    view = {
        "key": fan.key,
        "zh": fan.zh,
        "en": fan.en,
        "series": fan.series,
        "series_en": facts().SERIES_EN[fan.series],
        # the seed's profile, then the other (the templates' points and second_points, second_profile its key)
        "points": fan.points[facts().PROFILES[0]],
        "second_points": fan.points[facts().PROFILES[1]],
        "second_profile": facts().PROFILES[1],
        "differs": fan.points[facts().PROFILES[0]] != fan.points[facts().PROFILES[1]],
        "scope": fan.scope,
        **_exclusions_view(fan.key, profile),
    }
    other = next(p for p in facts().PROFILES if p != profile)
    others = _exclusions_view(fan.key, other)
    view["other"] = (
        {**others, "profile": other, "name": profile_name(other)} if others["excludes"] != view["excludes"] else None
    )
    view["profile_name"] = profile_name(profile)
    return view


def _exclusions_view(key: str, profile: str) -> dict:
    table = facts().exclusions(profile)
    excluded_by = [facts().FAN_BY_KEY[other] for other, listed in table.items() if any(e["key"] == key for e in listed)]
    return {
        "excludes": [
            {"fan": facts().FAN_BY_KEY[e["key"]], "when_zh": e["when_zh"], "when_en": e["when_en"]}
            for e in table.get(key, ())
        ],
        "excluded_by": excluded_by,
    }


def profile_name(profile: str) -> dict:
    """The profile's name as describe gives it ({zh, en})."""
    return forms.description(profile)["name"]


def points_of(key: str, profile: str) -> int:
    return facts().FAN_BY_KEY[key].points[profile]


# ---------------------------------------------------------------- computed: principles, variants


def naive_count(result: dict, profile: str) -> dict:
    """What a count that ignores the combination principles adds up: every fan the engine found, the ones
    it set aside included (their points from the fan table)."""
    counted = [(f["key"], f["zh"], f["en"], f["points"], f.get("count", 1)) for f in result.get("fans", [])]
    set_aside = [
        (e["key"], e["zh"], e["en"], points_of(e["key"], profile), e.get("count", 1))
        for e in result.get("excluded", [])
    ]
    flowers = sum(p * n for k, _, _, p, n in counted if k == facts().FLOWER_TILES.key)
    return {
        "terms": [
            {"key": k, "zh": zh, "en": en, "points": p, "count": n, "counted": True} for k, zh, en, p, n in counted
        ]
        + [{"key": k, "zh": zh, "en": en, "points": p, "count": n, "counted": False} for k, zh, en, p, n in set_aside],
        "total": sum(p * n for *_, p, n in counted) + sum(p * n for *_, p, n in set_aside),
        "flowers": flowers,
    }


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
        row = {
            **raw,
            "base": facts().FAN_BY_KEY[raw["base"]],
            "profiles": {
                profile: {
                    **{k: v for k, v in scored.items() if k not in ("request", "result")},
                    "example": _scored_example(f"kongs-{raw['kongs']}-{raw['concealed']}-{profile}", scored),
                }
                for profile, scored in raw["profiles"].items()
            },
            "seed": {
                column: {**seed, "fans": [facts().FAN_BY_KEY[k] for k in seed["fans"]]}
                for column, seed in raw["seed"].items()
            },
        }
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
    views = [fan_view(f, rules) for f in facts().FANS]  # 花牌 is points, not a fan: the pages show it apart
    by_value = [{"points": v, "fans": [f for f in views if f["points"] == v]} for v in facts().POINT_LEVELS]
    by_series = [
        {"series": s, "series_en": facts().SERIES_EN[s], "fans": [f for f in views if f["series"] == s]}
        for s in facts().SERIES
    ]
    grid = [
        {"points": v, "cells": [[f for f in views if f["points"] == v and f["series"] == s] for s in facts().SERIES]}
        for v in facts().POINT_LEVELS
    ]
    return {
        "by_value": by_value,
        "by_series": by_series,
        "grid": grid,
        "series": facts().SERIES,
        "series_en": facts().SERIES_EN,
        "differences": [f for f in views if f["differs"]],
        "count": len(facts().FANS),
        "flowers": fan_view(facts().FLOWER_TILES, rules),
    }


def series_topic(rules: str, file: SeriesFile) -> str | None:
    """The engine's practice topic for a series (the one whose fans are this file's cards)."""
    keys = {card.key for card in file.cards}
    return next(
        (
            t["key"]
            for t in forms.description(rules)["practice"]["topics"]
            if t["type"] == "series" and keys & set(t["fans"])
        ),
        None,
    )
