// The worksheet: a printable set of practice questions, the answer key on its last page. The questions are the
// engine's (action "question"), made here in the page's worker from the address, so the same address prints the
// same sheet on any machine:
//   #rules=jiujiang&kind=points&topic=peng_peng_hu&seed=42&count=8   (the practice page's keys, and count)
// Question i (from 0) is asked with seed N + i (wrapping past the rule set's largest seed). Without `topic` or `kind`
// the sheet goes through the cards the selection allows (the rule set's topics in course order, each with its
// kinds) in turn, starting where the seed says: question i takes card (N + i) mod (number of cards). Without a
// seed the page picks one and writes it into the address, so the sheet on screen can always be printed again.
// Conventions ride along as on practice (table.base=2, variants.x=…): every question is asked under them, and the
// sheet's first line says them, as the rule sheet advises writing the agreement at the top of the record.
// A teacher's class set prints too: #v=1&d=… (class-set.js, the set's own link after "worksheet.html") is the set's
// questions in its order, under its conventions, its code name on the first line.
//
// DOM contract for scripts and tests: [data-worksheet] carries data-state ("pending" | "ready" | "error"), data-rules,
// data-seed and data-count; each question is li.sheet-question[data-kind][data-topic][data-seed][data-request]
// [data-answer] (the question's scoring request and the engine's answer, as JSON), and each answer of the key
// li.key-entry[data-key=n][data-answer]; the key is section.answer-key, printed from a page of its own.

import { bi, biOption, biText, h, markNames, showWords } from "./dom.js";
import { pageEngine } from "./engine.js";
import { readingSummary } from "./analysis-view.js";
import { encodeHash, parseHash } from "./permalink.js";
import { decodeSet, questionRequest } from "./class-set.js";
import { conventionList, conventionsFromHash } from "./practice-conventions.js";
import { answerText, choiceLabel, handBlock, nearMissLine, showsHand } from "./question-view.js";
import { say, sayBi } from "./words.js";

const DEFAULT_COUNT = 8;
const MAX_COUNT = 40;   // five A4 pages or so: a class's sheet, not a book

const data = JSON.parse(document.getElementById("worksheet-data").textContent);
const byRules = Object.fromEntries(data.rulesets.map((r) => [r.key, r]));
const sheet = document.querySelector("[data-worksheet]");
const questionsEl = document.getElementById("sheet-questions");
const keyEl = document.getElementById("key-entries");
const statusEl = document.getElementById("engine-status");
const problemEl = document.getElementById("worksheet-problem");
const setup = document.getElementById("worksheet-setup");
const field = (name) => setup.elements.namedItem(name);

const engine = pageEngine({ onProgress: ({ stage, zh, en }) => {
  statusEl.dataset.state = stage === "ready" ? "ready" : "loading";
  showWords(statusEl.querySelector(".message"), zh, en);
} });

// ---------------------------------------------------------------- what the address asks for

function randomSeed(ruleset) {
  return crypto.getRandomValues(new Uint32Array(1))[0] % (ruleset.practice.seed.max + 1);
}

/** Seed N + i, wrapping past the largest seed; every value stays an exact integer (N may be 2^53 − 1). */
function seedAt(first, i, max) {
  return i <= max - first ? first + i : i - (max - first) - 1;
}

/** Every (topic, kind) the selection allows, in course order: topics by order, then each topic's kinds. */
function cards(ruleset, topic, kind) {
  return ruleset.practice.topics.filter((t) => !topic || t.key === topic)
    .flatMap((t) => t.kinds.filter((k) => !kind || k === kind).map((k) => ({ topic: t.key, kind: k })));
}

/** The sheet the address names: {sheet} ({ruleset, topic, kind, seed, count, played, chosenSeed, and for a class
 *  set its `set`}) or {problem}. */
function readAddress() {
  const wanted = Object.fromEntries(parseHash(location.hash));
  if (wanted.v !== undefined) return readSet();
  const ruleset = wanted.rules === undefined ? data.rulesets[0] : byRules[wanted.rules];
  if (!ruleset) return { problem: say("worksheet_no_practice", { rules: wanted.rules }) };
  const max = ruleset.practice.seed.max;
  let seed = null;
  if (wanted.seed !== undefined) {
    seed = /^\d+$/.test(wanted.seed) ? Number(wanted.seed) : NaN;
    if (!(Number.isSafeInteger(seed) && seed <= max)) return { problem: say("worksheet_bad_seed", { max, value: wanted.seed }) };
  }
  const count = wanted.count === undefined ? DEFAULT_COUNT : /^\d+$/.test(wanted.count) ? Number(wanted.count) : NaN;
  if (!(Number.isInteger(count) && count >= 1 && count <= MAX_COUNT)) {
    return { problem: say("worksheet_bad_count", { max: MAX_COUNT, value: wanted.count }) };
  }
  return { sheet: { ruleset, topic: wanted.topic || "", kind: wanted.kind || "", count, chosenSeed: seed === null,
    seed: seed ?? randomSeed(ruleset), played: conventionsFromHash(ruleset, location.hash) } };
}

/** A class set's sheet: its questions as they are, the set named where a generated sheet says its number. */
function readSet() {
  const opened = decodeSet(location.hash);
  if (opened.problem) return { problem: opened.problem };
  const ruleset = byRules[opened.set.rules];
  if (!ruleset) return { problem: say("worksheet_no_practice", { rules: opened.set.rules }) };
  return { sheet: { ruleset, topic: "", kind: "", count: opened.set.questions.length, seed: 0, chosenSeed: false,
    played: opened.set.conventions, set: opened.set } };
}

/** The engine's question requests of a sheet: a class set's own, or seed N + i over the cards the selection allows. */
function requestsOf(spec, allowed) {
  if (spec.set) return spec.set.questions.map((_, i) => questionRequest(spec.set, i));
  return Array.from({ length: spec.count }, (_, i) => {
    const seed = seedAt(spec.seed, i, spec.ruleset.practice.seed.max);
    const card = allowed[seed % allowed.length];
    return { action: "question", rules: spec.ruleset.key, kind: card.kind, topic: card.topic, seed, ...spec.played };
  });
}

function addressOf({ ruleset, topic, kind, seed, count, played }) {
  return encodeHash({ rules: ruleset.key, ...(kind ? { kind } : {}), ...(topic ? { topic } : {}), seed, count, ...played });
}

// ---------------------------------------------------------------- drawing a question and its answer

const named = (thing) => biText(thing);

function kindName(ruleset, key) {
  return ruleset.practice.kinds.find((k) => k.key === key) ?? { zh: key, en: key };
}

/** A question's choices, each with a box to tick; a hand as a choice also in notation, to copy from. */
function choicesList(q) {
  return h("ul", { class: `sheet-choices choices-${q.answer_type}` }, q.choices.map((c) => h("li", { "data-choice": c.key },
    h("span", { class: "tick-box", "aria-hidden": "true" }), " ", choiceLabel(c),
    c.type === "hand" ? [" ", h("code", { class: "notation" }, c.request.hand)] : null)));
}

/** Where the answer is written: a line for a number or tiles, yes / no to circle; ruled lines for working. */
function answerRoom(q) {
  const line = (word) => h("p", { class: "answer-line" }, sayBi(word), " ", h("span", { class: "blank", "aria-hidden": "true" }));
  const room = {
    number: () => line("worksheet_answer_here"),
    tiles: () => line("worksheet_write_tiles"),
    boolean: () => h("p", { class: "answer-line" }, sayBi("worksheet_circle"), " ",
      h("span", { class: "circle-this" }, sayBi("yes")), " / ", h("span", { class: "circle-this" }, sayBi("no"))),
  }[q.answer_type];
  return [room ? room() : null, h("div", { class: "write-room", "aria-hidden": "true" })];
}

function questionItem(n, ruleset, result) {
  const q = result.question;
  return h("li", { class: "sheet-question", "data-number": n, "data-kind": q.kind, "data-topic": q.topic,
    "data-seed": String(q.seed), "data-request": JSON.stringify(q.request), "data-answer": JSON.stringify(result.answer) },
  h("h3", { class: "question-head" }, sayBi("worksheet_question", { n }), " · ", named(q.topic_name), " · ",
    named(kindName(ruleset, q.kind))),
  h("p", { class: "prompt" }, named(q.prompt)),
  showsHand(q) ? handBlock(q.request, q.settings) : null,
  q.choices?.length ? choicesList(q) : null,
  answerRoom(q));
}

/** The waits and what each would score, in a line: 一条 1(平胡)· … */
function waitsLine(result) {
  const lang = (l) => result.waits.map((w) => `${w[`tile_${l}`]} ${w.total}`
    + (w.items?.length ? ` (${w.items.map((i) => i[l]).join(" + ")})` : "")).join(" · ");
  return h("p", { class: "key-steps" }, bi(lang("zh"), markNames(lang("en"))));
}

/** The engine's short explanation of an answer: the verdicts of the right choices and of the fans set aside (不计),
 *  the near miss, then the worked result in a line (each step's own text) or the reason the hand is no win. */
function shortExplanation(result) {
  const q = result.question;
  const right = new Set([result.answer].flat());
  const parts = [];
  const told = (q.choices ?? []).filter((c) => c.verdict && (right.has(c.key) || c.verdict.status === "excluded"));
  if (told.length) {
    parts.push(h("ul", { class: "key-verdicts" }, told.map((c) => h("li", {},
      c.type === "hand" ? h("strong", {}, c.key) : named(c), ": ", bi(c.verdict.zh, markNames(c.verdict.en), c.verdict.zh_hant)))));
  }
  if (q.near_miss) parts.push(nearMissLine(q));
  const worked = result.explanation;
  if (!worked.ok) {
    parts.push(h("p", { class: "key-steps" }, bi(worked.error.message.zh, markNames(worked.error.message.en), worked.error.message.zh_hant)));
  } else if (worked.steps?.length) {
    const texts = worked.steps.filter((s) => s.text).map((s) => s.text);
    parts.push(h("p", { class: "key-steps" }, bi(texts.map((t) => t.zh).join(" · "), markNames(texts.map((t) => t.en).join(" · ")),
      texts.map((t) => t.zh_hant ?? t.zh).join(" · "))));
  } else if (worked.waits?.length) {
    parts.push(waitsLine(worked));
  } else if (worked.tiles === 13) {
    parts.push(readingSummary(worked));
  }
  if (worked.payments) parts.push(h("p", { class: "key-steps" }, sayBi("winner_receives", { n: worked.payments.winner_receives })));
  return parts;
}

function keyItem(n, result) {
  const tiles = result.question.answer_type === "tiles" && result.answer.length;
  return h("li", { class: "key-entry", "data-key": n, "data-answer": JSON.stringify(result.answer) },
    h("p", { class: "key-answer" }, h("span", { class: "key-number" }, `${n}.`), " ", answerText(result),
      tiles ? [" ", h("code", { class: "notation" }, result.answer.join(" "))] : null),
    h("div", { class: "key-why" }, shortExplanation(result)));
}

/** A question the engine could not make, in its place on the sheet and in the key (said, never left out). */
function failedItem(n, asked, error) {
  return h("li", { class: "sheet-question sheet-failed", "data-number": n, "data-kind": asked.kind, "data-topic": asked.topic,
    "data-seed": String(asked.seed), "data-error": error.code },
  h("h3", { class: "question-head" }, sayBi("worksheet_question", { n })),
  h("p", { class: "problem" }, bi(error.message.zh, markNames(error.message.en), error.message.zh_hant)));
}

/** The sheet's first line: the rules, what is agreed beyond the sheet, and the sheet's number. */
function agreementLine({ ruleset, seed, played, set }) {
  const agreed = conventionList(ruleset, played);
  return h("span", {}, sayBi("worksheet_rules", { rules: ruleset.name }), " · ", sayBi("worksheet_agreed"),
    agreed.length ? agreed.flatMap((c, i) => [i ? "; " : "", h("span", { "data-convention": c.key }, biText(c))])
      : sayBi("worksheet_as_sheet"),
    " · ", set ? sayBi("worksheet_set", { name: set.code || set.title || "—" }) : sayBi("worksheet_number", { n: seed }));
}

// ---------------------------------------------------------------- the page

let drawing = 0;   // the sheet being drawn: a newer address replaces it

async function draw() {
  const mine = ++drawing;
  const read = readAddress();
  problemEl.hidden = !read.problem;
  questionsEl.replaceChildren();
  keyEl.replaceChildren();
  if (read.problem) {
    problemEl.replaceChildren(biText(read.problem));
    sheet.dataset.state = "error";
    return;
  }
  const spec = read.sheet;
  if (spec.chosenSeed) history.replaceState(null, "", `${location.pathname}${location.search}#${addressOf(spec)}`);
  fillSetup(spec);
  Object.assign(sheet.dataset, { state: "pending", rules: spec.ruleset.key, seed: String(spec.seed), count: String(spec.count) });
  document.getElementById("sheet-agreement").replaceChildren(agreementLine(spec));
  document.getElementById("sheet-topic").replaceChildren(spec.topic
    ? named(spec.ruleset.practice.topics.find((t) => t.key === spec.topic) ?? { zh: spec.topic, en: spec.topic }) : "");
  const allowed = cards(spec.ruleset, spec.topic, spec.kind);
  if (!spec.set && !allowed.length) {
    problemEl.hidden = false;
    problemEl.replaceChildren(sayBi("worksheet_no_questions"));
    sheet.dataset.state = "error";
    return;
  }
  const status = document.getElementById("worksheet-status");
  status.replaceChildren(sayBi("worksheet_making"));
  let failed = false;
  for (const [i, asked] of requestsOf(spec, allowed).entries()) {
    let result;
    try {
      result = await engine.call(asked);
    } catch (err) {
      result = { ok: false, error: { code: "engine_failed", message: { zh: err.zh ?? String(err), en: err.en ?? String(err) } } };
    }
    if (mine !== drawing) return;
    if (result.ok) {
      questionsEl.append(questionItem(i + 1, spec.ruleset, result));
      keyEl.append(keyItem(i + 1, result));
    } else {
      failed = true;
      questionsEl.append(failedItem(i + 1, asked, result.error));
    }
  }
  sheet.dataset.state = failed ? "error" : "ready";
  status.replaceChildren(sayBi("worksheet_made", { n: questionsEl.querySelectorAll("[data-request]").length }));
}

// ---------------------------------------------------------------- the form on screen (not printed)

function fillSetup({ ruleset, topic, kind, seed, count }) {
  field("rules").value = ruleset.key;
  fillChoices(ruleset);
  field("topic").value = topic;
  field("kind").value = kind;
  field("seed").value = String(seed);
  field("seed").max = String(ruleset.practice.seed.max);
  field("count").value = String(count);
}

function fillChoices(ruleset) {
  const every = (key) => biOption(say(key).zh, say(key).en, "", say(key).zh_hant);
  field("topic").replaceChildren(every("worksheet_every_topic"), ...ruleset.practice.topics.map((t) => biOption(t.zh, t.en, t.key, t.zh_hant)));
  field("kind").replaceChildren(every("worksheet_every_kind"), ...ruleset.practice.kinds.map((k) => biOption(k.zh, k.en, k.key, k.zh_hant)));
}

/** The form as an address: the conventions of the address stay while the rules do. */
function setupAddress(seed) {
  const ruleset = byRules[field("rules").value];
  const played = ruleset.key === sheet.dataset.rules ? conventionsFromHash(ruleset, location.hash) : {};
  return addressOf({ ruleset, topic: field("topic").value, kind: field("kind").value, seed,
    count: field("count").value, played });
}

field("rules").addEventListener("change", () => fillChoices(byRules[field("rules").value]));
setup.addEventListener("submit", (event) => {
  event.preventDefault();
  location.hash = setupAddress(field("seed").value);
});
document.getElementById("worksheet-another").addEventListener("click", () => {
  location.hash = setupAddress(randomSeed(byRules[field("rules").value]));
});
document.getElementById("worksheet-print").addEventListener("click", () => window.print());
window.addEventListener("hashchange", draw);

engine.ready.then(() => {
  statusEl.dataset.state = "ready";
  statusEl.querySelector(".message").replaceChildren(sayBi("engine_ready"));
}, (err) => {
  statusEl.dataset.state = "failed";
  statusEl.querySelector(".message").replaceChildren(biText(err));
});
draw();
