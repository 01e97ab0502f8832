"""Command line: `python -m suanfan score ...` for a person, `python -m suanfan batch` for scripts.

score  builds one request from flags, prints the result readably (or as JSON with --json).
batch  reads JSON Lines on stdin, writes one result line per input line, in order; a bad line
       gives an error result and the batch goes on.
Both go through suanfan.api.handle, so they answer exactly what the web page answers.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import api
from .errors import SuanfanError

EXIT_OK, EXIT_ERROR_RESULT, EXIT_USAGE = 0, 1, 2


def _parse_value(text: str):
    """Values given as key=value: JSON when it parses (1, true, null, "x"), else the plain string."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def _set_dotted(request: dict, dotted: str, value) -> None:
    """table.base=2 sets request["table"]["base"] = 2 (the permalink's key form)."""
    *parents, last = dotted.split(".")
    node = request
    for part in parents:
        node = node.setdefault(part, {})
        if not isinstance(node, dict):
            raise SuanfanError("bad_value", key=dotted, value=repr(value), reason_zh="上层参数不是对象。",
                               reason_en="its parent key is not an object.")
    node[last] = value


def request_from_args(args) -> dict:
    request: dict = {"hand": args.hand, "rules": args.rules}
    flags = {"self_drawn": args.self_drawn, "kong": args.kong, "dealer": args.dealer,
             "last_copy": args.last_copy, "last_of_wall": args.last_of_wall}
    for key, on in flags.items():
        if on:
            request[key] = True
    for key in ("flowers", "seat_wind", "prevalent_wind"):
        if getattr(args, key) is not None:
            request[key] = getattr(args, key)
    if args.waits:
        request["action"] = "waits"
    for prefix, pairs in (("table.", args.table), ("variants.", args.variant), ("", args.set)):
        for pair in pairs or ():
            if "=" not in pair:
                raise SuanfanError("bad_request", reason_zh=f"“{pair}”应写成 键=值。",
                                   reason_en=f"'{pair}' should be written key=value.")
            key, value = pair.split("=", 1)
            _set_dotted(request, prefix + key, _parse_value(value))
    return request


# ---------------------------------------------------------------- readable output

def _format_error(error: dict, hand: str | None) -> str:
    lines = [f"错误 error [{error['code']}]", f"  {error['message']['zh']}", f"  {error['message']['en']}"]
    if hand is not None and error.get("position") is not None:
        lines.append(f"  {hand}")
        lines.append("  " + " " * _display_width(hand[: error["position"]]) + "^")
    return "\n".join(lines)


def _display_width(text: str) -> int:
    # CJK characters take two terminal columns; keep the caret under the right character.
    return sum(2 if ord(ch) > 0x2E80 else 1 for ch in text)


def _group_text(group: dict) -> str:
    """A step-1 group in notation: 5555p, EEE; melds in brackets."""
    codes = group["tiles"]
    suits = {c[-1] for c in codes}
    text = "".join(c[0] for c in codes) + codes[0][-1] if len(suits) == 1 and codes[0][0].isdigit() else "".join(codes)
    return f"[{text}]" if group["melded"] else text


def _format_jiujiang(result: dict) -> str:
    win, best, mult = result["steps"]
    groups = " ".join(_group_text(g) for g in win["groups"])
    lines = [f"九江麻将  {result['hand']}  (和张 winning tile {result['winning_tile']})",
             f"1 {win['zh']} {win['en']}: {win['shape_zh']} {win['shape_en']}  {groups}"]
    for check in win["checks"]:
        lines.append(f"    ✓ {check['zh']} {check['en']}")
    present = ", ".join(f"{p['zh']} {p['fan']}" + (" ←" if p["chosen"] else "") for p in best["patterns"])
    lines.append(f"2 {best['zh']} {best['en']}: {present}")
    base_note = "  (底番加入 base added)" if best["base_added"] else ""
    lines.append(f"    = {best['arithmetic']}{base_note}")
    lines.append(f"3 {mult['zh']} {mult['en']}: start {mult['start']}")
    for m in mult["multipliers"]:
        lines.append(f"    × {m['factor']} {m['zh']} {m['en']} = {m['after']}")
    if mult["cap"] is not None:
        verdict = f"封顶 capped at {mult['cap']}" if mult["capped"] else f"未封顶 under the cap {mult['cap']}"
        lines.append(f"    {verdict}")
    lines.append(f"合计 total: {result['total']}")
    for payer in result["payments"]["payers"]:
        times = f" × {payer['players']}" if payer["players"] > 1 else ""
        lines.append(f"  {payer['zh']} {payer['en']}: {payer['amount']}{times}")
    return "\n".join(lines)


def _format_gb(result: dict) -> str:
    lines = [f"国标麻将 ({result['rules']})  {result['hand']}"]
    for fan in result.get("fans", []):
        count = f" ×{fan['count']}" if fan.get("count", 1) > 1 else ""
        melds = " ".join(fan.get("melds", []))
        lines.append(f"  {fan['zh']} {fan['en']}  {fan['points']}{count}   {melds}".rstrip())
    for ex in result.get("excluded", []):
        lines.append(f"  不计 {ex['zh']} {ex['en']}: {ex['reason']['zh']} / {ex['reason']['en']}")
    lines.append(f"合计 total: {result['total']}")
    if "meets_minimum" in result:
        lines.append("  够 8 番起和 meets the 8-point minimum" if result["meets_minimum"]
                     else "  不够 8 番,不能和 below the 8-point minimum")
    return "\n".join(lines)


def _format_waits(result: dict) -> str:
    lines = [f"听牌 waits  {result['hand']}"]
    if not result["waits"]:
        lines.append("  没有听牌 not waiting on any tile")
    for wait in result["waits"]:
        ok = "" if wait["meets_minimum"] else "  (不够起和 below minimum)"
        lines.append(f"  {wait['tile']} {wait.get('tile_zh', '')}: {wait['total']}{ok}")
    return "\n".join(lines)


def format_result(result: dict, hand: str | None = None) -> str:
    if not result["ok"]:
        return _format_error(result["error"], hand)
    if "waits" in result:
        return _format_waits(result)
    if "steps" in result:
        return _format_jiujiang(result)
    return _format_gb(result)


# ---------------------------------------------------------------- commands

def cmd_score(args) -> int:
    try:
        request = request_from_args(args)
    except SuanfanError as err:
        result = {"ok": False, "error": err.to_dict()}
    else:
        result = api.handle(request)
    print(api.dumps(result) if args.json else format_result(result, args.hand))
    return EXIT_OK if result["ok"] else EXIT_ERROR_RESULT


def cmd_batch(args, stdin=None, stdout=None) -> int:
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    for number, line in enumerate(stdin, start=1):
        try:
            request = json.loads(line)
        except ValueError as exc:
            result = {"ok": False, "error": SuanfanError("bad_json", line=number, detail=str(exc)).to_dict()}
        else:
            result = api.handle(request)
        stdout.write(api.dumps(result) + "\n")
        stdout.flush()
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m suanfan", description="Suanfan 算番 — mahjong scoring.")
    commands = parser.add_subparsers(dest="command", required=True)

    score = commands.add_parser("score", help="score one hand")
    score.add_argument("hand", help="hand notation, e.g. '[5555p1]222m777s99sEE9s' (quote the brackets)")
    score.add_argument("--rules", default="jiujiang", help="jiujiang | gb | gb98 (default jiujiang)")
    score.add_argument("--self-drawn", action="store_true", help="自摸")
    score.add_argument("--kong", action="store_true", help="杠上开花 (self-drawn) / 抢杠 (on a discard)")
    score.add_argument("--dealer", action="store_true", help="庄家 (九江)")
    score.add_argument("--last-copy", action="store_true", help="和绝张 (国标)")
    score.add_argument("--last-of-wall", action="store_true", help="妙手回春 / 海底捞月 (国标)")
    score.add_argument("--seat-wind", choices=list("ESWN"), help="门风 (国标)")
    score.add_argument("--prevalent-wind", choices=list("ESWN"), help="圈风 (国标)")
    score.add_argument("--flowers", type=int, help="花牌 count")
    score.add_argument("--waits", action="store_true", help="the hand has 13 tiles: list every winning tile")
    score.add_argument("--table", action="append", metavar="KEY=VALUE", help="九江 table convention, e.g. base=2")
    score.add_argument("--variant", action="append", metavar="KEY=VALUE", help="国标 variant switch")
    score.add_argument("--set", action="append", metavar="KEY=VALUE", help="any request key (dotted for nested)")
    score.add_argument("--json", action="store_true", help="print the result as JSON")
    score.set_defaults(run=cmd_score)

    batch = commands.add_parser("batch", help="JSON Lines requests on stdin, one result line each on stdout")
    batch.set_defaults(run=cmd_batch)
    return parser


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    return args.run(args)
