"""Traditional Chinese from Simplified, the same every time: OpenCC's s2t, then the reviewed phrase table.

OpenCC (the `opencc` package, a build-time tool only) converts with its standard "s2t" configuration: OpenCC's own
Traditional standard, which follows neither Taiwan's nor Hong Kong's variant forms (s2tw writes 十三么, s2hk keeps 台
for 臺 everywhere): one text for readers in Hong Kong, Taiwan and abroad. Where it is wrong for mahjong text, the
phrase table (locale/zh_Hant/phrases.toml, each entry with its reason) decides: the text is cut at the table's
phrases (longest first), the table's pieces take its Traditional, the rest goes through OpenCC. Used for the
Traditional catalogues (buildkit/catalogues.py), lesson prose (web/course) and the pages' twins and words in
attributes (twin(), attribute(): docs/language.md, "Pages and scripts").
"""

from __future__ import annotations

import functools
import re
import subprocess
import tomllib
from collections.abc import Mapping
from pathlib import Path

import opencc
from markupsafe import Markup

PHRASES_FILE = Path(__file__).resolve().parents[1] / "locale" / "zh_Hant" / "phrases.toml"
CONFIG = "s2t"


@functools.cache
def phrases() -> dict[str, str]:
    """Simplified phrase -> its Traditional, from the reviewed table."""
    table = tomllib.loads(PHRASES_FILE.read_text(encoding="utf-8"))
    found = {}
    for entry in table["phrase"]:
        if not entry.get("why"):
            raise ValueError(f"{PHRASES_FILE}: the phrase {entry['zh']!r} has no reason (why)")
        if entry["zh"] in found:
            raise ValueError(f"{PHRASES_FILE}: the phrase {entry['zh']!r} is there twice")
        found[entry["zh"]] = entry["hant"]
    return found


@functools.cache
def _converter() -> opencc.OpenCC:
    return opencc.OpenCC(CONFIG)


@functools.cache
def _phrase_pattern() -> re.Pattern | None:
    table = phrases()
    if not table:
        return None
    return re.compile("|".join(re.escape(p) for p in sorted(table, key=lambda p: (-len(p), p))))


def to_traditional(simplified: str) -> str:
    """The Traditional text of a Simplified one (any text: names, sentences, HTML — only Chinese changes)."""
    if not simplified:
        return simplified
    pattern, table, convert = _phrase_pattern(), phrases(), _converter().convert
    if pattern is None:
        return convert(simplified)
    out, at = [], 0
    for match in pattern.finditer(simplified):
        if match.start() > at:
            out.append(convert(simplified[at : match.start()]))
        out.append(table[match.group()])
        at = match.end()
    if at < len(simplified):
        out.append(convert(simplified[at:]))
    return "".join(out)


@functools.lru_cache(maxsize=65536)
def _converted(simplified: str) -> str:
    return to_traditional(simplified)


# In HTML: code and preformatted text (notation, a request) stay as written; in a tag, only the words a person
# may hear or see (a label, a title, a picture's text) are Chinese to convert, never an id, a link or data.
_HTML_KEPT = re.compile(r"<(code|pre)\b.*?</\1\s*>|<[^>]*>", re.S)
_TAG_WORDS = re.compile(r'(\s(?:aria-label|title|alt)=")([^"]*)(")')


def _html_to_traditional(html: str) -> str:
    out, at = [], 0
    for match in _HTML_KEPT.finditer(html):
        out.append(_converted(html[at : match.start()]))
        kept = match.group()
        if not match.group(1):  # a tag: its words only
            kept = _TAG_WORDS.sub(lambda m: m[1] + _converted(m[2]) + m[3], kept)
        out.append(kept)
        at = match.end()
    out.append(_converted(html[at:]))
    return "".join(out)


def twin(simplified: str, given: str | None = None) -> str:
    """The Traditional a page draws beside a Simplified text, or "" where the two read the same (the page then
    shows the Simplified in Traditional too: docs/language.md, "Pages and scripts"). `given` is the Traditional
    the text already carries (a catalogue's or the engine's zh_hant), converted again where a value filled into it
    was a plain Chinese string that kept its Simplified; without it the text is converted here, at build time. HTML (Markup) stays HTML: only the Chinese of its text and of its words for people changes, never
    what is in <code> or <pre> (quoted notation)."""
    text = str(simplified)
    if given is not None and not simplified_only().intersection(given):
        hant = given
    elif given is not None:  # a text filled with a plain Chinese value (a title, a name) keeps its Simplified there
        hant = _converted(given)
    elif isinstance(simplified, Markup):
        hant = _html_to_traditional(text)
    else:
        hant = _converted(text)
    if hant == text:
        return ""
    return Markup(hant) if isinstance(simplified, Markup) else hant


def attribute_words(words: str | Mapping[str, str], given: str | None = None) -> tuple[str, str]:
    """The words an attribute carries, and their Traditional ("" where it reads the same): a text {zh, en, zh_hant}
    is written "中文 English" (its zh_hant for the Traditional), a string is taken as it is (`given` its Traditional,
    else converted)."""
    if isinstance(words, str):
        return words, twin(words, given)
    hant = twin(words["zh"], words.get("zh_hant"))
    return f"{words['zh']} {words['en']}", f"{hant} {words['en']}" if hant else ""


def hant_attribute(name: str, words: str | Mapping[str, str], given: str | None = None) -> Markup:
    """` data-hant-<name>="…"`, the Traditional of the words an attribute (or, `name` "text", a <title>) carries,
    which static/js/lang.js shows in zh-Hant; "" where it reads the same. Words as attribute_words() takes them."""
    hant = attribute_words(words, given)[1]
    return Markup(' data-hant-{}="{}"').format(name, hant) if hant else Markup("")


def attribute(name: str, words: str | Mapping[str, str], given: str | None = None) -> Markup:
    """` name="…"` with its hant_attribute(): an aria-label, a title, an alt in the reader's Chinese."""
    return Markup(' {}="{}"').format(name, attribute_words(words, given)[0]) + hant_attribute(name, words, given)


@functools.cache
def simplified_only() -> frozenset[str]:
    """The characters a Traditional text never has: those OpenCC's own character table (STCharacters) changes and
    does not list among their own Traditional forms (发 -> 發 髮 is one; 台 -> 臺 檯 颱 台 is not). Read from OpenCC's
    compiled dictionary with the opencc_dict tool its package ships."""
    clib = Path(opencc.__file__).parent / "clib"
    table = clib / "share" / "opencc" / "STCharacters.ocd2"
    text = subprocess.run(
        [clib / "bin" / "opencc_dict", "-i", table, "-o", "/dev/stdout", "-f", "ocd2", "-t", "text"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    found = set()
    for line in text.splitlines():
        simplified, _, traditional = line.partition("\t")
        if simplified and simplified not in traditional.split():
            found.add(simplified)
    return frozenset(found)
