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

from .catalogue import LANGUAGES, Text, _
from .request import check_keys, get_bool, get_choice, get_int, same_value

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .json_types import JSONDict

BOOL, INT, CHOICE = "bool", "int", "choice"
YES, NO = _("yes"), _("no")


@dataclass(frozen=True)
class Choice:
    """One allowed value of a choice field, with its label and, for a disputed rule, where that reading comes from."""

    value: object
    label: Text  # a text (suanfan.catalogue)
    source: Text | None = None

    def describe(self) -> JSONDict:
        out: JSONDict = {"value": self.value, "label": self.label}
        if self.source:
            out["source"] = self.source
        return out


@dataclass(frozen=True)
class LabelBy:
    """A field whose name depends on another field's value: `kong` is 杠上开花 when self-drawn, 抢杠 otherwise."""

    field: str
    labels: tuple[tuple[object, Text], ...]  # ((value, text), ...)

    def describe(self) -> JSONDict:
        return {"field": self.field, "labels": [{"when": v, **text} for v, text in self.labels]}


@dataclass(frozen=True)
class Field:
    """One request key: its kind ("bool" | "int" | "choice"), default, range or choices, and labels.

    section: "" for a top-level key, else the nested object it lives in ("table", "variants"); the field's
    `name` is then the dotted key pages and permalinks use ("table.base").
    nullable: an int field that also takes null (no cap), labelled null_label.
    Labels and help are texts (suanfan.catalogue).
    """

    key: str
    kind: str
    default: object
    label: Text
    help: Text | None = None
    section: str = ""
    low: int | None = None
    high: int | None = None
    nullable: bool = False
    null_label: Text | None = None
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

    def label_of(self, value: object) -> Text:
        """A value in words, a text: 包三家 rather than discarder_pays_all; 是/否; numbers stay numbers."""
        for choice in self.choices:
            if same_value(choice.value, value):
                return choice.label
        if self.kind == BOOL:
            return YES if value else NO
        if value is None and self.nullable and self.null_label is not None:
            return self.null_label
        return {lang: str(value) for lang in LANGUAGES}

    def describe(self) -> JSONDict:
        out = {
            "key": self.name,
            "section": self.section,
            "type": self.kind,
            "default": self.default,
            "label": self.label,
        }
        if self.help:
            out["help"] = self.help
        if self.kind == INT:
            out.update(min=self.low, max=self.high, nullable=self.nullable)
            if self.nullable:
                out["null_label"] = self.null_label
        if self.choices:  # a choice field's values; a bool switch's two settings with their sources
            out["choices"] = [c.describe() for c in self.choices]
        if self.label_by is not None:
            out["label_by"] = self.label_by.describe()
        return out


def read_section(raw: JSONDict, fields: Iterable[Field], section: str) -> JSONDict:
    """Every field of one nested section read from its dict (unknown keys are errors): {key: value}."""
    check_keys(raw, [f.key for f in fields], where=f"{section}.")
    return {f.key: f.read(raw) for f in fields}


def section_info(key: str, label: Text, help: Text | None = None) -> JSONDict:
    """How a describe() names a nested section of fields (the calculator draws it as one panel)."""
    out = {"key": key, "label": label}
    if help:
        out["help"] = help
    return out


# ---------------------------------------------------------------- fields every rule set has

ACTION_CHOICES = {
    "score": Choice("score", _("score")),
    "waits": Choice("waits", _("waits")),
    "analyse": Choice("analyse", _("hand reading")),
}


def action_field(actions: Iterable[str]) -> Field:
    """`action`: what to do with the hand; a rule set lists the actions it answers."""
    return Field(
        "action",
        CHOICE,
        "score",
        _("what to do"),
        _(
            "Waits: a hand one tile short (13 tiles); every tile that completes it, with its score. Hand reading: 13 or 14 tiles that have not won; how far from ready, which tiles help, and what the hand can still be worth."
        ),
        choices=tuple(ACTION_CHOICES[a] for a in actions),
    )


SELF_DRAWN = Field("self_drawn", BOOL, False, _("self-drawn"))
FLOWERS = Field("flowers", INT, 0, _("flowers shown"), low=0, high=8)


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


def _name_in(field: Field, settings: JSONDict, by_name: JSONDict) -> Text:
    """The field's label, or the case of it the request is in (抢杠 when not self-drawn)."""
    if field.label_by is not None:
        other = by_name.get(field.label_by.field)
        now = settings.get(field.label_by.field, other.default if other else None)
        for when, text in field.label_by.labels:
            if when == now:
                return text
    return field.label


def settings_in_words(fields: Iterable[Field], request: JSONDict) -> list[JSONDict]:
    """A request's settings as short labels (texts), the chips beside a hand: a situation that is on
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
            words.append({lang: f"{key} = {value}" for lang in LANGUAGES})
            continue
        name = _name_in(field, settings, by_name)
        if field.kind == BOOL and value is True and not field.section:
            words.append(name)
        else:
            words.append(_("{name}: {value}", name=name, value=field.label_of(value)))
    return words
