"""The two Guobiao profiles, gb and gb98, as the registry lists them (rulesets.py): their handler, descriptions,
practice plug-ins and score sheets."""

from __future__ import annotations

from functools import partial

from ..rulesets import RuleSet
from . import handler

PROFILES = ("gb", "gb98")


def _practice(profile: str):
    from .practice import plugin
    return plugin(profile)


def _sheet(profile: str):
    from .sheet import sheet_rules
    return sheet_rules(profile)


RULESETS = tuple(RuleSet(profile, handler.NAMES[profile], handler.handle_request, partial(handler.describe, profile),
                         handler.SITUATION_FIELDS + handler.variant_fields(profile),
                         partial(_practice, profile), partial(_sheet, profile)) for profile in PROFILES)
