"""Template hands for 九江 questions: known constructions of every pattern, to be varied from the seed.

Taken from the 九江 lessons' own examples (lessons/jiujiang/*.md, checked by the build), with one near miss of our own;
tests/engine/test_practice_templates.py checks these again. Each entry is (notation, situation keys that differ
from the defaults).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...practice.supply import Template

# pattern key -> hands whose counted (highest) pattern it is
POSITIVE: dict[str, tuple[Template, ...]] = {
    "ping_hu": (("123m456p789s234sEE", {}), ("[123m1]456p789s234sEE", {}), ("123m456p777s234sEE", {})),
    "peng_peng_hu": (("[222m1]555p777s999sEE", {}), ("111m555p777s999sEE", {}), ("[5555p1]222m777s99sEE9s", {})),
    "hun_yi_se": (("123m456m789mEEESS", {}), ("111m444m789m999mEE", {}), ("111m444m777mEEESS", {})),
    "qi_dui": (("1133m557799p22sEE", {}), ("112233m445566pEE", {})),
    "qing_yi_se": (("123456789p234p55p", {}), ("11335577992244p", {}), ("111222333p555p99p", {})),
    "hao_hua_qi_dui": (("1111m3355p7799sEE", {}), ("11113355779922p", {}), ("1111m3333p7799sEE", {})),
}

# pattern key -> the lessons' winning hands that lack it, used when the seeded search from a varied hand finds
# no near miss
NEAR_MISSES: dict[str, tuple[Template, ...]] = {
    "ping_hu": (("123456789p234p55p", {}),),
    "peng_peng_hu": (("[222m1]555p777s789sEE", {}),),
    "hun_yi_se": (("123m456m789m111pEE", {}), ("123m456m789m111m55m", {})),
    "qi_dui": (("112233m456p789sEE", {}),),
    "qing_yi_se": (("123m456m789m111mEE", {}), ("123p456p789p234s55p", {})),
    "hao_hua_qi_dui": (("1133m557799p22sEE", {}),),
}

# hands with a kong, for 杠上开花 (a win on a kong replacement needs one): lesson 8's and lesson 12's, so that the
# multipliers are practised on a kong-replacement win about as often as on the other doubles
WITH_KONG: tuple[Template, ...] = (
    ("[5555p1]123m789s234sEE", {}),
    ("[5555p1]222m777s99sEE9s", {}),
    ("[SSSS]111m234m789m99m", {}),
    ("[7777s1]111s345s345s99s", {}),
)
