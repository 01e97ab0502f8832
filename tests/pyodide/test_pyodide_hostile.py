"""Hostile JSON through the real worker engine (Pyodide under Node): the same typed errors as CPython, byte for
byte, and the engine still answers afterwards.

Pyodide runs out of stack long before CPython does: JSON 20,000 levels deep once overflowed the JavaScript stack
there ("Pyodide has suffered a fatal error") and took the engine down; suanfan.api refuses it unparsed now.
"""

import json

from suanfan.api import MAX_REQUEST_CHARS, handle_json

NORMAL = json.dumps({"hand": "123m456p789s234sEE"})
HOSTILE = [
    "[" * 1497,
    "[" * 20_000 + "]" * 20_000,
    '{"a":' * 10_000 + "1" + "}" * 10_000,
    "[1," * 21_000,
    '{"hand":"\\ud800"}',
    '{"rules":"gb","hand":"' + "[" * 30_000 + '"}',  # brackets inside a string are not nesting
    json.dumps({"hand": "1m" * (MAX_REQUEST_CHARS // 2)}),
    json.dumps({"hand": "1m" * 20_000}),
    '{"rules":"jiujiang","table":{"base":{"x":{"y":1}}}}',
    '{"rules":"gb","hand":"[SSSS][EEEE]123m456p9s9s","variants":{"two_concealed_kongs":6.0}}',
    NORMAL,
]


def test_pyodide_refuses_hostile_json_as_cpython_does_and_keeps_answering(run_node, tmp_path):
    requests = tmp_path / "hostile.jsonl"
    requests.write_text("\n".join(HOSTILE) + "\n", encoding="utf-8")
    expected = [handle_json(line) for line in HOSTILE]
    codes = [json.loads(answer).get("error", {}).get("code") for answer in expected]
    assert codes == [
        "too_deep",
        "too_deep",
        "too_deep",
        "too_deep",
        "unknown_char",
        "hand_too_long",
        "request_too_long",
        "hand_too_long",
        "too_deep",
        "bad_value",
        None,
    ]
    done = run_node("run_requests.mjs", requests)
    got = done.stdout.decode("utf-8").split("\n")[:-1]
    assert got == expected
