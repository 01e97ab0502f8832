"""`handle({"action": "question", "rules": R, "kind": K, "topic": T, "seed": N})`: read the request, draw the
question from (rules, kind, topic, seed) alone, and put it in its envelope.

The result: ok, rules, action "question", `question` (kind, topic, seed, its names, the focus a series or
`mixed` topic drew, prompt, request, settings (the request's situation and table in words, {zh, en} each),
answer_type, choices where the kind has them (a hand to choose has its settings too), near_miss: null or what the
hand lacks and what was changed), `answer` and `explanation` (the engine's result for question.request).
"""

from __future__ import annotations

from functools import lru_cache

from ..errors import SuanfanError
from ..request import check_keys, get_int
from . import catalog as C
from .draw import Draw
from .gb_judge import GbJudge
from .jiujiang_judge import JiujiangJudge
from .kinds import BUILDERS, Context
from .supply import Focus

REQUEST_KEYS = ("action", "rules", "kind", "topic", "seed")


@lru_cache(maxsize=4)
def judge_for(rules: str):
    return JiujiangJudge() if rules == C.JIUJIANG else GbJudge(rules)


def _text(request: dict, key: str) -> str:
    value = request.get(key)
    if not isinstance(value, str):
        raise SuanfanError("bad_value", key=key, value=repr(value), reason_zh="应为一个字符串(见 describe 的 practice)。",
                           reason_en="expected a string (see practice in describe).")
    return value


def read_request(rules: str, request: dict) -> tuple[str, C.Topic, int]:
    check_keys(request, REQUEST_KEYS)
    kind = _text(request, "kind")
    if kind not in C.KINDS:
        raise SuanfanError("unknown_kind", kind=kind, known=", ".join(C.KINDS))
    if kind not in C.kinds_of(rules):
        raise SuanfanError("kind_not_applicable", kind=kind, target_zh=f"规则“{rules}”",
                           target_en=f"the rules '{rules}'")
    topics = C.topics(rules)
    key = _text(request, "topic")
    if key not in topics:
        raise SuanfanError("unknown_topic", rules=rules, topic=key)
    topic = topics[key]
    if kind not in topic.kinds:
        raise SuanfanError("kind_not_applicable", kind=kind, target_zh=f"主题“{key}”({topic.zh})",
                           target_en=f"the topic '{key}' ({topic.en}); it takes {', '.join(topic.kinds)}")
    seed = get_int(request, "seed", None, 0, C.MAX_SEED)
    return kind, topic, seed


def pick_focus(rules: str, topic: C.Topic, kind: str, draw: Draw) -> Focus:
    """The fan, pattern, principle or concept a question is about: the topic's own, or one its members give."""
    topics = C.topics(rules)
    while topic.type in (C.SERIES_TOPIC, C.MIXED):
        topic = topics[draw.pick([k for k in topic.members if kind in topics[k].kinds])]
    return Focus(topic.key, topic.type, topic.zh, topic.en)


def handle_question(rules: str, request: dict, answer_of, settings_in_words) -> dict:
    """answer_of: the engine's façade (api.handle), which answers question.request for the explanation;
    settings_in_words: the rule set's words for a request's settings (rulesets.settings_in_words)."""
    kind, topic, seed = read_request(rules, request)
    return question(rules, kind, topic, seed, answer_of, settings_in_words)


def question(rules: str, kind: str, topic: C.Topic, seed: int, answer_of, settings_in_words) -> dict:
    draw = Draw(f"{rules}|{kind}|{topic.key}|{seed}")
    focus = pick_focus(rules, topic, kind, draw.fork("focus"))
    parts = BUILDERS[kind](Context(judge_for(rules), focus, draw.fork("question"), kind, answer_of))
    asked = {"kind": kind, "topic": topic.key, "seed": seed, "topic_name": {"zh": topic.zh, "en": topic.en},
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
