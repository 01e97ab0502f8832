// sheet-record.js: the score sheet's stored record — its key, its schema and how its text is read — shared by the
// score sheet (scoresheet.js, which keeps it) and the practice page (which takes the sheet's hands with tiles as
// the learner's own deck, reading and never writing it).
//   localStorage "suanfan.scoresheet" = {schema: "suanfan-scoresheet", version: 1,
//     conventions: {rules, <the rule set's section>: {...}}, players: [4 names], rows: [row]}

import { _ } from "./gettext.js";

export const STORE_KEY = "suanfan.scoresheet";
export const SCHEMA = "suanfan-scoresheet";
export const VERSION = 1;
const SEATS = 4;

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** Stored text as a sheet: {record, problem} (store.js's contract); `empty()` is the sheet of no text. The rows are
 *  checked by the engine, not here. */
export function readSheetText(text, empty) {
  if (text === null || text === undefined || text === "") return { record: empty(), problem: null };
  let data;
  try { data = JSON.parse(text); } catch {
    return { record: null, problem: _("The score sheet data is damaged (not complete JSON).") };
  }
  if (!isObject(data) || data.schema !== SCHEMA) {
    return { record: null, problem: _("The score sheet data is not in this site's format.") };
  }
  if (data.version !== VERSION) {
    return { record: null, problem: _("The score sheet data is version {version}; this page reads version {reads}.",
      { version: data.version, reads: VERSION }) };
  }
  const players = Array.isArray(data.players) && data.players.length === SEATS && data.players.every((p) => typeof p === "string");
  if (!isObject(data.conventions) || typeof data.conventions.rules !== "string" || !players
      || !Array.isArray(data.rows) || !data.rows.every(isObject)) {
    return { record: null, problem: _("The score sheet data holds entries this page cannot read.") };
  }
  return { record: { schema: SCHEMA, version: VERSION, conventions: data.conventions, players: data.players, rows: data.rows }, problem: null };
}
