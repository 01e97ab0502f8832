"""Hypothesis strategies for hostile input: notation strings and request dicts, careless and malicious.

Both are built from what the engine says about itself, not from a list of seeds, so a failure shrinks to the
smallest input that shows it:
  notation_texts()  strings from the notation's own alphabet (digits, the suit letters m p s z, honour letters and
                    characters, brackets, commas, spaces), put together as tiles, runs and melds, with junk, any
                    unicode (lone surrogates too) and lengths around the engine's limit;
  requests()        request dicts for every registered rule set, from its description (`describe`): its fields with
                    right values, wrong types, out-of-range numbers, floats and bools where whole numbers belong,
                    unknown keys, sections that are not objects, nesting deeper than any key, huge integers, and
                    practice questions from the rule set's own kinds and topics.
"""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import strategies as st

from suanfan.api import handle
from suanfan.request import MAX_HAND_CHARS
from suanfan.rulesets import RULESETS

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "requests.jsonl"

DIGITS = "0123456789"
SUITS = "mpsz"
HONOURS = "ESWNCFP"
HONOUR_CHARACTERS = "东南西北中发白東發"
PUNCTUATION = "[], "
ALPHABET = DIGITS + SUITS + HONOURS + HONOUR_CHARACTERS + PUNCTUATION

# Hands the suite already knows (wins, waits, errors): a fuzzed request starts from one often enough to get past
# the notation and into scoring.
FIXTURE_LINES = [line for line in FIXTURES.read_text(encoding="utf-8").splitlines() if line.strip()]


def _parsed(line: str):
    try:
        return json.loads(line)
    except ValueError:
        return None   # the fixture keeps bad JSON lines on purpose


FIXTURE_REQUESTS = [_parsed(line) for line in FIXTURE_LINES]
KNOWN_HANDS = sorted({r["hand"] for r in FIXTURE_REQUESTS if isinstance(r, dict) and isinstance(r.get("hand"), str)})

junk_characters = st.one_of(
    st.characters(),                                              # any code point but surrogates
    st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF),    # lone surrogates: no UTF-8 can carry them
    st.sampled_from("\x00\t\n\r\u200b\ufeff\u202e０１ｍ①½x{}\"\\"),
)
suited_run = st.builds(lambda digits, suit: digits + suit, st.text(DIGITS, min_size=1, max_size=5),
                       st.sampled_from(SUITS))
tile = st.one_of(st.builds(lambda d, s: d + s, st.sampled_from("123456789"), st.sampled_from("mps")),
                 st.sampled_from(HONOURS + HONOUR_CHARACTERS), st.builds(lambda d: d + "z", st.sampled_from(DIGITS)))
meld = st.builds(lambda tiles, sep, digit, closed: "[" + "".join(tiles) + sep + digit + ("]" if closed else ""),
                 st.lists(tile, min_size=1, max_size=5), st.sampled_from(["", ",", " "]),
                 st.sampled_from(["", "1", "2", "3", "5", "6", "7", "0", "9", "11"]),
                 st.integers(0, 5).map(bool))   # now and then left open
token = st.one_of(
    tile, tile, suited_run, meld, meld,
    st.sampled_from(ALPHABET),
    junk_characters,
)
# Repeated pieces cross the length limit on either side of it.
long_text = st.builds(lambda piece, n: (piece * n)[: MAX_HAND_CHARS + n % 60 - 30],
                      st.sampled_from(["1m", "E", " ", "[", "1m ", "[1111m1]"]),
                      st.integers(MAX_HAND_CHARS // 2 - 10, MAX_HAND_CHARS + 60))


@st.composite
def mutated_known_hand(draw) -> str:
    """A hand the suite knows with a few characters cut, doubled or replaced."""
    text = draw(st.sampled_from(KNOWN_HANDS))
    for _ in range(draw(st.integers(0, 3))):
        if not text:
            break
        at = draw(st.integers(0, len(text) - 1))
        how = draw(st.sampled_from(["cut", "double", "replace"]))
        if how == "cut":
            text = text[:at] + text[at + 1:]
        elif how == "double":
            text = text[:at] + text[at] + text[at:]
        else:
            text = text[:at] + draw(st.one_of(st.sampled_from(ALPHABET), junk_characters)) + text[at + 1:]
    return text


def notation_texts() -> st.SearchStrategy[str]:
    return st.one_of(
        st.lists(token, max_size=20).map("".join),
        st.text(ALPHABET, max_size=40),
        st.sampled_from(KNOWN_HANDS),
        mutated_known_hand(),
        long_text,
    )


# ---------------------------------------------------------------- values

json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**40, 2**40),
                         st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                                 st.dictionaries(st.text(max_size=6), inner,
                                                                                 max_size=3)),
                           max_leaves=8)
# Up to 5,000 digits: past the 4,300 that str() and json refuse to convert.
huge_integers = st.builds(lambda digits, sign: sign * (10 ** digits - 1), st.integers(40, 5000),
                          st.sampled_from([1, -1]))


@st.composite
def nested(draw, value):
    """A value wrapped in objects and lists, a few levels or many (the properties deep-copy and compare requests,
    which Python does recursively: test_hostile_input sends requests 100,000 deep)."""
    depth = draw(st.one_of(st.integers(1, 4), st.sampled_from([50, 200])))
    for _ in range(depth):
        value = [value] if draw(st.booleans()) else {draw(st.sampled_from(["x", "base", "0"])): value}
    return value


def field_values(field: dict) -> st.SearchStrategy:
    """Right and wrong values for one described field."""
    right: list[st.SearchStrategy] = []
    wrong: list[st.SearchStrategy] = [json_values, st.just(None), st.just([]), st.just({})]
    if field["type"] == "bool":
        right.append(st.booleans())
        wrong += [st.sampled_from([0, 1, 0.0, 1.0, 2, "true", "1"])]
    elif field["type"] == "int":
        low, high = field["min"], field["max"]
        right.append(st.integers(low, high if high is not None else low + 100))
        if field["nullable"]:
            right.append(st.none())
        wrong += [st.integers(low - 5, low - 1), st.integers(-2**70, 2**70), huge_integers,
                  st.integers(low, low + 10).map(float), st.booleans(), st.integers(low, low + 3).map(str)]
        if high is not None:
            wrong.append(st.integers(high + 1, high + 5))
    else:
        values = [c["value"] for c in field["choices"]]
        right.append(st.sampled_from(values))
        numbers = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
        if numbers:
            wrong += [st.sampled_from(numbers).map(float), st.sampled_from(numbers).map(str), huge_integers]
        wrong += [st.sampled_from([str(v).upper() for v in values] + ["", " "])]
    return st.one_of(*right, *right, *wrong)


# ---------------------------------------------------------------- requests

DESCRIPTIONS = {key: handle({"action": "describe", "rules": key}) for key in RULESETS}


@st.composite
def score_request(draw, rules: str) -> dict:
    description = DESCRIPTIONS[rules]
    request: dict = {"rules": rules}
    if draw(st.integers(0, 9)):
        request["hand"] = draw(notation_texts())
    else:
        request["hand"] = draw(json_values)
    sections = {s["key"] for s in description["sections"]}
    for field in draw(st.lists(st.sampled_from(description["fields"]), max_size=5, unique_by=lambda f: f["key"])):
        value = draw(field_values(field))
        if field["section"]:
            section = request.setdefault(field["section"], {})
            if isinstance(section, dict):
                section[field["key"].split(".", 1)[1]] = value
        else:
            request[field["key"]] = value
    trouble = draw(st.integers(0, 11))
    if trouble == 0:
        request[draw(st.sampled_from(["self_drawm", "Hand", "table.base", "__proto__", "variant"]))] = 1
    elif trouble == 1 and sections:
        request[draw(st.sampled_from(sorted(sections)))] = draw(json_values)
    elif trouble == 2:
        key = draw(st.sampled_from(sorted(request)))
        request[key] = draw(nested(request[key]))
    elif trouble == 3 and sections:
        section = draw(st.sampled_from(sorted(sections)))
        request[section] = {draw(st.text(max_size=8)): draw(json_values)}
    return request


@st.composite
def question_request(draw, rules: str) -> dict:
    practice = DESCRIPTIONS[rules].get("practice")
    kinds = [k["key"] for k in practice["kinds"]] if practice else ["points"]
    topics = [t["key"] for t in practice["topics"]] if practice else ["x"]
    request = {"action": "question", "rules": rules,
               "kind": draw(st.one_of(st.sampled_from(kinds), json_values)),
               "topic": draw(st.one_of(st.sampled_from(topics), st.sampled_from(topics), json_values)),
               "seed": draw(st.one_of(st.integers(0, 1000), st.integers(0, 1000), json_values, huge_integers))}
    if not draw(st.integers(0, 9)):
        request[draw(st.sampled_from(["hand", "seeds", "kind "]))] = draw(json_values)
    return request


@st.composite
def requests(draw, questions: bool = True) -> dict:
    """One request for a registered rule set (or for none: a bad `rules`)."""
    rules = draw(st.sampled_from(sorted(DESCRIPTIONS)))
    shape = draw(st.integers(0, 19))
    if shape == 0:
        return {"rules": draw(st.one_of(json_values, st.text(max_size=8))), "hand": draw(notation_texts())}
    if shape == 1:
        return {"action": "describe", "rules": rules, **draw(st.dictionaries(st.text(max_size=5), json_values,
                                                                            max_size=1))}
    if shape == 2 and questions:
        return draw(question_request(rules))
    return draw(score_request(rules))

