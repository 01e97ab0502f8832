"""The engine's 不计 lists held to the table in docs/guobiao.md, "The 不计 lists against the seed".

The seed table is not in the repository, so its 不计 statements are kept as that table (one row per fan: the
seed's words, the engine's lists under each profile, the decision for each difference). This test reads the
table and asks: are the engine's lists the ones written there; does `gb` leave out everything the seed's 2014
text and its 1998 notes say is not counted; does it keep what the seed says may be counted; and does every row
whose lists differ from the seed's say why?
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from suanfan.gb.fans import FANS
from suanfan.gb.profiles import compile_profile, default_variants

DOC = Path(__file__).resolve().parents[3] / "docs" / "guobiao.md"
SECTION = "## The 不计 lists against the seed"
BY_ZH = {f.zh: f for f in FANS}


def table_rows() -> list[dict]:
    text = DOC.read_text(encoding="utf-8")
    assert SECTION in text, f"docs/guobiao.md has no section {SECTION!r}"
    section = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    header, rule, *body = lines
    assert re.fullmatch(r"\|(-+\|)+", rule.replace(" ", "")), rule
    rows = []
    for line in body:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        assert len(cells) == 5, line
        fan, seed, gb, gb98, decision = cells
        rows.append({"fan": fan, "seed": seed, "gb": gb, "gb98": gb if gb98 == "=" else gb98, "decision": decision})
    return rows


def names(cell: str) -> set[str]:
    """The fan names of a list cell ("—" is none); each must be a fan of the engine."""
    if cell == "—":
        return set()
    out = {re.sub(r"\(.*?\)$", "", name).strip() for name in cell.split("、")}
    unknown = out - set(BY_ZH)
    assert not unknown, f"not fan names: {unknown}"
    return out


def seed_statements(cell: str) -> dict[tuple[str, str], set[str]]:
    """{(edition, verb): names} of a seed cell: parts split by ";", "1998:" marking a note, the verb 不计, 可计 or
    不可计; any other part (加计见杠表, a note on the shape) states no list."""
    out: dict[tuple[str, str], set[str]] = {}
    for part in cell.split(";"):
        part = part.strip()
        edition = "2014"
        if part.startswith("1998:"):
            edition, part = "1998", part[len("1998:") :].strip()
        for verb in ("不可计", "不计", "可计"):
            if part.startswith(verb + " "):
                out[(edition, verb)] = names(part[len(verb) + 1 :])
                break
    return out


ROWS = table_rows()


def engine_list(profile: str, fan_index: int) -> set[str]:
    prof = compile_profile(profile, default_variants(profile))
    return {FANS[j].zh for j in prof.excludes[fan_index]}


def test_the_table_has_every_fan_once_in_table_order():
    assert [r["fan"] for r in ROWS] == [f.zh for f in FANS]


@pytest.mark.parametrize("profile", ["gb", "gb98"])
def test_the_engines_lists_are_the_tables(profile):
    for i, row in enumerate(ROWS):
        assert names(row[profile]) == engine_list(profile, i), (row["fan"], profile)


def test_gb_leaves_out_what_the_seed_says_is_not_counted():
    """The 2014 text's 不计, and where it is silent the 1998 notes' 不计 (docs/guobiao.md, rules 1 and 2)."""
    for row in ROWS:
        said = seed_statements(row["seed"])
        not_counted = said.get(("2014", "不计"), set()) | said.get(("1998", "不计"), set())
        assert not_counted <= names(row["gb"]), (row["fan"], not_counted - names(row["gb"]))


def test_gb_keeps_what_the_seed_says_may_be_counted():
    may = {row["fan"]: seed_statements(row["seed"]).get(("2014", "可计"), set()) for row in ROWS}
    assert may["绿一色"] == {"混一色", "清一色"}
    for row in ROWS:
        assert not may[row["fan"]] & names(row["gb"]), row["fan"]


def test_every_difference_from_the_seed_carries_a_decision():
    for row in ROWS:
        said = seed_statements(row["seed"])
        seed_list = said.get(("2014", "不计"), set()) | said.get(("1998", "不计"), set())
        if names(row["gb"]) != seed_list or names(row["gb98"]) != names(row["gb"]):
            assert row["decision"], f"{row['fan']}: the lists differ from the seed's and no decision says why"


def test_the_table_reads_the_seeds_cells():
    """The reader itself: a 2014 list, a 1998 note, a qualified name, a cell with no list."""
    qing = next(r for r in ROWS if r["fan"] == "清幺九")
    assert seed_statements(qing["seed"])[("1998", "不计")] == {"三同刻", "双同刻"}
    wumen = next(r for r in ROWS if r["fan"] == "五门齐")
    assert seed_statements(wumen["seed"]) == {("2014", "不计"): {"幺九刻"}}
    assert seed_statements("加计见杠表") == {}
    with pytest.raises(AssertionError):
        names("清幺九、没有这个番")
