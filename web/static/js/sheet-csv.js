// sheet-csv.js: a settled score sheet in words — each row's cells as the page's table shows them (rowWords) — and
// as CSV text: one line per hand, the payments and running totals of every player in columns of their own so a
// spreadsheet can recompute them. The numbers are the engine's (its `settle` answer); nothing is computed here.
// UTF-8 with a byte-order mark (spreadsheets then read the Chinese right), the site's column names in Chinese or,
// with `english`, in English (the words inside the cells follow the header's language). Pure: no DOM.

import { say } from "./words.js";

const BOM = "\uFEFF";

/** One CSV cell: quoted when it must be; text that a spreadsheet would run as a formula starts with ' instead. */
export function csvCell(value) {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The hand as the player typed it, their grouping kept (`123456789p 234p 55p`, not the engine's canonical
 *  `1223344556789p5p`, which runs the standing tiles together): the row keeps what was typed, and only where it has
 *  none is the engine's form shown. Runs of spaces read as one. */
function typedHand(recorded) {
  return typeof recorded.hand === "string" ? recorded.hand.trim().replace(/\s+/g, " ") : "";
}

const seatName = (names, seat) => (Number.isInteger(seat) && seat >= 0 && seat < names.length ? names[seat] : "?");

/**
 * One row's cells in one language ("zh" | "en" | "zh_hant", the page's Traditional; a text without its own zh_hant
 * reads as its zh): settled is the engine's row, recorded the row as it was entered
 * (an error row has only its error, so who dealt, won and discarded come from what was entered).
 */
export function rowWords(settled, recorded, names, lang) {
  const word = (key, values) => say(key, values)[lang];
  const words = (text) => text[lang] ?? text.zh;
  const name = (seat) => seatName(names, seat);
  let how;
  if (recorded.winner === null || recorded.winner === undefined) how = word("sheet_draw");
  else if (recorded.self_drawn) how = word(recorded.kong ? "sheet_kong_bloom" : "sheet_self_drawn");
  else how = word(recorded.kong ? "sheet_robbed" : "sheet_discarded_by", { name: name(recorded.discarder) });
  const fans = settled.fans?.map((f) => `${words(f)} ${f.points}${f.count > 1 ? ` × ${f.count}` : ""}`).join(" + ");
  return {
    dealer: name(recorded.dealer),
    winner: recorded.winner === null || recorded.winner === undefined ? "" : name(recorded.winner),
    how,
    tiles: typedHand(recorded) || settled.hand || "",
    pattern: settled.pattern ? words(settled.pattern) : fans ?? "",
    value: settled.pattern ? settled.pattern.fan : settled.points ?? "",
    start: settled.start_arithmetic ?? settled.base_points ?? "",
    multipliers: (settled.multipliers ?? []).map((m) => `${words(m)} ×${m.factor}`).join(" · "),
    cap: "cap" in settled ? (settled.cap === null ? word("sheet_no_cap") : settled.cap) : "",
    capped: Boolean(settled.capped),
    score: settled.total ?? "",
    error: settled.ok ? "" : `${words(settled.error.message)} (${settled.error.code})`,
  };
}

/**
 * The CSV text. names: the four players' names as shown; result: the engine's settle answer; rows: the rows as
 * entered; lang: "zh" (Chinese column names and words) or "en".
 */
export function sheetCsv({ names, result, rows, lang }) {
  const word = (key, values) => say(key, values)[lang];
  const header = [
    word("col_hand_no"), word("col_dealer"), word("col_winner"), word("col_how"), word("col_tiles"),
    word("col_pattern"), word("col_value"), word("col_start"), word("col_multipliers"), word("col_cap"),
    word("col_score"),
    ...names.map((name) => word("col_paid", { name })),
    ...names.map((name) => word("col_running", { name })),
    word("col_error"),
  ];
  const lines = [header];
  result.rows.forEach((row, i) => {
    const cells = rowWords(row, rows[i], names, lang);
    lines.push([row.row, cells.dealer, cells.winner, cells.how, cells.tiles, cells.pattern, cells.value, cells.start,
      cells.multipliers, cells.cap, cells.score, ...row.payments, ...row.running, cells.error]);
  });
  lines.push([word("sheet_totals"), ...Array(10 + names.length).fill(""), ...result.totals, ""]);
  return BOM + lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
