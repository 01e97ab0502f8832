"""Scripted learners, each with one misconception, practising through the real practice page in Chromium: how soon
the progress page names what they get wrong, and whether "Practise this" then asks about it.

A learner opens practice.html for its rule set with the kind "count the points" chosen (a learner working on
scoring), and answers every question the schedule gives it: right, except where its misconception changes the
answer — then with the number (or the ticked fans) the misconception gives, worked out here from the engine's result
for the question the page shows (data-asked), by the learner's own arithmetic, not by the engine's model of the
mistake. After each answer it looks at the progress page. The run stops when the progress page's first weakness
is a tag that names the misconception; the learner then presses that weakness's "Practise this" and answers the next
FOLLOW questions, counting those that carry the tag (data-tags).

Used by tests/bench_learner.py (prints the figures) and tests/e2e/test_learner_simulation.py (holds them to the
issue's targets: named first within 40 answers, at least 8 of the 10 questions on it).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from engine_boot import BOOT_MS

from suanfan.api import handle

MOST_ANSWERS = 60  # a learner not named by then is reported as not named
FOLLOW = 10
TARGET_ANSWERS = 40
TARGET_FOLLOW = 8
HONOURS = set("ESWNCFP")
PUNG_OF_TERMINALS = "pung_of_terminals_or_honors"


def _honour_meld(meld: str) -> bool:
    letters = re.sub(r"[\[\]\d]", "", meld)
    return bool(letters) and set(letters) <= HONOURS


# ---------------------------------------------------------------- the misconceptions, each the learner's own arithmetic


def honour_pung_terminals(result: dict) -> int:
    """Counts 幺九刻 under a wind or dragon pung: each excluded 幺九刻 whose pung is of honours, counted anyway."""
    return sum(
        entry["points"]
        for entry in result.get("excluded", [])
        if entry["key"] == PUNG_OF_TERMINALS
        for meld in entry.get("melds") or []
        if _honour_meld(meld)
    )


def forgotten_flowers(result: dict) -> int:
    """Forgets the flowers: each flower's point left out."""
    return -sum(f["points"] * f.get("count", 1) for f in result.get("fans", []) if f["key"] == "flower_tiles")


def added_patterns(result: dict) -> int:
    """Adds 九江 patterns: every pattern the hand has, summed, then the table's base, multipliers and cap as usual."""
    patterns = result.get("patterns") or []
    if len(patterns) < 2:
        return 0
    table = result["table"]
    chosen = next(p for p in patterns if p["chosen"])
    value = sum(p["value"] for p in patterns)
    if table["base_added"] and chosen["key"] != "ping_hu":
        value += table["base"]
    for multiplier in result["multipliers"]:
        value *= multiplier["factor"]
    if result["cap"] is not None:
        value = min(value, result["cap"])
    return value - result["total"]


def doubled_bloom(result: dict) -> int:
    """Doubles a 九江 kong bloom again for the self-draw: one ×2 more where the hand has 杠上开花, then the cap."""
    if not any(m["key"] == "kong_bloom" for m in result.get("multipliers", [])):
        return 0
    value = result["before_cap"] * 2
    if result["cap"] is not None:
        value = min(value, result["cap"])
    return value - result["total"]


@dataclass(frozen=True)
class Learner:
    key: str
    rules: str
    words: str
    change: Callable[[dict], int]  # the misconception's difference to a hand's total
    names: Callable[[str], bool]  # whether a weakness tag names the misconception
    ticks: Callable[[dict, list[str]], list[str]] = lambda result, keys: keys  # the fans it ticks, given the right ones


def _tick_honour_terminals(result: dict, keys: list[str]) -> list[str]:
    return [*keys, PUNG_OF_TERMINALS] if honour_pung_terminals(result) and PUNG_OF_TERMINALS not in keys else keys


LEARNERS = (
    Learner(
        "honour_pung_terminals",
        "gb",
        "counts 幺九刻 under a wind or dragon pung",
        honour_pung_terminals,
        lambda tag: (
            tag == f"misconception:counts_excluded:{PUNG_OF_TERMINALS}"
            or (tag.startswith("exclusion:") and tag.endswith(f">{PUNG_OF_TERMINALS}"))
        ),
        _tick_honour_terminals,
    ),
    Learner(
        "forgets_flowers",
        "gb",
        "forgets the flowers",
        forgotten_flowers,
        lambda tag: tag == "misconception:forgets_flowers",
        lambda result, keys: [k for k in keys if k != "flower_tiles"],
    ),
    Learner(
        "adds_patterns",
        "jiujiang",
        "adds 九江 patterns instead of taking the highest",
        added_patterns,
        lambda tag: tag == "misconception:adds_patterns",
    ),
    Learner(
        "double_bloom",
        "jiujiang",
        "doubles a 九江 kong bloom again for the self-draw",
        doubled_bloom,
        lambda tag: tag == "misconception:double_bloom",
    ),
)


# ---------------------------------------------------------------- answering through the page


def learners_answer(learner: Learner, result: dict) -> object:
    """What this learner answers to a question: the engine's answer where its misconception changes nothing."""
    q, answer = result["question"], result["answer"]
    explained = result["explanation"]
    if q["answer_type"] == "number":
        return answer + learner.change(explained)
    if q["answer_type"] == "keys":
        offered = {c["key"] for c in q["choices"]}
        return sorted(k for k in learner.ticks(explained, list(answer)) if k in offered)
    return answer


def submit(host, result: dict, given) -> None:
    """Answer from the keyboard and pointer as a learner does (the forms of question-view.js)."""
    q, kind = result["question"], result["question"]["answer_type"]
    if kind == "number":
        box = host.locator("[data-answer]")
        box.fill(str(given))
        box.press("Enter")
    elif kind == "boolean":
        host.locator(f'.yes-no button[value="{str(given).lower()}"]').click()
    elif kind == "key":
        host.locator(f'.answer input[value="{given}"]').check()
        host.locator(".answer button[type=submit]").click()
    elif kind == "keys":
        for c in q["choices"]:
            host.locator(f'.answer input[value="{c["key"]}"]').set_checked(c["key"] in given)
        host.locator(".answer button[type=submit]").click()
    elif kind == "tiles":
        for button in host.locator(".pick[aria-pressed]").all():
            if (button.get_attribute("aria-pressed") == "true") != (button.get_attribute("data-tile") in given):
                button.click()
        host.locator(".answer button[type=submit]").click()
    host.page.wait_for_function("(el) => el.dataset.verdict", arg=host.element_handle())


def answer_one(page, learner: Learner) -> dict:
    """Answer the question on the practice page as the learner would; -> {asked, right, tags}. A leech's "learn it
    again" is skipped (the learner goes on practising)."""
    host = page.locator("#question")
    page.wait_for_function(
        "(el) => ['asking', 'teaching'].includes(el.dataset.state)", arg=host.element_handle(), timeout=BOOT_MS
    )
    if host.get_attribute("data-state") == "teaching":
        page.locator(".skip-leech").click()
        page.wait_for_function("(el) => el.dataset.state === 'asking'", arg=host.element_handle(), timeout=BOOT_MS)
    asked = json.loads(host.get_attribute("data-asked"))
    result = handle(asked)
    assert result["ok"], result
    given = learners_answer(learner, result)
    submit(host, result, given)
    right = host.get_attribute("data-verdict") == "right"
    if not right:  # the review is kept once the diagnosis is in
        page.wait_for_function(
            "(el) => el.querySelector('.diagnosis')?.dataset.diagnosis !== 'pending'", arg=host.element_handle()
        )
        page.locator("#question .reveal").click()
    return {"asked": asked, "right": right, "tags": json.loads(host.get_attribute("data-tags") or "[]"), "given": given}


def first_weakness(page, site: str, rules: str) -> str | None:
    page.goto(f"{site}/progress.html", timeout=BOOT_MS)
    page.wait_for_function("() => document.querySelector('#record-about')?.textContent.trim()", timeout=BOOT_MS)
    first = page.locator(f"#progress-{rules} li[data-weakness]").first
    return first.get_attribute("data-weakness") if first.count() else None


@dataclass
class Outcome:
    learner: Learner
    answers: int | None = None  # answers until the progress page named the misconception first
    named: str | None = None
    wrong: int = 0
    followed: int = 0  # of the FOLLOW questions after "Practise this", those carrying the tag
    trace: list = field(default_factory=list)
    errors: list = field(default_factory=list)

    @property
    def meets_targets(self) -> bool:
        return self.answers is not None and self.answers <= TARGET_ANSWERS and self.followed >= TARGET_FOLLOW


# The page draws its seeds from crypto.getRandomValues; a seeded run replaces that source (and nothing else) with a
# small deterministic generator, so that a test sees the same questions every run.
SEEDED_RANDOM = """(() => {
  let state = %d >>> 0;
  const next = () => {
    state = (state + 0x6D2B79F5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  crypto.getRandomValues = (array) => { for (let i = 0; i < array.length; i += 1) array[i] = next(); return array; };
})();"""


def simulate(
    context, site: str, learner: Learner, most: int = MOST_ANSWERS, follow: int = FOLLOW, seed: int | None = None
) -> Outcome:
    """One learner from an empty record, in `context` (a fresh browser context: its own storage); with `seed`, the
    page's random seeds are drawn from a generator seeded with it (the same questions every run)."""
    if seed is not None:
        context.add_init_script(SEEDED_RANDOM % seed)
    outcome = Outcome(learner)
    practice = context.new_page()
    progress = context.new_page()
    # a script error on either page is part of the outcome (and fails the test), not a silent stall
    for page in (practice, progress):
        page.on("pageerror", lambda error: outcome.errors.append(str(error)))
    practice.goto(f"{site}/practice.html#rules={learner.rules}&kind=points")
    for n in range(1, most + 1):
        done = answer_one(practice, learner)
        outcome.wrong += not done["right"]
        first = first_weakness(progress, site, learner.rules)
        outcome.trace.append((done["asked"].get("topic"), done["right"], first))
        if first and learner.names(first):
            outcome.answers, outcome.named = n, first
            break
        practice.locator(".next-question").click()
    if outcome.named is None:
        return outcome
    link = progress.locator(f'#progress-{learner.rules} li[data-weakness="{outcome.named}"] a[href*="focus="]').first
    link.click()
    for _ in range(follow):
        done = answer_one(progress, learner)
        outcome.followed += outcome.named in done["tags"]
        progress.locator(".next-question").click()
    return outcome
