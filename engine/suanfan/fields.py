"""Request fields declared once: how a key is read from a request and how it is described to its users.

A rule set lists its fields (situation keys such as `self_drawn`, and the keys of a nested section such as
`table.base` or `variants.two_concealed_kongs`). The same declaration validates a request (request.py's strict
readers, so a bad value gets the same `bad_value` error everywhere) and describes the field to the calculator's
form, the lesson cards, the CLI's options and the practice pages (`handle({"action": "describe"})`). So a new
convention is one declaration, and its range, default and labels cannot drift between the engine and a page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .request import check_keys, get_bool, get_choice, get_int, same_value

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .json_types import JSONDict

BOOL, INT, CHOICE = "bool", "int", "choice"
YES, NO = ("是", "yes"), ("否", "no")


@dataclass(frozen=True)
class Choice:
    """One allowed value of a choice field, with its label and, for a disputed rule, where that reading comes from."""

    value: object
    zh: str
    en: str
    source_zh: str = ""
    source_en: str = ""

    def describe(self) -> JSONDict:
        out = {"value": self.value, "label": {"zh": self.zh, "en": self.en}}
        if self.source_zh or self.source_en:
            out["source"] = {"zh": self.source_zh, "en": self.source_en}
        return out


@dataclass(frozen=True)
class LabelBy:
    """A field whose name depends on another field's value: `kong` is 杠上开花 when self-drawn, 抢杠 otherwise."""

    field: str
    labels: tuple[tuple[object, str, str], ...]  # ((value, zh, en), ...)

    def describe(self) -> JSONDict:
        return {"field": self.field, "labels": [{"when": v, "zh": zh, "en": en} for v, zh, en in self.labels]}


@dataclass(frozen=True)
class Field:
    """One request key: its kind ("bool" | "int" | "choice"), default, range or choices, and labels.

    section: "" for a top-level key, else the nested object it lives in ("table", "variants"); the field's
    `name` is then the dotted key pages and permalinks use ("table.base").
    nullable: an int field that also takes null (no cap), labelled null_zh / null_en.
    """

    key: str
    kind: str
    default: object
    zh: str
    en: str
    help_zh: str = ""
    help_en: str = ""
    section: str = ""
    low: int | None = None
    high: int | None = None
    nullable: bool = False
    null_zh: str = ""
    null_en: str = ""
    choices: tuple[Choice, ...] = ()
    label_by: LabelBy | None = None

    @property
    def name(self) -> str:
        return f"{self.section}.{self.key}" if self.section else self.key

    @property
    def values(self) -> tuple[object, ...]:
        return tuple(c.value for c in self.choices)

    def read(self, mapping: JSONDict) -> Any:
        """The field's value in `mapping` (its section's dict), its default when absent; bad values raise."""
        where = f"{self.section}." if self.section else ""
        if self.kind == BOOL:
            return get_bool(mapping, self.key, self.default, where=where)
        if self.kind == INT:
            assert self.low is not None  # an INT field has its range
            return get_int(mapping, self.key, self.default, self.low, self.high, where=where, allow_none=self.nullable)
        return get_choice(mapping, self.key, self.default, self.values, where=where)

    def label_of(self, value: object) -> tuple[str, str]:
        """A value in words, (zh, en): 包三家 rather than discarder_pays_all; 是/否; numbers stay numbers."""
        for choice in self.choices:
            if same_value(choice.value, value):
                return choice.zh, choice.en
        if self.kind == BOOL:
            return YES if value else NO
        if value is None and self.nullable:
            return self.null_zh, self.null_en
        return str(value), str(value)

    def describe(self) -> JSONDict:
        out = {
            "key": self.name,
            "section": self.section,
            "type": self.kind,
            "default": self.default,
            "label": {"zh": self.zh, "en": self.en},
        }
        if self.help_zh or self.help_en:
            out["help"] = {"zh": self.help_zh, "en": self.help_en}
        if self.kind == INT:
            out.update(min=self.low, max=self.high, nullable=self.nullable)
            if self.nullable:
                out["null_label"] = {"zh": self.null_zh, "en": self.null_en}
        if self.choices:  # a choice field's values; a bool switch's two settings with their sources
            out["choices"] = [c.describe() for c in self.choices]
        if self.label_by is not None:
            out["label_by"] = self.label_by.describe()
        return out


def read_section(raw: JSONDict, fields: Iterable[Field], section: str) -> JSONDict:
    """Every field of one nested section read from its dict (unknown keys are errors): {key: value}."""
    check_keys(raw, [f.key for f in fields], where=f"{section}.")
    return {f.key: f.read(raw) for f in fields}


def section_info(key: str, zh: str, en: str, help_zh: str = "", help_en: str = "") -> JSONDict:
    """How a describe() names a nested section of fields (the calculator draws it as one panel)."""
    out = {"key": key, "label": {"zh": zh, "en": en}}
    if help_zh or help_en:
        out["help"] = {"zh": help_zh, "en": help_en}
    return out


# ---------------------------------------------------------------- fields every rule set has

ACTION_CHOICES = {
    "score": Choice("score", "算番", "score"),
    "waits": Choice("waits", "听牌", "waits"),
    "analyse": Choice("analyse", "牌理", "hand reading"),
}


def action_field(actions: Iterable[str]) -> Field:
    """`action`: what to do with the hand; a rule set lists the actions it answers."""
    return Field(
        "action",
        CHOICE,
        "score",
        "要做什么",
        "what to do",
        "听牌:手牌少一张(13 张),列出每一张能和的牌和它的分数。"
        "牌理:13 或 14 张还没和的牌,看离听牌还差几步、哪些牌有用、还能做成多大的牌。",
        "Waits: a hand one tile short (13 tiles); every tile that completes it, with its score. "
        "Hand reading: 13 or 14 tiles that have not won; how far from ready, which tiles help, and what "
        "the hand can still be worth.",
        choices=tuple(ACTION_CHOICES[a] for a in actions),
    )


SELF_DRAWN = Field("self_drawn", BOOL, False, "自摸", "self-drawn")
FLOWERS = Field("flowers", INT, 0, "花牌", "flowers shown", low=0, high=8)


# ---------------------------------------------------------------- a request's settings in words


def flatten(request: JSONDict, prefix: str = "") -> list[tuple[str, object]]:
    """A nested request as (dotted key, value) pairs, in order: table.base, variants.…"""
    pairs = []
    for key, value in request.items():
        if isinstance(value, dict):
            pairs.extend(flatten(value, f"{prefix}{key}."))
        else:
            pairs.append((prefix + key, value))
    return pairs


def _name_in(field: Field, settings: JSONDict, by_name: JSONDict) -> tuple[str, str]:
    """The field's label, or the case of it the request is in (抢杠 when not self-drawn)."""
    if field.label_by is not None:
        other = by_name.get(field.label_by.field)
        now = settings.get(field.label_by.field, other.default if other else None)
        for when, zh, en in field.label_by.labels:
            if when == now:
                return zh, en
    return field.zh, field.en


def settings_in_words(fields: Iterable[Field], request: JSONDict) -> list[JSONDict]:
    """A request's settings as short bilingual labels ({zh, en}), the chips beside a hand: a situation that is on
    by its name (自摸, 抢杠), anything else as name:value (包三家, 底番:2). hand, rules and action are not settings."""
    by_name = {f.name: f for f in fields}
    pairs = flatten(request)
    settings = dict(pairs)
    words = []
    for key, value in pairs:
        if key in ("hand", "rules", "action"):
            continue
        field = by_name.get(key)
        if field is None:
            words.append({"zh": f"{key} = {value}", "en": f"{key} = {value}"})
            continue
        zh, en = _name_in(field, settings, by_name)
        if field.kind == BOOL and value is True and not field.section:
            words.append({"zh": zh, "en": en})
        else:
            vzh, ven = field.label_of(value)
            words.append({"zh": f"{zh}:{vzh}", "en": f"{en}: {ven}"})
    return words
