"""The one JSON façade: a request dict in, a result dict out.

Used alike by the web worker (Pyodide), the CLI, the site build and the tests. It never raises:
every failure becomes {"ok": false, "error": {code, position, message: {zh, en}, ...}}.

Request keys shared by all rule sets:
  rules  "jiujiang" (default) | "gb" | "gb98" (rulesets.RULESETS)
  action "score" (default) | "waits" (a 13-tile hand: every winning tile) | "describe" (what the rule set
         asks for and how its results are labelled; nothing else may be in the request) | "question" (a practice
         question drawn from kind, topic and seed: suanfan.practice, listed under `practice` in describe) |
         "settle" (a score sheet: `rows` of hands -> each row's values and payments, the running totals; the
         conventions are the rule set's section, `table` or `variants`: suanfan.sheet)
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

from .errors import SuanfanError
from .request import check_keys
from .rulesets import RULESETS, settings_in_words


def handle(request) -> dict:
    """Answer one request. Never raises; errors come back as ok: false."""
    try:
        if not isinstance(request, dict):
            raise SuanfanError("bad_request", reason_zh="请求必须是一个 JSON 对象。",
                               reason_en="the request must be a JSON object.")
        rules = request.get("rules", "jiujiang")
        ruleset = RULESETS.get(rules) if isinstance(rules, str) else None
        if ruleset is None:
            raise SuanfanError("unknown_rules", rules=str(rules), known=", ".join(sorted(RULESETS)))
        if request.get("action") == "describe":
            check_keys(request, ("action", "rules"))
            others = [{"key": r.key, "zh": r.name[0], "en": r.name[1]} for r in RULESETS.values()]
            return {**ruleset.describe(), "rulesets": others}
        if request.get("action") == "question":
            if ruleset.question is None:
                raise SuanfanError("kind_not_applicable", kind=str(request.get("kind")),
                                   target_zh=f"规则“{ruleset.key}”(它没有练习题)",
                                   target_en=f"the rules '{ruleset.key}' (they have no practice questions)")
            return ruleset.question(request, handle)
        if request.get("action") == "settle":
            if ruleset.settle is None:
                raise SuanfanError("kind_not_applicable", kind="settle",
                                   target_zh=f"规则“{ruleset.key}”(它没有记分表)",
                                   target_en=f"the rules '{ruleset.key}' (they keep no score sheet)")
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
        err = SuanfanError("internal_error", detail=f"{type(exc).__name__}: {exc}")
        return {"ok": False, "error": err.to_dict()}


def handle_json(text: str) -> str:
    """JSON text in, JSON text out: the worker's entry point (one string crosses the JS boundary)."""
    try:
        request = json.loads(text)
    except (ValueError, TypeError) as exc:
        err = SuanfanError("bad_json", line=1, detail=str(exc))
        return dumps({"ok": False, "error": err.to_dict()})
    return dumps(handle(request))


def dumps(result: dict) -> str:
    """The canonical JSON of a result (stable key order, so CPython and Pyodide output compare byte for byte)."""
    return json.dumps(result, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
