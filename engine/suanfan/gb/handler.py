"""The request handler behind `rules: "gb"` and `rules: "gb98"` (see suanfan.api).

Keys (a flat dict, as the CLI and permalinks send it; `variants` is a dict of switches):
  hand            notation; 14 − 3 × melds standing tiles for "score" (the last one is the winning tile),
                  one fewer for "waits"
  rules           "gb98" | "gb"
  action          "score" (default) | "waits"
  self_drawn, last_copy, kong, last_of_wall    true/false (or 1/0), default false
  seat_wind, prevalent_wind                    "E" | "S" | "W" | "N", default "E"
  flowers         0-8, default 0
  variants        {switch: value}, see profiles.SWITCHES
"""

from __future__ import annotations

from ..notation import WAIT, WIN, parse
from ..request import check_keys, get_bool, get_choice, get_dict, get_hand_text, get_int
from .profiles import compile_profile, read_variants
from .score import Situation, score_hand, waits

REQUEST_KEYS = ("hand", "rules", "action", "self_drawn", "last_copy", "kong", "last_of_wall",
                "seat_wind", "prevalent_wind", "flowers", "variants")
WINDS = ("E", "S", "W", "N")


def read_situation(request: dict) -> Situation:
    return Situation(
        self_drawn=get_bool(request, "self_drawn", False),
        last_copy=get_bool(request, "last_copy", False),
        kong=get_bool(request, "kong", False),
        last_of_wall=get_bool(request, "last_of_wall", False),
        seat_wind=get_choice(request, "seat_wind", "E", WINDS),
        prevalent_wind=get_choice(request, "prevalent_wind", "E", WINDS),
        flowers=get_int(request, "flowers", 0, 0, 8),
    )


def handle_request(request: dict) -> dict:
    check_keys(request, REQUEST_KEYS)
    profile = request.get("rules")
    action = get_choice(request, "action", "score", ("score", "waits"))
    prof = compile_profile(profile, read_variants(profile, get_dict(request, "variants")))
    situation = read_situation(request)
    text = get_hand_text(request)
    if action == "waits":
        return waits(parse(text, expect=WAIT), situation, prof)
    return score_hand(parse(text, expect=WIN), situation, prof)
