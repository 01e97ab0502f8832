"""Form controls made from the rule sets' descriptions (`handle({"action": "describe"})`).

The calculator's situation form and its convention and switch panels are drawn from these by the macros in
templates/_forms.html; static/js/situation.js reads them back into a request. Nothing here knows a rule set by
name: a registered rule set's fields appear as they are described.

A control is one form field: its `name` is the request key (dotted when nested: table.base), `kind` tells
situation.js how to read it ("bool", "int", "int_or_null", "choice", "int_choice"), `default` is the engine's
default (a permalink carries only what differs from it), `rules` the rule sets it belongs to.
"""

from __future__ import annotations

from functools import lru_cache

from suanfan.api import handle
from suanfan.rulesets import RULESETS


@lru_cache(maxsize=None)
def _description(rules: str) -> dict:
    result = handle({"action": "describe", "rules": rules})
    if not result["ok"]:
        raise ValueError(f"rule set {rules!r} cannot describe itself: {result['error']['message']['en']}")
    return result


def description(rules: str) -> dict:
    """The rule set's description (computed once per build: descriptions are constant)."""
    return _description(rules)


def descriptions() -> list[dict]:
    return [description(key) for key in RULESETS]


def _kind(field: dict) -> str:
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
        label["when"] = [{"field": by["field"], "value": w["when"], "zh": w["zh"], "en": w["en"]}
                         for w in by["labels"]]
    return label


def _control(field: dict, rules: list[str]) -> dict:
    return {
        "name": field["key"], "kind": _kind(field), "type": field["type"], "default": field["default"],
        "min": field.get("min"), "max": field.get("max"), "null_label": field.get("null_label"),
        "choices": field.get("choices", []), "help": field.get("help"), "rules": list(rules),
        "labels": [_label(field, list(rules))],
    }


def situation_controls(described: list[dict]) -> list[dict]:
    """The top-level fields of every rule set, one control per key where the rule sets agree on its values
    (its label may still differ per rule set: each label says which rule sets it is for)."""
    controls: list[dict] = []
    for d in described:
        for field in d["fields"]:
            if field["section"]:
                continue
            shared = next((c for c in controls if c["name"] == field["key"] and _same_control(c["field"], field)),
                          None)
            if shared is None:
                controls.append({**_control(field, [d["rules"]]), "field": field})
                continue
            shared["rules"].append(d["rules"])
            same_label = next((lab for lab in shared["labels"]
                               if (lab["zh"], lab["en"]) == (field["label"]["zh"], field["label"]["en"])), None)
            if same_label:
                same_label["rules"].append(d["rules"])
            else:
                shared["labels"].append(_label(field, [d["rules"]]))
    for control in controls:
        del control["field"]
    return controls


def section_panels(described: list[dict]) -> list[dict]:
    """Each rule set's nested sections (table conventions, variant switches) as panels of controls."""
    panels = []
    for d in described:
        for section in d["sections"]:
            fields = [f for f in d["fields"] if f["section"] == section["key"]]
            panels.append({"rules": d["rules"], "key": section["key"], "label": section["label"],
                           "help": section.get("help"), "controls": [_control(f, [d["rules"]]) for f in fields]})
    return panels


def calculator_form(described: list[dict] | None = None) -> dict:
    described = descriptions() if described is None else described
    return {
        "rulesets": [{"key": d["rules"], "name": d["name"]} for d in described],
        "situation": situation_controls(described),
        "panels": section_panels(described),
    }


def default_json(value) -> str:
    """A default as data-default carries it: 1/0 for booleans, "" for null, else the value's text."""
    if value is True or value is False:
        return "1" if value else "0"
    return "" if value is None else str(value)


# ---------------------------------------------------------------- a request's settings in words

def _field(rules: str, key: str) -> dict | None:
    return next((f for f in description(rules)["fields"] if f["key"] == key), None)


def _flatten(request: dict, prefix: str = "") -> list[tuple[str, object]]:
    pairs = []
    for key, value in request.items():
        if isinstance(value, dict):
            pairs.extend(_flatten(value, f"{prefix}{key}."))
        else:
            pairs.append((prefix + key, value))
    return pairs


def value_words(rules: str, key: str, value) -> tuple[str, str]:
    """One setting's value in words, (zh, en): 包三家 rather than discarder_pays_all; 是/否; numbers stay numbers."""
    field = _field(rules, key)
    for choice in (field or {}).get("choices", []):
        if choice["value"] == value and type(choice["value"]) is type(value):
            return choice["label"]["zh"], choice["label"]["en"]
    if isinstance(value, bool):
        return ("是", "yes") if value else ("否", "no")
    if value is None and field and field.get("null_label"):
        return field["null_label"]["zh"], field["null_label"]["en"]
    return str(value), str(value)


def _name_of(rules: str, field: dict, request: dict) -> tuple[str, str]:
    """The field's label, or the case of it that the request is in (抢杠 when not self-drawn)."""
    by = field.get("label_by")
    if by:
        other = dict(_flatten(request)).get(by["field"], _field(rules, by["field"])["default"])
        for case in by["labels"]:
            if case["when"] == other:
                return case["zh"], case["en"]
    return field["label"]["zh"], field["label"]["en"]


def settings_in_words(rules: str, request: dict) -> list[tuple[str, str]]:
    """A request's settings (everything but hand and rules) as short bilingual labels, the chips of a lesson
    card: a switch that is on by its name (自摸, 抢杠), anything else as name:value (包三家, 底番:2)."""
    chips = []
    for key, value in _flatten(request):
        if key in ("hand", "rules"):
            continue
        field = _field(rules, key)
        if field is None:
            chips.append((f"{key} = {value}", f"{key} = {value}"))
            continue
        zh, en = _name_of(rules, field, request)
        if field["type"] == "bool" and value is True and not field["section"]:
            chips.append((zh, en))
        else:
            vzh, ven = value_words(rules, key, value)
            chips.append((f"{zh}:{vzh}", f"{en}: {ven}"))
    return chips
