// The calculator page: the form and the tile picker describe one request; the request lives in the URL
// hash (a permalink at every moment) and goes to the engine in its Web Worker; the answer is drawn by
// result.js. The page works while the engine boots: requests made early wait for it and then run.

import { checkRequest, pageError, readableHand } from "./bounds.js";
import { bi, biText, h, markNames, showWords } from "./dom.js";
import { _ } from "./gettext.js";
import { WAIT, WIN } from "./notation.js";
import { encodeHash, notANumber, readLink } from "./permalink.js";
import { createPicker } from "./picker.js";
import { resultNews, showError, showIdle, showPending, showResult } from "./result.js";
import { createSituation } from "./situation.js";
import { say, sayBi } from "./words.js";

const TYPING_PAUSE_MS = 300;
// A pending answer this old gets a word and a button (the engine replaces a silent worker itself, later).
const SLOW_NOTICE_MS = 4_000;

const form = document.getElementById("calc-form");
const handInput = document.getElementById("hand");
const handError = document.getElementById("hand-error");
const resultEl = document.getElementById("result");
const placeholder = [...resultEl.childNodes];
const statusEl = document.getElementById("engine-status");
const progressEl = document.getElementById("engine-progress");
const messageEl = document.getElementById("engine-message");
const conventionPanels = [...form.querySelectorAll("details.conventions")];
const droppedEl = document.getElementById("dropped-keys");

const situation = createSituation(form);
const picker = createPicker({ root: document.getElementById("hand-picker"), input: handInput });

// ---------------------------------------------------------------- the engine

let engineState = "loading";
const engine = loadEngine();

function loadEngine() {
  // Imported dynamically so that the picker and the form work even if the engine's script cannot load.
  const created = import("./engine.js").then(({ pageEngine }) => pageEngine({ onProgress: showProgress }));
  const ready = created.then((e) => e.ready);
  ready.then(() => {
    engineState = "ready";
    statusEl.dataset.state = "ready";
    progressEl.hidden = true;
    messageEl.replaceChildren(sayBi("engine_ready"));
  }, (err) => {
    engineState = "failed";
    statusEl.dataset.state = "failed";
    progressEl.hidden = true;
    messageEl.replaceChildren(bootFailureText(err));
  });
  return {
    ready,
    // One lane: a newer request supersedes the one before it (latest wins, engine.js).
    call: async (request) => (await created).call(request, { lane: "score" }),
    // the class-set adder's questions, in lanes of their own: they never supersede the hand being scored
    ask: async (request, options) => (await created).call(request, options),
    restart: async () => (await created).restart(),
  };
}

let restartWords = null;   // why the engine is booting again, said until it is ready

function showProgress(p) {
  if (p.stage === "restarting") {   // the worker died or was stuck: a new one boots
    engineState = "restarting";
    restartWords = bi(p.zh ?? "", p.en ?? "", p.zh_hant);
  }
  if (engineState === "restarting") {
    const done = p.stage === "ready";
    statusEl.dataset.state = done ? "ready" : "restarting";
    if (done) engineState = "ready";
    messageEl.replaceChildren(...(done ? [] : [restartWords, " "]), p.stage === "restarting" ? "" : bi(p.zh ?? "", p.en ?? "", p.zh_hant));
    return;
  }
  if (engineState !== "loading") return;
  if (typeof p.fraction === "number") progressEl.value = p.fraction;
  else progressEl.removeAttribute("value");
  const loading = _("Loading…");
  showWords(messageEl, p.zh ?? loading.zh, p.en ?? loading.en, p.zh == null ? loading.zh_hant : p.zh_hant);
}

function describe(err) {
  if (err && typeof err === "object" && ("zh" in err || "en" in err)) return [err.zh ?? "", err.en ?? ""];
  const text = err instanceof Error ? err.message : String(err);
  return [text, ""];
}

function bootFailureText(err) {
  const [zh, en] = describe(err);
  return h("span", {},
    biText(_("The scoring engine could not start, so nothing can be scored. Reload the page to try again.")),
    h("span", { class: "boot-detail" }, " ", zh, en && zh !== en ? ` ${en}` : ""));
}

// ---------------------------------------------------------------- request, hash, scoring

function currentRequest() {
  return { hand: handInput.value, ...situation.read() };
}

// The presenter's keys in the address (present=1&step=N open the hand in the presenter): not part of the request.
const VIEW_KEYS = ["present", "step"];
let view = {};   // {present, step} while the presenter is open

function writeHash(request) {
  const shown = request.hand ? request : Object.fromEntries(Object.entries(request).filter(([k]) => k !== "hand"));
  try {
    history.replaceState(null, "", `${location.pathname}${location.search}#${encodeHash({ ...shown, ...view })}`);
  } catch (err) {
    console.warn("calculator.js: the address could not hold this request", err);   // megabytes pasted: refused below
  }
}

let latest = 0;
let typingTimer = null;
let slowTimer = null;

async function score({ explicit = false } = {}) {
  clearTimeout(typingTimer);
  clearTimeout(slowTimer);
  const request = currentRequest();
  writeHash(request);
  markConventions();
  picker.setExpect(request.action === "waits" ? WAIT : WIN); // a waiting hand is one tile short of a win
  const mine = ++latest;
  forgetAnswer();
  if (!request.hand.trim()) {
    clearHandError();
    showIdle(resultEl, placeholder);
    return;
  }
  // Input no hand can be is refused here at once, engine or not (bounds.js).
  const refused = checkRequest(request);
  if (refused) {
    showError(resultEl, refused);
    markHandError(request.hand, refused, explicit);
    return;
  }
  showPending(resultEl, engineState === "loading");
  slowTimer = setTimeout(() => {
    if (mine === latest && engineState !== "loading") showPending(resultEl, false, slowNotice());
  }, SLOW_NOTICE_MS);
  let result;
  try {
    await engine.ready;
    result = await engine.call(request);
  } catch (err) {
    if (mine !== latest || err?.superseded) return;
    clearTimeout(slowTimer);
    const [zh, en] = describe(err);
    const reason = { zh, en: en || zh, zh_hant: err?.zh_hant ?? zh };
    showError(resultEl, { code: err?.code ?? "engine_failed",
      message: _("The scoring engine is not available: {reason}", { reason }) },
      err?.code === "no_answer" ? retryButton("try_again") : null);   // a restarted engine may answer the next time
    return;
  }
  clearTimeout(slowTimer);
  if (mine !== latest) return; // a newer request has been made since; its answer will be drawn
  if (result && result.ok === false) {
    showError(resultEl, result.error, waitsOffer(result.error) ?? readingOffer(result.error.code));
    markHandError(request.hand, result.error, explicit);
  } else {
    showResult(resultEl, result);
    if (result.action === "waits") {
      const offer = readingOffer("waits");
      if (offer) resultEl.append(offer);
    }
    clearHandError();
  }
  lastAnswer = { request, result };
  classAdder?.answered(lastAnswer);
  // The presenter shows a scored hand's steps; a hand reading is a table, read on the page itself.
  presentButton.disabled = result?.action === "analyse";
  if (view.present && !presenter) present(Number(view.step) || 1);
  if (explicit && !(result && result.ok === false)) revealResult();
}

// ---------------------------------------------------------------- the presenter

const presentButton = document.getElementById("present");
const copyStatus = document.getElementById("copy-status");   // the share buttons' line: what Present and Copy did
let lastAnswer = null;
let classAdder = null;   // the class-set adder (below), told of each answer
let presenter = null;
let presenterFailures = 0;   // how many times presenter.js failed to load (see present())

/** The hand on screen in the presenter: one step at a time, for a room (presenter.js). */
async function present(step = 1) {
  const answer = lastAnswer;
  if (!answer) return;
  const address = location.hash;
  let openPresenter;
  try {
    // A browser may remember a module that failed to load and refuse it again without asking the network, even once
    // the connection is back: a retry asks for it under another address (?retry=N), which the server answers alike.
    const file = presenterFailures ? `./presenter.js?retry=${presenterFailures}` : "./presenter.js";
    ({ openPresenter } = await import(file));
  } catch (err) {
    presenterFailures += 1;
    // Loaded on first use: a page opened before the site was kept offline, its connection since lost, has no copy.
    console.warn("calculator.js: presenter.js could not be loaded", err);
    copyStatus.replaceChildren(biText(_("The presenter could not open: its file did not load. Try again when online.")));
    return;
  }
  copyStatus.replaceChildren();
  // While presenter.js loaded, a new address or edit may have replaced the answer, or another call opened the
  // presenter: this one would draw an old hand and write its address over the new one. A new address counts even
  // before its hashchange has been handled (the event comes a task later, and the import may settle first).
  if (answer !== lastAnswer || presenter || location.hash !== address) return;
  const { request, result } = answer;
  view = { present: 1, step };
  writeHash(request);
  presenter = openPresenter({
    deck: [{ request, result, settings: result.settings }],
    link: (n) => { view.step = n; writeHash(request); return location.href; },
    start: step,
    onClose: () => {
      presenter = null;
      view = {};
      writeHash(request);
      presentButton.focus();
    },
  });
}

presentButton.addEventListener("click", () => present(1));

// A teacher's own lesson is made from the hands shown here (lesson-maker.js), a module of its own loaded after this
// one has run (the picker and the form first; it also brings the link compressor, fflate).
import("./lesson-maker.js").then(({ createLessonMaker }) => createLessonMaker({ current: () => lastAnswer,
  situation: () => situation.read() }));
// and so is a teacher's class set, in the same panel (class-adder.js): told of every answer once it has loaded
import("./class-adder.js").then(({ createClassAdder }) => {
  classAdder = createClassAdder({ ask: engine.ask });
  classAdder.answered(lastAnswer);
});

/** The answer on screen belongs to the request of the moment: a new request takes the old answer's use away. */
function forgetAnswer() {
  lastAnswer = null;
  classAdder?.answered(null);
  presentButton.disabled = true;
}

/** A button that scores the form again (after restarting the engine, when `restarting`). */
function retryButton(word, { restarting = false } = {}) {
  const button = h("button", { type: "button", class: "small retry" }, sayBi(word));
  button.addEventListener("click", async () => {
    if (restarting) await engine.restart();
    score({ explicit: true });
  });
  return button;
}

function slowNotice() {
  return h("span", { class: "slow-notice" }, " ", sayBi("engine_slow"), " ", retryButton("restart_engine", { restarting: true }));
}

/** A link the page will not open: say why, in the engine's error form, and show nothing of the hand before. */
function refuseLink(error) {
  clearTimeout(typingTimer);
  clearTimeout(slowTimer);
  latest += 1;          // an answer still on its way belongs to the address before
  forgetAnswer();
  presenter?.close({ quietly: true });
  presenter = null;
  handInput.value = "";
  picker.refresh();
  showError(resultEl, error);
  clearHandError();
}

/** After an explicit "score", bring the answer into view when it is off screen (phones: it is below the form).
 *  The focus goes with it: left in the hand box, a screen above, the next Tab would scroll back away from it. */
function revealResult() {
  const box = resultEl.getBoundingClientRect();
  if (box.top <= window.innerHeight && box.bottom >= 0) return;
  document.getElementById("result-title").focus({ preventScroll: true });
  resultEl.closest("section").scrollIntoView({ block: "start" });
}

function scoreAfterTyping() {
  writeHash(currentRequest());
  clearTimeout(typingTimer);
  typingTimer = setTimeout(score, TYPING_PAUSE_MS);
}

/** A hand one tile short scored as a win: offer to list its waits instead, where the rule set has them. */
function waitsOffer(error) {
  if (error.code !== "too_few_tiles" || error.missing !== 1 || !situation.offers("action", "waits")) return null;
  const button = h("button", { type: "button", class: "small show-waits" }, biText(_("Show its waits")));
  button.addEventListener("click", () => {
    situation.set("action", "waits");
    score({ explicit: true });
  });
  return h("p", { class: "waits-offer" }, biText(_("This hand is one tile short: it may be waiting.")), " ", button);
}

// A hand that has not won — 14 tiles that are no win, or a 13-tile hand whose waits are shown — can be read instead:
// how far from ready, which tiles help, what it can still be worth (where the rule set offers hand reading).
const NOT_A_WIN = new Set(["not_a_win", "not_a_win_gb", "waits"]);

function readingOffer(what) {
  if (!NOT_A_WIN.has(what) || !situation.offers("action", "analyse")) return null;
  const button = h("button", { type: "button", class: "small show-reading" }, sayBi("reading_button"));
  button.addEventListener("click", () => {
    situation.set("action", "analyse");
    score({ explicit: true });
  });
  return h("p", { class: "reading-offer" }, sayBi("reading_offer"), " ", button);
}

// ---------------------------------------------------------------- pointing at the error in the typed text

function markHandError(text, error, focus) {
  const at = error?.position;
  // A text longer than any hand (hand_too_long points past the limit) is not drawn back: it may be a megabyte.
  const hasSpot = Number.isInteger(at) && at >= 0 && at < readableHand(text).length;
  handInput.setAttribute("aria-invalid", "true");
  if (!hasSpot) {
    handError.hidden = true;
    return;
  }
  const mirror = h("code", { class: "mirror" }, text.slice(0, at), h("mark", {}, text[at]), text.slice(at + 1));
  const jump = h("button", { type: "button", class: "small" }, biText(_("select it in the box")));
  jump.addEventListener("click", () => selectInInput(at));
  // What is wrong, beside the box: on a phone the result that also says it is a screen or two further down.
  const message = error.message ?? {};
  handError.replaceChildren(bi(message.zh ?? error.code, markNames(message.en ?? ""), message.zh_hant), " ", mirror, " ", jump);
  handError.hidden = false;
  if (focus) selectInInput(at);
}

function selectInInput(at) {
  handInput.focus();
  handInput.setSelectionRange(at, at + 1);
}

function clearHandError() {
  handInput.removeAttribute("aria-invalid");
  handError.hidden = true;
  handError.replaceChildren();
}

/** Keys of a link that the chosen rule set does not take are left out, and the page says which. */
function showDropped(keys, rules) {
  droppedEl.hidden = keys.length === 0;
  const list = keys.join(", ");
  droppedEl.replaceChildren(biText(_("The link's {list} does not apply to {rules}: left out.", { list, rules })));
}

/** Badge the convention panels whose values differ from the defaults; returns those panels. */
function markConventions() {
  return conventionPanels.filter((panel) => {
    const changed = situation.changedIn(panel);
    panel.querySelector(".changed").hidden = !changed;
    return changed;
  });
}

// ---------------------------------------------------------------- loading a permalink

function loadFromHash() {
  try {
    openLink();
  } catch (err) {
    // Whatever a link holds, the page answers it: never the previous hand's result under a new address.
    console.error("calculator.js: a link could not be opened", err);
    refuseLink({ code: "link_unreadable", position: null,
      message: say("link_unreadable", { detail: String(err?.message ?? err).slice(0, 200) }) });
  }
}

function openLink() {
  const { request, error } = readLink(location.hash, { kindOf: situation.kindOf, maxDepth: situation.keyDepth });
  if (error) {
    refuseLink(error);
    return;
  }
  // A whole-number setting the form cannot hold (NaN, 1e400, a broken escape) is named with what the link held,
  // not with the empty box the form would make of it.
  const bad = notANumber(request, situation.kindOf);
  if (bad) {
    refuseLink(pageError("link_not_a_number", null, { key: bad.key, value: bad.text }));
    return;
  }
  view = request.present ? { present: 1, step: request.step ?? 1 } : {};
  for (const key of VIEW_KEYS) delete request[key];
  presenter?.close({ quietly: true });   // a new address: the presenter, if the address asks for it, opens anew
  presenter = null;
  handInput.value = typeof request.hand === "string" ? request.hand : "";
  showDropped(situation.fill(request), situation.rulesSelect.value);
  picker.refresh();
  for (const panel of markConventions()) panel.open = true; // a link's conventions are shown, not hidden
  score();
}

// ---------------------------------------------------------------- the result, for keyboards and screen readers

// Each new answer is told politely in one line (#result-news, a status): whatever draws it, once it is drawn.
const newsEl = document.getElementById("result-news");
new MutationObserver(() => {
  if (resultEl.dataset.state === "done" || resultEl.dataset.state === "error") newsEl.textContent = resultNews(resultEl);
}).observe(resultEl, { attributes: true, attributeFilter: ["data-state"] });

// "Go to the result": the result's heading takes the focus, so Tab and a screen reader go on from there.
const goToResult = () => document.getElementById("result-title").focus();
document.getElementById("to-result").addEventListener("click", goToResult);

// The cue beside the picker: the result's own total (or waits), in both languages, with a link down to it; an
// error is said as one, its words left to the result.
const cueEl = document.getElementById("result-cue");
const LANGUAGE_CLASSES = new Set(["zh", "en", "name", "name-zh", "bi"]);
new MutationObserver(() => {
  const state = resultEl.dataset.state;
  const summary = resultEl.querySelector(".result-view > .summary .total, .waits-summary");
  cueEl.hidden = !(state === "done" && summary) && state !== "error";
  document.getElementById("result-cue-what").replaceChildren(
    state === "error" ? sayBi("cue_no_result") : summary ? copyOfWords(summary) : "");
}).observe(resultEl, { attributes: true, attributeFilter: ["data-state"] });

/** A copy of an element's words for the cue: the language classes kept (the reader's choice hides one), every
 *  other class and id dropped, so nothing that finds the result (.total-number, ids) finds the copy too. */
function copyOfWords(el) {
  const copy = el.cloneNode(true);
  for (const node of [copy, ...copy.querySelectorAll("*")]) {
    node.removeAttribute("id");
    const kept = [...node.classList].filter((c) => LANGUAGE_CLASSES.has(c));
    node.removeAttribute("class");
    if (kept.length) node.className = kept.join(" ");
  }
  return copy;
}
document.getElementById("result-cue-link").addEventListener("click", (event) => {
  event.preventDefault();
  goToResult();
});

// ---------------------------------------------------------------- copy link

const copyButton = document.getElementById("copy-link");
const shareUrl = document.getElementById("share-url");

copyButton.addEventListener("click", async () => {
  writeHash(currentRequest());
  const url = location.href;
  try {
    await navigator.clipboard.writeText(url);
    copyStatus.replaceChildren(biText(_("Link copied")));
    shareUrl.hidden = true;
  } catch {
    shareUrl.value = url;
    shareUrl.hidden = false;
    shareUrl.select();
    copyStatus.replaceChildren(biText(_("Copy it from the box below")));
  }
});

// ---------------------------------------------------------------- wiring

form.addEventListener("submit", (event) => {
  event.preventDefault();
  score({ explicit: true });
});
handInput.addEventListener("input", scoreAfterTyping);
form.addEventListener("input", (event) => {
  if (event.target.dataset.kind) scoreAfterTyping(); // numbers: score once the typing pauses
});
form.addEventListener("change", (event) => {
  const target = event.target;
  if (target === handInput || target.closest(".hand-picker")) return; // the picker's own controls edit the hand
  if (target === situation.rulesSelect) {
    situation.syncVisibility();
    showDropped([], target.value);
  }
  score();
});
window.addEventListener("hashchange", loadFromHash);

if (location.hash.length > 1) loadFromHash();
else {
  situation.syncVisibility();
  writeHash(currentRequest());
}
