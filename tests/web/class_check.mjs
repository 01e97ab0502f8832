// Runs static/js/class-set.js and result-code.js (from the built site, with the vendored crc-32 as the page loads it)
// on the cases of test_class_codes.py:   node class_check.mjs DIST   ->   prints a JSON object of named outcomes
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const dist = process.argv[2];
globalThis.CRC32 = createRequire(import.meta.url)(`${dist}/static/vendor/crc32.js`);
const S = await import(pathToFileURL(`${dist}/static/js/class-set.js`).href);
const R = await import(pathToFileURL(`${dist}/static/js/result-code.js`).href);
const { default: qrcode } = await import(pathToFileURL(`${dist}/static/vendor/qrcode.mjs`).href);

// ten generated questions on ten topics, three kinds, four-digit seeds: a set as a teacher makes one
const topics = ["mixed", "dragon_pung", "all_pungs", "half_flush", "seven_pairs", "pure_straight", "all_chows",
  "full_flush", "mixed_triple_chow", "last_tile"];
const set = { title: "第三周 Week 3", code: "W3", limit: 45, rules: "gb", conventions: { variants: { two_concealed_kongs: 8 } },
  questions: topics.map((topic, i) => ({ kind: ["points", "fans", "declare"][i % 3], topic, seed: (1000 + i * 7919) % 10000 })) };
const generated = S.encodeSet(set);   // ten generated questions: the QR code of the whole link, at M
const qr = qrcode(0, "L");   // as qr.js draws a projected code
qr.addData(`https://suanfan.example.org/class.html#${generated}`);
qr.make();
set.questions[9] = { kind: "fans", deal: { hand: "123m456p789s123sEE", self_drawn: true }, seed: 3 };
const fragment = S.encodeSet(set);
const opened = S.decodeSet(`#${fragment}&report=1`);
const answers = [11, 8, null, 24, 9, 16, 8, 8, 12, ["all_chows", "mixed_double_chow"]];
const seconds = [12, 30, 45, 8, 9, 10, 20, 15, 3, 41];
const code = R.encodeResult(opened.id, { name: "李雷 seat 7", answers, seconds });
const swap = (text, at) => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
const other = S.decodeSet(`#${S.encodeSet({ ...set, title: "another" })}`);
const out = {
  fragment, generated, qrVersion: qr.getTypeNumber?.() ?? (qr.getModuleCount() - 17) / 4, set: opened.set, report: opened.params.get("report"),
  request: S.questionRequest(opened.set, 0), dealRequest: S.questionRequest(opened.set, 9),
  id: opened.id, sameId: S.decodeSet(`#${fragment}`).id, otherId: other.id,
  code, decoded: R.decodeResult(`  ${code}\n`, opened.id, 10),
  mistyped: [20, 40, code.length - 3].map((at) => R.decodeResult(swap(code, at), opened.id, 10).problem?.code),
  cut: R.decodeResult(code.slice(0, -5), opened.id, 10).problem?.code,
  otherSet: R.decodeResult(code, other.id, 10).problem?.code,
  wrongCount: R.decodeResult(code, opened.id, 9).problem?.code,
  notACode: R.decodeResult("hello", opened.id, 10).problem,
  damagedSet: S.decodeSet("#v=1&d=abc").problem, newer: S.decodeSet("#v=9&d=abc").problem,
};
process.stdout.write(JSON.stringify(out));
