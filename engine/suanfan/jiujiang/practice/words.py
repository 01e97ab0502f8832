"""The words of 九江 practice: what each kind of question is called and asks, and every question's prompt.

Filled with the names of the patterns and payers the question is about; the numbers a learner must find are never
in them.
"""

from __future__ import annotations

from ...catalogue import _
from ...practice.catalog import DECLARE, DISCARD, FANS_KIND, NAME, PAY, POINTS, WAITS, WHY_NOT, Kind
from ...practice.reading_kinds import SHARED_KINDS, SHARED_PROMPTS

KINDS = {
    k.key: k
    for k in (
        Kind(
            POINTS,
            _("count the fan"),
            _("What the hand is worth after the multipliers and the cap."),
        ),
        Kind(
            FANS_KIND,
            _("which patterns are present"),
            _("Pick every pattern the hand shows, the one that counts and those not added."),
        ),
        Kind(
            NAME,
            _("name the pattern"),
            _("Which pattern this hand counts; or the other way round, which of four hands counts it."),
        ),
        Kind(
            WAITS,
            _("which tiles complete it"),
            _(
                "A 13-tile hand: every tile it wins on, under this table's requirements (not a tile whose four copies are all in the hand)."
            ),
        ),
        Kind(
            DECLARE,
            _("is it a win"),
            _("Four sets and a pair, or seven pairs, meeting the table's requirements (a missing suit, flowers …)."),
        ),
        Kind(
            WHY_NOT,
            _("why is it not added"),
            _("The pattern is there but not added: which higher pattern counts instead."),
        ),
        Kind(
            PAY,
            _("who pays how much"),
            _("Under this table's conventions: what one player pays, or what the winner receives."),
        ),
        *SHARED_KINDS,
        Kind(
            DISCARD,
            _("which discard"),
            _(
                "Which tile to discard from 14: the fastest to ready, or the one that keeps the biggest value the hand can reach."
            ),
        ),
    )
}

PROMPTS = {
    **SHARED_PROMPTS,
    (POINTS, None): _("What is this hand worth, in fan, after the multipliers and the cap?"),
    (FANS_KIND, None): _("Which of these patterns does the hand show? Pick the one that counts and any not added."),
    (NAME, "fan_of_hand"): _("Which pattern does this hand count?"),
    (NAME, "hand_of_fan"): _("Which hand counts {name}?"),
    (WAITS, None): _("Which tiles does this hand win on?"),
    (DECLARE, None): _("Is this hand a win at this table?"),
    (WHY_NOT, None): _("This hand is also {name}, yet it is not added. Which pattern counts instead?"),
    # by the payments' mode (jiujiang.payments): who pays, and how, in one sentence
    (PAY, "self_drawn"): _("How much does {payer} pay?"),
    (PAY, "discarder"): _("How much does {payer} pay, paying alone?"),
    (PAY, "discarder_pays_all"): _("How much does {payer} pay, paying for all three players?"),
    (PAY, "winner"): _("How much does the winner receive in all?"),
    (DISCARD, "value"): _("Goal: keep the biggest value this hand can reach, then speed. Which tile do you discard?"),
}


# What the tags only 九江's questions carry are called (Practice.tag_words; patterns, kinds and concepts are named
# where they are defined).
MISCONCEPTION_WORDS = {
    "misconception:adds_patterns": _("adding patterns together (only the highest counts)"),
    "misconception:double_bloom": _("doubling a win on a kong replacement again for the self-draw"),
    "misconception:dealer_after_cap": _("doubling for the dealer after the cap"),
    "misconception:base_after_cap": _("applying the base after the cap"),
    "misconception:base_twice_on_ping_hu": _("counting the base twice on a basic win"),
    "misconception:winner_receives": _("taking what the winner receives for one player's payment"),
    "misconception:not_a_win": _("not seeing that the hand is no win"),
}
