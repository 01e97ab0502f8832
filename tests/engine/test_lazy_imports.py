"""Booting the engine imports only what scoring needs: practice and the score sheet are imported when a request
first asks for them (rulesets.py), so every page that boots the engine in Pyodide imports less. Checked in a fresh
interpreter, since this test run has imported everything long ago."""

import json
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"

PROBE = """
import json, sys
import suanfan.api as api
# practice (suanfan.practice and each rule set's plug-in) and each rule set's score sheet; not suanfan.sheet itself,
# the small module every settle request's depth is checked by
later = lambda m: ".practice" in m or (m.endswith(".sheet") and m != "suanfan.sheet")
loaded = lambda: sorted(m for m in sys.modules if m.startswith("suanfan.") and later(m))
out = {"import": loaded()}
out["score"] = [api.handle({"hand": "123m456p789s11z234p"})["ok"], api.handle({"rules": "gb", "hand": "[123m][456p]789s11z23p4p"})["ok"], loaded()]
out["question"] = [api.handle({"action": "question", "rules": "gb", "kind": "name", "topic": "mixed", "seed": 3})["ok"], loaded()]
out["settle"] = [api.handle({"action": "settle", "rules": "jiujiang", "rows": []})["ok"], loaded()]
print(json.dumps(out))
"""


def test_practice_and_the_sheet_are_imported_when_first_asked_for():
    run = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, cwd=ENGINE, check=True)
    out = json.loads(run.stdout)
    assert out["import"] == []
    ok_jj, ok_gb, loaded = out["score"]
    assert ok_jj and ok_gb and loaded == []
    ok, loaded = out["question"]
    assert ok and {"suanfan.practice.question", "suanfan.gb.practice"} <= set(loaded)
    assert not any(m.startswith("suanfan.jiujiang.practice") for m in loaded)  # only the rule set asked
    ok, loaded = out["settle"]
    assert ok and "suanfan.jiujiang.sheet" in loaded
