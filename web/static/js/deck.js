// deck.js: the learner's own hands as a practice deck ("昨晚的牌 last night's hands"), pure functions of plain data
// so Node runs them as the practice page does. A hand comes from a pasted line or from a score sheet row with tiles;
// either way the engine scores it before it is kept (the page's job), and every question kind that fits it is
// asked about it (the engine's `deal_kinds`).
//
// A pasted line: the hand in the notation (spaces inside it are allowed), then the situation as the scoring request
// says it — `key=value` (flowers=2, seat_wind=S) or a bare `key` for yes (self_drawn, kong) — and after `#` a
// comment, kept as the hand's note. A line that is empty or only a comment is skipped:
//   123m456p789s EEE SS self_drawn flowers=1   # 东一局, my own self-draw

import { _ } from "./gettext.js";

const KEY = /^[a-z][a-z_]*$/;

/** One written value as the request takes it: yes/no, a whole number, else the text. */
function value(text) {
  if (text === "true") return true;
  if (text === "false") return false;
  return /^\d+$/.test(text) ? Number(text) : text;
}

/**
 * Pasted text as candidate hands: -> {lines: [{line, deal, note}], problems: [{line, zh, en}]}, `line` counting
 * from 1. What a line says is not checked here beyond its shape: the engine scores each deal and says what is wrong.
 */
export function readDeckLines(text) {
  const lines = [];
  const problems = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const cut = raw.indexOf("#");
    const body = (cut < 0 ? raw : raw.slice(0, cut)).trim();
    const note = cut < 0 ? "" : raw.slice(cut + 1).trim();
    if (!body) return;
    const hand = [];
    const deal = {};
    for (const token of body.split(/\s+/)) {
      const eq = token.indexOf("=");
      if (eq > 0 && KEY.test(token.slice(0, eq))) deal[token.slice(0, eq)] = value(token.slice(eq + 1));
      else if (KEY.test(token)) deal[token] = true;   // the notation never is lowercase letters alone
      else hand.push(token);
    }
    if (!hand.length) {
      problems.push({ line, ..._("This line has no tiles, only the situation.") });
      return;
    }
    lines.push({ line, deal: { hand: hand.join(""), ...deal }, note });
  });
  return { lines, problems };
}

/** The sections of a score sheet's conventions ({rules, table: {…}} -> {table: {…}}): what its hands were played under. */
export function sheetSections(sheet) {
  return Object.fromEntries(Object.entries(sheet.conventions).filter(([key]) => key !== "rules"));
}

/** The settle request for a sheet's rows with tiles: -> {request, rows: [row number]} or null when none has tiles. */
export function sheetSettleRequest(sheet) {
  const numbered = sheet.rows.map((row, i) => ({ row, number: i + 1 }))
    .filter(({ row }) => typeof row.hand === "string" && row.hand.trim());
  if (!numbered.length) return null;
  return { request: { action: "settle", rules: sheet.conventions.rules, ...sheetSections(sheet), rows: numbered.map((n) => n.row) },
    rows: numbered.map((n) => n.number) };
}

/** A settled sheet's rows as candidate hands: -> {hands: [{row, deal}], problems: [{row, error}]}; `rows` maps the
 *  settle request's rows back to the sheet's numbers. */
export function sheetCandidates(settled, rows) {
  const hands = [];
  const problems = [];
  settled.rows.forEach((result, i) => {
    if (result.ok && result.request) hands.push({ row: rows[i], deal: result.request });
    else if (!result.ok) problems.push({ row: rows[i], error: result.error });
  });
  return { hands, problems };
}

/** A kept hand from its scoring result: the canonical hand, the situation as asked, the engine's words for it. */
export function deckEntry({ rules, deal, conventions, source, note, row }, scored) {
  const entry = { rules, deal: { ...deal, hand: scored.hand }, settings: scored.settings ?? [], source };
  if (conventions && Object.keys(conventions).length) entry.conventions = conventions;
  if (note) entry.note = note;
  if (row) entry.row = row;
  return entry;
}

/** The first questions of a round of the deck: each hand of `rules` once with `firstKind`, in the order they were
 *  kept (an evening's hands in the order played). The kinds each fits are known once it is asked (deckFollowUps). */
export function deckQueue(deck, rules, firstKind) {
  return deck.filter((entry) => entry.rules === rules).sort((a, b) => a.at - b.at)
    .map((entry) => ({ hand: entry.id, kind: firstKind }));
}

/** After a question about a hand: the kinds it fits (deal_kinds) not yet asked in this round, to be asked after the
 *  other hands' (`asked`: Set of "id|kind", updated). */
export function deckFollowUps(handId, dealKinds, asked) {
  const out = [];
  for (const kind of dealKinds) {
    const key = `${handId}|${kind}`;
    if (asked.has(key)) continue;
    asked.add(key);
    out.push({ hand: handId, kind });
  }
  return out;
}
