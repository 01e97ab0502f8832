"""What a page's search box matches an entry by, computed at build time: the entry's text folded for a
plain substring match, and the pinyin initials of its Chinese names (so that "qgh" finds 抢杠胡).

The initials come from pypinyin (a maintained dictionary of readings, pinned in pyproject.toml and uv.lock), never
from a table kept here. A character with several readings keeps the initial of each (和: h; 单: d c s; 将: j q):
pypinyin picks a reading from its phrase dictionary, which knows little of mahjong — it reads 抢杠和 as …hé,
where players say hú — so a search accepts any reading rather than trust one. Both initials happen to be h
there; elsewhere (将 jiāng / qiāng) they are not.

The browser does the matching (static/js/rulings.js reads the records from the page): a query token is found
when it is a substring of the folded text, or, made of letters only, when it runs along the initials of
consecutive characters of one Chinese name.
"""

from __future__ import annotations

import re
import unicodedata

from pypinyin import Style, pinyin

HAN_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]+")


def fold(text: str) -> str:
    """Text as the search compares it: full-width forms made plain (ＱＧＨ → qgh), case ignored. The page folds
    a query the same way (String.prototype.normalize("NFKC") and toLowerCase)."""
    return unicodedata.normalize("NFKC", text).lower()


def initials(text: str) -> list[list[str]]:
    """Each run of Chinese characters in text as the initials each character may have, in order:
    "抢杠胡 和绝张" → [["q", "g", "h"], ["h", "j", "z"]]; a character with several readings gives several
    letters in one string ("单" → "cds")."""
    runs = []
    for run in HAN_RUN.findall(text):
        readings = pinyin(run, style=Style.FIRST_LETTER, heteronym=True, strict=False)
        runs.append(
            ["".join(sorted({letter.lower() for letter in choices if letter.isascii()})) for choices in readings]
        )
    return runs


def record(key: str, texts: list[str], names: list[str]) -> dict:
    """One entry's search record: `key` names it in the page, `texts` is everything a query may find as written
    (both languages), `names` the Chinese names whose initials a query may give."""
    runs: list[list[str]] = []
    for name in names:
        for run in initials(name):
            if run not in runs:
                runs.append(run)
    return {"key": key, "text": "\n".join(fold(t) for t in texts if t), "initials": runs}
