// Drawing the engine's answer. Nothing here computes a score: every number shown is one the engine sent.
// The result element keeps a small contract for scripts and tests:
//   data-total="12" on success, data-error-code="too_few_tiles" on an error, data-state idle|pending|done|error.
// 九江 results come with `steps` (the rule sheet's three steps); Guobiao results with `fans` and `excluded`.
// A step this page has no drawing for is still shown, as its plain fields, so a new step is never silently lost.

import { readNotation } from "./notation.js";
import { bi, h } from "./dom.js";
import { tilesElement } from "./tiles.js";

const GROUP_KINDS = { chow: ["顺子", "chow"], pung: ["刻子", "pung"], kong: ["杠", "kong"], pair: ["将", "pair"] };

function setState(el, state, { total = null, errorCode = null } = {}) {
  el.dataset.state = state;
  if (total === null) delete el.dataset.total; else el.dataset.total = String(total);
  if (errorCode === null) delete el.dataset.errorCode; else el.dataset.errorCode = errorCode;
}

// ---------------------------------------------------------------- states

export function showIdle(el, placeholder) {
  setState(el, "idle");
  el.replaceChildren(...placeholder);
}

/** A request is on its way: keep the last answer on screen (dimmed) but drop its data-total. */
export function showPending(el, waitingForEngine) {
  setState(el, "pending");
  el.querySelector(".waiting")?.remove();
  if (waitingForEngine) {
    el.prepend(h("p", { class: "waiting" }, bi("引擎载入后立即计算……", "Scoring as soon as the engine has loaded…")));
  }
}

export function showError(el, error) {
  setState(el, "error", { errorCode: error.code });
  const message = error.message ?? {};
  el.replaceChildren(h("div", { class: "error-box", role: "alert" },
    h("p", { class: "error-zh" }, message.zh ?? error.code),
    h("p", { class: "error-en", lang: "en" }, message.en ?? ""),
    h("p", { class: "error-code" }, bi("错误代码", "error code"), " ", h("code", {}, error.code))));
}

export function showResult(el, result) {
  if (!result || result.ok === false) {
    showError(el, result?.error ?? { code: "bad_response", message: { zh: "引擎没有给出结果。", en: "The engine gave no result." } });
    return;
  }
  setState(el, "done", { total: result.total });
  const parts = [summary(result)];
  if (Array.isArray(result.steps)) parts.push(stepsList(result.steps, result));
  if (result.reading) parts.push(readingBlock(result));
  if (Array.isArray(result.corrections) && result.corrections.length) parts.push(notesBlock(result.corrections));
  if (Array.isArray(result.notes) && result.notes.length) parts.push(notesBlock(result.notes));
  if (Array.isArray(result.fans)) parts.push(fanTable(result));
  if (Array.isArray(result.excluded) && result.excluded.length) parts.push(excludedList(result));
  if (Array.isArray(result.other_readings) && result.other_readings.length) parts.push(otherReadings(result));
  if (result.payments) parts.push(paymentsBlock(result.payments));
  el.replaceChildren(...parts);
}

// ---------------------------------------------------------------- the headline

function summary(result) {
  const unit = result.rules === "jiujiang" ? bi("番", "fan") : bi("番", "points");
  const lines = [h("p", { class: "total" }, h("span", { class: "total-number" }, result.total), " ", unit)];
  if (result.pattern) lines.push(h("p", { class: "total-pattern" }, bi(result.pattern.zh, result.pattern.en)));
  if (result.capped) lines.push(h("p", { class: "badge capped" }, bi(`封顶 ${result.cap}`, `capped at ${result.cap}`)));
  if ("meets_minimum" in result) {
    const min = result.minimum ?? "";
    const own = result.flowers > 0 && "points_without_flowers" in result
      ? bi(`(不计花牌 ${result.points_without_flowers})`, `(${result.points_without_flowers} without flowers)`) : "";
    lines.push(result.meets_minimum
      ? h("p", { class: "badge ok" }, bi(`达到 ${min} 番起和`, `meets the ${min}-point minimum`), " ", own)
      : h("p", { class: "badge bad" }, bi(`不到 ${min} 番起和,不能和`, `below the ${min}-point minimum: not a legal win`), " ", own));
  }
  return h("div", { class: "summary" }, lines);
}

// ---------------------------------------------------------------- 九江: the three steps

function stepsList(steps, result) {
  const renderers = { legal_win: legalWinStep, highest_pattern: highestPatternStep, multiply_and_cap: multiplyStep };
  return h("ol", { class: "steps" }, steps.map((step) => h("li", { class: `step step-${step.key}` },
    h("h3", {}, bi(step.zh, step.en)),
    (renderers[step.key] ?? genericStep)(step, result))));
}

function groupFigure(group) {
  const [zh, en] = GROUP_KINDS[group.kind] ?? [group.kind, group.kind];
  const caption = group.melded ? bi(`${zh} · 副露`, `${en}, melded`) : bi(zh, en);
  return h("figure", { class: `group group-${group.kind}${group.melded ? " melded" : ""}` },
    tilesElement(group.tiles), h("figcaption", {}, caption));
}

function legalWinStep(step, result) {
  return h("div", {},
    h("p", {}, bi(step.shape_zh, step.shape_en)),
    result.winning_tile
      ? h("p", { class: "winning-tile" }, bi("和牌张", "winning tile"), tilesElement([result.winning_tile]))
      : null,
    h("div", { class: "groups" }, (step.groups ?? []).map(groupFigure)),
    h("ul", { class: "checks" }, (step.checks ?? []).map((c) =>
      h("li", { class: c.passed ? "passed" : "failed" }, c.passed ? "✓ " : "✗ ", bi(c.zh, c.en)))));
}

function highestPatternStep(step) {
  const showValue = step.base !== 1;
  const rows = (step.patterns ?? []).map((p) => h("tr", { class: p.chosen ? "chosen" : null },
    h("td", {}, bi(p.zh, p.en)),
    h("td", { class: "num" }, p.fan),
    showValue ? h("td", { class: "num" }, p.value) : null,
    h("td", {}, p.chosen ? bi("✓ 取这一项", "taken") : bi("不累加", "not added"))));
  const head = h("tr", {}, h("th", { scope: "col" }, bi("番型", "Pattern")), h("th", { scope: "col" }, bi("番", "Fan")),
    showValue ? h("th", { scope: "col" }, bi(`× 底番 ${step.base}`, `× base ${step.base}`)) : null,
    h("th", { scope: "col" }, ""));
  const explain = step.base_added
    ? bi(`底番加到番型上:${step.arithmetic}`, `base added to the pattern: ${step.arithmetic}`)
    : bi(`番值:${step.arithmetic}`, `value: ${step.arithmetic}`);
  return h("div", {},
    h("table", { class: "patterns" }, h("thead", {}, head), h("tbody", {}, rows)),
    h("p", { class: "arithmetic" }, explain, " → ", h("strong", {}, step.value)));
}

function multiplyStep(step) {
  const rows = [h("li", {}, bi("起点", "start"), " ", h("strong", {}, step.start))];
  for (const m of step.multipliers ?? []) {
    rows.push(h("li", {}, `× ${m.factor} `, bi(m.zh, m.en), " → ", h("strong", {}, m.after)));
  }
  if (!(step.multipliers ?? []).length) rows.push(h("li", {}, bi("没有倍数", "no multiplier")));
  let cap;
  if (step.cap === null || step.cap === undefined) cap = bi("不封顶", "no cap");
  else if (step.capped) cap = bi(`${step.before_cap} 超过封顶 ${step.cap},按 ${step.cap} 计`, `${step.before_cap} is over the cap of ${step.cap}: counts as ${step.cap}`);
  else cap = bi(`${step.before_cap} 未到封顶 ${step.cap}`, `${step.before_cap} is within the cap of ${step.cap}`);
  rows.push(h("li", { class: step.capped ? "capped" : null }, cap));
  return h("div", {}, h("ul", { class: "chain" }, rows),
    h("p", { class: "step-total" }, bi("结算", "settles at"), " ", h("strong", {}, step.value)));
}

function paymentsBlock(payments) {
  return h("section", { class: "payments" },
    h("h3", {}, bi("谁来付", "Who pays")),
    h("ul", {}, (payments.payers ?? []).map((p) =>
      h("li", {}, bi(p.zh, p.en), ": ", h("strong", {}, p.amount), p.players > 1 ? ` × ${p.players}` : ""))),
    "winner_receives" in payments
      ? h("p", {}, bi("和牌者共得", "the winner receives"), " ", h("strong", {}, payments.winner_receives))
      : null);
}

// ---------------------------------------------------------------- Guobiao: the fan table

/** Meld data in whatever shape the engine sends: notation strings, lists of tile codes, {tiles: […]}. */
function meldTiles(melds) {
  if (melds === null || melds === undefined) return null;
  const items = Array.isArray(melds) ? melds : [melds];
  return h("span", { class: "fan-melds" }, items.map((item) => {
    if (Array.isArray(item)) return tilesElement(item, { className: "meld" });
    if (item && Array.isArray(item.tiles)) return tilesElement(item.tiles, { className: "meld" });
    if (typeof item === "string") {
      const reading = readNotation(item);
      if (reading.stop === item.length) {
        const codes = [...reading.melds.flatMap((m) => m.codes), ...reading.standing.map((t) => t.code)];
        if (codes.length) return tilesElement(codes, { className: "meld" });
      }
      return h("code", {}, item);
    }
    return h("code", {}, JSON.stringify(item));
  }));
}

function readingBlock(result) {
  const r = result.reading;
  return h("section", { class: "reading" },
    h("h3", {}, bi("和牌牌型", "Winning shape")),
    h("p", {}, bi(r.shape_zh ?? r.shape, r.shape_en ?? "")),
    result.winning_tile
      ? h("p", { class: "winning-tile" }, bi("和牌张", "winning tile"), tilesElement([result.winning_tile]))
      : null,
    meldTiles(r.melds));
}

function notesBlock(notes) {
  return h("section", { class: "notes" },
    h("h3", {}, bi("说明", "Notes")),
    h("ul", {}, notes.map((n) => h("li", {}, bi(n.zh ?? n.key, n.en ?? "")))));
}

function fanTable(result) {
  const withCount = result.fans.some((f) => (f.count ?? 1) !== 1);
  const rows = result.fans.map((f) => h("tr", { "data-fan": f.key },
    h("td", {}, bi(f.zh ?? f.key, f.en ?? "")),
    h("td", { class: "num" }, f.points),
    withCount ? h("td", { class: "num" }, `× ${f.count ?? 1}`) : null,
    withCount ? h("td", { class: "num" }, f.total ?? "") : null,
    h("td", {}, meldTiles(f.melds))));
  const totalCells = withCount ? [h("td"), h("td"), h("td", { class: "num" }, result.total)] : [h("td", { class: "num" }, result.total)];
  return h("table", { class: "fans" },
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, bi("番种", "Fan")), h("th", { scope: "col", class: "num" }, bi("番", "Points")),
      withCount ? h("th", { scope: "col", class: "num" }, bi("次数", "Count")) : null,
      withCount ? h("th", { scope: "col", class: "num" }, bi("小计", "Subtotal")) : null,
      h("th", { scope: "col" }, bi("牌", "Tiles")))),
    h("tbody", {}, rows),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, bi("合计", "Total")), totalCells, h("td"))));
}

function excludedList(result) {
  const nameOf = (x) => {
    if (x.by_zh || x.by_en) return bi(x.by_zh ?? x.by, x.by_en ?? "");
    const fan = [...result.fans ?? [], ...result.excluded].find((f) => f.key === x.by);
    return fan ? bi(fan.zh, fan.en) : h("code", {}, x.by);
  };
  const principleOf = (x) => (x.principle_zh || x.principle_en
    ? bi(x.principle_zh ?? x.principle, x.principle_en ?? "") : h("code", {}, x.principle));
  return h("section", { class: "excluded" },
    h("h3", {}, bi("不计", "Not counted")),
    h("ul", {}, result.excluded.map((x) => h("li", { "data-fan": x.key },
      h("strong", {}, bi(x.zh ?? x.key, x.en ?? "")),
      (x.count ?? 1) !== 1 ? ` × ${x.count}` : null,
      x.by ? [" ← ", nameOf(x)] : null,
      x.principle ? [" · ", principleOf(x)] : null,
      x.reason ? h("p", { class: "reason" }, bi(x.reason.zh, x.reason.en)) : null))));
}

function otherReadings(result) {
  return h("details", { class: "other-readings" },
    h("summary", {}, bi(`另外 ${result.other_readings.length} 种拆法(分数较低)`,
      `${result.other_readings.length} other readings (they score less)`)),
    h("ul", {}, result.other_readings.map((r) => h("li", {},
      bi(r.shape_zh ?? r.shape, r.shape_en ?? ""), " ", meldTiles(r.melds), " → ", h("strong", {}, r.total ?? "")))));
}

// ---------------------------------------------------------------- anything else

function genericStep(step) {
  const rows = Object.entries(step)
    .filter(([key, value]) => !["key", "zh", "en"].includes(key) && (value === null || typeof value !== "object"))
    .map(([key, value]) => h("div", {}, h("dt", {}, key), h("dd", {}, String(value))));
  return h("dl", { class: "generic" }, rows);
}
