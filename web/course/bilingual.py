"""The two languages of the lesson files: every Chinese text has its English, and English text holds no Chinese
but the names and terms players say at the table.

`english(table, key, where, problems)` reads `key_en` beside a Chinese `key` (lessons/FORMAT.md, "Two
languages"): a Chinese text without its English is a problem naming the file and the item, as an example the
engine does not confirm is. In English text a Chinese word may stand only beside its English, as a name the
engine gives a thing (`Basic win 平胡`, `Full Flush 清一色`, `pays for all (包三家)`, `too many tiles (大相公)`)
or as a short term its own Chinese text uses (`melded (副露)`, a book's title): the learner needs it to play with
Chinese players. Anything else — a Chinese sentence left in the English — is a problem. `mark_names` wraps those
terms in the page (class name-zh, lang zh-Hans), so the reader's language choice keeps them when it hides the
Chinese, and a test can tell them from Chinese that leaked into English.
"""

from __future__ import annotations

import functools
import re

from markupsafe import Markup, escape

HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")


@functools.cache
def engine_names() -> frozenset[str]:
    """Every Chinese name the engine gives a thing, over every rule set: patterns and fans, winning shapes,
    the combination principles and fan series, and the words of its request fields and their choices
    (自摸, 杠上开花, 包三家 …). A label such as "杠上开花 / 抢杠" gives each of its names."""
    from suanfan.api import MESSAGES
    from web import forms

    labels: list[str] = list(MESSAGES.values())  # the English templates: the engine's own English keeps 大相公, 小相公
    for described in forms.descriptions():
        # what a rule set names beside its items: Guobiao's combination principles and fan series
        labels += [thing["zh"] for part in ("principles", "series") for thing in described.get(part, ())]
        named = described["labels"]
        labels += [item["zh"] for item in named["items"]]
        labels += [
            thing["zh"] for kind, things in named.items() if kind not in ("items", "tiles") for thing in things.values()
        ]
        for field in described["fields"]:
            labels += [field["label"]["zh"], field["label"]["en"]]
            labels += [case["zh"] for case in field.get("label_by", {}).get("labels", [])]
            for choice in field.get("choices", []):
                labels += [choice["label"]["zh"], choice.get("source", {}).get("en", "")]
    return frozenset(run for label in labels for run in HAN.findall(label))


@functools.cache
def item_names() -> frozenset[str]:
    """The Chinese names of the rule sets' patterns and fans: a heading that is one of them (a lesson called 平胡)
    is a name pair, shown in both languages whatever the reader chose."""
    from web import forms
    from web.course.expectations import RULES

    return frozenset(item["zh"] for rules in RULES for item in forms.description(rules)["labels"]["items"])


TERM_MAX = 8  # a Chinese term English text may quote from its own Chinese: a name or a title, not a sentence


def stray_chinese(text: str, zh: str = "") -> list[str]:
    """The Chinese in English text that is neither a name of the engine's nor a short term of its own Chinese
    text `zh` (nothing, in good English text)."""
    names = engine_names()
    return [run for run in HAN.findall(text) if run not in names and not (len(run) <= TERM_MAX and run in zh)]


def english(table: dict, key: str, where: str, problems: list[str]) -> str:
    """table[key + "_en"], the English of the Chinese text table[key]: required when that text has Chinese in it,
    a string, and free of Chinese other than the engine's names; each failure adds a problem at `where`."""
    zh, en = table.get(key, ""), table.get(f"{key}_en", "")
    if not isinstance(en, str):
        problems.append(f"{where}: `{key}_en` must be a string (the English of `{key}`)")
        return ""
    if isinstance(zh, str) and HAN.search(zh) and not en.strip():
        problems.append(f"{where}: `{key}` has no English: add `{key}_en`")
    problems.extend(english_text_problems(en, f"{where}: `{key}_en`", zh if isinstance(zh, str) else ""))
    return en


def english_text_problems(text: str, where: str, zh: str = "") -> list[str]:
    stray = stray_chinese(text, zh)
    return (
        [
            f"{where} has Chinese that is not a name of the engine's: {'、'.join(dict.fromkeys(stray))} "
            f"(English text may keep only fan, pattern and rule names, or a short term of its own Chinese, "
            f"beside their English)"
        ]
        if stray
        else []
    )


def mark_names(html: str) -> Markup:
    """English HTML (already escaped, or Markdown's output) with each Chinese name wrapped as a kept name."""
    return Markup(HAN.sub(lambda m: f'<span class="name-zh" lang="zh-Hans">{m[0]}</span>', str(html)))


def english_markup(text: str) -> Markup:
    """Plain English text (a caption, a prompt) for a template: escaped, its Chinese names marked."""
    return mark_names(escape(text))
