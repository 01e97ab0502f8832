"""The budgets of the practice searches (docs/practice.md, "How long a question may search"): a search that cannot
succeed stops after its budget of attempts, counted here by instrumented tests and by the searches' own counts,
never by time, and the request is answered with the typed error no_question_here.

  supply.CONSTRUCT_BUDGET     candidate deals one pass of a construction tests
  question.FOCUS_BUDGET       the tests a focus request's questions may make in all before it settles
  kinds.REVERSE_NEAR_MOST     neighbours a hand_of_fan question looks at for its near-miss choices
"""

from __future__ import annotations

import pytest

from suanfan.api import handle
from suanfan.jiujiang.practice import JiujiangPractice, aims
from suanfan.jiujiang.practice.judge import JiujiangJudge
from suanfan.practice import kinds, question, supply
from suanfan.practice.draw import Draw
from suanfan.practice.supply import CONSTRUCT_BUDGET, Aim, BudgetSpent, NoDeal, Tally, construct
from suanfan.rulesets import RULESETS

BIG_POOL = aims.ALL_JIUJIANG * 40  # far more templates than a budget can try


class Counter:
    """A test of candidate deals that counts its calls and answers `answer`."""

    def __init__(self, answer: bool = False):
        self.calls = 0
        self.answer = answer

    def __call__(self, deal) -> bool:
        self.calls += 1
        return self.answer


def judge():
    return RULESETS["jiujiang"].practice().judge()


def test_a_construction_that_cannot_succeed_stops_at_its_budget():
    keep, relaxed = Counter(), Counter()
    tally = Tally()
    with pytest.raises(BudgetSpent):
        construct(Aim(BIG_POOL, keep, relaxed=relaxed), judge(), Draw("budget"), tally)
    assert keep.calls == relaxed.calls == CONSTRUCT_BUDGET  # each pass: the budget, not one test more
    assert tally.tests == 2 * CONSTRUCT_BUDGET  # the construction's own count agrees


def test_every_test_of_a_dressed_search_counts():
    """The tiles' test, each variation and each dressing: all of them spend the one budget."""
    keep, tiles = Counter(), Counter(answer=True)
    with pytest.raises(BudgetSpent):
        construct(Aim(BIG_POOL, keep, dress=lambda deal, draw: deal, tiles_keep=tiles), judge(), Draw("dressed"))
    assert keep.calls + tiles.calls == CONSTRUCT_BUDGET
    assert keep.calls > 0 and tiles.calls > 0


def test_a_small_pool_that_fails_is_no_budget_spent():
    """A pool tried in full within the budget is a plain NoDeal (a gap in the data at the sheet's table: a bug)."""
    keep = Counter()
    with pytest.raises(NoDeal) as raised:
        construct(Aim(aims.ALL_JIUJIANG[:3], keep), judge(), Draw("small"))
    assert not isinstance(raised.value, BudgetSpent) and keep.calls == 3


def test_a_deal_found_before_the_budget_runs_out_is_kept():
    """A budget that runs out while a found deal is varied keeps the deal as varied so far."""
    keep = Counter(answer=True)
    found = construct(Aim(BIG_POOL, keep), judge(), Draw("found"), budget=1)
    assert keep.calls == 1 and found is not None


@pytest.fixture
def hopeless(monkeypatch):
    """Every 九江 aim a pool of far more templates than the budget, whose test never passes; the test counts."""
    keep = Counter()
    monkeypatch.setattr(JiujiangPractice, "aim_for", staticmethod(lambda focus, judge, kind: Aim(BIG_POOL, keep)))
    return keep


def test_a_question_whose_search_cannot_succeed_is_no_question_here(hopeless):
    result = handle({"action": "question", "rules": "jiujiang", "kind": "points", "topic": "ping_hu", "seed": 0})
    assert result["error"]["code"] == "no_question_here", result
    assert str(CONSTRUCT_BUDGET) in result["error"]["message"]["zh"]
    assert str(CONSTRUCT_BUDGET) in result["error"]["message"]["en"]
    assert hopeless.calls == CONSTRUCT_BUDGET


def test_a_mixed_question_tries_its_members_within_their_budgets(hopeless):
    result = handle(
        {"action": "question", "rules": "jiujiang", "kind": "points", "topic": "mixed", "seed": 0, "table": {"base": 2}}
    )
    assert result["error"]["code"] == "no_question_here", result
    assert hopeless.calls == (question.FOCUS_TRIES + 1) * CONSTRUCT_BUDGET  # the drawn member and 8 more


def test_a_focus_request_stops_once_its_questions_spent_the_focus_budget(hopeless, monkeypatch):
    tried = []
    real_question = question.question
    monkeypatch.setattr(question, "question", lambda *args, **kwargs: tried.append(1) or real_question(*args, **kwargs))
    result = handle({"action": "question", "rules": "jiujiang", "focus": "pattern:qi_dui", "seed": 0})
    assert result["error"]["code"] == "no_question_here", result
    assert question.FOCUS_BUDGET <= CONSTRUCT_BUDGET  # one hopeless question is the whole budget
    assert len(tried) == 1 < question.FOCUS_QUESTION_TRIES and hopeless.calls == CONSTRUCT_BUDGET


def test_a_table_that_makes_the_hand_rare_settles_for_the_relaxed_hand(monkeypatch):
    """At extra_quad plus4 a hand whose total the convention changes needs two quads: this seed's search spends its
    budget, and the question asks a win at that table instead; with no budget to speak of, the search finds one."""
    request = {
        "action": "question",
        "rules": "jiujiang",
        "kind": "pay",
        "topic": "table_conventions",
        "seed": 1,
        "table": {"extra_quad": "plus4"},
    }
    passes = []
    real_tests = supply.Tests

    class Recorded(real_tests):
        __slots__ = ()

        def __init__(self, budget):
            super().__init__(budget)
            passes.append(self)

    monkeypatch.setattr(supply, "Tests", Recorded)
    settled = handle(request)
    assert settled["ok"] and [p.used for p in passes][0] == CONSTRUCT_BUDGET
    asked = settled["question"]["request"]
    assert asked["table"] == {"extra_quad": "plus4"}
    sheet = handle({k: v for k, v in asked.items() if k != "table"})
    assert settled["explanation"]["payments"] == sheet["payments"]  # the convention changes nothing here
    monkeypatch.setattr(supply, "CONSTRUCT_BUDGET", 10**6)
    found = handle(request)["question"]["request"]
    assert handle(found)["payments"] != handle({k: v for k, v in found.items() if k != "table"})["payments"]


def test_a_hand_of_fan_question_looks_at_a_bounded_number_of_neighbours(monkeypatch):
    """Neighbours without end, none of them a choice, no relatives and no near miss of the course's: the question
    looks at REVERSE_NEAR_MOST neighbours and stops."""
    seen = Counter()

    def endless(deal, judge, draw, situational_first=False):
        while True:
            seen(deal)
            yield deal, {"type": "tile"}

    monkeypatch.setattr(kinds, "neighbours", endless)
    monkeypatch.setattr(JiujiangJudge, "relatives", staticmethod(lambda key: ([], [])))
    monkeypatch.setattr(JiujiangPractice, "fallback_near_misses", staticmethod(lambda focus: ()))
    seed = next(
        s
        for s in range(40)
        if handle({"action": "question", "rules": "jiujiang", "kind": "name", "topic": "qi_dui", "seed": s})[
            "question"
        ]["direction"]
        == "hand_of_fan"
    )
    seen.calls = 0
    result = handle({"action": "question", "rules": "jiujiang", "kind": "name", "topic": "qi_dui", "seed": seed})
    assert result["ok"] and len(result["question"]["choices"]) == 1, result.get("error")
    assert seen.calls == kinds.REVERSE_NEAR_MOST + 1
