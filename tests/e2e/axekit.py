"""axe-core, the accessibility rules engine, for the browser tests: one of package.json's devDependencies, locked with
its integrity in package-lock.json like the site's own npm packages, and kept out of dist/ (it is a test tool, not
part of the site).

    install_axe(context)   every page the context opens carries `window.axe`
    audit(page)            axe's violations on the page as it stands, the serious and critical ones first
    readable(violations)   one line per rule and offending element, for an assertion message

axe goes in as an init script (CDP's "evaluate on new document"): the site's Content-Security-Policy allows no inline
script, so `add_script_tag` would be refused, while an init script runs before the page's own and is not subject to it.
"""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page

from buildkit.npm import locked
from buildkit.paths import NODE_MODULES

# The rules axe runs: WCAG 2.0–2.2 A and AA, and its best practices (heading order, landmarks, empty table headers).
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
FAILING_IMPACTS = ("critical", "serious")


def axe_script() -> str:
    """axe.min.js of the locked package (`npm ci` installed it: build.py test does)."""
    locked("axe-core")  # node_modules holds the version package-lock.json pins
    return str(NODE_MODULES / "axe-core" / "axe.min.js")


def install_axe(context: BrowserContext) -> None:
    context.add_init_script(path=axe_script())


def audit(page: Page) -> list[dict]:
    """axe's violations, each {id, impact, help, nodes: [{target, summary}]}, worst first."""
    violations = page.evaluate(
        """async (tags) => {
        const { violations } = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
        return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map((n) => ({ target: n.target.join(" "), summary: n.failureSummary })) }));
    }""",
        TAGS,
    )
    order = ["critical", "serious", "moderate", "minor"]
    return sorted(violations, key=lambda v: order.index(v["impact"]) if v["impact"] in order else len(order))


def failing(violations: list[dict]) -> list[dict]:
    return [v for v in violations if v["impact"] in FAILING_IMPACTS]


def readable(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"[{v['impact']}] {v['id']}: {v['help']} ({len(v['nodes'])} elements)")
        for node in v["nodes"][:8]:
            summary = " ".join(node["summary"].split())[:300]
            lines.append(f"    {node['target']}  — {summary}")
        if len(v["nodes"]) > 8:
            lines.append(f"    … and {len(v['nodes']) - 8} more")
    return "\n".join(lines)
