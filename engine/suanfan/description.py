"""What a rule set says about itself: the answer to `handle({"action": "describe", "rules": R})`.

The calculator's form and convention panels, the lesson cards' labels, the CLI's options and the result
renderer's headings are all built from this, so a new rule set or convention is its engine module plus its
description, and nothing in the templates or the JavaScript.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import glossary

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .catalogue import Text
    from .fields import Field
    from .json_types import JSONDict


def step_names(steps: Iterable[tuple[str, Text]]) -> list[JSONDict]:
    return [{"key": key, **name} for key, name in steps]


def description(
    *,
    rules: str,
    name: Text,
    unit: Text,
    fields: Iterable[Field],
    sections: Iterable[JSONDict],
    steps: Iterable[tuple[str, Text]],
    items_name: Text,
    items: list[JSONDict],
    parts: Iterable[str],
    **more: Any,
) -> JSONDict:
    """A rule set's description (names, units and labels are texts: suanfan.catalogue).

    fields: every request key but `hand` and `rules` (fields.Field), nested ones with their section;
    sections: how the nested sections are named (fields.section_info); steps: (key, name) of the steps a
    result traces; items_name / items: what a result's `items` are (番型 pattern, 番种 fan) and every one of
    them with its value; parts: the parts a score result carries; more: anything particular to the rule set.
    """
    return {
        "ok": True,
        "action": "describe",
        "rules": rules,
        "name": name,
        "unit": unit,
        "fields": [f.describe() for f in fields],
        "sections": list(sections),
        "result": {
            "parts": list(parts),
            "steps": step_names(steps),
            "items": items_name,
        },
        "labels": {"items": items, **glossary.labels()},
        **more,
    }
