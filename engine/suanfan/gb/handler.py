"""The request handler behind `rules: "gb"` and `rules: "gb98"` (see suanfan.api), and their descriptions.

Keys (a flat dict, as the CLI and permalinks send it; `variants` is a dict of switches): `hand` (notation;
14 − 3 × melds standing tiles for "score", the last one the winning tile, one fewer for "waits"), `rules`, and
the fields declared below (SITUATION_FIELDS, and profiles.SWITCHES as `variants.<switch>`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..catalogue import _
from ..description import description
from ..fields import BOOL, CHOICE, FLOWERS, SELF_DRAWN, Choice, Field, LabelBy, action_field, section_info
from ..glossary import WINDS
from ..notation import WAIT, WIN, parse
from ..request import check_keys, get_dict, get_hand_text
from .fans import (
    FANS,
    FLOWER_TILES,
    MINIMUM_POINTS,
    PRINCIPLES,
    PROFILE_NAMES,
    SERIES,
    SERIES_EN,
    SERIES_NAMES,
)
from .profiles import VARIANTS, compile_profile, read_variants, variant_fields
from .score import ITEM_NAME, STEPS, UNIT, Situation, score_hand, waits

if TYPE_CHECKING:
    from ..json_types import JSONDict
    from .profiles import Compiled

WIND_CHOICES = tuple(Choice(letter, name) for letter, name in WINDS.items())

ACTION = action_field(("score", "waits", "analyse"))
SITUATION_FIELDS: tuple[Field, ...] = (
    ACTION,
    SELF_DRAWN,
    Field(
        "last_copy",
        BOOL,
        False,
        _("Last Tile (the last copy of the tile)"),
        _("The winning tile is the last of its four (the other three are in sight)."),
    ),
    Field(
        "kong",
        BOOL,
        False,
        _("Out with Replacement Tile / Robbing the Kong"),
        _("With self-draw it is Out with Replacement Tile, otherwise Robbing the Kong."),
        label_by=LabelBy("self_drawn", ((True, _("Out with Replacement Tile")), (False, _("Robbing the Kong")))),
    ),
    Field(
        "last_of_wall",
        BOOL,
        False,
        _("Last Tile Claim / Last Tile Draw (the wall's last tile)"),
        _("Self-drawing the wall's last tile is Last Tile Draw; winning on the last discard is Last Tile Claim."),
        label_by=LabelBy("self_drawn", ((True, _("Last Tile Draw")), (False, _("Last Tile Claim")))),
    ),
    Field("seat_wind", CHOICE, "E", _("seat wind"), choices=WIND_CHOICES),
    Field("prevalent_wind", CHOICE, "E", _("prevalent wind"), choices=WIND_CHOICES),
    FLOWERS,
)
REQUEST_KEYS = ("hand", "rules", *(f.key for f in SITUATION_FIELDS), VARIANTS)


def read_situation(request: JSONDict) -> Situation:
    return Situation(**{f.key: f.read(request) for f in SITUATION_FIELDS if f.key != "action"})


def handle_request(request: JSONDict) -> JSONDict:
    check_keys(request, REQUEST_KEYS)
    profile: str = request["rules"]  # api.handle sends a request only to the rule set it names, by its key
    action = ACTION.read(request)
    prof = compile_profile(profile, read_variants(profile, get_dict(request, VARIANTS)))
    situation = read_situation(request)
    text = get_hand_text(request)
    if action == "analyse":
        return analyse_request(text, request, situation, prof)
    if action == "waits":
        return waits(parse(text, expect=WAIT), situation, prof)
    return score_hand(parse(text, expect=WIN), situation, prof)


# What describes one particular win, not the wins a hand reading looks ahead to: set aside there.
ONE_WIN_KEYS = ("last_copy", "kong", "last_of_wall")


def analyse_request(text: str, request: JSONDict, situation: Situation, prof: Compiled) -> JSONDict:
    """`action: "analyse"`: hand reading (suanfan.reading) under the request's self-draw, winds and flowers."""
    from ..reading.analyse import answer
    from .reading import reader

    set_aside = tuple(f for f in SITUATION_FIELDS if f.key in ONE_WIN_KEYS and f.read(request))
    ahead = situation.replace(**{key: False for key in ONE_WIN_KEYS})
    result = answer(reader(ahead, prof), text, set_aside)
    return {
        **result,
        "rules": prof.profile,
        "unit": UNIT,
        "minimum": MINIMUM_POINTS,
        "situation": ahead.to_dict(),
        "profile": prof.profile,
        "variants": prof.echo(),
    }


def describe(profile: str, **more: Any) -> JSONDict:
    """more: what else the description carries (rulesets.py adds the practice topics and the score sheet's row)."""
    fans = [*FANS, FLOWER_TILES]
    return description(
        rules=profile,
        name=PROFILE_NAMES[profile],
        unit=UNIT,
        fields=SITUATION_FIELDS + variant_fields(profile),
        sections=[
            section_info(
                VARIANTS,
                _("Rule variants"),
                _("Where the sources disagree; every setting names its source."),
            )
        ],
        steps=STEPS,
        items_name=ITEM_NAME,
        items=[
            {
                "key": f.key,
                **f.name,
                "value": f.points[profile],
                "series": f.series,
                "series_en": SERIES_EN[f.series],
                "series_zh_hant": SERIES_NAMES[f.series]["zh_hant"],
            }
            for f in fans
        ],
        parts=("total", "items", "excluded", "steps", "notes"),
        minimum=MINIMUM_POINTS,
        principles=[{"key": k, **name} for k, name in PRINCIPLES.items()],
        series=[{"key": s, **SERIES_NAMES[s]} for s in SERIES],
        **more,
    )
