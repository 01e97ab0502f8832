"""The home page's notation table: how to write tiles and melds, each meld with a whole hand that holds it, scored by
the engine when the site is built (a hand that does not score stops the build, naming it) and linked to the
calculator. What a meld's digit means is the engine's reading (suanfan/notation.py); who fed a tile is worded by the
glossary, as every result words it."""

from __future__ import annotations

from dataclasses import dataclass, field

from suanfan.api import default_rules, glossary, handle, parse, tile_code
from web.course.views import calculator_fragment

SOURCES = glossary.SOURCES  # 1 上家 / left player, 2 对家 / opposite player, 3 下家 / right player


def who_fed(lang: str) -> str:
    return ("、" if lang == "zh" else ", ").join(f"{digit} {name[lang]}" for digit, name in SOURCES.items())


def claimed_tile(hand: str) -> dict:
    """The names of the tile a hand's first meld, a chow, says was claimed, as the engine reads its digit."""
    meld = parse(hand).melds[0]
    return glossary.tile_names()[tile_code(meld.tiles[meld.claimed_index])]


CHOW_HAND = "[567m2]123p456s789s11m"


@dataclass(frozen=True)
class Row:
    write: str  # what is typed
    tiles: tuple[str, ...]  # the tiles drawn beside it (a concealed kong shows two backs)
    zh: str
    en: str
    meld: bool = False  # drawn as a meld (set apart from the standing tiles)
    example: str | None = None  # a whole hand holding `write`, scored under `rules`
    rules: str = field(default_factory=default_rules)  # the rule set a request naming none is scored by

    def to_dict(self) -> dict:
        found = {
            "write": self.write,
            "tiles": list(self.tiles),
            "meld": self.meld,
            "zh": self.zh,
            "en": self.en,
            "example": None,
        }
        if self.example:
            request = {"hand": self.example, "rules": self.rules}
            found.update(example=self.example, rules=self.rules, href="calculator.html#" + calculator_fragment(request))
        return found


ROWS = (
    Row("123m", ("1m", "2m", "3m"), "万", "Characters"),
    Row("456p", ("4p", "5p", "6p"), "饼(筒)", "Dots"),
    Row("789s", ("7s", "8s", "9s"), "条", "Bamboo"),
    Row("ESWN", ("E", "S", "W", "N"), "东南西北", "the four winds"),
    Row("CFP", ("C", "F", "P"), "中发白", "red, green, white dragons"),
    Row(
        "[567m2]",
        ("5m", "6m", "7m"),
        f"吃进的顺子;数字说吃的是第几张(1–3,不写为 1),这里是{claimed_tile(CHOW_HAND)['zh']}。只能吃上家的。",
        f"a melded chow; the digit says which tile was claimed (1–3, default 1), here the "
        f"{claimed_tile(CHOW_HAND)['en']}. Always from the left player.",
        meld=True,
        example=CHOW_HAND,
    ),
    Row(
        "[555p]",
        ("5p", "5p", "5p"),
        "碰出的刻子(不写数字:上家打出的)",
        "a melded pung (no digit: fed by the left player)",
        meld=True,
        example="[555p]123m456m789s11s",
    ),
    Row(
        "[555p3]",
        ("5p", "5p", "5p"),
        f"碰出的刻子;数字说谁打出的:{who_fed('zh')}",
        f"a melded pung; the digit says who discarded it: {who_fed('en')}",
        meld=True,
        example="[555p3]123m456m789s11s",
    ),
    Row(
        "[5555p1]",
        ("5p", "5p", "5p", "5p"),
        "明杠(数字同上:谁打出的)",
        "a melded kong (the digit as above: who fed it)",
        meld=True,
        example="[5555p1]222m777s99sEE9s",
    ),
    Row(
        "[5555p]",
        ("back", "5p", "5p", "back"),
        "暗杠(没有数字)",
        "a concealed kong (no digit)",
        meld=True,
        example="[5555p]123m456m789s11s",
    ),
    Row(
        "[5555p5]",
        ("5p", "5p", "5p", "5p"),
        "加杠:5/6/7 是碰过再加成的杠,碰的那张由 1/2/3 打出",
        "an added kong: 5/6/7 for a pung made a kong, its tile fed by 1/2/3",
        meld=True,
        example="[5555p5]123m456m789s11s",
    ),
)


def checked_rows() -> list[dict]:
    """The rows for the template; every example scored by the engine first."""
    problems = []
    for row in ROWS:
        if row.meld and not row.example:
            problems.append(f"{row.write}: a meld is shown with a whole hand that holds it")
        if row.example:
            if row.write not in row.example:
                problems.append(f"{row.write}: its example {row.example} does not hold it")
            result = handle({"hand": row.example, "rules": row.rules})
            if not result["ok"]:
                problems.append(
                    f"{row.write}: example {row.example} under {row.rules}: {result['error']['message']['en']}"
                )
    if problems:
        raise SystemExit("web/notation_guide.py, the home page's notation table:\n  " + "\n  ".join(problems))
    return [row.to_dict() for row in ROWS]
