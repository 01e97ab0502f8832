"""What a question exercises, and what a wrong answer to it most likely means: tags and diagnosis.

A rule set's plug-in models the mistakes a learner makes on each kind of question (`mistakes(result, judge)`: every
modelled mistake whose answer differs from the engine's, most likely first, each computed from the engine's own
result) and names what a hand shows (`base_tags(result, judge)`). From those two:

- a question's **tags** are what answering it right requires: `kind:<kind>`, what the hand shows (`fan:`, `pattern:`,
  `exclusion:<by>><excluded>`, `principle:` …), the near miss it is built as (`misconception:near_miss:<key>`), and
  the tag of every mistake that would give another answer on it (`misconception:forgets_flowers` only where the
  hand has flowers, `convention:payment` only where the table's payment changes the amount asked);
- a wrong answer's **diagnosis** is the mistakes that give exactly that answer (for a number, a key or yes/no), or
  one mistake per wrong element (a choice ticked or left out, a tile added or missed), most likely first.

`handle({"action": "diagnose", "rules": R, "question": {<the question request>}, "given": <answer>})` rebuilds the
question from its request (the same seed gives the same question) and diagnoses the answer given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import tiles as T
from ..catalogue import Text, _
from ..errors import SuanfanError
from ..request import check_keys, get_dict
from .catalog import ANSWER_TYPES

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from ..json_types import AnswerOf, JSONDict
    from ..rulesets import RuleSet
    from .judge import Judge
    from .plugin import Practice

DIAGNOSE_KEYS = ("action", "rules", "question", "given")
MOST_GIVEN = 40  # a keys or tiles answer names at most this many (there are 34 tiles, eight choices)


@dataclass(frozen=True)
class Mistake:
    """One way of getting a question wrong.

    key: what was done (counts_excluded, forgets_flowers, …); tags: what it counts against; answer: the answer it
    gives (for a keys or tiles question, the element it gets wrong: ("+", key) ticked, ("-", key) left out);
    text: the explanation, addressed to the learner (a text); teach: the topic of the rule set that teaches it (its
    lesson or fan card), or None."""

    key: str
    tags: tuple[str, ...]
    answer: object
    text: Text
    teach: str | None = None

    @property
    def zh(self) -> str:
        return self.text["zh"]

    @property
    def en(self) -> str:
        return self.text["en"]

    def to_dict(self) -> JSONDict:
        out: JSONDict = {"key": self.key, "tags": list(self.tags), **self.text, "teach": self.teach}
        if isinstance(self.answer, tuple):
            out["element"] = {"wrong": "ticked" if self.answer[0] == "+" else "left_out", "key": self.answer[1]}
        else:
            out["answer"] = self.answer
        return out


def plural(n: int, one: str, many: str) -> str:
    """English count words: plural(1, "point", "points") -> "1 point"."""
    return f"{n} {one if n == 1 else many}"


def times(n: int) -> str:
    """English for how many times: once, twice, 3 times."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def near_miss_tag(key: str) -> str:
    return f"misconception:near_miss:{key}"


def question_tags(plugin: Practice[Any], judge: Judge, result: JSONDict) -> list[str]:
    """The tags of a question result (its `question` and `explanation`), in a stable order, each once."""
    q = result["question"]
    tags = [f"kind:{q['kind']}", *plugin.base_tags(result, judge)]
    if q["near_miss"]:
        tags.append(near_miss_tag(q["near_miss"]["lacks"]["key"]))
    for mistake in plugin.mistakes(result, judge):
        tags.extend(mistake.tags)
    return list(dict.fromkeys(tags))


MISSED_WAIT = "misconception:missed_wait"
DEAD_WAIT = "misconception:dead_wait"
NOT_A_WAIT = "misconception:not_a_wait"
# a near miss of one fan or pattern, in words (its name filled in)
NEAR_MISS_FORM = _("near misses of {name} (it looks like one, but is not)")
# what the waits mistakes of every rule set are called (Practice.tag_words)
WAITS_TAG_WORDS = {
    MISSED_WAIT: _("missing a winning tile"),
    DEAD_WAIT: _("waiting on a tile whose four copies are all in the hand"),
    NOT_A_WAIT: _("taking a tile that cannot win for a wait"),
}


def waits_mistakes(result: JSONDict, unit_zh: str, unit_en: Callable[[int], str], win_zh: str) -> list[Mistake]:
    """A waits question: each winning tile left out, each tile added that wins nothing (all four copies in the
    hand: a dead wait; or no winning shape at all). unit_en(n): the value in English words ("3 points", "3 fan");
    win_zh: the rule set's word for winning (和, 胡)."""
    ex = result["explanation"]
    waits = {w["tile"]: w for w in ex["waits"]}
    dead = set(ex.get("dead_waits", ()))
    out = [
        Mistake(
            "missed_wait",
            (MISSED_WAIT,),
            ("-", code),
            _(
                "You left out the {tile2}: it completes the hand ({total2}).",
                tile=T.name(T.index_of(code)),
                total=w["total"],
                unit=unit_zh,
                tile2=w["tile_en"],
                total2=unit_en(w["total"]),
            ),
        )
        for code, w in waits.items()
    ]
    for t in range(T.NUM_KINDS):
        code = T.code(t)
        if code in dead:
            out.append(
                Mistake(
                    "dead_wait",
                    (DEAD_WAIT,),
                    ("+", code),
                    _(
                        "The {t} would complete the shape, but all four of it are in the hand: it cannot be won.",
                        t=T.name(t),
                        win=win_zh,
                    ),
                )
            )
        elif code not in waits:
            out.append(
                Mistake(
                    "not_a_wait",
                    (NOT_A_WAIT,),
                    ("+", code),
                    _(
                        "The {t} does not complete a winning shape.",
                        t=T.name(t),
                        win=win_zh,
                    ),
                )
            )
    return out


# ---------------------------------------------------------------- diagnosis


def _bad_given(value: object, reason: Text) -> SuanfanError:
    from ..errors import excerpt

    return SuanfanError("bad_value", key="given", value=excerpt(value), reason=reason)


# No answer is near this (the most a hand pays is a few thousand), and the result echoes what it was given: bounded,
# so that no answer carries a number too long to write out.
MOST_NUMBER = 1_000_000


def read_given(answer_type: str, value: object) -> int | bool | str | list[str]:
    """The answer a learner gave, checked against the question's answer type."""
    if answer_type == "number":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MOST_NUMBER:
            raise _bad_given(value, _("expected a whole number from 0 to {most_number}.", most_number=MOST_NUMBER))
        return value
    if answer_type == "boolean":
        if not isinstance(value, bool):
            raise _bad_given(value, _("expected true or false."))
        return value
    if answer_type == "key":
        if not isinstance(value, str) or not value or len(value) > 80:
            raise _bad_given(value, _("expected the key of one choice."))
        return value
    # keys | tiles: a list of strings, each once
    if (
        not isinstance(value, list)
        or len(value) > MOST_GIVEN
        or not all(isinstance(v, str) and 0 < len(v) <= 80 for v in value)
        or len(set(value)) != len(value)
    ):
        raise _bad_given(value, _("expected a list of distinct keys (or tiles)."))
    return value


def matching(mistakes: list[Mistake], answer_type: str, answer: Any, given: Any) -> list[Mistake]:
    """The mistakes that explain `given`, most likely first (none when it is right)."""
    if answer_type in ("keys", "tiles"):
        wrong = {("+", k) for k in set(given) - set(answer)} | {("-", k) for k in set(answer) - set(given)}
        return [m for m in mistakes if m.answer in wrong]
    return [m for m in mistakes if m.answer == given and type(m.answer) is type(given)]


def same_answer(answer_type: str, answer: Any, given: Any) -> bool:
    if answer_type in ("keys", "tiles"):
        return bool(sorted(answer) == sorted(given))
    return bool(answer == given) and type(answer) is type(given)


def handle_diagnose(ruleset: RuleSet, request: JSONDict, answer_of: AnswerOf) -> JSONDict:
    """ruleset: the rule set asked (its question() builds the question again); answer_of: api.handle."""
    check_keys(request, DIAGNOSE_KEYS)
    asked = get_dict(request, "question")
    if "action" in asked or "rules" in asked:
        raise SuanfanError(
            "bad_value",
            key="question",
            value="{…}",
            reason=_("expected the question request without action and rules (kind, topic, seed …)."),
        )
    if "given" not in request:
        raise _bad_given(None, _("the learner's answer, given, is missing."))
    result = ruleset.question({**asked, "action": "question", "rules": ruleset.key}, answer_of)
    q = result["question"]
    answer_type = ANSWER_TYPES[q["kind"]]
    given = read_given(answer_type, request["given"])
    assert ruleset.practice is not None  # api.handle asks only a rule set with practice
    plugin = ruleset.practice()
    right = same_answer(answer_type, result["answer"], given)
    found = (
        []
        if right
        else matching(plugin.mistakes(result, plugin.judge_of(result)), answer_type, result["answer"], given)
    )
    return {
        "ok": True,
        "rules": ruleset.key,
        "action": "diagnose",
        "right": right,
        "given": given,
        "answer": result["answer"],
        "mistakes": [m.to_dict() for m in found],
        "tags": q["tags"],
        "question": {k: q[k] for k in ("kind", "topic", "seed", "focus")},
    }
