"""A rule set registered at run time is answered, described and offered by the CLI like the built-in ones:
adding a rule set is its engine module plus its description (docs/architecture.md, "Adding a rule set")."""

from __future__ import annotations

import pytest
import suanfan_toy
from suanfan_toy.ruleset import RULESETS as TOY_RULESETS

from suanfan import cli
from suanfan.api import handle
from suanfan.rulesets import RULESETS, register, unregister


@pytest.fixture
def toy():
    register(TOY_RULESETS[0])
    yield suanfan_toy.KEY
    unregister(suanfan_toy.KEY)
    assert suanfan_toy.KEY not in RULESETS


def test_it_answers_and_describes_itself(toy):
    result = handle({"hand": "1133m557799p22sEE", "rules": toy, "lucky": True, "house": {"pair_value": 3}})
    assert result["ok"] and result["total"] == 7 * 6
    described = handle({"action": "describe", "rules": toy})
    assert [f["key"] for f in described["fields"]] == ["lucky", "house.pair_value"]
    assert toy in [r["key"] for r in handle({"action": "describe", "rules": "gb"})["rulesets"]]
    refused = handle({"hand": "1133m557799p22sEE", "rules": toy, "house": {"pair_value": 10}})
    assert refused["error"]["code"] == "bad_value" and refused["error"]["key"] == "house.pair_value"


def test_the_command_line_offers_its_fields(toy, capsys):
    assert cli.main(["score", "1133m557799p22sEE", "--rules", toy, "--lucky", "--house", "pair_value=2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("玩具规则 Toy rules") and "合计 total: 28" in out
    assert cli.main(["describe", "--rules", toy]) == 0
    assert "pair_value = 1  (1–9)  每对分值 points per pair" in capsys.readouterr().out


def test_unregistered_it_is_unknown():
    assert handle({"hand": "1133m557799p22sEE", "rules": suanfan_toy.KEY})["error"]["code"] == "unknown_rules"


def test_its_practice_sheet_and_reference_are_its_engines_answers(toy):
    asked = handle({"action": "question", "rules": toy, "kind": "points", "topic": "pairs", "seed": 5})
    assert asked["ok"] and asked["answer"] == handle(asked["question"]["request"])["total"]
    again = handle({"action": "question", "rules": toy, "kind": "points", "topic": "pairs", "seed": 5})
    assert again == asked  # a question is a pure function of its request
    house = {"pair_value": 2}
    row = {"winner": 1, "dealer": 0, "discarder": 3, "hand": "1133m557799p22sEE", "lucky": True}
    settled = handle({"action": "settle", "rules": toy, "house": house, "rows": [row]})
    scored = handle({"hand": row["hand"], "rules": toy, "lucky": True, "house": house})["total"]
    assert settled["rows"][0]["payments"] == [0, scored, 0, -scored] and settled["totals"] == [0, 28, 0, -28]
    (card,) = handle({"action": "reference", "rules": toy})["cards"]
    first = card["rows"][0]
    assert [c["key"] for c in card["columns"]] == list(first)
    assert first["lucky"] == handle({"hand": first["hand"], "rules": toy, "lucky": True})["total"] == 2 * first["plain"]
