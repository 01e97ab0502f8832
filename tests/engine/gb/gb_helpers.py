"""Small helpers shared by the Guobiao tests."""

from suanfan.api import handle


def score(hand: str, rules: str = "gb98", **situation) -> dict:
    result = handle({"hand": hand, "rules": rules, **situation})
    assert result["ok"], result.get("error")
    return result


def counted(result: dict) -> dict:
    """{fan key: count} of the counted fans (flowers included)."""
    return {f["key"]: f["count"] for f in result["fans"]}


def excluded_by(result: dict) -> dict:
    """{fan key: set of (by, principle)} of the fans present but not counted."""
    out: dict = {}
    for e in result["excluded"]:
        out.setdefault(e["key"], set()).add((e["by"], e["principle"]))
    return out


def error(request: dict) -> dict:
    result = handle(request)
    assert not result["ok"], result
    return result["error"]
