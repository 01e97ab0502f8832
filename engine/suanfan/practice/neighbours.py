"""Deals one step away from a deal: one standing tile replaced, one meld changed, or one situation flag flipped.

Near misses are searched among these, in the seed's order: a winning hand that lacks the topic's fan and
differs from a hand that has it by one tile, one meld or one flag. Tile replacements come from the waits of the
13 tiles left when one tile is taken out, so every one of them is a winning shape; the judge then says what the
new hand counts. Every candidate carries a `change` that says, in both languages, what was changed.
"""

from __future__ import annotations

from .. import tiles as T
from ..gb.handler import SITUATION_FIELDS as GB_FIELDS
from ..jiujiang import SITUATION_FIELDS as JIUJIANG_FIELDS
from . import deal as D
from .deal import Deal
from .variation import meld_changes

FIELDS = {f.key: f for f in GB_FIELDS + JIUJIANG_FIELDS if f.key != "action"}
# Fans and patterns a situation flag earns: their near misses are the same tiles won another way, so those
# candidates are tried first.
SITUATIONAL = frozenset(("self_drawn", "fully_concealed_hand", "concealed_hand", "melded_hand", "last_tile_draw",
                         "last_tile_claim", "out_with_replacement_tile", "robbing_the_kong", "last_tile",
                         "prevalent_wind", "seat_wind", "flower_tiles", "chicken_hand"))


def tile_change(before: int, after: int) -> dict:
    return {"type": "tile", "from": T.code(before), "to": T.code(after),
            "zh": f"把一张{T.name_zh(before)}换成{T.name_zh(after)}",
            "en": f"one {T.name_en(before)} replaced by a {T.name_en(after)}"}


def meld_change(before, after) -> dict:
    old = [D.meld_text(m) for m in before.melds]
    new = [D.meld_text(m) for m in after.melds]
    removed = [m for m in old if m not in new] or ["—"]
    added = [m for m in new if m not in old] or ["—"]
    return {"type": "meld", "from": removed, "to": added,
            "zh": f"副露 {' '.join(removed)} 改为 {' '.join(added)}(— 表示手里的牌)",
            "en": f"melds {' '.join(removed)} changed to {' '.join(added)} (— : standing in the hand)"}


def situation_change(key: str, before, after) -> dict:
    field = FIELDS[key]
    bzh, ben = field.label_of(before)
    azh, aen = field.label_of(after)
    return {"type": "situation", "key": key, "from": before, "to": after,
            "zh": f"{field.zh}:{bzh} → {azh}", "en": f"{field.en}: {ben} → {aen}"}


def tile_neighbours(deal: Deal, judge, draw):
    """One standing tile replaced, keeping a winning shape, in the seed's order."""
    hand = deal.hand
    standing = hand.standing
    positions = draw.shuffled(sorted({standing.index(t) for t in standing} | {len(standing) - 1}))
    for i in positions:
        waiting = D.Hand(hand.melds, standing[:i] + standing[i + 1:])
        for tile in draw.shuffled(judge.completions(waiting)):
            if tile == standing[i] or D.copies(hand, tile) >= 4:
                continue
            yield deal.with_hand(D.with_tile_replaced(hand, i, tile)), tile_change(standing[i], tile)


def meld_neighbours(deal: Deal, draw):
    for hand in draw.shuffled(meld_changes(deal.hand, draw)):
        yield deal.with_hand(hand), meld_change(deal.hand, hand)


def flag_neighbours(deal: Deal, judge, draw):
    for varied, key, before, after in draw.shuffled(judge.flag_flips(deal)):
        yield varied, situation_change(key, before, after)


def neighbours(deal: Deal, judge, draw, situational_first: bool = False):
    """Every one-step neighbour: flags first when the topic is earned by the situation, else tiles, melds,
    flags interleaved in the seed's order (a few of each at a time, so none of them waits for the others)."""
    sources = [tile_neighbours(deal, judge, draw.fork("tiles")), meld_neighbours(deal, draw.fork("melds")),
               flag_neighbours(deal, judge, draw.fork("flags"))]
    if situational_first:
        yield from sources.pop()
    live = draw.shuffled(sources)
    while live:
        for source in list(live):
            for _ in range(3):
                item = next(source, None)
                if item is None:
                    live.remove(source)
                    break
                yield item
