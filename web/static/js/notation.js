// The hand notation in JavaScript: a port of engine/suanfan/notation.py, plus the lenient reading and the
// text edits the tile picker needs. Plain module, no DOM: it runs in the page and in Node.
//
// parseHand judges a text exactly as the engine's parse does: the same melds and standing tiles, or the same
// first error with the same code, position and details. So a page can answer at once, before Pyodide loads.
// tests/web/test_notation_parity.py holds the two readers to each other.
//
// readNotation never judges. It reads with the same scanner as far as the text can be followed, so the picker
// draws those tiles (knowing each tile's characters, for removing it) and says where it had to stop.
//
// The notation's constants (letters, meld digits, limits, error codes) are the engine's: the build writes them
// into notation-rules.js from engine/suanfan/notation.py (notation.facts()).

import { NOTATION } from "./notation-rules.js";

const DIGITS = "0123456789";
const SUITS = NOTATION.suits;
const HONOR_LETTERS = NOTATION.honor_letters;
const CHINESE_HONORS = new Map(Object.entries(NOTATION.chinese_honors));
const Z_HONORS = NOTATION.z_honors; // 1z..7z in the riichi tools' order: 5z 白, 6z 发, 7z 中
const SUIT_SIZE = NOTATION.suit_size;
const FIRST_HONOR = NOTATION.first_honor;
const CLAIM_DIGITS = NOTATION.claim_digits; // a chow's taken tile, or who fed a pung or kong
const ADDED_KONG = NOTATION.added_kong; // a kong's digit less this: who fed the pung it was added to
const E = NOTATION.errors;
// Python's str.isspace() set, which decides the engine's empty_hand. JS's trim() differs: it keeps
// \x1c-\x1f and \x85 but strips \ufeff. (Control characters in a pattern are what it is about.)
// eslint-disable-next-line no-control-regex
const PYTHON_BLANK = /^[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/;

export const WIN = NOTATION.expect.win;
export const WAIT = NOTATION.expect.wait;
export const EITHER = NOTATION.expect.either;

const NUMBERS = Array.from({ length: SUIT_SIZE }, (_, i) => i + 1);
export const HONOR_CODES = [...HONOR_LETTERS];
export const SUITED_CODES = [...SUITS].flatMap((s) => NUMBERS.map((n) => `${n}${s}`));
// A tile's index in this list is its number in the engine (engine/suanfan/tiles.py): sorting by it sorts
// tiles as the engine does.
export const ALL_TILE_CODES = [...SUITED_CODES, ...HONOR_CODES];
const TILE_INDEX = new Map(ALL_TILE_CODES.map((code, index) => [code, index]));

export function isSuited(code) {
  return code.length === 2 && SUITS.includes(code[1]);
}

const suitedTile = (suit, digit) => SUITS.indexOf(suit) * SUIT_SIZE + Number(digit) - 1;
const honorTile = (letter) => FIRST_HONOR + HONOR_LETTERS.indexOf(letter);
const suitOf = (tile) => (tile < FIRST_HONOR ? SUITS[Math.floor(tile / SUIT_SIZE)] : null);
const byTileOrder = (a, b) => TILE_INDEX.get(a) - TILE_INDEX.get(b);

/** A rejected text, as the engine's SuanfanError: a stable code, a 0-based position or null, details. */
class NotationError extends Error {
  constructor(code, position, details = {}) {
    if (!Object.hasOwn(E, code)) throw new TypeError(`not an error code of the engine's notation: ${code}`);
    super(code);
    this.code = code;
    this.position = position;
    this.details = details;
  }
}

// A lone surrogate (half of a character) cannot be carried by UTF-8: the engine names it by its escape, "\\ud83c"
// (errors.safe_text), and so does this.
function shownChar(ch) {
  const unit = ch.charCodeAt(0);
  return ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff ? `\\u${unit.toString(16).padStart(4, "0")}` : ch;
}

function digitWithoutSuit(chars, pending) {
  return new NotationError(E.digit_without_suit, pending[0], { digits: pending.map((at) => chars[at]).join("") });
}

/**
 * _scan_tiles: read tile groups from chars[start] on, until "]" inside a meld, or "[" / the end outside one.
 * Inside a meld one lone digit right before "]" (or after a comma, `[567m,2]`) is the meld's digit.
 *
 * Tiles go into `found` as {tile, at, suitAt, run} once their suit is read (`at` their own character,
 * `suitAt` the suit letter they share with `run` tiles, null for a letter honor); digits still waiting for
 * their suit stay in `pending` by position. Both arrays belong to the caller, so after a throw the lenient
 * reader still knows what was read. Returns where scanning stopped and the meld's digit (or null).
 */
function scanTiles(chars, start, inMeld, found, pending) {
  let i = start;
  for (; i < chars.length; i++) {
    const ch = chars[i];
    if (DIGITS.includes(ch)) {
      if (ch === "0") throw new NotationError(E.zero_digit, i);
      pending.push(i);
    } else if (SUITS.includes(ch) || ch === "z") {
      if (!pending.length) throw new NotationError(E.unknown_char, i, { char: shownChar(ch) });
      // Checked before any tile of the run is kept, so a run is read whole or not at all.
      const beyond = ch === "z" ? pending.find((at) => Number(chars[at]) > Z_HONORS.length) : undefined;
      if (beyond !== undefined) throw new NotationError(E.honor_suit_range, beyond);
      for (const at of pending) {
        const tile = ch === "z" ? honorTile(Z_HONORS[Number(chars[at]) - 1]) : suitedTile(ch, chars[at]);
        found.push({ tile, at, suitAt: i, run: pending.length });
      }
      pending.length = 0;
    } else if (inMeld && ch === "]" && pending.length === 1 && found.length) {
      const digit = Number(chars[pending[0]]);
      pending.length = 0;
      return { stop: i, digit };
    } else if (inMeld && ch === "," && !pending.length && found.length) {
      // `[567m,2]`: a comma may stand between a meld's tiles and its digit.
    } else if (HONOR_LETTERS.includes(ch) || CHINESE_HONORS.has(ch) || " []".includes(ch)) {
      if (pending.length) throw digitWithoutSuit(chars, pending);
      if (ch === "]") {
        if (inMeld) return { stop: i, digit: null };
        throw new NotationError(E.unopened_meld, i);
      }
      if (ch === "[") {
        if (inMeld) throw new NotationError(E.nested_meld, i);
        return { stop: i, digit: null };
      }
      if (ch !== " ") found.push({ tile: honorTile(CHINESE_HONORS.get(ch) ?? ch), at: i, suitAt: null, run: 1 });
    } else {
      throw new NotationError(E.unknown_char, i, { char: shownChar(ch) });
    }
  }
  if (inMeld) throw new NotationError(E.unclosed_meld, start - 1);
  if (pending.length) throw digitWithoutSuit(chars, pending);
  return { stop: i, digit: null };
}

/** _meld_from_tiles: what the tiles between brackets and the digit make, as the engine's Meld. */
function meldFromTiles(tiles, digit, position, written) {
  const ordered = [...tiles].sort((a, b) => a - b);
  const allSame = ordered.every((t) => t === ordered[0]);
  const meld = (kind, fields) => ({ kind, tiles: ordered, concealed: false, source: 1, claimedIndex: null,
                                    added: false, ...fields });
  const claimable = digit === null || CLAIM_DIGITS.includes(digit);
  const badDigit = (kind) => new NotationError(E.bad_meld_digit, position, { digit, allowed: NOTATION.allowed_digits[kind] });
  if (ordered.length === 4 && allSame) {
    if (digit === null) return meld("kong", { concealed: true, source: null });
    if (CLAIM_DIGITS.includes(digit)) return meld("kong", { source: digit });
    if (CLAIM_DIGITS.includes(digit - ADDED_KONG)) return meld("kong", { source: digit - ADDED_KONG, added: true });
    throw badDigit("kong");
  }
  if (ordered.length === 3 && allSame) {
    if (claimable) return meld("pung", { source: digit ?? 1 });
    throw badDigit("pung");
  }
  if (ordered.length === 3 && ordered[0] < FIRST_HONOR && ordered[1] === ordered[0] + 1 && ordered[2] === ordered[0] + 2
      && suitOf(ordered[0]) === suitOf(ordered[2])) {
    if (claimable) return meld("chow", { claimedIndex: (digit ?? 1) - 1 });
    throw badDigit("chow");
  }
  throw new NotationError(E.bad_meld, position, { meld: written });
}

/** Meld.digit(): the digit the notation writes after a meld (null for a concealed kong). */
function meldDigit(meld) {
  if (meld.kind === "chow") return meld.claimedIndex + 1;
  if (meld.concealed) return null;
  return meld.source + (meld.added ? ADDED_KONG : 0);
}

/**
 * The reading loop of parse(), up to its counting checks. Fills `into` as it goes: `standing` tiles and
 * `melds` (each with its `inner` tiles in typed order, `start`, `end` exclusive and the `written` digit),
 * `pending` digits and `openAt`, the "[" of a meld being read. Throws the first NotationError.
 */
function readInto(chars, into) {
  let i = 0;
  while (i < chars.length) {
    i = scanTiles(chars, i, false, into.standing, into.pending).stop;
    if (i >= chars.length) break;
    into.openAt = i; // chars[i] is "[": a meld up to "]" and an optional digit
    const inner = [];
    const { stop: close, digit } = scanTiles(chars, i + 1, true, inner, into.pending);
    const written = chars.slice(i, close + 1).join("");
    const meld = meldFromTiles(inner.map((t) => t.tile), digit, i, written);
    into.melds.push({ ...meld, inner, start: i, end: close + 1, written: digit });
    into.openAt = null;
    i = close + 1;
  }
}

function emptyReading() {
  return { standing: [], melds: [], pending: [], openAt: null };
}

function checkCopies(reading) {
  // Meld tiles first, each at its meld's "[", then standing tiles at their own character: the engine's order.
  const placed = [...reading.melds.flatMap((m) => m.inner.map((t) => ({ tile: t.tile, at: m.start }))),
                  ...reading.standing];
  const seen = new Array(ALL_TILE_CODES.length).fill(0);
  for (const { tile, at } of placed) {
    seen[tile] += 1;
    if (seen[tile] > NOTATION.copies) {
      const count = placed.filter((p) => p.tile === tile).length;
      throw new NotationError(E.too_many_copies, at, { tile: ALL_TILE_CODES[tile], count });
    }
  }
}

/** Hand.expected_standing: the standing tiles of a complete hand with this many melds (14 − 3 × melds). */
const standingOf = (melds) => NOTATION.full_hand - NOTATION.meld_size * melds;

function checkTileCount(count, melds, expect) {
  const full = standingOf(melds);
  const allowed = { [WIN]: [full], [WAIT]: [full - 1], [EITHER]: [full - 1, full] }[expect];
  if (allowed.includes(count)) return;
  const most = Math.max(...allowed);
  const least = Math.min(...allowed);
  if (count > most) {
    throw new NotationError(E.too_many_tiles, null, { extra: count - most, expected: most, count, melds });
  }
  throw new NotationError(E.too_few_tiles, null, { missing: least - count, expected: least, count, melds });
}

function errorResult(error) {
  if (!(error instanceof NotationError)) throw error;
  return { ok: false, error: { code: error.code, position: error.position, ...error.details } };
}

/**
 * parse(): judge a hand as the engine does. expect: WIN (14 − 3 × melds standing tiles, the last one the
 * winning tile), WAIT (one fewer) or EITHER.
 *
 * Returns {ok: true, melds, standing, winningTile}: melds as {kind: "chow" | "pung" | "kong", tiles (codes,
 * sorted), concealed, added, source (1 上家, 2 对家, 3 下家; null for a concealed kong), claimedIndex (a chow's
 * taken tile 0-2, else null), digit (as the canonical form writes it)}, standing tile codes in typed order,
 * winningTile the last of them when the hand is complete, else null.
 * Or {ok: false, error: {code, position, ...details}}: the engine's code, 0-based position (counted in
 * characters as Python counts them, so an emoji is one) or null, and the details its error sends to a page.
 */
export function parseHand(text, expect = EITHER) {
  if (![WIN, WAIT, EITHER].includes(expect)) throw new TypeError(`expect must be win, wait or either, not ${expect}`);
  if (typeof text !== "string" || PYTHON_BLANK.test(text)) return errorResult(new NotationError(E.empty_hand, null));
  const reading = emptyReading();
  try {
    readInto([...text], reading);
    if (reading.melds.length > NOTATION.max_melds) throw new NotationError(E.too_many_melds, null, { count: reading.melds.length });
    checkCopies(reading);
    checkTileCount(reading.standing.length, reading.melds.length, expect);
  } catch (error) {
    return errorResult(error);
  }
  const melds = reading.melds.map((m) => ({
    kind: m.kind, tiles: m.tiles.map((t) => ALL_TILE_CODES[t]), concealed: m.concealed, added: m.added,
    source: m.source, claimedIndex: m.claimedIndex, digit: meldDigit(m),
  }));
  const standing = reading.standing.map((t) => ALL_TILE_CODES[t.tile]);
  const complete = standing.length === standingOf(melds.length);
  return { ok: true, melds, standing, winningTile: complete ? standing[standing.length - 1] : null };
}

/**
 * parse_group(): one group as results write it ("[CCC1]", "999m", "55s"), with no tile-count rules.
 * Returns {ok: true, tiles (codes in typed order), melded} or {ok: false, error} as parseHand.
 */
export function parseGroup(text) {
  const melded = text.startsWith("[");
  const found = [];
  try {
    scanTiles([...text], melded ? 1 : 0, melded, found, []);
  } catch (error) {
    return errorResult(error);
  }
  return { ok: true, tiles: found.map((t) => ALL_TILE_CODES[t.tile]), melded };
}

/** format_tiles(): tiles written compactly, runs of one suit sharing their letter: [1m, 2m, 3m, E] → 123mE. */
export function formatTiles(codes) {
  let out = "";
  let run = "";
  let runSuit = null;
  for (const code of codes) {
    const suit = isSuited(code) ? code[1] : null;
    if (suit !== null && suit === runSuit) {
      run += code[0];
      continue;
    }
    if (runSuit !== null) out += run + runSuit;
    runSuit = suit;
    run = suit === null ? "" : code[0];
    if (suit === null) out += code;
  }
  return runSuit === null ? out : out + run + runSuit;
}

/** format_meld(): a meld of parseHand's result as the canonical form writes it. */
export function formatMeld(meld) {
  return `[${formatTiles(meld.tiles)}${meld.digit ?? ""}]`;
}

/** format_hand(): the canonical form of parseHand's result: melds, standing tiles sorted, the winning tile last. */
export function formatHand(hand) {
  const melds = hand.melds.map(formatMeld).join("");
  const complete = hand.winningTile !== null;
  const rest = (complete ? hand.standing.slice(0, -1) : [...hand.standing]).sort(byTileOrder);
  return melds + formatTiles(rest) + (complete ? formatTiles([hand.winningTile]) : "");
}

// ---------------------------------------------------------------- lenient reading, for drawing

// The picker's names for melds: a kong's flags decide which kind of kong it is.
function pickerKind(meld) {
  if (meld.kind !== "kong") return meld.kind;
  if (meld.concealed) return "concealed_kong";
  return meld.added ? "added_kong" : "kong";
}

/**
 * Read notation into {melds, standing, stop}: melds as {kind, codes, digit, start, end} (kind chow, pung, kong,
 * concealed_kong or added_kong; codes sorted; digit as written or null; end exclusive), standing tiles in typed
 * order as {code, at, suitAt, run} (see scanTiles), and `stop`: where drawing has to stop (text.length when
 * everything was read). Only what parseHand accepts is drawn: reading stops at the first error, and at the
 * start of what that error leaves unfinished (the meld's "[", the first digit still waiting for its suit).
 * Too many tiles, melds or copies are drawn all the same. Positions index the JS string.
 */
export function readNotation(text) {
  const reading = emptyReading();
  let stop = text.length;
  try {
    // Scanned by UTF-16 unit, so every position indexes `text`; a character outside the BMP is unknown anyway.
    readInto(text.split(""), reading);
  } catch (error) {
    if (!(error instanceof NotationError)) throw error;
    stop = reading.openAt ?? reading.pending[0] ?? error.position;
  }
  const melds = reading.melds.map((m) => ({
    kind: pickerKind(m), codes: m.tiles.map((t) => ALL_TILE_CODES[t]), digit: m.written, start: m.start, end: m.end,
  }));
  const standing = reading.standing.map(({ tile, at, suitAt, run }) => ({ code: ALL_TILE_CODES[tile], at, suitAt, run }));
  return { melds, standing, stop };
}

/** How many of each tile the text holds (melds and standing tiles alike). */
export function countTiles(reading) {
  const counts = {};
  const add = (code) => { counts[code] = (counts[code] || 0) + 1; };
  reading.melds.forEach((m) => m.codes.forEach(add));
  reading.standing.forEach((t) => add(t.code));
  return counts;
}

// The digit the picker writes for a claimed meld: fed by 上家; an added kong's 5 is 上家 too.
const WRITTEN_DIGIT = { chow: "", pung: "", kong: "1", concealed_kong: "", added_kong: "5" };

/** The tiles a meld of `kind` started from `code` holds, or null when no such meld exists. */
export function meldCodes(kind, code) {
  if (kind === "chow") {
    if (!isSuited(code) || Number(code[0]) > 7) return null;
    const n = Number(code[0]);
    return [n, n + 1, n + 2].map((k) => `${k}${code[1]}`);
  }
  const size = { pung: 3, kong: 4, concealed_kong: 4, added_kong: 4 }[kind];
  return size ? Array(size).fill(code) : null;
}

/** A meld written in notation: [345m], [555p], [5555p1] (melded kong, fed by 上家), [5555p] (concealed),
 * [5555p5] (added kong, the pung fed by 上家). */
export function meldText(kind, code) {
  const codes = meldCodes(kind, code);
  return codes ? `[${formatTiles(codes)}${WRITTEN_DIGIT[kind]}]` : null;
}

/** Add one standing tile at the end, joining the last run when it has the same suit: 123m + 4m → 1234m. */
export function appendTile(text, code) {
  if (isSuited(code) && text.endsWith(code[1]) && /\d$/.test(text.slice(0, -1))) {
    const reading = readNotation(text);
    const last = reading.standing[reading.standing.length - 1];
    if (reading.stop === text.length && last && last.suitAt === text.length - 1) {
      return text.slice(0, -1) + code[0] + code[1];
    }
  }
  // Digits still waiting for a suit letter belong to what the person is typing: keep them apart.
  const separator = /\d$/.test(text) ? " " : "";
  return text + separator + code;
}

/** Put a meld after the melds already written (or at the front), where the canonical form has them. */
export function insertMeld(text, kind, code) {
  const written = meldText(kind, code);
  if (!written) return text;
  const reading = readNotation(text);
  const at = reading.melds.length ? reading.melds[reading.melds.length - 1].end : 0;
  return text.slice(0, at) + written + text.slice(at);
}

/** Remove one standing tile (its character, and its suit letter when it was alone in its run). */
export function removeStanding(text, tile) {
  const cut = [tile.at];
  if (tile.suitAt !== null && tile.run === 1) cut.push(tile.suitAt);
  let out = text;
  for (const at of cut.sort((a, b) => b - a)) out = out.slice(0, at) + out.slice(at + 1);
  return out;
}

/** Remove a whole meld with its brackets and digit. */
export function removeMeld(text, meld) {
  return text.slice(0, meld.start) + text.slice(meld.end);
}
