"""Text a user reads, checked like code: every pair of Chinese and English the site shows or the engine writes.

What is checked, in both languages where it applies (`text_problems`):
  unfilled   a placeholder left in ({fan}, None, undefined, NaN)
  negation   a negation doubled ("not no splitting", 不是不), which a template around a name that is itself a
             negation (不拆移 "no splitting") produces
  article    "a" before a vowel sound or "an" before a consonant ("a Eight of Bamboo", "a East Wind")
  doubled    a word written twice in a row ("the the")
and one English name per term (`term_problems`): where the Chinese names a term of the rule set, the English
says the term's one English name. The term list is the engine's own names (each rule set's patterns or fans, and
the situation words its results use, `terms`), so a lesson, a ruling and a practice question cannot drift apart.

The build runs these over the lessons, the rulings and the words of the pages (sitegen); the tests run them over
the engine's generated questions and diagnoses too (tests/engine/test_generated_text.py).
"""

from __future__ import annotations

import functools
import re

UNFILLED = re.compile(r"\{[a-z_]+\}|\bundefined\b|\bNaN\b|\[object Object\]|\$\{")
# Python's None left in a sentence ("the value None of 'topic'"); the English word opens a sentence
LEAKED_NONE = re.compile(r"(?<![.!?:;]\s)(?<!^)(?<!\n)(?<!\*\*)\bNone\b")
DOUBLE_NEGATIVE_EN = re.compile(r"\bnot\s+(?:no|not|never|none)\b|\bno\s+not\b", re.I)
DOUBLE_NEGATIVE_ZH = re.compile(r"不是不|没有没有|不不")
# "an" is said before a vowel sound: One and Uni- begin with a consonant sound ("a One of Dots"). A capital A
# only at a sentence's start: elsewhere it names a player or a hand ("Player A adds", "hand A").
_VOWEL_SOUND = r"(?!One\b|one\b|Uni|uni|Eu|eu)(?=[AEIOUaeiou])"
A_BEFORE_VOWEL = re.compile(r"(?:\ba|(?:^|(?<=[.!?]\s))A) " + _VOWEL_SOUND)
AN_BEFORE_CONSONANT = re.compile(r"\b[Aa]n (?=(?!One\b|one\b)[B-DF-HJ-NP-TV-Zb-df-hj-np-tv-z])(?!hour|honest|honor)")
# a count of one with a plural noun ("1 hands"): the words say it in the form for one (web/words.py, en_one)
ONE_WITH_PLURAL = re.compile(
    r"(?<![\d.,:])\b1 (?!of\b)(?:[a-z]+ )?(?:hands|cards|tiles|questions|reviews|points|fans|rows|"
    r"players|times|copies|flowers|seconds|characters|rulings|levels|records|readings|"
    r"minutes|answers|pungs|chows|pairs|kongs)\b"
)
DOUBLED_WORD = re.compile(r"\b([A-Za-z]{2,})\s+\1\b")  # "two Two Terminal Chows" is a count and a name


def text_problems(zh: str, en: str, where: str) -> list[str]:
    """What is wrong with one pair of texts, each problem naming `where` and quoting the text."""
    problems = []

    def say(what: str, text: str) -> None:
        problems.append(f"{where}: {what}: {text[:160]!r}")

    for text in (zh, en):
        if text and (UNFILLED.search(text) or LEAKED_NONE.search(text.strip())):
            say("a placeholder is left unfilled", text)
    if zh and DOUBLE_NEGATIVE_ZH.search(zh):
        say("a doubled negative", zh)
    if en:
        if DOUBLE_NEGATIVE_EN.search(en):
            say("a doubled negative", en)
        if A_BEFORE_VOWEL.search(en) or AN_BEFORE_CONSONANT.search(en):
            say("a or an before the wrong sound", en)
        if ONE_WITH_PLURAL.search(en):
            say("a plural after 1", en)
        doubled = DOUBLED_WORD.search(en)
        if doubled and doubled.group(1) not in ("that", "had"):
            say("a word doubled", en)
    return problems


@functools.cache
def terms(rules: str) -> tuple[tuple[str, str], ...]:
    """The rule set's terms, (zh, en), longest Chinese first so that 豪华七对 is read before 七对: the names of its
    patterns or fans, and of the multipliers its results apply (杠上开花 …), as describe gives them. A name that
    is also a plain word of the notation (明杠, 暗杠: a meld as well as a fan) is left out: prose says the word."""
    from web import forms

    described = forms.description(rules)
    labels = described["labels"]
    plain = {
        thing["zh"]
        for kind in ("groups", "group_states", "melds", "shapes")
        for thing in (labels[kind].values() if isinstance(labels[kind], dict) else labels[kind])
    }
    named = {item["zh"]: item["en"] for item in labels["items"] if item["zh"] not in plain}
    for field in described["fields"]:
        for case in field.get("label_by", {}).get("labels", []):
            named.setdefault(case["zh"], case["en"])
    return tuple(sorted(named.items(), key=lambda term: -len(term[0])))


# The forms of a term's one name that a sentence bends it into (the verb of 抢杠, the plain plural of 花牌):
# inflections of the engine's name, never a second name.
INFLECTIONS = {
    "抢杠": ("rob",),
    "花牌": ("flower",),
    "自摸": ("self-draw",),
    "杠上开花": ("on a kong replacement", "on the kong replacement"),
}


def term_problems(zh: str, en: str, rules: str, where: str) -> list[str]:
    """Where `zh` names a term of `rules`, `en` must say that term's English name (any case, any spacing)."""
    problems, rest = [], zh
    folded = " ".join(en.casefold().split())
    for term_zh, term_en in terms(rules):
        if term_zh in rest:
            rest = rest.replace(term_zh, "")
            said = (term_en.casefold(), *INFLECTIONS.get(term_zh, ()))
            if not any(form in folded for form in said):
                problems.append(
                    f"{where}: {term_zh} is “{term_en}” in English, and this English does not say so: {en[:160]!r}"
                )
    return problems


def lesson_pairs(courses) -> list[tuple[str, str, str, str]]:
    """(where, zh, en, rules) for every text of the lessons: titles, summaries, captions (of examples and
    readings), exercises, body blocks."""
    pairs = []
    for course in courses:
        for lesson in course.lessons:
            where = f"lessons/{lesson.key}"
            rules = lesson.examples[0].rules if lesson.examples else ""
            pairs += [(where, lesson.title, lesson.title_en, rules), (where, lesson.summary, lesson.summary_en, rules)]
            pairs += [(f"{where} {e.id}", e.caption, e.caption_en, e.rules) for e in lesson.examples]
            pairs += [(f"{where} reading {r.id}", r.caption, r.caption_en, r.rules) for r in lesson.readings]
            if lesson.exercise:
                pairs.append((f"{where} exercise", lesson.exercise.prompt, lesson.exercise.prompt_en, rules))
            for part, value in lesson.parts:
                if part == "blocks":
                    pairs += [(where, block.zh, block.en, rules) for block in value if block.en]
    return pairs


def ruling_pairs(rulings) -> list[tuple[str, str, str, str]]:
    """(where, zh, en, rules) for every text of the rulings: question, answer, readings, captions."""
    pairs = []
    for ruling in rulings:
        where = f"lessons/rulings.toml {ruling.id}"
        pairs += [
            (where, ruling.question, ruling.question_en, ruling.rules),
            (where, ruling.answer, ruling.answer_en, ruling.rules),
        ]
        pairs += [(where, r.title, r.title_en, ruling.rules) for r in ruling.readings]
        pairs += [(where, r.text, r.text_en, ruling.rules) for r in ruling.readings]
        pairs += [(f"{where} {e.id}", e.caption, e.caption_en, e.rules) for e in ruling.all_examples]
    return pairs


def pair_problems(pairs) -> list[str]:
    problems = []
    for where, zh, en, rules in pairs:
        problems += text_problems(zh, en, where)
        if rules and zh and en:
            problems += term_problems(zh, en, rules, where)
    return problems


# ---------------------------------------------------------------- the page's words, with every filler

NUMBERS = ("0", "1", "2", "11")
# What each placeholder of web/words.py is filled with by the scripts, as kinds of filler (see word_fillers)
_PLACEHOLDER_KINDS = {
    "fan": "names",
    "topic": "names",
    "tag": "names",
    "kind": "kinds",
    "rules": "rule_sets",
    "tile": "tiles",
    "change": "changes",
    "name": "players",
    "time": "times",
    "tiles": "notation",
    "meld": "notation",
    "key": "fields",
    "value": "values",
    "detail": "values",
    "link": "values",
    "what": "values",
    "total": "many",
    "max": "many",
    "length": "many",  # a collection's size, a limit, a link's length: never one
    "minimum": "many",  # the points a win must reach (forms.minimum_points)
}


@functools.cache
def word_fillers() -> dict[str, tuple[tuple[str, str], ...]]:
    """Every kind of filler a word of the page takes, (zh, en) each: the engine's names of patterns, fans,
    topics, kinds, rule sets and tiles, the near-miss changes the engine writes, and plain values."""
    from suanfan.api import change_samples, glossary
    from web import forms

    names, kinds, rule_sets = [], [], []
    for described in forms.descriptions():
        names += [(item["zh"], item["en"]) for item in described["labels"]["items"]]
        practice = described["practice"]
        names += [(t["zh"], t["en"]) for t in practice["topics"]]
        kinds += [(k["name"]["zh"], k["name"]["en"]) if "name" in k else (k["zh"], k["en"]) for k in practice["kinds"]]
        rule_sets.append((described["name"]["zh"], described["name"]["en"]))
    tiles = [(t["zh"], t["en"]) for t in glossary.tile_names().values()]
    changes = [(c["zh"], c["en"]) for c in change_samples()]
    return {
        "names": tuple(dict.fromkeys(names)),
        "kinds": tuple(dict.fromkeys(kinds)),
        "rule_sets": tuple(rule_sets),
        "tiles": tuple(tiles),
        "changes": tuple(changes),
        "players": (("小王", "Ana"),),
        "times": (("3:05", "3:05"),),
        "notation": (("[567m2]", "[567m2]"),),
        "fields": (("flowers", "flowers"),),
        "values": (("x", "x"),),
        "numbers": tuple((n, n) for n in NUMBERS),
        "many": (("2", "2"), ("11", "11")),
    }


def word_problems(catalogue: dict[str, tuple[str, str]], where: str) -> list[str]:
    """Each template of `catalogue` (key -> (zh, en[, en for one]) with {placeholders}) rendered with every filler each of its
    placeholders can take, one placeholder varied at a time, the others held at their first filler."""
    fillers = word_fillers()
    problems = []
    for key, (zh, en, *one) in catalogue.items():
        holes = sorted(set(re.findall(r"\{(\w+)\}", zh + en)))
        kinds = {hole: fillers[_PLACEHOLDER_KINDS.get(hole, "numbers")] for hole in holes}
        first = {hole: options[0] for hole, options in kinds.items()}
        renderings = [first] + [{**first, hole: option} for hole, options in kinds.items() for option in options]
        seen = set()
        for filled in renderings:
            text_zh = zh.format(**{h: v[0] for h, v in filled.items()})
            english = one[0] if one and filled.get("n", ("", ""))[1] == "1" else en
            text_en = english.format(**{h: v[1] for h, v in filled.items()})
            for problem in text_problems(text_zh, text_en, f"{where} {key}"):
                if problem not in seen:
                    seen.add(problem)
                    problems.append(problem)
    return problems


def card_pairs(gb) -> list[tuple[str, str, str, str]]:
    """(where, zh, en, rules) for the Guobiao course's fan cards: series intros, definitions, notes, captions."""
    if gb is None:
        return []
    pairs = []
    for file in gb.series_files:
        where = f"lessons/guobiao/fans/{file.path.name}"
        pairs.append((where, file.intro, file.intro_en, gb.rules))
        for card in file.cards:
            # a card says its own fan as "this fan": its name is the card's title, not a term of its text
            own = card.fan.zh
            pairs += [
                (f"{where} {card.key}", card.text.replace(own, ""), card.text_en, gb.rules),
                (f"{where} {card.key}", card.note.replace(own, ""), card.note_en, gb.rules),
            ]
            pairs += [(f"{where} {e.id}", e.caption, e.caption_en, e.rules) for e in card.examples]
    return pairs


# Sample fillers for a prompt's {payer} (a payer's role), beside the item names that fill its {name}: the checker
# needs words of each sound and length, not the rule set's facts.
_ROLE_SAMPLES = (
    {"zh": "点炮者", "en": "the discarder"},
    {"zh": "其余三家每家", "en": "each of the other three players"},
)


def prompt_problems() -> list[str]:
    """Every rule set's practice prompts (the engine's question templates, from its catalogue) filled with each of
    its item names in {name}, and each sample role in {payer}."""
    from suanfan.api import RULESETS

    problems = []
    for rules in RULESETS:
        plugin = RULESETS[rules].practice()
        names = list(plugin.item_names().values())
        for (kind, variant), template in plugin.prompts.items():
            names_for = names if "{name}" in template["zh"] + template["en"] else [None]
            roles = _ROLE_SAMPLES if "{payer}" in template["zh"] + template["en"] else (None,)
            for name in names_for:
                for role in roles:
                    values = {key: v for key, v in (("name", name), ("payer", role)) if v is not None}
                    text = plugin.prompt(kind, variant, **values)
                    problems += text_problems(text["zh"], text["en"], f"{rules} practice prompt {kind}/{variant}")
    return list(dict.fromkeys(problems))


def site_problems(courses, gb, rulings) -> list[str]:
    """Everything the build writes in words, checked: the lessons, the fan cards, the rulings, the page's words,
    and the engine's question templates."""
    from web import words

    return (
        pair_problems(lesson_pairs(courses) + card_pairs(gb) + ruling_pairs(rulings))
        + word_problems(words.templates(), "web/words.py")
        + prompt_problems()
    )
