"""The browser's real localStorage, as the storage tests handle it: fill it to its quota, free it again, read what
a page set aside. One home for these page scripts (test_stored_progress, test_scoresheet, test_practice_page)."""

from __future__ import annotations

from playwright.sync_api import Page

# Fills this origin's localStorage to the last character the browser allows (its real quota). -> how many keys.
_FILL = """() => {
    let n = 0;
    for (let size = 1 << 20; size >= 1; size >>= 1) {
        const chunk = "x".repeat(size);
        for (;;) {
            try { localStorage.setItem(`filler.${n}`, chunk); n += 1; } catch { break; }
        }
    }
    return n;
}"""


def fill_storage(page: Page) -> int:
    """Fill localStorage to its quota; -> how many filler keys it took."""
    return page.evaluate(_FILL)


def free_storage(page: Page) -> None:
    """Take the fillers out again."""
    page.evaluate(
        "() => Object.keys(localStorage).filter((k) => k.startsWith('filler.'))"
        ".forEach((k) => localStorage.removeItem(k))"
    )


def set_aside(page: Page, key: str) -> list[str]:
    """The texts a page set aside from `key` (under "<key>.set-aside.<time>")."""
    return page.evaluate(
        """(prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix))
        .map((k) => localStorage.getItem(k))""",
        f"{key}.set-aside.",
    )
