"""A rule set is one package: the registry finds the rule sets without naming them (built-in ones by looking,
installed ones through entry points), and a rule set's reference facts come through the façade
(`action: "reference"`, gb/reference.py) — the tables the Guobiao course shows, computed by the engine."""

from __future__ import annotations

import json
from pathlib import Path

import suanfan_toy
from suanfan_toy.ruleset import RULESETS as TOY_RULESETS

from suanfan import rulesets
from suanfan.api import handle
from suanfan.catalogue import LANGUAGES
from suanfan.gb import reference as R
from suanfan.gb.fans import FAN_BY_KEY, FANS
from suanfan.gb.profiles import SWITCHES, exclusions

ENGINE = Path(rulesets.__file__).parent


def test_the_registry_finds_every_rule_set_package_in_its_order():
    packages = sorted(p.parent.name for p in ENGINE.glob("*/ruleset.py"))
    assert sorted({r.handle.__module__.split(".")[1] for r in rulesets.RULESETS.values()}) == packages
    assert list(rulesets.RULESETS)[:3] == ["jiujiang", "gb", "gb98"]  # each ruleset.py's ORDER
    assert rulesets.default().key == "jiujiang"
    assert handle({"hand": "123m456m789m123p55p"})["rules"] == rulesets.default().key


def test_no_module_outside_a_rule_sets_package_names_one():
    keys = [r.key for r in rulesets.RULESETS.values()]
    own = {p.parent for p in ENGINE.glob("*/ruleset.py")}
    for path in ENGINE.rglob("*.py"):
        if any(folder in path.parents for folder in own):
            continue
        text = path.read_text(encoding="utf-8")
        assert not [k for k in keys if f'"{k}"' in text or f"'{k}'" in text], path


def test_an_installed_rule_set_is_found_through_its_entry_point(monkeypatch):
    class Entry:
        def load(self):
            return type("Module", (), {"RULESETS": (TOY_RULESETS[0],)})

    asked = []
    monkeypatch.setattr("importlib.metadata.entry_points", lambda group: asked.append(group) or [Entry()])
    rulesets.reset_installed()
    try:
        assert handle({"rules": suanfan_toy.KEY, "hand": "123m456m789m123p55p"})["rules"] == suanfan_toy.KEY
        assert asked == [rulesets.ENTRY_POINTS]
        handle({"rules": "nothing-such", "hand": "1m"})
        assert asked == [rulesets.ENTRY_POINTS]  # looked for once, not on every unknown key
    finally:
        rulesets.unregister(suanfan_toy.KEY)
        rulesets.reset_installed()


def reference() -> dict:
    return json.loads(json.dumps(handle({"action": "reference", "rules": "gb"})))


def test_the_reference_is_the_engines_own_fan_table_and_lists():
    ref = reference()
    assert ref["ok"] and ref["action"] == "reference" and ref["rules"] == "gb"
    assert [f["key"] for f in ref["fans"]] == [f.key for f in FANS] and len(ref["fans"]) == 81
    assert all(f["points"] == FAN_BY_KEY[f["key"]].points for f in ref["fans"])
    assert ref["minimum"] == 8 and ref["point_levels"][0] == 88 and len(ref["point_levels"]) == 12
    for profile in R.PROFILES:
        assert ref["exclusions"][profile] == {
            k: [{"key": e.key, **{f"when_{lang}": (e.when or {}).get(lang, "") for lang in LANGUAGES}} for e in v]
            for k, v in exclusions(profile).items()
        }
    assert [s["key"] for s in ref["switches"]] == [s.key for s in SWITCHES]


def test_the_reference_scores_its_tables_as_a_page_would():
    ref = reference()
    assert len(ref["kongs"]) == 9
    for row in ref["kongs"]:
        for _profile, scored in row["profiles"].items():
            assert scored["result"] == json.loads(json.dumps(handle(scored["request"])))
            assert scored["has_base"]
    seed = next(h for h in ref["maximum"]["hands"] if h["id"] == "seed")
    assert seed["profiles"]["gb"]["result"]["total"] == ref["seed_maximum"] == 332


def test_a_reference_request_is_checked_and_a_rule_set_without_one_says_so():
    assert handle({"action": "reference", "rules": "gb", "hand": "1m"})["error"]["code"] == "unknown_key"
    error = handle({"action": "reference", "rules": "jiujiang"})["error"]
    assert error["code"] == "kind_not_applicable"
    # an action, named as one (the code is the one a question kind a topic does not take gets)
    assert error["message"]["en"] == (
        "The action 'reference' does not apply to the rules 'jiujiang' (they have no reference tables)."
    )
    assert error["message"]["zh"] == "操作“reference”不适用于规则“jiujiang”(它没有参考表)。"
