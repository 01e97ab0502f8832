"""Table settings in words, as the cards and the convention switches name them.

The conventions and their choices are named by the engine (jiujiang.TABLE_NAMES / CHOICE_NAMES), as in the
calculator; here are only the words for values the engine does not name (yes/no, no cap, numbers).
"""

from __future__ import annotations

from suanfan import jiujiang

VALUE_LABELS = {
    **{value: names for choices in jiujiang.CHOICE_NAMES.values() for value, names in choices.items()},
    True: ("是", "yes"),
    False: ("否", "no"),
}


def value_labels(value) -> tuple[str, str]:
    """A table setting as words (zh, en): 包三家 rather than discarder_pays_all (numbers stay numbers)."""
    if value is None:
        return ("不封顶", "none")
    if isinstance(value, (bool, str)):   # only these: 1 == True would find the label of true for base 1
        return VALUE_LABELS.get(value, (str(value), str(value)))
    return (str(value), str(value))


def switch_label(value) -> str:
    """The label of a convention switch's setting when the lesson file gives none: 是 on / 否 off, else the value."""
    if value is True:
        return "是 on"
    if value is False:
        return "否 off"
    return str(value)
