"""The Guobiao course: its files checked (the data: gb_files; the views of the engine's tables: gb_views), and its
pages.

What it reads (all under lessons/guobiao/, formats in lessons/FORMAT.md, "Guobiao fan cards" and after):
  fans/NN-slug.toml   one file per series: a card per fan (the project's definition, examples, near misses)
  principles.toml     the five combination principles, each with worked hands
  variants.toml       the rule questions where sources disagree, each with a hand scored both ways

Its pages (lessons/guobiao/…, listed by `guobiao_pages` for the site's one writer): one page of fan cards per
series, the fan table (by value and by series), the principles (the naive sum beside the engine's count), the
variants (both results), the kong combinations and the theoretical maximum (both computed by the engine, beside
what the seed table prints).

It reads its files with course.files' readers and checks them with course.checking, so its problems read like
a lesson's; the lesson modules never import it (sitegen puts the two page lists together).

The build stops when a card's example does not give what it says, or when any of the engine's fans has no
example on which the engine counts it (`check_coverage`). Exclusions shown on a card are the 不计 lists the
engine scores the course's profile by (the engine's reference, `facts`), the other profile's beside them where they
differ, never the card file's; and the build stops when a card's own example counts a fan its card lists as 不计
(`card_exclusion_problems`), so a card and its examples cannot disagree.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from web import forms
from web.course.checking import score, verify_examples
from web.course.files import Example, LessonError, shown
from web.course.gb_files import (
    COURSE,
    PAGE_DIR,
    FanCard,
    GbCourseError,
    Principle,
    SeriesFile,
    VariantCase,
    course_rules,
    facts,
    load_cards,
    load_principles,
    load_variants,
)
from web.course.gb_views import (
    all_fans,
    fan_table,
    fan_view,
    kong_table,
    maximum_hands,
    naive_count,
    seed_columns,
    series_topic,
)
from web.course.views import calculator_fragment, card_view, hand_groups
from web.pages import Page

# ---------------------------------------------------------------- fan cards: the checks


def check_coverage(files: list[SeriesFile], fans=None) -> list[str]:
    """What is missing for every fan to be taught: one card per fan, with at least one example that says
    `fans = ["<key>"]` and one near miss that says `not_fans = ["<key>"]`. (That the engine agrees with what
    the examples say is verify_examples' job; together they prove the engine counts every fan on its card.)"""
    fans = all_fans() if fans is None else fans
    where = shown(files[0].path.parent if files else COURSE / "fans")
    cards: dict[str, FanCard] = {}
    problems = []
    for file in files:
        for card in file.cards:
            if card.key in cards:
                problems.append(
                    f"{shown(file.path)}: a second card for {card.fan.zh} {card.key} "
                    f"(the first is in {shown(cards[card.key].path)})"
                )
            cards.setdefault(card.key, card)
    for fan in fans:
        card = cards.get(fan.key)
        if card is None:
            problems.append(
                f"{where}: no card for {fan.zh} {fan.en} ({fan.key}, {fan.series}); "
                f"every fan needs an example on which the engine counts it"
            )
            continue
        shows = [e for e in card.examples if e.kind == "example" and fan.key in e.expect.get("fans", [])]
        misses = [e for e in card.examples if e.kind == "near_miss" and fan.key in e.expect.get("not_fans", [])]
        if not shows:
            problems.append(
                f"{shown(card.path)}: {fan.zh} {fan.key} has no example that counts it "
                f'(an [[fan.example]] with expect = {{ fans = ["{fan.key}"] }})'
            )
        if not misses:
            problems.append(
                f"{shown(card.path)}: {fan.zh} {fan.key} has no near miss "
                f'(kind = "near_miss" with expect = {{ not_fans = ["{fan.key}"] }})'
            )
    return problems


def principle_problems(principle: Principle, course: Path = COURSE) -> list[str]:
    """A principle's page must show the principle at work: an example on which the engine sets a fan aside
    naming this principle, or, for 就高不就低 only, one on which it passes over a lower reading of the hand
    (the engine keeps the highest reading: `other_readings` lists the others with their totals)."""
    for example in principle.examples:
        result = example.result
        if not result.get("ok"):
            continue
        if any(e.get("principle") == principle.key for e in result.get("excluded", [])):
            return []
        if principle.key == "higher_over_lower" and any(
            other["total"] < result["total"] for other in result.get("other_readings", [])
        ):
            return []
    return [
        f"{shown(course / 'principles.toml')}: principle {principle.key}: no example on which the engine "
        f"sets a fan aside by {principle.zh} ({principle.key})"
    ]


def score_variant(case: VariantCase, rules: str, course: Path = COURSE) -> list[str]:
    """Score the case's hand once per choice of its switch; the hand must come out differently somewhere.

    A setting may refuse the hand as no win at all (组合龙 + a set + a pair under the 1998 reading): that is the
    difference it makes, shown as such. A hand every setting refuses shows nothing."""
    switch = case.switch
    case.results = []
    for value in switch.choices:
        request = {**case.request, "variants": {case.key: value}}
        example = Example(
            f"variant-{case.key.replace('_', '-')}-{str(value).lower()}", case.hand, request, rules, {"total": 0}
        )
        example.result = score(example.full_request)
        case.results.append(
            {
                "value": value,
                "source": switch.source(value),
                "default_in": [p for p in facts().PROFILES if switch.defaults[p] == value],
                "example": example,
            }
        )
    where = f"{shown(course / 'variants.toml')}: variant {case.key}, hand {case.hand}"
    refused = [r["example"].result["error"] for r in case.results if not r["example"].result.get("ok")]
    if len(refused) == len(case.results) or any(e["code"] != "not_a_win_gb" for e in refused):
        return [f"{where}: the engine refuses the hand: {refused[0]['message']['en']}"]
    outcomes = {json.dumps(_outcome(r["example"].result)) for r in case.results}
    if len(outcomes) < 2:
        return [f"{where}: every setting gives the same fans, so the hand does not show the difference"]
    for r in case.results:
        result = r["example"].result
        r["example"].expect = {"total": result["total"]} if result["ok"] else {"error": result["error"]["code"]}
    return []


def _outcome(result: dict):
    """What a setting makes of the hand: its fans, or the refusal."""
    if not result["ok"]:
        return result["error"]["code"]
    return [(f["key"], f["points"], f.get("count", 1)) for f in result["fans"]]


# ---------------------------------------------------------------- everything, checked, and the pages


@dataclass
class GbCourse:
    rules: str
    series_files: list[SeriesFile]
    principles: list[Principle]
    variants: list[VariantCase]
    table: dict
    kongs: list[dict]
    maximum: list[dict]

    def card_of(self, key: str) -> FanCard:
        return next(c for f in self.series_files for c in f.cards if c.key == key)

    def fan_hrefs(self) -> dict:
        """fan key -> its card, relative to the course's pages (they all live in one folder)."""
        return {c.key: f"fans-{f.slug}.html#fan-{c.key}" for f in self.series_files for c in f.cards}


def build_course(course: Path = COURSE) -> GbCourse:
    """Read and check everything; raise GbCourseError listing every problem (the build prints them and stops)."""
    rules = course_rules(course)
    problems: list[str] = []
    taken: set = set()
    files: list[SeriesFile] = []
    principles: list[Principle] = []
    variants: list[VariantCase] = []
    try:
        files = load_cards(course)
        taken = {e.id for f in files for c in f.cards for e in c.examples}
    except LessonError as err:
        problems.extend(err.problems)
    try:
        principles = load_principles(course, taken)
    except LessonError as err:
        problems.extend(err.problems)
    try:
        variants = load_variants(course)
    except LessonError as err:
        problems.extend(err.problems)
    if files:
        problems.extend(check_coverage(files))
        for file in files:
            problems.extend(
                verify_examples([e for c in file.cards for e in c.examples], lambda e, f=file: shown(f.path))
            )
        problems.extend(card_exclusion_problems(files, rules, facts().exclusions(rules)))
    for principle in principles:
        problems.extend(verify_examples(principle.examples, lambda e: shown(course / "principles.toml")))
        problems.extend(principle_problems(principle, course))
    for case in variants:
        problems.extend(score_variant(case, rules, course))
    if problems:
        raise GbCourseError(problems)
    return GbCourse(rules, files, principles, variants, fan_table(rules), kong_table(), maximum_hands())


def card_exclusion_problems(files: list[SeriesFile], rules: str, table: dict) -> list[str]:
    """A card whose own example counts, beside the card's fan, a fan the card lists as 不计 everywhere (the list
    the course's profile scores by, `table` as the engine's reference gives it): the card or its example is wrong, and the build says which. Meld fans are
    left out (their 不计 reaches their own melds only, and the same fan from other melds counts)."""
    problems = []
    for file in files:
        for card in file.cards:
            always = {e["key"] for e in table.get(card.key, ()) if not e["when_en"]}
            for example in card.examples:
                counted = {f["key"] for f in (example.result or {}).get("fans", ())}
                scored_as_course = example.rules == rules and not example.request.get("variants")
                if card.fan.scope == "hand" and card.key in counted and scored_as_course:
                    for key in sorted(always & counted):
                        problems.append(
                            f"{shown(file.path)}: card {card.key}, example {example.id} counts {key}, "
                            f"which the card lists as 不计 under {rules}"
                        )
    return problems


PAGES = {
    "table": f"{PAGE_DIR}/fan-table.html",
    "principles": f"{PAGE_DIR}/principles.html",
    "variants": f"{PAGE_DIR}/variants.html",
    "kongs": f"{PAGE_DIR}/kongs-and-maximum.html",
}


def checked_course(course_dir: Path = COURSE) -> GbCourse | None:
    """The course read and checked with the engine (None without a fans/ folder): a problem stops the build with
    every problem listed (SystemExit, never a traceback)."""
    if not (course_dir / "fans").is_dir():
        return None
    try:
        return build_course(course_dir)
    except LessonError as err:
        raise SystemExit(
            "guobiao: the build stops, these course files do not check:\n" + "\n".join("  " + p for p in err.problems)
        ) from None


def guobiao_pages(course: GbCourse | None) -> list[Page]:
    """The course's reference pages: one page of fan cards per series, then the fan table, the principles, the
    variants and the kongs; none without the course."""
    if course is None:
        return []
    shared = {
        "gb_course": course,
        "gb_pages": PAGES,
        "fan_hrefs": course.fan_hrefs(),
        "card_view": card_view,
        "fan_view": fan_view,
        "naive_count": naive_count,
        "principles_names": facts().PRINCIPLES,
        "seed_columns": seed_columns(),
        "seed_maximum": facts().raw["seed_maximum"],
        "gb_unit": forms.description(course.rules)["unit"],  # one unit for every number the pages show
        "situation": facts().raw["maximum"]["situation"],
        "gb_profiles": facts().PROFILES,
        "hand_groups": hand_groups,
        "calc_fragment": calculator_fragment,
    }
    pages = [
        Page(
            file.page,
            "lessons/guobiao/_series.html",
            {**shared, "series_file": file, "series_topic": series_topic(course.rules, file)},
        )
        for file in course.series_files
    ]
    pages += [
        Page(PAGES[name], f"lessons/guobiao/_{name}.html", shared)
        for name in ("table", "principles", "variants", "kongs")
    ]
    return pages
