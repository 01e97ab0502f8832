"""What an example's `expect` (or an exercise's `goal`) may say, and how one is compared with an engine result.

`check_expectation` is the one place where an expectation meets a result: the build's checks use it, the tests
use it, and web/static/js/lesson-goals.js mirrors it key for key for the browser's exercises
(tests/lessons/test_lesson_goals.py runs both on the same cases). The table of keys is lessons/FORMAT.md's.
"""

from __future__ import annotations

import json

from suanfan.api import RULESETS

RULES = tuple(RULESETS)  # the rule sets a lesson may be written for: the engine's registry
GB = ("gb", "gb98")

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
        return f"expected error {wanted}, " + (
            f"the engine gives {have}" if have else f"but the hand scores (total {result.get('total')})"
        )
    if key in ("not_patterns", "not_fans"):
        found = [k for k in wanted if k in have]
        return f"expected {key} {wanted}, but the result has {found}"
    if key in ("patterns", "fans", "excluded"):
        missing = [k for k in wanted if k not in have]
        return f"expected {key} to include {missing}, the result has {have}"
    return f"expected {key} = {json.dumps(wanted)}, the engine gives {json.dumps(have)}"
