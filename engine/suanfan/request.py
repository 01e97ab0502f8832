"""Reading request dicts strictly: unknown keys and wrong types are errors, never silently ignored.

A typo such as `self_drawm` would otherwise score a different hand than the user meant. Absurd input is refused
before anything reads it (a hand longer than any hand, keys nested deeper than the rule set's), and a value is only
ever echoed as a short excerpt (errors.excerpt).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING, Any, Literal, TypeVar, overload

from .catalogue import Text, _
from .errors import SuanfanError, excerpt

if TYPE_CHECKING:
    from .json_types import JSONDict

T = TypeVar("T")

# The longest hand there is, four kongs and a pair with every tile written on its own and a space between
# ("[1m 1m 1m 1m,1] " four times, "1m 1m"), is 73 characters; spaces may repeat, so the limit leaves room.
MAX_HAND_CHARS = 200


def check_keys(mapping: JSONDict, allowed: Collection[str], where: str = "") -> None:
    for key in mapping:
        if key not in allowed:
            raise SuanfanError("unknown_key", key=where + (key if isinstance(key, str) else excerpt(key)))


def check_depth(request: JSONDict, limit: int) -> None:
    """Refuse a key path deeper than `limit` (table.base is 2 deep), before any reader walks the request.

    Lists count as a level like objects do: no field of a rule set holds either. Iterative, and it stops at the
    limit, so a request nested 100,000 deep costs no more than one nested `limit` deep."""
    stack: list[tuple[JSONDict | list[Any] | tuple[Any, ...], tuple[str | int, ...]]] = [(request, ())]
    while stack:
        node, path = stack.pop()
        for key, value in node.items() if isinstance(node, dict) else enumerate(node):
            if not isinstance(value, (dict, list, tuple)) or not value:
                continue
            if len(path) + 1 >= limit:
                inner = next(iter(value)) if isinstance(value, dict) else 0
                dotted = ".".join(k if isinstance(k, str) else excerpt(k) for k in (*path, key, inner))
                raise SuanfanError("too_deep", key=dotted, limit=limit)
            stack.append((value, (*path, key)))


def _bad(key: str, value: object, reason: Text) -> SuanfanError:
    return SuanfanError("bad_value", key=key, value=excerpt(value), reason=reason)


def get_bool(mapping: JSONDict, key: str, default: object, where: str = "") -> bool:
    value = mapping.get(key, default)
    # Permalinks carry 0/1: accept them as booleans, nothing else.
    if value in (0, 1) and not isinstance(value, float):
        return bool(value)
    raise _bad(where + key, value, _("expected true/false (or 1/0)."))


@overload
def get_int(
    mapping: JSONDict,
    key: str,
    default: object,
    low: int,
    high: int | None = None,
    where: str = "",
    allow_none: Literal[False] = False,
) -> int: ...


@overload
def get_int(
    mapping: JSONDict,
    key: str,
    default: object,
    low: int,
    high: int | None = None,
    where: str = "",
    *,
    allow_none: bool,
) -> int | None: ...


def get_int(
    mapping: JSONDict,
    key: str,
    default: object,
    low: int,
    high: int | None = None,
    where: str = "",
    allow_none: bool = False,
) -> int | None:
    value = mapping.get(key, default)
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        upper = "" if high is None else f"–{high}"
        raise _bad(where + key, value, _("expected a whole number {low}{upper}.", low=low, upper=upper))
    return value


def same_value(a: object, b: object) -> bool:
    """Equal and of the same type: 1 == True and 6 == 6.0 in Python, but not in a request."""
    return a == b and type(a) is type(b)


def get_choice(mapping: JSONDict, key: str, default: T, choices: Iterable[T], where: str = "") -> T:
    value = mapping.get(key, default)
    for choice in choices:
        if same_value(value, choice):
            # The declared value itself, never the request's: the caches that key on it (gb.profiles) then see
            # one value per setting, whatever object the request held.
            return choice
    listed = " | ".join(str(c) for c in choices)
    raise _bad(where + key, value, _("expected one of {listed}.", listed=listed))


def get_dict(mapping: JSONDict, key: str) -> JSONDict:
    value = mapping.get(key, {})
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _bad(key, value, _("expected an object."))
    return value


def get_hand_text(mapping: JSONDict) -> str:
    value = mapping.get("hand")
    if value is None:
        raise SuanfanError("empty_hand")
    if not isinstance(value, str):
        raise _bad("hand", value, _("expected a notation string, e.g. 123m456p789s."))
    if len(value) > MAX_HAND_CHARS:
        # Refused before the parser sees it: a megabyte of tiles would otherwise keep the engine busy for seconds.
        raise SuanfanError("hand_too_long", MAX_HAND_CHARS, length=len(value), limit=MAX_HAND_CHARS)
    return value
