"""The site's own words (headings, buttons, sentences around the engine's numbers), declared once in Chinese and
English, and the glossary module the build writes for the scripts.

The names of the game's things (tiles, groups, melds, what became of a fan) are the engine's
(suanfan.glossary); the words here are the page's. Templates use `words` (a dict key -> {zh, en}) and
`say(key, **values)`; scripts import static/js/glossary.js, written from both by `glossary_module()`, so the
build-time drawing (templates/_result.html) and the run-time one (static/js/result.js) say the same things.
A word with {n} (or another name in braces) is filled from values.
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
}


def say(key: str, **values) -> dict:
    zh, en = WORDS[key]
    return {"zh": zh.format(**values), "en": en.format(**values)}


def words() -> dict:
    return {key: {"zh": zh, "en": en} for key, (zh, en) in WORDS.items()}


def glossary_module() -> str:
    """static/js/glossary.js: the engine's names and the site's words, as one ES module for the scripts."""
    data = {"words": words(), **glossary.labels()}
    body = json.dumps(data, ensure_ascii=False, sort_keys=True, indent=0)
    return ("// Written by the build from engine/suanfan/glossary.py and web/words.py: the names of tiles, groups,\n"
            "// melds and the site's words, one source for the templates and the scripts.\n"
            f"export const GLOSSARY = {body};\n"
            "export const TILE_NAMES = GLOSSARY.tiles;\n\n"
            "/** A word {zh, en}, its {names} filled from values: say(\"waiting_on\", {n: 3}). */\n"
            "export function say(key, values = {}) {\n"
            "  const fill = (text) => text.replace(/\\{(\\w+)\\}/g, (_, name) => String(values[name]));\n"
            "  const word = GLOSSARY.words[key];\n"
            "  return { zh: fill(word.zh), en: fill(word.en) };\n"
            "}\n")
