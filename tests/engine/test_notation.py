"""The notation parser and formatter: accepted forms, canonical output, and every rejected input."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from suanfan import tiles as T
from suanfan.errors import MESSAGES, SuanfanError
from suanfan.hand import CHOW, KONG, PUNG
from suanfan.notation import EITHER, WAIT, WIN, format_hand, parse


def error_of(text, expect=WIN):
    with pytest.raises(SuanfanError) as caught:
        parse(text, expect)
    return caught.value


@pytest.mark.parametrize(
    "text, melds, winning",
    [
        pytest.param("123m456p789s123sEE", 0, "E", id="plain"),
        pytest.param("[567m2]123m456p11p78s9s", 1, "9s", id="chow-meld"),
        pytest.param("[SSSS][8888p1]123m456m9s9s", 2, "9s", id="concealed-and-melded-kong"),
        pytest.param("东东东南南南西西西北北中中中", 0, "C", id="chinese-honors"),
        pytest.param("123456789m1234z1z", 0, "E", id="z-suffix"),
        pytest.param("[567m,2]123m456p11p78s9s", 1, "9s", id="comma-digit"),
        pytest.param("123m 456p 789s 123s EE", 0, "E", id="spaces"),
    ],
)
def test_accepted_forms(text, melds, winning):
    hand = parse(text, WIN)
    assert len(hand.melds) == melds
    assert T.code(hand.winning_tile) == winning


def test_z_suffix_follows_riichi_order():
    white, green, red = (parse(f"123m456m789m11p{d}z{d}z{d}z").standing[-1] for d in (5, 6, 7))
    assert (T.code(white), T.code(green), T.code(red)) == ("P", "F", "C")


@pytest.mark.parametrize(
    "text, kind, concealed, source, added, claimed",
    [
        pytest.param("[567m2]", CHOW, False, 1, False, 1, id="chow-middle-claimed"),
        pytest.param("[567m]", CHOW, False, 1, False, 0, id="chow-default"),
        pytest.param("[999s3]", PUNG, False, 3, False, None, id="pung-from-right"),
        pytest.param("[999s]", PUNG, False, 1, False, None, id="pung-default-left"),
        pytest.param("[8888p1]", KONG, False, 1, False, None, id="melded-kong"),
        pytest.param("[SSSS]", KONG, True, None, False, None, id="concealed-kong"),
        pytest.param("[CCCC6]", KONG, False, 2, True, None, id="added-kong"),
    ],
)
def test_meld_digits(text, kind, concealed, source, added, claimed):
    hand = parse(text + "123m456m789m1p", EITHER)
    meld = hand.melds[0]
    assert (meld.kind, meld.concealed, meld.source, meld.added) == (kind, concealed, source, added)
    assert meld.claimed_index == claimed


@pytest.mark.parametrize(
    "text, code, position",
    [
        pytest.param("", "empty_hand", None, id="empty"),
        pytest.param("123m45x", "unknown_char", 6, id="unknown-char"),
        pytest.param("m123m", "unknown_char", 0, id="suit-without-digits"),
        pytest.param("123m4", "digit_without_suit", 4, id="digit-without-suit"),
        pytest.param("12E3m", "digit_without_suit", 0, id="digit-before-honor"),
        pytest.param("1203m", "zero_digit", 2, id="zero"),
        pytest.param("8z", "honor_suit_range", 0, id="z-out-of-range"),
        pytest.param("11111m123p456p789p", "too_many_copies", 4, id="five-copies"),
        pytest.param("[1111m]1m23p456p789p11s", "too_many_copies", 7, id="five-copies-with-kong"),
        pytest.param("123m[456m", "unclosed_meld", 4, id="unclosed"),
        pytest.param("123m]", "unopened_meld", 4, id="unopened"),
        pytest.param("[12[3m]]", "digit_without_suit", 1, id="nested-after-digits"),
        pytest.param("[123m[456m]]", "nested_meld", 5, id="nested"),
        pytest.param("[1234m]123p456p789p", "bad_meld", 0, id="four-different"),
        pytest.param("[124m]123p456p789p11s", "bad_meld", 0, id="not-a-run"),
        pytest.param("[89m1s]123p456p789p11s", "bad_meld", 0, id="run-across-suits"),
        pytest.param("[EEE]123p456p789p11s", None, None, id="honor-pung-ok"),
        pytest.param("[ESW]123p456p789p11s", "bad_meld", 0, id="honor-run"),
        pytest.param("[123m9]123p456p789p11s", "bad_meld_digit", 0, id="chow-digit-9"),
        pytest.param("[999s7]123p456p789p11s", "bad_meld_digit", 0, id="pung-digit-7"),
        pytest.param("[9999s4]123p456p789p11s", "bad_meld_digit", 0, id="kong-digit-4"),
        pytest.param("[123m][456m][789m][123p][456p]11s", "too_many_melds", None, id="five-melds"),
        pytest.param("123m456p789s123sEEE", "too_many_tiles", None, id="fifteen"),
        pytest.param("123m456p789s111sE", "too_few_tiles", None, id="thirteen-for-a-win"),
        pytest.param("[123m]456p789s123sEEE", "too_many_tiles", None, id="meld-plus-twelve"),
    ],
)
def test_rejected_inputs(text, code, position):
    if code is None:
        parse(text, WIN)
        return
    err = error_of(text)
    assert err.code == code
    assert err.position == position
    as_dict = err.to_dict()
    assert as_dict["message"]["zh"] and as_dict["message"]["en"]
    assert as_dict["message"]["zh"] != as_dict["message"]["en"]


def test_tile_count_errors_say_how_many():
    big = error_of("123m456p789s123sEEE").to_dict()
    assert big["extra"] == 1 and "大相公" in big["message"]["zh"]
    small = error_of("123m456p789s111sE").to_dict()
    assert small["missing"] == 1 and "小相公" in small["message"]["zh"]


def test_waiting_hand_accepted_only_when_asked():
    hand = parse("123m456p789s123sE", WAIT)
    assert hand.is_waiting and hand.winning_tile is None
    assert error_of("123m456p789s123sEE", WAIT).code == "too_many_tiles"


def test_every_message_has_every_language():
    """Each code's message (its English template) is in the catalogues: a missing one would raise MissingMessage."""
    from suanfan.catalogue import ENGINE, LANGUAGES

    for code, msgid in MESSAGES.items():
        text = ENGINE.text(msgid)
        assert all(text[lang].strip() for lang in LANGUAGES), code


def test_undeclared_error_code_is_a_bug():
    with pytest.raises(ValueError):
        SuanfanError("no_such_code")


@pytest.mark.parametrize(
    "text, canonical",
    [
        pytest.param("EE789s456p123m123s", "123m456p12789sEE3s", id="sorted-winning-last"),
        pytest.param("[567m,2]99p123m456p78s9s", "[567m2]123m45699p78s9s", id="meld-first"),
        pytest.param("东东东南南南西西西北北中中中", "EEESSSWWWNNCCC", id="letters"),
        pytest.param("[SSSS]123m456m789m1p1p", "[SSSS]123456789m1p1p", id="concealed-kong"),
    ],
)
def test_canonical_format(text, canonical):
    assert format_hand(parse(text, WIN)) == canonical


# A strategy for arbitrary legal hands: up to four melds and the right number of standing tiles.
@st.composite
def legal_hands(draw):
    pool = [t for t in range(34) for _ in range(4)]
    order = draw(st.permutations(pool))
    melds, _used = [], 0
    n_melds = draw(st.integers(0, 4))
    text = ""
    stock = list(order)
    for _ in range(n_melds):
        kind = draw(st.sampled_from(["pung", "kong", "concealed", "chow"]))
        t = stock[0]
        if kind == "chow":
            start = draw(st.integers(0, 6)) + 9 * draw(st.integers(0, 2))
            trio = [start, start + 1, start + 2]
            if all(x in stock for x in trio):
                for x in trio:
                    stock.remove(x)
                text += "[" + "".join(str(x % 9 + 1) for x in trio) + "mps"[start // 9] + "]"
                melds.append(trio)
                continue
        size = 4 if kind in ("kong", "concealed") else 3
        if stock.count(t) >= size:
            for _ in range(size):
                stock.remove(t)
            body = T.code(t)[:-1] * size + T.code(t)[-1] if t < 27 else T.code(t) * size
            text += "[" + body + ("" if kind == "concealed" else "1") + "]"
            melds.append([t] * size)
    standing = stock[: 14 - 3 * len(melds)]
    text += "".join(T.code(t) for t in standing)
    return text


@settings(max_examples=200, deadline=None)
@given(legal_hands())
def test_format_then_parse_round_trips(text):
    hand = parse(text, WIN)
    again = parse(format_hand(hand), WIN)
    assert again.melds == hand.melds
    assert sorted(again.standing) == sorted(hand.standing)
    assert again.winning_tile == hand.winning_tile
    assert format_hand(again) == format_hand(hand)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789mpszESWNCFP[]东中x ,", max_size=30))
def test_any_input_parses_or_raises_a_coded_error(text):
    try:
        parse(text, EITHER)
    except SuanfanError as err:
        assert err.code in MESSAGES
        assert err.position is None or 0 <= err.position < len(text)


@pytest.mark.parametrize(
    "text, codes, melded",
    [
        pytest.param("[CCC1]", ["C", "C", "C"], True, id="melded-pung"),
        pytest.param("[SSSS]", ["S"] * 4, True, id="concealed-kong"),
        pytest.param("999m", ["9m"] * 3, False, id="concealed-pung"),
        pytest.param("55s", ["5s", "5s"], False, id="pair"),
    ],
)
def test_parse_group_reads_one_group(text, codes, melded):
    from suanfan.notation import parse_group

    tiles, is_meld = parse_group(text)
    assert [T.code(t) for t in tiles] == codes and is_meld == melded
