"""Parse and format the hand notation MCR players type (see docs/engine.md, "Hand notation").

  123m456p789s   suited runs: digits then one suit letter (m 万, p 饼, s 条)
  ESWN CFP       honors: 东南西北, 中发白 (also the characters 东南西北中发白, and 1-7z, see below)
  [567m2]        (the digit inside the brackets, `[567m,2]` also read) a chow; the digit says which of its tiles was taken (1-3, default 1)
  [999s3]        a pung; the digit says who fed it (1 上家, 2 对家, 3 下家, default 1)
  [8888p1]       a melded kong fed by 1/2/3; [SSSS] with no digit is a concealed kong;
                 digits 5/6/7 mark a kong added to an earlier pung (加杠) fed by 1/2/3
  last standing tile = the winning tile (when there are 14 − 3 × melds of them)

The `z` suffix follows the riichi tools' order: 1z-4z = 东南西北, 5z = 白, 6z = 发, 7z = 中.
Spaces between groups are ignored. Every rejected input raises SuanfanError with a code and position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import tiles as T
from .errors import SuanfanError
from .hand import CHOW, FULL_HAND, KONG, MELD_SIZE, PUNG, Hand, Meld

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .json_types import JSONDict

CHINESE_HONORS = {"东": "E", "東": "E", "南": "S", "西": "W", "北": "N", "中": "C", "发": "F", "發": "F", "白": "P"}
Z_HONORS = "ESWNPFC"  # 1z..7z, riichi order (5z white, 6z green, 7z red)

WIN, WAIT, EITHER = "win", "wait", "either"

MAX_MELDS = 4
COPIES = 4  # of each tile kind in the set
# The digit after a meld: which of a chow's tiles was taken, or who fed a pung or kong (1 上家, 2 对家, 3 下家) ...
CLAIM_DIGITS = (1, 2, 3)
# ... and, on a kong, 5-7: a kong added to the pung that 1-3 fed (the digit less ADDED_KONG)
ADDED_KONG = 4
# a meld kind -> the digits it may carry, as a bad_meld_digit error says them
ALLOWED_DIGITS = {KONG: "杠 kong: 1-3, 5-7", PUNG: "刻 pung: 1-3", CHOW: "顺 chow: 1-3"}
# every error code the reader raises (errors.MESSAGES words them)
ERRORS = (
    "empty_hand",
    "unknown_char",
    "digit_without_suit",
    "zero_digit",
    "honor_suit_range",
    "too_many_copies",
    "unclosed_meld",
    "unopened_meld",
    "nested_meld",
    "bad_meld",
    "bad_meld_digit",
    "too_many_melds",
    "too_many_tiles",
    "too_few_tiles",
)


def facts() -> JSONDict:
    """The notation's constants, for the page's reader (web/static/js/notation.js, which the build hands them as a
    module of its own): it reads a hand as parse() does, before the engine has loaded."""
    return {
        "suits": T.SUITS,
        "honor_letters": T.HONOR_LETTERS,
        "chinese_honors": CHINESE_HONORS,
        "z_honors": Z_HONORS,
        "suit_size": T.SUIT_SIZE,
        "first_honor": T.honor(T.HONOR_LETTERS[0]),
        "full_hand": FULL_HAND,
        "meld_size": MELD_SIZE,
        "max_melds": MAX_MELDS,
        "copies": COPIES,
        "claim_digits": list(CLAIM_DIGITS),
        "added_kong": ADDED_KONG,
        "allowed_digits": ALLOWED_DIGITS,
        "expect": {"win": WIN, "wait": WAIT, "either": EITHER},
        "errors": {code: code for code in ERRORS},
    }


def _scan_tiles(text: str, start: int, stop_at_bracket: bool) -> tuple[list[tuple[int, int]], int, int | None]:
    """Scan tile groups from text[start:] until ']' (inside a meld) or '[' / the end (outside).

    Returns (list of (tile, position), index where scanning stopped, meld digit or None).
    Inside a meld one lone digit right before ']' (or after a comma, `[567m,2]`) is the meld's digit.
    """
    found: list[tuple[int, int]] = []
    digits: list[tuple[str, int]] = []  # pending digits with their positions
    i = start
    while i < len(text):
        ch = text[i]
        if ch.isdigit() and ch.isascii():
            if ch == "0":
                raise SuanfanError("zero_digit", i)
            digits.append((ch, i))
        elif ch in "mps":
            if not digits:
                raise SuanfanError("unknown_char", i, char=ch)
            found.extend((T.tile(ch, int(d)), pos) for d, pos in digits)
            digits = []
        elif ch == "z":
            if not digits:
                raise SuanfanError("unknown_char", i, char=ch)
            for d, pos in digits:
                if not 1 <= int(d) <= 7:
                    raise SuanfanError("honor_suit_range", pos)
                found.append((T.honor(Z_HONORS[int(d) - 1]), pos))
            digits = []
        elif stop_at_bracket and ch == "]" and len(digits) == 1 and found:
            return found, i, int(digits[0][0])
        elif stop_at_bracket and ch == "," and not digits and found:
            pass
        elif ch in T.HONOR_LETTERS or ch in CHINESE_HONORS or ch in " []":
            if digits:
                raise SuanfanError("digit_without_suit", digits[0][1], digits="".join(d for d, _ in digits))
            if ch == "]":
                if stop_at_bracket:
                    return found, i, None
                raise SuanfanError("unopened_meld", i)
            if ch == "[":
                if stop_at_bracket:
                    raise SuanfanError("nested_meld", i)
                return found, i, None
            if ch != " ":
                found.append((T.honor(CHINESE_HONORS.get(ch, ch)), i))
        else:
            raise SuanfanError("unknown_char", i, char=ch)
        i += 1
    if stop_at_bracket:
        raise SuanfanError("unclosed_meld", start - 1)
    if digits:
        raise SuanfanError("digit_without_suit", digits[0][1], digits="".join(d for d, _ in digits))
    return found, i, None


def _meld_from_tiles(tiles: list[int], digit: int | None, pos: int, text: str) -> Meld:
    ordered = tuple(sorted(tiles))
    meld_text = text
    if len(ordered) == 4 and len(set(ordered)) == 1:
        if digit is None:
            return Meld(KONG, ordered, concealed=True, source=None)
        if digit in CLAIM_DIGITS:
            return Meld(KONG, ordered, source=digit)
        if digit is not None and digit - ADDED_KONG in CLAIM_DIGITS:
            return Meld(KONG, ordered, source=digit - ADDED_KONG, added=True)
        raise SuanfanError("bad_meld_digit", pos, digit=digit, allowed=ALLOWED_DIGITS[KONG])
    if len(ordered) == 3 and len(set(ordered)) == 1:
        if digit is None or digit in CLAIM_DIGITS:
            return Meld(PUNG, ordered, source=digit or 1)
        raise SuanfanError("bad_meld_digit", pos, digit=digit, allowed=ALLOWED_DIGITS[PUNG])
    if (
        len(ordered) == 3
        and T.is_suited(ordered[0])
        and ordered[1] == ordered[0] + 1
        and ordered[2] == ordered[0] + 2
        and T.suit_of(ordered[0]) == T.suit_of(ordered[2])
    ):
        if digit is None or digit in CLAIM_DIGITS:
            return Meld(CHOW, ordered, source=1, claimed_index=(digit or 1) - 1)
        raise SuanfanError("bad_meld_digit", pos, digit=digit, allowed=ALLOWED_DIGITS[CHOW])
    raise SuanfanError("bad_meld", pos, meld=meld_text)


def parse(text: str, expect: str = EITHER) -> Hand:
    """Parse notation into a Hand.

    expect: WIN (14 − 3 × melds standing tiles, last = winning tile), WAIT (one fewer), or EITHER.
    """
    if not isinstance(text, str) or not text.strip():
        raise SuanfanError("empty_hand")
    melds: list[Meld] = []
    standing: list[tuple[int, int]] = []
    meld_tiles_at: list[tuple[int, int]] = []
    i = 0
    while i < len(text):
        found, i, _ = _scan_tiles(text, i, stop_at_bracket=False)
        standing.extend(found)
        if i >= len(text):
            break
        # text[i] == '[': a meld up to ']' and an optional digit
        open_pos = i
        inner, close, digit = _scan_tiles(text, i + 1, stop_at_bracket=True)
        i = close + 1
        melds.append(_meld_from_tiles([t for t, _ in inner], digit, open_pos, text[open_pos:i]))
        meld_tiles_at.extend((t, open_pos) for t, _ in inner)

    if len(melds) > MAX_MELDS:
        raise SuanfanError("too_many_melds", None, count=len(melds))

    seen = [0] * T.NUM_KINDS
    for t, pos in meld_tiles_at + standing:
        seen[t] += 1
        if seen[t] > COPIES:
            raise SuanfanError(
                "too_many_copies",
                pos,
                tile=T.code(t),
                tile_name=T.name(t),
                count=sum(1 for u, _ in meld_tiles_at + standing if u == t),
            )

    hand = Hand(tuple(melds), tuple(t for t, _ in standing))
    _check_tile_count(hand, expect)
    return hand


def parse_group(text: str) -> tuple[list[int], bool]:
    """One group as results write it ('[CCC1]', '999m', '55s') -> (its tiles, whether it is a meld).

    No tile-count rules apply: this reads a fragment of a hand, for drawing it, not a hand.
    """
    melded = text.startswith("[")
    found, _, _ = _scan_tiles(text, 1 if melded else 0, stop_at_bracket=melded)
    return [t for t, _ in found], melded


def _check_tile_count(hand: Hand, expect: str) -> None:
    count, full = len(hand.standing), hand.expected_standing
    allowed = {WIN: (full,), WAIT: (full - 1,), EITHER: (full - 1, full)}[expect]
    if count in allowed:
        return
    common = dict(count=count, melds=len(hand.melds))
    if count > max(allowed):
        raise SuanfanError("too_many_tiles", None, extra=count - max(allowed), expected=max(allowed), **common)
    raise SuanfanError("too_few_tiles", None, missing=min(allowed) - count, expected=min(allowed), **common)


def format_tiles(tile_list: Iterable[int]) -> str:
    """Tiles written compactly, suits grouped in the given order: [0,1,2,27] -> '123mE'."""
    out: list[str] = []
    run_suit, run_digits = None, ""
    for t in tile_list:
        suit = T.suit_of(t)
        if suit is not None and suit == run_suit:
            run_digits += str(T.number_of(t))
            continue
        if run_suit is not None:
            out.append(run_digits + run_suit)
        run_suit, run_digits = (suit, str(T.number_of(t))) if suit else (None, "")
        if suit is None:
            out.append(T.code(t))
    if run_suit is not None:
        out.append(run_digits + run_suit)
    return "".join(out)


def format_meld(meld: Meld) -> str:
    digit = meld.digit()
    return f"[{format_tiles(meld.tiles)}{'' if digit is None else digit}]"


def format_hand(hand: Hand) -> str:
    """The canonical form: melds, then standing tiles sorted, then the winning tile last."""
    melds = "".join(format_meld(m) for m in hand.melds)
    if hand.is_complete:
        rest = sorted(hand.standing[:-1])
        return melds + format_tiles(rest) + format_tiles([hand.standing[-1]])
    return melds + format_tiles(sorted(hand.standing))
