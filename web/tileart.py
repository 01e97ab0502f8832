"""The project's own tile art: one SVG sprite with a <symbol> per tile, drawn from code.

Codes: 1m-9m 万, 1p-9p 饼, 1s-9s 条, E S W N 风, C F P 中发白, f1-f8 flowers (春夏秋冬梅兰竹菊), back.
Every symbol shares one 60 × 80 viewBox and uses flat fills only (no gradients, no nested <use>),
because pages reference the sprite from outside (`<use href="static/tiles.svg#t-5p">`) and browsers
resolve paint servers and inner references in external sprites unevenly.
"""

from __future__ import annotations

from html import escape

from suanfan.api import glossary

from .hant import to_traditional

WIDTH, HEIGHT = 60, 80
VIEWBOX = f"0 0 {WIDTH} {HEIGHT}"

# Tile codes and names are the engine's glossary (one list for the engine, the art, the pages and the scripts).
NUMERALS_ZH = glossary.NUMERALS_ZH
HONORS = glossary.HONORS
# The glyph a face carries is the one real tiles are printed with, in the traditional characters every set uses
# (東, 發, 蘭, as 萬 on the characters), whatever language the page is read in: a learner learns the tiles on the
# table, and a page read in 繁體 shows no simplified-only character on its tiles.
HONOR_GLYPHS = {code: to_traditional(name[0]) for code, name in HONORS.items()}
FLOWERS = tuple(to_traditional(flower["zh"]) for flower in glossary.FLOWERS)
TILE_CODES = list(glossary.TILE_CODES)
FLOWER_CODES = list(glossary.FLOWER_CODES)
BACK = glossary.BACK
ALL_CODES = list(glossary.ALL_CODES)

# Palette: ink colours that stay distinct on a projector and in greyscale print.
INK = "#1d2b4f"
RED = "#c62f2f"
GREEN = "#1f7a45"
BLUE = "#2457a6"
FACE = "#fdfaf1"
EDGE = "#d8ccaa"
OUTLINE = "#9d9274"
CJK_FONT = "'Noto Serif CJK SC','Source Han Serif SC','Songti SC','STSong','SimSun',serif"
LATIN_FONT = "'Helvetica Neue',Arial,sans-serif"


# ---------------------------------------------------------------- names

name_zh = glossary.tile_zh
name_en = glossary.tile_en
names = glossary.tile_names


# ---------------------------------------------------------------- drawing primitives


def _num(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _text(x, y, content, size, fill, font=CJK_FONT, weight: str = "700") -> str:
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-family="{font}" font-size="{_num(size)}" '
        f'font-weight="{weight}" fill="{fill}" text-anchor="middle" dominant-baseline="central">'
        f"{escape(content)}</text>"
    )


def _body(face=FACE) -> str:
    """The tile's block: a darker edge showing below a rounded face."""
    return (
        f'<rect x="0.5" y="0.5" width="59" height="79" rx="7" fill="{EDGE}" stroke="{OUTLINE}"/>'
        f'<rect x="1.5" y="1.5" width="57" height="73" rx="6" fill="{face}" stroke="{OUTLINE}" '
        'stroke-width="0.6"/>'
    )


def _dot(cx, cy, r, color) -> str:
    """One 饼 coin: a coloured disc, a pale ring, a coloured centre with a pale eye."""
    return (
        f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r)}" fill="{color}"/>'
        f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r * 0.66)}" fill="{FACE}"/>'
        f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r * 0.42)}" fill="{color}"/>'
        f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r * 0.13)}" fill="{FACE}"/>'
    )


def _stick(cx, cy, length, color, angle: float = 0.0, width: float = 6.4) -> str:
    """One 条 bamboo stick: a rounded cane with a joint in the middle and at each end."""
    half, w2 = length / 2, width / 2
    rotate = f" rotate({_num(angle)})" if angle else ""
    joints = "".join(
        f'<rect x="{_num(-w2 - 0.6)}" y="{_num(y - 0.9)}" width="{_num(width + 1.2)}" height="1.8" rx="0.9" '
        f'fill="{color}"/>'
        for y in (-half + 1.6, 0, half - 1.6)
    )
    return (
        f'<g transform="translate({_num(cx)} {_num(cy)}){rotate}">'
        f'<rect x="{_num(-w2)}" y="{_num(-half)}" width="{_num(width)}" height="{_num(length)}" '
        f'rx="{_num(w2)}" fill="{color}"/>'
        f'<rect x="-0.8" y="{_num(-half + 3)}" width="1.6" height="{_num(length - 6)}" fill="{FACE}" '
        'opacity="0.55"/>'
        f"{joints}</g>"
    )


# ---------------------------------------------------------------- faces

# 饼: (x, y, colour) per coin and one radius per count, laid out inside the face (6..54 × 6..70).
DOT_LAYOUTS = {
    2: (10.5, [(30, 22, GREEN), (30, 54, BLUE)]),
    3: (8.8, [(16, 18, BLUE), (30, 38, RED), (44, 58, GREEN)]),
    4: (9.2, [(18, 22, BLUE), (42, 22, GREEN), (18, 54, GREEN), (42, 54, BLUE)]),
    5: (8.2, [(17, 19, BLUE), (43, 19, GREEN), (30, 38, RED), (17, 57, GREEN), (43, 57, BLUE)]),
    6: (7.6, [(19, 16, GREEN), (41, 16, GREEN)] + [(x, y, RED) for y in (41, 60) for x in (19, 41)]),
    7: (6.6, [(15, 13, GREEN), (30, 21, GREEN), (45, 29, GREEN)] + [(x, y, RED) for y in (45, 62) for x in (19, 41)]),
    8: (7.0, [(x, y, BLUE) for y in (14, 30, 46, 62) for x in (19, 41)]),
    9: (7.4, [(x, y, c) for y, c in ((16, BLUE), (38, RED), (60, GREEN)) for x in (15, 30, 45)]),
}


def _dots_face(n: int) -> str:
    if n == 1:
        rings = [(20, GREEN), (16.5, FACE), (14.5, RED), (10.5, FACE), (8.5, BLUE), (4.5, FACE), (2.5, RED)]
        petals = "".join(
            f'<circle cx="{_num(30 + 12.5 * dx)}" cy="{_num(38 + 12.5 * dy)}" r="1.6" fill="{FACE}"/>'
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (0.71, 0.71), (-0.71, 0.71), (0.71, -0.71), (-0.71, -0.71))
        )
        return "".join(f'<circle cx="30" cy="38" r="{r}" fill="{c}"/>' for r, c in rings) + petals
    radius, coins = DOT_LAYOUTS[n]
    return "".join(_dot(x, y, radius, c) for x, y, c in coins)


# 条: (x, y, colour, angle) per stick and one length per count.
STICK_LAYOUTS = {
    2: (26, [(30, 22, GREEN, 0), (30, 54, GREEN, 0)]),
    3: (26, [(30, 22, GREEN, 0), (19, 54, GREEN, 0), (41, 54, GREEN, 0)]),
    4: (26, [(x, y, GREEN, 0) for y in (22, 54) for x in (20, 40)]),
    5: (26, [(16, 22, GREEN, 0), (44, 22, GREEN, 0), (30, 38, RED, 0), (16, 54, GREEN, 0), (44, 54, GREEN, 0)]),
    6: (26, [(x, y, GREEN, 0) for y in (22, 54) for x in (16, 30, 44)]),
    7: (18, [(30, 16, RED, 0)] + [(x, y, GREEN, 0) for y in (38, 59) for x in (16, 30, 44)]),
    8: (
        26,
        [(x, 22, GREEN, a) for x, a in ((13, 14), (23, -14), (37, 14), (47, -14))]
        + [(x, 54, GREEN, a) for x, a in ((13, -14), (23, 14), (37, -14), (47, 14))],
    ),
    9: (19, [(x, y, RED if x == 30 else GREEN, 0) for y in (16, 38, 60) for x in (16, 30, 44)]),
}


def _bird_face() -> str:
    """一条: a small perched bird (the project's own drawing), facing left."""
    return (
        # tail feathers fanning up and right
        f'<path d="M36 46 L52 22 L49 40 Z" fill="{BLUE}"/>'
        f'<path d="M36 47 L54 34 L47 50 Z" fill="{GREEN}"/>'
        # body, wing and belly
        f'<ellipse cx="28" cy="47" rx="13" ry="10" fill="{GREEN}"/>'
        f'<path d="M22 42 Q33 36 40 46 Q31 50 22 42 Z" fill="{BLUE}"/>'
        f'<path d="M17 50 Q26 60 36 53 Q27 58 17 50 Z" fill="{FACE}" opacity="0.7"/>'
        # head with a red crest, an eye and a beak
        f'<path d="M14 24 Q17 17 22 20 Q19 20 18 24 Z" fill="{RED}"/>'
        f'<circle cx="19" cy="31" r="7.5" fill="{GREEN}"/>'
        f'<circle cx="17" cy="29.5" r="2" fill="{FACE}"/><circle cx="16.6" cy="29.5" r="1" fill="{INK}"/>'
        f'<path d="M12.5 30 L6.5 33 L12.5 34.5 Z" fill="#d98a1c"/>'
        # legs on a twig
        f'<path d="M25 56 L23 65 M32 56 L33 65" stroke="#8a5a2b" stroke-width="1.6" stroke-linecap="round"/>'
        f'<path d="M10 66 L50 64" stroke="#8a5a2b" stroke-width="2.2" stroke-linecap="round"/>'
    )


def _bamboo_face(n: int) -> str:
    if n == 1:
        return _bird_face()
    length, sticks = STICK_LAYOUTS[n]
    return "".join(_stick(x, y, length, c, a) for x, y, c, a in sticks)


def _corner(label: str, fill=OUTLINE) -> str:
    """A small index in the top-left corner, so a reader without Chinese can still tell the tile."""
    return _text(9.5, 10.5, label, 8.5, fill, font=LATIN_FONT, weight="700")


def _characters_face(n: int) -> str:
    return _corner(str(n)) + _text(30, 26, NUMERALS_ZH[n - 1], 27, INK) + _text(30, 55, "萬", 29, RED)


def _honor_face(code: str) -> str:
    if code == "P":  # 白板: a framed blank
        return (
            f'<rect x="11" y="12" width="38" height="52" rx="3" fill="none" stroke="{BLUE}" stroke-width="3"/>'
            f'<rect x="16" y="17" width="28" height="42" rx="1.5" fill="none" stroke="{BLUE}" stroke-width="1"/>'
        )
    char = HONOR_GLYPHS[code]
    colour = {"C": RED, "F": GREEN}.get(code, INK)
    corner = _corner(code) if code in "ESWN" else ""
    return corner + _text(30, 39, char, 40, colour)


def _flower_face(index: int) -> str:
    season = index <= 4
    colour = RED if season else GREEN
    number = index if season else index - 4
    blossom = "".join(
        f'<circle cx="{_num(30 + 4.2 * dx)}" cy="{_num(61 + 4.2 * dy)}" r="3.1" fill="{colour}" opacity="0.85"/>'
        for dx, dy in ((0, -1), (0.95, -0.31), (0.59, 0.81), (-0.59, 0.81), (-0.95, -0.31))
    )
    return (
        _corner(str(number), colour)
        + _text(30, 32, FLOWERS[index - 1], 32, colour)
        + blossom
        + '<circle cx="30" cy="61" r="2.2" fill="#e3b53b"/>'
    )


def _back() -> str:
    return (
        '<rect x="0.5" y="0.5" width="59" height="79" rx="7" fill="#16503f" stroke="#0e3329"/>'
        '<rect x="1.5" y="1.5" width="57" height="73" rx="6" fill="#1f6f57"/>'
        '<rect x="6" y="6" width="48" height="64" rx="4" fill="none" stroke="#8cc7ae" stroke-width="1.2"/>'
        '<path d="M30 22 L44 38 L30 54 L16 38 Z" fill="none" stroke="#8cc7ae" stroke-width="1.5"/>'
        '<path d="M30 30 L37 38 L30 46 L23 38 Z" fill="#8cc7ae"/>'
    )


def face(code: str) -> str:
    """The drawing of one tile (without the <symbol> wrapper)."""
    if code == BACK:
        return _back()
    if code.startswith("f"):
        return _body() + _flower_face(int(code[1:]))
    if code in HONORS:
        return _body() + _honor_face(code)
    n, suit = int(code[0]), code[1]
    draw = {"m": _characters_face, "p": _dots_face, "s": _bamboo_face}[suit]
    return _body() + draw(n)


def symbol(code: str) -> str:
    return f'<symbol id="t-{code}" viewBox="{VIEWBOX}"><title>{escape(name_zh(code))}</title>{face(code)}</symbol>'


def sprite() -> str:
    """The whole sprite: every tile as <symbol id="t-CODE">, referenced with <use href="tiles.svg#t-CODE">."""
    symbols = "\n".join(symbol(code) for code in ALL_CODES)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" style="display:none">\n'
        "<!-- Suanfan tile art, drawn by web/tileart.py -->\n"
        f"{symbols}\n</svg>\n"
    )


def standalone(code: str) -> str:
    """One tile as a complete SVG document (for previews and tests of the art)."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{VIEWBOX}" width="{WIDTH}" height="{HEIGHT}" '
        f'role="img" aria-label="{escape(name_zh(code))}">{face(code)}</svg>'
    )


def app_icon(code: str = "C", maskable: bool = False) -> str:
    """A square icon for the installed app: one tile on the site's green. A maskable icon keeps the tile inside the
    middle 80 %, the safe zone a phone may cut its own shape from."""
    size = 512
    scale = (0.55 if maskable else 0.75) * size / HEIGHT
    x, y = (size - WIDTH * scale) / 2, (size - HEIGHT * scale) / 2
    radius = 0 if maskable else 96
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="{size}" height="{size}">'
        f'<rect width="{size}" height="{size}" rx="{radius}" fill="#1f6f57"/>'
        f'<g transform="translate({_num(x)} {_num(y)}) scale({_num(scale)})">{face(code)}</g></svg>'
    )
