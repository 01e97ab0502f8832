"""九江 as the registry lists it (rulesets.py): its handler, description, practice plug-in, score sheet and the keys
its lessons' goals may use (goals.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rulesets import RuleSet
from . import NAME, SITUATION_FIELDS, TABLE_FIELDS, describe, handle_request
from .goals import GOALS

if TYPE_CHECKING:
    from ..sheet import SheetRules
    from . import Table
    from .practice import JiujiangPractice


def _practice() -> JiujiangPractice:
    from .practice import plugin

    return plugin()


def _sheet() -> SheetRules[Table]:
    from .sheet import SHEET

    return SHEET


ORDER = 0  # the calculator offers 九江 first, and a request naming no rules is scored by it
RULESETS = (
    RuleSet(
        "jiujiang", NAME, handle_request, describe, SITUATION_FIELDS + TABLE_FIELDS, _practice, _sheet, goals=GOALS
    ),
)
