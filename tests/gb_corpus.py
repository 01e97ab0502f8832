"""A reproducible corpus of Guobiao winning hands of every shape, for the differential test and the benchmark.

`corpus(n, seed)` returns n requests (dicts for suanfan.api.handle with rules gb98): standard hands drawn
with a bias per family (flushes, pungs, honors, kongs open and concealed, chows), seven pairs, seven shifted
pairs, thirteen orphans, honors-and-knitted, knitted straight with a set and a pair, nine gates. Every
situation is consistent with its hand (no 杠上开花 without a kong, no 抢杠 of a tile the hand holds,
no 和绝张 of a tile still in the hand, no 抢杠 with 海底捞月), so the oracle and the engine score the same question.
"""

from __future__ import annotations

import random

from suanfan import tiles as T

SUITS = "mps"
LETTERS = "ESWNCFP"
WINDS = "ESWN"


def code(t: int) -> str:
    return T.code(t)


def _run(tiles) -> str:
    """Tiles written as one group each, e.g. [0, 1, 2] -> '1m2m3m' (the parser reads that fine)."""
    return "".join(code(t) if t >= 27 else f"{t % 9 + 1}{SUITS[t // 9]}" for t in tiles)


class _Builder:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.used = [0] * 34

    def take(self, tiles) -> bool:
        need = {}
        for t in tiles:
            need[t] = need.get(t, 0) + 1
        if any(self.used[t] + n > 4 for t, n in need.items()):
            return False
        for t, n in need.items():
            self.used[t] += n
        return True


def _tile_pool(rng: random.Random, family: str) -> list[int]:
    suit = rng.randrange(3)
    if family == "flush":
        return list(range(suit * 9, suit * 9 + 9))
    if family == "half_flush":
        return list(range(suit * 9, suit * 9 + 9)) + list(range(27, 34))
    if family == "honors":
        return list(range(27, 34)) + [0, 8, 9, 17, 18, 26]
    if family == "simples":
        return [s * 9 + r for s in range(3) for r in range(1, 8)]
    if family in ("lower", "middle", "upper"):
        ranks = {"lower": (0, 1, 2), "middle": (3, 4, 5), "upper": (6, 7, 8)}[family]
        return [s * 9 + r for s in range(3) for r in ranks]
    if family == "winds":
        return [27, 28, 29, 30] * 3 + list(range(34))
    if family == "two_suits":
        other = (suit + rng.randrange(1, 3)) % 3
        return list(range(suit * 9, suit * 9 + 9)) + list(range(other * 9, other * 9 + 9))
    return list(range(34))


def _standard(rng: random.Random):
    family = rng.choice(
        [
            "any",
            "any",
            "any",
            "flush",
            "half_flush",
            "honors",
            "simples",
            "two_suits",
            "lower",
            "middle",
            "upper",
            "winds",
        ]
    )
    style = rng.choice(["chows", "pungs", "mixed", "mixed", "kongs"])
    pool = _tile_pool(rng, family)
    b = _Builder(rng)
    n_melds = rng.choice([0, 0, 1, 1, 2, 3, 4])
    sets = []
    for _ in range(200):
        if len(sets) == 4:
            break
        t = rng.choice(pool)
        want_pung = (
            style == "pungs"
            or (style in ("mixed", "kongs") and rng.random() < 0.5)
            or t >= 27
            or t % 9 > 6
            or (family in ("lower", "middle", "upper") and t % 3 and rng.random() < 0.7)
        )
        if not want_pung and b.take((t, t + 1, t + 2)):
            sets.append(("chow", t))
        elif want_pung:
            kong = (style == "kongs" and rng.random() < 0.6) or rng.random() < 0.05
            if kong and b.take((t,) * 4):
                sets.append(("kong", t))
            elif b.take((t,) * 3):
                sets.append(("pung", t))
    if len(sets) < 4:
        return None
    for _ in range(50):
        p = rng.choice(pool)
        if b.take((p, p)):
            break
    else:
        return None
    melds, standing = [], []
    order = list(range(4))
    rng.shuffle(order)
    kongs_hidden = []
    for i, (kind, t) in enumerate(sets):
        declared = order.index(i) < n_melds
        if kind == "kong":
            concealed = rng.random() < 0.5
            if concealed:
                kongs_hidden.append(t)
                melds.append(f"[{_run((t,) * 4)}]")
            else:
                melds.append(f"[{_run((t,) * 4)}{rng.choice('123567')}]")
        elif declared:
            tiles = (t, t + 1, t + 2) if kind == "chow" else (t, t, t)
            melds.append(f"[{_run(tiles)}{rng.choice('123')}]")
        else:
            standing.extend((t, t + 1, t + 2) if kind == "chow" else (t, t, t))
    standing.extend((p, p))
    return melds, standing


def _seven_pairs(rng: random.Random):
    family = rng.choice(["any", "flush", "half_flush", "honors", "simples"])
    pool = _tile_pool(rng, family)
    if rng.random() < 0.15:
        suit = rng.randrange(3)
        start = rng.randrange(3)
        return [], [suit * 9 + start + i for i in range(7) for _ in range(2)]
    b = _Builder(rng)
    standing = []
    for _ in range(200):
        if len(standing) == 14:
            break
        t = rng.choice(pool)
        if b.take((t, t)):
            standing.extend((t, t))
    return ([], standing) if len(standing) == 14 else None


def _terminal_chows(rng: random.Random):
    """一色双龙会 / 三色双龙会 and their near misses: 123 and 789 chows with a pair of fives."""
    suits = [0, 1, 2]
    rng.shuffle(suits)
    if rng.random() < 0.5:
        chows = [suits[0] * 9, suits[0] * 9, suits[0] * 9 + 6, suits[0] * 9 + 6]
        pair = suits[0] * 9 + 4 if rng.random() < 0.8 else suits[1] * 9 + 4
    else:
        chows = [suits[0] * 9, suits[0] * 9 + 6, suits[1] * 9, suits[1] * 9 + 6]
        pair = suits[2] * 9 + 4 if rng.random() < 0.8 else suits[2] * 9 + rng.randrange(9)
    melds = []
    standing = []
    for t in chows:
        if rng.random() < 0.25:
            melds.append(f"[{_run((t, t + 1, t + 2))}{rng.choice('123')}]")
        else:
            standing.extend((t, t + 1, t + 2))
    return melds, standing + [pair, pair]


def _pung_themes(rng: random.Random):
    """Hands built around runs of pungs: winds (大四喜 / 小四喜), shifted pungs, dragons."""
    theme = rng.choice(["winds", "winds", "shifted", "dragons"])
    b = _Builder(rng)
    if theme == "winds":
        winds = rng.sample([27, 28, 29, 30], 4)
        pungs = winds[: rng.choice([3, 4])]
    elif theme == "shifted":
        start = rng.randrange(3) * 9 + rng.randrange(6)
        pungs = [start + i for i in range(rng.choice([3, 4]))]
    else:
        pungs = rng.sample([31, 32, 33], rng.choice([2, 3]))
    for t in pungs:
        b.take((t, t, t))
    sets = [(t, t, t) for t in pungs]
    while len(sets) < 4:
        t = rng.randrange(34)
        tiles = (t, t + 1, t + 2) if t < 27 and t % 9 <= 6 and rng.random() < 0.5 else (t, t, t)
        if b.take(tiles):
            sets.append(tiles)
    for _ in range(50):
        p = rng.choice([27, 28, 29, 30] if theme == "winds" and rng.random() < 0.5 else range(34))
        if b.take((p, p)):
            break
    else:
        return None
    melds, standing = [], []
    for tiles in sets:
        if rng.random() < 0.3:
            melds.append(f"[{_run(tiles)}{rng.choice('123')}]")
        else:
            standing.extend(tiles)
    return melds, standing + [p, p]


def _knitted_pattern(rng: random.Random) -> list[int]:
    starts = [0, 1, 2]
    rng.shuffle(starts)
    return [s * 9 + st + k for s, st in enumerate(starts) for k in (0, 3, 6)]


def _special(rng: random.Random):
    kind = rng.choice(["orphans", "knitted", "knitted", "nine_gates", "knitted_straight", "knitted_straight"])
    if kind == "orphans":
        orphans = [0, 8, 9, 17, 18, 26] + list(range(27, 34))
        return [], orphans + [rng.choice(orphans)]
    if kind == "knitted":
        pattern = _knitted_pattern(rng)
        n_honors = rng.choice([5, 5, 6, 7])
        honors = rng.sample(range(27, 34), n_honors)
        suited = rng.sample(pattern, 14 - n_honors)
        return [], suited + honors
    if kind == "nine_gates":
        suit = rng.randrange(3) * 9
        base = [suit] * 3 + [suit + r for r in range(1, 8)] + [suit + 8] * 3
        return [], base + [suit + rng.randrange(9)]
    pattern = _knitted_pattern(rng)
    b = _Builder(rng)
    b.take(pattern)
    for _ in range(50):
        t = rng.randrange(34)
        tiles = (t, t + 1, t + 2) if t < 27 and t % 9 <= 6 and rng.random() < 0.5 else (t, t, t)
        if b.take(tiles):
            break
    else:
        return None
    for _ in range(50):
        p = rng.randrange(34)
        if b.take((p, p)):
            break
    else:
        return None
    if rng.random() < 0.3:
        return [f"[{_run(tiles)}{rng.choice('123')}]"], pattern + [p, p]
    return [], pattern + list(tiles) + [p, p]


def _situation(rng: random.Random, melds: list[str], standing: list[int], win: int) -> dict:
    held = standing.count(win) - 1
    in_melds = sum(_meld_tiles(m).count(win) for m in melds)
    has_kong = any(len(_meld_tiles(m)) == 4 for m in melds)
    self_drawn = rng.random() < 0.4
    req = {
        "self_drawn": self_drawn,
        "seat_wind": rng.choice(WINDS),
        "prevalent_wind": rng.choice(WINDS),
        "flowers": rng.choice([0, 0, 0, 1, 2, 3, 8]),
    }
    if rng.random() < 0.1:
        req["last_of_wall"] = True
    if rng.random() < 0.15 and (has_kong if self_drawn else not (held or in_melds)):
        req["kong"] = True
    if rng.random() < 0.15 and not held:
        req["last_copy"] = True
    if in_melds == 3 and not held:
        req["last_copy"] = True  # forced anyway (the engine says so in `corrections`)
    if req.get("kong") and not self_drawn:
        req.pop("last_of_wall", None)  # no kong to rob once the wall is drawn out (robbing_on_last_tile)
    return req


def _meld_tiles(meld: str) -> list[int]:
    inner = meld.strip("[]")
    out, digits = [], ""
    for ch in inner:
        if ch.isdigit():
            digits += ch
        elif ch in SUITS:
            out.extend(SUITS.index(ch) * 9 + int(d) - 1 for d in digits)
            digits = ""
        elif ch in LETTERS:
            out.append(27 + LETTERS.index(ch))
    return out


def corpus(n: int, seed: int = 20240601) -> list[dict]:
    rng = random.Random(seed)
    out = []
    seen = set()
    makers = [_standard] * 28 + [_seven_pairs] * 6 + [_special] * 5 + [_terminal_chows] + [_pung_themes]
    while len(out) < n:
        made = rng.choice(makers)(rng)
        if made is None:
            continue
        melds, standing = made
        rng.shuffle(standing)
        win = standing[-1]
        text = "".join(melds) + _run(standing)
        if text in seen:
            continue
        seen.add(text)
        req = {"hand": text, "rules": "gb98"}
        req.update(_situation(rng, melds, standing, win))
        out.append(req)
    return out
