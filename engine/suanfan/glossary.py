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

    from .json_types import JSONDict

from .catalogue import Text, _, pgettext

# The tile art draws the numeral and the honour's character itself (web/tileart.py): the glyphs on a tile, not text.
NUMERALS_ZH = "一二三四五六七八九"
NUMERALS = (
    pgettext("numeral", "One"),
    pgettext("numeral", "Two"),
    pgettext("numeral", "Three"),
    pgettext("numeral", "Four"),
    pgettext("numeral", "Five"),
    pgettext("numeral", "Six"),
    pgettext("numeral", "Seven"),
    pgettext("numeral", "Eight"),
    pgettext("numeral", "Nine"),
)
NUMERALS_EN = tuple(n["en"] for n in NUMERALS)
SUITS = {"m": pgettext("suit", "Characters"), "p": pgettext("suit", "Dots"), "s": pgettext("suit", "Bamboo")}
# Honour codes with the character on the tile and the name players say.
HONORS = {
    "E": ("东", _("East Wind")),
    "S": ("南", _("South Wind")),
    "W": ("西", _("West Wind")),
    "N": ("北", _("North Wind")),
    "C": ("中", _("Red Dragon")),
    "F": ("发", _("Green Dragon")),
    "P": ("", _("White Dragon")),
}
FLOWERS = (
    _("Spring"),
    _("Summer"),
    _("Autumn"),
    _("Winter"),
    _("Plum"),
    _("Orchid"),
    _("Bamboo flower"),
    _("Chrysanthemum"),
)
BACK = "back"
TILE_BACK = _("Tile back")

TILE_CODES = tuple([f"{n}{s}" for s in SUITS for n in range(1, 10)] + list(HONORS))
FLOWER_CODES = tuple(f"f{i}" for i in range(1, 9))
ALL_CODES = TILE_CODES + FLOWER_CODES + (BACK,)


def tile_name(code: str) -> Text:
    """The name players say, a text: 三万 Three of Characters, 五饼, 七条, 东风 East Wind, 红中, 春 Spring (flower)."""
    if code == BACK:
        return TILE_BACK
    if code in HONORS:
        return HONORS[code][1]
    if code.startswith("f"):
        return pgettext("flower", "{flower} (flower)", flower=FLOWERS[int(code[1:]) - 1])
    return pgettext("tile", "{number} of {suit}", number=NUMERALS[int(code[0]) - 1], suit=SUITS[code[1]])


def tile_zh(code: str) -> str:
    return tile_name(code)["zh"]


def tile_en(code: str) -> str:
    return tile_name(code)["en"]


def with_article(name_en: str) -> str:
    """A tile's or fan's English name with "a" or "an" as it is said: an Eight of Bamboo, an East Wind, a One of
    Dots (said "won")."""
    spoken_vowel = name_en[:1] in "AEIOUaeiou" and not name_en.startswith(("One", "one", "Uni", "uni"))
    return ("an " if spoken_vowel else "a ") + name_en


def count_en(n: int, one: str, many: str) -> str:
    """A count in English with its noun in the right form: 1 flower, 2 flowers."""
    return f"{n} {one if n == 1 else many}"


def tile_names() -> dict[str, dict[str, str]]:
    """code -> its name, a text, for every tile the site draws."""
    return {code: tile_name(code) for code in ALL_CODES}


# The groups a winning hand is read into (results' `groups`, step 1 of 九江, the Guobiao shape).
GROUP_KINDS = {
    "chow": _("chow"),
    "pung": _("pung"),
    "kong": _("kong"),
    "pair": _("pair"),
    "knitted": _("knitted straight"),
    "single": _("single tiles"),
}
# The winning shapes a hand can be read as (九江 knows the first two).
SHAPES = {
    "standard": _("four sets and a pair"),
    "seven_pairs": _("seven pairs"),
    "thirteen_orphans": _("thirteen orphans"),
    "honors_knitted": _("honors and knitted tiles"),
    "knitted_straight": _("knitted straight, a set and a pair"),
}

# How a group came to be, beside its kind: laid on the table (副露), or a kong declared concealed (暗杠).
GROUP_STATES = {
    "melded": _("melded"),
    "concealed_kong": _("concealed kong"),
}

# What a player declares (the hand picker's modes; the notation writes them in brackets).
MELD_KINDS = {
    "chow": pgettext("meld", "chow"),
    "pung": pgettext("meld", "pung"),
    "kong": _("melded kong"),
    "concealed_kong": _("concealed kong"),
    "added_kong": _("added kong"),
}

# What became of a fan or pattern a result lists (a step's rows).
ROW_STATUS = {
    "counted": _("counted"),
    "not_added": _("not added"),
    "excluded": _("not counted"),
}

# Who fed a claimed tile, relative to the claimer (the notation's meld digit).
SOURCES = {1: _("left player"), 2: _("opposite player"), 3: _("right player")}

WINDS = {"E": _("East"), "S": _("South"), "W": _("West"), "N": _("North")}


def group_label(kind: str, melded: bool = False, concealed: bool = False) -> JSONDict:
    """A group's caption, a text: 刻子 · 副露 / pung, melded; 杠 · 暗杠 / kong, concealed kong."""
    state = "concealed_kong" if concealed else "melded" if melded else None
    if state:
        return _("{kind}, {state}", kind=GROUP_KINDS[kind], state=GROUP_STATES[state])
    return GROUP_KINDS[kind]


def labels() -> JSONDict:
    """The names every rule set's description carries (tiles, groups, melds, row states, sources, winds)."""

    def pairs(table: Mapping[str, Text] | Mapping[int, Text]) -> dict[str, Text]:
        return {str(k): text for k, text in table.items()}

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
