"""The command line, run as a real process: `python -m suanfan score` and `batch`."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from suanfan.api import handle

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def run(*args, stdin=None):
    env = dict(os.environ, PYTHONPATH=str(ENGINE), PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "suanfan", *args], input=stdin, capture_output=True, text=True, env=env, timeout=60
    )


def test_score_is_readable():
    proc = run("score", "[5555p1]222m777s99sEE9s", "--self-drawn", "--dealer", "--table", "base_added=true")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "碰碰胡" in out and "1 + 2 = 3" in out
    assert "× 2 自摸 self-drawn = 6" in out and "× 2 庄家 dealer = 12" in out
    assert out.strip().splitlines()[-2] == "合计 total: 12"


@pytest.mark.parametrize("rules", ["gb", "gb98"])
def test_score_draws_each_counted_fan_with_its_sets(rules):
    """Guobiao's rows carry the sets each fan was found in: drawn by their notation, after the row's status."""
    proc = run("score", "--rules", rules, "123m456m789m123p55p")
    assert proc.returncode == 0, proc.stderr
    line = next(line for line in proc.stdout.splitlines() if "清龙 Pure Straight" in line)
    assert line.split()[-3:] == ["123m", "456m", "789m"]
    assert proc.stdout.strip().splitlines()[-1] == "合计 total: 23"


def test_score_json_matches_the_api():
    from suanfan.api import dumps, handle

    proc = run("score", "1133m557799p22sEE", "--kong", "--table", "payment=discarder_pays_all", "--json")
    assert proc.returncode == 0
    expected = handle(
        {"hand": "1133m557799p22sEE", "rules": "jiujiang", "kong": True, "table": {"payment": "discarder_pays_all"}}
    )
    assert proc.stdout.strip() == dumps(expected)
    assert json.loads(proc.stdout)["total"] == 8


def test_bad_hand_gives_a_coded_error_and_no_traceback():
    proc = run("score", "123m45x")
    assert proc.returncode == 1
    assert "unknown_char" in proc.stdout and "无法识别" in proc.stdout and "Unknown character" in proc.stdout
    assert proc.stdout.splitlines()[-1].index("^") == 2 + len("123m45")
    assert "Traceback" not in proc.stdout + proc.stderr


def test_bad_option_value_is_an_error_result():
    proc = run("score", "123m456p789s234sEE", "--table", "base=0")
    assert proc.returncode == 1
    assert "bad_value" in proc.stdout and "Traceback" not in proc.stderr


def test_set_dotted_keys():
    proc = run("score", "123m456p789s234sEE", "--set", "table.base=3", "--json")
    assert json.loads(proc.stdout)["total"] == 3


def test_batch_keeps_order_and_survives_bad_lines():
    lines = [
        json.dumps({"hand": "123m456p789s234sEE"}),
        "this is not json",
        json.dumps({"hand": "11112233445566m", "self_drawn": True}),
        json.dumps({"hand": "1m"}),
        "",
        json.dumps({"hand": "123456789p234p55p", "self_drawn": True, "dealer": True}),
    ]
    proc = run("batch", stdin="\n".join(lines) + "\n")
    assert proc.returncode == 0, proc.stderr
    results = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(results) == len(lines)
    assert [r["ok"] for r in results] == [True, False, True, False, False, True]
    assert results[0]["total"] == 1
    assert results[1]["error"]["code"] == "bad_json" and results[1]["error"]["line"] == 2
    assert results[2]["total"] == 16
    assert results[3]["error"]["code"] == "too_few_tiles"
    assert results[4]["error"]["line"] == 5
    assert results[5]["total"] == 16 and results[5]["capped"]


def test_describe_lists_the_fields_with_defaults_and_ranges():
    proc = run("describe", "--rules", "gb")
    assert proc.returncode == 0, proc.stderr
    assert "two_concealed_kongs = 8  (6 | 8)" in proc.stdout
    assert 'seat_wind = "E"  (E | S | W | N)' in proc.stdout
    from suanfan.api import dumps, handle

    proc = run("describe", "--rules", "jiujiang", "--json")
    assert proc.stdout.strip() == dumps(handle({"action": "describe", "rules": "jiujiang"}))


def test_options_come_from_the_descriptions():
    """Every top-level field of every rule set is an option of `score`, named after its key."""
    from suanfan.rulesets import descriptions

    help_text = run("score", "--help").stdout
    for description in descriptions():
        for field in description["fields"]:
            if not field["section"]:
                assert "--" + field["key"].replace("_", "-") in help_text, field["key"]
    proc = run(
        "score",
        "[1111m][9999p]123s456s77s",
        "--rules",
        "gb98",
        "--variant",
        "two_concealed_kongs=8",
        "--seat-wind",
        "S",
        "--json",
    )
    result = json.loads(proc.stdout)
    assert result["total"] == 14 and result["variants"]["two_concealed_kongs"] == 8
    assert result["situation"]["seat_wind"] == "S"


def test_waits_on_the_command_line():
    proc = run("score", "[5555p1]222m77799sEE", "--waits")
    assert proc.returncode == 0, proc.stderr
    assert "9s 九条: 2" in proc.stdout and "E 东风: 2" in proc.stdout


def test_batch_answers_every_line_of_a_file_of_malformed_lines_in_utf8(tmp_path):
    """Each line gets exactly one answer line, valid UTF-8 JSON, and the lines after a bad one are still answered:
    JSON nested past the parser, lone surrogates, bytes that are not UTF-8, a line of megabytes, huge numbers."""
    good = json.dumps({"hand": "123m456p789s234sEE"}).encode()
    lines = [
        (b"[" * 1497, "too_deep"),
        (b'{"hand":"\\ud800"}', "unknown_char"),
        (good, None),
        (b'{"hand":"12\xff\xfe3m"}', "bad_utf8"),
        (b'{"hand":"' + b"1m" * 600_000 + b'"}', "request_too_long"),
        (json.dumps({"hand": "1m" * 20_000}).encode(), "hand_too_long"),
        (b'{"hand":"123m456p789s234sEE","flowers":' + b"9" * 5000 + b"}", "bad_json"),
        (b'{"rules":"gb","hand":"[SSSS][EEEE]123m456p9s9s","variants":{"two_concealed_kongs":6.0}}', "bad_value"),
        (b'{"rules":"jiujiang","table":{"base":{"x":{"y":1}}}}', "too_deep"),
        (b"\xef\xbb\xbf" + good, "bad_json"),  # a byte-order mark is not JSON
        (b"\x00", "bad_json"),
        (b"null", "bad_request"),
        (good + b"\r", None),
        (b"", "bad_json"),
        (good, None),
    ]
    path = tmp_path / "malformed.jsonl"
    path.write_bytes(b"\n".join(line for line, _ in lines) + b"\n")
    env = dict(os.environ, PYTHONPATH=str(ENGINE), LC_ALL="C")  # no UTF-8 locale: the output is UTF-8 anyway
    env.pop("PYTHONIOENCODING", None)
    with path.open("rb") as stdin:
        proc = subprocess.run(
            [sys.executable, "-m", "suanfan", "batch"], stdin=stdin, capture_output=True, env=env, timeout=120
        )
    assert proc.returncode == 0 and proc.stderr == b"", proc.stderr.decode("utf-8", "replace")[-2000:]
    answers = [json.loads(line.decode("utf-8")) for line in proc.stdout.split(b"\n")[:-1]]
    assert len(answers) == len(lines)
    for number, ((_, code), answer) in enumerate(zip(lines, answers), start=1):
        if code is None:
            assert answer["ok"] and answer["total"] == 1, (number, answer)
        else:
            error = answer["error"]
            assert error["code"] == code, (number, error)
            assert error["message"]["zh"] and error["message"]["en"]
            if code in ("bad_json", "bad_utf8", "request_too_long"):
                assert error["line"] == number
    assert answers[3]["error"]["byte1"] == len(b'{"hand":"12') + 1


def test_score_with_bytes_no_terminal_can_decode_is_a_coded_error():
    env = dict(os.environ, PYTHONPATH=str(ENGINE), LC_ALL="C.UTF-8")
    proc = subprocess.run(
        [sys.executable, "-m", "suanfan", "score", b"12\xff3m"], capture_output=True, env=env, timeout=60
    )
    out = proc.stdout.decode("utf-8")
    assert proc.returncode == 1 and "unknown_char" in out and "Traceback" not in proc.stderr.decode()
    assert "12\ufffd3m" in out and out.splitlines()[-1].index("^") == 2 + 2


def test_hand_reading_on_the_command_line():
    """`--action analyse`: every discard in a readable line, the engine's own figures; a hand of another size is a
    coded error naming the sizes that work, with no traceback."""
    hand = "123m456p789s1z23p5m9p"
    done = run("score", "--rules", "gb", "--action", "analyse", hand)
    assert done.returncode == 0, done.stderr
    reading = handle({"rules": "gb", "action": "analyse", "hand": hand})
    lines = done.stdout.splitlines()
    assert lines[0].startswith("牌理 hand reading")
    for line, discard in zip(lines[1:], reading["discards"]):
        assert line.startswith(f"  打 {discard['tile']}: 向听 shanten {discard['shanten']}")
        assert f"有效牌 useful {discard['useful_count']}" in line
    assert f"按价值 by value: {' '.join(reading['order']['value'])}" in done.stdout
    bad = run("score", "--rules", "jiujiang", "--action", "analyse", "112m")
    assert bad.returncode == 1 and "analyse_size" in bad.stdout and "Traceback" not in bad.stderr
