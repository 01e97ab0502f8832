"""The names of the game's things, declared once, in Chinese and English: tiles, the groups a hand is read
into, the melds a player declares, who fed a claimed tile, the winds.

Everything that names these reads them here: the engine's messages and results, the rule sets' descriptions
(`handle({"action": "describe"})`), the tile art and the pages (the build writes them into the JavaScript the
pages use). Pattern and fan names live with their rule sets (jiujiang.PATTERNS, gb/fans.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .json_types import JSONDict, Words

NUMERALS_ZH = "一二三四五六七八九"
NUMERALS_EN = ("One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine")
SUITS = {"m": ("万", "Characters"), "p": ("饼", "Dots"), "s": ("条", "Bamboo")}
# Honour codes with the character on the tile and the name players say.
HONORS = {
    "E": ("东", "东风", "East Wind"),
    "S": ("南", "南风", "South Wind"),
    "W": ("西", "西风", "West Wind"),
    "N": ("北", "北风", "North Wind"),
    "C": ("中", "红中", "Red Dragon"),
    "F": ("发", "发财", "Green Dragon"),
    "P": ("", "白板", "White Dragon"),
}
FLOWERS = (
    ("春", "Spring"),
    ("夏", "Summer"),
    ("秋", "Autumn"),
    ("冬", "Winter"),
    ("梅", "Plum"),
    ("兰", "Orchid"),
    ("竹", "Bamboo flower"),
    ("菊", "Chrysanthemum"),
)
BACK = "back"

TILE_CODES = tuple([f"{n}{s}" for s in SUITS for n in range(1, 10)] + list(HONORS))
FLOWER_CODES = tuple(f"f{i}" for i in range(1, 9))
ALL_CODES = TILE_CODES + FLOWER_CODES + (BACK,)


def tile_zh(code: str) -> str:
    """The name players say: 三万, 五饼, 七条, 东风, 红中, 春, 牌背."""
    if code == BACK:
        return "牌背"
    if code in HONORS:
        return HONORS[code][1]
    if code.startswith("f"):
        return FLOWERS[int(code[1:]) - 1][0]
    return NUMERALS_ZH[int(code[0]) - 1] + SUITS[code[1]][0]


def tile_en(code: str) -> str:
    if code == BACK:
        return "Tile back"
    if code in HONORS:
        return HONORS[code][2]
    if code.startswith("f"):
        return f"{FLOWERS[int(code[1:]) - 1][1]} (flower)"
    return f"{NUMERALS_EN[int(code[0]) - 1]} of {SUITS[code[1]][1]}"


def with_article(name_en: str) -> str:
    """A tile's or fan's English name with "a" or "an" as it is said: an Eight of Bamboo, an East Wind, a One of
    Dots (said "won")."""
    spoken_vowel = name_en[:1] in "AEIOUaeiou" and not name_en.startswith(("One", "one", "Uni", "uni"))
    return ("an " if spoken_vowel else "a ") + name_en


def count_en(n: int, one: str, many: str) -> str:
    """A count in English with its noun in the right form: 1 flower, 2 flowers."""
    return f"{n} {one if n == 1 else many}"


def tile_names() -> dict[str, dict[str, str]]:
    """code -> {zh, en} for every tile the site draws."""
    return {code: {"zh": tile_zh(code), "en": tile_en(code)} for code in ALL_CODES}


# The groups a winning hand is read into (results' `groups`, step 1 of 九江, the Guobiao shape).
GROUP_KINDS = {
    "chow": ("顺子", "chow"),
    "pung": ("刻子", "pung"),
    "kong": ("杠", "kong"),
    "pair": ("对子", "pair"),
    "knitted": ("组合龙", "knitted straight"),
    "single": ("单张", "single tiles"),
}
# The winning shapes a hand can be read as (九江 knows the first two).
SHAPES = {
    "standard": ("四组面子加一对将", "four sets and a pair"),
    "seven_pairs": ("七对", "seven pairs"),
    "thirteen_orphans": ("十三幺", "thirteen orphans"),
    "honors_knitted": ("全不靠", "honors and knitted tiles"),
    "knitted_straight": ("组合龙加一组面子一对将", "knitted straight, a set and a pair"),
}

# How a group came to be, beside its kind: laid on the table (副露), or a kong declared concealed (暗杠).
GROUP_STATES = {
    "melded": ("副露", "melded"),
    "concealed_kong": ("暗杠", "concealed kong"),
}

# What a player declares (the hand picker's modes; the notation writes them in brackets).
MELD_KINDS = {
    "chow": ("吃", "chow"),
    "pung": ("碰", "pung"),
    "kong": ("明杠", "melded kong"),
    "concealed_kong": ("暗杠", "concealed kong"),
    "added_kong": ("加杠", "added kong"),
}

# What became of a fan or pattern a result lists (a step's rows).
ROW_STATUS = {
    "counted": ("计入", "counted"),
    "not_added": ("不另加", "not added"),
    "excluded": ("不计", "not counted"),
}

# Who fed a claimed tile, relative to the claimer (the notation's meld digit).
SOURCES = {1: ("上家", "left player"), 2: ("对家", "opposite player"), 3: ("下家", "right player")}

WINDS = {"E": ("东", "East"), "S": ("南", "South"), "W": ("西", "West"), "N": ("北", "North")}


def group_label(kind: str, melded: bool = False, concealed: bool = False) -> JSONDict:
    """A group's caption, {zh, en}: 刻子 · 副露 / pung, melded; 杠 · 暗杠 / kong, concealed kong."""
    zh, en = GROUP_KINDS[kind]
    state = "concealed_kong" if concealed else "melded" if melded else None
    if state:
        szh, sen = GROUP_STATES[state]
        return {"zh": f"{zh} · {szh}", "en": f"{en}, {sen}"}
    return {"zh": zh, "en": en}


def labels() -> JSONDict:
    """The names every rule set's description carries (tiles, groups, melds, row states, sources, winds)."""

    def pairs(table: Mapping[str, tuple[str, str]] | Mapping[int, tuple[str, str]]) -> dict[str, Words]:
        return {str(k): {"zh": zh, "en": en} for k, (zh, en) in table.items()}

    return {
        "tiles": tile_names(),
        "groups": pairs(GROUP_KINDS),
        "group_states": pairs(GROUP_STATES),
        "melds": pairs(MELD_KINDS),
        "row_status": pairs(ROW_STATUS),
        "shapes": pairs(SHAPES),
        "sources": pairs(SOURCES),
        "winds": pairs(WINDS),
    }
