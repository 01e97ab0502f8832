"""The kinds of question every rule set shares, and the parts a rule set's own kinds are built from.

A builder gets a `Context` (the rule set's plug-in and judge, the focus, the seeded draw, and `answer_of`: the
engine's own façade, api.handle) and returns the question's parts: prompt, request, answer type, choices where the
kind has them, the answer and the explanation (answer_of(request)). Every answer is read from an engine result;
nothing here knows a point value or a payment, and nothing here names a rule set: where the rule sets differ, the
judge or the plug-in says (plugin.py). `points`, `name`, `waits` and `why_not` are built here; a rule set's `fans`
and `declare` (and 九江's `pay`) are its own, built from the helpers below.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, Any, Generic

from ..catalogue import _, text_of
from . import deal as D
from .catalog import FAN, NEAR_MISS_SHARE, PATTERN, PRINCIPLE
from .deal import Deal
from .judge import J_co
from .neighbours import neighbours
from .supply import EXAMPLE_CHANGE, Focus, NoDeal, Tally, construct, near_miss

if TYPE_CHECKING:
    from ..json_types import AnswerOf, JSONDict
    from .draw import Draw
    from .judge import Judge
    from .plugin import Practice
    from .supply import Test

CHOICE_LETTERS = "ABCD"
# a pool of choices: keys to take from, and how many at most (fill)
Pool = tuple[Iterable[str], int]
# How many candidates a question may judge, so that it stays well inside its time in the browser
NEARLY_BUDGET = 16  # neighbours looked at for the fans a hand nearly has
REVERSE_NEAR_BUDGET = 40  # neighbours looked at for the near-miss hands among four choices
RELATIVES_TRIED = 5  # related fans whose hands are built as the other choices, and as many again when the
# course's near misses leave the four choices short
# The neighbours a `hand_of_fan` question may look at for its near-miss choices in all: after the first
# REVERSE_NEAR_BUDGET, the rest it looks at when the relatives and the course's near misses leave it short of four
# hands. A near-miss search's own budget; the tests' questions look at 51 at most (Guobiao 单钓将, seed 0).
REVERSE_NEAR_MOST = 160
SIDE_BUDGET = 60  # neighbours looked at for a hand on the other side of the 8-point minimum


@dataclass
class Context(Generic[J_co]):
    """What a builder works with: the plug-in, its judge (at the question's table), focus, draw (this
    question's seeded choices), kind, and answer_of (api.handle: the engine's answer to a request)."""

    plugin: Practice[Any]
    judge: J_co
    focus: Focus
    draw: Draw
    kind: str
    answer_of: AnswerOf
    near: bool | None = None  # True: a near miss wherever the kind allows one; None: the seed decides
    given: Deal | None = None  # the learner's own hand, asked about as it is (no near miss, nothing changed)
    tally: Tally | None = None  # where its constructions count their tests (a focus request's budget)

    def explained(self, deal: Deal, action: str = "score") -> tuple[JSONDict, JSONDict]:
        request = self.judge.request(deal, action)
        return request, self.answer_of(request)

    def prompt(self, variant: str | None = None, **names: object) -> JSONDict:
        return self.plugin.prompt(self.kind, variant, **names)


# ---------------------------------------------------------------- hands


def positive_deal(ctx: Context[Judge], label: str = "positive") -> Deal:
    if ctx.given is not None:
        return ctx.given
    return construct(ctx.plugin.aim_for(ctx.focus, ctx.judge, ctx.kind), ctx.judge, ctx.draw.fork(label), ctx.tally)


def may_be_near_miss(ctx: Context[Judge]) -> bool:
    if ctx.given is not None or ctx.focus.type not in (FAN, PATTERN):
        return False
    return ctx.near or ctx.draw.fork("near?").chance(*NEAR_MISS_SHARE)


def lacks_test(focus: Focus, judge: Judge) -> Test:
    return lambda d: judge.lacks(judge.facts(d), focus.key)


def hand_for(ctx: Context[Judge], allow_near: bool = True) -> tuple[Deal, JSONDict | None, Deal]:
    """(deal, near-miss label or None, the positive deal it came from)."""
    positive = positive_deal(ctx)
    if allow_near and may_be_near_miss(ctx):
        found = near_miss(
            positive,
            lacks_test(ctx.focus, ctx.judge),
            ctx.judge,
            ctx.draw.fork("near"),
            ctx.focus.key,
            ctx.plugin.fallback_near_misses(ctx.focus),
        )
        if found is not None:
            return found[0], near_label(ctx, found[1], positive), positive
    return positive, None, positive


def near_label(ctx: Context[Judge], change: JSONDict, positive: Deal) -> JSONDict:
    """What the question says of its near miss: the topic it lacks, the change, and the hand it was changed from
    (None for one of the course's examples, which was changed from no hand of this question)."""
    origin = None if change["type"] == "example" else ctx.judge.request(positive)
    return {"lacks": ctx.focus.describe(), "change": change, "from": origin}


# ---------------------------------------------------------------- names and verdicts


def nearly_had(ctx: Context[Judge], deal: Deal, present: set[str], limit: int = 3) -> JSONDict:
    """Fans or patterns a one-step neighbour counts that this hand does not have at all: key -> the change."""
    found: JSONDict = {}
    for n, (candidate, change) in enumerate(neighbours(deal, ctx.judge, ctx.draw.fork("nearly"))):
        if n >= NEARLY_BUDGET or len(found) >= limit:
            break
        facts = ctx.judge.facts(candidate)
        if facts is None:
            continue
        for key in facts.counted:
            if key not in present and key not in found and key not in ctx.judge.never_nearly:
                found[key] = change
    return found


def fill(chosen: list[str], pools: Iterable[Pool], draw: Draw, size: int) -> list[str]:
    """chosen, then from each (pool, at most) in turn in the seed's order, without repeats, up to size."""
    for pool, most in pools:
        taken = 0
        for key in draw.shuffled([k for k in dict.fromkeys(pool) if k not in chosen]):
            if len(chosen) >= size or taken >= most:
                break
            chosen.append(key)
            taken += 1
    return chosen


# ---------------------------------------------------------------- points


def points(ctx: Context[Judge]) -> JSONDict:
    deal, near, _unused = hand_for(ctx)
    request, result = ctx.explained(deal)
    return {
        "prompt": ctx.prompt(),
        "request": request,
        "answer_type": "number",
        "answer": result["total"],
        "explanation": result,
        "near_miss": near,
    }


# ---------------------------------------------------------------- name


def name(ctx: Context[Judge]) -> JSONDict:
    reverse = ctx.focus.type in (FAN, PATTERN) and ctx.draw.fork("direction").chance(1, 2)
    return _hand_of_fan(ctx) if reverse else _fan_of_hand(ctx)


def _fan_of_hand(ctx: Context[Judge]) -> JSONDict:
    judge, draw = ctx.judge, ctx.draw.fork("choices")
    deal = positive_deal(ctx)
    request, result = ctx.explained(deal)
    counted = judge.counted_in(result)
    target = ctx.focus.key if ctx.focus.type in (FAN, PATTERN) else result["pattern"]["key"]
    pools, nearly = ctx.plugin.name_pools(ctx, deal, result, target, counted)
    pools = [([k for k in pool if k not in counted and k not in judge.not_offered], most) for pool, most in pools]
    keys = fill([target], pools, draw, 4)
    choices = [dict(judge.item_choice(k), verdict=judge.verdict(k, result, nearly)) for k in draw.shuffled(keys)]
    return {
        "prompt": ctx.prompt("fan_of_hand"),
        "direction": "fan_of_hand",
        "request": request,
        "answer_type": "key",
        "choices": choices,
        "answer": target,
        "explanation": result,
        "near_miss": None,
    }


def _hand_of_fan(ctx: Context[Judge]) -> JSONDict:
    judge, focus = ctx.judge, ctx.focus
    positive = positive_deal(ctx)

    def lacks(d: Deal) -> bool:
        return (f := judge.facts(d)) is not None and not judge.has(f, focus.key)

    hands: list[tuple[Deal, JSONDict | None]] = [(positive, None)]
    seen = {positive.signature()}

    def take(candidate: Deal | None, change: JSONDict | None) -> None:
        if candidate is not None and len(hands) < 4 and candidate.signature() not in seen and lacks(candidate):
            hands.append((candidate, change))
            seen.add(candidate.signature())

    # near misses, one step from the positive hand: up to two, within the budget
    nearby = enumerate(neighbours(positive, judge, ctx.draw.fork("near"), focus.key in judge.situational))
    for n, (candidate, change) in nearby:
        take(candidate, change)
        if len(hands) >= 3 or n >= REVERSE_NEAR_BUDGET:
            break
    # hands built for relatives of the fan (same series, close value), which do not count it
    same, close = judge.relatives(focus.key)
    relatives = ctx.draw.fork("relatives").shuffled(same) + ctx.draw.fork("close").shuffled(close)
    untried = iter([k for k in dict.fromkeys(relatives) if k not in judge.not_built])

    def relative(key: str) -> Deal | None:
        other = Focus(key, focus.type, judge.names(key))
        try:
            return construct(
                ctx.plugin.aim_for(other, judge, ctx.kind), judge, ctx.draw.fork(f"relative-{key}"), ctx.tally
            )
        except NoDeal:  # a relative the table rules out (豪华七对 where a quad may not be two pairs)
            return None

    for key in islice(untried, RELATIVES_TRIED):
        if len(hands) >= 4:
            break
        take(relative(key), None)
    # the course's own near misses; and, rarely needed, more of the neighbours (up to REVERSE_NEAR_MOST in all)
    # and of the relatives (RELATIVES_TRIED more)
    for text, situation in ctx.plugin.fallback_near_misses(focus):
        take(judge.seated(D.deal_of(text, situation)), EXAMPLE_CHANGE)
    for n, (candidate, change) in nearby:
        if len(hands) >= 4 or n >= REVERSE_NEAR_MOST:
            break
        take(candidate, change)
    for key in islice(untried, RELATIVES_TRIED):
        if len(hands) >= 4:
            break
        take(relative(key), None)
    order = ctx.draw.fork("order").shuffled(range(len(hands)))
    choices = []
    for letter, index in zip(CHOICE_LETTERS, order):
        deal, near_change = hands[index]
        request, result = ctx.explained(deal)
        choices.append(
            {
                "key": letter,
                "type": "hand",
                "hand": request["hand"],
                "request": request,
                "explanation": result,
                "near_miss": near_change,
                "verdict": judge.verdict(focus.key, result),
            }
        )
        if index == 0:
            answer, answer_request, answer_result = letter, request, result
    return {
        "prompt": ctx.prompt("hand_of_fan", name=focus.name),
        "direction": "hand_of_fan",
        "request": answer_request,
        "answer_type": "key",
        "choices": choices,
        "answer": answer,
        "explanation": answer_result,
        "near_miss": None,
    }


# ---------------------------------------------------------------- waits


def waits(ctx: Context[Judge]) -> JSONDict:
    deal, near, positive = hand_for(ctx)
    request, result = _waits_of(ctx, deal)
    if near is not None and ctx.judge.wait_has(result, ctx.focus.key):
        # some tile would give the fan back: as a waiting hand this is no near miss, so ask the positive one
        near = None
        request, result = _waits_of(ctx, positive)
    return {
        "prompt": ctx.prompt(),
        "request": request,
        "answer_type": "tiles",
        "answer": [w["tile"] for w in result["waits"]],
        "explanation": result,
        "near_miss": near,
    }


def _waits_of(ctx: Context[Judge], deal: Deal) -> tuple[JSONDict, JSONDict]:
    return ctx.explained(Deal(D.without_winner(deal.hand), deal.situation), "waits")


# ---------------------------------------------------------------- why_not


def why_not(ctx: Context[Judge]) -> JSONDict:
    judge, focus = ctx.judge, ctx.focus
    draw = ctx.draw.fork("choices")
    if ctx.given is not None:
        deal = ctx.given
    else:
        deal = construct(ctx.plugin.set_aside_aim(focus, judge), judge, ctx.draw.fork("set-aside"), ctx.tally)
    request, result = ctx.explained(deal)
    entries = result["excluded"]
    if not entries:
        raise NoDeal("nothing is set aside in this hand")
    if focus.type == PRINCIPLE:
        relevant = [e for e in entries if e.get("principle") == focus.key]
    elif focus.type in (FAN, PATTERN) and ctx.given is None:
        relevant = [e for e in entries if focus.key in (e["key"], e.get("by"))]
    else:
        relevant = list(entries)
    # a fan set aside for one reason only, so that one choice is right
    reasons: dict[str, set[tuple[str | None, str | None]]] = {}
    for e in entries:
        reasons.setdefault(e["key"], set()).add((e.get("by"), e.get("principle")))
    single = [e for e in relevant if len(reasons[e["key"]]) == 1] or relevant
    entry = draw.pick(single)
    asked, by = entry["key"], entry.get("by")
    if by == asked:  # 不得相同: set aside by another instance of itself; the principle is the answer that teaches
        by = None
    answer = by if by is not None else entry["principle"]
    counted = judge.counted_in(result)
    if by is None:
        keys = fill([answer], [([k for k in judge.principles if k != answer], 3)], draw, 4)
        choices = [dict(judge.item_choice(k), verdict=_principle_verdict(judge, k, entry)) for k in draw.shuffled(keys)]
    else:
        others_by = {b for b, _unused in reasons[asked]} | {p for b, p in reasons[asked] if b in (None, asked)}
        pools = ctx.plugin.why_not_pools(judge, asked, by, counted)
        pools = [
            ([k for k in pool if k not in others_by and k != asked and k not in judge.not_offered], most)
            for pool, most in pools
        ]
        keys = fill([answer], pools, draw, 4)
        choices = [
            dict(judge.item_choice(k), verdict=judge.excluder_verdict(k, asked, by, result))
            for k in draw.shuffled(keys)
        ]
    return {
        "prompt": ctx.prompt(ctx.plugin.why_not_variant(asked, counted), name=judge.names(asked)),
        "request": request,
        "answer_type": "key",
        "choices": choices,
        "answer": answer,
        "explanation": result,
        "near_miss": None,
        "asked": judge.item_choice(asked),
    }


def _principle_verdict(judge: Judge, key: str, entry: JSONDict) -> JSONDict:
    if key == entry["principle"]:
        return {"status": "right", "reason": entry["reason"], **text_of(entry["reason"])}
    # The verdict follows the choice's own name ("No splitting: …"), so it does not name it again: several names
    # are negations themselves (不拆移 "no splitting"), and "not no splitting here" read as a double negative.
    return {
        "status": "wrong",
        **_("it is not the principle at work here."),
    }


SHARED_BUILDERS = {"points": points, "name": name, "waits": waits, "why_not": why_not}
