"""The words of every question, in Chinese and English: one template per kind (and per way of asking it).

Filled with the names of the fans, patterns and payers the question is about; the numbers a learner must find
are never in them.
"""

from __future__ import annotations

PROMPTS = {
    ("points", "gb"): ("这手牌一共几分?(花牌也算在内)", "How many points is this hand worth (flowers included)?"),
    ("points", "jiujiang"): ("这手牌算几番?(乘完倍数、比过封顶以后)",
                             "What is this hand worth, in fan, after the multipliers and the cap?"),
    ("fans", "gb"): ("下面哪些番计分?选出所有计分的。", "Which of these fans count? Pick every one that does."),
    ("fans", "jiujiang"): ("这手牌具备下面哪些番型?计入的和不另加的都选。",
                           "Which of these patterns does the hand show? Pick the one that counts and any not added."),
    ("name", "gb", "fan_of_hand"): ("这手牌要表现的是哪一个番?", "Which fan is this hand built to show?"),
    ("name", "gb", "hand_of_fan"): ("哪一手牌计{zh}?", "Which hand counts {en}?"),
    ("name", "jiujiang", "fan_of_hand"): ("这手牌计的是哪个番型?", "Which pattern does this hand count?"),
    ("name", "jiujiang", "hand_of_fan"): ("哪一手牌计的是{zh}?", "Which hand counts {en}?"),
    ("waits", "gb"): ("这手牌听哪几张?(能成和牌牌型就算,不论够不够 8 分)",
                      "Which tiles complete this hand? (Any winning shape, whether or not it reaches 8 points.)"),
    ("waits", "jiujiang"): ("这手牌胡哪几张?", "Which tiles does this hand win on?"),
    ("declare", "gb"): ("这手牌能和吗?(8 分起和,花牌不算)",
                        "May this hand be declared a win? (8 points needed, flowers not counted.)"),
    ("declare", "jiujiang"): ("这手牌能胡吗?(按本桌的约定)", "Is this hand a win at this table?"),
    ("why_not", "gb"): ("这手牌里有{zh},却不计分。为什么?", "This hand has {en}, yet it is not counted. Why?"),
    ("why_not", "gb", "one_of_them"): ("这手牌里有一组{zh}不计分(另一组照计)。为什么?",
                                       "One {en} in this hand is not counted (another one is). Why?"),
    ("why_not", "jiujiang"): ("这手牌也是{zh},却不另加。计入的是哪个番型?",
                              "This hand is also {en}, yet it is not added. Which pattern counts instead?"),
    ("pay", "jiujiang", "payer"): ("{payer_zh}付多少?", "How much does {payer_en} pay?"),
    ("pay", "jiujiang", "winner"): ("赢家一共收多少?", "How much does the winner receive in all?"),
}


def prompt(kind: str, family: str, variant: str | None = None, **names) -> dict:
    key = (kind, family) if variant is None else (kind, family, variant)
    zh, en = PROMPTS[key]
    return {"zh": zh.format(**names), "en": en.format(**names)}
