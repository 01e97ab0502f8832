"""The words of Guobiao practice: what each kind of question is called and asks, and every question's prompt.

Filled with the names of the fans the question is about (Practice.prompt); the numbers a learner must find are
never in them.
"""

from __future__ import annotations

from ...catalogue import _, pgettext
from ...practice.catalog import DECLARE, DISCARD, FANS_KIND, NAME, POINTS, ROUTE, WAITS, WHY_NOT, Kind
from ...practice.reading_kinds import SHARED_KINDS, SHARED_PROMPTS
from ..fans import MINIMUM_POINTS

KINDS = {
    k.key: k
    for k in (
        Kind(
            POINTS,
            _("count the points"),
            _("How many points the hand is worth, flowers included."),
        ),
        Kind(
            FANS_KIND,
            _("which fans count"),
            _("Pick every option that counts; some are present but set aside, some the hand nearly has."),
        ),
        Kind(
            NAME,
            _("name the fan"),
            _("Which fan this hand is built to show; or the other way round, which of four hands has it."),
        ),
        Kind(
            WAITS,
            _("which tiles complete it"),
            _(
                "A 13-tile hand: every tile that completes a winning shape (whether or not it reaches {minimum_points} points; not a tile whose four copies are all in the hand).",
                minimum_points=MINIMUM_POINTS,
            ),
        ),
        Kind(
            DECLARE,
            _("may it be declared"),
            _(
                "At least {minimum_points} points without the flowers; a hand with no fan at all is a chicken hand and may win.",
                minimum_points=MINIMUM_POINTS,
            ),
        ),
        Kind(
            WHY_NOT,
            _("why is it not counted"),
            _(
                "The fan is there but not counted: which counted fan excludes it (or, where none does, which combination principle)."
            ),
        ),
        *SHARED_KINDS,
        Kind(
            DISCARD,
            _("which discard"),
            _(
                "Which tile to discard from 14: the fastest to ready, or the fastest that can still reach {minimum_points} points.",
                minimum_points=MINIMUM_POINTS,
            ),
        ),
        Kind(
            ROUTE,
            _("which route is open"),
            _("A hand one step from ready: which of these fans can it still be won with (some way to win counts it)."),
        ),
    )
}

PROMPTS = {
    **SHARED_PROMPTS,
    (POINTS, None): _("How many points is this hand worth (flowers included)?"),
    (FANS_KIND, None): _("Which of these fans count? Pick every one that does."),
    (NAME, "fan_of_hand"): _("Which fan is this hand built to show?"),
    (NAME, "hand_of_fan"): pgettext("gb", "Which hand counts {name}?"),
    (WAITS, None): _(
        "Which tiles complete this hand? (Any winning shape, whether or not it reaches {minimum_points} points.)",
        minimum_points=MINIMUM_POINTS,
    ),
    (DECLARE, None): _(
        "May this hand be declared a win? ({minimum_points} points needed, flowers not counted.)",
        minimum_points=MINIMUM_POINTS,
    ),
    (WHY_NOT, None): _("This hand has {name}, yet it is not counted. Why?"),
    (WHY_NOT, "one_of_them"): _("In this hand, one {name} is not counted (another one is). Why?"),
    (DISCARD, "value"): _(
        "Goal: ready as fast as possible while {minimum_points} points stay in reach. Which tile do you discard?",
        minimum_points=MINIMUM_POINTS,
    ),
    (ROUTE, None): _("This hand is one step from ready. Which of these fans can it still be won with?"),
}


# What the tags only Guobiao's questions carry are called (Practice.tag_words; fans, kinds, principles and the
# 不计 pairs are named from the fan table).
MISCONCEPTION_WORDS = {
    "misconception:forgets_flowers": _("forgetting the flowers"),
    "misconception:flowers_twice": _("counting the flowers twice"),
    "misconception:flowers_toward_minimum": _(
        "counting flowers toward the {minimum_points}-point minimum", minimum_points=MINIMUM_POINTS
    ),
    "misconception:ignores_exclusions": _("adding every fan found, 不计 or not"),
}
# one fan counted wherever it is 不计, named by the fan (misconception:counts_excluded:<key>)
COUNTS_EXCLUDED_FORM = _("counting {name} where it is not counted")
# 不计: "{excluded} under {by}", the excluded fan first (what the learner counted by mistake)
EXCLUSION_WORDS = _("{excluded} under {by} (not counted)")
