"""The site's own words (headings, buttons, sentences around the engine's numbers), declared once in Chinese and
English, and the glossary module the build writes for the scripts.

The names of the game's things (tiles, groups, melds, what became of a fan) are the engine's
(suanfan.glossary); the words here are the page's. Templates use `words` (a dict key -> {zh, en}) and
`say(key, **values)`; scripts import static/js/words.js (the same `say`) over static/js/glossary.js, written from
both by `glossary_module()`, so the
build-time drawing (templates/_result.html) and the run-time one (static/js/result.js) say the same things.
A word with {n} (or another name in braces) is filled from values; a value that is itself {zh, en} fills each
language with its own (a tile's name).
"""

from __future__ import annotations

import json

from suanfan import glossary

WORDS: dict[str, tuple[str, str]] = {
    # results
    "notes": ("说明", "Notes"),
    "who_pays": ("谁来付", "Who pays"),
    "winner_receives": ("赢家共得 {n}", "the winner receives {n}"),
    "winning_tile": ("和牌张", "winning tile"),
    "tiles": ("牌", "Tiles"),
    "other_readings": ("另外 {n} 种拆法(分数较低)", "{n} other readings (they score less)"),
    "waiting_on": ("听 {n} 张", "waiting on {n} tiles"),
    "not_waiting": ("没有听牌", "not waiting on any tile"),
    "dead_waits": ("四张都已见,和不到", "all four in sight: dead waits"),
    "below_minimum": ("不够 {n} 番起和", "below the {n}-point minimum"),
    "error_code": ("错误代码", "error code"),
    "no_result": ("引擎没有给出结果。", "The engine gave no result."),
    # the hand picker (templates/_picker.html, static/js/picker.js)
    "picked_tiles": ("已选的牌", "Picked tiles"),
    "clear": ("清空", "Clear"),
    "picked_help": ("点一张牌把它去掉,点副露去掉整组;键盘:方向键移动,回车去掉。",
                    "Click a tile to take it out, a meld to take out the whole meld; keys: arrows move, Enter takes out."),
    "a_tile_adds": ("选牌添加", "A tile adds"),
    "one_tile": ("单张", "one tile"),
    "tile_picker": ("选牌", "Tile picker"),
    "help_tile": ("点一张牌,加到手牌最后(最后一张是和牌张)。", "A tile is added at the end (the last tile is the winning tile)."),
    "help_chow": ("吃:点顺子里最小的一张。", "Chow: pick its lowest tile."),
    "help_pung": ("碰:点要碰的那张牌。", "Pung: pick the tile."),
    "help_kong": ("明杠:点要杠的那张牌。", "Melded kong: pick the tile."),
    "help_concealed_kong": ("暗杠:点要杠的那张牌。", "Concealed kong: pick the tile."),
    "help_added_kong": ("加杠(碰了以后再摸到第四张):点那张牌。", "Added kong (a pung that got its fourth tile): pick the tile."),
    "remove_tile": ("去掉 {tile}", "remove {tile}"),
    "remove_meld": ("去掉{meld} {tiles}", "remove the {meld}: {tiles}"),
    "win_mark": ("和", "win"),
    "unreadable_from": ("第 {n} 个字符起无法显示", "can't draw from character {n} on"),
    "no_tiles_yet": ("还没有牌", "no tiles yet"),
    "tiles_unit": ("张", "tiles"),
}


def say(key: str, **values) -> dict:
    def fill(text: str, lang: str) -> str:
        return text.format(**{k: v[lang] if isinstance(v, dict) else v for k, v in values.items()})

    zh, en = WORDS[key]
    return {"zh": fill(zh, "zh"), "en": fill(en, "en")}


def words() -> dict:
    return {key: {"zh": zh, "en": en} for key, (zh, en) in WORDS.items()}


def glossary_module() -> str:
    """static/js/glossary.js: the engine's names and the site's words, as one ES module for the scripts."""
    data = {"words": words(), **glossary.labels()}
    body = json.dumps(data, ensure_ascii=False, sort_keys=True, indent=0)
    return ("// Written by the build from engine/suanfan/glossary.py and web/words.py: the names of tiles, groups,\n"
            "// melds and the site's words, one source for the templates and the scripts.\n"
            f"export const GLOSSARY = {body};\n"
            "export const TILE_NAMES = GLOSSARY.tiles;\n")
