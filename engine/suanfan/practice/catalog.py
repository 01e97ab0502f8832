"""What can be practised: the kinds of question, and each rule set's topics with the kinds each supports.

Topics are listed in course order (the order a course introduces them), so a page can bring in new topics as
a learner advances. Guobiao: for each series (in the order of the fan cards), the series itself and then its
fans; the five principles; `mixed`. 九江: the six patterns, the concepts its lessons teach, `mixed`. Every list
here is data; `describe(rules)` is what `handle({"action": "describe"})` shows under `practice`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .. import jiujiang as J
from ..gb.fans import FANS, FLOWER_TILES, PRINCIPLES, SERIES, SERIES_EN
from ..gb.profiles import VARIANTS
from .gb_judge import GbJudge

POINTS, FANS_KIND, NAME, WAITS, DECLARE, WHY_NOT, PAY = "points", "fans", "name", "waits", "declare", "why_not", "pay"
GB_RULES, JIUJIANG = ("gb", "gb98"), "jiujiang"
# A seed must survive a trip through a page's JavaScript, whose numbers are exact only up to 2**53 - 1.
MAX_SEED = 2 ** 53 - 1
# About this share of the questions of a fan or pattern topic show a labelled near miss instead (where the kind
# allows one): a hand one tile, one meld or one situation flag away, without the topic's fan.
NEAR_MISS_SHARE = (1, 4)


@dataclass(frozen=True)
class Kind:
    key: str
    answer_type: str        # number | keys | key | tiles | boolean
    names: dict             # rule family ("gb" | "jiujiang") -> (zh, en)
    help: dict              # rule family -> (zh, en)

    def describe(self, family: str) -> dict:
        zh, en = self.names[family]
        hzh, hen = self.help[family]
        return {"key": self.key, "zh": zh, "en": en, "answer_type": self.answer_type,
                "help": {"zh": hzh, "en": hen}}


KINDS: dict[str, Kind] = {k.key: k for k in (
    Kind(POINTS, "number",
         {"gb": ("算分", "count the points"), "jiujiang": ("算番", "count the fan")},
         {"gb": ("这手牌一共几分(花牌算在内)。", "How many points the hand is worth, flowers included."),
          "jiujiang": ("乘完倍数、比过封顶以后,这手牌算几番。",
                       "What the hand is worth after the multipliers and the cap.")}),
    Kind(FANS_KIND, "keys",
         {"gb": ("计哪些番", "which fans count"), "jiujiang": ("有哪些番型", "which patterns are present")},
         {"gb": ("从选项里选出所有计分的番;有的选项在牌里却不计,有的差一点就有。",
                 "Pick every option that counts; some are present but set aside, some the hand nearly has."),
          "jiujiang": ("选出这手牌具备的所有番型(计入的和不另加的都算)。",
                       "Pick every pattern the hand shows, the one that counts and those not added.")}),
    Kind(NAME, "key",
         {"gb": ("认番", "name the fan"), "jiujiang": ("认番型", "name the pattern")},
         {"gb": ("这手牌要表现的是哪一个番;或者反过来,四手牌里哪一手有这个番。",
                 "Which fan this hand is built to show; or the other way round, which of four hands has it."),
          "jiujiang": ("这手牌计的是哪个番型;或者反过来,四手牌里哪一手计这个番型。",
                       "Which pattern this hand counts; or the other way round, which of four hands counts it.")}),
    Kind(WAITS, "tiles",
         {"gb": ("听哪几张", "which tiles complete it"), "jiujiang": ("听哪几张", "which tiles complete it")},
         {"gb": ("13 张的手牌,和哪几张牌能成和牌牌型(不论够不够 8 分;四张都已在手的不算)。",
                 "A 13-tile hand: every tile that completes a winning shape (whether or not it reaches 8 points; "
                 "not a tile whose four copies are all in the hand)."),
          "jiujiang": ("13 张的手牌,胡哪几张牌(本桌的要求也要满足;四张都已在手的不算)。",
                       "A 13-tile hand: every tile it wins on, under this table's requirements (not a tile whose "
                       "four copies are all in the hand).")}),
    Kind(DECLARE, "boolean",
         {"gb": ("能不能和", "may it be declared"), "jiujiang": ("能不能胡", "is it a win")},
         {"gb": ("不算花牌够不够 8 分;一个番也没有的无番和可以和。",
                 "At least 8 points without the flowers; a hand with no fan at all is a chicken hand and may win."),
          "jiujiang": ("是不是四组一将或七对,而且满足本桌的要求(缺门、花牌……)。",
                       "Four sets and a pair, or seven pairs, meeting the table's requirements (a missing suit, "
                       "flowers …).")}),
    Kind(WHY_NOT, "key",
         {"gb": ("为什么不计", "why is it not counted"), "jiujiang": ("为什么不另加", "why is it not added")},
         {"gb": ("牌里有这个番却不计:是哪个番把它排除了(没有番排除它时,是哪条组合原则)。",
                 "The fan is there but not counted: which counted fan excludes it (or, where none does, which "
                 "combination principle)."),
          "jiujiang": ("牌里有这个番型却不另加:是哪个更高的番型计入了。",
                       "The pattern is there but not added: which higher pattern counts instead.")}),
    Kind(PAY, "number",
         {"jiujiang": ("谁付多少", "who pays how much")},
         {"jiujiang": ("按本桌的算炮约定,某一家付多少,或赢家一共收多少。",
                       "Under this table's conventions: what one player pays, or what the winner receives.")}),
)}
GB_KINDS = (POINTS, FANS_KIND, NAME, WAITS, DECLARE, WHY_NOT)
JIUJIANG_KINDS = (POINTS, FANS_KIND, NAME, WAITS, DECLARE, WHY_NOT, PAY)

FAN, SERIES_TOPIC, PRINCIPLE, PATTERN, CONCEPT, MIXED = "fan", "series", "principle", "pattern", "concept", "mixed"
MIXED_NAMES = ("综合", "mixed")


@dataclass(frozen=True)
class Topic:
    key: str
    type: str               # fan | series | principle | pattern | concept | mixed
    zh: str
    en: str
    kinds: tuple[str, ...]
    members: tuple[str, ...] = ()   # a series' fans; mixed: every other topic

    def describe(self, order: int) -> dict:
        out = {"key": self.key, "type": self.type, "zh": self.zh, "en": self.en, "kinds": list(self.kinds),
               "order": order}
        if self.members and self.type == SERIES_TOPIC:
            out["fans"] = list(self.members)
        return out


def series_key(series: str) -> str:
    """A series as a topic: its English name as a slug, prefixed (the series 七对 would otherwise be the fan)."""
    return "series_" + SERIES_EN[series].replace(" ", "_")


# Fans whose 不计 the engine never shows (detect.py reports only the highest of 双暗刻 / 三暗刻 / 四暗刻, so
# 三暗刻 neither sets 双暗刻 aside nor is set aside by 四暗刻 in a result; docs/guobiao.md, "Noticed").
NEVER_SET_ASIDE = frozenset(("three_concealed_pungs",))


def _gb_fan_kinds(judge: GbJudge, key: str) -> tuple[str, ...]:
    if key == FLOWER_TILES.key:         # points outside every fan rule: nothing to name, wait on or set aside
        return (POINTS, FANS_KIND, DECLARE)
    kinds = [POINTS, FANS_KIND, NAME, WAITS, DECLARE]
    if judge.can_be_set_aside(key) and key not in NEVER_SET_ASIDE:
        kinds.append(WHY_NOT)
    return tuple(kinds)


def _with_mixed(topics: list[Topic], kinds: tuple[str, ...]) -> dict[str, Topic]:
    every = tuple(t.key for t in topics)
    topics.append(Topic("mixed", MIXED, *MIXED_NAMES, kinds, every))
    return {t.key: t for t in topics}


@lru_cache(maxsize=4)
def topics(rules: str) -> dict[str, Topic]:
    """The rule set's topics in course order (an empty dict for a rule set with nothing to practise)."""
    if rules in GB_RULES:
        return _gb_topics(rules)
    if rules == JIUJIANG:
        return _jiujiang_topics()
    return {}


def _gb_topics(rules: str) -> dict[str, Topic]:
    judge = GbJudge(rules)
    out: list[Topic] = []
    for series in SERIES:
        fans = [f for f in FANS if f.series == series] + ([FLOWER_TILES] if FLOWER_TILES.series == series else [])
        fan_topics = [Topic(f.key, FAN, f.zh, f.en, _gb_fan_kinds(judge, f.key)) for f in fans]
        kinds = tuple(k for k in GB_KINDS if any(k in t.kinds for t in fan_topics))
        out.append(Topic(series_key(series), SERIES_TOPIC, f"{series}系列", f"{SERIES_EN[series]} (series)",
                         kinds, tuple(f.key for f in fans)))
        out.extend(fan_topics)
    out.extend(Topic(key, PRINCIPLE, zh, en, (POINTS, FANS_KIND, WHY_NOT)) for key, (zh, en) in PRINCIPLES.items())
    return _with_mixed(out, GB_KINDS)


# 九江's concepts, in the order of its lessons (7 只取最高 … 13 开桌约定); lesson 12, the common questions, draws on
# all of them, as `mixed` does.
JIUJIANG_CONCEPTS = (
    ("highest_pattern", "只取最高番", "only the highest pattern counts", (POINTS, FANS_KIND, NAME, WHY_NOT)),
    ("multipliers", "倍数", "multipliers", (POINTS,)),
    ("base_and_cap", "底番与封顶", "base and cap", (POINTS,)),
    ("who_pays", "谁来付", "who pays", (PAY,)),
    ("three_steps", "三步算到底", "the three steps end to end", (POINTS, PAY)),
    ("table_conventions", "开桌约定", "table conventions", (POINTS, DECLARE, PAY)),
)


def _jiujiang_topics() -> dict[str, Topic]:
    out = []
    for p in J.PATTERNS:
        kinds = (POINTS, FANS_KIND, NAME, WAITS, DECLARE)
        # 平胡 is the plain win with no other pattern: it never stands beside another one
        out.append(Topic(p.key, PATTERN, p.zh, p.en, kinds if p.key == "ping_hu" else kinds + (WHY_NOT,)))
    out.extend(Topic(key, CONCEPT, zh, en, kinds) for key, zh, en, kinds in JIUJIANG_CONCEPTS)
    return _with_mixed(out, JIUJIANG_KINDS)


def kinds_of(rules: str) -> tuple[str, ...]:
    if rules in GB_RULES:
        return GB_KINDS
    if rules == JIUJIANG:
        return JIUJIANG_KINDS
    return ()


def family_of(rules: str) -> str:
    return "jiujiang" if rules == JIUJIANG else "gb"


def describe(rules: str) -> dict:
    """The `practice` part of a rule set's description."""
    family = family_of(rules)
    return {
        "kinds": [KINDS[k].describe(family) for k in kinds_of(rules)],
        "topics": [t.describe(n) for n, t in enumerate(topics(rules).values(), 1)],
        "seed": {"min": 0, "max": MAX_SEED},
        # the request's sections of conventions a question is played under (their fields are the rule set's own)
        "conventions": [J.TABLE] if family == "jiujiang" else [VARIANTS],
        "near_miss_share": {"numerator": NEAR_MISS_SHARE[0], "denominator": NEAR_MISS_SHARE[1]},
    }
