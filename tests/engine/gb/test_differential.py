"""Differential test: gb98 against PyMahjongGB (the online platforms' calculator, C++), fan for fan.

A fixed corpus of generated winning hands of every shape (tests/gb_corpus.py). GB_DIFF_HANDS sets how many
(default 5000); GB_DIFF_SEED the seed. Disagreements kept on purpose are listed in KEPT with their reason
(and in docs/guobiao.md); there are none at present.
"""

import os

import pytest
from gb_corpus import corpus
from gb_oracle import engine_fans, oracle_fans

from suanfan.api import handle

pytest.importorskip("MahjongGB")

HANDS = int(os.environ.get("GB_DIFF_HANDS", "5000"))
SEED = int(os.environ.get("GB_DIFF_SEED", "20240601"))

# hand notation -> reason the engine differs from the oracle on purpose
KEPT: dict[str, str] = {}


def test_fan_for_fan_equal():
    requests = corpus(HANDS, SEED)
    shapes = set()
    disagreements = []
    for request in requests:
        ours = handle(request)
        assert ours["ok"], (request, ours.get("error"))
        shapes.add(ours["reading"]["shape"])
        theirs = oracle_fans(request)
        if engine_fans(ours) != theirs and request["hand"] not in KEPT:
            disagreements.append((request, sorted(engine_fans(ours).items()), sorted(theirs.items())))
    assert not disagreements, disagreements[:5]
    assert shapes == {"standard", "seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight"}


def test_corpus_covers_every_fan():
    seen = set()
    for request in corpus(HANDS, SEED):
        seen.update(engine_fans(handle(request)))
    from suanfan.gb.fans import FANS

    missing = {f.key for f in FANS} - seen
    assert not missing, missing


@pytest.mark.parametrize("rules", ["gb98", "gb"])
def test_fast_path_agrees_with_the_explanation(rules):
    """The fast path (score.best_reading: the chosen reading's counted fans and total, no explanation) and the
    explained result come from the same detectors and the same resolver; they agree on every hand."""
    from collections import Counter

    from suanfan.gb.fans import FANS
    from suanfan.gb.handler import read_situation
    from suanfan.gb.profiles import compile_profile, default_variants
    from suanfan.gb.score import best_reading, score_hand
    from suanfan.notation import WIN, parse

    prof = compile_profile(rules, default_variants(rules))
    for request in corpus(HANDS, SEED):
        hand, situation = parse(request["hand"], expect=WIN), read_situation(request)
        fast = best_reading(hand, situation, prof)
        explained = score_hand(hand, situation, prof)
        fans = Counter(FANS[fan].key for rank, scope, fan, shown in fast.counted)
        assert fans == {f["key"]: f["count"] for f in explained["fans"] if f["key"] != "flower_tiles"}, request
        assert fast.total == explained["points_without_flowers"], request
        assert fast.shape == explained["reading"]["shape"], request
