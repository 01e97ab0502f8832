"""What a hand reading's `expect` may say, and how one is compared with the engine's `analyse` result.

A reading (lessons/FORMAT.md, "Hand readings") is a hand the engine reads at build time; what the lesson's text
says about it is written in its `expect`, so the build stops when the engine does not confirm it, as it stops on
an example's `expect` (course.expectations). The keys come in three groups:

  the hand      `shanten` (13 or 14 tiles), `fastest_discard` and `value_discard` (14 tiles: the first discard of
                the engine's speed and value orders)
  figures       what the engine works out for a 13-tile hand (these keys at the top) or for one discard of a
                14-tile hand (under `discard.<tile>`): `shanten`, `useful_count`, `useful` (the useful tiles,
                exactly), `best`, `reaches_minimum` (the share, as the engine rounds it), `reaches` (whether any
                completion reaches the minimum: the share above 0), `routes` (each route listed, by its fan or
                pattern keys, is one of the engine's), `route_best` (a route's best total, the route written as
                its keys joined by " + ": { "dragon_pung + concealed_hand" = 7 }), `no_routes` (no win in
                reach), `basis`
  `discard`     a table of 14-tile discards, each a table of figures: `discard = { "5m" = { reaches = false } }`
"""

from __future__ import annotations

import json

from suanfan.api import goal_value_fits
from web import forms
from web.course.expectations import RULES

# key -> (whether it is about a minimum to reach: only for a rule set that has one, the type its value must have)
FIGURE_KEYS: dict[str, tuple[bool, str]] = {
    "shanten": (False, "int"),
    "useful_count": (False, "int"),
    "useful": (False, "tiles"),
    "best": (False, "int"),
    "reaches_minimum": (True, "share"),
    "reaches": (True, "bool"),
    "routes": (False, "routes"),
    "route_best": (False, "route_totals"),
    "no_routes": (False, "bool"),
    "basis": (False, "basis"),
}
HAND_KEYS = ("fastest_discard", "value_discard", "discard")
TYPE_NAMES = {
    "int": "a whole number",
    "bool": "true or false",
    "tile": 'a tile code such as "5m" or "E"',
    "tiles": "a list of tile codes",
    "share": "a number from 0 to 1",
    "routes": "a list of routes, each a list of fan or pattern keys",
    "route_totals": 'a table of routes (keys joined by " + ") and their best totals',
    "basis": '"exact" or "estimate"',
}


def with_minimum() -> list[str]:
    """The rule sets that have a minimum a win must reach (their description gives it)."""
    return [rules for rules in RULES if forms.description(rules).get("minimum") is not None]


def _has_type(value, kind: str) -> bool:
    """The kinds a lesson's goal shares with a reading's are the engine's (a whole number, true or false, a list of
    strings); the others are a reading's own."""
    if kind in ("int", "bool"):
        return goal_value_fits(value, kind)
    if kind == "tiles":
        return goal_value_fits(value, "keys")
    if kind == "tile":
        return isinstance(value, str) and bool(value)
    if kind == "share":
        return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1
    if kind == "routes":
        return (
            isinstance(value, list)
            and bool(value)
            and all(isinstance(r, list) and r and all(isinstance(k, str) for k in r) for r in value)
        )
    if kind == "route_totals":
        return (
            isinstance(value, dict)
            and bool(value)
            and all(isinstance(n, int) and not isinstance(n, bool) for n in value.values())
        )
    return value in ("exact", "estimate")


def route_key(text: str) -> tuple[str, ...]:
    """A route written "dragon_pung + concealed_hand" as its keys, in the order a comparison needs (sorted)."""
    return tuple(sorted(part.strip() for part in text.split("+")))


def _figure_problems(figures, rules: str, where: str) -> list[str]:
    if not isinstance(figures, dict) or not figures:
        return [f"{where} needs at least one key ({', '.join(FIGURE_KEYS)})"]
    problems = []
    for key, value in figures.items():
        if key not in FIGURE_KEYS:
            problems.append(f"{where}: unknown key `{key}` (known: {', '.join(FIGURE_KEYS)})")
            continue
        about_minimum, kind = FIGURE_KEYS[key]
        if about_minimum and rules not in with_minimum():
            problems.append(
                f"{where}: `{key}` is for {' / '.join(with_minimum())} rules (a minimum to reach), "
                f"this reading uses {rules}"
            )
        if not _has_type(value, kind):
            problems.append(f"{where}: `{key}` must be {TYPE_NAMES[kind]}, not {value!r}")
    if figures.get("no_routes") is True and "routes" in figures:
        problems.append(f"{where}: `no_routes = true` and `routes` contradict each other")
    return problems


def reading_expectation_problems(expect, rules: str) -> list[str]:
    """What is wrong with a reading's `expect` table itself (before the hand is read)."""
    if not isinstance(expect, dict) or not expect:
        return ["needs an `expect` with at least one key (" + ", ".join((*FIGURE_KEYS, *HAND_KEYS)) + ")"]
    problems = []
    figures = {k: v for k, v in expect.items() if k in FIGURE_KEYS}
    if figures:
        problems += _figure_problems(figures, rules, "expect")
    for key in ("fastest_discard", "value_discard"):
        if key in expect and not _has_type(expect[key], "tile"):
            problems.append(f"expect: `{key}` must be {TYPE_NAMES['tile']}, not {expect[key]!r}")
    if "discard" in expect:
        table = expect["discard"]
        if not isinstance(table, dict) or not table:
            problems.append('expect: `discard` must be a table of discards, e.g. discard = { "5m" = { shanten = 1 } }')
        else:
            for tile, figures in table.items():
                problems += _figure_problems(figures, rules, f"expect.discard.{tile}")
    for key in expect:
        if key not in FIGURE_KEYS and key not in HAND_KEYS:
            problems.append(f"unknown expect key `{key}` (known: {', '.join((*FIGURE_KEYS, *HAND_KEYS))})")
    return problems


def _figure_mismatches(figures: dict, found: dict, prefix: str) -> list[dict]:
    value = found["value"]
    routes = [sorted(r["route"]) for r in value["routes"]]
    actual = {
        "shanten": found["shanten"],
        "useful_count": found["useful_count"],
        "useful": sorted(u["tile"] for u in found["useful"]),
        "best": value["best"],
        "reaches_minimum": value["reaches_minimum"],
        "reaches": (value["reaches_minimum"] or 0) > 0,
        "routes": [r["route"] for r in value["routes"]],
        "route_best": {" + ".join(r["route"]): r["best"] for r in value["routes"]},
        "no_routes": not value["routes"],
        "basis": value["basis"],
    }
    mismatches = []
    for key, wanted in figures.items():
        have = actual[key]
        if key == "useful":
            ok = sorted(wanted) == have
        elif key == "routes":
            ok = all(sorted(route) in routes for route in wanted)
        elif key == "route_best":
            totals = {route_key(route): best for route, best in have.items()}
            ok = all(totals.get(route_key(route)) == best for route, best in wanted.items())
        elif key == "reaches_minimum":
            ok = have is not None and abs(have - wanted) < 0.0005
        else:
            ok = have == wanted
        if not ok:
            mismatches.append({"key": prefix + key, "expected": wanted, "actual": have})
    return mismatches


def check_reading(expect: dict, result: dict) -> list[dict]:
    """Compare a (valid) reading expectation with an analyse result: one {key, expected, actual} per mismatch
    (a discard's keys written `discard.5m.shanten`). A refused request is one mismatch of key `error`."""
    if not result.get("ok"):
        return [{"key": "error", "expected": None, "actual": result.get("error", {}).get("code")}]
    mismatches = []
    figures = {k: v for k, v in expect.items() if k in FIGURE_KEYS}
    whole = result["tiles"] == 14
    if whole and "shanten" in figures:  # a 14-tile hand's own shanten: after its best discard
        mismatches += (
            []
            if result["shanten"] == figures["shanten"]
            else [{"key": "shanten", "expected": figures["shanten"], "actual": result["shanten"]}]
        )
        figures = {k: v for k, v in figures.items() if k != "shanten"}
    if figures:
        if whole:
            mismatches.append({"key": "tiles", "expected": 13, "actual": 14, "keys": sorted(figures)})
        else:
            mismatches += _figure_mismatches(figures, result, "")
    for key, order in (("fastest_discard", "speed"), ("value_discard", "value")):
        if key in expect:
            have = result["order"][order][0] if whole else None
            if have != expect[key]:
                mismatches.append({"key": key, "expected": expect[key], "actual": have})
    for tile, wanted in expect.get("discard", {}).items():
        found = next((d for d in result.get("discards", []) if d["tile"] == tile), None)
        if found is None:
            mismatches.append({"key": f"discard.{tile}", "expected": "a discard", "actual": None})
        else:
            mismatches += _figure_mismatches(wanted, found, f"discard.{tile}.")
    return mismatches


def describe_reading_mismatch(m: dict, result: dict) -> str:
    """One mismatch as a sentence for the build's error message."""
    key, wanted, have = m["key"], m["expected"], m["actual"]
    if key == "error":
        message = result.get("error", {}).get("message", {}).get("en", "")
        return f"the engine cannot read the hand: {have} ({message})"
    if key == "tiles":
        return (
            f"{', '.join(m['keys'])} describe a 13-tile hand; this hand has 14 tiles, so say them of a discard "
            f'(discard = {{ "<tile>" = {{ … }} }})'
        )
    if key in ("fastest_discard", "value_discard") and have is None:
        return f"expected {key} = {json.dumps(wanted)}, but a 13-tile hand has no discards"
    if key.startswith("discard.") and have is None and wanted == "a discard":
        return f"expected a discard of {key[len('discard.') :]}, the hand holds no such tile"
    if key.endswith("routes") and not key.endswith("no_routes"):
        return f"expected {key} to include {json.dumps(wanted)}, the engine's routes are {json.dumps(have)}"
    return f"expected {key} = {json.dumps(wanted)}, the engine gives {json.dumps(have)}"
