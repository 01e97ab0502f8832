"""Text in every language the site speaks, from gettext catalogues: a text is a dict with one key per language.

The English is the message id, written in the code (`_("Notes")`, `ngettext("1 useful tile", "{n} useful tiles",
n, n=n)`); the Chinese comes from the catalogues the build compiles from locale/*/ (docs/language.md): zh_Hans by
hand, zh_Hant from it through OpenCC and a reviewed phrase table. At run time only the standard library's gettext
reads them, so the engine in Pyodide needs nothing else.

A text is {"zh": Simplified, "en": English, "zh_hant": Traditional}: "zh" and "en" are the contract every result
has always kept, "zh_hant" the third language's key everywhere. Placeholders are named ({n}, {tile}); a value that
is itself a text fills each language with its own (a tile's name), any other value is the same in all.

A message missing from a catalogue is an error (MissingMessage), never English in a Chinese slot: the build checks
that every message the code marks is in the catalogues, and this refuses the rest.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

# A text: one string per language key (LANGUAGES), {"zh": …, "en": …, "zh_hant": …}.
Text = dict[str, str]

# Result keys, in the order a page shows them; the gettext locale each Chinese one is read from.
LANGUAGES = ("zh", "en", "zh_hant")
LOCALES = {"zh": "zh_Hans", "zh_hant": "zh_Hant"}
# Where a package's compiled catalogues are: <directory>/<locale>/LC_MESSAGES/<domain>.mo
ENGINE_LOCALE_DIR = Path(__file__).parent / "locale"


class MissingMessage(LookupError):
    """A message asked for that a catalogue does not hold (the build's catalogue check names where it is)."""


class _Refuse(gettext.NullTranslations):
    """The fallback of a compiled catalogue: where gettext would quietly answer with the English, refuse."""

    def __init__(self, where: str):
        super().__init__()
        self.where = where

    def gettext(self, message: str) -> str:
        raise MissingMessage(f"{message!r} is not in {self.where}")

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        raise MissingMessage(f"{msgid1!r} / {msgid2!r} is not in {self.where}")

    def pgettext(self, context: str, message: str) -> str:
        raise MissingMessage(f"{message!r} (context {context!r}) is not in {self.where}")

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        raise MissingMessage(f"{msgid1!r} / {msgid2!r} (context {context!r}) is not in {self.where}")


def fill(template: str, lang: str, values: Mapping[str, object]) -> str:
    """A template of one language filled: a text fills it with its words in that language; a number or a string
    (notation, a count) is the same in all. Anything else is a mistake (an object whose name was meant)."""
    if not values:
        return template
    filled: dict[str, object] = {}
    for key, value in values.items():
        if isinstance(value, dict):
            filled[key] = in_language(value, lang)
        elif isinstance(value, (str, int, float)) or value is None:
            filled[key] = value
        else:
            raise TypeError(f"{key}={value!r} fills a message: give its text (its name), not the object")
    return template.format(**filled)


def in_language(text: Mapping[str, Any], lang: str) -> str:
    """A text's words in one language. A text made before its words came from the catalogues has no "zh_hant"
    yet: its Simplified stands in (the zh-Hant pages' test finds any that reaches a page)."""
    if lang == "zh_hant" and lang not in text:
        return str(text["zh"])
    return str(text[lang])


def text_of(value: Mapping[str, Any]) -> Text:
    """The text a dict carries beside other keys (a reason, a verdict), in every language (in_language)."""
    return {lang: in_language(value, lang) for lang in LANGUAGES}


def join(texts: Iterable[Text], zh: str, en: str) -> Text:
    """Texts joined in each language: Chinese (Simplified and Traditional) with `zh` between them, English with `en`."""
    texts = list(texts)
    return {lang: (en if lang == "en" else zh).join(t[lang] for t in texts) for lang in LANGUAGES}


def same(value: object) -> Text:
    """A value that reads the same in every language (a number, a hand's notation) as a text."""
    return {lang: str(value) for lang in LANGUAGES}


class Named:
    """A thing with a `name` (a text) whose Chinese and English are read as .zh and .en (a fan, a pattern, a topic)."""

    name: Text

    @property
    def zh(self) -> str:
        return str(self.name["zh"])

    @property
    def en(self) -> str:
        return str(self.name["en"])


class Catalogue:
    """One gettext domain's messages in every language, read when first asked for."""

    def __init__(self, domain: str, directory: Path):
        self.domain = domain
        self.directory = directory
        self._translations: dict[str, gettext.GNUTranslations] = {}

    def translations(self, lang: str) -> gettext.GNUTranslations:
        if lang not in self._translations:
            path = self.directory / LOCALES[lang] / "LC_MESSAGES" / f"{self.domain}.mo"
            try:
                with open(path, "rb") as mo:
                    found = gettext.GNUTranslations(mo)
            except FileNotFoundError:
                raise MissingMessage(
                    f"no compiled catalogue {path} (the build compiles it: python3 build.py build)"
                ) from None
            found.add_fallback(_Refuse(f"{self.domain}'s {LOCALES[lang]} catalogue"))
            self._translations[lang] = found
        return self._translations[lang]

    def text(self, msgid: str, context: str | None = None, /, **values: object) -> Text:
        out = {}
        for lang in LANGUAGES:
            if lang == "en":
                template = msgid
            elif context is None:
                template = self.translations(lang).gettext(msgid)
            else:
                template = self.translations(lang).pgettext(context, msgid)
            out[lang] = fill(template, lang, values)
        return out

    def plural(self, singular: str, plural: str, n: int, context: str | None = None, /, **values: object) -> Text:
        """The text for n of something: English says "1 tile" and "2 tiles", Chinese has one form."""
        out = {}
        for lang in LANGUAGES:
            if lang == "en":
                template = singular if n == 1 else plural
            elif context is None:
                template = self.translations(lang).ngettext(singular, plural, n)
            else:
                template = self.translations(lang).npgettext(context, singular, plural, n)
            out[lang] = fill(template, lang, values)
        return out


ENGINE = Catalogue("suanfan", ENGINE_LOCALE_DIR)


# The engine's own messages, under gettext's names so that the extractor finds them with its default keywords.
def _(msgid: str, /, **values: object) -> Text:
    return ENGINE.text(msgid, **values)


def pgettext(context: str, msgid: str, /, **values: object) -> Text:
    return ENGINE.text(msgid, context, **values)


def ngettext(singular: str, plural: str, n: int, /, **values: object) -> Text:
    return ENGINE.plural(singular, plural, n, **values)


def npgettext(context: str, singular: str, plural: str, n: int, /, **values: object) -> Text:
    return ENGINE.plural(singular, plural, n, context, **values)


def N_(msgid: str) -> str:
    """Marks a message for the catalogue where it is declared as data and looked up later (`_(TABLE[key])`)."""
    return msgid
