"""The message catalogues (docs/language.md): what the code marks, checked against locale/, compiled for the engine
and the site.

Two gettext domains, each extracted by Babel from its own sources:
  suanfan  the engine's text (engine/suanfan/**.py)          compiled into engine/suanfan/locale/ (in the wheel)
  site     the pages' words (web/**.py, templates, scripts)  compiled into web/locale/, and the scripts' messages
                                                             into static/js/messages.js (web/words.py)
The Simplified catalogue locale/zh_Hans/<domain>.po is written by hand; the Traditional one is made from it at each
compile (web/hant.py: OpenCC, then the reviewed phrase table), so it is never edited and never stale. Compiling
refuses a catalogue that lacks a message the code marks, or keeps one the code no longer has: the build fails
there, naming the file and line. `python3 build.py messages` brings the .po files up to date with the code (new
messages empty, for a person to write; gone ones removed).
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from buildkit.console import BuildError, say
from buildkit.paths import ROOT

LOCALE = ROOT / "locale"
SIMPLIFIED, TRADITIONAL = "zh_Hans", "zh_Hant"
COMMENT_TAGS = ("NOTE:",)


@dataclass(frozen=True)
class Source:
    pattern: str  # a glob under the domain's root
    method: str  # Babel's extraction method
    keywords: dict  # the marking functions: name -> which arguments are the message (Babel's keyword spec)


@dataclass(frozen=True)
class Domain:
    name: str
    sources: tuple[Source, ...]
    compiled: Path  # <compiled>/<locale>/LC_MESSAGES/<name>.mo
    root: Path = ROOT  # what the source globs and the catalogue are found under
    locale: Path = LOCALE

    @property
    def po(self) -> Path:
        return self.locale / SIMPLIFIED / f"{self.name}.po"

    def mo(self, locale: str) -> Path:
        return self.compiled / locale / "LC_MESSAGES" / f"{self.name}.mo"


# gettext's names (_, ngettext, pgettext, npgettext, N_), and the site's own: word(key, msgid) and
# plural_word(key, singular, plural) declare a page word with its key as context (web/words.py). (Two names, not
# one by its number of arguments: Babel counts a trailing comma as one more.)
SITE_KEYWORDS = {**DEFAULT_KEYWORDS, "word": ((1, "c"), 2), "plural_word": ((1, "c"), 2, 3)}
# The scripts' marking functions (static/js/gettext.js), and only those: a script's own function named `word` or
# `gettext` is not a message.
SCRIPT_KEYWORDS = {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
SCRIPTS = Source("web/static/js/*.js", "javascript", SCRIPT_KEYWORDS)
DOMAINS = (
    Domain(
        "suanfan",
        (Source("engine/suanfan/**/*.py", "python", DEFAULT_KEYWORDS),),
        ROOT / "engine" / "suanfan" / "locale",
    ),
    Domain(
        "site",
        (
            Source("web/**/*.py", "python", SITE_KEYWORDS),
            Source("web/templates/**/*.html", "jinja2.ext:babel_extract", SITE_KEYWORDS),
            SCRIPTS,
        ),
        ROOT / "web" / "locale",
    ),
)


def extract(domain: Domain, sources: tuple[Source, ...] | None = None) -> Catalog:
    """Every message the domain's sources (or just `sources`) mark, with where each is."""
    catalog = Catalog(locale=SIMPLIFIED, domain=domain.name, fuzzy=False)
    for source in domain.sources if sources is None else sources:
        for path in sorted(domain.root.glob(source.pattern)):
            if "__pycache__" in path.parts:
                continue
            where = path.relative_to(domain.root).as_posix()
            for lineno, message, comments, context in extract_from_file(
                source.method, path, keywords=source.keywords, comment_tags=COMMENT_TAGS, strip_comment_tags=True
            ):
                catalog.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    return catalog


def unread_calls(domain: Domain) -> list[str]:
    """The marking calls in the domain's scripts that Babel's JavaScript extractor skips without a word: one whose
    message is not a string literal, or one inside another marked call's arguments. Each would fail only on the
    page (gettext.js refuses a message messages.js lacks), so the build names it."""
    from babel.messages.jslexer import tokenize

    found = []
    for source in (s for s in domain.sources if s.method == "javascript"):
        for path in sorted(domain.root.glob(source.pattern)):
            where = path.relative_to(domain.root).as_posix()
            code = path.read_text(encoding="utf-8")
            tokens = [t for t in tokenize(code) if t.type not in ("linecomment", "multilinecomment")]
            depth = 0
            open_calls = []  # the depth inside each marked call's parentheses, innermost last
            for i, token in enumerate(tokens):
                if token.type == "operator" and token.value in "([{":
                    depth += 1
                elif token.type == "operator" and token.value in ")]}":
                    if open_calls and open_calls[-1] == depth:
                        open_calls.pop()
                    depth -= 1
                elif token.type == "name" and token.value in source.keywords and i + 2 < len(tokens):
                    opening, first = tokens[i + 1], tokens[i + 2]
                    before = tokens[i - 1] if i else None
                    if opening.value != "(" or (before and before.type == "name" and before.value == "function"):
                        continue  # not a call (a definition, a name passed on)
                    why = None
                    if open_calls:
                        why = "inside another marked call's arguments"
                    elif first.type != "string":
                        why = "its message is not a string literal"
                    if why:
                        found.append(f"{where}:{token.lineno}: {token.value}(…) is not read by the extractor: {why}")
                    open_calls.append(depth + 1)
    return found


def script_messages() -> list[tuple[str | tuple[str, str], str | None]]:
    """The messages the scripts mark, as (msgid or (singular, plural), context), sorted: what the build ships to
    them (web/words.py messages_module)."""
    site = next(d for d in DOMAINS if d.name == "site")
    found = [(m.id, m.context) for m in extract(site, (SCRIPTS,)) if m.id]
    return sorted(found, key=lambda m: (m[1] or "", m[0] if isinstance(m[0], str) else m[0][0]))


def read(path: Path) -> Catalog:
    with open(path, "rb") as f:
        return read_po(f, locale=SIMPLIFIED)


def problems(domain: Domain, wanted: Catalog, written: Catalog) -> list[str]:
    """What keeps the catalogue from answering for the code: a message missing or empty, or one no longer used."""
    found = []
    for message in wanted:
        if not message.id:
            continue
        where = ", ".join(f"{f}:{n}" for f, n in message.locations[:3])
        held = written.get(message.id, message.context)
        label = repr(message.id if isinstance(message.id, str) else message.id[0])
        if message.context:
            label += f" (context {message.context!r})"
        if held is None:
            found.append(f"{where}: {label} is not in locale/{SIMPLIFIED}/{domain.po.name}")
        elif message.pluralizable != held.pluralizable:
            found.append(f"{where}: {label} is a plural in one of the code and the catalogue only")
        elif not all(held.string if isinstance(held.string, tuple) else (held.string,)) or held.fuzzy:
            found.append(
                f"{where}: {label} has no Chinese (or is marked fuzzy) in locale/{SIMPLIFIED}/{domain.po.name}"
            )
    for held in written:
        if held.id and wanted.get(held.id, held.context) is None:
            label = repr(held.id if isinstance(held.id, str) else held.id[0])
            found.append(
                f"locale/{SIMPLIFIED}/{domain.po.name}: {label} is no longer in the code (python3 build.py messages)"
            )
    return found


def traditional(simplified: Catalog) -> Catalog:
    """The zh_Hant catalogue: every Simplified message converted (web/hant.py)."""
    from web.hant import to_traditional

    # The header's dates are the Simplified catalogue's: the same input makes the same bytes.
    out = Catalog(
        locale=TRADITIONAL,
        domain=simplified.domain,
        project=simplified.project,
        version=simplified.version,
        creation_date=simplified.creation_date,
        revision_date=simplified.revision_date,
        fuzzy=False,
    )
    for message in simplified:
        if not message.id:
            continue
        string = message.string
        string = tuple(to_traditional(s) for s in string) if isinstance(string, tuple) else to_traditional(string)
        out.add(message.id, string, context=message.context)
    return out


def mo_bytes(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def write_if_changed(path: Path, data: bytes) -> None:
    if path.exists() and path.read_bytes() == data:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    scratch = path.with_suffix(f".{os.getpid()}.tmp")  # two test processes may compile at once
    scratch.write_bytes(data)
    scratch.replace(path)


def compile_all(domains: tuple[Domain, ...] = DOMAINS) -> None:
    """Check every domain's catalogue against its code, then write its compiled catalogues (only files whose bytes
    change are written, so a second run leaves them alone). Raises BuildError naming every problem."""
    found = []
    for domain in domains:
        written = read(domain.po)
        found += unread_calls(domain) + problems(domain, extract(domain), written)
        write_if_changed(domain.mo(SIMPLIFIED), mo_bytes(written))
        write_if_changed(domain.mo(TRADITIONAL), mo_bytes(traditional(written)))
    if found:
        raise BuildError("the message catalogues do not match the code:\n  " + "\n  ".join(found))


def _written(string) -> bool:
    """A message's Chinese is written: one string, or every plural form (Babel leaves None where none is)."""
    if isinstance(string, str):
        return bool(string)
    return bool(string) and all(string)


def update_all() -> None:
    """locale/zh_Hans/*.po brought up to date with the code: new messages added without Chinese (the build fails
    until a person writes it), gone ones dropped. Written sorted by message, with the files (not the lines) that use
    each, and the header's date kept: the file changes only where a message did, so branches merge cleanly."""
    for domain in DOMAINS:
        wanted = extract(domain)
        written = read(domain.po) if domain.po.exists() else Catalog(locale=SIMPLIFIED, domain=domain.name)
        created = written.creation_date
        written.update(wanted, no_fuzzy_matching=True, update_creation_date=False)
        written.creation_date = created
        written.obsolete.clear()
        buffer = io.BytesIO()
        write_po(buffer, written, width=120, sort_output=True, ignore_obsolete=True, include_lineno=False)
        write_if_changed(domain.po, buffer.getvalue())
        empty = [m for m in written if m.id and not _written(m.string)]
        say(f"{domain.po.relative_to(ROOT)}: {len(written)} messages, {len(empty)} without Chinese")
