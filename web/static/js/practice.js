// The practice page: questions the engine makes (action "question", suanfan/practice), answered here, checked
// against the engine's own answer, explained by the shared result drawing, and scheduled by FSRS (progress.js).
// Works offline: the engine runs in the page's worker, the progress lives in the browser.
//
// The address says which question is on screen: #rules=gb&kind=fans&topic=pure_straight&seed=42 opens exactly that
// one (a teacher can send it); #rules=gb&topic=pure_straight practises a topic; no address practises what is due.
// Conventions ride along in the same keys as everywhere (table.base=2, variants.two_concealed_kongs=8: table.html's
// "practise with these conventions" link): every question is asked under them and its link keeps them, until the
// learner goes back to the sheet's defaults. Progress is per (rules, kind, topic), whatever the conventions.
// DOM contract for scripts and tests: #question carries data-kind, data-topic, data-seed and data-request (the JSON
// scoring request it is about), and after an answer data-verdict="right" | "wrong"; a number is answered in
// input[data-answer] and sent with Enter.

import { bi, biOption, h, showWords } from "./dom.js";
import { pageEngine } from "./engine.js";
import { createPalette } from "./palette.js";
import { encodeHash, parseHash, requestFromHash } from "./permalink.js";
import { RATINGS, cardKey, cardStates, nextCard, openProgress, parseCardKey } from "./progress.js";
import { renderError, renderResult } from "./result.js";
import { downloadText } from "./store.js";
import { handElement, tilesElement } from "./tiles.js";
import { say, sayBi } from "./words.js";

const data = JSON.parse(document.getElementById("practice-data").textContent);
const byRules = Object.fromEntries(data.rulesets.map((r) => [r.key, r]));
const setup = document.getElementById("practice-setup");
const rulesSelect = setup.elements.namedItem("rules");
const topicSelect = setup.elements.namedItem("topic");
const kindSelect = setup.elements.namedItem("kind");
const questionEl = document.getElementById("question");
const problemEl = document.getElementById("progress-problem");
const statusEl = document.getElementById("engine-status");
const conventionsEl = document.getElementById("practice-conventions");

const progress = openProgress({ onProblem: showProblem });
// A worker that dies is replaced (engine.js): its "restarting" and boot stages are said here too, until "ready".
const engine = pageEngine({ onProgress: ({ stage, zh, en }) => {
  statusEl.dataset.state = stage === "ready" ? "ready" : "loading";
  showWords(statusEl.querySelector(".message"), zh, en);
} });
engine.ready.then(() => setStatus("ready", sayBi("engine_ready")), (err) => setStatus("failed", bi(err.zh, err.en)));

function setStatus(state, message) {
  statusEl.dataset.state = state;
  statusEl.querySelector(".message").replaceChildren(message);
}

function showProblem(problem) {
  problemEl.hidden = false;
  problemEl.append(h("span", { class: "problem-line" }, bi(problem.zh, problem.en)));
}

// ---------------------------------------------------------------- the conventions

let conventions = {};   // the address's sections ({table: {base: 2}}), as the request carries them

function conventionField(rules, name) {
  return byRules[rules]?.conventions.find((f) => f.name === name);
}

/** The sections of the conventions the rule set takes, from a request read off the address. */
function conventionsOf(rules, request) {
  const out = {};
  for (const section of byRules[rules]?.practice.conventions ?? []) {
    const values = request[section];
    if (values && typeof values === "object" && Object.keys(values).length) out[section] = values;
  }
  return out;
}

/** One convention in words, name:value, as the table card and the engine's chips say it. */
function conventionWords(field, value) {
  const choice = field.choices.find((c) => c.value === value);
  let words;
  if (choice) words = choice.label;
  else if (typeof value === "boolean") words = say(value ? "yes_setting" : "no_setting");
  else if (value === null && field.null_label) words = field.null_label;
  else words = { zh: String(value), en: String(value) };
  return { zh: `${field.label.zh}:${words.zh}`, en: `${field.label.en}: ${words.en}` };
}

function drawConventions() {
  const rules = rulesSelect.value;
  const chipsEl = document.getElementById("convention-chips");
  const items = [];
  const played = conventionsOf(rules, conventions);   // another rule set's are kept, not shown or sent
  for (const [section, values] of Object.entries(played)) {
    for (const [key, value] of Object.entries(values)) {
      const field = conventionField(rules, `${section}.${key}`);
      const words = field ? conventionWords(field, value) : { zh: `${section}.${key} = ${value}`, en: `${section}.${key} = ${value}` };
      items.push(h("li", { "data-convention": `${section}.${key}` }, bi(words.zh, words.en)));
    }
  }
  chipsEl.replaceChildren(...(items.length ? items : [h("li", { class: "as-sheet" }, sayBi("conventions_of_sheet"))]));
  conventionsEl.dataset.conventions = JSON.stringify(played);
  document.getElementById("sheet-defaults").hidden = !items.length;
  document.getElementById("change-conventions").href = `table.html#${encodeHash({ rules, ...played })}`;
}

document.getElementById("sheet-defaults").addEventListener("click", () => {
  conventions = {};
  drawConventions();
  askNext();
});

// ---------------------------------------------------------------- choosing what to ask

function fillChoices() {
  const ruleset = byRules[rulesSelect.value];
  const { topics, kinds } = ruleset.practice;
  const keep = (select) => select.value;
  const topic = keep(topicSelect);
  const kind = keep(kindSelect);
  topicSelect.replaceChildren(biOption(say("what_is_due").zh, say("what_is_due").en, ""),
    ...topics.map((t) => biOption(t.zh, t.en, t.key)));
  kindSelect.replaceChildren(biOption(say("any_kind").zh, say("any_kind").en, ""),
    ...kinds.map((k) => biOption(k.zh, k.en, k.key)));
  topicSelect.value = topics.some((t) => t.key === topic) ? topic : "";
  kindSelect.value = kinds.some((k) => k.key === kind) ? kind : "";
}

/** Every card (rules, kind, topic) the selection allows, in course order: topics by order, then kinds. */
function candidates(rules, topic, kind) {
  const topics = byRules[rules].practice.topics.filter((t) => !topic || t.key === topic);
  return topics.flatMap((t) => t.kinds.filter((k) => !kind || k === kind).map((k) => cardKey(rules, k, t.key)));
}

function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

/** The next question for the selection: the scheduler's choice among the cards it allows, with a fresh seed. */
function scheduled() {
  const rules = rulesSelect.value;
  const choice = nextCard(cardStates(progress.record), candidates(rules, topicSelect.value, kindSelect.value), new Date());
  if (!choice) return null;
  return { ...parseCardKey(choice.key), seed: randomSeed(), why: choice.why };
}

// ---------------------------------------------------------------- asking

let current = null;   // {spec, result, tries, recorded}

let addressWritten = "";   // the hash this page wrote last, so that only a hash changed by hand reloads it

async function ask(spec) {
  const { rules, kind, topic, seed } = spec;
  const played = conventionsOf(rules, conventions);
  addressWritten = `#${encodeHash({ rules, kind, topic, seed, ...played })}`;
  history.replaceState(null, "", `${location.pathname}${location.search}${addressWritten}`);
  Object.assign(questionEl.dataset, { kind, topic, seed: String(seed), state: "pending" });
  delete questionEl.dataset.verdict;
  delete questionEl.dataset.request;
  questionEl.querySelector(".question-body").replaceChildren(h("p", { class: "waiting" },
    engine.status === "loading" ? sayBi("question_after_boot") : sayBi("question_coming")));
  const focusWhenAsked = document.activeElement;
  let result;
  try {
    result = await engine.call({ action: "question", rules, kind, topic, seed, ...played });
  } catch (err) {
    return showQuestionError({ code: "engine_failed", message: { zh: err.zh ?? String(err), en: err.en ?? String(err) } });
  }
  if (questionEl.dataset.seed !== String(seed) || questionEl.dataset.topic !== topic) return; // replaced meanwhile
  if (!result.ok) return showQuestionError(result.error);
  current = { spec, result, tries: 0, recorded: false };
  questionEl.dataset.request = JSON.stringify(result.question.request);
  questionEl.dataset.state = "asking";
  // The new question takes the focus unless the learner moved it meanwhile (the first question waits for the
  // engine: a learner may be on the import button by then).
  const focusNow = document.activeElement;
  drawQuestion(result, spec.why, { takeFocus: focusNow === focusWhenAsked || !focusNow || focusNow === document.body });
}

function showQuestionError(error) {
  questionEl.dataset.state = "error";
  questionEl.querySelector(".question-body").replaceChildren(renderError(error), nextButton());
}

// ---------------------------------------------------------------- drawing a question

function kindName(rules, kind) {
  return byRules[rules].practice.kinds.find((k) => k.key === kind);
}

function chips(settings) {
  return settings?.length ? h("ul", { class: "chips" }, settings.map((s) => h("li", {}, bi(s.zh, s.en)))) : null;
}

function handBlock(request, settings) {
  return h("div", { class: "question-hand" },
    handElement(request.hand, { waiting: request.action === "waits" }),
    h("code", { class: "notation" }, request.hand), chips(settings));
}

function drawQuestion(result, why, { takeFocus }) {
  const q = result.question;
  const rules = result.rules;
  const showsHand = !(q.kind === "name" && q.direction === "hand_of_fan");
  const head = h("p", { class: "question-topic" },
    bi(q.topic_name.zh, q.topic_name.en), " · ", bi(kindName(rules, q.kind).zh, kindName(rules, q.kind).en),
    why ? [" · ", h("span", { class: `why why-${why}` }, sayBi(`why_${why}`))] : null);
  const prompt = h("p", { class: "prompt", id: "question-prompt" }, bi(q.prompt.zh, q.prompt.en));
  const form = answerForm(q);
  const feedback = h("div", { class: "feedback", role: "status", "aria-live": "polite", hidden: true });
  const parts = [head, prompt, showsHand ? handBlock(q.request, q.settings) : null, form, feedback];
  questionEl.querySelector(".question-body").replaceChildren(...parts.filter(Boolean));
  if (takeFocus) focusBelow(form.querySelector("input, button"), questionEl);
}

/** Focus `target` and keep `head` (the question it answers, the verdict it follows) in sight: a plain focus()
 *  scrolls the target to the middle of a phone's screen, past the prompt and hand above it. */
function focusBelow(target, head) {
  if (!target) return;
  target.focus({ preventScroll: true });
  const top = head.getBoundingClientRect().top;
  const bottom = target.getBoundingClientRect().bottom;
  if (top < 0 || bottom > window.innerHeight) head.scrollIntoView({ block: "start" });
}

function answerForm(q) {
  const form = h("form", { class: `answer answer-${q.answer_type}`, "aria-labelledby": "question-prompt" });
  const submit = () => h("button", { type: "submit", class: "primary" }, sayBi("answer"));
  switch (q.answer_type) {
    case "number":
      form.append(h("label", { class: "field" }, sayBi("your_answer"),
        h("input", { type: "number", "data-answer": "", inputmode: "numeric", min: 0, step: 1 })), submit());
      break;
    case "key":
    case "keys": {
      const type = q.answer_type === "key" ? "radio" : "checkbox";
      form.append(h("fieldset", { class: "choices" }, h("legend", {}, q.answer_type === "key" ? sayBi("pick_one") : sayBi("pick_all")),
        q.choices.map((c) => h("label", { class: `choice choice-${c.type}`, "data-choice": c.key },
          h("input", { type, name: "choice", value: c.key }), choiceLabel(c)))), submit());
      break;
    }
    case "tiles":
      form.append(tileChooser(), submit());
      break;
    case "boolean":
      form.append(h("div", { class: "yes-no" },
        h("button", { type: "submit", value: "true", class: "primary" }, sayBi("yes")),
        h("button", { type: "submit", value: "false" }, sayBi("no"))));
      break;
    default:
      form.append(h("p", {}, q.answer_type));
  }
  // The page checks the answer itself (novalidate): the browser's own warnings speak the browser's language.
  form.noValidate = true;
  const problem = h("p", { class: "problem answer-problem", role: "alert", hidden: true });
  form.append(problem);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const given = readAnswer(form, q.answer_type, event.submitter);
    // An answer the page cannot read is not judged (it would count as wrong) but said to be unreadable.
    problem.hidden = given !== null;
    problem.replaceChildren(given === null ? sayBi(q.answer_type === "number" ? "need_whole_number" : "need_a_choice") : "");
    if (given !== null) judge(given);
  });
  return form;
}

function choiceLabel(choice) {
  if (choice.type === "hand") {
    return h("span", { class: "choice-hand" }, h("strong", {}, choice.key), " ",
      handElement(choice.request.hand), chips(choice.settings));
  }
  const value = choice.value !== undefined ? ` ${choice.value}` : "";
  return h("span", {}, bi(choice.zh, choice.en), value ? h("span", { class: "choice-value" }, value) : null);
}

/** The waits answer: the one palette, each tile a toggle (aria-pressed), the chosen ones listed. */
function tileChooser() {
  const box = h("div", { class: "tile-chooser" });
  const chosen = h("p", { class: "chosen-tiles", "aria-live": "polite" });
  const palette = h("div", { class: "palette", role: "group", "aria-label": `${say("tile_picker").zh} ${say("tile_picker").en}` });
  const { buttons } = createPalette(palette, (code, button) => {
    button.setAttribute("aria-pressed", button.getAttribute("aria-pressed") === "true" ? "false" : "true");
    showChosen();
  });
  for (const button of buttons) button.setAttribute("aria-pressed", "false");
  function showChosen() {
    const codes = buttons.filter((b) => b.getAttribute("aria-pressed") === "true").map((b) => b.dataset.tile);
    chosen.replaceChildren(codes.length ? tilesElement(codes) : sayBi("no_tiles_chosen"));
  }
  showChosen();
  box.append(h("p", { class: "help" }, sayBi("choose_tiles")), palette, chosen);
  return box;
}

function readAnswer(form, type, submitter) {
  switch (type) {
    case "number": {
      // The browser's reading of the box: "2", "2.0" and "2e0" are all 2; "2.5", "-1" and "" are no count of fan.
      const value = form.querySelector("[data-answer]").valueAsNumber;
      return Number.isInteger(value) && value >= 0 ? value : null;
    }
    case "key": return form.querySelector("input[name=choice]:checked")?.value ?? null;
    case "keys": return [...form.querySelectorAll("input[name=choice]:checked")].map((i) => i.value);
    case "tiles": return [...form.querySelectorAll(".pick[aria-pressed=true]")].map((b) => b.dataset.tile);
    case "boolean": return submitter?.value === "true" ? true : submitter?.value === "false" ? false : null;
    default: return null;
  }
}

function sameAnswer(type, given, answer) {
  if (type === "keys" || type === "tiles") {
    return given.length === answer.length && [...given].sort().join(" ") === [...answer].sort().join(" ");
  }
  return given === answer;
}

// ---------------------------------------------------------------- judging and explaining

function record(rating) {
  if (current.recorded) return;
  current.recorded = true;
  const { rules, kind, topic, seed } = current.spec;
  progress.review(cardKey(rules, kind, topic), rating, seed);
  showSummary();
}

function judge(given) {
  const { result } = current;
  const right = sameAnswer(result.question.answer_type, given, result.answer);
  current.tries += 1;
  questionEl.dataset.verdict = right ? "right" : "wrong";
  // The first answer is the one remembered: a wrong one means the card comes back soon.
  record(right ? RATINGS.good : RATINGS.again);
  const feedback = questionEl.querySelector(".feedback");
  feedback.hidden = false;
  if (right) {
    feedback.replaceChildren(h("p", { class: "verdict verdict-right" }, sayBi("right")), ...explanation(result), nextButton());
    focusBelow(feedback.querySelector(".next-question"), feedback);
  } else {
    const retry = h("button", { type: "button", class: "retry" }, sayBi("try_again"));
    const reveal = h("button", { type: "button", class: "reveal" }, sayBi("show_answer"));
    retry.addEventListener("click", () => {
      delete questionEl.dataset.verdict;
      feedback.hidden = true;
      questionEl.querySelector(".answer input:not([type=hidden]), .answer button")?.focus();
    });
    reveal.addEventListener("click", () => {
      feedback.replaceChildren(h("p", { class: "verdict verdict-revealed" }, sayBi("the_answer_is"), " ", answerText(result)),
        ...explanation(result), nextButton());
      focusBelow(feedback.querySelector(".next-question"), feedback);
    });
    feedback.replaceChildren(h("p", { class: "verdict verdict-wrong" }, sayBi("not_right")),
      h("div", { class: "question-actions" }, retry, reveal));
    retry.focus();
  }
}

function answerText(result) {
  const { answer } = result;
  const q = result.question;
  switch (q.answer_type) {
    case "number": return h("strong", {}, answer);
    case "boolean": return h("strong", {}, answer ? sayBi("yes") : sayBi("no"));
    case "tiles": return answer.length ? tilesElement(answer) : sayBi("no_tiles_chosen");
    case "key":
    case "keys": {
      const keys = Array.isArray(answer) ? answer : [answer];
      const names = keys.map((k) => q.choices.find((c) => c.key === k)).map((c) => (c.type === "hand" ? c.key : `${c.zh} ${c.en}`));
      return h("strong", {}, names.join("、"));
    }
    default: return String(answer);
  }
}

/** What the engine says: each choice's verdict, the near miss, the worked result with the focus marked, a link. */
function explanation(result) {
  const q = result.question;
  const parts = [];
  if (q.choices?.some((c) => c.verdict)) {
    parts.push(h("ul", { class: "choice-verdicts" }, q.choices.filter((c) => c.verdict).map((c) =>
      h("li", { class: `verdict-${c.verdict.status}` }, c.type === "hand" ? h("strong", {}, c.key) : bi(c.zh, c.en), ": ",
        bi(c.verdict.zh, c.verdict.en)))));
  }
  if (q.near_miss) {
    parts.push(h("p", { class: "near-miss" }, sayBi("near_miss", { fan: q.near_miss.lacks, change: q.near_miss.change })));
  }
  const worked = result.explanation.ok
    ? renderResult(result.explanation, { headingLevel: 3 }) : renderError(result.explanation.error);
  for (const row of worked.querySelectorAll(`[data-fan="${CSS.escape(q.focus.key)}"]`)) row.classList.add("focus");
  parts.push(h("details", { class: "worked", open: true }, h("summary", {}, sayBi("see_every_step")), worked));
  const link = data.links[result.rules]?.[q.focus.key] ?? data.links[result.rules]?.[q.topic];
  parts.push(h("p", { class: "learn" },
    link ? h("a", { class: "to-lesson", href: link }, sayBi("learn_it", { topic: q.focus })) : null, link ? " · " : null,
    h("a", { class: "to-presenter", href: `calculator.html#${encodeHash(q.request)}&present=1` }, sayBi("present"))));
  return parts;
}

function nextButton() {
  const button = h("button", { type: "button", class: "next-question primary" }, sayBi("next_question"));
  button.addEventListener("click", () => askNext());
  return button;
}

function askNext() {
  const spec = scheduled();
  if (spec) ask(spec);
}

// ---------------------------------------------------------------- progress: summary, export, import

function showSummary() {
  const states = cardStates(progress.record);
  const now = new Date();
  const due = [...states.values()].filter((s) => s.card.due <= now).length;
  document.getElementById("progress-summary").replaceChildren(sayBi("progress_summary",
    { reviews: progress.record.reviews.length, cards: states.size, due }));
}

document.getElementById("export-progress").addEventListener("click", () => {
  downloadText(`suanfan-progress-${new Date().toISOString().slice(0, 10)}.json`, progress.exportText(), "application/json");
});

document.getElementById("import-progress").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  const status = document.getElementById("import-status");
  if (!file) return;
  const outcome = progress.importText(await file.text());
  status.replaceChildren(outcome.problem ? bi(outcome.problem.zh, outcome.problem.en)
    : sayBi("imported", { n: outcome.added }));
  status.dataset.outcome = outcome.problem ? "refused" : "merged";
  event.target.value = "";
  showSummary();
});

window.addEventListener("storage", (event) => {
  if (event.key === null || event.key.startsWith("suanfan.progress")) {
    progress.reload();
    showSummary();
  }
});

// ---------------------------------------------------------------- the page

function fromAddress() {
  const wanted = Object.fromEntries(parseHash(location.hash));
  if (wanted.rules in byRules) rulesSelect.value = wanted.rules;
  const rules = rulesSelect.value;
  conventions = conventionsOf(rules, requestFromHash(location.hash, (key) => conventionField(rules, key)?.kind));
  drawConventions();
  fillChoices();
  const ruleset = byRules[rulesSelect.value];
  if (ruleset.practice.topics.some((t) => t.key === wanted.topic)) topicSelect.value = wanted.topic;
  if (ruleset.practice.kinds.some((k) => k.key === wanted.kind)) kindSelect.value = wanted.kind;
  if (wanted.rules && wanted.kind && wanted.topic && /^\d+$/.test(wanted.seed ?? "")) {
    // Exactly the question the link names; the engine says so if it does not exist.
    ask({ rules: wanted.rules, kind: wanted.kind, topic: wanted.topic, seed: Number(wanted.seed) });
  } else {
    askNext();
  }
}

setup.addEventListener("submit", (event) => {
  event.preventDefault();
  askNext();
});
rulesSelect.addEventListener("change", () => {
  fillChoices();
  drawConventions();
});
window.addEventListener("hashchange", () => {
  if (location.hash !== addressWritten) fromAddress();
});

showSummary();
fromAddress();
