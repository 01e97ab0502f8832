// Fills a 九江 example card's [data-field] elements from an engine result, writing the same markup as the
// build-time macros in web/templates/lessons/_example.html (a convention switch re-scores a hand live).

import { bi, h } from "./dom.js";
import { tilesElement } from "./tiles.js";

const GROUP_LABELS = { pung: ["刻子", "pung"], kong: ["杠", "kong"], chow: ["顺子", "chow"], pair: ["对子", "pair"] };

function groupRow(g) {
  const [zh, en] = GROUP_LABELS[g.kind] ?? [g.kind, g.kind];
  const label = bi(zh + (g.melded ? "·副露" : ""), en + (g.melded ? ", melded" : ""));
  return h("span", { class: `group kind-${g.kind}${g.melded ? " melded" : ""}` }, tilesElement(g.tiles), h("small", {}, label));
}

function multipliersText(step) {
  const parts = [String(step.start)];
  if (!step.multipliers.length) parts.push(" ", bi("(无倍数)", "(no multiplier)"));
  for (const m of step.multipliers) parts.push(" → ", bi(m.zh, m.en), ` ×${m.factor} = ${m.after}`);
  return parts;
}

function capText(step) {
  if (step.cap === null) return [bi("不封顶", "no cap")];
  if (step.capped) {
    return [bi(`${step.before_cap} 超过封顶 ${step.cap},按 ${step.cap} 计`, `${step.before_cap} is over the cap: counts as ${step.cap}`)];
  }
  return [bi(`${step.before_cap} 未到封顶 ${step.cap}`, `${step.before_cap} is under the cap of ${step.cap}`)];
}

function paymentText(p) {
  const parts = [];
  for (const payer of p.payers) {
    parts.push(h("span", { class: "payer" }, bi(`${payer.zh} ${payer.amount}`, `${payer.en}: ${payer.amount}`)), " · ");
  }
  parts.push(h("span", { class: "receives" }, bi(`赢家共得 ${p.winner_receives}`, `the winner receives ${p.winner_receives}`)));
  return parts;
}

function fill(root, field, ...children) {
  const node = root.querySelector(`[data-field="${field}"]`);
  if (node) node.replaceChildren(...children);
}

/** Rewrite the .jj-result inside `card` for `result` (ok or not). */
export function renderJiujiang(card, result) {
  const box = card.querySelector(".jj-result");
  const ok = Boolean(result.ok);
  box.dataset.state = ok ? "ok" : "error";
  box.querySelector(".refusal").hidden = ok;
  box.querySelector(".steps").hidden = !ok;
  box.querySelector(".total").hidden = !ok;
  box.querySelector(".payment").hidden = !ok;
  if (!ok) {
    fill(box, "error", bi(result.error.message.zh, result.error.message.en));
    for (const field of ["shape", "groups", "checks", "patterns", "arithmetic", "multipliers", "cap", "total", "payment", "notes"]) {
      fill(box, field);
    }
    return;
  }
  fill(box, "error");
  const [win, best, multiply] = result.steps;
  fill(box, "shape", bi(win.shape_zh, win.shape_en));
  fill(box, "groups", ...win.groups.map(groupRow));
  fill(box, "checks", ...win.checks.map((c) => h("li", {}, "✓ ", bi(c.zh, c.en))));
  fill(box, "patterns", ...result.patterns.map((p) => h("li", { class: p.chosen ? "chosen" : "dropped" },
    bi(p.zh, p.en), ` ${p.fan} 番 `, p.chosen ? bi("✔ 计入", "counted") : bi("不另加", "not added"))));
  fill(box, "arithmetic", best.arithmetic);
  fill(box, "multipliers", ...multipliersText(multiply));
  fill(box, "cap", ...capText(multiply));
  fill(box, "total", String(result.total));
  fill(box, "payment", ...paymentText(result.payments));
  fill(box, "notes", ...(result.notes ?? []).map((n) => h("li", {}, bi(n.zh, n.en))));
}
