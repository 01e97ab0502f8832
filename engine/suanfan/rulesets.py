"""Which rule set answers which `rules` value of a request, and what each says about itself.

A rule set is a key, its names, a handler (the whole request dict in, a result dict out, raising SuanfanError on
bad input) and a description (`handle({"action": "describe", "rules": key})`, see description.py). The
calculator, the CLI and the lesson pages find rule sets here and nowhere else: registering one is all it takes
for them to offer it (README, "Adding a rule set").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from . import jiujiang
from .gb import handler as gb_handler


@dataclass(frozen=True)
class RuleSet:
    key: str
    name: tuple[str, str]            # (zh, en), as its description gives it
    handle: Callable[[dict], dict]
    describe: Callable[[], dict]


RULESETS: dict[str, RuleSet] = {}


def register(ruleset: RuleSet) -> None:
    RULESETS[ruleset.key] = ruleset


def unregister(key: str) -> None:
    RULESETS.pop(key, None)


def descriptions() -> list[dict]:
    """Every registered rule set's description, in registration order."""
    return [ruleset.describe() for ruleset in RULESETS.values()]


register(RuleSet("jiujiang", jiujiang.NAME, jiujiang.handle_request, jiujiang.describe))
for _profile in ("gb", "gb98"):
    register(RuleSet(_profile, gb_handler.NAMES[_profile], gb_handler.handle_request,
                     lambda p=_profile: gb_handler.describe(p)))
