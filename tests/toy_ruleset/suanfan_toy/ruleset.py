"""The toy as the engine's registry lists it: the module its wheel's entry point names (group `suanfan.rulesets`).
Its practice plug-in, score sheet and reference are loaded when a request first needs them, as the built-in ones'."""

from __future__ import annotations

from suanfan.rulesets import RuleSet

from . import FIELDS, HOUSE_FIELDS, KEY, NAME, describe, handle_request


def _practice():
    from .practice import plugin

    return plugin()


def _sheet():
    from .sheet import SHEET

    return SHEET


def _reference(answer_of):
    from .reference import reference

    return reference(answer_of)


RULESETS = (RuleSet(KEY, NAME, handle_request, describe, FIELDS + HOUSE_FIELDS, _practice, _sheet, _reference),)
