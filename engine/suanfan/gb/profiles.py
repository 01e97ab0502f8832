"""Rule profiles and variant switches, compiled once into the arrays the scorer works with.

A profile is a name plus a full set of switch values. `gb98` behaves like the calculators the online
platforms use; `gb` takes the seed table's point values where it states them (双暗杠 8, 一明杠一暗杠 6) and
is otherwise the same. Every point on which the sources disagree (rules-notes, "Where sources disagree") is
a switch of its own, so a teacher can flip one without changing profile.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..errors import SuanfanError
from ..request import check_keys, get_bool, get_choice
from .fans import FANS, INDEX


@dataclass(frozen=True)
class Switch:
    key: str
    choices: tuple          # allowed values
    defaults: dict          # profile -> default
    zh: str
    en: str
    sources: dict           # value -> where that reading comes from


SWITCHES: tuple[Switch, ...] = (
    Switch("two_concealed_kongs", (6, 8), {"gb98": 6, "gb": 8},
           "双暗杠的分值", "points of Two Concealed Kongs (双暗杠)",
           {6: "1998 rule book; online platforms", 8: "seed table"}),
    Switch("concealed_and_melded_kong", (0, 5, 6), {"gb98": 5, "gb": 6},
           "一明杠一暗杠的分值(0 = 不设此番,按明杠 1 + 暗杠 2 计)",
           "points of one melded plus one concealed kong (0 = no such fan: 明杠 1 + 暗杠 2)",
           {0: "1998 rule book", 5: "online platforms (明暗杠)", 6: "seed table"}),
    Switch("nine_gates_terminal_pung", ("once", "never"), {"gb98": "once", "gb": "once"},
           "九莲宝灯之外多出的幺九刻是否计分", "whether a terminal pung beyond the nine-gates shape's own counts",
           {"once": "online platforms: the shape owns one 1 or 9 pung, a second one counts as 幺九刻",
            "never": "seed table: 九莲宝灯 不计幺九刻"}),
    Switch("seven_pairs_combined", (True, False), {"gb98": True, "gb": True},
           "七对能否再计四归一、绿一色、清幺九、字一色、混幺九",
           "whether seven pairs also counts Tile Hog, All Green, All Terminals, All Honors, "
           "All Terminals and Honors",
           {True: "online platforms", False: "strict reading (not stated by the book or the seed)"}),
    Switch("knitted_straight_waits", (True, False), {"gb98": True, "gb": True},
           "组合龙的和牌能否计边张、坎张、单钓将",
           "whether a knitted-straight hand counts Edge, Closed and Single Wait",
           {True: "online platforms: when the wait can be read so", False: "strict reading (not stated)"}),
    Switch("upper_lower_with_four", (False, True), {"gb98": False, "gb": False},
           "全大/全小能否同时计大于五/小于五",
           "whether Upper/Lower Tiles also count Upper/Lower Four",
           {False: "online platforms: exclusive", True: "1998 rule book's own worked example adds both"}),
)
SWITCH_BY_KEY = {s.key: s for s in SWITCHES}


def read_variants(profile: str, raw: dict) -> tuple:
    """Validate a request's `variants` dict; return the full switch values as a sorted tuple of pairs."""
    check_keys(raw, SWITCH_BY_KEY, where="variants.")
    values = {}
    for s in SWITCHES:
        default = s.defaults[profile]
        w = "variants."
        if isinstance(default, bool):
            values[s.key] = get_bool(raw, s.key, default, where=w)
        elif isinstance(default, int):
            value = raw.get(s.key, default)
            if isinstance(value, bool) or value not in s.choices:
                listed = " | ".join(str(c) for c in s.choices)
                raise SuanfanError("bad_value", key=w + s.key, value=repr(value),
                                   reason_zh=f"可选值:{listed}。", reason_en=f"expected one of {listed}.")
            values[s.key] = value
        else:
            values[s.key] = get_choice(raw, s.key, default, s.choices, where=w)
    return tuple(sorted(values.items()))


def default_variants(profile: str) -> tuple:
    return tuple(sorted((s.key, s.defaults[profile]) for s in SWITCHES))


class Compiled:
    """One profile with its switches, as flat arrays indexed by fan number (fans.INDEX)."""

    def __init__(self, profile: str, variants: tuple):
        self.profile = profile
        self.variants = dict(variants)
        v = self.variants
        points = [f.points[profile] for f in FANS]
        points[INDEX["two_concealed_kongs"]] = v["two_concealed_kongs"]
        cmk = v["concealed_and_melded_kong"]
        self.concealed_and_melded_kong = cmk > 0
        points[INDEX["concealed_and_melded_kong"]] = cmk or FANS[INDEX["concealed_and_melded_kong"]].points[profile]
        self.points = points
        excludes = [set(f.excludes) for f in FANS]
        if v["upper_lower_with_four"]:
            excludes[INDEX["upper_tiles"]].discard("upper_four")
            excludes[INDEX["lower_tiles"]].discard("lower_four")
        if not v["seven_pairs_combined"]:
            excludes[INDEX["seven_pairs"]].update(
                ("tile_hog", "all_green", "all_terminals", "all_honors", "all_terminals_and_honors"))
        if not v["knitted_straight_waits"]:
            excludes[INDEX["knitted_straight"]].update(("edge_wait", "closed_wait", "single_wait"))
        self.excludes = [frozenset(INDEX[k] for k in e) for e in excludes]
        self.exclude_mask = [sum(1 << i for i in e) for e in self.excludes]
        self.meld_scope = [f.scope == "meld" for f in FANS]
        # The nine-gates shape owns one terminal pung ("once") or every terminal pung ("never").
        self.nine_gates_all_pungs = v["nine_gates_terminal_pung"] == "never"
        self.knitted_waits = v["knitted_straight_waits"]
        # Resolution order: higher points first, then table order (an excluder precedes what it excludes).
        order = _resolution_order(points, self.excludes)
        self.rank = [0] * len(FANS)
        for r, i in enumerate(order):
            self.rank[i] = r

    def echo(self) -> dict:
        return dict(self.variants)


def _resolution_order(points: list[int], excludes: list[frozenset]) -> list[int]:
    """Fans in the order the resolver decides them: by points, but an excluder always before what it excludes.

    Only a switch makes a lower fan exclude a higher one (七对 without 绿一色 …); pairs that exclude each other
    (一色三同顺 / 一色三节高) never occur in one reading and keep their table order.
    """
    order = sorted(range(len(points)), key=lambda i: (-points[i], i))
    moved = True
    while moved:
        moved = False
        position = {f: n for n, f in enumerate(order)}
        for a in range(len(points)):
            for b in excludes[a]:
                if a not in excludes[b] and position[a] > position[b]:
                    order.remove(a)
                    order.insert(position[b], a)
                    moved = True
                    break
            if moved:
                break
    return order


@lru_cache(maxsize=64)
def compile_profile(profile: str, variants: tuple) -> Compiled:
    return Compiled(profile, variants)
