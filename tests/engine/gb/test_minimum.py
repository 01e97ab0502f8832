"""The 8-point minimum: flowers do not count toward it; a hand with no fan at all is 无番和 (8)."""

from gb_helpers import counted, score

CHICKEN = "[123m][567p]78s555sEE9s"


def test_chicken_hand_meets_the_minimum():
    result = score(CHICKEN)
    assert counted(result) == {"chicken_hand": 1}
    assert result["points_without_flowers"] == 8 and result["meets_minimum"]


def test_one_point_is_not_enough():
    result = score(CHICKEN, self_drawn=True)
    assert counted(result) == {"self_drawn": 1}
    assert result["points_without_flowers"] == 1 and not result["meets_minimum"]


def test_flowers_do_not_help_reach_the_minimum():
    result = score(CHICKEN, self_drawn=True, flowers=8)
    assert result["total"] == 9 and result["points_without_flowers"] == 1 and not result["meets_minimum"]


def test_flowers_on_a_chicken_hand():
    result = score(CHICKEN, flowers=2)
    assert result["total"] == 10 and result["meets_minimum"]
    assert counted(result) == {"chicken_hand": 1, "flower_tiles": 2}


def test_eight_points_exactly():
    result = score("123m456p789s123m55s")  # 花龙 8 + 一般高 1 + 门前清 2 + 平和 2 …
    assert result["points_without_flowers"] >= 8 and result["meets_minimum"]
    assert result["minimum"] == 8
