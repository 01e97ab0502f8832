"""What can be practised, in words every rule set shares: the kinds of question, the topic types, the seed's range.

A rule set's practice plug-in (plugin.py) says which kinds it takes, what it calls them, and its topics in course
order (the order its course introduces them, so a page can bring in new topics as a learner advances). Every list
here is data; `describe(plugin)` is what `handle({"action": "describe"})` shows under `practice`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any

    from ..json_types import JSONDict
    from .plugin import Practice

from ..catalogue import LANGUAGES, Named, Text, _

POINTS, FANS_KIND, NAME, WAITS, DECLARE, WHY_NOT, PAY = "points", "fans", "name", "waits", "declare", "why_not", "pay"
# the hand-reading kinds (practice/reading_kinds.py): a hand that has not won yet
SHANTEN, USEFUL, DISCARD, ROUTE = "shanten", "useful", "discard", "route"
READING_KINDS = (SHANTEN, USEFUL, DISCARD, ROUTE)
# Every kind there is, with the type of its answer (number | keys | key | tiles | boolean).
ANSWER_TYPES = {
    POINTS: "number",
    FANS_KIND: "keys",
    NAME: "key",
    WAITS: "tiles",
    DECLARE: "boolean",
    WHY_NOT: "key",
    PAY: "number",
    SHANTEN: "number",
    USEFUL: "tiles",
    DISCARD: "key",
    ROUTE: "key",
}
# The topic of the hand-reading kinds, in every rule set that has them
HAND_READING = ("hand_reading", _("hand reading"))
# A seed must survive a trip through a page's JavaScript, whose numbers are exact only up to 2**53 - 1.
MAX_SEED = 2**53 - 1
# About this share of the questions of a fan or pattern topic show a labelled near miss instead (where the kind
# allows one): a hand one tile, one meld or one situation flag away, without the topic's fan.
NEAR_MISS_SHARE = (1, 4)

FAN, SERIES_TOPIC, PRINCIPLE, PATTERN, CONCEPT, MIXED = "fan", "series", "principle", "pattern", "concept", "mixed"
MIXED_NAMES = _("mixed")


@dataclass(frozen=True)
class Kind:
    """A kind as one rule set asks it: its key, its answer type, and the rule set's names and help for it."""

    key: str
    names: Text  # a text
    help: Text  # a text

    @property
    def answer_type(self) -> str:
        return ANSWER_TYPES[self.key]

    def describe(self) -> JSONDict:
        return {
            "key": self.key,
            **self.names,
            "answer_type": self.answer_type,
            "help": self.help,
        }


@dataclass(frozen=True)
class Topic(Named):
    key: str
    type: str  # fan | series | principle | pattern | concept | mixed
    name: Text  # a text
    kinds: tuple[str, ...]
    members: tuple[str, ...] = ()  # a series' fans; mixed: every other topic

    def describe(self, order: int) -> JSONDict:
        out = {
            "key": self.key,
            "type": self.type,
            **self.name,
            "kinds": list(self.kinds),
            "order": order,
        }
        if self.members and self.type == SERIES_TOPIC:
            out["fans"] = list(self.members)
        return out


def with_mixed(topics: list[Topic], kinds: tuple[str, ...]) -> dict[str, Topic]:
    """The topics by key, `mixed` (drawing on every one of them) last."""
    every = tuple(t.key for t in topics)
    topics.append(Topic("mixed", MIXED, MIXED_NAMES, kinds, every))
    return {t.key: t for t in topics}


def describe(plugin: Practice[Any]) -> JSONDict:
    """The `practice` part of a rule set's description."""
    return {
        "kinds": [kind.describe() for kind in plugin.kinds.values()],
        "topics": [t.describe(n) for n, t in enumerate(plugin.topics().values(), 1)],
        "seed": {"min": 0, "max": MAX_SEED},
        # the request's sections of conventions a question is played under (their fields are the rule set's own)
        "conventions": list(plugin.conventions),
        "near_miss_share": {"numerator": NEAR_MISS_SHARE[0], "denominator": NEAR_MISS_SHARE[1]},
        # every tag a question or a diagnosed mistake can carry (question.tags, diagnose's tags), in words
        "tags": plugin.tag_words(),
    }


def tag_name(tags: JSONDict, tag: str) -> JSONDict | None:
    """A tag in words ({zh, en}), read from a description's practice.tags (Practice.tag_words); None for a tag the
    rule set does not know. The browser's learner.js reads the same data the same way."""
    if tag in tags["words"]:
        word: Text = tags["words"][tag]
        return word
    prefix, _unused, rest = tag.rpartition(":")
    items = tags["items"]
    if prefix == tags["item_tag"] and rest in items:
        item: JSONDict = items[rest]
        return item
    if prefix in tags["forms"] and rest in items:
        form = tags["forms"][prefix]
        return {lang: form[lang].format(name=items[rest][lang]) for lang in LANGUAGES}
    head, _unused, pair = tag.partition(":")
    by, _unused, excluded = pair.partition(">")
    if head in tags["forms"] and by in items and excluded in items:
        form = tags["forms"][head]
        return {lang: form[lang].format(by=items[by][lang], excluded=items[excluded][lang]) for lang in LANGUAGES}
    return None
