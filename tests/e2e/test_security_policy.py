"""The site's Content-Security-Policy (buildkit/csp.py): every built page carries it in a <meta>, the server sends it
(with frame-ancestors) as a header on every response, with the other headers every response needs
(buildkit/headers.py), dist/_headers and docs/security.md's nginx lines ask another host for the very same, and
walking every kind of page under it — the engine booting in its worker, results drawn, a lesson's exercise checked,
practice, the presenter, a teacher's link — reports no violation, in the page or in the worker."""

from __future__ import annotations

import json
import re
import urllib.request
from html.parser import HTMLParser
from urllib.parse import quote

import pytest
from engine_boot import BOOT_MS, open_question
from playwright.sync_api import Page, expect

from buildkit.csp import HEADER_POLICY, PAGE_POLICY
from buildkit.headers import HEADERS_FILE, HOST_HEADERS
from buildkit.paths import ROOT

EXAMPLE_1 = "[5555p1]222m777s99sEE9s"
JIUJIANG_LINK = f"hand={quote(EXAMPLE_1, safe='')}&rules=jiujiang&self_drawn=1&dealer=1&table.base_added=1"
GB_LINK = "hand=123456789m123p55s&rules=gb98&self_drawn=1"

# Reported by the page (securitypolicyviolation) to the test, across navigations.
LISTEN = """document.addEventListener("securitypolicyviolation", (e) =>
    window.reportViolation(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`));"""


class HeadReader(HTMLParser):
    """The <head>'s elements in order, as (tag, attributes)."""

    def __init__(self):
        super().__init__()
        self.elements: list[tuple[str, dict]] = []
        self.inline: list[str] = []  # inline scripts, style blocks and event-handler attributes
        self._in_head = False

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "head":
            self._in_head = True
        elif self._in_head:
            self.elements.append((tag, attributes))
        if tag == "style":
            self.inline.append("<style>")
        if tag == "script" and "src" not in attributes and attributes.get("type") != "application/json":
            self.inline.append("inline <script>")
        self.inline += [f"{tag} {name}=" for name, _ in attrs if name.startswith("on") or name == "style"]

    def handle_endtag(self, tag):
        if tag == "head":
            self._in_head = False


def built_pages(dist):
    return sorted(p for p in dist.rglob("*.html") if "pyodide" not in p.relative_to(dist).parts)


def test_every_built_page_carries_the_policy_before_anything_it_governs(built_dist):
    pages = built_pages(built_dist)
    assert len(pages) > 30
    for path in pages:
        reader = HeadReader()
        reader.feed(path.read_text(encoding="utf-8"))
        page = path.relative_to(built_dist).as_posix()
        metas = [
            i
            for i, (tag, a) in enumerate(reader.elements)
            if tag == "meta" and a.get("http-equiv", "").lower() == "content-security-policy"
        ]
        assert len(metas) == 1, f"{page}: {len(metas)} CSP <meta> elements"
        assert reader.elements[metas[0]][1]["content"] == PAGE_POLICY, page
        # A <meta> policy governs only what comes after it: nothing that loads may come first.
        before = [tag for tag, _ in reader.elements[: metas[0]] if tag in ("script", "link", "style", "base")]
        assert not before, f"{page}: {before} before the CSP <meta>"
        assert not reader.inline, f"{page}: {reader.inline} (the policy allows no inline script or style)"


@pytest.mark.parametrize("path", ["/index.html", "/static/js/engine-worker.js", "/pyodide/pyodide.mjs", "/sw.js"])
def test_the_server_sends_the_policy_with_frame_ancestors(site_url, path):
    with urllib.request.urlopen(site_url + path) as response:
        assert response.headers["Content-Security-Policy"] == HEADER_POLICY
        assert {name: response.headers[name] for name, _ in HOST_HEADERS} == dict(HOST_HEADERS)
    assert "frame-ancestors 'none'" in HEADER_POLICY and "frame-ancestors" not in PAGE_POLICY
    assert "'unsafe-eval'" not in HEADER_POLICY and "'unsafe-inline'" not in HEADER_POLICY


def directives(policy: str) -> set[str]:
    return {" ".join(d.split()) for d in policy.split(";") if d.strip()}


def headers_file_rules(text: str) -> dict[str, dict[str, str]]:
    """A _headers file (Netlify's and Cloudflare Pages' format) as {path pattern: {header: value}}."""
    rules: dict[str, dict[str, str]] = {}
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            path = line.strip()
            rules[path] = {}
        else:
            name, _, value = line.strip().partition(":")
            assert name not in rules[path], f"{name} twice for {path}"
            rules[path][name] = value.strip()
    return rules


def test_dist_headers_asks_a_host_for_the_policy_the_pages_carry(built_dist):
    """On a host that sends no headers the workers run without a policy and any site may frame the pages: dist/_headers
    asks for the pages' own policy (read from a built page), frame-ancestors and the rest, on every path."""
    reader = HeadReader()
    reader.feed((built_dist / "index.html").read_text(encoding="utf-8"))
    meta = next(
        a["content"]
        for tag, a in reader.elements
        if tag == "meta" and a.get("http-equiv", "").lower() == "content-security-policy"
    )
    rules = headers_file_rules((built_dist / HEADERS_FILE).read_text(encoding="utf-8"))
    assert list(rules) == ["/*"], "one rule, for every file of the site"
    sent = rules["/*"]
    assert directives(sent["Content-Security-Policy"]) == directives(meta) | {"frame-ancestors 'none'"}
    assert sent["X-Frame-Options"] == "DENY" and sent["X-Content-Type-Options"] == "nosniff"
    assert sent == dict(HOST_HEADERS), "what build.py serve sends"
    assert all(len(line) <= 2000 for line in (built_dist / HEADERS_FILE).read_text().splitlines()), (
        "Cloudflare Pages reads lines of at most 2,000 characters"
    )
    # The site never requests it (a host need not serve it): the service worker must not try to cache it.
    assert f'"path": "{HEADERS_FILE}"' not in (built_dist / "sw.js").read_text(encoding="utf-8")


def test_the_nginx_lines_in_docs_are_the_headers_the_site_sends():
    """docs/security.md shows the headers for nginx: word for word what buildkit/headers.py sends."""
    text = (ROOT / "docs" / "security.md").read_text(encoding="utf-8")
    block = re.search(r"```nginx\n(.*?)```", text, re.S)
    assert block, "docs/security.md has an nginx block"
    shown = re.findall(r'^\s*add_header\s+(\S+)\s+"([^"]*)"\s+always;', block.group(1), re.M)
    assert shown == list(HOST_HEADERS)


def test_walking_every_kind_of_page_reports_no_violation(page: Page, site_url: str):
    page.set_default_navigation_timeout(BOOT_MS)  # ten pages in a row, the fan cards' 378 KB among them
    violations: list[str] = []
    page.expose_function("reportViolation", lambda text: violations.append(text))
    page.add_init_script(LISTEN)
    refused: list[str] = []  # Chromium's console line for a refusal, from the page and from its workers
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    result = page.locator("#result")

    page.goto(f"{site_url}/index.html")
    page.goto(f"{site_url}/calculator.html#{JIUJIANG_LINK}")
    expect(result).to_have_attribute("data-total", "12", timeout=BOOT_MS)
    assert page.evaluate("document.documentElement.dataset.engine") == "ready"
    page.evaluate("(h) => { location.hash = h; }", GB_LINK)
    expect(result).to_have_attribute("data-state", "done", timeout=BOOT_MS)
    expect(result).to_contain_text("清龙")
    page.evaluate("(h) => { location.hash = h; }", JIUJIANG_LINK + "&present=1")
    expect(page.locator("[data-presenter]")).to_be_visible(timeout=BOOT_MS)

    page.goto(f"{site_url}/lessons/jiujiang/02-peng-peng-hu.html")
    exercise = page.locator("section.exercise")
    exercise.get_by_role("textbox", name="记谱 Notation").fill("[555p]111m777999sEE")
    exercise.locator(".check-hand").click()
    expect(exercise.locator(".feedback")).to_have_attribute("data-verdict", "pass", timeout=BOOT_MS)

    page.goto(f"{site_url}/lessons/guobiao/fans-pungs.html")
    expect(page.locator(".fan-card").first).to_be_visible()
    assert page.evaluate("getComputedStyle(document.querySelector('.fan-card')).borderTopStyle") == "solid"

    open_question(page, f"{site_url}/practice.html#rules=gb&kind=points&topic=pure_straight&seed=42")

    page.goto(f"{site_url}/table.html")
    expect(page.locator("#card-qr svg")).to_be_visible()
    page.goto(f"{site_url}/rulings.html")
    page.goto(f"{site_url}/lessons/index.html")

    link = page.evaluate(
        """async (request) => {
        const { encodeLesson } = await import("/static/js/teaching-link.js");
        return encodeLesson({ title: "CSP", items: [{ request, title: "例一", note: "" }] });
    }""",
        {"hand": EXAMPLE_1, "rules": "jiujiang", "self_drawn": True},
    )
    assert re.fullmatch(r"v=1&d=[A-Za-z0-9_-]+", link), link
    page.goto(f"{site_url}/show.html#{link}")
    expect(page.locator("[data-presenter]")).to_be_visible(timeout=BOOT_MS)

    assert violations == [], json.dumps(violations, ensure_ascii=False, indent=1)
    assert refused == [], "\n".join(refused)
