"""Rule profiles and variant switches, compiled once into the arrays the scorer works with.

A profile is a name plus a full set of switch values. `gb98` behaves like the calculators the online
platforms use; `gb` follows the seed table wherever it states a rule (双暗杠 8, 一明杠一暗杠 6, the kong fans
beside 三杠 / 四杠, 九莲宝灯 / 混幺九 / 五门齐's 不计, 绿一色 with 混一色) and is otherwise the same.
Where the seed's 2014 text is silent and it carries a note for the 1998 rules, `gb` takes the note (清幺九 不计三同刻;
七对 and the other shapes that must be concealed 不计不求人, as the platforms do too); where both are silent, the
platforms (docs/guobiao.md, "The 不计 lists against the seed"). Every point on which the sources disagree
(docs/sources.md; docs/guobiao.md, "Profiles and switches") is a switch of its own, with its sources in Chinese
and English, so a teacher can flip one without changing profile.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..catalogue import LANGUAGES, _
from ..fields import BOOL, CHOICE, NO, YES, Choice, Field, read_section
from .fans import COMBINATIONS, FANS, INDEX, ONE_OF, PROFILES, WAITS


@dataclass(frozen=True)
class Switch:
    key: str
    choices: tuple  # allowed values
    defaults: dict  # profile -> default
    label: dict  # a text
    sources: dict  # value -> where that reading comes from, a text

    @property
    def zh(self) -> str:
        return self.label["zh"]

    @property
    def en(self) -> str:
        return self.label["en"]

    def source(self, value) -> dict:
        """Where one setting comes from, a text."""
        return self.sources[value]

    def field(self, profile: str) -> Field:
        """The switch as a request field of `variants`, with the profile's default; each setting is labelled by
        its value and carries its source."""
        default = self.defaults[profile]
        kind = BOOL if isinstance(default, bool) else CHOICE
        choices = tuple(Choice(value, _value_words(value), source=self.sources[value]) for value in self.choices)
        return Field(self.key, kind, default, self.label, section=VARIANTS, choices=choices)


def _value_words(value) -> dict:
    if value is True:
        return YES
    if value is False:
        return NO
    return {lang: str(value) for lang in LANGUAGES}


SWITCHES: tuple[Switch, ...] = (
    Switch(
        "two_concealed_kongs",
        (6, 8),
        {"gb98": 6, "gb": 8},
        _("points of Two Concealed Kongs 双暗杠"),
        {6: _("1998 rule book; online platforms"), 8: _("seed table")},
    ),
    Switch(
        "concealed_and_melded_kong",
        (0, 5, 6),
        {"gb98": 5, "gb": 6},
        _("points of one melded plus one concealed kong (0 = no such fan: Melded Kong 明杠 1 + Concealed Kong 暗杠 2)"),
        {0: _("1998 rule book"), 5: _("online platforms (as a fan of its own)"), 6: _("seed table")},
    ),
    Switch(
        "nine_gates_terminal_pung",
        ("once", "never"),
        {"gb98": "once", "gb": "never"},
        _("whether a terminal pung beyond the nine-gates shape's own counts"),
        {
            "once": _(
                "online platforms: the shape owns one 1 or 9 pung, a second one counts as Pung of Terminals or Honors 幺九刻"
            ),
            "never": _("seed table: Nine Gates 九莲宝灯 leaves Pung of Terminals or Honors 幺九刻 uncounted"),
        },
    ),
    Switch(
        "seven_pairs_combined",
        (True, False),
        {"gb98": True, "gb": True},
        _("whether seven pairs also counts Tile Hog, All Green, All Terminals, All Honors, All Terminals and Honors"),
        {
            True: _(
                "online platforms; for Tile Hog 四归一 also the 1998 rule book, whose definition of Tile Hog lets the four tiles lie in pairs as well as in sets"
            ),
            False: _(
                "strict reading: nothing is stated for the whole-hand fans, and Tile Hog 四归一 is left out with them (against the 1998 definition, which names pairs)"
            ),
        },
    ),
    Switch(
        "knitted_straight_shape",
        (True, False),
        {"gb98": True, "gb": True},
        _("whether a knitted straight with one set and a pair is a winning shape"),
        {
            True: _(
                "online platforms; seed table: Knitted Straight 组合龙 may stand for three chows of a hand, or be added to Lesser Honors and Knitted Tiles 全不靠"
            ),
            False: _(
                "1998 rules, as the seed table's note gives them: no such winning shape, Knitted Straight 组合龙 counts only inside Lesser Honors and Knitted Tiles 全不靠"
            ),
        },
    ),
    Switch(
        "knitted_straight_waits",
        (True, False),
        {"gb98": True, "gb": True},
        _("whether a knitted-straight hand counts Edge, Closed and Single Wait"),
        {True: _("online platforms: when the wait can be read so"), False: _("strict reading (not stated)")},
    ),
    Switch(
        "upper_lower_with_four",
        (False, True),
        {"gb98": False, "gb": False},
        _("whether Upper/Lower Tiles also count Upper/Lower Four"),
        {False: _("online platforms: exclusive"), True: _("1998 rule book's own worked example adds both")},
    ),
    Switch(
        "extra_kong_fans",
        ("none", "concealed", "paired"),
        {"gb98": "none", "gb": "concealed"},
        _("which kong fans Three Kongs / Four Kongs leave to count"),
        {
            "none": _(
                "online platforms: Three Kongs 三杠 / Four Kongs 四杠 leave every other kong fan uncounted; concealed kongs count only toward Two / Three / Four Concealed Pungs 双暗刻 / 三暗刻 / 四暗刻"
            ),
            "concealed": _(
                "seed table (its Three Kongs 三杠 and Four Kongs 四杠 tables): melded kongs add nothing; one concealed kong adds Concealed Kong 暗杠, two add Two Concealed Kongs 双暗杠, three or four count as Three / Four Concealed Pungs 三暗刻 / 四暗刻"
            ),
            "paired": _(
                "1998 rules, as the seed table's notes give them: the kongs pair up by kind, Two Melded Kongs 双明杠 or Two Concealed Kongs 双暗杠 for each pair and Melded Kong 明杠 or Concealed Kong 暗杠 for one left over, besides the concealed-pung fans"
            ),
        },
    ),
    Switch(
        "terminals_and_honors_excludes_seven_pairs",
        (False, True),
        {"gb98": False, "gb": True},
        _("whether All Terminals and Honors leaves Seven Pairs uncounted"),
        {
            False: _("online platforms: a seven-pairs hand of terminals and honors counts both"),
            True: _("seed table: All Terminals and Honors 混幺九 leaves Seven Pairs 七对 uncounted"),
        },
    ),
    Switch(
        "all_terminals_excludes_triple_pung",
        (False, True),
        {"gb98": False, "gb": True},
        _("whether All Terminals leaves Triple Pung uncounted"),
        {
            False: _(
                "online platforms: All Terminals 清幺九 leaves Double Pung 双同刻 uncounted but counts Triple Pung 三同刻"
            ),
            True: _(
                "seed table: All Terminals 清幺九 leaves Triple Pung 三同刻 and Double Pung 双同刻 uncounted (its note for the 1998 rules; the 2014 entry is silent)"
            ),
        },
    ),
    Switch(
        "all_green_excludes_half_flush",
        (True, False),
        {"gb98": True, "gb": False},
        _("whether All Green with the green dragon leaves Half Flush uncounted"),
        {
            True: _(
                "online platforms; the seed table's note for the 1998 rules (Half Flush 混一色 may not be counted)"
            ),
            False: _("seed table: All Green 绿一色 may count Half Flush 混一色 and Full Flush 清一色"),
        },
    ),
    Switch(
        "all_types_excludes_honor_pungs",
        (False, True),
        {"gb98": False, "gb": True},
        _("whether All Types leaves the honor pungs' Pung of Terminals or Honors uncounted"),
        {
            False: _(
                "online platforms: the honor pungs of an All Types hand still count Pung of Terminals or Honors 幺九刻"
            ),
            True: _(
                "seed table: All Types 五门齐 leaves the honor pungs' Pung of Terminals or Honors 幺九刻 uncounted"
            ),
        },
    ),
)
SWITCH_BY_KEY = {s.key: s for s in SWITCHES}
VARIANTS = "variants"
_VARIANT_FIELDS = {profile: tuple(s.field(profile) for s in SWITCHES) for profile in PROFILES}


# The fans of kongs alone, which 三杠 / 四杠 exclude unless a switch says otherwise.
KONG_FANS = frozenset(
    ("melded_kong", "concealed_kong", "two_melded_kongs", "two_concealed_kongs", "concealed_and_melded_kong")
)


def read_variants(profile: str, raw: dict) -> tuple:
    """Validate a request's `variants` dict; return the full switch values as a sorted tuple of pairs."""
    if not raw:
        return default_variants(profile)
    values = read_section(raw, variant_fields(profile), VARIANTS)
    return tuple(sorted(values.items()))


def variant_fields(profile: str) -> tuple[Field, ...]:
    return _VARIANT_FIELDS[profile]


@lru_cache(maxsize=8)
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
                ("tile_hog", "all_green", "all_terminals", "all_honors", "all_terminals_and_honors")
            )
        if not v["knitted_straight_waits"]:
            excludes[INDEX["knitted_straight"]].update(("edge_wait", "closed_wait", "single_wait"))
        if v["extra_kong_fans"] == "paired":
            for key in ("three_kongs", "four_kongs"):
                excludes[INDEX[key]] -= KONG_FANS
        if v["terminals_and_honors_excludes_seven_pairs"]:
            excludes[INDEX["all_terminals_and_honors"]].add("seven_pairs")
        if v["all_types_excludes_honor_pungs"]:
            excludes[INDEX["all_types"]].add("pung_of_terminals_or_honors")
        if v["all_terminals_excludes_triple_pung"]:
            excludes[INDEX["all_terminals"]].add("triple_pung")
        if not v["all_green_excludes_half_flush"]:
            excludes[INDEX["all_green"]].discard("half_flush")
        self.excludes = [frozenset(INDEX[k] for k in e) for e in excludes]
        self.exclude_mask = [sum(1 << i for i in e) for e in self.excludes]
        # what the resolver asks of each fan, in one look-up: (points, 不计 bit mask, kind: 1 a combination of
        # sets, 2 a wait fan, 0 any other)
        self.fan_info = [
            (points[i], self.exclude_mask[i], 1 if f.key in COMBINATIONS else 2 if f.key in WAITS else 0)
            for i, f in enumerate(FANS)
        ]
        # The nine-gates shape owns one terminal pung ("once") or every terminal pung ("never").
        self.nine_gates_all_pungs = v["nine_gates_terminal_pung"] == "never"
        # What 三杠 / 四杠 leave to count: "paired" (1998) takes every kong fan out of their 不计; "concealed"
        # (seed) narrows the reach of their 不计 to the melded kongs (detect.py), "none" keeps it whole.
        self.extra_kong_fans = v["extra_kong_fans"]
        # Whether 组合龙 + a set + a pair is read at all (score.readings, the waits in shapes.py); a 全不靠 hand
        # holding the whole knitted straight counts 组合龙 either way.
        self.knitted_straight_shape = v["knitted_straight_shape"]
        # 五门齐 不计 the 幺九刻 of its honor pungs: its 不计 reaches those pungs only (detect.py gives the scope).
        self.all_types_honor_pungs = v["all_types_excludes_honor_pungs"]
        # Tables detect.py fills on first use, kept with the profile (their keys are summaries that recur from
        # hand to hand, never whole hands): combination fans per family of sets, the fans of one pung per tile
        # and winds.
        self.memo_families: dict = {}
        self.memo_pungs: dict = {}
        # The parts of a reading (detect.standard_parts) kept with their resolution alone: the hand fans per
        # hand summary (Context.hand_part), the other meld fans per what decides them (detect._others_part), and
        # the special shapes' 四归一 per its instances (detect.special_parts).
        self.memo_hands: dict = {}
        self.memo_others: dict = {}
        self.memo_hogs: dict = {}
        # A part's resolution alone per its instances, shared by the parts above (resolve._keep).
        self.memo_resolved: dict = {}
        # Resolution order: higher points first, then table order (an excluder precedes what it excludes).
        order = _resolution_order(points, self.excludes)
        self.rank = [0] * len(FANS)
        for r, i in enumerate(order):
            self.rank[i] = r

    def echo(self) -> dict:
        return dict(self.variants)


def _resolution_order(points: list[int], excludes: list[frozenset]) -> list[int]:
    """Fans in the order the resolver decides them: by points, but an excluder always before what it excludes.

    Only a switch makes a lower fan exclude a higher one (七对 without 绿一色 …). Two fans that exclude each
    other are decided higher first (就高不就低; 七对 strict and 混幺九 不计七对 leave 混幺九), or in table order
    when they are worth the same (一色三同顺 / 一色三节高, which never meet in one reading). Fans the tiles
    decide between (fans.ONE_OF) never meet either, and their 不计 among themselves sets no order.
    """

    def before(a: int, b: int) -> bool:  # must a be decided before b?
        if b not in excludes[a] or any(a in group and b in group for group in _ONE_OF):
            return False
        return a not in excludes[b] or (points[a], -a) > (points[b], -b)

    order = sorted(range(len(points)), key=lambda i: (-points[i], i))
    for _turn in range(len(points) ** 2):  # far more moves than any table needs; a cycle would stop here
        position = {f: n for n, f in enumerate(order)}
        late = next(((a, b) for a in order for b in excludes[a] if before(a, b) and position[a] > position[b]), None)
        if late is None:
            return order
        a, b = late
        order.remove(a)
        order.insert(position[b], a)
    raise ValueError("the 不计 lists make a cycle")


_ONE_OF = tuple(frozenset(INDEX[k] for k in group) for group in ONE_OF)


@lru_cache(maxsize=64)
def compile_profile(profile: str, variants: tuple) -> Compiled:
    return Compiled(profile, variants)


# ---------------------------------------------------------------- 不计 lists as a fan card shows them


@dataclass(frozen=True)
class Exclusion:
    """One fan a fan does not count together with, under one profile's defaults. `when` is empty where the 不计
    always applies (to the whole hand or, for a meld fan, to its own melds), else the hands it reaches, a text."""

    key: str
    when: dict | None = None


# The seed's 三杠 / 四杠 tables (extra_kong_fans "concealed"): the concealed kongs' own fans stay unless three or
# more kongs are concealed, which the concealed-pung fans then take.
_CONCEALED_KONGS_KEPT = _(
    "only when three or more of the kongs are concealed (Three or Four Concealed Pungs then count); otherwise one concealed kong counts Concealed Kong, two count Two Concealed Kongs"
)
_NINE_GATES_OWN_PUNG = _("only for the one pung of 1s or 9s the shape owns; a second one still counts it")
_HONOR_PUNGS_ONLY = _("only for the honor pungs; a pung of 1s or 9s still counts it")


@lru_cache(maxsize=4)
def exclusions(profile: str) -> dict[str, tuple[Exclusion, ...]]:
    """fan key -> what it leaves uncounted under `profile` with its default switches: the lists the scorer uses
    (Compiled.excludes), with the reach that detect.py narrows said beside the fans it narrows."""
    compiled = compile_profile(profile, default_variants(profile))
    narrowed: dict[tuple[str, str], dict] = {}
    if compiled.extra_kong_fans == "concealed":
        for fan in ("three_kongs", "four_kongs"):
            for kept in ("concealed_kong", "two_concealed_kongs"):
                narrowed[fan, kept] = _CONCEALED_KONGS_KEPT
    if not compiled.nine_gates_all_pungs:
        narrowed["nine_gates", "pung_of_terminals_or_honors"] = _NINE_GATES_OWN_PUNG
    if compiled.all_types_honor_pungs:
        narrowed["all_types", "pung_of_terminals_or_honors"] = _HONOR_PUNGS_ONLY
    table = {}
    for fan, excluded in zip(FANS, compiled.excludes):
        # in the order the fan table lists them, then what a switch adds, in table order
        present = {FANS[i].key for i in excluded}
        keys = [k for k in fan.excludes if k in present]
        keys += [FANS[i].key for i in sorted(excluded) if FANS[i].key not in keys]
        table[fan.key] = tuple(Exclusion(k, narrowed.get((fan.key, k))) for k in keys)
    return table
