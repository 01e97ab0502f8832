"""Which rule set answers which `rules` value of a request, and what each brings.

A rule set is a key, its names, a handler (the whole request dict in, a result dict out, raising SuanfanError on
bad input), a description (`handle({"action": "describe", "rules": key})`, see description.py) and, where it has
them, its practice plug-in (`action: "question"`, see practice/plugin.py) and its score sheet's rules
(`action: "settle"`, see sheet/), its reference facts for the course (`action: "reference"`) and the keys its
lessons' goals may use (`action: "check_goal"`, see goals.py). The calculator,
the CLI, practice, the score sheet and the lesson pages find rule sets here and nowhere else: registering one is all it takes for them to offer it (docs/architecture.md, "Adding a rule set").
Each built-in rule set is a package of suanfan whose `ruleset` module lists its RuleSets (found by looking, never
named here); a rule set in a wheel of its own registers through an entry point (load_installed).
"""

from __future__ import annotations

import os
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from importlib import import_module
from typing import TYPE_CHECKING, Any

from . import fields
from .catalogue import Text

if TYPE_CHECKING:
    from types import ModuleType

    from .fields import Field
    from .goals import GoalKey
    from .json_types import AnswerOf, JSONDict
    from .practice.plugin import Practice
    from .sheet import SheetRules

# A rule set's practice plug-in and score sheet are loaded when a request first needs them, not here: every page that
# boots the engine imports this module, and those are about 40% of what importing the engine costs (the calculator
# and the lessons never use them).


@dataclass(frozen=True)
class RuleSet:
    key: str
    name: Text  # as its description gives it (suanfan.catalogue)
    handle: Callable[[JSONDict], JSONDict]
    # (**more) -> its description; more holds the parts describe() adds: "practice" and "sheet" where it has them
    about: Callable[..., JSONDict]
    # the request fields (fields.Field) its description lists, for naming a request's settings in words
    fields: tuple[Field, ...] = ()
    # () -> its practice plug-in (practice.plugin.Practice), loaded on the first question; None: no practice
    practice: Callable[[], Practice[Any]] | None = None
    # () -> its score sheet's rules (sheet.SheetRules), loaded on the first settle; None: no score sheet
    sheet: Callable[[], SheetRules[Any]] | None = None
    # (answer_of) -> its reference facts for the course (`action: "reference"`): the tables its course shows,
    # computed by the engine (answer_of: api.handle, for the hands a table scores); None: it has none
    reference: Callable[[AnswerOf], JSONDict] | None = None
    # the keys its lessons' goals may use beyond `total` and `error` (goals.GoalKey each: 九江's patterns, Guobiao's
    # fans), for `action: "check_goal"`
    goals: tuple[GoalKey, ...] = ()

    def describe(self) -> JSONDict:
        more: JSONDict = {}
        if self.practice is not None:
            from .practice.catalog import describe as practice_description

            more["practice"] = practice_description(self.practice())
        if self.sheet is not None:
            more["sheet"] = self.sheet().describe()
        return self.about(**more)

    def question(self, request: JSONDict, answer_of: AnswerOf) -> JSONDict:
        """A practice question (answer_of: api.handle, which answers the question's own request)."""
        from .practice.question import handle_question

        assert self.practice is not None, "api.handle asks only a rule set with practice"
        return handle_question(
            self.practice(), request, answer_of, self.settings_in_words, tuple(f for f in self.fields if f.section)
        )

    def diagnose(self, request: JSONDict, answer_of: AnswerOf) -> JSONDict:
        """What a wrong answer to one of its practice questions most likely means (practice/mistakes.py)."""
        from .practice.mistakes import handle_diagnose

        return handle_diagnose(self, request, answer_of)

    def settle(self, request: JSONDict) -> JSONDict:
        """A score sheet's rows -> each row's values and payments and the running totals."""
        from .sheet import settle

        assert self.sheet is not None, "api.handle asks only a rule set with a score sheet"
        return settle(request, self.sheet())

    def settings_in_words(self, request: JSONDict) -> list[JSONDict]:
        return fields.settings_in_words(self.fields, request)

    @cached_property
    def key_depth(self) -> int:
        """How deep its request keys go: 1 for top-level keys only, 2 with a section (table.base). A request
        nested deeper is refused before the rule set reads it. Read from its fields, the ones its description
        lists (building the description would import practice and the sheet on every first request), or from
        its description when it names no fields."""
        keys = [f"{f.section}.{f.key}" if f.section else f.key for f in self.fields] or [
            f["key"] for f in self.describe()["fields"]
        ]
        return max((key.count(".") + 1 for key in keys), default=1)


RULESETS: dict[str, RuleSet] = {}


def register(ruleset: RuleSet) -> None:
    RULESETS[ruleset.key] = ruleset


def unregister(key: str) -> None:
    RULESETS.pop(key, None)


def deepest_keys() -> int:
    """How deep the keys of any registered rule set go (a request naming none is held to this)."""
    return max(ruleset.key_depth for ruleset in RULESETS.values())


def settings_in_words(rules: str, request: JSONDict) -> list[JSONDict]:
    """A request's settings as the rule set names them ({zh, en} each): the chips beside a hand."""
    return RULESETS[rules].settings_in_words(request)


def descriptions() -> list[JSONDict]:
    """Every registered rule set's description, in registration order."""
    return [ruleset.describe() for ruleset in RULESETS.values()]


def find(key: object) -> RuleSet | None:
    """The rule set a request's `rules` names, or None. A key no built-in rule set has may be a rule set installed
    as a wheel of its own: those are looked up (load_installed) the first time a request names one."""
    if not isinstance(key, str):
        return None
    if key not in RULESETS:
        load_installed()
    return RULESETS.get(key)


def default() -> RuleSet:
    """The rule set a request that names none is scored by: the first registered (the first built-in by ORDER)."""
    return next(iter(RULESETS.values()))


ENTRY_POINTS = "suanfan.rulesets"  # a wheel's entry points in this group name modules that list RULESETS
_installed_loaded = False


def load_installed() -> None:
    """Register the rule sets of installed wheels (entry point group `suanfan.rulesets`, each a module with
    RULESETS), once. Not at import: reading the installed packages' metadata costs as much as importing the engine,
    and only a request for a rule set beyond the built-in ones needs it. A wheel installed later (micropip) is found
    after `reset_installed()`."""
    global _installed_loaded
    if _installed_loaded:
        return
    _installed_loaded = True
    from importlib.metadata import entry_points

    for entry in entry_points(group=ENTRY_POINTS):
        for ruleset in entry.load().RULESETS:
            RULESETS.setdefault(ruleset.key, ruleset)


def reset_installed() -> None:
    """Look for installed rule sets again on the next unknown `rules` (after a wheel was installed)."""
    global _installed_loaded
    _installed_loaded = False


def _built_in_modules() -> list[ModuleType]:
    """The built-in rule sets: every subpackage of suanfan with a `ruleset` module (listing its RuleSets and its
    ORDER, the place the calculator offers it at), in that order. Found, not listed: no module outside a rule set's
    package names it."""
    modules = []
    for folder in import_module(__package__).__path__:
        for package in pkgutil.iter_modules([folder]):
            # looked for as a file, not with find_spec: that would import the package (practice/, sheet/) to look in it
            inside = os.path.join(folder, package.name)
            if package.ispkg and any(m.name == "ruleset" for m in pkgutil.iter_modules([inside])):
                modules.append(import_module(f".{package.name}.ruleset", __package__))
    return sorted(modules, key=lambda module: module.ORDER)


for _module in _built_in_modules():
    for _ruleset in _module.RULESETS:
        register(_ruleset)
