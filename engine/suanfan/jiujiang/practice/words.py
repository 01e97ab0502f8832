"""The words of 九江 practice: what each kind of question is called and asks, and every question's prompt.

Filled with the names of the patterns and payers the question is about; the numbers a learner must find are never
in them.
"""

from __future__ import annotations

from ...practice.catalog import DECLARE, DISCARD, FANS_KIND, NAME, PAY, POINTS, WAITS, WHY_NOT, Kind
from ...practice.reading_kinds import SHARED_KINDS, SHARED_PROMPTS

KINDS = {
    k.key: k
    for k in (
        Kind(
            POINTS,
            ("算番", "count the fan"),
            ("乘完倍数、比过封顶以后,这手牌算几番。", "What the hand is worth after the multipliers and the cap."),
        ),
        Kind(
            FANS_KIND,
            ("有哪些番型", "which patterns are present"),
            (
                "选出这手牌具备的所有番型(计入的和不另加的都算)。",
                "Pick every pattern the hand shows, the one that counts and those not added.",
            ),
        ),
        Kind(
            NAME,
            ("认番型", "name the pattern"),
            (
                "这手牌计的是哪个番型;或者反过来,四手牌里哪一手计这个番型。",
                "Which pattern this hand counts; or the other way round, which of four hands counts it.",
            ),
        ),
        Kind(
            WAITS,
            ("听哪几张", "which tiles complete it"),
            (
                "13 张的手牌,胡哪几张牌(本桌的要求也要满足;四张都已在手的不算)。",
                "A 13-tile hand: every tile it wins on, under this table's requirements (not a tile whose "
                "four copies are all in the hand).",
            ),
        ),
        Kind(
            DECLARE,
            ("能不能胡", "is it a win"),
            (
                "是不是四组一将或七对,而且满足本桌的要求(缺门、花牌……)。",
                "Four sets and a pair, or seven pairs, meeting the table's requirements (a missing suit, flowers …).",
            ),
        ),
        Kind(
            WHY_NOT,
            ("为什么不另加", "why is it not added"),
            (
                "牌里有这个番型却不另加:是哪个更高的番型计入了。",
                "The pattern is there but not added: which higher pattern counts instead.",
            ),
        ),
        Kind(
            PAY,
            ("谁付多少", "who pays how much"),
            (
                "按本桌的算炮约定,某一家付多少,或赢家一共收多少。",
                "Under this table's conventions: what one player pays, or what the winner receives.",
            ),
        ),
        *SHARED_KINDS,
        Kind(
            DISCARD,
            ("何切:打哪张", "which discard"),
            (
                "14 张的手牌打哪一张:最快听牌,或者保住这手牌能做到的最大番型。",
                "Which tile to discard from 14: the fastest to ready, or the one that keeps the biggest value the hand "
                "can reach.",
            ),
        ),
    )
}

PROMPTS = {
    **SHARED_PROMPTS,
    (POINTS, None): (
        "这手牌算几番?(乘完倍数、比过封顶以后)",
        "What is this hand worth, in fan, after the multipliers and the cap?",
    ),
    (FANS_KIND, None): (
        "这手牌具备下面哪些番型?计入的和不另加的都选。",
        "Which of these patterns does the hand show? Pick the one that counts and any not added.",
    ),
    (NAME, "fan_of_hand"): ("这手牌计的是哪个番型?", "Which pattern does this hand count?"),
    (NAME, "hand_of_fan"): ("哪一手牌计的是{zh}?", "Which hand counts {en}?"),
    (WAITS, None): ("这手牌胡哪几张?", "Which tiles does this hand win on?"),
    (DECLARE, None): ("这手牌能胡吗?(按本桌的约定)", "Is this hand a win at this table?"),
    (WHY_NOT, None): (
        "这手牌也是{zh},却不另加。计入的是哪个番型?",
        "This hand is also {en}, yet it is not added. Which pattern counts instead?",
    ),
    # by the payments' mode (jiujiang.payments): who pays, and how, in one sentence
    (PAY, "self_drawn"): ("{payer_zh}付多少?", "How much does {payer_en} pay?"),
    (PAY, "discarder"): ("{payer_zh}一家付,付多少?", "How much does {payer_en} pay, paying alone?"),
    (PAY, "discarder_pays_all"): (
        "{payer_zh}包三家,付多少?",
        "How much does {payer_en} pay, paying for all three players?",
    ),
    (PAY, "winner"): ("赢家一共收多少?", "How much does the winner receive in all?"),
    (DISCARD, "value"): (
        "目标:保住这手牌能做到的最大番,再求快。打哪一张?",
        "Goal: keep the biggest value this hand can reach, then speed. Which tile do you discard?",
    ),
}


# What the tags only 九江's questions carry are called (Practice.tag_words; patterns, kinds and concepts are named
# where they are defined).
MISCONCEPTION_WORDS = {
    "misconception:adds_patterns": (
        "把几个牌型的番相加(只取最高的一个)",
        "adding patterns together (only the highest counts)",
    ),
    "misconception:double_bloom": (
        "杠上开花又按自摸再乘一次 ×2",
        "doubling a win on a kong replacement again for the self-draw",
    ),
    "misconception:dealer_after_cap": ("封顶以后才乘庄家的 ×2", "doubling for the dealer after the cap"),
    "misconception:base_after_cap": ("封顶以后才算底番", "applying the base after the cap"),
    "misconception:base_twice_on_ping_hu": ("平胡上把底番算了两次", "counting the base twice on a basic win"),
    "misconception:winner_receives": (
        "把赢家收的总数当成一家付的",
        "taking what the winner receives for one player's payment",
    ),
    "misconception:not_a_win": ("看不出这手牌和不了", "not seeing that the hand is no win"),
}
