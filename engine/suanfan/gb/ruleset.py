"""The two Guobiao profiles, gb and gb98, as the registry lists them (rulesets.py): their handler, descriptions,
practice plug-ins, score sheets, reference facts (reference.py) and the keys their lessons' goals may use (goals.py)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from ..rulesets import RuleSet
from . import handler
from .fans import PROFILE_NAMES, PROFILES
from .goals import GOALS
from .profiles import variant_fields

if TYPE_CHECKING:
    from ..json_types import AnswerOf, JSONDict
    from ..sheet import SheetRules
    from .practice import GbPractice
    from .profiles import Compiled


def _practice(profile: str) -> GbPractice:
    from .practice import plugin

    return plugin(profile)


def _sheet(profile: str) -> SheetRules[Compiled]:
    from .sheet import sheet_rules

    return sheet_rules(profile)


ORDER = 1  # after 九江 in the calculator's list


def _reference(profile: str, answer_of: AnswerOf) -> JSONDict:
    from .reference import reference

    return reference(profile, answer_of)


RULESETS = tuple(
    RuleSet(
        profile,
        PROFILE_NAMES[profile],
        handler.handle_request,
        partial(handler.describe, profile),
        handler.SITUATION_FIELDS + variant_fields(profile),
        partial(_practice, profile),
        partial(_sheet, profile),
        partial(_reference, profile),
        goals=GOALS,
    )
    for profile in PROFILES
)
