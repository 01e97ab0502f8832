"""What the Guobiao course shows beside its cards, computed here: `handle({"action": "reference", "rules": "gb"})`.

The fan table (both profiles' points, series, point levels), each profile's 不计 lists (profiles.exclusions), the
switches where sources disagree, the combination principles' names, the minimum; and two tables scored by the
engine itself, each beside what the seed table prints: every mix of melded and concealed kongs, and the theoretical
maximum with its nearest rivals. The course (web/course/guobiao.py) draws these; it computes none of them.

Both profiles are in every table (the course compares them), whichever profile was asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..catalogue import LANGUAGES, _
from .fans import (
    FAN_BY_KEY,
    FANS,
    FLOWER_TILES,
    MINIMUM_POINTS,
    PRINCIPLES,
    PROFILE_NAMES,
    PROFILES,
    SERIES,
    SERIES_EN,
    SERIES_NAMES,
)
from .profiles import SWITCHES, exclusions

if TYPE_CHECKING:
    from ..json_types import AnswerOf, JSONDict
    from .fans import Fan
    from .profiles import Switch

POINT_LEVELS = (88, 64, 48, 32, 24, 16, 12, 8, 6, 4, 2, 1)  # the seed's twelve levels of 分值

# Kongs on tiles chosen so that they make no fan among themselves beyond the kong fans (no equal numbers,
# no runs); the rest of the hand (a chow and a pair for three kongs, a pair for four) is won on a discard.
KONG_TILES = ("2m", "4p", "6s", "8m")
KONG_REST = {3: "789s55p", 4: "55p"}
KONG_FANS = (
    "four_kongs",
    "three_kongs",
    "two_melded_kongs",
    "two_concealed_kongs",
    "concealed_and_melded_kong",
    "melded_kong",
    "concealed_kong",
    "four_concealed_pungs",
    "three_concealed_pungs",
    "two_concealed_pungs",
)

# What the seed table (docs/sources.md; its tables under 四杠 and 三杠) prints as added to 四杠/三杠 for each mix of
# melded and concealed kongs: its own column (the rules the page follows) and its notes for the 1998 rules. These are
# the seed's facts, kept to compare with; the sums it prints are kept too, because one of them does not add up.
SEED_KONG_TABLE = {
    # (kongs, melded, concealed): ((fans, printed sum) main column, (fans, printed sum) 1998 notes)
    (4, 4, 0): (((), 0), (("two_melded_kongs", "two_melded_kongs"), 8)),
    (4, 3, 1): ((("concealed_kong",), 2), (("two_melded_kongs", "melded_kong", "concealed_kong"), 7)),
    (4, 2, 2): ((("two_concealed_kongs",), 8), (("two_melded_kongs", "two_concealed_kongs"), 10)),
    (4, 1, 3): (
        (("three_concealed_pungs",), 16),
        (("melded_kong", "concealed_kong", "two_concealed_kongs", "three_concealed_pungs"), 25),
    ),
    (4, 0, 4): (
        (("four_concealed_pungs",), 64),
        (("two_concealed_kongs", "two_concealed_kongs", "four_concealed_pungs"), 76),
    ),
    (3, 3, 0): (((), 0), (("two_melded_kongs", "melded_kong"), 5)),
    (3, 2, 1): ((("concealed_kong",), 2), (("two_melded_kongs", "concealed_kong"), 6)),
    (3, 1, 2): ((("two_concealed_kongs",), 8), (("melded_kong", "two_concealed_kongs"), 7)),
    (3, 0, 3): (
        (("three_concealed_pungs",), 16),
        (("concealed_kong", "two_concealed_kongs", "three_concealed_pungs"), 25),
    ),
}
# The seed's two columns: (key, the profile it describes, its name)
SEED_COLUMNS = (
    ("seed", "gb", _("the seed table")),
    ("seed98", "gb98", _("the seed's notes for the 1998 rules")),
)

# The seed's theoretical maximum (东风圈东风局, 8 flowers): 大三元 + 字一色 + 四杠 + 四暗刻 + 妙手回春 + 杠上开花
# + 圈风刻 + 门风刻 + 8 花. Its hand is scored by the engine, beside the nearest rivals, in both profiles.
MAXIMUM_SITUATION = {
    "self_drawn": True,
    "kong": True,
    "last_of_wall": True,
    "flowers": 8,
    "seat_wind": "E",
    "prevalent_wind": "E",
}
MAXIMUM_CANDIDATES = (
    (
        "seed",
        "[EEEE][CCCC][FFFF][PPPP]NN",
        _("the seed's hand: a concealed East kong and three dragon kongs"),
    ),
    (
        "winds",
        "[EEEE][SSSS][WWWW][NNNN]CC",
        _("four wind kongs: Big Four Winds instead of Big Three Dragons"),
    ),
    (
        "terminals",
        "[1111m][9999m][1111p][9999p]99s",
        _("four terminal kongs: All Terminals instead of All Honors"),
    ),
)
SEED_MAXIMUM = 332


def fan_facts(fan: Fan) -> JSONDict:
    return {
        "key": fan.key,
        **fan.name,
        "points": dict(fan.points),
        "series": fan.series,
        "series_en": SERIES_EN[fan.series],
        "series_zh_hant": SERIES_NAMES[fan.series]["zh_hant"],
        "scope": fan.scope,
    }


def exclusion_lists(profile: str) -> JSONDict:
    """fan key -> what it leaves uncounted under the profile's defaults, each {key, when_zh, when_en, when_zh_hant}
    (empty where the 不计 always applies)."""
    return {
        key: [{"key": e.key, **{f"when_{lang}": (e.when or {}).get(lang, "") for lang in LANGUAGES}} for e in listed]
        for key, listed in exclusions(profile).items()
    }


def switch_facts(switch: Switch) -> JSONDict:
    return {
        "key": switch.key,
        **switch.label,
        "defaults": dict(switch.defaults),
        "choices": [{"value": value, "source": switch.source(value)} for value in switch.choices],
    }


def kong_hand(kongs: int, concealed: int) -> str:
    melds = "".join(
        f"[{code[0] * 4}{code[1]}{'' if i < concealed else '1'}]" for i, code in enumerate(KONG_TILES[:kongs])
    )
    return melds + KONG_REST[kongs]


def _scored(hand: str, situation: JSONDict, profile: str, answer_of: AnswerOf) -> JSONDict:
    request = {**situation, "hand": hand, "rules": profile}
    return {"request": request, "result": answer_of(request)}


def kong_row(kongs: int, concealed: int, answer_of: AnswerOf) -> JSONDict:
    """One mix of kongs scored in both profiles, beside the seed's columns. `added` leaves out 三杠/四杠 itself,
    as the seed's table does."""
    base, melded, hand = ("four_kongs" if kongs == 4 else "three_kongs"), kongs - concealed, kong_hand(kongs, concealed)
    row: JSONDict = {
        "kongs": kongs,
        "melded": melded,
        "concealed": concealed,
        "hand": hand,
        "base": base,
        "profiles": {},
        "seed": {},
    }
    for profile in PROFILES:
        scored = _scored(hand, {}, profile, answer_of)
        fans = scored["result"].get("fans", [])
        terms = [f for f in fans if f["key"] in KONG_FANS and f["key"] != base]
        row["profiles"][profile] = {
            **scored,
            "terms": terms,
            "has_base": any(f["key"] == base for f in fans),
            "added": sum(t["points"] * t.get("count", 1) for t in terms),
        }
    for (column, profile, *_rest), (keys, printed) in zip(SEED_COLUMNS, SEED_KONG_TABLE[(kongs, melded, concealed)]):
        computed = sum(FAN_BY_KEY[k].points[profile] for k in keys)
        row["seed"][column] = {
            "fans": list(keys),
            "printed": printed,
            "computed": computed,
            "adds_up": computed == printed,
            "agrees": printed == row["profiles"][profile]["added"],
        }
    return row


def maximum_hands(answer_of: AnswerOf) -> list[JSONDict]:
    return [
        {
            "id": ident,
            "hand": hand,
            **name,
            "profiles": {p: _scored(hand, MAXIMUM_SITUATION, p, answer_of) for p in PROFILES},
        }
        for ident, hand, name in MAXIMUM_CANDIDATES
    ]


def reference(profile: str, answer_of: AnswerOf) -> JSONDict:
    """The answer to a reference request (answer_of: api.handle, which scores the tables' hands as a page would)."""
    return {
        "ok": True,
        "action": "reference",
        "rules": profile,
        "profiles": [{"key": p, **PROFILE_NAMES[p]} for p in PROFILES],
        "fans": [fan_facts(f) for f in FANS],
        "flowers": fan_facts(FLOWER_TILES),
        "series": [{"zh": s, "en": SERIES_EN[s], "zh_hant": SERIES_NAMES[s]["zh_hant"]} for s in SERIES],
        "point_levels": list(POINT_LEVELS),
        "minimum": MINIMUM_POINTS,
        "principles": [{"key": key, **name} for key, name in PRINCIPLES.items()],
        "exclusions": {p: exclusion_lists(p) for p in PROFILES},
        "switches": [switch_facts(s) for s in SWITCHES],
        "kongs": [kong_row(kongs, concealed, answer_of) for kongs in (4, 3) for concealed in range(kongs + 1)],
        "seed_columns": [{"key": k, "profile": p, **name} for k, p, name in SEED_COLUMNS],
        "seed_maximum": SEED_MAXIMUM,
        "maximum": {"situation": dict(MAXIMUM_SITUATION), "hands": maximum_hands(answer_of)},
    }
