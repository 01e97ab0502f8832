"""The home page's notation table (web/notation_guide.py) as built: it shows a melded chow and what a meld's digit
means, in both languages and as the engine reads it, and every hand it shows scores."""

from __future__ import annotations

import html
import re
from urllib.parse import unquote

from suanfan import glossary
from suanfan import tiles as T
from suanfan.api import handle
from suanfan.notation import parse


def notation_rows(dist) -> list[dict]:
    page = (dist / "index.html").read_text(encoding="utf-8")
    table = re.search(r'<table class="notation-table">(.*?)</table>', page, re.S).group(1)
    rows = []
    for attributes, body in re.findall(r"<tr (data-write=[^>]*)>(.*?)</tr>", table, re.S):
        data = {k: html.unescape(v) for k, v in re.findall(r'data-(\w+)="([^"]*)"', attributes)}
        text = " ".join(html.unescape(re.sub(r"<svg.*?</svg>|<[^>]+>", " ", body)).split())
        # the Simplified (class "zh", or "zh zh-hans" where a Traditional twin follows), not the twin
        zh = " ".join(html.unescape(m) for m in re.findall(r'<span class="zh(?: zh-hans)?">(.*?)</span>', body))
        en = " ".join(html.unescape(m) for m in re.findall(r'<span class="en" lang="en">(.*?)</span>', body))
        links = re.findall(r'<a href="([^"]*)"', body)
        rows.append({**data, "text": text, "zh": zh, "en": en, "links": links})
    return rows


def by_write(dist) -> dict[str, dict]:
    return {row["write"]: row for row in notation_rows(dist)}


def test_every_hand_the_table_shows_scores_and_opens_in_the_calculator(built_dist):
    rows = notation_rows(built_dist)
    with_hands = [row for row in rows if "hand" in row]
    assert len(rows) >= 10 and len(with_hands) >= 5, "the tiles, then the melds with their hands"
    assert {row["write"] for row in rows if "[" in row["write"]} == {row["write"] for row in with_hands}, (
        "every meld is shown in a whole hand"
    )
    for row in with_hands:
        assert row["write"] in row["hand"] and row["hand"] in row["text"], row
        result = handle({"hand": row["hand"], "rules": row["rules"]})
        assert result["ok"], (row["hand"], result.get("error"))
        assert result["total"] > 0
        (link,) = row["links"]
        assert link.startswith("calculator.html#")
        assert f"hand={row['hand']}" in unquote(link) and f"rules={row['rules']}" in link


def test_a_melded_chow_and_what_its_digit_says(built_dist):
    chow = by_write(built_dist)["[567m2]"]
    meld = parse(chow["hand"]).melds[0]
    assert meld.kind == "chow" and meld.source == 1  # a chow comes from the left player, whatever its digit
    claimed = glossary.tile_names()[T.code(meld.tiles[meld.claimed_index])]
    assert claimed == {"zh": "六万", "en": "Six of Characters", "zh_hant": "六萬"}
    assert claimed["zh"] in chow["zh"] and claimed["en"] in chow["en"]
    assert "1–3" in chow["zh"] and "1–3" in chow["en"]
    left = glossary.SOURCES[1]
    assert left["zh"] in chow["zh"] and left["en"] in chow["en"]


def test_a_pungs_digit_says_who_fed_it(built_dist):
    rows = by_write(built_dist)
    pung = rows["[555p3]"]
    assert parse(pung["hand"]).melds[0].source == 3
    for digit, name in glossary.SOURCES.items():
        assert f"{digit} {name['zh']}" in pung["zh"] and f"{digit} {name['en']}" in pung["en"]
    assert parse(rows["[555p]"]["hand"]).melds[0].source == 1  # no digit: the left player
    assert glossary.SOURCES[1]["en"] in rows["[555p]"]["en"]
    added = parse(rows["[5555p5]"]["hand"]).melds[0]
    assert added.kind == "kong" and added.added and added.source == 1
    assert parse(rows["[5555p]"]["hand"]).melds[0].concealed
