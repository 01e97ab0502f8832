"""The seven kinds of question, each built from hands the supply gives and answered from the engine's result.

A builder gets a `Context` (the rule set's judge, the focus, the seeded draw, and `answer_of`: the engine's
own façade, api.handle) and returns the question's parts: prompt, request, answer type, choices where the
kind has them, the answer and the explanation (answer_of(request)). Every answer is read from an engine result;
nothing here knows a point value or a payment.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import islice
from typing import Callable

from ..gb.fans import FAN_BY_KEY, FANS, PRINCIPLES
from ..jiujiang import PATTERNS, suit_profile
from . import deal as D
from .catalog import FAN, NEAR_MISS_SHARE, PATTERN, PRINCIPLE
from .deal import Deal
from .gb_judge import CHICKEN, FLOWERS
from .neighbours import SITUATIONAL, neighbours, tile_change
from .prompts import prompt
from .supply import Focus, NoDeal, aim_for, construct, fallback_near_misses, lacks_test, near_miss, set_aside_aim

CHOICE_LETTERS = "ABCD"
# How many candidates a question may judge, so that it stays well inside its time in the browser
NEARLY_BUDGET = 16          # neighbours looked at for the fans a hand nearly has
REVERSE_NEAR_BUDGET = 40    # neighbours looked at for the near-miss hands among four choices
RELATIVES_TRIED = 5         # related fans whose hands are built as the other choices
SIDE_BUDGET = 60            # neighbours looked at for a hand on the other side of the 8-point minimum


@dataclass
class Context:
    """What a builder works with: judge (gb_judge / jiujiang_judge), focus, draw (this question's seeded
    choices), kind, and answer_of (api.handle: the engine's answer to a request)."""

    judge: object
    focus: Focus
    draw: object
    kind: str
    answer_of: Callable[[dict], dict]

    @property
    def family(self) -> str:
        return self.judge.family

    def explained(self, deal: Deal, action: str = "score") -> tuple[dict, dict]:
        request = self.judge.request(deal, action)
        return request, self.answer_of(request)


# ---------------------------------------------------------------- hands

def positive_deal(ctx: Context, label: str = "positive") -> Deal:
    return construct(aim_for(ctx.focus, ctx.judge, ctx.kind), ctx.judge, ctx.draw.fork(label))


def may_be_near_miss(ctx: Context) -> bool:
    return ctx.focus.type in (FAN, PATTERN) and ctx.draw.fork("near?").chance(*NEAR_MISS_SHARE)


def hand_for(ctx: Context, allow_near: bool = True) -> tuple[Deal, dict | None, Deal]:
    """(deal, near-miss label or None, the positive deal it came from)."""
    positive = positive_deal(ctx)
    if allow_near and may_be_near_miss(ctx):
        found = near_miss(positive, lacks_test(ctx.focus, ctx.judge), ctx.judge, ctx.draw.fork("near"),
                          ctx.focus.key, fallback_near_misses(ctx.focus))
        if found is not None:
            return found[0], near_label(ctx, found[1], positive), positive
    return positive, None, positive


def near_label(ctx: Context, change: dict, positive: Deal) -> dict:
    return {"lacks": ctx.focus.describe(), "change": change, "from": ctx.judge.request(positive)}


# ---------------------------------------------------------------- names and verdicts

def item_choice(judge, key: str) -> dict:
    if key in PRINCIPLES:
        zh, en = PRINCIPLES[key]
        return {"key": key, "type": "principle", "zh": zh, "en": en}
    zh, en = judge.names(key)
    return {"key": key, "type": judge.item_kind, "zh": zh, "en": en, "value": judge.points_of(key)}


def counted_keys(result: dict) -> list[str]:
    return [item["key"] for item in result["items"]]


def verdict(key: str, result: dict, nearly: dict | None = None) -> dict:
    """What the result says of one fan or pattern: counted, set aside (and why), or not in the hand."""
    for item in result["items"]:
        if item["key"] == key:
            return {"status": "counted", "value": item["value"], "count": item.get("count", 1),
                    "zh": f"计入:{item['value']} × {item.get('count', 1)}",
                    "en": f"counted: {item['value']} × {item.get('count', 1)}"}
    for entry in result["excluded"]:
        if entry["key"] == key:
            out = {"status": "excluded", "by": entry.get("by"), "reason": entry["reason"],
                   "zh": entry["reason"]["zh"], "en": entry["reason"]["en"]}
            if entry.get("principle"):
                out["principle"] = entry["principle"]
            return out
    out = {"status": "absent", "zh": "这手牌没有。", "en": "not in this hand."}
    if nearly and key in nearly:
        out["nearly"] = nearly[key]
        out["zh"] = f"这手牌没有;{nearly[key]['zh']}就有了。"
        out["en"] = f"not in this hand; {nearly[key]['en']} would make it."
    return out


def nearly_had(ctx: Context, deal: Deal, present: set, limit: int = 3) -> dict:
    """Fans or patterns a one-step neighbour counts that this hand does not have at all: key -> the change."""
    found: dict = {}
    for n, (candidate, change) in enumerate(neighbours(deal, ctx.judge, ctx.draw.fork("nearly"))):
        if n >= NEARLY_BUDGET or len(found) >= limit:
            break
        facts = ctx.judge.facts(candidate)
        if facts is None:
            continue
        for key in facts.counted:
            if key not in present and key not in found and key not in (FLOWERS, CHICKEN):
                found[key] = change
    return found


def _fill(chosen: list, pools, draw, size: int) -> list:
    """chosen, then from each (pool, at most) in turn in the seed's order, without repeats, up to size."""
    for pool, most in pools:
        taken = 0
        for key in draw.shuffled([k for k in dict.fromkeys(pool) if k not in chosen]):
            if len(chosen) >= size or taken >= most:
                break
            chosen.append(key)
            taken += 1
    return chosen


def _relatives(judge, key: str) -> tuple[list, list]:
    """A fan's or pattern's same-series fans and those of close value (the distractors that teach)."""
    if judge.family == "jiujiang":
        return [p.key for p in PATTERNS if p.key != key], []
    return judge.relatives[key]


# ---------------------------------------------------------------- points

def points(ctx: Context) -> dict:
    deal, near, _ = hand_for(ctx)
    request, result = ctx.explained(deal)
    return {"prompt": prompt("points", ctx.family), "request": request, "answer_type": "number",
            "answer": result["total"], "explanation": result, "near_miss": near}


# ---------------------------------------------------------------- fans

def fans(ctx: Context) -> dict:
    deal, near, _ = hand_for(ctx)
    request, result = ctx.explained(deal)
    judge, draw = ctx.judge, ctx.draw.fork("choices")
    if ctx.family == "jiujiang":
        present = {p["key"] for p in result["patterns"]}
        choices = [dict(item_choice(judge, p.key), verdict=_pattern_verdict(p.key, result)) for p in PATTERNS]
        answer = [c["key"] for c in choices if c["key"] in present]
    else:
        counted = counted_keys(result)
        excluded = [e["key"] for e in result["excluded"] if e["key"] not in counted]
        nearly = nearly_had(ctx, deal, set(counted) | set(excluded))
        if ctx.focus.type == FAN:
            first = [ctx.focus.key]
        else:   # a principle: a fan it sets aside
            first = [e["key"] for e in result["excluded"] if e["principle"] == ctx.focus.key][:1]
        same, close = _relatives(judge, first[0]) if first and first[0] != FLOWERS else ([], [])
        keys = _fill(list(first), [(counted, 4), (excluded, 2), (nearly, 2), (same, 1), (counted + excluded, 8),
                                   (close, 8)], draw, 8)
        keys = [k for k in keys if k != CHICKEN or k in counted or k == ctx.focus.key]
        choices = [dict(item_choice(judge, k), verdict=verdict(k, result, nearly)) for k in draw.shuffled(keys)]
        answer = [c["key"] for c in choices if c["key"] in counted]
    return {"prompt": prompt("fans", ctx.family), "request": request, "answer_type": "keys", "choices": choices,
            "answer": answer, "explanation": result, "near_miss": near}


def _pattern_verdict(key: str, result: dict) -> dict:
    for p in result["patterns"]:
        if p["key"] == key:
            if p["chosen"]:
                return {"status": "counted", "value": p["value"], "zh": f"计入:{p['value']}",
                        "en": f"counted: {p['value']}"}
            entry = next(e for e in result["excluded"] if e["key"] == key)
            return {"status": "excluded", "by": entry["by"], "reason": entry["reason"],
                    "zh": entry["reason"]["zh"], "en": entry["reason"]["en"]}
    return {"status": "absent", "zh": "这手牌没有。", "en": "not in this hand."}


# ---------------------------------------------------------------- name

def name(ctx: Context) -> dict:
    reverse = ctx.focus.type in (FAN, PATTERN) and ctx.draw.fork("direction").chance(1, 2)
    return _hand_of_fan(ctx) if reverse else _fan_of_hand(ctx)


def _counted_here(ctx: Context, result: dict) -> list[str]:
    """What the result counts: its fans, or 九江's one pattern."""
    return _counted_in(result, ctx.family)


def _fan_of_hand(ctx: Context) -> dict:
    judge, draw = ctx.judge, ctx.draw.fork("choices")
    deal = positive_deal(ctx)
    request, result = ctx.explained(deal)
    counted = _counted_here(ctx, result)
    target = ctx.focus.key if ctx.focus.type in (FAN, PATTERN) else result["pattern"]["key"]
    if ctx.family == "jiujiang":
        present = [p["key"] for p in result["patterns"] if p["key"] != target]
        pools = [(present, 2), ([p.key for p in PATTERNS], 3)]
        nearly = {}
    else:
        excluded = [e["key"] for e in result["excluded"]]
        nearly = nearly_had(ctx, deal, set(counted) | set(excluded))
        same, close = _relatives(judge, target)
        pools = [(list(nearly), 1), (excluded, 1), (same, 2), (close, 3), ([f.key for f in FANS], 3)]
    pools = [([k for k in pool if k not in counted and k != CHICKEN], most) for pool, most in pools]
    keys = _fill([target], pools, draw, 4)
    choices = [dict(item_choice(judge, k), verdict=(_pattern_verdict(k, result) if ctx.family == "jiujiang"
                                                    else verdict(k, result, nearly))) for k in draw.shuffled(keys)]
    return {"prompt": prompt("name", ctx.family, "fan_of_hand"), "direction": "fan_of_hand", "request": request,
            "answer_type": "key", "choices": choices, "answer": target, "explanation": result, "near_miss": None}


def _hand_of_fan(ctx: Context) -> dict:
    judge, focus = ctx.judge, ctx.focus
    positive = positive_deal(ctx)
    lacks = lambda d: (f := judge.facts(d)) is not None and not judge.has(f, focus.key)  # noqa: E731
    hands = [(positive, None)]
    seen = {positive.signature()}

    def take(candidate: Deal | None, change) -> None:
        if candidate is not None and len(hands) < 4 and candidate.signature() not in seen and lacks(candidate):
            hands.append((candidate, change))
            seen.add(candidate.signature())

    # near misses, one step from the positive hand: up to two, within the budget
    nearby = enumerate(neighbours(positive, judge, ctx.draw.fork("near"), focus.key in SITUATIONAL))
    for n, (candidate, change) in nearby:
        take(candidate, change)
        if len(hands) >= 3 or n >= REVERSE_NEAR_BUDGET:
            break
    # hands built for relatives of the fan (same series, close value), which do not count it
    same, close = _relatives(judge, focus.key)
    relatives = ctx.draw.fork("relatives").shuffled(same) + ctx.draw.fork("close").shuffled(close)
    relatives = iter([k for k in dict.fromkeys(relatives) if k != FLOWERS])

    def relative(key: str) -> Deal | None:
        other = Focus(key, focus.type, *judge.names(key))
        try:
            return construct(aim_for(other, judge, ctx.kind), judge, ctx.draw.fork(f"relative-{key}"))
        except NoDeal:      # a relative the table rules out (豪华七对 where a quad may not be two pairs)
            return None
    for key in islice(relatives, RELATIVES_TRIED):
        if len(hands) >= 4:
            break
        take(relative(key), None)
    # the course's own near misses; and, rarely needed, the rest of the neighbours and of the relatives
    for text, situation in fallback_near_misses(focus):
        take(judge.seated(D.deal_of(text, situation)), {"type": "example", "zh": "课程里差一点的那手牌",
                                          "en": "the course's own near miss"})
    for n, (candidate, change) in nearby:
        if len(hands) >= 4:
            break
        take(candidate, change)
    for key in relatives:
        if len(hands) >= 4:
            break
        take(relative(key), None)
    order = ctx.draw.fork("order").shuffled(range(len(hands)))
    choices = []
    for letter, index in zip(CHOICE_LETTERS, order):
        deal, change = hands[index]
        request, result = ctx.explained(deal)
        counts = focus.key in _counted_here(ctx, result)
        choices.append({"key": letter, "type": "hand", "hand": request["hand"], "request": request,
                        "explanation": result, "near_miss": change,
                        "verdict": (_pattern_verdict(focus.key, result) if ctx.family == "jiujiang"
                                    else verdict(focus.key, result))})
        if index == 0:
            answer, answer_request, answer_result = letter, request, result
    return {"prompt": prompt("name", ctx.family, "hand_of_fan", zh=focus.zh, en=focus.en),
            "direction": "hand_of_fan", "request": answer_request, "answer_type": "key", "choices": choices,
            "answer": answer, "explanation": answer_result, "near_miss": None}


# ---------------------------------------------------------------- waits

def waits(ctx: Context) -> dict:
    deal, near, positive = hand_for(ctx)
    request, result = _waits_of(ctx, deal)
    if near is not None and _wait_has(ctx, result):
        # some tile would give the fan back: as a waiting hand this is no near miss, so ask the positive one
        near = None
        request, result = _waits_of(ctx, positive)
    return {"prompt": prompt("waits", ctx.family), "request": request, "answer_type": "tiles",
            "answer": [w["tile"] for w in result["waits"]], "explanation": result, "near_miss": near}


def _waits_of(ctx: Context, deal: Deal) -> tuple[dict, dict]:
    return ctx.explained(Deal(D.without_winner(deal.hand), deal.situation), "waits")


def _wait_has(ctx: Context, result: dict) -> bool:
    key = ctx.focus.key
    if ctx.family == "jiujiang":
        return any(w["pattern"]["key"] == key for w in result["waits"])
    return any(key in {f["key"] for f in w["fans"]} for w in result["waits"])


# ---------------------------------------------------------------- declare

def declare(ctx: Context) -> dict:
    return _declare_jiujiang(ctx) if ctx.family == "jiujiang" else _declare_gb(ctx)


def _declare_gb(ctx: Context) -> dict:
    judge, focus, draw = ctx.judge, ctx.focus, ctx.draw
    want = draw.fork("side").chance(1, 2)
    positive = positive_deal(ctx)
    deal, near = positive, None
    facts = judge.facts(positive)
    if facts.declarable != want:
        # the other side among hands one step away: first with the fan kept (a fan of 8 or more points is on
        # the winning side by itself), else a near miss without it
        fallback = None
        keeps_fan = want or judge.points_of(focus.key) < 8
        for n, (candidate, change) in enumerate(neighbours(positive, judge, draw.fork("side-search"),
                                                           focus.key in SITUATIONAL)):
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
    if not facts.declarable and not facts.flowers and draw.fork("flowers").chance(1, 2):
        # flowers that lift the total to 8 or more do not make it a win: the minimum is counted without them
        deal = deal.with_situation(flowers=min(8, 8 - facts.points + draw.fork("extra").below(2)))
    request, result = ctx.explained(deal)
    return {"prompt": prompt("declare", "gb"), "request": request, "answer_type": "boolean",
            "answer": result["meets_minimum"], "explanation": result, "near_miss": near}


def _declare_jiujiang(ctx: Context) -> dict:
    judge, focus, draw = ctx.judge, ctx.focus, ctx.draw
    want = draw.fork("side").chance(1, 2)
    deal, near = positive_deal(ctx), None
    if focus.type == PATTERN and not want:
        # a table the request fixed is not changed: the hand itself is made no win
        if judge.fixed is None and draw.fork("how").chance(1, 2):
            # a table requirement the hand does not meet: three suits at a 缺门 table, too few flowers
            suits, _ = _suits_and_honors(deal)
            if len(suits) == 3:
                deal = deal.with_table(require_missing_suit=True)
            else:
                deal = deal.with_table(min_flowers=deal.situation.get("flowers", 0) + 1 + draw.below(2))
        else:
            broken = _not_a_win(ctx, deal)
            if broken is not None:
                near = near_label(ctx, broken[1], deal)
                deal = broken[0]
    request, result = ctx.explained(deal)
    return {"prompt": prompt("declare", "jiujiang"), "request": request, "answer_type": "boolean",
            "answer": result["ok"], "explanation": result, "near_miss": near}


def _suits_and_honors(deal: Deal):
    return suit_profile(deal.hand)


def _not_a_win(ctx: Context, deal: Deal):
    """One standing tile replaced so that the hand is no win at all (the engine's not_a_win)."""
    draw = ctx.draw.fork("broken")
    standing = deal.hand.standing
    for i in draw.shuffled(range(len(standing))):
        for tile in draw.shuffled(range(34))[:6]:
            if tile == standing[i] or D.copies(deal.hand, tile) >= 4:
                continue
            candidate = deal.with_hand(D.with_tile_replaced(deal.hand, i, tile))
            if ctx.judge.error_of(candidate) == "not_a_win":
                return candidate, tile_change(standing[i], tile)
    return None


# ---------------------------------------------------------------- why_not

def why_not(ctx: Context) -> dict:
    judge, focus = ctx.judge, ctx.focus
    draw = ctx.draw.fork("choices")
    deal = construct(set_aside_aim(focus, judge), judge, ctx.draw.fork("set-aside"))
    request, result = ctx.explained(deal)
    entries = result["excluded"]
    if focus.type == PRINCIPLE:
        relevant = [e for e in entries if e.get("principle") == focus.key]
    elif focus.type in (FAN, PATTERN):
        relevant = [e for e in entries if focus.key in (e["key"], e.get("by"))]
    else:
        relevant = list(entries)
    # a fan set aside for one reason only, so that one choice is right
    reasons: dict = {}
    for e in entries:
        reasons.setdefault(e["key"], set()).add((e.get("by"), e.get("principle")))
    single = [e for e in relevant if len(reasons[e["key"]]) == 1] or relevant
    entry = draw.pick(single)
    asked, by = entry["key"], entry.get("by")
    if by == asked:     # 不得相同: set aside by another instance of itself; the principle is the answer that teaches
        by = None
    answer = by if by is not None else entry["principle"]
    counted = _counted_here(ctx, result)
    if by is None:
        keys = _fill([answer], [([k for k in PRINCIPLES if k != answer], 3)], draw, 4)
        choices = [dict(item_choice(judge, k), verdict=_principle_verdict(k, entry)) for k in draw.shuffled(keys)]
    else:
        others_by = {b for b, _ in reasons[asked]} | {p for b, p in reasons[asked] if b in (None, asked)}
        if ctx.family == "jiujiang":
            pools = [([p.key for p in PATTERNS if p.key not in (asked, by)], 3)]
        else:
            could = sorted(judge.excluded_by.get(asked, ()))
            sets_or_waits = FAN_BY_KEY[asked].scope == "meld" or asked in ("edge_wait", "closed_wait", "single_wait")
            unrelated = [k for k in counted if asked not in judge.excludes.get(k, ()) and k != FLOWERS
                         and not (sets_or_waits and FAN_BY_KEY.get(k) and FAN_BY_KEY[k].scope == "meld")]
            absent = [k for k in could if k not in counted]
            same, close = _relatives(judge, asked)
            pools = [(absent, 2), (unrelated, 2), ([k for k in same + close if k not in counted], 3)]
        pools = [([k for k in pool if k not in others_by and k != asked and k != CHICKEN], most)
                 for pool, most in pools]
        keys = _fill([answer], pools, draw, 4)
        choices = [dict(item_choice(judge, k), verdict=_excluder_verdict(k, asked, by, result, ctx.family))
                   for k in draw.shuffled(keys)]
    zh, en = judge.names(asked)
    variant = "one_of_them" if ctx.family == "gb" and asked in counted else None
    return {"prompt": prompt("why_not", ctx.family, variant, zh=zh, en=en), "request": request, "answer_type": "key",
            "choices": choices, "answer": answer, "explanation": result, "near_miss": None,
            "asked": item_choice(judge, asked)}


def _principle_verdict(key: str, entry: dict) -> dict:
    if key == entry["principle"]:
        return {"status": "right", "reason": entry["reason"], "zh": entry["reason"]["zh"], "en": entry["reason"]["en"]}
    zh, en = PRINCIPLES[key]
    return {"status": "wrong", "zh": f"这里不是{zh}。", "en": f"not {en} here."}


def _excluder_verdict(key: str, asked: str, by: str, result: dict, family: str) -> dict:
    if key == by:
        entry = next(e for e in result["excluded"] if e["key"] == asked and e.get("by") == by)
        return {"status": "right", "reason": entry["reason"], "zh": entry["reason"]["zh"],
                "en": entry["reason"]["en"]}
    counted = key in _counted_in(result, family)
    if counted:
        return {"status": "wrong", "zh": "它计分了,但它并不排除这个番。", "en": "it counts, but it does not exclude this."}
    return {"status": "wrong", "zh": "这手牌里没有计它,没有计的番不排除别的番。",
            "en": "it is not counted here, and only a counted fan excludes another."}


def _counted_in(result: dict, family: str) -> list[str]:
    return [result["pattern"]["key"]] if family == "jiujiang" else counted_keys(result)


# ---------------------------------------------------------------- pay

def pay(ctx: Context) -> dict:
    deal = positive_deal(ctx)
    request, result = ctx.explained(deal)
    payments = result["payments"]
    payer = payments["payers"][0]
    if ctx.draw.fork("ask").chance(1, 3):
        asks, words, answer = "winner_receives", prompt("pay", "jiujiang", "winner"), payments["winner_receives"]
    else:
        asks, answer = payer["who"], payer["amount"]
        words = prompt("pay", "jiujiang", "payer", payer_zh=payer["zh"], payer_en=payer["en"])
    return {"prompt": words, "request": request, "answer_type": "number", "answer": answer,
            "explanation": result, "near_miss": None, "asks": asks}


BUILDERS = {"points": points, "fans": fans, "name": name, "waits": waits, "declare": declare,
            "why_not": why_not, "pay": pay}
