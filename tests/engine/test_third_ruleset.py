"""A rule set registered at run time is answered, described and offered by the CLI like the built-in ones:
adding a rule set is its engine module plus its description (docs/architecture.md, "Adding a rule set")."""

from __future__ import annotations

import pytest
import toy_ruleset

from suanfan import cli
from suanfan.api import handle
from suanfan.rulesets import RULESETS, register, unregister


@pytest.fixture
def toy():
    register(toy_ruleset.RULESET)
    yield toy_ruleset.KEY
    unregister(toy_ruleset.KEY)
    assert toy_ruleset.KEY not in RULESETS


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
    assert handle({"hand": "1133m557799p22sEE", "rules": toy_ruleset.KEY})["error"]["code"] == "unknown_rules"
