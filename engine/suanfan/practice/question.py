"""`handle({"action": "question", "rules": R, …})`: read the request, draw the question from it alone, and put it in
its envelope. A request asks one of three ways:

  {"kind": K, "topic": T, "seed": N}   a question on a topic (the question is a pure function of these)
  {"focus": TAG, "seed": N}            a question that exercises a tag (`fan:dragon_pung`,
                                       `misconception:forgets_flowers` …: practice/mistakes.py): the seed draws a
                                       kind and topic that show it and tries seeded questions until one carries it
  {"kind": K, "deal": {…}, "seed": N}  a question about a hand of the learner's own: `deal` is a scoring request
                                       without `rules` (the hand and its situation keys)

Conventions: the rule set's sections of fields (九江's `table`, Guobiao's `variants`), read and checked by the
same field declarations as a scoring request. A section the request gives is the table the question is played
at, all of it (what it leaves out at the sheet's defaults): every hand is judged under it, every request the
question shows carries it, and no question changes it. Without one, the questions are at the sheet's table,
except where a topic teaches the conventions themselves (九江's base and cap, who pays, table conventions),
which shows the tables it teaches.

The result: ok, rules, action "question", `question` (kind, topic, seed, conventions (the sections given,
as read; {} when none), its names, the focus a series or `mixed` topic drew, prompt, request, settings (the
request's situation and table in words, {zh, en} each), answer_type, choices where the kind has them (a hand to
choose has its settings too), near_miss: null or what the hand lacks and what was changed, tags: what answering
it right requires; a focus request adds `practise` {focus, seed, shows}, a deal request `deal_kinds`), `answer`
and `explanation` (the engine's result for question.request).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..catalogue import _
from ..errors import SuanfanError, excerpt
from ..fields import read_section
from ..notation import WIN, parse
from ..request import check_keys, get_dict, get_int
from . import catalog as C
from .deal import Deal
from .draw import Draw
from .kinds import Context
from .mistakes import question_tags
from .supply import CONSTRUCT_BUDGET, BudgetSpent, Focus, NoDeal, Tally

if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Sequence
    from typing import Any

    from ..fields import Field
    from ..json_types import AnswerOf, JSONDict
    from .judge import Judge
    from .plugin import Practice

    # the rule set's words for a request's settings (rulesets.settings_in_words): the chips beside a hand
    SettingsInWords = Callable[[JSONDict], list[JSONDict]]

REQUEST_KEYS = ("action", "rules", "kind", "topic", "seed", "focus", "deal")
# How many seeded questions a focus request tries for one that carries its tag
FOCUS_QUESTION_TRIES = 32
# and the tests their constructions may make in all (supply.Tally), checked before each try. A try costs a few
# tests: every tag of every rule set, 10 seeds, at the sheet's table and the tests' tables, started the try that
# found its tag after at most 148; but where the table makes the tag's hand rare or impossible a try can spend a
# construction's whole budget, and 32 such tries took 1.7 s in CPython. One construction's budget: at most one such
# try, then the last question made. At the five tables of bench_questions.py that make hands rare, 8 of the 1,527
# requests that found their tag needed more (封顶 at a cap of 100000: up to 1,970).
FOCUS_BUDGET = CONSTRUCT_BUDGET
TAG_PREFIXES = (
    "kind",
    "fan",
    "exclusion",
    "principle",
    "pattern",
    "concept",
    "convention",
    "multiplier",
    "misconception",
)
DECK = C.Topic("deck", "deck", _("my own hands"), tuple(C.ANSWER_TYPES))


def read_conventions(request: JSONDict, fields: Sequence[Field]) -> JSONDict:
    """The sections the request gives ({section: {key: value}}), each key checked by its field and kept as read
    (a permalink's 1 for true becomes true); keys the request leaves out stay out (they are the sheet's)."""
    out: JSONDict = {}
    for section in dict.fromkeys(f.section for f in fields if f.section):
        if request.get(section) is not None:  # null, as in a scoring request, is the section left out
            raw = get_dict(request, section)
            values = read_section(raw, [f for f in fields if f.section == section], section)
            out[section] = {key: values[key] for key in sorted(raw)}
    return out


def frozen(conventions: JSONDict) -> tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]:
    """The sections as ((section, ((key, value), …)), …): hashable, so that a judge is cached per table."""
    return tuple((section, tuple(values.items())) for section, values in sorted(conventions.items()))


def _text(request: JSONDict, key: str) -> str:
    value = request.get(key)
    if not isinstance(value, str) or len(value) > 200:
        raise SuanfanError(
            "bad_value",
            key=key,
            value=excerpt(value),
            reason=_("expected a string (see practice in describe)."),
        )
    return value


def _kind(plugin: Practice[Any], request: JSONDict) -> str:
    kind = _text(request, "kind")
    if kind not in C.ANSWER_TYPES:
        raise SuanfanError("unknown_kind", kind=kind, known=", ".join(C.ANSWER_TYPES))
    if kind not in plugin.kinds:
        raise SuanfanError(
            "kind_not_applicable",
            what=_("The question kind"),
            kind=kind,
            target=_("the rules '{rules}'", rules=plugin.rules),
        )
    return kind


def read_topic(plugin: Practice[Any], kind: str, key: str) -> C.Topic:
    topics = plugin.topics()
    if key not in topics:
        raise SuanfanError("unknown_topic", rules=plugin.rules, topic=key)
    topic = topics[key]
    if kind not in topic.kinds:
        raise SuanfanError(
            "kind_not_applicable",
            what=_("The question kind"),
            kind=kind,
            target=_(
                "the topic '{key}' ({topic}); it takes {kinds}", key=key, topic=topic.name, kinds=", ".join(topic.kinds)
            ),
        )
    return topic


# How many of a series' or `mixed`'s members a question tries when the conventions rule the drawn ones out
FOCUS_TRIES = 8


def pick_focus(
    plugin: Practice[Any], topic: C.Topic, kind: str, draw: Draw, ruled_out: Collection[str] = frozenset()
) -> Focus:
    """The fan, pattern, principle or concept a question is about: the topic's own, or one its members give
    (not one of `ruled_out`, those the conventions leave no hand for)."""
    topics = plugin.topics()
    while topic.type in (C.SERIES_TOPIC, C.MIXED):
        members = [k for k in topic.members if kind in topics[k].kinds and k not in ruled_out]
        if not members:
            raise NoDeal(f"every member of {topic.key} is ruled out")
        topic = topics[draw.pick(members)]
    return Focus(topic.key, topic.type, topic.name)


def build(
    plugin: Practice[Any],
    kind: str,
    topic: C.Topic,
    draw: Draw,
    judge: Judge,
    answer_of: AnswerOf,
    near: bool | None = None,
    tally: Tally | None = None,
) -> tuple[Focus, JSONDict]:
    """The question's focus and parts. Where the conventions leave no hand for the focus a series or `mixed`
    drew, another member is drawn (the first draw is the one a question at the sheet's table always takes).
    near: True to ask a near miss wherever the kind allows one (a focus request on a near-miss tag); tally: where
    the constructions count their tests. BudgetSpent when a search for a member gave up for its budget."""
    ruled_out: set[str] = set()
    spent = False
    while True:
        label = "focus" if not ruled_out else f"focus-{len(ruled_out)}"
        try:
            focus = pick_focus(plugin, topic, kind, draw.fork(label), ruled_out)
        except NoDeal as err:
            if spent:
                raise BudgetSpent(str(err)) from None
            raise
        try:
            ctx = Context(plugin, judge, focus, draw.fork("question"), kind, answer_of, near=near, tally=tally)
            return focus, plugin.builders[kind](ctx)
        except NoDeal as err:
            spent = spent or isinstance(err, BudgetSpent)
            if focus.key == topic.key or len(ruled_out) >= FOCUS_TRIES:
                if spent and not isinstance(err, BudgetSpent):
                    raise BudgetSpent(str(err)) from None
                raise
            ruled_out.add(focus.key)


def handle_question(
    plugin: Practice[Any],
    request: JSONDict,
    answer_of: AnswerOf,
    settings_in_words: SettingsInWords,
    convention_fields: Sequence[Field] = (),
) -> JSONDict:
    """plugin: the rule set's practice plug-in; answer_of: the engine's façade (api.handle), which answers
    question.request for the explanation; settings_in_words: the rule set's words for a request's settings
    (rulesets.settings_in_words); convention_fields: the rule set's fields that live in a section (its conventions)."""
    sections = tuple(dict.fromkeys(f.section for f in convention_fields if f.section))
    check_keys(request, REQUEST_KEYS + sections)
    conventions = read_conventions(request, convention_fields)
    if "focus" in request:
        check_keys(request, ("action", "rules", "focus", "seed") + sections)
        return focus_question(
            plugin, _text(request, "focus"), _seed(request), answer_of, settings_in_words, conventions
        )
    kind = _kind(plugin, request)
    if "deal" in request:
        check_keys(request, ("action", "rules", "kind", "deal", "seed") + sections)
        return deal_question(
            plugin, kind, get_dict(request, "deal"), _seed(request), answer_of, settings_in_words, conventions, sections
        )
    topic = read_topic(plugin, kind, _text(request, "topic"))
    return question(plugin, kind, topic, _seed(request), answer_of, settings_in_words, conventions)


def _seed(request: JSONDict) -> int:
    return get_int(request, "seed", None, 0, C.MAX_SEED)


def question(
    plugin: Practice[Any],
    kind: str,
    topic: C.Topic,
    seed: int,
    answer_of: AnswerOf,
    settings_in_words: SettingsInWords,
    conventions: JSONDict | None = None,
    near: bool | None = None,
    tally: Tally | None = None,
) -> JSONDict:
    rules = plugin.rules
    conventions = conventions or {}
    # The seed's draw does not include the conventions: the same seed deals the same hand where it can, so one
    # hand can be compared across tables.
    draw = Draw(f"{rules}|{kind}|{topic.key}|{seed}")
    judge = plugin.judge(frozen(conventions))
    try:
        focus, parts = build(plugin, kind, topic, draw, judge, answer_of, near, tally)
    except BudgetSpent:
        raise SuanfanError(
            "no_question_here",
            kind=kind,
            topic=topic.key,
            reason=_(
                "no hand showing this topic turned up within the search's budget ({construct_budget} tries).",
                construct_budget=CONSTRUCT_BUDGET,
            ),
        ) from None
    except NoDeal:
        if not conventions:
            raise  # a gap in the template data at the sheet's own table: a bug, which the tests catch
        raise SuanfanError(
            "no_question_here",
            kind=kind,
            topic=topic.key,
            reason=_("no hand shows this topic under them (a fan switched off, say)."),
        ) from None
    return envelope(plugin, judge, kind, topic, seed, conventions, focus, parts, settings_in_words)


def envelope(
    plugin: Practice[Any],
    judge: Judge,
    kind: str,
    topic: C.Topic,
    seed: int,
    conventions: JSONDict,
    focus: Focus,
    parts: JSONDict,
    settings_in_words: SettingsInWords,
) -> JSONDict:
    asked = {
        "kind": kind,
        "topic": topic.key,
        "seed": seed,
        "conventions": conventions,
        "topic_name": topic.name,
        "topic_type": topic.type,
        "focus": focus.describe(),
        "prompt": parts["prompt"],
        "request": parts["request"],
        "settings": settings_in_words(parts["request"]),
        "answer_type": parts["answer_type"],
        "near_miss": parts["near_miss"],
    }
    for key in ("choices", "direction", "asked", "asks"):
        if key in parts:
            asked[key] = parts[key]
    for choice in asked.get("choices", ()):
        if "request" in choice:  # a hand to choose: named with its situation, like the question's own
            choice["settings"] = settings_in_words(choice["request"])
    result = {
        "ok": True,
        "rules": plugin.rules,
        "action": "question",
        "question": asked,
        "answer": parts["answer"],
        "explanation": parts["explanation"],
    }
    asked["tags"] = question_tags(plugin, judge, result)
    return result


# ---------------------------------------------------------------- a question that exercises a tag


def focus_question(
    plugin: Practice[Any],
    tag: str,
    seed: int,
    answer_of: AnswerOf,
    settings_in_words: SettingsInWords,
    conventions: JSONDict,
) -> JSONDict:
    """A question carrying `tag`: the plug-in says which (kind, topic) pairs show it (and whether as a near miss);
    seeded questions on them are tried in turn, the first that carries the tag taken (else the last one made, its
    `practise.shows` false), at most FOCUS_QUESTION_TRIES of them and no more once their constructions have made
    FOCUS_BUDGET tests. Reproducible from (tag, seed) and the conventions."""
    prefix = tag.partition(":")[0]
    candidates = plugin.focus_candidates(tag) if prefix in TAG_PREFIXES else []
    if not candidates:
        raise SuanfanError("unknown_tag", rules=plugin.rules, tag=excerpt(tag))
    topics = plugin.topics()
    draw = Draw(f"{plugin.rules}|focus|{tag}|{seed}")
    made = None
    tally = Tally()
    for attempt in range(FOCUS_QUESTION_TRIES):
        if tally.tests >= FOCUS_BUDGET:
            break
        pick = draw.fork(f"try-{attempt}")
        kind, topic_key, near = pick.pick(candidates)
        try:
            result = question(
                plugin,
                kind,
                topics[topic_key],
                pick.below(C.MAX_SEED + 1),
                answer_of,
                settings_in_words,
                conventions,
                near,
                tally,
            )
        except SuanfanError as err:
            if err.code != "no_question_here":
                raise
            continue
        made = result
        if tag in result["question"]["tags"]:
            break
    if made is None:
        raise SuanfanError(
            "no_question_here",
            kind="focus",
            topic=excerpt(tag),
            reason=_("nothing here shows that tag."),
        )
    made["question"]["practise"] = {"focus": tag, "seed": seed, "shows": tag in made["question"]["tags"]}
    return made


# ---------------------------------------------------------------- a question about the learner's own hand


def deal_question(
    plugin: Practice[Any],
    kind: str,
    deal: JSONDict,
    seed: int,
    answer_of: AnswerOf,
    settings_in_words: SettingsInWords,
    conventions: JSONDict,
    sections: tuple[str, ...],
) -> JSONDict:
    """A question of `kind` about the hand `deal` (a scoring request without rules; its conventions are the
    question's). A hand that does not score is answered with the engine's own error for it."""
    for key in ("rules", "action", *sections):
        if key in deal:
            raise SuanfanError("unknown_key", key=f"deal.{key}")
    scored = answer_of({**deal, "rules": plugin.rules, **conventions})
    if not scored.get("ok"):
        return scored
    hand = parse(deal["hand"], expect=WIN)
    given = Deal(hand, {k: v for k, v in sorted(deal.items()) if k != "hand"})
    judge = plugin.judge(frozen(conventions))
    focus = plugin.deal_focus(judge, scored)
    draw = Draw(f"{plugin.rules}|{kind}|deal|{deal['hand']}|{seed}")
    fits = plugin.deal_kinds(scored)
    if kind not in fits:
        raise SuanfanError(
            "kind_not_applicable",
            what=_("The question kind"),
            kind=kind,
            target=_("this hand"),
        )
    try:
        parts = plugin.builders[kind](
            Context(plugin, judge, focus, draw.fork("question"), kind, answer_of, given=given)
        )
    except NoDeal:
        raise SuanfanError(
            "kind_not_applicable",
            what=_("The question kind"),
            kind=kind,
            target=_("this hand"),
        ) from None
    result = envelope(plugin, judge, kind, DECK, seed, conventions, focus, parts, settings_in_words)
    result["question"]["deal_kinds"] = list(fits)
    return result
