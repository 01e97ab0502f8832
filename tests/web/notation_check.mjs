// Runs web/static/js/notation.js on what test_notation_parity.py writes, in one process:
//   node notation_check.mjs INPUT.json JS_DIR   ->   prints one JSON object with the answers
// JS_DIR holds notation.js beside the notation-rules.js the build writes from the engine (test_notation_parity.py
// lays them out as the site does).
// INPUT: {texts: [...], edits: [...], calls: [[exportName, ...args], ...]}
//   texts  every text read by parseHand (each expect), parseGroup and readNotation
//   edits  accepted hands on which the picker's edits are replayed: each standing tile removed
//          (removeStanding) and added back (appendTile); each meld removed (removeMeld) and put back (insertMeld)
//   calls  single calls of the module's exports, answered as they return
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const notation = await import(pathToFileURL(`${process.argv[3]}/notation.js`).href);

const { WIN, WAIT, EITHER, appendTile, formatHand, insertMeld, parseGroup, parseHand, readNotation,
  removeMeld, removeStanding } = notation;

function judged(text, expect) {
  const result = parseHand(text, expect);
  return result.ok ? { ...result, canonical: formatHand(result) } : result;
}

function drawn(text) {
  const { melds, standing, stop } = readNotation(text);
  return {
    stop,
    prefix: text.slice(0, stop),
    melds: melds.map(({ kind, codes, start, end }) => ({ kind, codes, start, end })),
    standing: standing.map((t) => t.code),
  };
}

function replayed(text) {
  const reading = readNotation(text);
  return {
    standing: reading.standing.map((tile) => {
      const without = removeStanding(text, tile);
      return { code: tile.code, without, back: appendTile(without, tile.code) };
    }),
    melds: reading.melds.map((meld) => insertMeld(removeMeld(text, meld), meld.kind, meld.codes[0])),
  };
}

const input = JSON.parse(readFileSync(process.argv[2], "utf-8"));
const answers = {
  texts: input.texts.map((text) => ({
    win: judged(text, WIN),
    wait: judged(text, WAIT),
    either: judged(text, EITHER),
    group: parseGroup(text),
    reading: drawn(text),
  })),
  edits: input.edits.map(replayed),
  calls: input.calls.map(([name, ...args]) => notation[name](...args)),
};
process.stdout.write(JSON.stringify(answers));
