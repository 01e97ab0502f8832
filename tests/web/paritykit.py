"""What the drawing-parity tests share (test_render_parity.py: results, test_reading_parity.py: hand readings): the
signature of a drawing in the browser, and a failure that shows where the first differing pair parts.

A signature is every element with its tag and its attributes (every one, or those scripts and tests read: `keep`), a
link as the page resolves it, and every text with its spaces taken out (markup whitespace differs between a template
and the DOM)."""

from __future__ import annotations

import json

import pytest


def signature_js(keep: list[str] | None) -> str:
    """A JavaScript function (node) -> its signature, keeping the attributes `keep` (None: every attribute)."""
    return """
(node) => {
  const keep = %s;
  const walk = (n) => {
    if (n.nodeType === Node.TEXT_NODE) return n.textContent.replace(/\\s+/g, "");
    if (n.nodeType !== Node.ELEMENT_NODE) return "";
    const names = keep ?? n.getAttributeNames().sort();
    // a link as the page resolves it: the build writes it from the page's root, a script from its own module
    const value = (a) => (a === "href" ? new URL(n.getAttribute(a), document.baseURI).href : n.getAttribute(a));
    const attrs = names.filter((a) => n.hasAttribute(a)).map((a) => `${a}=${value(a)}`).join(" ");
    return `<${n.localName} ${attrs}>` + [...n.childNodes].map(walk).join("") + `</${n.localName}>`;
  };
  return walk(node);
}
""" % json.dumps(keep)


def fail_on_differences(names: list[str], pairs: list[list[str]], what: str, sides=("build", "browser")) -> None:
    """Fail naming how many of the (build, browser) signature pairs differ, and where the first one parts."""
    differing = [(name, b, j) for name, (b, j) in zip(names, pairs) if b != j]
    if not differing:
        return
    name, b, j = differing[0]
    at = next((i for i, (x, y) in enumerate(zip(b, j)) if x != y), min(len(b), len(j)))
    width = max(len(s) for s in sides) + 1
    pytest.fail(
        f"{len(differing)} of {len(names)} {what} are drawn differently; the first, {name}, "
        f"from character {at}:\n  {sides[0] + ':':{width}} {b[max(0, at - 200) : at + 300]}"
        f"\n  {sides[1] + ':':{width}} {j[max(0, at - 200) : at + 300]}"
    )
