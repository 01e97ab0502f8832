"""Form controls made from the rule sets' descriptions (`handle({"action": "describe"})`).

The calculator's situation form and its convention and switch panels are drawn from these by the macros in
templates/_forms.html; static/js/situation.js reads them back into a request. Nothing here knows a rule set by
name: a registered rule set's fields appear as they are described.

A control is one form field: its `name` is the request key (dotted when nested: table.base), `kind` tells
situation.js how to read it ("bool", "int", "int_or_null", "choice", "int_choice"), `default` is the engine's
default (a permalink carries only what differs from it), `rules` the rule sets it belongs to.
"""

from __future__ import annotations

from functools import cache

from suanfan.api import RULESETS, handle
from suanfan.api import settings_in_words as engine_settings_in_words


@cache
def _description(rules: str) -> dict:
    result = handle({"action": "describe", "rules": rules})
    if not result["ok"]:
        raise ValueError(f"rule set {rules!r} cannot describe itself: {result['error']['message']['en']}")
    return result


def description(rules: str) -> dict:
    """The rule set's description (computed once per build: descriptions are constant)."""
    return _description(rules)


@cache
def practice_topics(rules: str) -> dict[str, dict]:
    """The rule set's practice topics by key (its description's practice.topics, indexed once per build)."""
    return {t["key"]: t for t in description(rules)["practice"]["topics"]}


def descriptions() -> list[dict]:
    return [description(key) for key in RULESETS]


def minimum_points() -> int:
    """The points a win must reach, as the rule sets that have a minimum describe it (their one value)."""
    found = {d["minimum"] for d in descriptions() if d.get("minimum") is not None}
    if len(found) != 1:
        raise ValueError(
            f"the rule sets describe {len(found)} different minimums ({sorted(found)}); the site's words say one"
        )
    return found.pop()


def control_kind(field: dict) -> str:
    """How situation.js and permalink.js read the field's value (see the module's docstring)."""
    if field["type"] == "int":
        return "int_or_null" if field["nullable"] else "int"
    if field["type"] == "choice" and all(isinstance(c["value"], int) for c in field["choices"]):
        return "int_choice"
    return field["type"]


def _same_control(a: dict, b: dict) -> bool:
    """Two rule sets' fields can share one control when they read the same values with the same default."""
    keys = ("type", "default", "min", "max", "nullable")
    values = lambda f: [c["value"] for c in f.get("choices", [])]  # noqa: E731
    return all(a.get(k) == b.get(k) for k in keys) and values(a) == values(b)


def _label(field: dict, rules: list[str]) -> dict:
    label = {"zh": field["label"]["zh"], "en": field["label"]["en"], "rules": rules, "when": []}
    if "label_by" in field:
        by = field["label_by"]
        label["when"] = [{"field": by["field"], "value": w["when"], "zh": w["zh"], "en": w["en"]} for w in by["labels"]]
    return label


def _control(field: dict, rules: list[str]) -> dict:
    return {
        "name": field["key"],
        "kind": control_kind(field),
        "type": field["type"],
        "default": field["default"],
        "min": field.get("min"),
        "max": field.get("max"),
        "null_label": field.get("null_label"),
        "choices": field.get("choices", []),
        "help": field.get("help"),
        "rules": list(rules),
        "labels": [_label(field, list(rules))],
    }


def _top_level(described: dict) -> list[dict]:
    return [f for f in described["fields"] if not f["section"]]


def situation_controls(described: list[dict], fields_of=_top_level) -> list[dict]:
    """The top-level fields of every rule set, one control per key where the rule sets agree on its values
    (its label may still differ per rule set: each label says which rule sets it is for). fields_of picks a
    description's fields (the score sheet's row takes its own)."""
    controls: list[dict] = []
    for d in described:
        for field in fields_of(d):
            shared = next((c for c in controls if c["name"] == field["key"] and _same_control(c["field"], field)), None)
            if shared is None:
                controls.append({**_control(field, [d["rules"]]), "field": field})
                continue
            shared["rules"].append(d["rules"])
            same_label = next(
                (
                    lab
                    for lab in shared["labels"]
                    if (lab["zh"], lab["en"]) == (field["label"]["zh"], field["label"]["en"])
                ),
                None,
            )
            if same_label:
                same_label["rules"].append(d["rules"])
            else:
                shared["labels"].append(_label(field, [d["rules"]]))
    for control in controls:
        del control["field"]
    return controls


def sheet_row_controls(described: list[dict]) -> list[dict]:
    """What a score sheet's row carries beside the deal, for every rule set that keeps one (describe's `sheet`):
    each rule set's own entries first, the controls they all share (flowers) after them."""
    keeping = [d for d in described if "sheet" in d]
    controls = situation_controls(keeping, lambda d: d["sheet"]["fields"])
    return sorted(controls, key=lambda c: len(c["rules"]) == len(keeping))


def section_panels(described: list[dict]) -> list[dict]:
    """Each rule set's nested sections (table conventions, variant switches) as panels of controls."""
    panels = []
    for d in described:
        for section in d["sections"]:
            fields = [f for f in d["fields"] if f["section"] == section["key"]]
            panels.append(
                {
                    "rules": d["rules"],
                    "key": section["key"],
                    "label": section["label"],
                    "help": section.get("help"),
                    "controls": [_control(f, [d["rules"]]) for f in fields],
                }
            )
    return panels


def calculator_form(described: list[dict] | None = None) -> dict:
    described = descriptions() if described is None else described
    return {
        "rulesets": [{"key": d["rules"], "name": d["name"]} for d in described],
        "situation": situation_controls(described),
        "panels": section_panels(described),
        "sheet": sheet_row_controls(described),
    }


def default_json(value) -> str:
    """A default as data-default carries it: 1/0 for booleans, "" for null, else the value's text."""
    if value is True or value is False:
        return "1" if value else "0"
    return "" if value is None else str(value)


# ---------------------------------------------------------------- a request's settings in words


def value_words(rules: str, key: str, value) -> tuple[str, str]:
    """One setting's value in words, (zh, en): 包三家 rather than discarder_pays_all; 是/否; numbers stay numbers."""
    field = next((f for f in RULESETS[rules].fields if f.name == key), None)
    label = field.label_of(value) if field else {"zh": str(value), "en": str(value)}
    return label["zh"], label["en"]


def settings_in_words(rules: str, request: dict) -> list[tuple[str, str]]:
    """A request's settings as the chips of a lesson card, (zh, en) each: the engine's words for them
    (suanfan.rulesets.settings_in_words, the same a practice question carries)."""
    return [(w["zh"], w["en"]) for w in engine_settings_in_words(rules, request)]
