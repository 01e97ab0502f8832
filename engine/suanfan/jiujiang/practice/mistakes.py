"""What a 九江 question exercises and the mistakes a learner makes on it (see practice/mistakes.py).

The sheet's three steps are a chain — the pattern's value in units of the base (the base added where the table adds
it), the multipliers (one ×2 for how the hand was won, then the dealer's), the cap last — and most wrong numbers
are that chain with one link changed: the patterns added instead of the highest taken, a lower pattern taken, a ×2
left out or applied twice (杠上开花 with 自摸), the dealer's ×2 after the cap, the cap left out, the base left out
or applied after the cap, a table convention forgotten. Each is computed here from the engine's own result (its
start value, multipliers and cap); `pay` carries the same mistakes through to the amount asked, and its own (the
payment convention, what the winner receives).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ... import jiujiang as J
from ...catalogue import LANGUAGES, Text, _, join, pgettext, text_of
from ...errors import SuanfanError
from ...glossary import SHAPES, count_en
from ...notation import WIN, parse
from ...practice import reading_kinds
from ...practice.catalog import READING_KINDS
from ...practice.mistakes import Mistake, near_miss_tag, waits_mistakes

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from ...json_types import JSONDict
    from .judge import JiujiangJudge

ADDS_PATTERNS = "misconception:adds_patterns"
DOUBLE_BLOOM = "misconception:double_bloom"
DEALER_AFTER_CAP = "misconception:dealer_after_cap"
BASE_AFTER_CAP = "misconception:base_after_cap"
BASE_TWICE_ON_PING_HU = "misconception:base_twice_on_ping_hu"
WINNER_RECEIVES = "misconception:winner_receives"
NOT_A_WIN = "misconception:not_a_win"
HIGHEST = "concept:highest_pattern"
PATTERN_BY_KEY = {p.key: p for p in J.PATTERNS}


def fan_word(n: int | None) -> str:
    return f"{n} fan"


@dataclass(frozen=True)
class Chain:
    """The sheet's steps 2 and 3 as numbers: start (the pattern's value, base applied), the ×2s, the cap."""

    start: int
    factors: tuple[tuple[str, int], ...]  # (multiplier key, factor), in order
    cap: int | None

    def total(self, factors: Iterable[tuple[str, int]] | None = None, cap: int | str | None = "table") -> int:
        value = self.start
        for _unused, factor in self.factors if factors is None else factors:
            value *= factor
        limit = self.cap if isinstance(cap, str) else cap  # "table": the table's own cap
        return value if limit is None else min(value, limit)


def _pattern(p: JSONDict) -> J.Pattern:
    return J.Pattern(p["key"], {lang: p[lang] for lang in LANGUAGES}, p["fan"])


def _chain(ex: JSONDict, pattern: J.Pattern | None = None, table: J.Table | None = None) -> Chain:
    table = table or J.Table(**ex["table"])
    start, _arithmetic, _words = J.start_value(pattern or _pattern(ex["pattern"]), table)
    return Chain(start, tuple((m["key"], m["factor"]) for m in ex["multipliers"]), table.cap_value)


@dataclass(frozen=True)
class WrongTotal:
    """A mistaken total and why: `what` names the mistake in a phrase (for pay: "what … gives")."""

    key: str
    tag: str
    total: int
    text: Text  # the sentence after "Your N" (你的 N 番)
    what: Text
    teach: str | None


def wrong_totals(result: JSONDict) -> list[WrongTotal]:
    """Every modelled mistake of the sheet's steps 2 and 3 on a scored hand, most likely first."""
    q, ex = result["question"], result["explanation"]
    table = J.Table(**ex["table"])
    chosen = _pattern(ex["pattern"])
    chain = _chain(ex)
    given_table = q["request"].get(J.TABLE, {})
    out = []
    present = [_pattern(p) for p in ex["patterns"]]
    if len(present) >= 2:
        summed = J.Pattern(chosen.key, chosen.name, sum(p.fan for p in present))
        summands = join(({lang: f"{name} {p.fan}" for lang, name in p.name.items()} for p in present), " + ", " + ")
        out.append(
            WrongTotal(
                "adds_patterns",
                ADDS_PATTERNS,
                _chain(ex, summed).total(),
                _(
                    "adds the patterns together ({sum}); patterns never add up: only the highest, {chosen}, counts.",
                    sum=summands,
                    chosen=chosen.name,
                ),
                _("adding the patterns together"),
                "highest_pattern",
            )
        )
        for p in present:
            if p.key != chosen.key:
                out.append(
                    WrongTotal(
                        "lower_pattern",
                        HIGHEST,
                        _chain(ex, p).total(),
                        _(
                            "counts {p} ({fan3}); the hand is {chosen} too ({fan4}), and the highest is taken.",
                            p=p.name,
                            fan=p.fan,
                            chosen=chosen.name,
                            fan2=chosen.fan,
                            fan3=fan_word(p.fan),
                            fan4=fan_word(chosen.fan),
                        ),
                        _("counting {p}", p=p.name),
                        "highest_pattern",
                    )
                )
    multipliers = {m["key"]: m for m in ex["multipliers"]}
    if "kong_bloom" in multipliers:
        out.append(
            WrongTotal(
                "double_bloom",
                DOUBLE_BLOOM,
                chain.total(chain.factors + (("again", 2),)),
                _(
                    "doubles for the win on a kong replacement and again for the self-draw; that win is a self-draw, doubled once."
                ),
                _("doubling a win on a kong replacement twice"),
                "multipliers",
            )
        )
    if "dealer" in multipliers and chain.cap is not None:
        before = chain.total([f for f in chain.factors if f[0] != "dealer"])
        out.append(
            WrongTotal(
                "dealer_after_cap",
                DEALER_AFTER_CAP,
                before * 2,
                _(
                    "applies the dealer's ×2 after the cap; it comes before the cap ({cap2}), which is compared last.",
                    cap=chain.cap,
                    cap2=fan_word(chain.cap),
                ),
                pgettext("mistake", "doubling for the dealer after the cap"),
                "multipliers",
            )
        )
    for key, m in multipliers.items():
        out.append(
            WrongTotal(
                "forgets_multiplier",
                f"multiplier:{key}",
                chain.total([f for f in chain.factors if f[0] != key]),
                _("leaves out the ×2 for {m}.", m=m),
                _("leaving out the ×2 for {m}", m=m),
                "multipliers",
            )
        )
    if ex["capped"]:
        out.append(
            WrongTotal(
                "forgets_cap",
                "convention:cap",
                ex["before_cap"],
                _("leaves out the cap: this table caps at {cap2}.", cap=chain.cap, cap2=fan_word(chain.cap)),
                _("leaving out the cap"),
                "base_and_cap",
            )
        )
    if table.base != 1:
        plain = J.Table(**{**ex["table"], "base": 1})
        no_base = _chain(ex, table=plain)
        if table.cap_rule == "five_times_base":
            no_base = Chain(no_base.start, no_base.factors, chain.cap)
        out.append(
            WrongTotal(
                "forgets_base",
                "convention:base",
                no_base.total(),
                _("leaves out the base of {base}: the pattern's fan is in units of the base.", base=table.base),
                _("leaving out the base"),
                "base_and_cap",
            )
        )
        if chain.cap is not None:
            late = min(no_base.total(cap=None), chain.cap) * table.base
            out.append(
                WrongTotal(
                    "base_after_cap",
                    BASE_AFTER_CAP,
                    late,
                    _("compares with the cap before multiplying by the base; the base comes first, the cap last."),
                    _("capping before the base"),
                    "base_and_cap",
                )
            )
    if table.base_added and chosen.key != J.PING_HU.key:
        out.append(
            WrongTotal(
                "base_not_added",
                "convention:base_added",
                _chain(ex, table=J.Table(**{**ex["table"], "base_added": False})).total(),
                _("does not add the base to the pattern, as this table agreed."),
                _("not adding the base"),
                "three_steps",
            )
        )
    if table.base_added and chosen.key == J.PING_HU.key:
        out.append(
            WrongTotal(
                "base_twice_on_ping_hu",
                BASE_TWICE_ON_PING_HU,
                Chain(chain.start + table.base, chain.factors, chain.cap).total(),
                _("adds the base to a basic win once more; a basic win counts the base alone."),
                _("adding the base to a basic win"),
                "three_steps",
            )
        )
    if "base_added" in given_table and not table.base_added:
        out.append(
            WrongTotal(
                "base_added_anyway",
                "convention:base_added",
                _chain(ex, table=J.Table(**{**ex["table"], "base_added": True})).total(),
                _("adds the base to the pattern; this table agreed not to."),
                _("adding the base"),
                "table_conventions",
            )
        )
    if "dealer_double" in given_table and not table.dealer_double and ex["situation"]["dealer"]:
        out.append(
            WrongTotal(
                "dealer_doubled_anyway",
                "convention:dealer_double",
                chain.total(chain.factors + (("dealer", 2),)),
                _("doubles for the dealer; this table agreed the dealer does not double."),
                _("doubling for the dealer"),
                "table_conventions",
            )
        )
    if table.cap_rule == "five_times_base" and table.cap is not None:
        other = J.Table(**{**ex["table"], "cap_rule": "fan"})
        out.append(
            WrongTotal(
                "cap_rule",
                "convention:cap_rule",
                _chain(ex, table=other).total(),
                _(
                    "caps at {cap_value2}; this table's cap is five times the base ({cap2}).",
                    cap_value=other.cap_value,
                    cap=chain.cap,
                    cap_value2=fan_word(other.cap_value),
                    cap2=fan_word(chain.cap),
                ),
                _("the other cap reading"),
                "base_and_cap",
            )
        )
    if table.base != 1 and table.cap is not None and table.cap_rule == "fan":
        other = J.Table(**{**ex["table"], "cap_scales_with_base": not table.cap_scales_with_base})
        out.append(
            WrongTotal(
                "cap_scaling",
                "convention:cap_scales_with_base",
                _chain(ex, table=other).total(),
                _(
                    "caps at {cap_value2}; this table's cap is {cap2} ({scaled} with the base).",
                    cap_value=other.cap_value,
                    cap=chain.cap,
                    cap_value2=fan_word(other.cap_value),
                    cap2=fan_word(chain.cap),
                    scaled=pgettext("cap", "scaled") if table.cap_scales_with_base else pgettext("cap", "not scaled"),
                ),
                _("the other cap scaling"),
                "base_and_cap",
            )
        )
    near = q["near_miss"]
    if near and near["lacks"]["key"] in PATTERN_BY_KEY:
        lacks = PATTERN_BY_KEY[near["lacks"]["key"]]
        out.append(
            WrongTotal(
                "counts_near_miss",
                near_miss_tag(lacks.key),
                _chain(ex, lacks).total(),
                _(
                    "counts {lacks}, but this hand does not have it (a near miss: {change}).",
                    lacks=lacks.name,
                    change=near["change"],
                ),
                _("counting {lacks}", lacks=lacks.name),
                lacks.key,
            )
        )
    out.extend(_conventions_forgotten(q, ex, given_table))
    seen, kept = set(), []
    for w in out:
        if w.total != ex["total"] and (w.tag, w.total) not in seen:
            seen.add((w.tag, w.total))
            kept.append(w)
    return kept


def _conventions_forgotten(q: JSONDict, ex: JSONDict, given_table: JSONDict) -> list[WrongTotal]:
    """Each convention the table sets, played at the sheet's default instead (where that changes the total)."""
    hand = parse(q["request"]["hand"], expect=WIN)
    situation = J.Situation(**ex["situation"])
    out = []
    for key, value in sorted(given_table.items()):
        field = J.TABLE_FIELD[key]
        if value == field.default:
            continue
        try:
            total = J.score(hand, situation, J.Table(**{**ex["table"], key: field.default}))["total"]
        except SuanfanError:
            continue
        out.append(
            WrongTotal(
                "convention_forgotten",
                f"convention:{key}",
                total,
                _(
                    "is worked out at the sheet's default ({field}: {sheet}); this table agreed {field}: {agreed}.",
                    field=field.label,
                    sheet=field.label_of(field.default),
                    agreed=field.label_of(value),
                ),
                _("the sheet's default {field}", field=field.label),
                "table_conventions",
            )
        )
    return out


# ---------------------------------------------------------------- what the hand shows


def base_tags(result: JSONDict, judge: JiujiangJudge) -> list[str]:
    q, ex, kind = result["question"], result["explanation"], result["question"]["kind"]
    if kind in READING_KINDS:
        return reading_kinds.tags(result, judge)
    focus = q["focus"]
    tags = [f"concept:{focus['key']}"] if focus["type"] == "concept" else []
    if kind == "waits" or (kind == "name" and q.get("direction") == "hand_of_fan"):
        if focus["type"] == "pattern" and not q["near_miss"]:
            tags.append(f"pattern:{focus['key']}")
        return tags
    if not ex.get("ok"):
        return tags
    present = [p["key"] for p in ex["patterns"]]
    tags.append(f"pattern:{ex['pattern']['key']}")
    if kind == "fans":
        tags.extend(f"pattern:{k}" for k in present)
    if len(present) >= 2 and kind in ("points", "name", "why_not", "pay"):
        tags.append(HIGHEST)
    if kind in ("points", "pay"):
        tags.extend(f"multiplier:{m['key']}" for m in ex["multipliers"])
        if ex["capped"]:
            tags.append("convention:cap")
        if ex["table"]["base"] != 1:
            tags.append("convention:base")
    return tags


# ---------------------------------------------------------------- mistakes, by kind


def mistakes(result: JSONDict, judge: JiujiangJudge) -> list[Mistake]:
    found = BY_KIND[result["question"]["kind"]](result, judge)
    return [m for m in found if m.answer != result["answer"]]


def _points(result: JSONDict, judge: JiujiangJudge) -> list[Mistake]:
    return [
        Mistake(w.key, (w.tag,), w.total, _("Your {total} {w}", total=w.total, w=w.text), w.teach)
        for w in wrong_totals(result)
    ]


def _pay(result: JSONDict, judge: JiujiangJudge) -> list[Mistake]:
    q, ex = result["question"], result["explanation"]
    situation, table = J.Situation(**ex["situation"]), J.Table(**ex["table"])
    asks, total, _answer = q["asks"], ex["total"], result["answer"]

    def amount(payments: JSONDict) -> int:
        paid: int = payments["winner_receives"] if asks == "winner_receives" else payments["payers"][0]["amount"]
        return paid

    out = []
    if not situation.self_drawn:
        other = "discarder" if table.payment == "discarder_pays_all" else "discarder_pays_all"
        given = amount(J.payments(total, situation, J.Table(**{**ex["table"], "payment": other})))
        if table.payment == "discarder_pays_all":
            why = _(
                "pays as if the discarder paid alone; this table plays 包三家: the discarder pays all three shares."
            )
        else:
            why = _("pays as if the discarder paid for all three (包三家); at this table the discarder pays one share.")
        out.append(
            Mistake(
                "payment_convention",
                ("convention:payment",),
                given,
                _("Your {given} {name}", given=given, name=why),
                "who_pays",
            )
        )
    if asks == "winner_receives":
        payer = ex["payments"]["payers"][0]
        given = payer["amount"] if payer["players"] == 3 else 3 * payer["amount"]
        if payer["players"] == 3:
            why = _(
                "counts one payer only; on a self-draw each of the three pays {total}, so the winner receives 3 × {total}.",
                total=total,
            )
        else:
            why = _("counts three payers; on a discard only the discarder pays.")
        out.append(
            Mistake(
                "winner_receives",
                (WINNER_RECEIVES,),
                given,
                _("Your {given} {name}", given=given, name=why),
                "who_pays",
            )
        )
    for w in wrong_totals(result):
        given = amount(J.payments(w.total, situation, table))
        out.append(
            Mistake(
                w.key,
                (w.tag,),
                given,
                _(
                    "Your {given} pays on {total3}, which is what {what} gives; the hand is worth {total4}.",
                    given=given,
                    total=w.total,
                    what=w.what,
                    total2=total,
                    total3=fan_word(w.total),
                    total4=fan_word(total),
                ),
                w.teach,
            )
        )
    return out


def _fans(result: JSONDict, judge: JiujiangJudge) -> list[Mistake]:
    out = []
    for c in result["question"]["choices"]:
        v = c["verdict"]
        if v["status"] == "absent":
            out.append(
                Mistake(
                    "ticked_absent",
                    (f"pattern:{c['key']}",),
                    ("+", c["key"]),
                    _("You ticked {c}, but the hand is not {c}.", c=c),
                    c["key"],
                )
            )
        elif v["status"] == "excluded":
            out.append(
                Mistake(
                    "left_out_not_added",
                    (f"pattern:{c['key']}",),
                    ("-", c["key"]),
                    _("You left out {c}: it is not added, but the hand is {c} too, so it is to be ticked.", c=c),
                    c["key"],
                )
            )
        else:
            out.append(
                Mistake(
                    "left_out",
                    (f"pattern:{c['key']}",),
                    ("-", c["key"]),
                    _("You left out {c}: it is the pattern the hand counts.", c=c),
                    c["key"],
                )
            )
    return out


def _name(result: JSONDict, judge: JiujiangJudge) -> list[Mistake]:
    q, answer = result["question"], result["answer"]
    out = []
    if q["direction"] == "hand_of_fan":
        focus = q["focus"]
        for c in q["choices"]:
            if c["key"] == answer:
                continue
            if c["near_miss"]:
                change = c["near_miss"]
                out.append(
                    Mistake(
                        "picked_near_miss",
                        (near_miss_tag(focus["key"]),),
                        c["key"],
                        _(
                            "Hand {key} does not count {focus} (a near miss: {name}).",
                            key=c["key"],
                            focus=focus,
                            name=change,
                        ),
                        focus["key"],
                    )
                )
            else:
                out.append(
                    Mistake(
                        "picked_other_hand",
                        (f"pattern:{focus['key']}",),
                        c["key"],
                        _("Hand {key} does not count {focus}.", key=c["key"], focus=focus),
                        focus["key"],
                    )
                )
        return out
    target = next(c for c in q["choices"] if c["key"] == answer)
    for c in q["choices"]:
        if c is target:
            continue
        if c["verdict"]["status"] == "excluded":
            out.append(
                Mistake(
                    "picked_lower_pattern",
                    (HIGHEST,),
                    c["key"],
                    _("The hand is {c} too, but only the highest pattern counts: {target}.", c=c, target=target),
                    "highest_pattern",
                )
            )
        else:
            out.append(
                Mistake(
                    "picked_other_pattern",
                    (f"pattern:{target['key']}",),
                    c["key"],
                    _("The hand is not {c}; it counts {target}.", c=c, target=target),
                    target["key"],
                )
            )
    return out


def _why_not(result: JSONDict, judge: JiujiangJudge) -> list[Mistake]:
    q, answer = result["question"], result["answer"]
    right = next(c for c in q["choices"] if c["key"] == answer)
    return [
        Mistake(
            "picked_wrong_pattern",
            (HIGHEST,),
            c["key"],
            _(
                "You picked {c}: {upper}{name} The pattern that counts is the highest, {right}.",
                c=c,
                name={**text_of(c["verdict"]), "en": c["verdict"]["en"][1:]},
                right=right,
                upper=c["verdict"]["en"][:1].upper(),
            ),
            "highest_pattern",
        )
        for c in q["choices"]
        if c["key"] != answer
    ]


def _declare(result: JSONDict, judge: JiujiangJudge) -> list[Mistake]:
    q, ex = result["question"], result["explanation"]
    table = J.read_table(q["request"].get(J.TABLE, {}))
    if not ex["ok"]:
        error = ex["error"]
        if error["code"] == "table_requirement":
            key = (
                "require_missing_suit"
                if table.require_missing_suit and "suit" in error["message"]["en"]
                else "min_flowers"
            )
            tag, teach = f"convention:{key}", "table_conventions"
        else:
            tag, teach = NOT_A_WIN, "ping_hu"
        return [
            Mistake(
                error["code"],
                (tag,),
                True,
                _("It is no win: {message}", message=error["message"]),
                teach,
            )
        ]
    out = []
    if table.require_missing_suit:
        out.append(
            Mistake(
                "requirement_met",
                ("convention:require_missing_suit",),
                False,
                _("This table requires a missing suit, and the hand lacks one: it is a win."),
                "table_conventions",
            )
        )
    if table.min_flowers:
        out.append(
            Mistake(
                "requirement_met",
                ("convention:min_flowers",),
                False,
                _(
                    "This table requires at least {flowers}, and the hand has enough: it is a win.",
                    min_flowers=table.min_flowers,
                    flowers=count_en(table.min_flowers, "flower", "flowers"),
                ),
                "table_conventions",
            )
        )
    if ex["pattern"]["key"] == J.HAO_HUA_QI_DUI.key:
        out.append(
            Mistake(
                "quad_as_pairs",
                ("convention:quad_as_pairs",),
                False,
                _("In seven pairs four of a kind may be two pairs (as this table agreed): it is a win."),
                "hao_hua_qi_dui",
            )
        )
    out.append(
        Mistake(
            "missed_win",
            (f"pattern:{ex['pattern']['key']}",),
            False,
            _(
                "The hand is {shape}, and counts {pattern}: it is a win.",
                shape={lang: ex["steps"][0][f"shape_{lang}"] for lang in LANGUAGES},
                pattern=ex["pattern"],
            ),
            ex["pattern"]["key"],
        )
    )
    return out


def _waits(result: JSONDict, judge: JiujiangJudge) -> list[Mistake]:
    return waits_mistakes(result, "番", fan_word, "胡")


# Where a question that can show each misconception or convention comes from, (kind, topic): what "practise this"
# asks
PRACTISED_ON = {
    ADDS_PATTERNS: (("points", "highest_pattern"),),
    DOUBLE_BLOOM: (("points", "multipliers"), ("points", "three_steps")),
    DEALER_AFTER_CAP: (("points", "multipliers"), ("points", "base_and_cap")),
    BASE_AFTER_CAP: (("points", "base_and_cap"),),
    BASE_TWICE_ON_PING_HU: (("points", "three_steps"), ("pay", "three_steps")),
    WINNER_RECEIVES: (("pay", "who_pays"), ("pay", "three_steps")),
    NOT_A_WIN: tuple(("declare", p.key) for p in J.PATTERNS),
    "convention:payment": (("pay", "who_pays"), ("pay", "table_conventions")),
    "convention:cap": (("points", "base_and_cap"), ("points", "multipliers")),
    "convention:base": (("points", "base_and_cap"), ("pay", "three_steps")),
    "convention:cap_rule": (("points", "base_and_cap"),),
    "convention:cap_scales_with_base": (("points", "base_and_cap"),),
    "convention:base_added": (("points", "three_steps"), ("points", "table_conventions")),
    "convention:dealer_double": (("points", "table_conventions"),),
    "convention:extra_quad": (("points", "table_conventions"),),
    "convention:require_missing_suit": (("declare", "table_conventions"),),
    "convention:min_flowers": (("declare", "table_conventions"),),
    "convention:quad_as_pairs": (("declare", "table_conventions"),),
}

BY_KIND: dict[str, Callable[[JSONDict, JiujiangJudge], list[Mistake]]] = {
    "points": _points,
    "pay": _pay,
    "fans": _fans,
    "name": _name,
    "why_not": _why_not,
    "declare": _declare,
    "waits": _waits,
    **dict.fromkeys(READING_KINDS, lambda result, judge: reading_kinds.mistakes(result, SHAPES)),
}
