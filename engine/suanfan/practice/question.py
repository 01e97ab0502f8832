"""`handle({"action": "question", "rules": R, "kind": K, "topic": T, "seed": N})`: read the request, draw the
question from (rules, kind, topic, seed) and the conventions alone, and put it in its envelope.

Conventions: the rule set's sections of fields (九江's `table`, Guobiao's `variants`), read and checked by the
same field declarations as a scoring request. A section the request gives is the table the question is played
at, all of it (what it leaves out at the sheet's defaults): every hand is judged under it, every request the
question shows carries it, and no question changes it. Without one, the questions are at the sheet's table,
except where a topic teaches the conventions themselves (九江's base and cap, who pays, table conventions),
which shows the tables it teaches.

The result: ok, rules, action "question", `question` (kind, topic, seed, conventions (the sections given,
as read; {} when none), its names, the focus a series or
`mixed` topic drew, prompt, request, settings (the request's situation and table in words, {zh, en} each),
answer_type, choices where the kind has them (a hand to choose has its settings too), near_miss: null or what the
hand lacks and what was changed), `answer` and `explanation` (the engine's result for question.request).
"""

from __future__ import annotations

from ..errors import SuanfanError
from ..fields import read_section
from ..request import check_keys, get_dict, get_int
from . import catalog as C
from .draw import Draw
from .kinds import Context
from .supply import Focus, NoDeal

REQUEST_KEYS = ("action", "rules", "kind", "topic", "seed")


def read_conventions(request: dict, fields) -> dict:
    """The sections the request gives ({section: {key: value}}), each key checked by its field and kept as read
    (a permalink's 1 for true becomes true); keys the request leaves out stay out (they are the sheet's)."""
    out = {}
    for section in dict.fromkeys(f.section for f in fields if f.section):
        if request.get(section) is not None:     # null, as in a scoring request, is the section left out
            raw = get_dict(request, section)
            values = read_section(raw, [f for f in fields if f.section == section], section)
            out[section] = {key: values[key] for key in sorted(raw)}
    return out


def frozen(conventions: dict) -> tuple:
    """The sections as ((section, ((key, value), …)), …): hashable, so that a judge is cached per table."""
    return tuple((section, tuple(values.items())) for section, values in sorted(conventions.items()))


def _text(request: dict, key: str) -> str:
    value = request.get(key)
    if not isinstance(value, str):
        raise SuanfanError("bad_value", key=key, value=repr(value), reason_zh="应为一个字符串(见 describe 的 practice)。",
                           reason_en="expected a string (see practice in describe).")
    return value


def read_request(plugin, request: dict, convention_fields=()) -> tuple[str, C.Topic, int, dict]:
    rules = plugin.rules
    check_keys(request, REQUEST_KEYS + tuple(dict.fromkeys(f.section for f in convention_fields if f.section)))
    kind = _text(request, "kind")
    if kind not in C.ANSWER_TYPES:
        raise SuanfanError("unknown_kind", kind=kind, known=", ".join(C.ANSWER_TYPES))
    if kind not in plugin.kinds:
        raise SuanfanError("kind_not_applicable", kind=kind, target_zh=f"规则“{rules}”",
                           target_en=f"the rules '{rules}'")
    topics = plugin.topics()
    key = _text(request, "topic")
    if key not in topics:
        raise SuanfanError("unknown_topic", rules=rules, topic=key)
    topic = topics[key]
    if kind not in topic.kinds:
        raise SuanfanError("kind_not_applicable", kind=kind, target_zh=f"主题“{key}”({topic.zh})",
                           target_en=f"the topic '{key}' ({topic.en}); it takes {', '.join(topic.kinds)}")
    seed = get_int(request, "seed", None, 0, C.MAX_SEED)
    return kind, topic, seed, read_conventions(request, convention_fields)


# How many of a series' or `mixed`'s members a question tries when the conventions rule the drawn ones out
FOCUS_TRIES = 8


def pick_focus(plugin, topic: C.Topic, kind: str, draw: Draw, ruled_out=frozenset()) -> Focus:
    """The fan, pattern, principle or concept a question is about: the topic's own, or one its members give
    (not one of `ruled_out`, those the conventions leave no hand for)."""
    topics = plugin.topics()
    while topic.type in (C.SERIES_TOPIC, C.MIXED):
        members = [k for k in topic.members if kind in topics[k].kinds and k not in ruled_out]
        if not members:
            raise NoDeal(f"every member of {topic.key} is ruled out")
        topic = topics[draw.pick(members)]
    return Focus(topic.key, topic.type, topic.zh, topic.en)


def build(plugin, kind: str, topic: C.Topic, draw: Draw, judge, answer_of) -> tuple[Focus, dict]:
    """The question's focus and parts. Where the conventions leave no hand for the focus a series or `mixed`
    drew, another member is drawn (the first draw is the one a question at the sheet's table always takes)."""
    ruled_out: set = set()
    while True:
        label = "focus" if not ruled_out else f"focus-{len(ruled_out)}"
        focus = pick_focus(plugin, topic, kind, draw.fork(label), ruled_out)
        try:
            return focus, plugin.builders[kind](Context(plugin, judge, focus, draw.fork("question"), kind, answer_of))
        except NoDeal:
            if focus.key == topic.key or len(ruled_out) >= FOCUS_TRIES:
                raise
            ruled_out.add(focus.key)


def handle_question(plugin, request: dict, answer_of, settings_in_words, convention_fields=()) -> dict:
    """plugin: the rule set's practice plug-in; answer_of: the engine's façade (api.handle), which answers
    question.request for the explanation; settings_in_words: the rule set's words for a request's settings
    (rulesets.settings_in_words); convention_fields: the rule set's fields that live in a section (its conventions)."""
    kind, topic, seed, conventions = read_request(plugin, request, convention_fields)
    return question(plugin, kind, topic, seed, answer_of, settings_in_words, conventions)


def question(plugin, kind: str, topic: C.Topic, seed: int, answer_of, settings_in_words,
             conventions: dict | None = None) -> dict:
    rules = plugin.rules
    conventions = conventions or {}
    # The seed's draw does not include the conventions: the same seed deals the same hand where it can, so one
    # hand can be compared across tables.
    draw = Draw(f"{rules}|{kind}|{topic.key}|{seed}")
    try:
        focus, parts = build(plugin, kind, topic, draw, plugin.judge(frozen(conventions)), answer_of)
    except NoDeal:
        if not conventions:
            raise       # a gap in the template data at the sheet's own table: a bug, which the tests catch
        raise SuanfanError("no_question_here", kind=kind, topic=topic.key,
                           reason_zh="没有一手牌在这些约定下还能表现这个主题(例如某个番被设为不计)。",
                           reason_en="no hand shows this topic under them (a fan switched off, say).") from None
    asked = {"kind": kind, "topic": topic.key, "seed": seed, "conventions": conventions,
             "topic_name": {"zh": topic.zh, "en": topic.en},
             "topic_type": topic.type, "focus": focus.describe(), "prompt": parts["prompt"],
             "request": parts["request"], "settings": settings_in_words(parts["request"]),
             "answer_type": parts["answer_type"], "near_miss": parts["near_miss"]}
    for key in ("choices", "direction", "asked", "asks"):
        if key in parts:
            asked[key] = parts[key]
    for choice in asked.get("choices", ()):
        if "request" in choice:   # a hand to choose: named with its situation, like the question's own
            choice["settings"] = settings_in_words(choice["request"])
    return {"ok": True, "rules": rules, "action": "question", "question": asked, "answer": parts["answer"],
            "explanation": parts["explanation"]}
