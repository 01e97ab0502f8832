"""Which rule set answers which `rules` value of a request, and what each brings.

A rule set is a key, its names, a handler (the whole request dict in, a result dict out, raising SuanfanError on
bad input), a description (`handle({"action": "describe", "rules": key})`, see description.py) and, where it has
them, its practice plug-in (`action: "question"`, see practice/plugin.py) and its score sheet's rules
(`action: "settle"`, see sheet/). The calculator, the CLI, practice, the score sheet and the lesson pages find
rule sets here and nowhere else: registering one is all it takes for them to offer it (docs/architecture.md, "Adding a rule set").
Each built-in rule set is a package of its own (BUILT_IN below), whose `ruleset` module lists its RuleSets.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from importlib import import_module
from typing import Callable

from . import fields

# A rule set's practice plug-in and score sheet are loaded when a request first needs them, not here: every page that
# boots the engine imports this module, and those are about 40% of what importing the engine costs (the calculator
# and the lessons never use them).


@dataclass(frozen=True)
class RuleSet:
    key: str
    name: tuple[str, str]            # (zh, en), as its description gives it
    handle: Callable[[dict], dict]
    # (**more) -> its description; more holds the parts describe() adds: "practice" and "sheet" where it has them
    about: Callable[..., dict]
    # the request fields (fields.Field) its description lists, for naming a request's settings in words
    fields: tuple = ()
    # () -> its practice plug-in (practice.plugin.Practice), loaded on the first question; None: no practice
    practice: Callable[[], object] | None = None
    # () -> its score sheet's rules (sheet.SheetRules), loaded on the first settle; None: no score sheet
    sheet: Callable[[], object] | None = None

    def describe(self) -> dict:
        more = {}
        if self.practice is not None:
            from .practice.catalog import describe as practice_description
            more["practice"] = practice_description(self.practice())
        if self.sheet is not None:
            more["sheet"] = self.sheet().describe()
        return self.about(**more)

    def question(self, request: dict, answer_of: Callable) -> dict:
        """A practice question (answer_of: api.handle, which answers the question's own request)."""
        from .practice.question import handle_question
        return handle_question(self.practice(), request, answer_of, self.settings_in_words,
                               tuple(f for f in self.fields if f.section))

    def diagnose(self, request: dict, answer_of: Callable) -> dict:
        """What a wrong answer to one of its practice questions most likely means (practice/mistakes.py)."""
        from .practice.mistakes import handle_diagnose
        return handle_diagnose(self, request, answer_of)

    def settle(self, request: dict) -> dict:
        """A score sheet's rows -> each row's values and payments and the running totals."""
        from .sheet import settle
        return settle(request, self.sheet())

    def settings_in_words(self, request: dict) -> list[dict]:
        return fields.settings_in_words(self.fields, request)

    @cached_property
    def key_depth(self) -> int:
        """How deep its request keys go: 1 for top-level keys only, 2 with a section (table.base). A request
        nested deeper is refused before the rule set reads it. Read from its fields, the ones its description
        lists (building the description would import practice and the sheet on every first request), or from
        its description when it names no fields."""
        keys = ([f"{f.section}.{f.key}" if f.section else f.key for f in self.fields]
                or [f["key"] for f in self.describe()["fields"]])
        return max((key.count(".") + 1 for key in keys), default=1)


RULESETS: dict[str, RuleSet] = {}


def register(ruleset: RuleSet) -> None:
    RULESETS[ruleset.key] = ruleset


def unregister(key: str) -> None:
    RULESETS.pop(key, None)


def deepest_keys() -> int:
    """How deep the keys of any registered rule set go (a request naming none is held to this)."""
    return max(ruleset.key_depth for ruleset in RULESETS.values())


def settings_in_words(rules: str, request: dict) -> list[dict]:
    """A request's settings as the rule set names them ({zh, en} each): the chips beside a hand."""
    return RULESETS[rules].settings_in_words(request)


def descriptions() -> list[dict]:
    """Every registered rule set's description, in registration order."""
    return [ruleset.describe() for ruleset in RULESETS.values()]


# The built-in rule sets, in the order the calculator offers them: each a package of suanfan whose `ruleset` module
# lists its RuleSets. This is the one list of them.
BUILT_IN = ("jiujiang", "gb")
for _package in BUILT_IN:
    for _ruleset in import_module(f".{_package}.ruleset", __package__).RULESETS:
        register(_ruleset)
