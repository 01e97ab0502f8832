"""The words of Guobiao practice: what each kind of question is called and asks, and every question's prompt.

Filled with the names of the fans the question is about (Practice.prompt); the numbers a learner must find are
never in them.
"""

from __future__ import annotations

from ...practice.catalog import DECLARE, DISCARD, FANS_KIND, NAME, POINTS, ROUTE, WAITS, WHY_NOT, Kind
from ...practice.reading_kinds import SHARED_KINDS, SHARED_PROMPTS
from ..fans import MINIMUM_POINTS

KINDS = {
    k.key: k
    for k in (
        Kind(
            POINTS,
            ("算分", "count the points"),
            ("这手牌一共几分(花牌算在内)。", "How many points the hand is worth, flowers included."),
        ),
        Kind(
            FANS_KIND,
            ("计哪些番", "which fans count"),
            (
                "从选项里选出所有计分的番;有的选项在牌里却不计,有的差一点就有。",
                "Pick every option that counts; some are present but set aside, some the hand nearly has.",
            ),
        ),
        Kind(
            NAME,
            ("认番", "name the fan"),
            (
                "这手牌要表现的是哪一个番;或者反过来,四手牌里哪一手有这个番。",
                "Which fan this hand is built to show; or the other way round, which of four hands has it.",
            ),
        ),
        Kind(
            WAITS,
            ("听哪几张", "which tiles complete it"),
            (
                f"13 张的手牌,和哪几张牌能成和牌牌型(不论够不够 {MINIMUM_POINTS} 分;四张都已在手的不算)。",
                f"A 13-tile hand: every tile that completes a winning shape (whether or not it reaches {MINIMUM_POINTS} points; "
                "not a tile whose four copies are all in the hand).",
            ),
        ),
        Kind(
            DECLARE,
            ("能不能和", "may it be declared"),
            (
                f"不算花牌够不够 {MINIMUM_POINTS} 分;一个番也没有的无番和可以和。",
                f"At least {MINIMUM_POINTS} points without the flowers; a hand with no fan at all is a chicken hand and may win.",
            ),
        ),
        Kind(
            WHY_NOT,
            ("为什么不计", "why is it not counted"),
            (
                "牌里有这个番却不计:是哪个番把它排除了(没有番排除它时,是哪条组合原则)。",
                "The fan is there but not counted: which counted fan excludes it (or, where none does, which "
                "combination principle).",
            ),
        ),
        *SHARED_KINDS,
        Kind(
            DISCARD,
            ("何切:打哪张", "which discard"),
            (
                f"14 张的手牌打哪一张:最快听牌,或者最快而且还能凑够 {MINIMUM_POINTS} 分。",
                f"Which tile to discard from 14: the fastest to ready, or the fastest that can still reach {MINIMUM_POINTS} points.",
            ),
        ),
        Kind(
            ROUTE,
            ("还能做什么番", "which route is open"),
            (
                "离听牌一步的手牌,下面哪个番还能做成(有一种和法计它)。",
                "A hand one step from ready: which of these fans can it still be won with (some way to win counts it).",
            ),
        ),
    )
}

PROMPTS = {
    **SHARED_PROMPTS,
    (POINTS, None): ("这手牌一共几分?(花牌也算在内)", "How many points is this hand worth (flowers included)?"),
    (FANS_KIND, None): ("下面哪些番计分?选出所有计分的。", "Which of these fans count? Pick every one that does."),
    (NAME, "fan_of_hand"): ("这手牌要表现的是哪一个番?", "Which fan is this hand built to show?"),
    (NAME, "hand_of_fan"): ("哪一手牌计{zh}?", "Which hand counts {en}?"),
    (WAITS, None): (
        f"这手牌听哪几张?(能成和牌牌型就算,不论够不够 {MINIMUM_POINTS} 分)",
        f"Which tiles complete this hand? (Any winning shape, whether or not it reaches {MINIMUM_POINTS} points.)",
    ),
    (DECLARE, None): (
        f"这手牌能和吗?({MINIMUM_POINTS} 分起和,花牌不算)",
        f"May this hand be declared a win? ({MINIMUM_POINTS} points needed, flowers not counted.)",
    ),
    (WHY_NOT, None): ("这手牌里有{zh},却不计分。为什么?", "This hand has {en}, yet it is not counted. Why?"),
    (WHY_NOT, "one_of_them"): (
        "这手牌里有一组{zh}不计分(另一组照计)。为什么?",
        "In this hand, one {en} is not counted (another one is). Why?",
    ),
    (DISCARD, "value"): (
        f"目标:最快听牌,但要还能凑够 {MINIMUM_POINTS} 分。打哪一张?",
        f"Goal: ready as fast as possible while {MINIMUM_POINTS} points stay in reach. Which tile do you discard?",
    ),
    (ROUTE, None): (
        "这手牌离听牌一步。下面哪个番它还能做成?",
        "This hand is one step from ready. Which of these fans can it still be won with?",
    ),
}


# What the tags only Guobiao's questions carry are called (Practice.tag_words; fans, kinds, principles and the
# 不计 pairs are named from the fan table).
MISCONCEPTION_WORDS = {
    "misconception:forgets_flowers": ("忘了算花牌", "forgetting the flowers"),
    "misconception:flowers_twice": ("花牌算了两次", "counting the flowers twice"),
    "misconception:flowers_toward_minimum": (
        f"拿花牌凑 {MINIMUM_POINTS} 分起和",
        f"counting flowers toward the {MINIMUM_POINTS}-point minimum",
    ),
    "misconception:ignores_exclusions": ("不看不计,见番就加", "adding every fan found, 不计 or not"),
}
# one fan counted wherever it is 不计, named by the fan (misconception:counts_excluded:<key>)
COUNTS_EXCLUDED_FORM = ("不计的{name}也算上", "counting {name} where it is not counted")
# 不计: "{excluded} under {by}", the excluded fan first (what the learner counted by mistake)
EXCLUSION_WORDS = ("{by}之下的{excluded}(不计)", "{excluded} under {by} (not counted)")
