"""The shared hand picker (templates/_picker.html, static/js/picker.js) as a person uses it, for the browser tests
of every page that has one: choose what a tile adds, then press the tile, found by its accessible name.

Names come from the engine's glossary, as the page's do (static/js/glossary.js is generated from it), so a test
that finds a button by name also checks that name in both languages.
"""

from __future__ import annotations

from playwright.sync_api import Locator

from suanfan import tiles as T
from suanfan.glossary import MELD_KINDS, tile_en, tile_zh
from suanfan.notation import parse


def tile_label(code: str) -> str:
    """A palette button's name: 三万 Three of Characters."""
    return f"{tile_zh(code)} {tile_en(code)}"


def standing_label(code: str, winning: bool = False) -> str:
    """A picked tile's name: 去掉 三万 · remove Three of Characters (the winning tile says so)."""
    if winning:
        return f"去掉 {tile_zh(code)}(和牌张) · remove {tile_en(code)} (winning tile)"
    return f"去掉 {tile_zh(code)} · remove {tile_en(code)}"


def meld_label(kind: str, codes: list[str]) -> str:
    """A picked meld's name: 去掉碰 五饼五饼五饼 · remove the pung: 3 × Five of Dots."""
    zh, en = MELD_KINDS[kind]["zh"], MELD_KINDS[kind]["en"]
    same = all(code == codes[0] for code in codes)
    tiles_en = f"{len(codes)} × {tile_en(codes[0])}" if same else ", ".join(tile_en(code) for code in codes)
    return f"去掉{zh} {''.join(tile_zh(code) for code in codes)} · remove the {en}: {tiles_en}"


def palette_tile(picker: Locator, code: str) -> Locator:
    return picker.locator(".palette").get_by_role("button", name=tile_label(code), exact=True)


def choose_mode(picker: Locator, kind: str) -> None:
    """kind: tile, chow, pung, kong, concealed_kong or added_kong."""
    picker.locator(f'.add-mode input[value="{kind}"]').check()


def picker_kind(meld) -> str:
    """The picker's mode that makes this meld of the engine's (a kong's flags say which kong)."""
    if meld.kind != "kong":
        return meld.kind
    return "concealed_kong" if meld.concealed else "added_kong" if meld.added else "kong"


def build_hand(picker: Locator, hand: str) -> None:
    """Build a hand the engine reads from `hand` by picking: each meld in its mode (a chow by its lowest tile),
    then the standing tiles one by one, the winning tile last."""
    parsed = parse(hand)
    for meld in parsed.melds:
        choose_mode(picker, picker_kind(meld))
        palette_tile(picker, T.code(min(meld.tiles))).click()
    choose_mode(picker, "tile")
    for tile in parsed.standing:
        palette_tile(picker, T.code(tile)).click()
