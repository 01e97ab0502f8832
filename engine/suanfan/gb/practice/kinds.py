"""Guobiao's own kinds of question (`fans`, `declare`) and its choices for the shared ones (name, why_not).

Built from the shared helpers (practice/kinds.py); every answer is read from the engine's result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...practice.catalog import FAN
from ...practice.kinds import SIDE_BUDGET, Context, fill, hand_for, near_label, nearly_had, positive_deal
from ...practice.neighbours import neighbours
from ..fans import FAN_BY_KEY, FANS
from .judge import CHICKEN, FLOWERS

if TYPE_CHECKING:
    from ...json_types import JSONDict
    from ...practice.deal import Deal
    from ...practice.kinds import Pool
    from .judge import GbJudge

WAIT_FANS = ("edge_wait", "closed_wait", "single_wait")


def fans(ctx: Context[GbJudge]) -> JSONDict:
    deal, near, _ = hand_for(ctx)
    request, result = ctx.explained(deal)
    judge, draw = ctx.judge, ctx.draw.fork("choices")
    counted = judge.counted_in(result)
    excluded = [e["key"] for e in result["excluded"] if e["key"] not in counted]
    nearly = nearly_had(ctx, deal, set(counted) | set(excluded))
    if ctx.focus.type == FAN:
        first = [ctx.focus.key]
    else:  # a principle: a fan it sets aside
        first = [e["key"] for e in result["excluded"] if e["principle"] == ctx.focus.key][:1]
    same, close = judge.relatives(first[0]) if first and first[0] != FLOWERS else ([], [])
    keys = fill(
        list(first), [(counted, 4), (excluded, 2), (nearly, 2), (same, 1), (counted + excluded, 8), (close, 8)], draw, 8
    )
    keys = [k for k in keys if k != CHICKEN or k in counted or k == ctx.focus.key]
    choices = [dict(judge.item_choice(k), verdict=judge.verdict(k, result, nearly)) for k in draw.shuffled(keys)]
    answer = [c["key"] for c in choices if c["key"] in counted]
    return {
        "prompt": ctx.prompt(),
        "request": request,
        "answer_type": "keys",
        "choices": choices,
        "answer": answer,
        "explanation": result,
        "near_miss": near,
    }


def declare(ctx: Context[GbJudge]) -> JSONDict:
    judge, focus, draw = ctx.judge, ctx.focus, ctx.draw
    positive = positive_deal(ctx)
    deal, near = positive, None
    facts = judge.facts(positive)
    assert facts is not None  # a positive deal wins: construct kept it for that
    # the seed picks the side of the 8-point minimum (a hand of the learner's own stays on its side)
    want = facts.declarable if ctx.given is not None else draw.fork("side").chance(1, 2)
    if facts.declarable != want:
        # the other side among hands one step away: first with the fan kept (a fan of 8 or more points is on
        # the winning side by itself), else a near miss without it
        fallback = None
        keeps_fan = want or judge.points_of(focus.key) < 8
        for n, (candidate, change) in enumerate(
            neighbours(positive, judge, draw.fork("side-search"), focus.key in judge.situational)
        ):
            if n >= SIDE_BUDGET or (fallback is not None and not keeps_fan):
                break
            f = judge.facts(candidate)
            if f is None or f.declarable != want:
                continue
            if keeps_fan and judge.has(f, focus.key):
                deal, fallback = candidate, None
                break
            if fallback is None and judge.lacks(f, focus.key):
                fallback = (candidate, change)
        if deal is positive and fallback is not None:
            deal, near = fallback[0], near_label(ctx, fallback[1], positive)
    facts = judge.facts(deal)
    assert facts is not None  # the positive deal, or a neighbour whose facts were read above
    if ctx.given is None and not facts.declarable and not facts.flowers and draw.fork("flowers").chance(1, 2):
        # flowers that lift the total to 8 or more do not make it a win: the minimum is counted without them
        deal = deal.with_situation(flowers=min(8, 8 - facts.points + draw.fork("extra").below(2)))
    request, result = ctx.explained(deal)
    return {
        "prompt": ctx.prompt(),
        "request": request,
        "answer_type": "boolean",
        "answer": result["meets_minimum"],
        "explanation": result,
        "near_miss": near,
    }


def name_pools(
    ctx: Context[GbJudge], deal: Deal, result: JSONDict, target: str, counted: list[str]
) -> tuple[list[Pool], JSONDict]:
    """The other choices of "which fan is this hand built to show": fans it nearly has, one it sets aside, fans of
    the same series and of close value, any fan."""
    excluded = [e["key"] for e in result["excluded"]]
    nearly = nearly_had(ctx, deal, set(counted) | set(excluded))
    same, close = ctx.judge.relatives(target)
    return [(list(nearly), 1), (excluded, 1), (same, 2), (close, 3), ([f.key for f in FANS], 3)], nearly


def why_not_pools(judge: GbJudge, asked: str, by: str, counted: list[str]) -> list[Pool]:
    """The wrong excluders offered beside the right one: fans that could exclude it but are not counted here,
    counted fans that do not exclude it, relatives of it."""
    could = sorted(judge.excluded_by.get(asked, ()))
    sets_or_waits = FAN_BY_KEY[asked].scope == "meld" or asked in WAIT_FANS
    unrelated = [
        k
        for k in counted
        if asked not in judge.excludes.get(k, ())
        and k != FLOWERS
        and not (sets_or_waits and FAN_BY_KEY.get(k) and FAN_BY_KEY[k].scope == "meld")
    ]
    absent = [k for k in could if k not in counted]
    same, close = judge.relatives(asked)
    return [(absent, 2), (unrelated, 2), ([k for k in same + close if k not in counted], 3)]


def why_not_variant(asked: str, counted: list[str]) -> str | None:
    """One instance of a fan set aside while another counts: the question says so."""
    return "one_of_them" if asked in counted else None
