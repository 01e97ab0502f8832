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
        return None  # the fixture keeps bad JSON lines on purpose


FIXTURE_REQUESTS = [_parsed(line) for line in FIXTURE_LINES]
KNOWN_HANDS = sorted({r["hand"] for r in FIXTURE_REQUESTS if isinstance(r, dict) and isinstance(r.get("hand"), str)})

junk_characters = st.one_of(
    st.characters(),  # any code point but surrogates
    st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF),  # lone surrogates: no UTF-8 can carry them
    st.sampled_from('\x00\t\n\r\u200b\ufeff\u202e０１ｍ①½x{}"\\'),
)
suited_run = st.builds(
    lambda digits, suit: digits + suit, st.text(DIGITS, min_size=1, max_size=5), st.sampled_from(SUITS)
)
tile = st.one_of(
    st.builds(lambda d, s: d + s, st.sampled_from("123456789"), st.sampled_from("mps")),
    st.sampled_from(HONOURS + HONOUR_CHARACTERS),
    st.builds(lambda d: d + "z", st.sampled_from(DIGITS)),
)
meld = st.builds(
    lambda tiles, sep, digit, closed: "[" + "".join(tiles) + sep + digit + ("]" if closed else ""),
    st.lists(tile, min_size=1, max_size=5),
    st.sampled_from(["", ",", " "]),
    st.sampled_from(["", "1", "2", "3", "5", "6", "7", "0", "9", "11"]),
    st.integers(0, 5).map(bool),
)  # now and then left open
token = st.one_of(
    tile,
    tile,
    suited_run,
    meld,
    meld,
    st.sampled_from(ALPHABET),
    junk_characters,
)
# Repeated pieces cross the length limit on either side of it.
long_text = st.builds(
    lambda piece, n: (piece * n)[: MAX_HAND_CHARS + n % 60 - 30],
    st.sampled_from(["1m", "E", " ", "[", "1m ", "[1111m1]"]),
    st.integers(MAX_HAND_CHARS // 2 - 10, MAX_HAND_CHARS + 60),
)


CUTS = st.sampled_from(["cut", "double", "replace"])
REPLACEMENTS = st.one_of(st.sampled_from(ALPHABET), junk_characters)
KNOWN_HAND = st.sampled_from(KNOWN_HANDS)


@st.composite
def mutated_known_hand(draw) -> str:
    """A hand the suite knows with a few characters cut, doubled or replaced."""
    text = draw(KNOWN_HAND)
    for _ in range(draw(st.integers(0, 3))):
        if not text:
            break
        at = draw(st.integers(0, len(text) - 1))
        how = draw(CUTS)
        if how == "cut":
            text = text[:at] + text[at + 1 :]
        elif how == "double":
            text = text[:at] + text[at] + text[at:]
        else:
            text = text[:at] + draw(REPLACEMENTS) + text[at + 1 :]
    return text


NOTATION = st.one_of(
    st.lists(token, max_size=20).map("".join),
    st.text(ALPHABET, max_size=40),
    KNOWN_HAND,
    mutated_known_hand(),
    long_text,
)


def notation_texts() -> st.SearchStrategy[str]:
    return NOTATION


# ---------------------------------------------------------------- values

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**40), 2**40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=8,
)
# Up to 5,000 digits: past the 4,300 that str() and json refuse to convert.
huge_integers = st.builds(lambda digits, sign: sign * (10**digits - 1), st.integers(40, 5000), st.sampled_from([1, -1]))


# Every strategy below is built once, at import: hypothesis spends more on building and validating a strategy
# than on drawing from it.
DEPTHS = st.one_of(st.integers(1, 4), st.sampled_from([50, 200]))
NEST_KEYS = st.sampled_from(["x", "base", "0"])


@st.composite
def nested(draw, value):
    """A value wrapped in objects and lists, a few levels or many (the properties deep-copy and compare requests,
    which Python does recursively: test_hostile_input sends requests 100,000 deep)."""
    for _ in range(draw(DEPTHS)):
        value = [value] if draw(st.booleans()) else {draw(NEST_KEYS): value}
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
        wrong += [
            st.integers(low - 5, low - 1),
            st.integers(-(2**70), 2**70),
            huge_integers,
            st.integers(low, low + 10).map(float),
            st.booleans(),
            st.integers(low, low + 3).map(str),
        ]
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
RULES = st.sampled_from(sorted(DESCRIPTIONS))
MISSPELT_KEYS = st.sampled_from(["self_drawm", "Hand", "table.base", "__proto__", "variant"])
HAND_VALUES = st.one_of(*[NOTATION] * 9, json_values)


def _fields(rules: str) -> st.SearchStrategy:
    """Up to five of the rule set's fields, each with a value drawn for it: [(field, value), …]."""
    pairs = [st.tuples(st.just(field), field_values(field)) for field in DESCRIPTIONS[rules]["fields"]]
    return st.lists(st.one_of(pairs), max_size=5, unique_by=lambda pair: pair[0]["key"])


FIELDS = {rules: _fields(rules) for rules in DESCRIPTIONS}
SECTIONS = {
    rules: st.sampled_from(sorted(s["key"] for s in d["sections"]) or ["table"]) for rules, d in DESCRIPTIONS.items()
}


@st.composite
def score_request(draw, rules: str) -> dict:
    request: dict = {"rules": rules, "hand": draw(HAND_VALUES)}
    for field, value in draw(FIELDS[rules]):
        if field["section"]:
            section = request.setdefault(field["section"], {})
            if isinstance(section, dict):
                section[field["key"].split(".", 1)[1]] = value
        else:
            request[field["key"]] = value
    trouble = draw(st.integers(0, 11))
    if trouble == 0:
        request[draw(MISSPELT_KEYS)] = 1
    elif trouble == 1:
        request[draw(SECTIONS[rules])] = draw(json_values)
    elif trouble == 2:
        keys = sorted(request)
        key = keys[draw(st.integers(0, len(keys) - 1))]
        request[key] = draw(nested(request[key]))
    elif trouble == 3:
        request[draw(SECTIONS[rules])] = {draw(st.text(max_size=8)): draw(json_values)}
    return request


def _question_parts(rules: str) -> dict:
    practice = DESCRIPTIONS[rules].get("practice")
    kinds = st.sampled_from([k["key"] for k in practice["kinds"]] if practice else ["points"])
    topics = st.sampled_from([t["key"] for t in practice["topics"]] if practice else ["x"])
    return {
        "kind": st.one_of(kinds, kinds, json_values),
        "topic": st.one_of(topics, topics, json_values),
        "seed": st.one_of(st.integers(0, 1000), st.integers(0, 1000), json_values, huge_integers),
    }


QUESTION_PARTS = {rules: _question_parts(rules) for rules in DESCRIPTIONS}
EXTRA_QUESTION_KEYS = st.sampled_from(["hand", "seeds", "kind "])


@st.composite
def question_request(draw, rules: str) -> dict:
    request = {
        "action": "question",
        "rules": rules,
        **{key: draw(strategy) for key, strategy in QUESTION_PARTS[rules].items()},
    }
    if not draw(st.integers(0, 9)):
        request[draw(EXTRA_QUESTION_KEYS)] = draw(json_values)
    return request


# Tags a focus request may name: real ones of each rule set, and malformed ones
TAGS = st.sampled_from(
    [
        "fan:dragon_pung",
        "misconception:forgets_flowers",
        "kind:points",
        "kind:pay",
        "pattern:qi_dui",
        "convention:payment",
        "exclusion:dragon_pung>pung_of_terminals_or_honors",
        "fan:",
        ":",
        "",
        "misconception:near_miss:full_flush",
        "concept:highest_pattern",
        "multiplier:dealer",
    ]
)


@st.composite
def focus_request(draw, rules: str) -> dict:
    """A question that practises one tag."""
    return {
        "action": "question",
        "rules": rules,
        "focus": draw(st.one_of(TAGS, TAGS, json_values)),
        "seed": draw(QUESTION_PARTS[rules]["seed"]),
    }


@st.composite
def deal_request(draw, rules: str) -> dict:
    """A question about a hand of the learner's own (any notation, sometimes with a stray key)."""
    deal = {"hand": draw(NOTATION)}
    if not draw(st.integers(0, 4)):
        deal[draw(st.sampled_from(["flowers", "self_drawn", "rules", "table", "x"]))] = draw(json_values)
    return {
        "action": "question",
        "rules": rules,
        "kind": draw(QUESTION_PARTS[rules]["kind"]),
        "deal": draw(st.one_of(st.just(deal), json_values)),
        "seed": draw(QUESTION_PARTS[rules]["seed"]),
    }


@st.composite
def diagnose_request(draw, rules: str) -> dict:
    """What a wrong answer means: a question request (or anything) and any answer."""
    asked = {key: draw(strategy) for key, strategy in QUESTION_PARTS[rules].items()}
    return {
        "action": "diagnose",
        "rules": rules,
        "question": draw(st.one_of(st.just(asked), json_values)),
        "given": draw(st.one_of(st.integers(-2, 40), json_values, st.lists(st.text(max_size=3), max_size=4))),
    }


SCORE_REQUESTS = {rules: score_request(rules) for rules in DESCRIPTIONS}
QUESTION_REQUESTS = {
    rules: st.one_of(
        question_request(rules),
        question_request(rules),
        focus_request(rules),
        deal_request(rules),
        diagnose_request(rules),
    )
    for rules in DESCRIPTIONS
}
BAD_RULES = st.one_of(json_values, st.text(max_size=8))
DESCRIBE_EXTRAS = st.dictionaries(st.text(max_size=5), json_values, max_size=1)


@st.composite
def _requests(draw, questions: bool) -> dict:
    rules = draw(RULES)
    shape = draw(st.integers(0, 19))
    if shape == 0:
        return {"rules": draw(BAD_RULES), "hand": draw(NOTATION)}
    if shape == 1:
        return {"action": "describe", "rules": rules, **draw(DESCRIBE_EXTRAS)}
    if shape == 2 and questions:
        return draw(QUESTION_REQUESTS[rules])
    return draw(SCORE_REQUESTS[rules])


_REQUESTS = {True: _requests(True), False: _requests(False)}


# Another request to answer in between (its answer then must not change the first's): one the suite knows,
# across every rule set and variant; cheaper to draw than a generated one.
OTHER_REQUESTS = st.sampled_from([r for r in FIXTURE_REQUESTS if isinstance(r, dict)])


def requests(questions: bool = True) -> st.SearchStrategy[dict]:
    """One request for a registered rule set (or for none: a bad `rules`); with questions, now and then a
    practice question (the dearest request to answer)."""
    return _REQUESTS[questions]
