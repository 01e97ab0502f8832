"""The names the type checker knows the engine's JSON by (mypy, strict: pyproject.toml's [tool.mypy]).

Types only: nothing here runs when a request is answered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias, TypedDict

# One JSON object as the engine takes and gives it: a request, a result, or a part of one. Its values are Any because
# which type a key holds is declared at run time (a rule set's fields.Field list, its description) and checked there
# (request.py's readers), which mypy cannot follow; a shape that code relies on key by key is a TypedDict of its own.
JSONDict: TypeAlias = dict[str, Any]


class Words(TypedDict):
    """A text in both languages, as every label, message and explanation carries it: {"zh": …, "en": …}."""

    zh: str
    en: str


# api.handle as a rule set's code is handed it, to answer a request of its own (a question's, a reference table's)
AnswerOf: TypeAlias = Callable[[JSONDict], JSONDict]
