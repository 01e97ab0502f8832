// scoresheet.html: a score sheet for four players. The page keeps what was entered — the conventions, the names
// and the rows as the engine's `settle` request reads them — and draws the engine's answer: each row's values,
// payments and running totals. It computes no score itself.
//
// Kept in this browser by store.js (the record: sheet-record.js; the house way: a versioned localStorage key, unreadable data set aside and
// reported, failed writes reported, a file to export and import):
//   localStorage "suanfan.scoresheet" = {schema: "suanfan-scoresheet", version: 1,
//     conventions: {rules, table: {...}} (as the table card's link has them), players: [4 names], rows: [row]}
// Every change (a row added, edited or deleted, names, conventions, a new or imported sheet) can be undone: the
// page keeps the sheets before the last changes in memory.
//
// The conventions come from the table card's link (scoresheet.html#rules=jiujiang&table.base=2, the keys of
// permalink.js): an empty sheet takes them; a sheet with hands keeps its own and offers a new sheet with them.

import { conventionSettings, summaryLine } from "./conventions.js";
import { bi, biOption, biText, h, setTextWords, showWords } from "./dom.js";
import { pageEngine } from "./engine.js";
import { checkRequest } from "./bounds.js";
import { _ } from "./gettext.js";
import { encodeHash, parseHash, requestFromHash } from "./permalink.js";
import { rowWords, sheetCsv } from "./sheet-csv.js";
import { SCHEMA, STORE_KEY, VERSION, readSheetText } from "./sheet-record.js";
import { createSituation } from "./situation.js";
import { downloadText, openStore } from "./store.js";
import { say, sayBi } from "./words.js";

const SEATS = 4;
const UNDO_DEPTH = 50;
// The row's keys the form's own controls hold; the rest are the rule set's entries (describe's sheet).
const DEAL_KEYS = ["dealer", "winner", "self_drawn", "discarder", "kong", "hand"];

const conventionsForm = document.getElementById("conventions-form");
const conventions = createSituation(conventionsForm);
const rowForm = document.getElementById("row-form");
const rowFields = createSituation(rowForm);   // the rule set's own row fields (describe's sheet), as a request
const dealerSelect = document.getElementById("row-dealer");
const winnerSelect = document.getElementById("row-winner");
const howSelect = document.getElementById("row-how");
const kongBox = document.getElementById("row-kong");
const handInput = document.getElementById("row-hand");
const nameInputs = [...document.querySelectorAll(".player-name")];
const table = document.getElementById("sheet");
const statusLine = document.getElementById("sheet-status");
const problemEl = document.getElementById("sheet-problem");

// ---------------------------------------------------------------- the record

function emptySheet(sheetConventions = { rules: conventions.rulesSelect.options[0].value }, players = Array(SEATS).fill("")) {
  return { schema: SCHEMA, version: VERSION, conventions: sheetConventions, players: [...players], rows: [] };
}

/** Stored text as a sheet: {record, problem} (store.js's contract). The rows are checked by the engine, not here. */
const readSheet = (text) => readSheetText(text, emptySheet);

function showProblem(problem) {
  problemEl.hidden = false;
  problemEl.append(h("span", { class: "problem-line" }, biText(problem)));
}

const store = openStore({ key: STORE_KEY, what: _("score sheet"), read: readSheet, empty: emptySheet,
  onProblem: showProblem });
store.load();
let sheet = store.record;
const undoStack = [];   // [{before: the sheet's JSON, what: {zh, en}}], the latest last

/**
 * Make `next` the sheet, stored, with an undo step. A change the browser refuses to store is not made (store.js
 * reports the failure): what the sheet shows is always what a reload brings back. -> whether it was made.
 */
function change(next, what) {
  store.put(next);
  if (store.record !== next) return false;
  undoStack.push({ before: JSON.stringify(sheet), what });
  if (undoStack.length > UNDO_DEPTH) undoStack.shift();
  sheet = next;
  announce(say("sheet_changed", { what }));
  redraw();
  return true;
}

function undo() {
  const last = undoStack.pop();
  if (!last) return;
  const before = JSON.parse(last.before);
  store.put(before);
  if (store.record !== before) {   // not stored: the step stays to undo once there is room
    undoStack.push(last);
    return;
  }
  sheet = before;
  announce(say("sheet_undone", { what: last.what }));
  endEdit();
  redraw();
  // nothing left to undo disables the button: the focus goes to the sheet it changed, not to the page's top
  if (document.activeElement?.disabled || document.activeElement === document.body) table.focus();
}

function announce(words) {
  statusLine.replaceChildren(biText(words));
}

/** The players' names as shown: a seat without a name is "座位 n / Seat n". */
function names(lang) {
  return sheet.players.map((name, seat) => name.trim() || say("sheet_seat", { n: seat + 1 })[lang]);
}

// ---------------------------------------------------------------- the conventions

/** A request's conventions as the form reads them back: only what departs from the defaults, in the form's order. */
function normalized(request) {
  conventions.fill(request);
  return conventions.read();
}

function sameConventions(a, b) {
  return encodeHash(normalized(a)) === encodeHash(normalized(b));
}

function drawConventions() {
  conventions.fill(sheet.conventions);
  const summary = summaryLine(conventions.rulesSelect, conventionSettings(conventionsForm));
  document.getElementById("sheet-summary").replaceChildren(biText(summary));
  const hash = `#${encodeHash(sheet.conventions)}`;
  document.getElementById("to-table-card").href = `table.html${hash}`;
  if (location.hash !== hash) history.replaceState(null, "", hash);
  rowForm.elements.namedItem("rules").value = sheet.conventions.rules;
  rowFields.syncVisibility();
}

conventionsForm.addEventListener("change", (event) => {
  if (event.target === conventions.rulesSelect) conventions.syncVisibility();
  change({ ...sheet, conventions: conventions.read() }, say("sheet_change_conventions"));
});

let linkConventions = null;

/** The table card's link: an empty sheet takes its conventions; a sheet with hands is offered a new sheet. */
function fromLink() {
  const keys = parseHash(location.hash).map(([key]) => key);
  if (!keys.includes("rules")) return;
  const wanted = normalized(requestFromHash(location.hash, conventions.kindOf));
  conventions.fill(sheet.conventions);
  const notice = document.getElementById("link-notice");
  notice.hidden = true;
  if (sameConventions(wanted, sheet.conventions)) return;
  if (!sheet.rows.length) {
    change({ ...sheet, conventions: wanted }, say("sheet_change_conventions"));
    return;
  }
  linkConventions = wanted;
  conventions.fill(wanted);
  const linkSummary = summaryLine(conventions.rulesSelect, conventionSettings(conventionsForm));
  const words = say("sheet_link_differs", { link: linkSummary, n: sheet.rows.length });
  document.getElementById("link-notice-text").replaceChildren(biText(words));
  notice.hidden = false;
}

document.getElementById("adopt-link").addEventListener("click", () => {
  document.getElementById("link-notice").hidden = true;
  if (linkConventions) change(emptySheet(linkConventions, sheet.players), say("sheet_change_new"));
});

// ---------------------------------------------------------------- the players

function drawNames() {
  for (const input of nameInputs) {
    const seat = Number(input.dataset.seat);
    if (document.activeElement !== input) input.value = sheet.players[seat];
  }
  const zh = names("zh");
  const en = names("en");
  const hant = names("zh_hant");
  // options in the reader's language, relabelled by lang.js when it changes (a typed name reads the same in all)
  const option = (words, value) => biOption(words.zh, words.en, value, words.zh_hant);
  const seatOption = (seat) => option({ zh: zh[seat], en: en[seat], zh_hant: hant[seat] }, String(seat));
  const options = (select, extra) => {
    const keep = select.value;
    select.replaceChildren(...extra, ...[0, 1, 2, 3].map(seatOption));
    if ([...select.options].some((o) => o.value === keep)) select.value = keep;
  };
  options(dealerSelect, []);
  options(winnerSelect, [option(say("sheet_nobody"), "draw")]);
  winnerSelect.append(winnerSelect.options[0]);   // "nobody" last: a seat is the usual answer
  const keep = howSelect.value;
  howSelect.replaceChildren(option(say("sheet_self_drawn"), "self"),
    ...[0, 1, 2, 3].map((seat) =>
      option(say("sheet_discarded_by", { name: { zh: zh[seat], en: en[seat], zh_hant: hant[seat] } }), String(seat))));
  if ([...howSelect.options].some((o) => o.value === keep)) howSelect.value = keep;
}

for (const input of nameInputs) {
  input.addEventListener("change", () => {
    const players = [...sheet.players];
    players[Number(input.dataset.seat)] = input.value;
    change({ ...sheet, players }, say("sheet_change_names"));
  });
}

// ---------------------------------------------------------------- the row form

let editing = null;   // the index of the row being edited, or null for a new row

/** The dealer a new hand starts with: the same one after the dealer won or nobody did, else the next seat. */
function nextDealer() {
  const last = sheet.rows[sheet.rows.length - 1];
  if (!last || !Number.isInteger(last.dealer)) return 0;
  const stays = last.winner === null || last.winner === undefined || last.winner === last.dealer;
  return stays ? last.dealer : (last.dealer + 1) % SEATS;
}

function drawRowForm() {
  const n = editing === null ? sheet.rows.length + 1 : editing + 1;
  document.getElementById("row-title").replaceChildren(sayBi(editing === null ? "sheet_new_hand" : "sheet_editing", { n }));
  document.getElementById("row-submit").replaceChildren(sayBi(editing === null ? "sheet_add" : "sheet_save_edit"));
  document.getElementById("row-cancel").hidden = editing === null;
}

function clearRowForm() {
  rowFields.fill({ rules: sheet.conventions.rules });
  handInput.value = "";
  kongBox.checked = false;
  winnerSelect.value = "0";
  howSelect.value = "self";
  dealerSelect.value = String(nextDealer());
}

/** The form as a row of the settle request. */
function readRow() {
  const row = { dealer: Number(dealerSelect.value) };
  if (winnerSelect.value === "draw") return { ...row, winner: null };
  row.winner = Number(winnerSelect.value);
  if (howSelect.value === "self") row.self_drawn = true;
  else row.discarder = Number(howSelect.value);
  if (kongBox.checked) row.kong = true;
  if (handInput.value.trim()) row.hand = handInput.value.trim();
  const { rules, ...written } = rowFields.read();
  return { ...row, ...written };
}

function fillRow(row) {
  dealerSelect.value = String(row.dealer ?? 0);
  winnerSelect.value = row.winner === null || row.winner === undefined ? "draw" : String(row.winner);
  howSelect.value = row.self_drawn ? "self" : String(row.discarder ?? "self");
  kongBox.checked = Boolean(row.kong);
  handInput.value = row.hand ?? "";
  const written = Object.fromEntries(Object.entries(row).filter(([key]) => !DEAL_KEYS.includes(key)));
  rowFields.fill({ rules: sheet.conventions.rules, ...written });
}

function startEdit(index) {
  editing = index;
  fillRow(sheet.rows[index]);
  drawRowForm();
  rowForm.scrollIntoView({ block: "start" });
  dealerSelect.focus();
}

function endEdit() {
  editing = null;
  clearRowForm();
  drawRowForm();
}

rowForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const row = readRow();
  const rows = [...sheet.rows];
  let made;
  if (editing === null) {
    rows.push(row);
    made = change({ ...sheet, rows }, say("sheet_change_add", { n: rows.length }));
  } else {
    rows[editing] = row;
    made = change({ ...sheet, rows }, say("sheet_change_edit", { n: editing + 1 }));
  }
  if (!made) return;   // not stored (reported): the form keeps what was entered
  endEdit();
  dealerSelect.focus();
});
document.getElementById("row-cancel").addEventListener("click", () => { endEdit(); dealerSelect.focus(); });

function deleteRow(index) {
  const rows = sheet.rows.filter((_, i) => i !== index);
  if (editing !== null) endEdit();
  change({ ...sheet, rows }, say("sheet_change_delete", { n: index + 1 }));
  document.getElementById("undo").focus();
}

// ---------------------------------------------------------------- the engine and the table

let engineState = "loading";
const engine = pageEngine({ onProgress: (p) => {
  if (engineState !== "loading") return;
  const bar = document.getElementById("engine-progress");
  if (typeof p.fraction === "number") bar.value = p.fraction;
  showWords(document.getElementById("engine-message"), p.zh, p.en);
} });
engine.ready.then(() => {
  engineState = "ready";
  setEngineStatus("ready", say("engine_ready"));
  drawTable();
}, (err) => {
  engineState = "failed";
  const lead = say("sheet_engine_failed");
  setEngineStatus("failed", { zh: `${lead.zh} ${err.zh ?? ""}`, en: `${lead.en} ${err.en ?? ""}`,
    zh_hant: `${lead.zh_hant} ${err.zh_hant ?? err.zh ?? ""}` });
  drawTable();
});

function setEngineStatus(state, words) {
  const status = document.getElementById("engine-status");
  status.dataset.state = state;
  document.getElementById("engine-progress").hidden = true;
  document.getElementById("engine-message").replaceChildren(biText(words));
}

const COLUMNS = ["col_hand_no", "col_dealer", "col_winner", "col_how", "col_tiles", "col_pattern", "col_value", "col_start",
  "col_multipliers", "col_cap", "col_score"];

function headRow() {
  const zh = names("zh");
  const en = names("en");
  const hant = names("zh_hant");
  return h("tr", {}, COLUMNS.map((key) => h("th", { scope: "col" }, sayBi(key))),
    zh.map((name, seat) => h("th", { scope: "col", class: "seat", "data-seat": seat }, both(name, en[seat], hant[seat]))),
    h("th", { scope: "col", class: "row-actions-head" }, sayBi("sheet_edit")));
}

/**
 * A typed hand cut where a narrow column may wrap it: after each group (a meld's brackets, a run up to its suit
 * letter, honors before a digit, a space), never inside one such as 123456789p. The text itself is unchanged.
 */
function handPieces(text) {
  const pieces = [];
  let piece = "";
  let inMeld = false;
  for (const ch of text) {
    if (piece && !inMeld && /[0-9]/.test(ch) && /[^0-9\s[\]mpsz]$/.test(piece)) {
      pieces.push(piece);
      piece = "";
    }
    piece += ch;
    if (ch === "[") inMeld = true;
    else if (ch === "]") inMeld = false;
    if (!inMeld && /[\]mpsz\s]/.test(ch)) {
      pieces.push(piece);
      piece = "";
    }
  }
  if (piece) pieces.push(piece);
  return pieces.flatMap((p, i) => (i ? [h("wbr"), p] : [p]));
}

/** A cell in both languages (one text when they agree), with its Traditional where that differs. */
function both(zh, en, zhHant) {
  return String(zh) === String(en) && String(zh) === String(zhHant ?? zh) ? String(zh) : bi(String(zh), String(en), String(zhHant ?? zh));
}

function bodyRow(settled, recorded, index) {
  const zh = rowWords(settled, recorded, names("zh"), "zh");
  const en = rowWords(settled, recorded, names("en"), "en");
  const hant = rowWords(settled, recorded, names("zh_hant"), "zh_hant");
  const cells = [
    h("th", { scope: "row" }, settled.row),
    h("td", {}, both(zh.dealer, en.dealer, hant.dealer)),
    h("td", {}, zh.winner === "" ? "—" : both(zh.winner, en.winner, hant.winner)),
    h("td", {}, both(zh.how, en.how, hant.how)),
    h("td", { class: "hand-text" }, zh.tiles ? handPieces(zh.tiles) : "—"),
  ];
  if (settled.ok) {
    cells.push(
      h("td", { "data-col": "pattern" }, zh.pattern === "" ? "—" : both(zh.pattern, en.pattern, hant.pattern)),
      h("td", { "data-col": "value" }, zh.value === "" ? "—" : zh.value),
      h("td", { "data-col": "start" }, zh.start === "" ? "—" : zh.start),
      h("td", { "data-col": "multipliers" }, zh.multipliers === "" ? "—" : both(zh.multipliers, en.multipliers, hant.multipliers)),
      h("td", { "data-col": "cap", class: zh.capped ? "capped" : null }, zh.cap === "" ? "—" : both(zh.cap, en.cap, hant.cap),
        zh.capped ? h("span", { class: "capped-mark" }, " ", sayBi("sheet_capped")) : null),
      h("td", { "data-col": "score", "data-score": settled.total ?? "" }, zh.score === "" ? "—" : zh.score));
  } else {
    const lead = say("sheet_row_error");
    cells.push(h("td", { colspan: 6, class: "row-error", "data-error": settled.error.code },
      bi(`${lead.zh}${settled.error.message.zh}`, `${lead.en}${settled.error.message.en}`,
        `${lead.zh_hant ?? lead.zh}${settled.error.message.zh_hant ?? settled.error.message.zh}`),
      h("code", {}, ` ${settled.error.code}`)));
  }
  settled.payments.forEach((paid, seat) => cells.push(h("td", {
    class: "seat", "data-seat": seat, "data-paid": paid, "data-running": settled.running[seat] },
  h("span", { class: "paid" }, paid > 0 ? `+${paid}` : String(paid)), h("span", { class: "running" }, settled.running[seat]))));
  const edit = h("button", { type: "button", class: "small", "data-edit": index, "aria-label": say("sheet_edit_row", { n: index + 1 }) }, sayBi("sheet_edit"));
  const remove = h("button", { type: "button", class: "small", "data-delete": index, "aria-label": say("sheet_delete_row", { n: index + 1 }) }, sayBi("sheet_delete"));
  cells.push(h("td", { class: "row-actions" }, edit, " ", remove));
  return h("tr", { "data-row": settled.row, "data-ok": settled.ok ? "1" : "0", class: editing === index ? "editing" : null }, cells);
}

function messageRow(words) {
  return h("tr", {}, h("td", { colspan: COLUMNS.length + SEATS + 1, class: "sheet-message" }, biText(words)));
}

let lastResult = null;
let source = null;   // the file the sheet was imported from, named where its problems are told (else this device)
let drawn = 0;   // each drawing's number: an answer for an older sheet is dropped

async function drawTable() {
  const mine = ++drawn;
  table.tHead.replaceChildren(headRow());
  const body = table.tBodies[0];
  const foot = table.tFoot;
  table.dataset.state = "pending";
  if (!sheet.rows.length) {
    body.replaceChildren(messageRow(say("sheet_no_rows")));
  }
  if (engineState !== "ready") {
    if (sheet.rows.length) body.replaceChildren(messageRow(say(engineState === "failed" ? "sheet_engine_failed" : "sheet_waiting_engine")));
    foot.replaceChildren();
    table.dataset.state = engineState === "failed" ? "failed" : "pending";
    return;
  }
  // A row the page will not send (an unsafe key, a value too large) is marked with its refusal; the rest are settled.
  const refusals = sheet.rows.map((row) => checkRequest(row));
  const answer = await engine.call({ action: "settle", ...sheet.conventions,
    rows: sheet.rows.filter((_, i) => !refusals[i]) });
  if (mine !== drawn) return;
  // Conventions the engine cannot read settle nothing: every row is still shown (and exported), marked.
  const result = answer.ok ? withRefusals(answer, refusals) : unsettled(answer.error, sheet.rows.length);
  lastResult = result;
  const problem = answer.ok ? [] : [sheetProblemRow(answer.error)];
  body.replaceChildren(...problem, ...result.rows.map((row, i) => bodyRow(row, sheet.rows[i], i)));
  if (!sheet.rows.length && !problem.length) body.replaceChildren(messageRow(say("sheet_no_rows")));
  const sum = result.totals.reduce((a, b) => a + b, 0);
  foot.replaceChildren(h("tr", {}, h("th", { scope: "row", colspan: COLUMNS.length }, sayBi("sheet_totals"), " ",
    h("span", { class: "sum", "data-sum": sum }, sayBi("sheet_sum_zero", { sum }))),
  result.totals.map((total, seat) => h("td", { class: "seat", "data-seat": seat, "data-running": total }, h("span", { class: "running" }, total))),
  h("td", {})));
  table.dataset.state = answer.ok ? "ready" : "error";
}

/** The settled rows with the refused ones put back in their places, each marked and paying nothing. */
function withRefusals(result, refusals) {
  const settled = [...result.rows];
  let running = [0, 0, 0, 0];
  const rows = refusals.map((refusal, i) => {
    const row = refusal ? { ok: false, error: refusal, payments: [0, 0, 0, 0], running } : settled.shift();
    running = row.running;
    return { ...row, row: i + 1 };
  });
  return { ...result, rows };
}

/** A sheet whose conventions do not read: every row as recorded, marked with the one error, paying nothing. */
function unsettled(error, count) {
  const zero = [0, 0, 0, 0];
  return { ok: true, rows: Array.from({ length: count }, (_, i) => ({ row: i + 1, ok: false, error, payments: zero,
    running: zero })), totals: zero };
}

function sheetProblemRow(error) {
  const lead = say("sheet_conventions_refused");
  const from = source ? say("sheet_from_file", { name: source }) : { zh: "", en: "" };
  return h("tr", { class: "sheet-problem" }, h("td", { colspan: COLUMNS.length + SEATS + 1, class: "row-error",
    "data-error": error.code }, bi(`${lead.zh}${error.message.zh}${from.zh}`, `${lead.en}${error.message.en}${from.en}`,
      `${lead.zh_hant ?? lead.zh}${error.message.zh_hant ?? error.message.zh}${from.zh_hant ?? from.zh}`),
  h("code", {}, ` ${error.code}`)));
}

table.addEventListener("click", (event) => {
  const edit = event.target.closest("[data-edit]");
  if (edit) startEdit(Number(edit.dataset.edit));
  const remove = event.target.closest("[data-delete]");
  if (remove) deleteRow(Number(remove.dataset.delete));
});

// ---------------------------------------------------------------- undo, files, print

function drawUndo() {
  const button = document.getElementById("undo");
  const last = undoStack[undoStack.length - 1];
  button.disabled = !last;
  const words = last ? say("sheet_undo_what", { what: last.what }) : say("sheet_nothing_to_undo");
  setTextWords(button, "title", words);
}

document.getElementById("undo").addEventListener("click", undo);
document.addEventListener("keydown", (event) => {
  const typing = event.target.closest?.("input[type=text], input[type=number], textarea");
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z" && !event.shiftKey && !typing) {
    event.preventDefault();
    undo();
  }
});

document.getElementById("export-csv").addEventListener("click", () => {
  if (!lastResult) {
    announce(say(engineState === "failed" ? "sheet_engine_failed" : "sheet_waiting_engine"));
    return;
  }
  const lang = document.getElementById("csv-english").checked ? "en" : "zh";
  const text = sheetCsv({ names: names(lang), result: lastResult, rows: sheet.rows, lang });
  downloadText(`suanfan-scoresheet-${new Date().toISOString().slice(0, 10)}.csv`, text, "text/csv;charset=utf-8");
});
document.getElementById("print-sheet").addEventListener("click", () => window.print());
document.getElementById("export-sheet").addEventListener("click", () => {
  downloadText(`suanfan-scoresheet-${new Date().toISOString().slice(0, 10)}.json`, store.exportText(), "application/json");
});
document.getElementById("import-sheet").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  const { record, problem } = store.readFile(await file.text());
  event.target.value = "";
  if (problem) {
    showProblem(problem);
    return;
  }
  source = file.name;
  change(record, say("sheet_change_import"));
  announce(say("sheet_imported", { n: record.rows.length }));
});
document.getElementById("new-sheet").addEventListener("click", () => {
  endEdit();
  source = null;
  change(emptySheet(sheet.conventions, sheet.players), say("sheet_change_new"));
});

window.addEventListener("storage", (event) => {
  if (event.key === STORE_KEY) {
    store.load();
    sheet = store.record;
    redraw();
  }
});
window.addEventListener("hashchange", () => {
  if (location.hash !== `#${encodeHash(sheet.conventions)}`) fromLink();
});

// ---------------------------------------------------------------- the page

function redraw() {
  drawConventions();
  drawNames();
  drawRowForm();
  drawUndo();
  drawTable();
}

drawNames();
fromLink();
clearRowForm();
redraw();
