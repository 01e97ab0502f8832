// Reading the hand notation for display only: which tiles to draw under the text field, and where
// each one sits in the text so a click can remove exactly those characters. It never judges a hand —
// the engine does that, with the authoritative error codes. Anything this reader does not understand
// simply stops the drawing at that character; the typed text is left as it is.

const SUITS = "mps";
const HONOR_LETTERS = "ESWNCFP";
const CHINESE_HONORS = { 东: "E", 東: "E", 南: "S", 西: "W", 北: "N", 中: "C", 发: "F", 發: "F", 白: "P" };
const Z_HONORS = "ESWNPFC"; // 1z..7z as the engine reads them (riichi order: 5z 白, 6z 发, 7z 中)

export const HONOR_CODES = [...HONOR_LETTERS];
export const SUITED_CODES = [...SUITS].flatMap((s) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${n}${s}`));
export const ALL_TILE_CODES = [...SUITED_CODES, ...HONOR_CODES];

export function isSuited(code) {
  return code.length === 2 && SUITS.includes(code[1]);
}

function isDigit(ch) {
  return ch >= "1" && ch <= "9";
}

// One run of tiles between brackets (or inside one). Each tile records the characters it owns:
// `at` its own character, `suitAt` the suit letter it shares with its run (null for a letter honor).
function scanTiles(text, start, inMeld) {
  const tiles = [];
  let digits = [];
  let i = start;
  for (; i < text.length; i++) {
    const ch = text[i];
    if (isDigit(ch)) {
      digits.push(i);
    } else if (SUITS.includes(ch) && digits.length) {
      for (const at of digits) tiles.push({ code: `${text[at]}${ch}`, at, suitAt: i, run: digits.length });
      digits = [];
    } else if (ch === "z" && digits.length && digits.every((at) => text[at] <= "7")) {
      for (const at of digits) tiles.push({ code: Z_HONORS[Number(text[at]) - 1], at, suitAt: i, run: digits.length });
      digits = [];
    } else if (inMeld && ch === "]") {
      const digit = digits.length === 1 && tiles.length ? Number(text[digits[0]]) : null;
      if (digits.length && digit === null) return { tiles, stop: digits[0], closed: false };
      return { tiles, stop: i, closed: true, digit };
    } else if (inMeld && ch === "," && !digits.length) {
      continue;
    } else if (digits.length) {
      return { tiles, stop: digits[0], closed: false };
    } else if (HONOR_LETTERS.includes(ch) || ch in CHINESE_HONORS) {
      tiles.push({ code: CHINESE_HONORS[ch] ?? ch, at: i, suitAt: null, run: 1 });
    } else if (ch !== " ") {
      return { tiles, stop: i, closed: false };
    }
  }
  return { tiles, stop: digits.length ? digits[0] : i, closed: false, end: true };
}

function meldKind(codes, digit) {
  const same = codes.every((c) => c === codes[0]);
  if (codes.length === 4 && same) return digit === null ? "concealed_kong" : "kong";
  if (codes.length === 3 && same) return "pung";
  if (codes.length === 3 && isSuited(codes[0])) {
    const nums = codes.map((c) => Number(c[0])).sort();
    const oneSuit = codes.every((c) => c[1] === codes[0][1]);
    if (oneSuit && nums[1] === nums[0] + 1 && nums[2] === nums[0] + 2) return "chow";
  }
  return null;
}

/**
 * Read notation into {melds, standing, stop}: melds as {kind, codes, digit, start, end} (end exclusive),
 * standing tiles in typed order as {code, at, suitAt, run}, and `stop` — the index of the first character
 * this reader could not follow (text.length when it read everything).
 */
export function readNotation(text) {
  const melds = [];
  const standing = [];
  let i = 0;
  while (i < text.length) {
    const outside = scanTiles(text, i, false);
    standing.push(...outside.tiles);
    i = outside.stop;
    if (i >= text.length) break;
    if (text[i] !== "[") return { melds, standing, stop: i };
    const inner = scanTiles(text, i + 1, true);
    if (!inner.closed) return { melds, standing, stop: i };
    const codes = inner.tiles.map((t) => t.code);
    const kind = meldKind(codes, inner.digit);
    if (!kind) return { melds, standing, stop: i };
    melds.push({ kind, codes, digit: inner.digit, start: i, end: inner.stop + 1 });
    i = inner.stop + 1;
  }
  return { melds, standing, stop: text.length };
}

/** How many of each tile the text holds (melds and standing tiles alike). */
export function countTiles(reading) {
  const counts = {};
  const add = (code) => { counts[code] = (counts[code] || 0) + 1; };
  reading.melds.forEach((m) => m.codes.forEach(add));
  reading.standing.forEach((t) => add(t.code));
  return counts;
}

/** The tiles a meld of `kind` started from `code` holds, or null when no such meld exists. */
export function meldCodes(kind, code) {
  if (kind === "chow") {
    if (!isSuited(code) || Number(code[0]) > 7) return null;
    const n = Number(code[0]);
    return [n, n + 1, n + 2].map((k) => `${k}${code[1]}`);
  }
  const size = { pung: 3, kong: 4, concealed_kong: 4 }[kind];
  return size ? Array(size).fill(code) : null;
}

/** A meld written in notation: [345m], [555p], [5555p1] (melded kong, fed by 上家), [5555p] (concealed). */
export function meldText(kind, code) {
  const codes = meldCodes(kind, code);
  if (!codes) return null;
  const body = isSuited(code) ? codes.map((c) => c[0]).join("") + code[1] : codes.join("");
  return `[${body}${kind === "kong" ? "1" : ""}]`;
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
