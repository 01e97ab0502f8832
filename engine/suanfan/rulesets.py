"""Which rule set answers which `rules` value of a request, and what each says about itself.

A rule set is a key, its names, a handler (the whole request dict in, a result dict out, raising SuanfanError on
bad input), a description (`handle({"action": "describe", "rules": key})`, see description.py) and, where it has
practice questions, their handler (`action: "question"`, see practice/) and, where it keeps a score sheet, its
settling (`action: "settle"`, see sheet/). The
calculator, the CLI and the lesson pages find rule sets here and nowhere else: registering one is all it takes
for them to offer it (README, "Adding a rule set").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Callable

from . import fields, jiujiang
from .gb import handler as gb_handler

# Practice (suanfan.practice) and the score sheet (suanfan.sheet) are imported by the functions below when a
# request first needs them, not here: every page that boots the engine imports this module, and those two
# packages are about 40% of what importing the engine costs (the calculator and the lessons never use them).


@dataclass(frozen=True)
class RuleSet:
    key: str
    name: tuple[str, str]            # (zh, en), as its description gives it
    handle: Callable[[dict], dict]
    describe: Callable[[], dict]
    # (request, answer_of) -> question result; answer_of is api.handle, which answers the question's own request
    question: Callable[[dict, Callable], dict] | None = None
    # the request fields (fields.Field) its description lists, for naming a request's settings in words
    fields: tuple = ()
    # a score sheet's rows -> each row's values and payments and the running totals (sheet.settle)
    settle: Callable[[dict], dict] | None = None

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
    return fields.settings_in_words(RULESETS[rules].fields, request)


def descriptions() -> list[dict]:
    """Every registered rule set's description, in registration order."""
    return [ruleset.describe() for ruleset in RULESETS.values()]


def _questions(key: str, request_fields: tuple) -> Callable[[dict, Callable], dict]:
    def words(request: dict) -> list[dict]:
        return fields.settings_in_words(request_fields, request)
    conventions = tuple(f for f in request_fields if f.section)

    def question(request: dict, answer_of: Callable) -> dict:
        from .practice.question import handle_question
        return handle_question(key, request, answer_of, words, conventions)
    return question


def _practice(key: str) -> dict:
    from .practice import catalog
    return catalog.describe(key)


def _sheet_rules(key: str):
    if key == "jiujiang":
        from .sheet.jiujiang import SHEET
        return SHEET
    from .sheet.gb import sheet_rules
    return sheet_rules(key)


def _settle(key: str) -> Callable[[dict], dict]:
    def settle(request: dict) -> dict:
        from .sheet import settle as settle_sheet
        return settle_sheet(request, _sheet_rules(key))
    return settle


_JIUJIANG_FIELDS = jiujiang.SITUATION_FIELDS + jiujiang.TABLE_FIELDS
register(RuleSet("jiujiang", jiujiang.NAME, jiujiang.handle_request,
                 lambda: jiujiang.describe(practice=_practice("jiujiang"), sheet=_sheet_rules("jiujiang").describe()),
                 _questions("jiujiang", _JIUJIANG_FIELDS), _JIUJIANG_FIELDS, _settle("jiujiang")))
for _profile in ("gb", "gb98"):
    _fields = gb_handler.SITUATION_FIELDS + gb_handler.variant_fields(_profile)
    register(RuleSet(_profile, gb_handler.NAMES[_profile], gb_handler.handle_request,
                     lambda p=_profile: gb_handler.describe(p, practice=_practice(p), sheet=_sheet_rules(p).describe()),
                     _questions(_profile, _fields), _fields, _settle(_profile)))
