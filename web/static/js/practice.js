// The practice page: questions the engine makes (action "question", suanfan/practice), answered here, checked
// against the engine's own answer, explained by the shared result drawing, and scheduled by FSRS (progress.js).
// Works offline: the engine runs in the page's worker, the progress lives in the browser.
//
// The address says which question is on screen: #rules=gb&kind=fans&topic=pure_straight&seed=42 opens exactly that
// one (a teacher can send it); #rules=gb&topic=pure_straight practises a topic; no address practises what is due.
// Conventions ride along in the same keys as everywhere (table.base=2, variants.two_concealed_kongs=8: table.html's
// "practise with these conventions" link): every question is asked under them and its link keeps them, until the
// learner goes back to the sheet's defaults. Progress is per (rules, kind, topic), whatever the conventions.
// Beside the schedule, the address can ask for one thing (each link keeps the conventions):
//   #rules=gb&focus=exclusion:dragon_pung>pung_of_terminals_or_honors   questions that exercise one tag (the
//       progress page's "Practise this"); &seed=N reproduces one of them
//   #rules=gb&replay=misses     the questions missed, asked again exactly (their seeds), newest first
//   #rules=gb&challenge=1       the mixed challenge: six questions across the topics at "proficient"
//   #rules=gb&deck=1            the learner's own hands (deck.js): each asked every kind of question that fits
//   #rules=gb&round=points      a three-minute round of one kind (timed-round.js), its best kept on the device
// A wrong answer the engine diagnoses is followed, one question later, by another question on what it named (the
// diagnosed mistake's tag, asked as focus asks it): a mistake made twice is then seen twice, while it is fresh,
// instead of a sweep of the other topics later.
// A card missed four times (learner.js: a leech) is not asked plainly: the page sends the learner to the lesson
// that teaches it and offers a guided version, the engine's steps one at a time (guided.js), before it returns.
// DOM contract for scripts and tests: #question carries data-kind, data-topic, data-seed, data-request (the JSON
// scoring request it is about), data-asked (the question request itself, whatever the address says) and data-tags
// (what it exercises, a JSON array), and after an answer
// data-verdict="right" | "wrong"; a number is answered in input[data-answer] and sent with Enter; the diagnosis of a
// wrong answer is .diagnosis[data-diagnosis] with one li[data-mistake] per mistake. #practice-mode[data-mode] says
// what is being asked ("schedule", "exact", "focus", "replay", "challenge", "leech", "guided", "deck", "timed");
// the learner's own hands are #own-hands li[data-hand] (#deck-count[data-hands]); a timed round's clock is
// #round-clock[data-remaining] (seconds), its end .round-done[data-round-right][data-round-best].

import { deckEntry, deckFollowUps, deckQueue, readDeckLines, sheetCandidates, sheetSections, sheetSettleRequest } from "./deck.js";
import { biOption, biText, h, showWords } from "./dom.js";
import { pageEngine } from "./engine.js";
import { guidedQuestion } from "./guided.js";
import { followUpTag, kindCounts, leeches, levelOf, misses, tagName, topicLevels } from "./learner.js";
import { encodeHash, parseHash } from "./permalink.js";
import { conventionChips, conventionsFromHash, conventionsOf as sectionsOf } from "./practice-conventions.js";
import { RATINGS, cardKey, cardStates, isDue, nextCard, openProgress, parseCardKey } from "./progress.js";
import { STORE_KEY as SHEET_KEY, readSheetText } from "./sheet-record.js";
import { MISTAKE_COSTS_MS, afterAnswer, clockText, remaining, roundKey, roundKinds, roundTopics, startRound } from "./timed-round.js";
import { renderError } from "./result.js";
import { wireProgressBackup } from "./progress-backup.js";
import { chips, showQuestion } from "./question-view.js";
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
const modeEl = document.getElementById("practice-mode");

const progress = openProgress({ onProblem: showProblem });
// A worker that dies is replaced (engine.js): its "restarting" and boot stages are said here too, until "ready".
const engine = pageEngine({ onProgress: ({ stage, zh, en }) => {
  statusEl.dataset.state = stage === "ready" ? "ready" : "loading";
  showWords(statusEl.querySelector(".message"), zh, en);
} });
engine.ready.then(() => setStatus("ready", sayBi("engine_ready")), (err) => setStatus("failed", biText(err)));

function setStatus(state, message) {
  statusEl.dataset.state = state;
  statusEl.querySelector(".message").replaceChildren(message);
}

function showProblem(problem) {
  problemEl.hidden = false;
  problemEl.append(h("span", { class: "problem-line" }, biText(problem)));
}

// ---------------------------------------------------------------- the conventions

let conventions = {};   // the address's sections ({table: {base: 2}}), as the request carries them

function conventionsOf(rules, request) {
  return sectionsOf(byRules[rules], request);
}

function drawConventions() {
  const rules = rulesSelect.value;
  const played = conventionsOf(rules, conventions);   // another rule set's are kept, not shown or sent
  document.getElementById("convention-chips").replaceChildren(...conventionChips(byRules[rules], played));
  conventionsEl.dataset.conventions = JSON.stringify(played);
  document.getElementById("sheet-defaults").hidden = !Object.keys(played).length;
  document.getElementById("change-conventions").href = `table.html#${encodeHash({ rules, ...played })}`;
  drawWorksheetLink();
}

/** The worksheet of the selection (its topic and kind, or every one in turn) at the conventions played. */
function drawWorksheetLink() {
  const rules = rulesSelect.value;
  const fields = { rules, ...(kindSelect.value ? { kind: kindSelect.value } : {}),
    ...(topicSelect.value ? { topic: topicSelect.value } : {}), ...conventionsOf(rules, conventions) };
  document.getElementById("worksheet-link").href = `worksheet.html#${encodeHash(fields)}`;
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
  topicSelect.replaceChildren(biOption(say("what_is_due").zh, say("what_is_due").en, "", say("what_is_due").zh_hant),
    ...topics.map((t) => biOption(t.zh, t.en, t.key, t.zh_hant)));
  kindSelect.replaceChildren(biOption(say("any_kind").zh, say("any_kind").en, "", say("any_kind").zh_hant),
    ...kinds.map((k) => biOption(k.zh, k.en, k.key, k.zh_hant)));
  topicSelect.value = topics.some((t) => t.key === topic) ? topic : "";
  kindSelect.value = kinds.some((k) => k.key === kind) ? kind : "";
}

/** Every card (rules, kind, topic) the selection allows, in course order: topics by order, then kinds. */
function candidates(rules, topic, kind) {
  const topics = byRules[rules].practice.topics.filter((t) => !topic || t.key === topic);
  return topics.flatMap((t) => t.kinds.filter((k) => !kind || k === kind).map((k) => cardKey(rules, k, t.key)));
}

function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0] % (byRules[rulesSelect.value].practice.seed.max + 1);
}

const kindsOf = kindCounts(data.rulesets);

const CHALLENGE_LENGTH = 6;

// What is being asked beyond the schedule: null, or {type: "focus", tag} | {type: "replay", queue} |
// {type: "challenge", queue, right, done} | {type: "deck", queue: [{hand, kind}], asked, right, done} |
// {type: "timed", round, topics, timer}.
let mode = null;

// The follow-up a diagnosed wrong answer asks for in scheduled practice: {rules, tag, after} (questions to wait).
let followUp = null;

/** The next question for the selection: the scheduler's choice among the cards it allows, with a fresh seed. The
 *  card just answered is not asked again at once, and a leech is taught again before it is asked. */
function scheduled() {
  const rules = rulesSelect.value;
  const skip = new Set(current?.card ? [current.card] : []);
  const all = candidates(rules, topicSelect.value, kindSelect.value);
  const choice = nextCard(cardStates(progress.record), all, new Date(), all.length > 1 ? skip : new Set());
  if (!choice) return null;
  const spec = { ...parseCardKey(choice.key), seed: randomSeed(), why: choice.why };
  if (leeches(progress.record).has(choice.key)) spec.leech = true;
  return spec;
}

/** What a question request asks, without action and rules (as a review keeps it, and diagnose takes it). A hand of
 *  the learner's own is asked under the conventions it was played at (a sheet's), else the page's. */
function askedOf(spec, played) {
  if (spec.focus) return { focus: spec.focus, seed: spec.seed, ...played };
  if (spec.deal) return { kind: spec.kind, deal: spec.deal, seed: spec.seed, ...(spec.conventions ?? played) };
  return { kind: spec.kind, topic: spec.topic, seed: spec.seed, ...played };
}

// ---------------------------------------------------------------- asking

let current = null;   // {spec, result, card}

let addressWritten = "";   // the hash this page wrote last, so that only a hash changed by hand reloads it

function writeAddress(fields) {
  addressWritten = `#${encodeHash(fields)}`;
  history.replaceState(null, "", `${location.pathname}${location.search}${addressWritten}`);
}

/** After an answer the address names the selection, not the question: a reload goes on with the schedule
 *  instead of asking the answered question again as if it were new. */
function addressAfterAnswer(spec, played) {
  if (mode?.type === "focus") return { rules: spec.rules, focus: mode.tag, ...played };
  if (mode?.type === "deck" || mode?.type === "timed") return modeAddress(spec.rules, played);
  if (mode?.type === "replay") return { rules: spec.rules, replay: "misses", ...played };
  if (mode?.type === "challenge") return { rules: spec.rules, ...played };
  const fields = { rules: spec.rules, ...played };
  if (topicSelect.value) fields.topic = topicSelect.value;
  if (kindSelect.value) fields.kind = kindSelect.value;
  return fields;
}

/** The address of a mode that is a run of questions, not one (the learner's own hands, a timed round): a reload
 *  starts the run again rather than one question of it. */
function modeAddress(rules, played) {
  if (mode?.type === "deck") return { rules, deck: 1, ...played };
  if (mode?.type === "timed") return { rules, round: mode.round.kind, ...played };
  return null;
}

function setMode(name, words = null) {
  modeEl.dataset.mode = name;
  modeEl.hidden = !words;
  if (words) modeEl.querySelector(".mode-words").replaceChildren(words);
}

async function ask(spec) {
  const { rules, seed } = spec;
  const played = conventionsOf(rules, conventions);
  const asked = askedOf(spec, played);
  // the address names the question on screen: exactly it (a teacher can send it), or the run it is part of
  writeAddress(modeAddress(rules, played) ?? { rules, ...asked });
  const token = `${spec.focus ?? ""}|${spec.hand ?? ""}|${spec.kind}|${spec.topic}|${seed}`;
  Object.assign(questionEl.dataset, { kind: spec.kind ?? "", topic: spec.topic ?? "", seed: String(seed), state: "pending", token,
    asked: JSON.stringify({ action: "question", rules, ...asked }) });
  for (const key of ["verdict", "request", "tags"]) delete questionEl.dataset[key];
  const body = questionEl.querySelector(".question-body");
  body.replaceChildren(h("p", { class: "waiting" },
    engine.status === "loading" ? sayBi("question_after_boot") : sayBi("question_coming")));
  const focusWhenAsked = document.activeElement;
  let result;
  try {
    result = await engine.call({ action: "question", rules, ...asked });
  } catch (err) {
    return showQuestionError(engineFailure(err));
  }
  if (questionEl.dataset.token !== token) return; // replaced meanwhile
  if (!result.ok && spec.followUp) {   // no question on that tag: the schedule goes on instead
    const next = scheduled();
    return next ? ask(next) : showQuestionError(result.error);
  }
  if (!result.ok) return showQuestionError(result.error);
  const q = result.question;
  const card = cardKey(rules, q.kind, q.topic);
  current = { spec, result, card };
  if (spec.leech) return teachAgain(spec, result, asked);
  if (mode?.type === "deck" && spec.hand) mode.queue.push(...deckFollowUps(spec.hand, q.deal_kinds ?? [], mode.asked));
  // The new question takes the focus unless the learner moved it meanwhile (the first question waits for the
  // engine: a learner may be on the import button by then).
  const focusNow = document.activeElement;
  showQuestion({ host: questionEl, body, result, asked, engine, links: data.links[rules] ?? {},
    kindName: (kind) => kindName(rules, kind), why: spec.why,
    takeFocus: focusNow === focusWhenAsked || !focusNow || focusNow === document.body,
    onAnswer: (outcome) => {
      record(spec, result, asked, outcome);
      writeAddress(addressAfterAnswer(spec, played));
    },
    next: nextButton });
}

/** A call the engine could not answer (engine.js rejects with {zh, en}), as an error the page draws. */
function engineFailure(err) {
  return { code: "engine_failed", message: { zh: err.zh ?? String(err), en: err.en ?? String(err) } };
}

/** engine.call, a failure answered the way the engine answers a bad request: {ok: false, error}. */
async function callEngine(request) {
  try {
    return await engine.call(request);
  } catch (err) {
    return { ok: false, error: engineFailure(err) };
  }
}

function showQuestionError(error) {
  if (mode?.type === "timed" && roundOver()) return;
  questionEl.dataset.state = "error";
  questionEl.querySelector(".question-body").replaceChildren(renderError(error), nextButton());
}

function kindName(rules, kind) {
  return byRules[rules].practice.kinds.find((k) => k.key === kind);
}

// ---------------------------------------------------------------- leeches: taught again, then guided

function teachAgain(spec, result, asked) {
  setMode("leech", sayBi("leech_mode"));
  const q = result.question;
  const rules = spec.rules;
  questionEl.dataset.state = "teaching";
  questionEl.dataset.leech = current.card;
  const link = data.links[rules]?.[q.topic] ?? data.links[rules]?.[q.focus.key];
  const guided = h("button", { type: "button", class: "primary start-guided" }, sayBi("guided_start"));
  const skip = h("button", { type: "button", class: "skip-leech" }, sayBi("leech_later"));
  guided.addEventListener("click", () => {
    setMode("guided", sayBi("guided_mode"));
    guidedQuestion({ host: questionEl, body: questionEl.querySelector(".question-body"), result,
      kindName: (kind) => kindName(rules, kind), links: data.links[rules] ?? {},
      onDone: ({ steps, firstTry }) => {
        progress.review(current.card, firstTry === steps ? RATINGS.hard : RATINGS.again, spec.seed,
          { q: asked, mode: "guided", tags: q.tags, about: aboutOf(rules, q) });
        showSummary();
      },
      next: nextButton });
  });
  skip.addEventListener("click", () => askNext());
  questionEl.querySelector(".question-body").replaceChildren(...[
    h("p", { class: "question-topic" }, biText(q.topic_name)),
    h("p", { class: "leech-words" }, sayBi("leech_words", { topic: q.topic_name })),
    link ? h("p", {}, h("a", { class: "to-lesson leech-lesson", href: link }, sayBi("learn_it", { topic: q.topic_name }))) : null,
    h("div", { class: "question-actions" }, guided, skip)].filter(Boolean));
  guided.focus();
}

// ---------------------------------------------------------------- recording

/** The topic a question's focus is, where it is another topic than the card's (a mixed or series question counts
 *  for the fan it drew too). */
function aboutOf(rules, q) {
  const key = q.focus?.key;
  return key && key !== q.topic && byRules[rules].practice.topics.some((t) => t.key === key) ? key : undefined;
}

function record(spec, result, asked, { given, right, missed }) {
  const q = result.question;
  const reviewMode = ["challenge", "deck", "timed"].includes(mode?.type) ? mode.type : "practice";
  progress.review(cardKey(spec.rules, q.kind, q.topic), right ? RATINGS.good : RATINGS.again, q.seed,
    { q: asked, about: aboutOf(spec.rules, q), given, tags: q.tags, missed: right ? undefined : missed, mode: reviewMode });
  if (mode?.type === "challenge" || mode?.type === "deck") {
    mode.done += 1;
    if (right) mode.right += 1;
  }
  if (mode?.type === "timed") {
    mode.round = afterAnswer(mode.round, right);
    if (!right) questionEl.querySelector(".verdict")?.append(" ", h("span", { class: "round-penalty" },
      sayBi("round_penalty", { n: MISTAKE_COSTS_MS / 1000 })));
    tick();
  }
  const tag = !right && !mode && !spec.leech && !spec.followUp ? followUpTag(missed ?? []) : null;
  if (tag) followUp = { rules: spec.rules, tag, after: 1 };
  showSummary();
}

// ---------------------------------------------------------------- what comes next

function nextButton() {
  const button = h("button", { type: "button", class: "next-question primary" }, sayBi("next_question"));
  button.addEventListener("click", () => askNext());
  return button;
}

function askNext() {
  if (mode?.type === "focus") return ask({ rules: rulesSelect.value, focus: mode.tag, seed: randomSeed() });
  if (mode?.type === "timed") return roundOver() ? null : ask(roundQuestion(mode));
  if (mode?.type === "deck") {
    const next = mode.queue.shift();
    const entry = next && progress.record.deck.find((e) => e.id === next.hand);
    if (next && !entry) return askNext();   // removed meanwhile
    if (entry) return ask({ rules: entry.rules, kind: next.kind, deal: entry.deal, conventions: entry.conventions, hand: entry.id, seed: randomSeed() });
    return finishDeck();
  }
  if (mode?.queue) {
    const spec = mode.queue.shift();
    if (spec) return ask(spec);
    if (mode.type === "challenge") return finishChallenge();
    leaveMode();
  }
  if (followUp && followUp.rules === rulesSelect.value && followUp.after-- <= 0) {
    const { tag } = followUp;
    followUp = null;
    return ask({ rules: rulesSelect.value, focus: tag, seed: randomSeed(), why: "follow_up", followUp: true });
  }
  const spec = scheduled();
  if (spec) ask(spec);
}

function leaveMode() {
  if (mode?.timer) clearInterval(mode.timer);
  mode = null;
  setMode("schedule");
  document.getElementById("round-clock").hidden = true;
}

/** The missed questions of this rule set, asked again as they were (their requests, their seeds). */
function replayQueue(rules) {
  return misses(progress.record, rules).map((review) => {
    const { kind, topic } = parseCardKey(review.card);
    if (review.q?.focus) return { rules, focus: review.q.focus, seed: review.q.seed ?? review.seed };
    if (review.q?.deal) return { rules, kind, deal: review.q.deal, conventions: conventionsOf(rules, review.q), seed: review.q.seed ?? review.seed };
    return { rules, kind, topic, seed: review.seed };
  }).filter((spec) => !spec.kind || byRules[rules].practice.kinds.some((k) => k.key === spec.kind));
}

/** Six questions across the topics at proficient (a topic each, its kinds in turn; fewer topics, more rounds). */
function challengeQueue(rules) {
  const levels = topicLevels(progress.record, new Date(), kindsOf);
  const topics = byRules[rules].practice.topics.filter((t) => ["proficient", "mastered"].includes(levelOf(levels, rules, t.key)));
  const proving = topics.filter((t) => levelOf(levels, rules, t.key) === "proficient");
  const pool = proving.length ? proving : topics;
  if (!pool.length) return [];
  return Array.from({ length: CHALLENGE_LENGTH }, (_, i) => {
    const topic = pool[i % pool.length];
    return { rules, topic: topic.key, kind: topic.kinds[Math.floor(i / pool.length) % topic.kinds.length], seed: randomSeed() };
  });
}

function finishChallenge() {
  const { right, done } = mode;
  leaveMode();
  questionEl.dataset.state = "finished";
  questionEl.querySelector(".question-body").replaceChildren(
    h("p", { class: "challenge-done", "data-challenge-right": right, "data-challenge-done": done },
      sayBi("challenge_done", { right, n: done })),
    h("p", {}, h("a", { href: "progress.html" }, sayBi("see_progress"))), nextButton());
}

// ---------------------------------------------------------------- the learner's own hands

const deckNews = document.getElementById("deck-news");

function deckOf(rules) {
  return progress.record.deck.filter((entry) => entry.rules === rules);
}

function drawDeck() {
  const rules = rulesSelect.value;
  const hands = deckOf(rules).sort((a, b) => a.at - b.at);
  const count = document.getElementById("deck-count");
  count.dataset.hands = String(hands.length);
  count.replaceChildren(hands.length ? sayBi("deck_count", { rules: byRules[rules].name, n: hands.length })
    : sayBi("deck_empty", { rules: byRules[rules].name }));
  document.getElementById("practise-deck").disabled = !hands.length;
  document.getElementById("deck-lines-label").replaceChildren(sayBi("deck_lines_label", { rules: byRules[rules].name }));
  document.getElementById("deck-keys").replaceChildren(...byRules[rules].situation_keys.map((key) =>
    h("li", {}, h("code", { lang: "zxx" }, key.written), " ", biText(key.label),
      typeof key.default === "boolean" ? null : [" ", h("span", { class: "key-default" }, sayBi("deck_key_default", { value: defaultWords(key.default) }))])));
  document.getElementById("deck-list").replaceChildren(...hands.map((entry) => {
    const remove = h("button", { type: "button", class: "remove-hand" }, sayBi("remove"));
    remove.addEventListener("click", () => {
      const after = hands[hands.indexOf(entry) + 1] ?? hands[hands.indexOf(entry) - 1];
      if (!progress.removeHand(entry.id)) return;
      drawDeck();
      if (mode?.type === "deck") setMode("deck", sayBi("deck_mode", { n: deckOf(rules).length }));
      showNews([sayBi("deck_removed")]);
      // the focus stays in the list: on the next hand's Remove, or the count when none is left
      const next = after && [...document.querySelectorAll("#deck-list > li")].find((li) => li.dataset.hand === after.id);
      (next?.querySelector(".remove-hand") ?? count).focus();
    });
    const source = entry.source === "sheet" ? sayBi("deck_from_row", { row: entry.row ?? "?" }) : sayBi("deck_pasted");
    return h("li", { "data-hand": entry.id, "data-source": entry.source },
      h("code", { class: "notation" }, entry.deal.hand), chips(entry.settings),
      h("span", { class: "hand-source" }, source, entry.note ? ` · ${entry.note}` : ""), remove);
  }));
}

function showNews(lines) {
  deckNews.closest("details").open = true;   // the news is beside the buttons that made it
  deckNews.replaceChildren(...lines.map((line) => h("p", {}, line)));
}

/** A situation key's default in words (yes/no, a number, a wind letter as the line writes it). */
function defaultWords(value) {
  if (typeof value === "boolean") return say(value ? "yes_setting" : "no_setting");
  return { zh: String(value), en: String(value) };
}

/** Score each candidate ({deal, conventions, source, note | row}) and keep those that score as deck entries;
 *  -> {kept, problems: [{candidate, error}]}. */
async function scoreCandidates(rules, candidates) {
  const kept = [];
  const problems = [];
  for (const candidate of candidates) {
    const scored = await callEngine({ rules, ...candidate.deal, ...(candidate.conventions ?? conventionsOf(rules, conventions)) });
    if (scored.ok) kept.push(deckEntry({ rules, ...candidate }, scored));
    else problems.push({ candidate, error: scored.error });
  }
  return { kept, problems };
}

function addKept(kept, problems) {
  const added = kept.length ? progress.addHands(kept) : 0;
  const news = [];
  if (added) news.push(sayBi("deck_added", { n: added }));
  else if (kept.length && !problems.length) news.push(sayBi("deck_nothing_new"));
  drawDeck();
  showNews(news);
  for (const { at, error } of problems) {
    deckNews.append(h("div", { class: "deck-problem", "data-error": error.code }, h("p", {}, biText(at)),
      renderError(error, { alert: false })));
  }
  return added;
}

document.getElementById("deck-add").addEventListener("click", async () => {
  const rules = rulesSelect.value;
  const box = document.getElementById("deck-lines");
  const { lines, problems } = readDeckLines(box.value);
  showNews([sayBi("deck_checking")]);
  const scored = await scoreCandidates(rules, lines.map(({ line, deal, note }) => ({ deal, note, source: "pasted", line })));
  // What could not be kept stays in the box to be corrected, what was kept leaves it; each problem names its line
  // as the box now has it.
  const failures = [...problems.map(({ line, zh, en }) => ({ line, error: { code: "no_tiles", message: { zh, en } } })),
    ...scored.problems.map(({ candidate, error }) => ({ line: candidate.line, error }))].sort((a, b) => a.line - b.line);
  const failed = new Set(failures.map((f) => f.line));
  const left = box.value.split(/\r?\n/).map((text, i) => ({ text, line: i + 1 })).filter((l) => failed.has(l.line));
  const renumbered = new Map(left.map((l, i) => [l.line, i + 1]));
  addKept(scored.kept, failures.map(({ line, error }) => ({ at: say("deck_line", { line: renumbered.get(line) }), error })));
  box.value = left.map((l) => l.text).join("\n");
});

document.getElementById("deck-from-sheet").addEventListener("click", async () => {
  const { record: sheet, problem } = readSheetText(localStorage.getItem(SHEET_KEY), () => null);
  if (problem) return showNews([biText(problem)]);
  const asked = sheet && sheetSettleRequest(sheet);
  if (!asked) return showNews([sayBi("deck_sheet_empty")]);
  showNews([sayBi("deck_checking")]);
  const settled = await callEngine(asked.request);
  if (!settled.ok) return addKept([], [{ at: say("deck_sheet"), error: settled.error }]);
  const rules = sheet.conventions.rules;
  const { hands, problems } = sheetCandidates(settled, asked.rows);
  const sections = sheetSections(sheet);
  const scored = await scoreCandidates(rules, hands.map(({ row, deal }) => ({ deal, conventions: sections, source: "sheet", row })));
  const failures = [...problems, ...scored.problems.map(({ candidate, error }) => ({ row: candidate.row, error }))];
  const added = addKept(scored.kept, failures.map(({ row, error }) => ({ at: say("deck_from_row", { row }), error })));
  if (added && rules !== rulesSelect.value && rules in byRules) {
    // The sheet's hands are its rule set's: said, and one press away, not switched to behind the learner's back.
    const go = h("button", { type: "button", class: "switch-rules" }, sayBi("deck_switch", { rules: byRules[rules].name }));
    go.addEventListener("click", () => switchRules(rules));
    deckNews.prepend(h("p", {}, sayBi("deck_other_rules", { rules: byRules[rules].name }), " ", go));
  }
});

/** Practise another rule set: the selection, its conventions, its own hands and rounds, and its next question. */
function switchRules(rules) {
  rulesSelect.value = rules;
  conventions = {};
  fillChoices();
  drawConventions();
  drawDeck();
  drawRounds();
  leaveMode();
  current = null;
  askNext();
  document.getElementById("practise-deck").focus();
}

document.getElementById("practise-deck").addEventListener("click", () => startDeck(rulesSelect.value));

function startDeck(rules) {
  leaveMode();
  const first = byRules[rules].practice.kinds[0].key;
  const queue = deckQueue(progress.record.deck, rules, first);
  mode = { type: "deck", queue, asked: new Set(queue.map((q) => `${q.hand}|${q.kind}`)), right: 0, done: 0 };
  setMode("deck", sayBi("deck_mode", { n: queue.length }));
  if (!queue.length) {
    leaveMode();
    document.getElementById("mode-note").replaceChildren(sayBi("deck_empty", { rules: byRules[rules].name }));
  }
  askNext();
}

function finishDeck() {
  const { right, done } = mode;
  leaveMode();
  questionEl.dataset.state = "finished";
  questionEl.querySelector(".question-body").replaceChildren(
    h("p", { class: "deck-done", "data-deck-right": right, "data-deck-done": done }, sayBi("deck_done", { right, n: done })),
    h("p", {}, h("a", { href: "progress.html" }, sayBi("see_progress"))), nextButton());
}

// ---------------------------------------------------------------- a timed round

const clockEl = document.getElementById("round-clock");

function drawRounds() {
  const rules = rulesSelect.value;
  document.getElementById("round-help").replaceChildren(sayBi("round_help", { n: MISTAKE_COSTS_MS / 1000 }));
  const kinds = roundKinds(byRules[rules].practice);
  document.getElementById("round-buttons").replaceChildren(...kinds.map((kind) => {
    const best = progress.record.rounds[roundKey(rules, kind)]?.best;
    const name = kindName(rules, kind);
    const button = h("button", { type: "button", class: "start-round", "data-round-kind": kind, "data-round-best": best ?? "" },
      best === undefined ? biText(name) : sayBi("round_button_best", { kind: name, best }));
    button.addEventListener("click", () => startTimed(rules, kind));
    return button;
  }));
}

function startTimed(rules, kind) {
  leaveMode();
  if (!roundKinds(byRules[rules].practice).includes(kind)) {
    document.getElementById("mode-note").replaceChildren(sayBi("round_no_kind"));
    return askNext();
  }
  // the topics it draws from, once: its own answers (mode "timed") do not change which topics the learner has met
  const levels = topicLevels(progress.record, new Date(), kindsOf);
  const topics = roundTopics(byRules[rules].practice.topics, kind, (topic) => levelOf(levels, rules, topic) !== "new");
  mode = { type: "timed", round: startRound(rules, kind, Date.now()), topics, timer: setInterval(tick, 250) };
  setMode("timed", sayBi("round_mode", { kind: kindName(rules, kind) }));
  clockEl.hidden = false;
  tick();
  askNext();
}

function roundOver() {
  return mode?.type === "timed" && remaining(mode.round, Date.now()) <= 0;
}

function tick() {
  if (mode?.type !== "timed") return;
  const left = remaining(mode.round, Date.now());
  clockEl.dataset.remaining = String(Math.ceil(left / 1000));
  clockEl.replaceChildren(sayBi("round_clock", { time: clockText(left) }));
  if (left <= 0) finishTimed();
}

/** A question of the round: its kind, on one of its topics, with a fresh seed. */
function roundQuestion({ round, topics }) {
  const topic = topics[Math.floor(Math.random() * topics.length)];
  return { rules: round.rules, kind: round.kind, topic: topic.key, seed: randomSeed() };
}

function finishTimed() {
  const { round } = mode;
  leaveMode();
  const kept = progress.finishRound(roundKey(round.rules, round.kind), round.right);
  questionEl.dataset.token = "";   // a question still coming is not shown
  questionEl.dataset.state = "finished";
  const again = h("button", { type: "button", class: "round-again primary" }, sayBi("round_again"));
  again.addEventListener("click", () => startTimed(round.rules, round.kind));
  questionEl.querySelector(".question-body").replaceChildren(
    h("p", { class: "round-done", "data-round-right": round.right, "data-round-wrong": round.wrong,
      "data-round-best": kept.best, "data-round-improved": String(kept.improved) },
    sayBi("round_done", { right: round.right, wrong: round.wrong }), " ",
    kept.improved ? sayBi("round_best_new") : sayBi("round_best", { best: kept.best })),
    h("div", { class: "question-actions" }, again, nextButton()));
  drawRounds();
  again.focus();
}

// ---------------------------------------------------------------- progress: summary, export, import

function showSummary() {
  const states = cardStates(progress.record);
  const now = new Date();
  const due = [...states.values()].filter((s) => isDue(s, now)).length;
  document.getElementById("progress-summary").replaceChildren(sayBi("progress_summary",
    { reviews: progress.record.reviews.length, cards: states.size, due }));
}

wireProgressBackup(progress, () => {
  showSummary();
  drawDeck();
  drawRounds();
});

window.addEventListener("storage", (event) => {
  if (event.key === null || event.key.startsWith("suanfan.progress")) {
    progress.reload();
    showSummary();
    drawDeck();
    drawRounds();
  }
});

document.getElementById("leave-mode").addEventListener("click", () => {
  leaveMode();
  current = null;
  askNext();
});

// ---------------------------------------------------------------- the page

function fromAddress() {
  const wanted = Object.fromEntries(parseHash(location.hash));
  if (wanted.rules in byRules) rulesSelect.value = wanted.rules;
  const rules = rulesSelect.value;
  conventions = conventionsFromHash(byRules[rules], location.hash);
  drawConventions();
  fillChoices();
  const ruleset = byRules[rulesSelect.value];
  if (ruleset.practice.topics.some((t) => t.key === wanted.topic)) topicSelect.value = wanted.topic;
  if (ruleset.practice.kinds.some((k) => k.key === wanted.kind)) kindSelect.value = wanted.kind;
  drawWorksheetLink();
  const seed = /^\d+$/.test(wanted.seed ?? "") ? Number(wanted.seed) : null;
  mode = null;
  setMode("schedule");
  if (wanted.focus) {
    const words = tagName(ruleset.practice.tags, wanted.focus) ?? { zh: wanted.focus, en: wanted.focus };
    mode = { type: "focus", tag: wanted.focus };
    setMode("focus", sayBi("focus_mode", { tag: words }));
    modeEl.dataset.focus = wanted.focus;
    return ask({ rules, focus: wanted.focus, seed: seed ?? randomSeed() });
  }
  if (wanted.replay === "misses") {
    const queue = replayQueue(rules);
    mode = { type: "replay", queue };
    setMode("replay", sayBi("replay_mode", { n: queue.length }));
    if (!queue.length) {
      leaveMode();
      document.getElementById("mode-note").replaceChildren(sayBi("no_misses"));
    }
    return askNext();
  }
  if (wanted.deck) return startDeck(rules);
  if (wanted.round) return startTimed(rules, wanted.round);
  if (wanted.challenge) {
    const queue = challengeQueue(rules);
    mode = { type: "challenge", queue, right: 0, done: 0 };
    setMode("challenge", sayBi("challenge_mode", { n: queue.length }));
    if (!queue.length) {
      leaveMode();
      document.getElementById("mode-note").replaceChildren(sayBi("no_challenge_yet"));
    }
    return askNext();
  }
  if (wanted.rules && wanted.kind && wanted.topic && seed !== null) {
    // Exactly the question the link names; the engine says so if it does not exist.
    setMode("exact");
    ask({ rules: wanted.rules, kind: wanted.kind, topic: wanted.topic, seed });
  } else {
    askNext();
  }
}

setup.addEventListener("submit", (event) => {
  event.preventDefault();
  leaveMode();
  askNext();
});
topicSelect.addEventListener("change", drawWorksheetLink);
kindSelect.addEventListener("change", drawWorksheetLink);
rulesSelect.addEventListener("change", () => {
  fillChoices();
  drawConventions();
  drawDeck();
  drawRounds();
});
window.addEventListener("hashchange", () => {
  if (location.hash !== addressWritten) fromAddress();
});

showSummary();
fromAddress();
drawDeck();
drawRounds();
