"""What a rule set brings to practice: the one interface the question machinery asks.

A rule set's package holds its plug-in (a subclass of `Practice`) and its `RuleSet` names a loader for it
(rulesets.py); nothing in suanfan.practice names a rule set. The plug-in says:

  kinds           the kinds of question it takes, in order, with its names and help for each (catalog.Kind)
  conventions     the request's sections a question may be played under (九江's `table`, Guobiao's `variants`)
  make_topics()   its topics in course order (catalog.Topic), `mixed` last (topics() keeps them)
  make_judge(c)   what its engine says of a candidate deal, the cheap way, at the conventions given (a judge: see
                  below)
  prompts         the words of every question, (kind, variant) -> (zh, en) (the names filled in by prompt();
                  the answer is never in them)
  aim_for, set_aside_aim, fallback_near_misses   where its hands come from (supply.Aim over its templates)
  builders        kind -> the function that builds a question of that kind (kinds.py has the shared ones)
  base_tags, mistakes   what a question exercises, and the mistakes a learner makes on it (mistakes.py)
  item_tag, item_names, own_tag_words   what its tags are called (tag_words: every tag in words)
  name_pools, why_not_pools, why_not_variant   its own parts of the shared kinds `name` and `why_not`
  reading_sources, reading_reader   where hand reading's hands come from and how they are read (reading_kinds.py)

Practice is generic in its judge (Practice[GbJudge]): a plug-in's methods take its own judge, with whatever it has
beyond what the shared machinery asks. That is the Judge protocol (judge.py): one judge per table of conventions,
cached, answering for one rule set at that table. mypy holds each plug-in and judge to both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any, Generic

from ..catalogue import Text, _, fill
from .catalog import READING_KINDS, Kind, Topic
from .judge import J
from .mistakes import NEAR_MISS_FORM, WAITS_TAG_WORDS

if TYPE_CHECKING:
    from ..json_types import JSONDict
    from ..reading.analyse import Reader
    from .deal import Deal
    from .kinds import Context, Pool
    from .mistakes import Mistake
    from .supply import Aim, Focus, Template

# (focus, kind, near) each: where a question showing a tag comes from (focus_candidates)
Candidate = tuple[str, str, bool | None]
# a kind's builder: a question (its prompt, hand, answer, choices …) from what a builder works with
Builder = Callable[["Context[Any]"], "JSONDict"]


class Practice(Generic[J]):
    rules: str = ""
    kinds: dict[str, Kind] = {}
    conventions: tuple[str, ...] = ()
    builders: dict[str, Builder] = {}
    # (kind, variant or None) -> (zh, en): every question's words, with {names} to fill
    prompts: dict[tuple[str, str | None], Text] = {}

    def make_topics(self) -> dict[str, Topic]:
        raise NotImplementedError

    def make_judge(self, conventions: JSONDict) -> J:
        raise NotImplementedError

    @cached_property
    def _topics(self) -> dict[str, Topic]:
        return self.make_topics()

    def topics(self) -> dict[str, Topic]:
        """Its topics in course order, `mixed` last (made once)."""
        return self._topics

    def judge(self, frozen_conventions: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()) -> J:
        """The judge at a table: frozen_conventions is ((section, ((key, value), …)), …), so it can be cached."""
        judge: J = _cached_judge(self, frozen_conventions)
        return judge

    def judge_of(self, result: JSONDict) -> J:
        """The judge a question result was built with (at its conventions)."""
        conventions = result["question"]["conventions"]
        return self.judge(tuple((section, tuple(values.items())) for section, values in sorted(conventions.items())))

    # ------------------------------------------------------------ practising a tag, and the learner's own hands

    def on_topics(self, keys: Iterable[str], kinds: Iterable[str], near: bool | None = None) -> list[Candidate]:
        """(kind, topic, near) for each of `keys` that is a topic, with each of `kinds` it takes."""
        topics = self.topics()
        return [(k, key, near) for key in keys if key in topics for k in kinds if k in topics[key].kinds]

    def focus_candidates(self, tag: str) -> list[Candidate]:
        """Where questions showing `tag` come from: (kind, topic, near), near True to ask near misses. The kinds and
        near misses are the same for every rule set; the rest is the rule set's own (tag_candidates)."""
        prefix, _unused, rest = tag.partition(":")
        if prefix == "kind":
            return [(rest, key, None) for key, topic in self.topics().items() if rest in topic.kinds]
        if prefix == "misconception" and rest.startswith("near_miss:"):
            return self.on_topics([rest.partition(":")[2]], ("points", "fans", "declare", "waits"), near=True)
        return self.tag_candidates(prefix, rest)

    def tag_candidates(self, prefix: str, rest: str) -> list[Candidate]:
        return []

    def deal_focus(self, judge: J, scored: JSONDict) -> Focus:
        """What a question about the learner's own hand is about: the fan (pattern) its result is built on."""
        raise NotImplementedError

    def deal_kinds(self, scored: JSONDict) -> tuple[str, ...]:
        """The kinds of question that fit a hand of the learner's own (scored: its result). Not hand reading's: they
        are about a hand before it wins, and a won hand is not one (their builders make hands of their own)."""
        kinds = [k for k in self.kinds if k not in READING_KINDS and (k != "why_not" or scored["excluded"])]
        return tuple(kinds)

    def base_tags(self, result: JSONDict, judge: J) -> list[str]:
        """What the hand of a question result shows that answering it needs (fan:, pattern:, exclusion: …)."""
        return []

    def mistakes(self, result: JSONDict, judge: J) -> list[Mistake]:
        """Every modelled mistake (practice.mistakes.Mistake) giving another answer to the question, most likely first."""
        return []

    # ------------------------------------------------------------ what the tags are called

    item_tag = "fan"  # the prefix of its items' tags: "fan" (Guobiao) or "pattern" (九江)
    # the words of a tag made of two of its items, by prefix: "exclusion:<by>><excluded>" (Guobiao's 不计)
    pair_forms: dict[str, Text] = {}
    # the words of a tag about one of its items, by the tag's head: "misconception:counts_excluded:<key>" (Guobiao)
    item_forms: dict[str, Text] = {}

    def item_names(self) -> dict[str, Text]:
        """Its fans (or patterns) by key: (zh, en)."""
        raise NotImplementedError

    def own_tag_words(self) -> dict[str, Text]:
        """The words of the tags only it has: its misconceptions, principles, multipliers, conventions."""
        return {}

    def tag_words(self) -> JSONDict:
        """What its tags are called: `words`, every tag of one word (kinds, concepts, misconceptions …); `items`,
        its fans (patterns) by key, which name `<item_tag>:<key>` and, through `forms`, a near miss of one
        (misconception:near_miss:<key>) and a pair (exclusion:<by>><excluded>). catalog.tag_name reads it."""
        words: dict[str, Text] = {}
        for kind in self.kinds.values():
            words[f"kind:{kind.key}"] = _("“{names}” questions", names=kind.names)
        for key, topic in self.topics().items():
            if topic.type == "concept":
                words[f"concept:{key}"] = topic.name
        words.update(WAITS_TAG_WORDS)
        words.update(self.own_tag_words())
        forms = {"misconception:near_miss": NEAR_MISS_FORM, **self.item_forms, **self.pair_forms}
        return {
            "item_tag": self.item_tag,
            "words": dict(sorted(words.items())),
            "items": self.item_names(),
            "forms": forms,
        }

    def prompt(self, kind: str, variant: str | None = None, **names: object) -> Text:
        """A question's words: its template (a text of templates, from the catalogue) filled in each language."""
        return {lang: fill(template, lang, names) for lang, template in self.prompts[(kind, variant)].items()}

    def aim_for(self, focus: Focus, judge: J, kind: str) -> Aim:
        raise NotImplementedError

    def set_aside_aim(self, focus: Focus, judge: J) -> Aim:
        raise NotImplementedError

    def fallback_near_misses(self, focus: Focus) -> tuple[Template, ...]:
        return ()

    # ------------------------------------------------------------ its own parts of the shared kinds (kinds.py)

    def name_pools(
        self, ctx: Context[J], deal: Deal, result: JSONDict, target: str, counted: list[str]
    ) -> tuple[list[Pool], JSONDict]:
        """The other choices of "which fan (pattern) is this hand built to show", and what the hand nearly has."""
        raise NotImplementedError

    def why_not_pools(self, judge: J, asked: str, by: str, counted: list[str]) -> list[Pool]:
        """The wrong choices offered beside the right one for "what sets it aside"."""
        raise NotImplementedError

    def why_not_variant(self, asked: str, counted: list[str]) -> str | None:
        """Which words of the why_not question fit (a prompts variant), None for the plain ones."""
        raise NotImplementedError

    # ------------------------------------------------------------ hand reading (reading_kinds.py)

    def reading_sources(self, judge: J) -> tuple[str, ...]:
        """The items a hand-reading question's hand is dealt from."""
        raise NotImplementedError

    def reading_reader(self, judge: J, request: JSONDict) -> Reader:
        """The hand reader (suanfan.reading) a hand-reading question's request is read with."""
        raise NotImplementedError


@lru_cache(maxsize=16)
def _cached_judge(plugin: Practice[J], frozen_conventions: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]) -> J:
    return plugin.make_judge({section: dict(values) for section, values in frozen_conventions})
