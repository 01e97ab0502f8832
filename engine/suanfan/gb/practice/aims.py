"""Where Guobiao questions get their hands: the template hands (templates.py) and the engine's test each must pass."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...practice.catalog import FAN, PRINCIPLE
from ...practice.supply import Aim, unique
from . import templates as GT

if TYPE_CHECKING:
    from .judge import GbJudge


def fan_aim(judge: GbJudge, key: str) -> Aim:
    return Aim(GT.POSITIVE[key], lambda d: judge.has(judge.facts(d), key))


def principle_aim(judge: GbJudge, key: str) -> Aim:
    return Aim(GT.PRINCIPLES[key], lambda d: any(p == key for _, _, p in judge.exclusions(d) or ()))


def set_aside_aim(judge: GbJudge, key: str) -> Aim:
    """Deals on which the fan is set aside, or sets another fan aside."""
    pool = list(GT.POSITIVE.get(key, ())) + list(GT.SET_ASIDE.get(key, ()))
    for other in sorted(judge.excluded_by.get(key, ())):
        pool += GT.POSITIVE[other]
    for hands in GT.PRINCIPLES.values():
        pool += hands
    return Aim(unique(pool), lambda d: any(key in (fan, by) for fan, by, _ in judge.exclusions(d) or ()))


POSITIVE_AIMS = {FAN: fan_aim, PRINCIPLE: principle_aim}
SET_ASIDE_AIMS = {FAN: set_aside_aim, PRINCIPLE: principle_aim}
