"""What a lesson says the engine must answer — an example's `expect`, an exercise's `goal` — and whether a result
meets it: `handle({"action": "check_goal", "rules": R, "expect": {...}, "request": {...}})`.

A goal is a table of keys. `total` and `error` mean the same for every rule set; the other keys are the rule set's
own, declared with its RuleSet (`goals`: 九江's pattern keys, Guobiao's fan keys): each says the type its value
must have, what it reads from a scored result, how it compares, and how a miss is told to a learner. The site's
build checks every lesson with this action, and an exercise page asks the engine's worker the same question, so
the two cannot disagree. Names no rule set: the registry hands it the rule set asked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .catalogue import LANGUAGES, _, in_language, join, same
from .errors import SuanfanError, excerpt
from .request import check_keys, get_dict

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .json_types import AnswerOf, JSONDict
    from .rulesets import RuleSet

CHECK_KEYS = ("action", "rules", "expect", "request")
KEY_DEPTH = 3  # a goal's list of keys: expect.fans[0]

# what a key's value must be -> its name in a problem (a text)
TYPES = {
    "int": _("a whole number"),
    "str": _("a string"),
    "keys": _("a list of strings"),
    "bool": _("true or false"),
}


def has_type(value: object, kind: str) -> bool:
    """Whether a goal's value is of `kind` (TYPES)."""
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "str":
        return isinstance(value, str)
    if kind == "bool":
        return isinstance(value, bool)
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


Words = dict[str, str]  # a text (suanfan.catalogue)
# key -> its text: the name of a pattern's or fan's key
Namer = Callable[[str], Words]
# (expected, actual, result, name) -> a text; expected and actual are JSON values, of the key's kind
Miss = Callable[[Any, Any, "JSONDict", Namer], Words]


@dataclass(frozen=True)
class GoalKey:
    """One key a goal may have: its value's type, what a scored result says for it, and how the two compare —
    "equal", "all" (every listed key is among the result's) or "none" (none of them is)."""

    key: str
    kind: str
    read: Callable[[JSONDict], object]
    miss: Miss
    compare: str = "equal"

    def met(self, wanted: Any, have: Any) -> bool:
        if self.compare == "all":
            return all(k in have for k in wanted)
        if self.compare == "none":
            return not any(k in have for k in wanted)
        return bool(have == wanted)


def _keys_of(items: list[JSONDict] | None) -> list[str]:
    return sorted({item["key"] for item in items or []})


def _named_list(keys: Iterable[str], name: Namer) -> Words:
    return join((name(k) for k in keys), "、", ", ")


def _lacks(wanted: list[str], have: list[str], result: JSONDict, name: Namer) -> Words:
    return _("This hand does not have: {names}.", names=_named_list([k for k in wanted if k not in have], name))


def _has_unwanted(wanted: list[str], have: list[str], result: JSONDict, name: Namer) -> Words:
    return _("This hand should not have: {names}.", names=_named_list([k for k in wanted if k in have], name))


def includes(key: str, field: str) -> GoalKey:
    """A list of keys the result's `field` (its patterns, fans, excluded …) must all hold."""
    return GoalKey(key, "keys", lambda result: _keys_of(result.get(field)), _lacks, "all")


def excludes(key: str, field: str) -> GoalKey:
    """A list of keys the result's `field` must hold none of."""
    return GoalKey(key, "keys", lambda result: _keys_of(result.get(field)), _has_unwanted, "none")


def _total_miss(wanted: int, have: int, result: JSONDict, name: Namer) -> Words:
    # the Chinese says the unit (番 or 分) after each number; the English leaves it out
    unit = result.get("unit") or same("")
    return _("This hand scores {have}; the goal is {wanted}.", have=have, wanted=wanted, unit=unit)


# The keys every rule set's goals may use; `error` (the request fails with that code) is checked apart, before any.
TOTAL = GoalKey("total", "int", lambda result: result.get("total"), _total_miss)
ERROR = "error"


def known_keys(own: tuple[GoalKey, ...]) -> dict[str, GoalKey | None]:
    """A rule set's goal keys by name: the shared ones and its own (`error` has no reader: it is checked apart)."""
    return {TOTAL.key: TOTAL, **{g.key: g for g in own}, ERROR: None}


def problems(ruleset: RuleSet, expect: object, others: Iterable[RuleSet]) -> list[Words]:
    """What is wrong with a goal itself, before any hand is scored (a text each). `others`: every registered
    rule set, to say which one a key belongs to."""
    keys = known_keys(ruleset.goals)
    listed = ", ".join(keys)
    if not isinstance(expect, dict) or not expect:
        return [_("needs an `expect` with at least one key ({listed})", listed=listed)]
    found: list[Words] = []
    for key, value in expect.items():
        if key not in keys:
            owners = [r.key for r in others if any(g.key == key for g in r.goals)]
            found.append(
                _(
                    "expect key `{key}` is for {owners} rules, this example uses {rules}",
                    key=key,
                    owners=" / ".join(owners),
                    rules=ruleset.key,
                )
                if owners
                else _("unknown expect key `{key}` (known: {listed})", key=key, listed=listed)
            )
            continue
        goal = keys[key]
        kind = goal.kind if goal else "str"
        if not has_type(value, kind):
            found.append(
                _("expect key `{key}` must be {kind}, not {shown}", key=key, kind=TYPES[kind], shown=excerpt(value))
            )
    if ERROR in expect and len(expect) > 1:
        found.append(_("`error` says the request fails, so it cannot be combined with other expect keys"))
    return found


def check(ruleset: RuleSet, expect: JSONDict, result: JSONDict) -> list[JSONDict]:
    """Compare a (valid) goal with a result: one {key, expected, actual, message: {zh, en}} per miss, [] when the
    result meets it. `actual` is what the result says for that key (for a list key, every key the result has); a
    refused request not meant to be refused is one miss of key `error` (expected None)."""
    if not result.get("ok"):
        code = result.get("error", {}).get("code")
        wanted = expect.get(ERROR)
        if wanted == code:
            return []
        message = result.get("error", {}).get("message") or {}
        said = {lang: message.get(lang, message.get("zh", code)) for lang in LANGUAGES}
        if "en" not in message:
            said["en"] = code
        return [_miss(ERROR, wanted, code, _("The engine refuses this hand: {message}", message=said))]
    if ERROR in expect:
        return [_miss(ERROR, expect[ERROR], None, _("This hand wins; the goal is a hand that does not."))]
    keys = known_keys(ruleset.goals)
    name = _namer(ruleset, result)
    misses = []
    for key, wanted in expect.items():
        goal = keys[key]
        assert goal is not None  # `error`, the key without a reader, was answered above
        have = goal.read(result)
        if not goal.met(wanted, have):
            misses.append(_miss(key, wanted, have, goal.miss(wanted, have, result, name)))
    return misses


def _miss(key: str, wanted: Any, have: Any, words: Words) -> JSONDict:
    return {"key": key, "expected": wanted, "actual": have, "message": words}


def _namer(ruleset: RuleSet, result: JSONDict) -> Namer:
    """key -> its text: the names the result gives its own entries, else the rule set's labels (a goal may name a
    pattern the hand does not have), else the key itself."""
    known = {item["key"]: item for item in ruleset.about()["labels"]["items"]}
    for field in ("patterns", "fans", "excluded", "items"):
        known.update({item["key"]: item for item in result.get(field) or [] if item.get("zh")})

    def name(key: str) -> Words:
        if key not in known:
            return same(key)
        item = {"en": key, **known[key]}
        return {lang: in_language(item, lang) for lang in LANGUAGES}

    return name


def handle_check(ruleset: RuleSet, request: JSONDict, answer_of: AnswerOf, others: Iterable[RuleSet]) -> JSONDict:
    """The `check_goal` action: score `request` (a score request without action and rules) with the rule set and
    compare the result with `expect`. An unfit goal is refused (bad_goal) with every problem it has."""
    check_keys(request, CHECK_KEYS)
    expect = request.get("expect")
    found = problems(ruleset, expect, others)
    if found:
        raise SuanfanError("bad_goal", problems=join(found, "", "; "))
    if "request" not in request:
        raise SuanfanError(
            "bad_request",
            reason=_("check_goal needs a request: the score request to check (the hand and its situation)."),
        )
    asked = get_dict(request, "request")
    if "action" in asked or "rules" in asked:
        raise SuanfanError(
            "bad_value",
            key="request",
            value=excerpt(asked),
            reason=_("expected the score request without action and rules (the hand and its situation)."),
        )
    result = answer_of({**asked, "rules": ruleset.key})
    assert isinstance(expect, dict)  # problems() refused any other
    misses = check(ruleset, expect, result)
    return {
        "ok": True,
        "action": "check_goal",
        "rules": ruleset.key,
        "met": not misses,
        "misses": misses,
        "result": result,
    }
