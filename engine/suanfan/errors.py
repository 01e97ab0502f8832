"""Every error a user can meet, as a stable code with a Chinese and an English message.

The codes are a contract: pages, the CLI, scripts and tests key on them, so a code is never renamed.
Messages are templates filled from the error's details (position, tile, counts). A detail that echoes the
user's input is made safe first (`excerpt`, `safe_text`): short, never recursive, always valid UTF-8, so a hostile
value cannot make the error itself fail or balloon.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterator

    from .json_types import JSONDict

from .catalogue import ENGINE, N_, Text

# code -> its message, the English template (the Chinese is the catalogue's: docs/language.md). A detail given as a
# text (reason=_("…")) fills each language with its own; the older form, a pair of details reason_zh= and
# reason_en=, fills {reason} the same way.
MESSAGES: dict[str, str] = {
    # notation
    "empty_hand": N_("The hand is empty."),
    "unknown_char": N_("Unknown character '{char}' at position {pos1}."),
    "digit_without_suit": N_("The digits '{digits}' at position {pos1} have no suit letter (m/p/s) after them."),
    "zero_digit": N_("Position {pos1} has a 0: suited tiles run from 1 to 9."),
    "honor_suit_range": N_("Position {pos1}: honors written with z run from 1 to 7."),
    "too_many_copies": N_("The {tile_name} appears {count} times; there are only 4 of each tile."),
    "unclosed_meld": N_("The meld opened at position {pos1} has no closing ']'."),
    "unopened_meld": N_("The ']' at position {pos1} closes no meld."),
    "nested_meld": N_("Position {pos1}: a meld cannot contain another bracket."),
    "bad_meld": N_("The meld {meld} at position {pos1} is not a chow, pung or kong."),
    "bad_meld_digit": N_("Position {pos1}: the meld digit {digit} is not allowed here ({allowed})."),
    "too_many_melds": N_("There are {count} melds; a hand has at most 4."),
    "too_many_tiles": N_(
        "Too many tiles (大相公): {extra} more than a hand with {melds} melds may hold ({count} standing tiles, {expected} expected)."
    ),
    "too_few_tiles": N_(
        "Too few tiles (小相公): {missing} short for a hand with {melds} melds ({count} standing tiles, {expected} expected)."
    ),
    "analyse_size": N_(
        "Hand reading takes a hand of 13 or 14 tiles: with {melds} melds, {wait} or {win} standing tiles; this has {count}."
    ),
    "waiting_hand_needed": N_(
        "A waiting hand (13 tiles) is needed here; this has {count} standing tiles and {melds} melds."
    ),
    # scoring
    "not_a_win": N_("This hand is not a win: it is neither four sets and a pair nor seven pairs."),
    "not_a_win_gb": N_("This hand is not a win: it fits none of the Guobiao winning shapes."),
    "table_requirement": N_("The table's requirement is not met: {reason}"),
    "contradiction": N_("Contradictory situation: {reason}"),
    # score sheets (action "settle")
    "no_such_pattern": N_("No 九江 pattern is worth {fan} fan; at this table the values are {known}."),
    "multiplier_mismatch": N_("The multipliers do not fit the situation: {reason}"),
    "below_minimum": N_("Below the {minimum}-point minimum: this hand has {points} points and cannot win."),
    "entry_mismatch": N_("The {what} written down is {entered}; from the hand the engine computes {computed}."),
    "no_score_entry": N_("This hand has neither the tiles nor the {what} written down: one of them is needed."),
    # requests
    "bad_request": N_("Bad request: {reason}"),
    "unknown_key": N_("Unknown key '{key}'."),
    "bad_value": N_("The value {value} of '{key}' is not allowed: {reason}"),
    "unknown_rules": N_("Unknown rules '{rules}'; known: {known}."),
    # lesson goals (action "check_goal")
    "bad_goal": N_("The goal is not right: {problems}"),
    # practice questions
    "unknown_kind": N_("Unknown question kind '{kind}'; known: {known}."),
    "unknown_topic": N_("The rules '{rules}' have no practice topic '{topic}' (describe lists them under practice)."),
    # what: "The question kind" (action "question") or "The action" (diagnose, reference, settle), as a text
    "kind_not_applicable": N_("{what} '{kind}' does not apply to {target}."),
    "unknown_tag": N_("The practice of the rules '{rules}' has no tag '{tag}' (a question's tags list them)."),
    "no_question_here": N_("No '{kind}' question on '{topic}' can be made under these conventions: {reason}"),
    "too_deep": N_("'{key}' is nested too deep: the keys of these rules are at most {limit} levels deep."),
    "hand_too_long": N_(
        "The hand is {length} characters long, over the limit of {limit} (the longest hand, written tile by tile with spaces between, is under 80)."
    ),
    "request_too_long": N_("The request on line {line} is over the limit of {limit} characters."),
    "bad_utf8": N_("Line {line} is not valid UTF-8 text (from byte {byte1})."),
    "bad_json": N_("Line {line} is not valid JSON: {detail}"),
    "internal_error": N_("Internal error in the calculator, please report this hand: {detail}"),
}


def message_template(code: str) -> Text:
    """An error's message unfilled, a text of templates: the page fills its placeholders itself (static/js/bounds.js)."""
    return ENGINE.text(MESSAGES[code])


# How much of a user's value an error message echoes, and the most any detail may carry.
EXCERPT_CHARS = 40
DETAIL_CHARS = 200
SURROGATES = re.compile("[\ud800-\udfff]")  # lone surrogates: a str may hold them, UTF-8 cannot


def safe_text(text: str, limit: int = DETAIL_CHARS) -> str:
    """A string fit for a message: at most `limit` characters (then …), lone surrogates (which no UTF-8 can carry)
    written as escapes such as \\ud800."""
    if len(text) > limit:
        text = text[:limit] + "…"
    return SURROGATES.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


class _Literal(str):
    """Punctuation of an excerpt (brackets, commas), told apart from a string value that needs quoting."""


def _entries(container: list[Any] | tuple[Any, ...] | dict[Any, Any]) -> Iterator[object]:
    """The pieces of a list or dict, lazily (a million elements cost only what the excerpt shows)."""
    is_dict = isinstance(container, dict)
    yield _Literal("{" if is_dict else "[")
    for i, item in enumerate(container.items() if isinstance(container, dict) else container):
        if i:
            yield _Literal(", ")
        if is_dict:
            yield item[0]
            yield _Literal(": ")
            yield item[1]
        else:
            yield item
    yield _Literal("}" if is_dict else "]")


# Requests are JSON: a value is said in JSON's words (a left-out key reads as null), never Python's None/True.
_JSON_WORDS = {None: "null", True: "true", False: "false"}


def _scalar(value: object, limit: int) -> str:
    if isinstance(value, bool) or value is None:
        return _JSON_WORDS[value]
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() <= 128:
            return repr(value)
        # Over 4,300 digits str() refuses, and long before that the digits say nothing: give the size.
        return f"{'-' if value < 0 else ''}~1e{int(math.log10(abs(value)))}"
    if isinstance(value, str):
        return repr(value[: limit + 1])  # repr escapes lone surrogates and control characters
    return f"<{type(value).__name__}>"


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """Any value written briefly for a message: Python's repr for short plain values, at most `limit` characters
    (then …) for anything else. Never recursive, so a value nested 100,000 deep costs what it shows."""
    out: list[str] = []
    size = 0
    stack: list[Iterator[object]] = [iter((value,))]
    while stack and size <= limit:
        try:
            item = next(stack[-1])
        except StopIteration:
            stack.pop()
            continue
        if isinstance(item, (list, tuple, dict)) and not isinstance(item, _Literal):
            stack.append(_entries(item))
            continue
        piece = item if isinstance(item, _Literal) else _scalar(item, limit)
        out.append(piece)
        size += len(piece)
    text = "".join(out)
    return safe_text(text[:limit] + "…" if size > limit else text)


def _safe(detail: object) -> object:
    """A detail made safe: a string, or each language of a text (a reason, a list of problems), as safe_text makes it."""
    if isinstance(detail, str):
        return safe_text(detail)
    if isinstance(detail, dict):
        return {lang: safe_text(words) if isinstance(words, str) else words for lang, words in detail.items()}
    return detail


class SuanfanError(Exception):
    """A user-facing error: a stable code, an optional position in the input, and details for the message.

    `position` is the 0-based index in the notation string (None when the error is not about one place).
    """

    def __init__(self, code: str, position: int | None = None, **details: Any) -> None:
        if code not in MESSAGES:
            raise ValueError(f"undeclared error code {code!r}")
        self.code = code
        self.position = position
        self.details: JSONDict = {key: _safe(value) for key, value in details.items()}
        super().__init__(self.message_en)

    @property
    def message(self) -> Text:
        """The message, a text: each language's template from the catalogue, filled from the details."""
        values = dict(self.details)
        if self.position is not None:
            values.setdefault("pos1", self.position + 1)
        for key in [k[:-3] for k in values if k.endswith("_zh") and k[:-3] + "_en" in values]:
            zh = values[key + "_zh"]
            values.setdefault(key, {"zh": zh, "en": values[key + "_en"], "zh_hant": values.get(key + "_zh_hant", zh)})
        return ENGINE.text(MESSAGES[self.code], **values)

    @property
    def message_zh(self) -> str:
        return self.message["zh"]

    @property
    def message_en(self) -> str:
        return self.message["en"]

    def to_dict(self) -> JSONDict:
        out: JSONDict = {
            "code": self.code,
            "position": self.position,
            "message": self.message,
        }
        # Details are plain values (numbers, strings) that a page may want: the tile, the counts.
        for key, value in self.details.items():
            if (
                key not in out
                and isinstance(value, (str, int, float, bool))
                and not key.endswith(("_zh", "_en", "_hant"))
            ):
                out[key] = value
        return out
