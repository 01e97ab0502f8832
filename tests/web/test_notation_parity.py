"""web/static/js/notation.js (the page's reader) against engine/suanfan/notation.py (the engine's).

On every hand the lessons and tests write and on thousands of generated strings, for each `expect`, both must
read the same hand (melds with kind, flags and digit; standing tiles; canonical form) or reject it with the same
first error: code, position and details. The lenient reader the picker draws with must stop exactly where the
engine's first notation error leaves off, and the picker's text edits must give texts the engine reads as
intended. One Node process answers for the whole corpus (tests/web/notation_check.mjs).
"""

from __future__ import annotations

import ast
import json
import random
import re
import shutil
import subprocess
import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from gb_corpus import corpus

from suanfan import tiles as T
from suanfan.errors import SuanfanError
from suanfan.hand import KONG, Hand
from suanfan.notation import EITHER, WAIT, WIN, Z_HONORS, format_hand, parse, parse_group
from web.course.files import split_front_matter
from web.sitegen import notation_rules_module

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")
SEED = 20240611  # any fixed number: every run generates the same strings
EXPECTS = {"win": WIN, "wait": WAIT, "either": EITHER}
# The engine's checks after reading: they say nothing about where the notation can be followed.
COUNTING = {"empty_hand", "too_many_melds", "too_many_copies", "too_many_tiles", "too_few_tiles"}
RAISED = set(re.findall(r'SuanfanError\(\s*"(\w+)"', (ROOT / "engine/suanfan/notation.py").read_text("utf-8")))

if NODE is None:  # Node.js is a prerequisite (README): no test here may pass by being skipped
    pytest.fail("Node.js is needed to run static/js/notation.js", pytrace=False)


# ---------------------------------------------------------------- the corpus people wrote


def notation_values(table) -> list[str]:
    """Every `hand` and exercise `answer` string in parsed TOML, however deep."""
    if isinstance(table, list):
        return [text for item in table for text in notation_values(item)]
    if not isinstance(table, dict):
        return []
    found = [v for k, v in table.items() if k in ("hand", "answer") and isinstance(v, str)]
    return found + [text for v in table.values() for text in notation_values(v)]


def lesson_hands() -> list[str]:
    found = []
    for path in sorted((ROOT / "lessons").glob("*/**/*")):
        if path.suffix == ".toml":
            found += notation_values(tomllib.loads(path.read_text("utf-8")))
        elif path.suffix == ".md":
            front, _ = split_front_matter(path.read_text("utf-8"), path)
            found += notation_values(front)
    return found


def fixture_hands() -> list[str]:
    found = []
    for line in (ROOT / "tests/fixtures/requests.jsonl").read_text("utf-8").splitlines():
        try:
            request = json.loads(line)
        except json.JSONDecodeError:
            continue  # the file holds a broken line on purpose, for the CLI's bad_json error
        if isinstance(request, dict) and isinstance(request.get("hand"), str):
            found.append(request["hand"])
    return found


HAND_LIKE = re.compile(r"\d[mpsz]|[\[\]东南西北中发白東發]|^[ESWNCFP]+$")


def engine_test_hands() -> list[str]:
    """String literals in tests/engine that look like notation (a suited group, a bracket, an honor)."""
    found = []
    for path in sorted((ROOT / "tests/engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and "\n" not in node.value:
                if len(node.value) <= 80 and HAND_LIKE.search(node.value):
                    found.append(node.value)
    return found


# ---------------------------------------------------------------- generated strings

FOREIGN = [
    "x",
    "ａ",
    "🀄",
    "\ud83c",
    "\t",
    "\u3000",
    "\xa0",
    "\ufeff",
    "\x1c",
    "١",
    "²",
    "M",
    "e",
]  # ١ ²: digits, not ASCII; \ud83c: half an emoji
ALPHABET = [
    ("0123456789", 30),
    ("mps", 14),
    ("z", 3),
    ("ESWNCFP", 8),
    ("东南西北中发白東發", 4),
    ("[]", 8),
    (",", 2),
    (" ", 3),
    (FOREIGN, 2),
]
BLANKS = [chr(c) for c in range(0x3001) if chr(c).isspace()] + ["\ufeff"]  # the empty_hand check's edge


def any_char(rng: random.Random) -> str:
    group = rng.choices([g for g, _ in ALPHABET], weights=[w for _, w in ALPHABET])[0]
    return rng.choice(group)


def written_tiles(rng: random.Random, tiles: list[int]) -> str:
    """Tiles in one of the ways people write them: suit runs or single groups, honors three ways, spaces."""
    out, run, run_suit = [], "", None
    for t in tiles:
        suit = T.suit_of(t)
        if suit and suit == run_suit and rng.random() < 0.8:
            run += str(T.number_of(t))
            continue
        if run_suit:
            out.append(run + run_suit)
        run, run_suit = (str(T.number_of(t)), suit) if suit else ("", None)
        if not suit:
            letter = T.code(t)
            out.append(
                rng.choices([letter, "东南西北中发白"[t - 27], f"{Z_HONORS.index(letter) + 1}z"], weights=[7, 2, 1])[0]
            )
    if run_suit:
        out.append(run + run_suit)
    return "".join(part + (" " if rng.random() < 0.1 else "") for part in out)


def written_meld(rng: random.Random) -> str:
    kind = rng.choice(["chow", "pung", "kong", "kong"])
    if kind == "chow":
        first = 9 * rng.randrange(3) + rng.randrange(7)
        tiles = [first, first + 1, first + 2]
        rng.shuffle(tiles)
    else:
        tiles = [rng.randrange(34)] * (3 if kind == "pung" else 4)
    digit = rng.choice(["", "", "", "1", "2", "3", "1", "5", "6", "7", "4", "9"])
    comma = "," if digit and rng.random() < 0.2 else ""
    return f"[{written_tiles(rng, tiles)}{comma}{digit}]"


def written_hand(rng: random.Random) -> str:
    """A hand-shaped text: 0-5 melds and about the right number of random standing tiles, in any order."""
    melds = rng.choices(range(6), weights=[30, 25, 20, 12, 8, 5])[0]
    count = max(0, 14 - 3 * melds + rng.choice([-2, -1, -1, 0, 0, 0, 1]))
    standing = [rng.randrange(34) for _ in range(count)]
    parts = [written_meld(rng) for _ in range(melds)]
    cuts = sorted(rng.randint(0, count) for _ in range(rng.randint(0, 2)))
    chunks = [standing[a:b] for a, b in zip([0, *cuts], [*cuts, count])]
    parts += [written_tiles(rng, chunk) for chunk in chunks]
    if rng.random() < 0.3:
        rng.shuffle(parts)  # the engine reads melds anywhere, not only first
    return "".join(parts)


def mutated(rng: random.Random, text: str) -> str:
    at = rng.randint(0, len(text))
    how = rng.choice(["replace", "insert", "delete"]) if text else "insert"
    if how == "insert":
        return text[:at] + any_char(rng) + text[at:]
    at = min(at, len(text) - 1)
    return text[:at] + (any_char(rng) if how == "replace" else "") + text[at + 1 :]


def generated(written: list[str]) -> list[str]:
    rng = random.Random(SEED)
    noise = ["".join(any_char(rng) for _ in range(rng.randint(0, 24))) for _ in range(2500)]
    hands = [written_hand(rng) for _ in range(2500)]
    bases = written + hands
    near = [mutated(rng, rng.choice(bases)) for _ in range(3000)]
    blanks = [b for blank in BLANKS for b in (blank, f"123m{blank}456p789s123sEE", f"{blank}E")]
    return noise + hands + near + blanks


# ---------------------------------------------------------------- the engine's answers, in the JS shapes


def picker_kind(meld) -> str:
    if meld.kind != KONG:
        return meld.kind
    return "concealed_kong" if meld.concealed else "added_kong" if meld.added else "kong"


def wire_error(error: SuanfanError) -> dict:
    """The error as a page gets it (to_dict), without the messages: code, position, details (tile names aside)."""
    return {"ok": False, "error": {k: v for k, v in error.to_dict().items() if k != "message"}}


def engine_judgement(text: str, expect: str) -> dict:
    try:
        hand = parse(text, expect)
    except SuanfanError as error:
        return wire_error(error)
    melds = [
        {
            "kind": m.kind,
            "tiles": [T.code(t) for t in m.tiles],
            "concealed": m.concealed,
            "added": m.added,
            "source": m.source,
            "claimedIndex": m.claimed_index,
            "digit": m.digit(),
        }
        for m in hand.melds
    ]
    winning = hand.winning_tile
    return {
        "ok": True,
        "melds": melds,
        "standing": [T.code(t) for t in hand.standing],
        "winningTile": None if winning is None else T.code(winning),
        "canonical": format_hand(hand),
    }


def engine_group(text: str) -> dict:
    try:
        found, melded = parse_group(text)
    except SuanfanError as error:
        return wire_error(error)
    return {"ok": True, "tiles": [T.code(t) for t in found], "melded": melded}


def codes(tiles) -> list[str]:
    return [T.code(t) for t in tiles]


def first_notation_error(text: str) -> tuple[str, int] | None:
    """The code and position of the engine's first objection to the notation itself (None if it has none).

    Its counting checks do not count. A blank text it refuses as empty before reading it: that one is judged
    by how the engine reads it after one tile."""
    blank = not text.strip()
    try:
        parse("E" + text if blank else text, EITHER)
    except SuanfanError as error:
        return None if error.code in COUNTING else (error.code, error.position - (1 if blank else 0))
    return None


def reading_problem(text: str, drawn: dict) -> str | None:
    """What is wrong with how readNotation drew `text`, judged by the engine (None when nothing is).

    readNotation counts UTF-16 units, the engine code points; they differ only from a character outside the BMP
    on, which neither reader gets past: every position compared here comes before it or is it."""
    prefix, stop = drawn["prefix"], drawn["stop"]
    error = first_notation_error(text)
    if error is None and prefix != text:
        return f"stopped at {stop}, but the engine reads the whole text"
    if error is not None and prefix == text:
        return f"read everything, but the engine stops with {error[0]} at {error[1]}"
    if error is not None and error[1] < stop:
        return f"stopped at {stop}, after the engine's {error[0]} at {error[1]}"
    # The tiles: the engine's own reading of each drawn meld and of each piece of text between them.
    pieces, at = [], 0
    for meld in drawn["melds"]:
        pieces.append(prefix[at : meld["start"]])
        at = meld["end"]
    pieces.append(prefix[at:])
    try:
        engine = {
            "melds": [codes(sorted(parse_group(prefix[m["start"] : m["end"]])[0])) for m in drawn["melds"]],
            "standing": [c for piece in pieces for c in codes(parse_group(piece)[0])],
        }
        hand = parse(prefix, EITHER)
    except SuanfanError as error:
        if error.code not in COUNTING:
            return f"the engine refuses the drawn part {prefix!r}: {error.code} at {error.position}"
        hand = None  # readable, but not a legal hand: no meld kinds to compare with
    js = {"melds": [m["codes"] for m in drawn["melds"]], "standing": drawn["standing"]}
    if js != engine:
        return f"drew {js}, the engine reads {engine}"
    kinds = [m["kind"] for m in drawn["melds"]]
    if hand is not None and kinds != [picker_kind(m) for m in hand.melds]:
        return f"drew melds {kinds}, the engine reads {[picker_kind(m) for m in hand.melds]}"
    return None


# ---------------------------------------------------------------- running both

CALLS = [
    (("appendTile", "123m", "4m"), "1234m"),
    (("appendTile", "123m", "E"), "123mE"),
    (("appendTile", "123m4", "5m"), "123m4 5m"),  # digits still waiting for their suit are kept apart
    (("appendTile", "[555p1]12m", "3p"), "[555p1]12m3p"),
    (("appendTile", "123m x5m", "6m"), "123m x5m6m"),  # a run after unreadable text is not joined
    (("meldText", "added_kong", "5p"), "[5555p5]"),
    (("meldText", "kong", "C"), "[CCCC1]"),
    (("meldText", "concealed_kong", "9s"), "[9999s]"),
    (("meldText", "chow", "8m"), None),
    (("meldCodes", "added_kong", "E"), ["E", "E", "E", "E"]),
    (("insertMeld", "[123m]EE", "added_kong", "C"), "[123m][CCCC5]EE"),
    (("insertMeld", "EE", "pung", "9s"), "[999s]EE"),
    (("insertMeld", "EE", "chow", "E"), "EE"),
]


def run_node(tmp_path: Path, texts: list[str], edits: list[str]) -> dict:
    """notation_check.mjs's answers, notation.js run beside the constants the build writes for it from the engine."""
    source = tmp_path / "notation_input.json"
    source.write_text(json.dumps({"texts": texts, "edits": edits, "calls": [c for c, _ in CALLS]}), encoding="utf-8")
    js = tmp_path / "js"
    js.mkdir()
    shutil.copy(ROOT / "web/static/js/notation.js", js)
    (js / "notation-rules.js").write_text(notation_rules_module(), encoding="utf-8")
    run = subprocess.run(
        [NODE, ROOT / "tests/web/notation_check.mjs", source, js], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def first_differences(rows: list[tuple], limit: int = 6) -> str:
    shown = [f"  {text!r} ({what}):\n    engine {engine}\n    JS     {js}" for text, what, engine, js in rows[:limit]]
    return f"{len(rows)} differences, the first {len(shown)}:\n" + "\n".join(shown)


@pytest.fixture(scope="module")
def corpus_texts() -> dict[str, list[str]]:
    written = lesson_hands() + fixture_hands() + engine_test_hands()
    gb = [request["hand"] for request in corpus(400, SEED)]
    return {"written": list(dict.fromkeys(written + gb)), "generated": list(dict.fromkeys(generated(written + gb)))}


@dataclass
class Answers:
    texts: list[str]
    engine: list[dict]  # per text: the engine's judgement for each expect, and its parse_group
    complete: list[str]  # the texts the engine accepts as complete hands: the picker's edits are replayed on them
    js: dict  # what notation_check.mjs answered


@pytest.fixture(scope="module")
def answers(corpus_texts, tmp_path_factory) -> Answers:
    texts = list(dict.fromkeys(corpus_texts["written"] + corpus_texts["generated"]))
    engine = [
        {**{name: engine_judgement(t, e) for name, e in EXPECTS.items()}, "group": engine_group(t)} for t in texts
    ]
    complete = [t for t, judged in zip(texts, engine) if judged["win"]["ok"]]
    return Answers(texts, engine, complete, run_node(tmp_path_factory.mktemp("notation"), texts, complete))


def test_the_corpus_reaches_every_error_and_every_meld(corpus_texts, answers):
    assert len(corpus_texts["written"]) > 300 and len(corpus_texts["generated"]) > 7000
    assert "[567m,2]123m456p11p78s9s" in corpus_texts["written"]  # the engine tests' literals are found
    codes_seen = {j[e]["error"]["code"] for j in answers.engine for e in EXPECTS if not j[e]["ok"]}
    assert codes_seen == RAISED, f"never produced: {RAISED - codes_seen}"
    kinds = {picker_kind(m) for t in answers.complete for m in parse(t, WIN).melds}
    assert kinds == {"chow", "pung", "kong", "concealed_kong", "added_kong"}
    assert len(answers.complete) > 500


def test_parse_hand_agrees_with_the_engine(answers):
    differences = [
        (text, expect, engine[expect], js[expect])
        for text, engine, js in zip(answers.texts, answers.engine, answers.js["texts"])
        for expect in EXPECTS
        if engine[expect] != js[expect]
    ]
    assert not differences, first_differences(differences)


def test_parse_group_agrees_with_the_engine(answers):
    differences = [
        (text, "group", engine["group"], js["group"])
        for text, engine, js in zip(answers.texts, answers.engine, answers.js["texts"])
        if engine["group"] != js["group"]
    ]
    assert not differences, first_differences(differences)


def test_read_notation_stops_where_the_engine_finds_the_first_notation_error(answers):
    problems = [
        (text, "readNotation", problem, js["reading"])
        for text, js in zip(answers.texts, answers.js["texts"])
        if (problem := reading_problem(text, js["reading"]))
    ]
    assert not problems, first_differences(problems)


def engine_hand(text: str, expect: str) -> Hand | None:
    try:
        return parse(text, expect)
    except SuanfanError:
        return None


def meld_kinds(hand: Hand) -> Counter:
    """The melds as the picker writes them back: the digit's source and claimed tile are the picker's default."""
    return Counter((m.kind, m.tiles, m.concealed, m.added) for m in hand.melds)


def test_picker_edits_give_the_hand_the_engine_expects(answers):
    problems = []
    for text, edits in zip(answers.complete, answers.js["edits"]):
        hand = parse(text, WIN)
        for i, edit in enumerate(edits["standing"]):
            rest = hand.standing[:i] + hand.standing[i + 1 :]
            for edited, expect, want in (
                (edit["without"], WAIT, codes(rest)),
                (edit["back"], WIN, codes(rest) + [edit["code"]]),
            ):
                got = engine_hand(edited, expect)
                if got is None or codes(got.standing) != want or got.melds != hand.melds:
                    problems.append((text, f"tile {i} out, then back in", want, edited))
        for edited in edits["melds"]:
            got = engine_hand(edited, WIN)
            if got is None or meld_kinds(got) != meld_kinds(hand) or got.standing != hand.standing:
                problems.append((text, "a meld out, then back in", text, edited))
    assert not problems, first_differences(problems)


def test_edit_helpers_write_what_the_picker_needs(answers):
    differences = [(call, "call", want, got) for (call, want), got in zip(CALLS, answers.js["calls"]) if got != want]
    assert not differences, first_differences(differences)
