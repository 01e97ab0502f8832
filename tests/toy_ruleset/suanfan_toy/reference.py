"""The toy's reference facts (`action: "reference"`): one card, what each template hand scores plain and lucky at the
sheet's house rules, every total the engine's own (answer_of: the façade, as a page would ask it).

A card is the generic shape a page draws without knowing the rule set: a title, its columns ({key, zh, en}) and
rows of values by column key."""

from __future__ import annotations

from collections.abc import Callable

from . import FIELDS, KEY, NAME, PAIRS
from .practice import TEMPLATE_HANDS

LUCKY = FIELDS[0]
COLUMNS = (
    {"key": "hand", "zh": "手牌", "en": "hand"},
    {"key": "pairs", "zh": PAIRS["zh"], "en": PAIRS["en"]},
    {"key": "plain", "zh": "平常", "en": "plain"},
    {"key": "lucky", **LUCKY.label},
)


def row(hand: str, answer_of: Callable) -> dict:
    plain, lucky = (answer_of({"rules": KEY, "hand": hand, LUCKY.key: flag}) for flag in (False, True))
    return {
        "hand": plain["hand"],
        "pairs": plain["items"][0]["count"],
        "plain": plain["total"],
        "lucky": lucky["total"],
    }


def reference(answer_of: Callable) -> dict:
    return {
        "ok": True,
        "action": "reference",
        "rules": KEY,
        "cards": [
            {
                "key": "pair_values",
                "title": {"zh": f"{NAME['zh']}:对子算分", "en": f"{NAME['en']}: what pairs score"},
                "columns": list(COLUMNS),
                "rows": [row(hand, answer_of) for hand in TEMPLATE_HANDS],
            }
        ],
    }
