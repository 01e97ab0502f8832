"""The differential oracle: PyMahjongGB (the calculator of the online platforms, C++), test-only.

`oracle_fans(request)` scores a gb98 request with MahjongGB.MahjongFanCalculator and returns
{fan key: count}, flowers included as flower_tiles. `available()` says whether the package is installed.
"""

from __future__ import annotations

from suanfan.notation import WIN, parse

# PyMahjongGB's English fan names -> our keys (where lowercasing with underscores is not enough).
NAME_TO_KEY = {
    "All Five": "all_fives",
    "Two Dragons Pungs": "two_dragon_pungs",
    "Robbing The Kong": "robbing_the_kong",
    "Self-Drawn": "self_drawn",
    "Concealed Kong and Melded Kong": "concealed_and_melded_kong",
    "Three-Suited Terminal Chows": "three_suited_terminal_chows",
}
WINDS = "ESWN"


def available() -> bool:
    try:
        import MahjongGB  # noqa: F401
    except ImportError:
        return False
    return True


def tile_code(t: int) -> str:
    if t < 9:
        return f"W{t + 1}"
    if t < 18:
        return f"B{t - 8}"  # 饼 dots
    if t < 27:
        return f"T{t - 17}"  # 条 bamboo
    if t < 31:
        return f"F{t - 26}"
    return f"J{t - 30}"  # 中 发 白


def key_of(name_en: str) -> str:
    return NAME_TO_KEY.get(name_en, name_en.lower().replace(" ", "_").replace("-", "_"))


def _packs(hand) -> tuple:
    packs = []
    for m in hand.melds:
        if m.kind == "chow":
            packs.append(("CHI", tile_code(m.tiles[1]), (m.claimed_index or 0) + 1))
        elif m.kind == "pung":
            packs.append(("PENG", tile_code(m.tiles[0]), m.source))
        else:
            packs.append(("GANG", tile_code(m.tiles[0]), 0 if m.concealed else m.source))
    return tuple(packs)


def oracle_shanten(hand) -> int:
    """MahjongShanten of a waiting (13-tile) hand: its melds as packs, its standing tiles."""
    from MahjongGB import MahjongShanten

    return MahjongShanten(pack=_packs(hand), hand=tuple(tile_code(t) for t in hand.standing))


def oracle_arguments(request: dict) -> dict:
    hand = parse(request["hand"], expect=WIN)
    return dict(
        pack=_packs(hand),
        hand=tuple(tile_code(t) for t in hand.standing[:-1]),
        winTile=tile_code(hand.standing[-1]),
        flowerCount=request.get("flowers", 0),
        isSelfDrawn=bool(request.get("self_drawn", False)),
        is4thTile=bool(request.get("last_copy", False)),
        isAboutKong=bool(request.get("kong", False)),
        isWallLast=bool(request.get("last_of_wall", False)),
        seatWind=WINDS.index(request.get("seat_wind", "E")),
        prevalentWind=WINDS.index(request.get("prevalent_wind", "E")),
    )


def oracle_fans(request: dict) -> dict:
    from MahjongGB import MahjongFanCalculator

    found = MahjongFanCalculator(**oracle_arguments(request), verbose=True)
    return {key_of(en): count for points, count, zh, en in found}


def engine_fans(result: dict) -> dict:
    return {f["key"]: f["count"] for f in result["fans"]}
