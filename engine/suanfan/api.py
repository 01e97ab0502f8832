"""The one JSON façade: a request dict in, a result dict out.

Used alike by the web worker (Pyodide), the CLI, the site build and the tests. It never raises:
every failure becomes {"ok": false, "error": {code, position, message: {zh, en}, ...}}.

Request keys shared by all rule sets:
  rules  a registered rule set's key (rulesets.RULESETS; the first registered when absent)
  action "score" (default) | "waits" (a 13-tile hand: every winning tile) | "describe" (what the rule set
         asks for and how its results are labelled; nothing else may be in the request) | "question" (a practice
         question drawn from kind, topic and seed: suanfan.practice, listed under `practice` in describe) |
         "diagnose" (what a wrong answer to a practice question most likely means: practice/mistakes.py) |
         "settle" (a score sheet: `rows` of hands -> each row's values and payments, the running totals; the
         conventions are the rule set's section, `table` or `variants`: suanfan.sheet) | "reference" (the
         tables a rule set's course shows, computed by the engine: its package's reference.py; nothing else may
         be in the request) | "check_goal" (whether a score request's result meets a lesson's goal, `expect`:
         goals.py; `request` holds the score request without action and rules)
  hand   notation string (see suanfan.notation), for score and waits
The rule set validates and reads the rest of the keys (situation, table conventions, variants); its
description lists them.

Every score result has one envelope, whatever the rule set: ok, rules, hand (canonical), unit, item_name (what
an item is: 番型 pattern, 番种 fan), total, items (what was counted, each with its groups), excluded (present
but not counted, each with its reason), steps (the ordered trace a player follows, each drawn from the same
parts: text, groups, checks, rows, chain, value), notes, settings (the request's situation and conventions in
the rule set's words, {zh, en} each), and payments where the rule set has them. A waits result has action "waits",
waits and dead_waits (and settings). The rule sets add their own fields beside these.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from . import errors, glossary, goals, rulesets, sheet
from .catalogue import LANGUAGES, Catalogue, MissingMessage, _
from .errors import MESSAGES, SuanfanError, excerpt, safe_text
from .notation import EITHER, parse
from .notation import facts as notation_facts
from .request import MAX_HAND_CHARS, check_depth, check_keys
from .rulesets import RULESETS, deepest_keys, settings_in_words
from .tiles import code as tile_code

if TYPE_CHECKING:
    from .json_types import JSONDict

# What the façade offers: handle and its helpers, and what the site (web/) uses beside them, re-exported here: it
# reaches the engine through this module only (the import contract, .importlinter). The glossary (names of tiles,
# melds, winds …), the errors and their messages, the notation's reader, its constants (for the page's reader) and a
# tile's code, the registry's rule sets and a request's settings in words.
__all__ = [
    "EITHER",
    "LANGUAGES",
    "MAX_HAND_CHARS",
    "MAX_JSON_DEPTH",
    "MAX_REQUEST_CHARS",
    "MESSAGES",
    "RULESETS",
    "Catalogue",
    "MissingMessage",
    "SuanfanError",
    "_",
    "change_samples",
    "default_rules",
    "dumps",
    "errors",
    "glossary",
    "goal_problems",
    "goal_value_fits",
    "handle",
    "handle_json",
    "json_nested_deeper_than",
    "notation_facts",
    "parse",
    "read_json",
    "settings_in_words",
    "tile_code",
]

# A request is a hand and a few settings (under 2,000 characters); JSON text longer than this is refused unread.
MAX_REQUEST_CHARS = 65_536
# JSON nested deeper than this is refused before it is parsed. Requests go 2 deep; the parser recurses once a
# level, and in Pyodide 20,000 levels overflow the JavaScript stack, a fatal error that kills the engine.
MAX_JSON_DEPTH = 64
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def handle(request: JSONDict) -> JSONDict:
    """Answer one request. Never raises; errors come back as ok: false."""
    try:
        if not isinstance(request, dict):
            raise SuanfanError(
                "bad_request",
                reason=_("the request must be a JSON object."),
            )
        rules = request.get("rules", default_rules())
        ruleset = rulesets.find(rules)
        # Depth first, whatever `rules` holds: JSON text too deep is refused the same way before it is parsed.
        depth = ruleset.key_depth if ruleset else deepest_keys()
        check_depth(request, _depth_limit(request.get("action"), depth))
        if ruleset is None:
            raise SuanfanError(
                "unknown_rules",
                rules=rules if isinstance(rules, str) else excerpt(rules),
                known=", ".join(sorted(RULESETS)),
            )
        if request.get("action") == "describe":
            check_keys(request, ("action", "rules"))
            others = [{"key": r.key, **r.name} for r in RULESETS.values()]
            return {**ruleset.describe(), "rulesets": others}
        if request.get("action") == "question":
            if ruleset.practice is None:
                raise SuanfanError(
                    "kind_not_applicable",
                    what=_("The question kind"),
                    kind=str(request.get("kind")),
                    target=_("the rules '{key}' (they have no practice questions)", key=ruleset.key),
                )
            return ruleset.question(request, handle)
        if request.get("action") == "diagnose":
            if ruleset.practice is None:
                raise SuanfanError(
                    "kind_not_applicable",
                    what=_("The action"),
                    kind="diagnose",
                    target=_("the rules '{key}' (they have no practice questions)", key=ruleset.key),
                )
            return ruleset.diagnose(request, handle)
        if request.get("action") == "reference":
            check_keys(request, ("action", "rules"))
            if ruleset.reference is None:
                raise SuanfanError(
                    "kind_not_applicable",
                    what=_("The action"),
                    kind="reference",
                    target=_("the rules '{key}' (they have no reference tables)", key=ruleset.key),
                )
            return ruleset.reference(handle)
        if request.get("action") == "check_goal":
            return goals.handle_check(ruleset, request, handle, RULESETS.values())
        if request.get("action") == "settle":
            if ruleset.sheet is None:
                raise SuanfanError(
                    "kind_not_applicable",
                    what=_("The action"),
                    kind="settle",
                    target=_("the rules '{key}' (they keep no score sheet)", key=ruleset.key),
                )
            result = ruleset.settle(request)
            # The sheet's conventions in the rule set's words: the one-line summary at the top of the sheet.
            result["settings"] = settings_in_words(ruleset.key, {k: v for k, v in request.items() if k != "rows"})
            return result
        result = ruleset.handle(request)
        if result.get("ok") and ruleset.fields:
            # The request's situation and conventions in the rule set's words, for whatever draws the result.
            result["settings"] = settings_in_words(ruleset.key, request)
        return result
    except SuanfanError as err:
        return {"ok": False, "error": err.to_dict()}
    except Exception as exc:  # a bug must still reach the user as a readable error, never a traceback
        internal = SuanfanError("internal_error", detail=safe_text(f"{type(exc).__name__}: {exc}"))
        return {"ok": False, "error": internal.to_dict()}


def _depth_limit(action: object, depth: int) -> int:
    """How deep a request may go, its rule set's keys being `depth` deep: a settle request holds rows of a sheet; a
    diagnose request holds a question request one level down, and a check_goal request a score request (and its
    goal's lists of keys)."""
    if action == "settle":
        return max(depth, sheet.KEY_DEPTH)
    if action == "diagnose":
        return depth + 1
    if action == "check_goal":
        return max(depth + 1, goals.KEY_DEPTH)
    return depth


def default_rules() -> str:
    """The rule set a request naming none is scored by (the registry's first)."""
    return rulesets.default().key


def goal_value_fits(value: object, kind: str) -> bool:
    """Whether a lesson goal's value is of `kind` ("int", "str", "bool", "keys": a list of strings), as check_goal
    reads it (the site's checks of a hand reading's expectation share these kinds)."""
    return goals.has_type(value, kind)


def goal_problems(rules: str, expect: object) -> list[JSONDict]:
    """What is wrong with a lesson's goal for the rule set `rules` (a registered one), before any hand is scored:
    one text ({zh, en, zh_hant}) per problem, every one of them (a check_goal request is refused with them all in one
    message)."""
    ruleset = rulesets.find(rules)
    assert ruleset is not None, "goal_problems is asked of a registered rule set"
    found = goals.problems(ruleset, expect, RULESETS.values())
    return [dict(text) for text in found]


def change_samples() -> list[JSONDict]:
    """A few of the near-miss changes practice writes ({zh, en} each), for the site's check that its texts read right
    with every filler (web/course/wording.py). Practice is imported only here, when asked."""
    from .practice.neighbours import tile_change
    from .practice.supply import EXAMPLE_CHANGE

    return [tile_change(0, 27), tile_change(27, 7), EXAMPLE_CHANGE]


def read_json(text: str, line: int = 1) -> Any:
    """A request from JSON text; SuanfanError when the text is too long, not JSON, or nested past what the parser
    can follow (`line` names it in the message: the CLI's batch counts lines)."""
    if not isinstance(text, str):
        raise SuanfanError(
            "bad_request",
            reason=_("the request must be JSON text."),
        )
    if len(text) > MAX_REQUEST_CHARS:
        raise SuanfanError("request_too_long", line=line, length=len(text), limit=MAX_REQUEST_CHARS)
    if json_nested_deeper_than(text, MAX_JSON_DEPTH):
        raise _too_deep(text)
    try:
        return json.loads(text)
    except RecursionError:  # a second guard: CPython's own limit
        raise _too_deep(text) from None
    except ValueError as exc:  # not JSON, or an integer over Python's 4,300 digits
        raise SuanfanError("bad_json", line=line, detail=str(exc)) from None


def _too_deep(text: str) -> SuanfanError:
    """JSON text nested past what any rule set's keys need (its opening shown)."""
    return SuanfanError("too_deep", key=text[:20] + "…", limit=deepest_keys())


def json_nested_deeper_than(text: str, limit: int) -> bool:
    """Whether the brackets of JSON text (those outside its strings) nest deeper than `limit`. Counting them is
    enough for almost every text; the walk is left for the few with many brackets."""
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for bracket in _NOT_BRACKET.sub("", _JSON_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > limit:
            return True
    return False


def handle_json(text: str, line: int = 1) -> str:
    """JSON text in, JSON text out: the worker's entry point (one string crosses the JS boundary). Never raises."""
    try:
        request = read_json(text, line)
    except SuanfanError as err:
        return dumps({"ok": False, "error": err.to_dict()})
    return dumps(handle(request))


def dumps(result: JSONDict) -> str:
    """The canonical JSON of a result (stable key order, so CPython and Pyodide output compare byte for byte).

    Always valid UTF-8: a lone surrogate that reached a result anyway is written as its JSON escape (\\ud800),
    which reads back as the same string."""
    text = json.dumps(result, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = safe_text(text, limit=len(text))
    return text
