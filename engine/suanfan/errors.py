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

# code -> (Chinese template, English template)
MESSAGES: dict[str, tuple[str, str]] = {
    # notation
    "empty_hand": ("没有输入任何牌。", "The hand is empty."),
    "unknown_char": ("第 {pos1} 个字符“{char}”无法识别。", "Unknown character '{char}' at position {pos1}."),
    "digit_without_suit": (
        "第 {pos1} 个字符起的数字“{digits}”后面缺少花色字母(m/p/s)。",
        "The digits '{digits}' at position {pos1} have no suit letter (m/p/s) after them.",
    ),
    "zero_digit": (
        "第 {pos1} 个字符是 0:序数牌只有 1 到 9。",
        "Position {pos1} has a 0: suited tiles run from 1 to 9.",
    ),
    "honor_suit_range": (
        "第 {pos1} 个字符:字牌写法 z 只有 1 到 7。",
        "Position {pos1}: honors written with z run from 1 to 7.",
    ),
    "too_many_copies": (
        "{tile_zh} 出现了 {count} 张,每种牌最多 4 张。",
        "The {tile_en} appears {count} times; there are only 4 of each tile.",
    ),
    "unclosed_meld": (
        "第 {pos1} 个字符开始的副露缺少右括号“]”。",
        "The meld opened at position {pos1} has no closing ']'.",
    ),
    "unopened_meld": ("第 {pos1} 个字符的“]”前面没有对应的“[”。", "The ']' at position {pos1} closes no meld."),
    "nested_meld": ("第 {pos1} 个字符:副露里不能再套括号。", "Position {pos1}: a meld cannot contain another bracket."),
    "bad_meld": (
        "第 {pos1} 个字符开始的副露 {meld} 不是顺子、刻子或杠。",
        "The meld {meld} at position {pos1} is not a chow, pung or kong.",
    ),
    "bad_meld_digit": (
        "第 {pos1} 个字符:副露后的数字 {digit} 不合法({allowed})。",
        "Position {pos1}: the meld digit {digit} is not allowed here ({allowed}).",
    ),
    "too_many_melds": ("副露有 {count} 组,最多只能有 4 组。", "There are {count} melds; a hand has at most 4."),
    "too_many_tiles": (
        "大相公:手牌多了 {extra} 张(副露 {melds} 组时手牌应为 {expected} 张,现有 {count} 张)。",
        "Too many tiles (大相公): {extra} more than a hand with {melds} melds may hold "
        "({count} standing tiles, {expected} expected).",
    ),
    "too_few_tiles": (
        "小相公:手牌少了 {missing} 张(副露 {melds} 组时手牌应为 {expected} 张,现有 {count} 张)。",
        "Too few tiles (小相公): {missing} short for a hand with {melds} melds "
        "({count} standing tiles, {expected} expected).",
    ),
    "analyse_size": (
        "牌理要看 13 张或 14 张的手牌:副露 {melds} 组时手牌应为 {wait} 张或 {win} 张,现有 {count} 张。",
        "Hand reading takes a hand of 13 or 14 tiles: with {melds} melds, {wait} or {win} standing "
        "tiles; this has {count}.",
    ),
    "waiting_hand_needed": (
        "这里需要一手听牌(13 张),现在是 {count} 张手牌加 {melds} 组副露。",
        "A waiting hand (13 tiles) is needed here; this has {count} standing tiles and {melds} melds.",
    ),
    # scoring
    "not_a_win": (
        "这手牌不能胡:既不是四组面子加一对将,也不是七对。",
        "This hand is not a win: it is neither four sets and a pair nor seven pairs.",
    ),
    "not_a_win_gb": (
        "这手牌不能胡:没有任何一种国标和牌牌型。",
        "This hand is not a win: it fits none of the Guobiao winning shapes.",
    ),
    "table_requirement": ("胡牌条件不满足:{reason_zh}", "The table's requirement is not met: {reason_en}"),
    "contradiction": ("情形矛盾:{reason_zh}", "Contradictory situation: {reason_en}"),
    # score sheets (action "settle")
    "no_such_pattern": (
        "九江没有 {fan} 番的番型;本桌可有的番值:{known}。",
        "No 九江 pattern is worth {fan} fan; at this table the values are {known}.",
    ),
    "multiplier_mismatch": ("倍数与情形不符:{reason_zh}", "The multipliers do not fit the situation: {reason_en}"),
    "below_minimum": (
        "不够 {minimum} 分起和:这一手只有 {points} 分,不能和。",
        "Below the {minimum}-point minimum: this hand has {points} points and cannot win.",
    ),
    "entry_mismatch": (
        "记下的{what_zh}是 {entered},引擎按手牌算出的是 {computed}。",
        "The {what_en} written down is {entered}; from the hand the engine computes {computed}.",
    ),
    "no_score_entry": (
        "这一局既没有手牌,也没有记下{what_zh}:至少要有一样。",
        "This hand has neither the tiles nor the {what_en} written down: one of them is needed.",
    ),
    # requests
    "bad_request": ("请求格式不对:{reason_zh}", "Bad request: {reason_en}"),
    "unknown_key": ("不认识的参数“{key}”。", "Unknown key '{key}'."),
    "bad_value": (
        "参数“{key}”的值 {value} 不合法:{reason_zh}",
        "The value {value} of '{key}' is not allowed: {reason_en}",
    ),
    "unknown_rules": ("不认识的规则“{rules}”,可用:{known}。", "Unknown rules '{rules}'; known: {known}."),
    # lesson goals (action "check_goal")
    "bad_goal": ("目标写得不对:{problems_zh}", "The goal is not right: {problems_en}"),
    # practice questions
    "unknown_kind": ("不认识的题型“{kind}”,可用:{known}。", "Unknown question kind '{kind}'; known: {known}."),
    "unknown_topic": (
        "规则“{rules}”没有练习主题“{topic}”(describe 的 practice 列出全部主题)。",
        "The rules '{rules}' have no practice topic '{topic}' (describe lists them under practice).",
    ),
    "kind_not_applicable": (
        "“{kind}”这种题不适用于{target_zh}。",
        "The question kind '{kind}' does not apply to {target_en}.",
    ),
    "unknown_tag": (
        "规则“{rules}”的练习里没有“{tag}”这个标签(标签见题目的 tags)。",
        "The practice of the rules '{rules}' has no tag '{tag}' (a question's tags list them).",
    ),
    "no_question_here": (
        "在这些约定下出不了“{topic}”的“{kind}”题:{reason_zh}",
        "No '{kind}' question on '{topic}' can be made under these conventions: {reason_en}",
    ),
    "too_deep": (
        "参数“{key}”嵌套太深:这套规则的参数最多只有 {limit} 层。",
        "'{key}' is nested too deep: the keys of these rules are at most {limit} levels deep.",
    ),
    "hand_too_long": (
        "手牌记谱有 {length} 个字符,超过上限 {limit}(最长的一手牌逐张写出、以空格隔开,也不到 80 个字符)。",
        "The hand is {length} characters long, over the limit of {limit} (the longest hand, written "
        "tile by tile with spaces between, is under 80).",
    ),
    "request_too_long": (
        "第 {line} 行的请求超过了 {limit} 个字符的上限。",
        "The request on line {line} is over the limit of {limit} characters.",
    ),
    "bad_utf8": (
        "第 {line} 行不是合法的 UTF-8 文本(从第 {byte1} 个字节起)。",
        "Line {line} is not valid UTF-8 text (from byte {byte1}).",
    ),
    "bad_json": ("第 {line} 行不是合法的 JSON:{detail}", "Line {line} is not valid JSON: {detail}"),
    "internal_error": (
        "计算器内部出错,请把这手牌报告给我们:{detail}",
        "Internal error in the calculator, please report this hand: {detail}",
    ),
}


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


class SuanfanError(Exception):
    """A user-facing error: a stable code, an optional position in the input, and details for the message.

    `position` is the 0-based index in the notation string (None when the error is not about one place).
    """

    def __init__(self, code: str, position: int | None = None, **details: Any) -> None:
        if code not in MESSAGES:
            raise ValueError(f"undeclared error code {code!r}")
        self.code = code
        self.position = position
        self.details: JSONDict = {
            key: safe_text(value) if isinstance(value, str) else value for key, value in details.items()
        }
        super().__init__(self.message_en)

    def _fill(self, template: str) -> str:
        values = dict(self.details)
        if self.position is not None:
            values.setdefault("pos1", self.position + 1)
        return template.format(**values)

    @property
    def message_zh(self) -> str:
        return self._fill(MESSAGES[self.code][0])

    @property
    def message_en(self) -> str:
        return self._fill(MESSAGES[self.code][1])

    def to_dict(self) -> JSONDict:
        out: JSONDict = {
            "code": self.code,
            "position": self.position,
            "message": {"zh": self.message_zh, "en": self.message_en},
        }
        # Details are plain values (numbers, strings) that a page may want: the tile, the counts.
        for key, value in self.details.items():
            if key not in out and isinstance(value, (str, int, float, bool)) and not key.endswith(("_zh", "_en")):
                out[key] = value
        return out
