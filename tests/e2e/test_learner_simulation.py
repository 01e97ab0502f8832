"""Scripted learners with one misconception each (tests/learner_simulation.py) practise through the real practice
page in Chromium; the progress page must name each misconception first within 40 answers, and its
"Practise this" must then ask at least 8 of 10 questions on it. The page's random seeds come from a seeded
generator here (one per learner), so a run is the same every time; tests/bench_learner.py measures unseeded runs."""

from __future__ import annotations

import pytest
from learner_simulation import FOLLOW, LEARNERS, TARGET_ANSWERS, TARGET_FOLLOW, simulate
from playwright.sync_api import Browser


@pytest.mark.parametrize("learner", LEARNERS, ids=lambda lr: lr.key)
def test_a_scripted_misconception_is_named_first_and_practised(browser: Browser, site_url: str, learner):
    context = browser.new_context(service_workers="block")  # offline copies are not what is measured
    try:
        outcome = simulate(context, site_url, learner, seed=sum(map(ord, learner.key)))
    finally:
        context.close()
    assert not outcome.errors, outcome.errors
    trace = "\n".join(
        f"{n:3} {topic} {'right' if right else 'WRONG'} first: {first}"
        for n, (topic, right, first) in enumerate(outcome.trace, 1)
    )
    assert outcome.answers is not None and outcome.answers <= TARGET_ANSWERS, trace
    assert learner.names(outcome.named)
    assert outcome.wrong >= 2  # named from its misses, not from nothing
    assert outcome.followed >= TARGET_FOLLOW, f"{outcome.followed} of {FOLLOW} on {outcome.named}"
