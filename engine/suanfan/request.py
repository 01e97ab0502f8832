"""Reading request dicts strictly: unknown keys and wrong types are errors, never silently ignored.

A typo such as `self_drawm` would otherwise score a different hand than the user meant.
"""

from __future__ import annotations

from .errors import SuanfanError


def check_keys(mapping: dict, allowed, where: str = "") -> None:
    for key in mapping:
        if key not in allowed:
            raise SuanfanError("unknown_key", key=where + str(key))


def _bad(key: str, value, zh: str, en: str) -> SuanfanError:
    return SuanfanError("bad_value", key=key, value=repr(value), reason_zh=zh, reason_en=en)


def get_bool(mapping: dict, key: str, default: bool, where: str = "") -> bool:
    value = mapping.get(key, default)
    # Permalinks carry 0/1: accept them as booleans, nothing else.
    if value in (0, 1) and not isinstance(value, float):
        return bool(value)
    raise _bad(where + key, value, "应为 true/false(或 1/0)。", "expected true/false (or 1/0).")


def get_int(mapping: dict, key: str, default, low: int, high: int | None = None, where: str = "",
            allow_none: bool = False):
    value = mapping.get(key, default)
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        upper = "" if high is None else f"–{high}"
        raise _bad(where + key, value, f"应为 {low}{upper} 的整数。", f"expected a whole number {low}{upper}.")
    return value


def same_value(a, b) -> bool:
    """Equal and of the same type: 1 == True and 6 == 6.0 in Python, but not in a request."""
    return a == b and type(a) is type(b)


def get_choice(mapping: dict, key: str, default, choices, where: str = ""):
    value = mapping.get(key, default)
    if not any(same_value(value, c) for c in choices):
        listed = " | ".join(str(c) for c in choices)
        raise _bad(where + key, value, f"可选值:{listed}。", f"expected one of {listed}.")
    return value


def get_dict(mapping: dict, key: str) -> dict:
    value = mapping.get(key, {})
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _bad(key, value, "应为一个对象。", "expected an object.")
    return value


def get_hand_text(mapping: dict) -> str:
    value = mapping.get("hand")
    if value is None:
        raise SuanfanError("empty_hand")
    if not isinstance(value, str):
        raise _bad("hand", value, "应为记谱字符串,例如 123m456p789s11z。", "expected a notation string, e.g. 123m456p789s.")
    return value
