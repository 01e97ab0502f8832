"""Command line: `python -m suanfan score ...` for a person, `python -m suanfan batch` for scripts.

score     builds one request from flags, prints the result readably (or as JSON with --json).
batch     reads JSON Lines on stdin, writes one result line per input line, in order; a bad line
          gives an error result and the batch goes on.
describe  what a rule set asks for (its fields with defaults and ranges), readably or as JSON.
All go through suanfan.api.handle, so they answer exactly what the web page answers. The options of `score`
are made from the rule sets' descriptions: a field a rule set declares is an option here, with its labels.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any, BinaryIO

from . import api
from .catalogue import _
from .errors import SURROGATES, SuanfanError, excerpt
from .glossary import ROW_STATUS
from .rulesets import RULESETS, default, descriptions

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    from .json_types import JSONDict

EXIT_OK, EXIT_ERROR_RESULT, EXIT_USAGE = 0, 1, 2


def _parse_value(text: str) -> Any:
    """Values given as key=value: JSON when it parses (1, true, null, "x"), else the plain string."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def _set_dotted(request: JSONDict, dotted: str, value: object) -> None:
    """table.base=2 sets request["table"]["base"] = 2 (the permalink's key form)."""
    *parents, last = dotted.split(".")
    node = request
    for part in parents:
        node = node.setdefault(part, {})
        if not isinstance(node, dict):
            raise SuanfanError(
                "bad_value",
                key=dotted,
                value=excerpt(value),
                reason=_("its parent key is not an object."),
            )
    node[last] = value


# ---------------------------------------------------------------- options from the descriptions


def _option(key: str) -> str:
    return "--" + key.replace("_", "-")


def situation_options() -> dict[str, JSONDict]:
    """Every top-level field of every rule set, once: key -> {field, rules} (the first description's field)."""
    found: dict[str, JSONDict] = {}
    for description in descriptions():
        for field in description["fields"]:
            if field["section"]:
                continue
            entry = found.setdefault(field["key"], {"field": field, "rules": []})
            entry["rules"].append(description["rules"])
    return found


def section_options() -> dict[str, list[str]]:
    """Every nested section (table, variants) -> the rule sets that have it."""
    found: dict[str, list[str]] = {}
    for description in descriptions():
        for section in description["sections"]:
            found.setdefault(section["key"], []).append(description["rules"])
    return found


def _help(label: JSONDict, rules: list[str]) -> str:
    return f"{label['zh']} {label['en']} ({', '.join(rules)})"


def add_request_options(parser: argparse.ArgumentParser) -> None:
    for key, entry in situation_options().items():
        field, rules = entry["field"], entry["rules"]
        text = _help(field["label"], rules)
        if field["type"] == "bool":
            parser.add_argument(_option(key), dest=key, action="store_true", default=None, help=text)
        elif field["type"] == "int":
            parser.add_argument(
                _option(key), dest=key, type=int, metavar="N", help=f"{text}, {field['min']}–{field['max']}"
            )
        else:
            parser.add_argument(_option(key), dest=key, choices=[str(c["value"]) for c in field["choices"]], help=text)
    parser.add_argument(
        "--waits",
        dest="action",
        action="store_const",
        const="waits",
        help="same as --action waits: the hand has 13 tiles, list every winning tile",
    )
    for section, rules in section_options().items():
        names = [_option(section)] + ([_option(section[:-1])] if section.endswith("s") else [])
        parser.add_argument(
            *names,
            dest=f"section:{section}",
            action="append",
            metavar="KEY=VALUE",
            help=f"a key of `{section}` ({', '.join(rules)}), e.g. "
            f"`python -m suanfan describe --rules {rules[0]}` lists them",
        )
    parser.add_argument("--set", action="append", metavar="KEY=VALUE", help="any request key (dotted for nested)")


def request_from_args(args: argparse.Namespace) -> JSONDict:
    request: JSONDict = {"hand": args.hand, "rules": args.rules}
    for key in situation_options():
        value = getattr(args, key, None)
        if value is not None and value is not False:
            request[key] = value
    pairs = [
        (f"{name.split(':', 1)[1]}.", values) for name, values in vars(args).items() if name.startswith("section:")
    ]
    for prefix, values in pairs + [("", args.set)]:
        for pair in values or ():
            if "=" not in pair:
                raise SuanfanError(
                    "bad_request",
                    reason=_("'{pair}' should be written key=value.", pair=pair),
                )
            key, value = pair.split("=", 1)
            _set_dotted(request, prefix + key, _parse_value(value))
    return request


# ---------------------------------------------------------------- readable output


def _format_error(error: JSONDict, hand: str | None) -> str:
    lines = [f"错误 error [{error['code']}]", f"  {error['message']['zh']}", f"  {error['message']['en']}"]
    if hand is not None and error.get("position") is not None:
        # The hand as far as the caret and a little after (a refused hand may be a megabyte); a character no
        # terminal can print (a lone surrogate from undecodable argv bytes) is shown as �, one column like it.
        shown = SURROGATES.sub("\ufffd", hand[: error["position"] + 20])
        lines.append(f"  {shown}")
        lines.append("  " + " " * _display_width(shown[: error["position"]]) + "^")
    return "\n".join(lines)


def _display_width(text: str) -> int:
    # CJK characters take two terminal columns; keep the caret under the right character.
    return sum(2 if ord(ch) > 0x2E80 else 1 for ch in text)


def _both(item: JSONDict) -> str:
    return f"{item['zh']} {item['en']}" if item["zh"] != item["en"] else item["zh"]


def _step_lines(step: JSONDict) -> list[str]:
    """One step of a result's trace, drawn from its parts (text, groups, checks, rows, chain, value)."""
    lines = []
    if step.get("groups"):
        lines.append("    " + " ".join(g["text"] for g in step["groups"]))
    for check in step.get("checks", []):
        lines.append(f"    {'✓' if check['passed'] else '✗'} {_both(check)}")
    for row in step.get("rows", []):
        count = f" × {row['count']}" if row.get("count", 1) > 1 else ""
        status = _both(ROW_STATUS[row["status"]]) if row.get("status") else ""
        groups = "   " + " ".join(g["text"] for g in row["groups"]) if row.get("groups") else ""
        lines.append(f"    {_both(row)}  {row['value']}{count}  {status}{groups}".rstrip())
        if row.get("note"):
            lines.append(f"      {row['note']['zh']} / {row['note']['en']}")
    for link in step.get("chain", []):
        if "factor" in link:
            lines.append(f"    × {link['factor']} {_both(link)} = {link['after']}")
        else:
            lines.append(f"    {_both(link)}" + (f" {link['after']}" if "after" in link else ""))
    if step.get("text"):
        text = step["text"]
        lines.append(f"    {text['zh']}" + (f" / {text['en']}" if text["en"] != text["zh"] else ""))
    return lines


def _format_score(result: JSONDict) -> str:
    name = RULESETS[result["rules"]].name if result["rules"] in RULESETS else {"zh": result["rules"], "en": ""}
    win = f"  (和牌张 winning tile {result['winning_tile']})" if result.get("winning_tile") else ""
    lines = [f"{name['zh']} {name['en']}  {result['hand']}{win}"]
    for number, step in enumerate(result["steps"], start=1):
        lines.append(f"{number} {step['zh']} {step['en']}")
        lines.extend(_step_lines(step))
    for note in result.get("notes", []):
        lines.append(f"  注 note: {note['zh']} / {note['en']}")
    lines.append(f"合计 total: {result['total']}")
    for payer in result.get("payments", {}).get("payers", []):
        times = f" × {payer['players']}" if payer["players"] > 1 else ""
        lines.append(f"  {payer['zh']} {payer['en']}: {payer['amount']}{times}")
    return "\n".join(lines)


def _format_waits(result: JSONDict) -> str:
    lines = [f"听牌 waits  {result['hand']}"]
    if not result["waits"]:
        lines.append("  没有听牌 not waiting on any tile")
    for wait in result["waits"]:
        below = "" if wait.get("meets_minimum", True) else "  (不够起和 below minimum)"
        names = ", ".join(f"{item['zh']} {item['value']}" for item in wait["items"])
        lines.append(f"  {wait['tile']} {wait['tile_zh']}: {wait['total']}{below}   {names}")
    for tile in result["dead_waits"]:
        lines.append(f"  {tile}: 四张都已见,和不到 all four in sight, a dead wait")
    return "\n".join(lines)


def _reading_line(figures: JSONDict, unit: JSONDict, minimum: int | None) -> str:
    """One hand's (or one discard's) reading in a line: steps from ready, useful tiles with their unseen copies, the
    best value (≈ when estimated), the share reaching the minimum, the first route."""
    useful = " ".join(f"{u['tile']}×{u['unseen']}" for u in figures["useful"])
    value = figures["value"]
    best = (
        "—" if value["best"] is None else f"{'≈' if value['basis'] == 'estimate' else ''}{value['best']} {unit['zh']}"
    )
    share = "" if minimum is None else f"  够 {minimum}: {round((value['reaches_minimum'] or 0) * 100)}%"
    route = value["routes"][0]["words"] if value["routes"] else None
    words = f"   {route['zh']} / {route['en']}" if route else ""
    return (
        f"向听 shanten {figures['shanten']}  有效牌 useful {figures['useful_count']} ({useful})  "
        f"最高 best {best}{share}{words}"
    )


def _format_analysis(result: JSONDict) -> str:
    lines = [f"牌理 hand reading  {result['hand']}"]
    if result["tiles"] == 13:
        lines.append("  " + _reading_line(result, result["unit"], result["minimum"]))
    else:
        for d in result["discards"]:
            lines.append(f"  打 {d['tile']}: " + _reading_line(d, result["unit"], result["minimum"]))
        lines.append(f"  按价值 by value: {' '.join(result['order']['value'])}")
    for note in result.get("notes", []):
        lines.append(f"  注 note: {note['zh']} / {note['en']}")
    return "\n".join(lines)


def format_result(result: JSONDict, hand: str | None = None) -> str:
    if not result["ok"]:
        return _format_error(result["error"], hand)
    if result.get("action") == "waits":
        return _format_waits(result)
    if result.get("action") == "analyse":
        return _format_analysis(result)
    return _format_score(result)


def format_description(description: JSONDict) -> str:
    lines = [f"{description['rules']}: {_both(description['name'])}"]
    sections = {s["key"]: s for s in description["sections"]}
    current = ""  # top-level fields first, then each section under its name
    for field in description["fields"]:
        if field["section"] != current:
            current = field["section"]
            lines.append(f"  {current}: {_both(sections[current]['label'])}  (--{current} KEY=VALUE)")
        indent = "    " if current else "  "
        if field["type"] == "int":
            allowed = f"{field['min']}–{field['max']}" + (", null" if field["nullable"] else "")
        elif field["type"] == "bool":
            allowed = "true | false"
        else:
            allowed = " | ".join(str(c["value"]) for c in field["choices"])
        key = field["key"].split(".", 1)[-1]
        lines.append(f"{indent}{key} = {json.dumps(field['default'])}  ({allowed})  {_both(field['label'])}")
    return "\n".join(lines)


# ---------------------------------------------------------------- commands


def cmd_score(args: argparse.Namespace) -> int:
    try:
        request = request_from_args(args)
    except SuanfanError as err:
        result = {"ok": False, "error": err.to_dict()}
    else:
        result = api.handle(request)
    print(api.dumps(result) if args.json else format_result(result, args.hand))
    return EXIT_OK if result["ok"] else EXIT_ERROR_RESULT


def read_lines(stream: BinaryIO, limit: int) -> Iterator[tuple[int, str | SuanfanError]]:
    """(line number, text or SuanfanError) for each line of a byte stream, in order.

    A line is decoded as strict UTF-8 (bad bytes are an error of that line, never echoed back), and no more than
    4 × `limit` bytes of it (what `limit` characters can take) are ever held: a longer line is skipped to its end
    and answered as too long."""
    number = 0
    while True:
        raw = stream.readline(4 * limit + 1)  # UTF-8 takes at most 4 bytes a character
        if not raw:
            return
        number += 1
        if len(raw) > 4 * limit and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):  # the rest of the line, a block at a time
                raw = stream.readline(1 << 16)
            yield number, SuanfanError("request_too_long", line=number, limit=limit)
            continue
        try:
            yield number, raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield number, SuanfanError("bad_utf8", line=number, byte1=exc.start + 1)


def cmd_batch(args: argparse.Namespace, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> int:
    """One answer line per input line, in order, whatever the lines hold. Bytes in and out (stdin/stdout are
    binary streams), so the answers are UTF-8 JSON whatever the terminal's locale."""
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout.buffer
    for number, line in read_lines(stdin, api.MAX_REQUEST_CHARS):
        if isinstance(line, SuanfanError):
            answer = api.dumps({"ok": False, "error": line.to_dict()})
        else:
            answer = api.handle_json(line, line=number)
        stdout.write(answer.encode("utf-8") + b"\n")
        stdout.flush()
    return EXIT_OK


def cmd_describe(args: argparse.Namespace) -> int:
    result = api.handle({"action": "describe", "rules": args.rules})
    if args.json or not result["ok"]:
        print(api.dumps(result) if args.json else format_result(result))
    else:
        print(format_description(result))
    return EXIT_OK if result["ok"] else EXIT_ERROR_RESULT


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m suanfan", description="Suanfan 算番 — mahjong scoring.")
    commands = parser.add_subparsers(dest="command", required=True)
    known, first = " | ".join(RULESETS), default().key

    score = commands.add_parser("score", help="score one hand")
    score.add_argument("hand", help="hand notation, e.g. '[5555p1]222m777s99sEE9s' (quote the brackets)")
    score.add_argument("--rules", default=first, help=f"{known} (default {first})")
    add_request_options(score)
    score.add_argument("--json", action="store_true", help="print the result as JSON")
    score.set_defaults(run=cmd_score)

    batch = commands.add_parser("batch", help="JSON Lines requests on stdin, one result line each on stdout")
    batch.set_defaults(run=cmd_batch)

    describe = commands.add_parser("describe", help="what a rule set asks for: its fields, defaults and ranges")
    describe.add_argument("--rules", default=first, help=f"{known} (default {first})")
    describe.add_argument("--json", action="store_true", help="print the whole description as JSON")
    describe.set_defaults(run=cmd_describe)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    code: int = args.run(args)
    return code
