"""What an example's `expect` (or an exercise's `goal`) may say, and whether an engine result meets it: both are the
engine's (suanfan/goals.py, reached through the façade), the same check an exercise page asks the engine's worker.
Here they are put in the build's words: each problem or miss as a line naming what the lesson file says.
"""

from __future__ import annotations

import json

from suanfan.api import RULESETS, goal_problems, handle

RULES = tuple(RULESETS)  # the rule sets a lesson may be written for: the engine's registry


def expectation_problems(expect, rules: str) -> list[str]:
    """What is wrong with an `expect` table itself (before any hand is scored), in English."""
    return [problem["en"] for problem in goal_problems(rules, expect)]


def check_goal(rules: str, expect: dict, request: dict) -> dict:
    """The engine's check of a goal against the result of `request` (a score request without `rules`):
    {ok, met, misses: [{key, expected, actual, message}], result}, as a page receives it (through JSON), or the
    engine's refusal ({ok: false, error}: a request it cannot score as one)."""
    asked = {"action": "check_goal", "rules": rules, "expect": expect, "request": request}
    return json.loads(json.dumps(handle(asked), ensure_ascii=False))


def describe_mismatch(m: dict, result: dict) -> str:
    """One miss as a sentence for the build's error message."""
    key, wanted, have = m["key"], m["expected"], m["actual"]
    if key == "error" and wanted is None:
        message = result.get("error", {}).get("message", {}).get("en", "")
        return f"the engine refuses the hand: {have} ({message})"
    if key == "error":
        return f"expected error {wanted}, " + (
            f"the engine gives {have}" if have else f"but the hand scores (total {result.get('total')})"
        )
    if isinstance(wanted, list):  # keys the result must have, or must not: the engine's sentence says which
        return f"expected {key} {json.dumps(wanted)}: {m['message']['en']}"
    return f"expected {key} = {json.dumps(wanted)}, the engine gives {json.dumps(have)}"
