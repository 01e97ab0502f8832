// class.html with no set in its address: the teacher makes one. Questions are picked from the practice topics and
// kinds (each with a fresh seed: the engine makes the same question from it wherever the set is opened) or come
// from the calculator's lesson maker (a hand of the teacher's own, class-adder.js); each is shown as the engine
// makes it, so the teacher sees what the class will get. The draft lives in this browser (class-draft.js) until the
// link is made; the link, its QR code for the room and the ways to open it (student, report, presenter) follow.
//
// The conventions come from the address in the practice page's keys (class.html#rules=jiujiang&table.base=2: the
// table card's "make a class set with these conventions"), and the address is kept saying the draft's.
// DOM contract for tests: [data-class-builder]; the questions li.builder-question[data-kind][data-seed] and
// data-topic or data-deal (JSON), each with .builder-preview[data-state="loading" | "done" | "error"] (done: the
// engine's hand in code.notation); after "make the link" #builder-url holds the link and #builder-qr carries
// data-qr-version.

import { LIMITS, PAGE, encodeSet, questionRequest } from "./class-set.js";
import { DRAFT_KEY, TIME_LIMITS, freshSeed, openClassDraft, setOf } from "./class-draft.js";
import { biOption, biText, h } from "./dom.js";
import { itemButtons } from "./item-buttons.js";
import { encodeHash, parseHash } from "./permalink.js";
import { conventionChips, conventionsFromHash } from "./practice-conventions.js";
import { qrElement, qrVersion } from "./qr.js";
import { chips } from "./question-view.js";
import { renderError } from "./result.js";
import { handElement } from "./tiles.js";
import { say, sayBi } from "./words.js";

// The largest projected code a phone at the back of a room still reads (class-set.js: ten generated questions fit it).
const ROOM_READABLE_VERSION = 10;

const field = (word, control) => h("label", { class: "field" }, h("span", { class: "label" }, sayBi(word)), control);

export function startBuilder({ face, data, engine }) {
  const byRules = Object.fromEntries(data.rulesets.map((r) => [r.key, r]));
  const problemEl = h("p", { class: "problem", id: "builder-problem", role: "alert", hidden: true });
  const problem = (word) => {
    const line = h("span", { class: "problem-line" }, biText(word));
    problemEl.hidden = false;
    // typing on with the storage full fails at every key: said once, not once a keystroke
    if (problemEl.lastElementChild?.textContent !== line.textContent) problemEl.append(line);
  };
  const draft = openClassDraft({ onProblem: problem });

  // ------------------------------------------------------------ the page's parts

  const rulesSelect = h("select", { id: "builder-rules" },
    data.rulesets.map((r) => biOption(r.name.zh, r.name.en, r.key, r.name.zh_hant)));
  const rulesNote = h("p", { class: "help", id: "builder-rules-note", hidden: true }, sayBi("builder_rules_locked"));
  const conventionsEl = h("ul", { class: "chips", id: "builder-conventions" });
  const sheetDefaults = h("button", { type: "button", id: "builder-sheet-defaults", class: "small" }, sayBi("back_to_sheet"));
  const changeConventions = h("a", { id: "builder-change-conventions", href: "table.html" }, sayBi("change_conventions"));
  const topicSelect = h("select", { id: "builder-topic" });
  const kindSelect = h("select", { id: "builder-kind" });
  const countInput = h("input", { id: "builder-count", type: "number", min: 1, max: LIMITS.questions, value: 1, inputmode: "numeric" });
  const addButton = h("button", { type: "button", id: "builder-add" }, sayBi("builder_add"));
  const statusEl = h("p", { id: "builder-status", class: "builder-status", role: "status" });
  const questionsHeading = h("h3", { id: "builder-questions-title" });
  const list = h("ol", { id: "builder-questions", class: "builder-questions", "aria-labelledby": "builder-questions-title" });
  const empty = h("p", { class: "help", id: "builder-empty" }, sayBi("builder_no_questions"));
  const titleInput = h("input", { id: "builder-set-title", type: "text", maxlength: LIMITS.title });
  const codeInput = h("input", { id: "builder-code", type: "text", maxlength: LIMITS.code, size: 8, placeholder: "W3",
    autocomplete: "off", spellcheck: "false" });
  const limitSelect = h("select", { id: "builder-limit" }, TIME_LIMITS.map((n) => {
    const words = n ? say("builder_seconds", { n }) : say("builder_no_limit");
    return biOption(words.zh, words.en, String(n), words.zh_hant);
  }));
  const makeButton = h("button", { type: "button", id: "builder-make", class: "primary" }, sayBi("builder_make"));
  const madeEl = h("span", { id: "builder-made", role: "status" });
  const urlBox = h("input", { id: "builder-url", class: "share-url", type: "text", readonly: true, hidden: true,
    "aria-label": say("builder_set_link") });
  const qrEl = h("div", { id: "builder-qr", class: "builder-qr" });
  const qrWords = h("p", { id: "builder-qr-words" });
  const opens = h("ul", { class: "builder-opens" });
  const share = h("div", { id: "builder-share", class: "builder-share", hidden: true }, qrEl, qrWords, opens);

  face.replaceChildren(h("section", { class: "class-builder", "data-class-builder": "", "aria-labelledby": "builder-heading" },
    h("h2", { id: "builder-heading" }, sayBi("builder_title")),
    h("p", { class: "help" }, sayBi("builder_help")),
    problemEl,
    h("div", { class: "panel builder-rules" }, field("builder_rules", rulesSelect), rulesNote,
      h("h3", { class: "label", id: "builder-conventions-title" }, sayBi("builder_conventions")), conventionsEl,
      h("p", { class: "convention-actions" }, sheetDefaults, " ", changeConventions)),
    h("div", { class: "panel builder-add", role: "group", "aria-labelledby": "builder-add-title" },
      h("h3", { id: "builder-add-title" }, sayBi("builder_add_title")),
      h("div", { class: "builder-pick" }, field("builder_topic", topicSelect), field("builder_kind", kindSelect),
        field("builder_how_many", countInput), addButton),
      statusEl),
    questionsHeading, empty, list,
    h("p", { class: "help builder-own" }, sayBi("builder_own_hands"), " ",
      h("a", { href: "calculator.html" }, sayBi("builder_to_calculator"))),
    h("div", { class: "panel builder-about", role: "group", "aria-labelledby": "builder-about-title" },
      h("h3", { id: "builder-about-title" }, sayBi("builder_about")),
      h("div", { class: "builder-pick" }, field("builder_set_title", titleInput), field("builder_code", codeInput),
        field("builder_limit", limitSelect))),
    h("div", { class: "maker-actions" }, makeButton, madeEl),
    urlBox, share));

  // ------------------------------------------------------------ what the engine makes of each question

  const previews = new Map();   // request JSON -> Promise of the engine's answer: a question redrawn is not asked again

  function previewOf(request) {
    const key = JSON.stringify(request);
    if (!previews.has(key)) {
      previews.set(key, engine.call(request).catch((err) => ({ ok: false, error: {
        code: err?.code ?? "engine_failed", message: { zh: err?.zh ?? String(err), en: err?.en ?? String(err) } } })));
    }
    return previews.get(key);
  }

  function drawPreview(el, result) {
    if (!result.ok) {
      el.dataset.state = "error";
      el.replaceChildren(renderError(result.error, { alert: false }));
      return;
    }
    const q = result.question;
    // "which hand counts this fan" has no hand of its own: its choices are the hands the class sees
    const hands = q.kind === "name" && q.direction === "hand_of_fan" ? q.choices.map((c) => c.request ?? { hand: c.hand }) : [q.request];
    el.dataset.state = "done";
    el.replaceChildren(h("p", { class: "prompt" }, biText(q.prompt)),
      ...hands.map((request, i) => h("div", { class: "question-hand" },
        hands.length > 1 ? h("span", { class: "choice-key" }, `${q.choices[i].key}. `) : null,
        handElement(request.hand), h("code", { class: "notation" }, request.hand),
        hands.length > 1 ? null : chips(q.settings))));
  }

  // ------------------------------------------------------------ drawing the draft

  const ruleset = () => byRules[draft.record.rules] ?? data.rulesets[0];
  const kindName = (rules, kind) => byRules[rules]?.practice.kinds.find((k) => k.key === kind) ?? { zh: kind, en: kind };

  function fillTopics() {
    const { topics } = ruleset().practice;
    const keep = topicSelect.value;
    topicSelect.replaceChildren(...topics.map((t) => biOption(t.zh, t.en, t.key, t.zh_hant)));
    if (topics.some((t) => t.key === keep)) topicSelect.value = keep;
    fillKinds();
  }

  function fillKinds() {
    const { topics, kinds } = ruleset().practice;
    const topic = topics.find((t) => t.key === topicSelect.value) ?? topics[0];
    const keep = kindSelect.value;
    kindSelect.replaceChildren(...kinds.filter((k) => topic.kinds.includes(k.key)).map((k) => biOption(k.zh, k.en, k.key, k.zh_hant)));
    if (topic.kinds.includes(keep)) kindSelect.value = keep;
  }

  function drawSetup() {
    const { rules, conventions, questions } = draft.record;
    const set = ruleset();
    if (rulesSelect.value !== set.key) {
      rulesSelect.value = set.key;
      fillTopics();
    }
    // a set's questions are made under one rule set: changing it would make them other questions
    rulesSelect.disabled = questions.length > 0;
    rulesNote.hidden = !questions.length;
    conventionsEl.replaceChildren(...conventionChips(set, conventions));
    sheetDefaults.hidden = !Object.keys(conventions).length;
    changeConventions.href = `table.html#${encodeHash({ rules: set.key, ...conventions })}`;
    if (rules) history.replaceState(null, "", `#${encodeHash({ rules, ...conventions })}`);
    if (document.activeElement !== titleInput) titleInput.value = draft.record.title;
    if (document.activeElement !== codeInput) codeInput.value = draft.record.code;
    limitSelect.value = TIME_LIMITS.includes(draft.record.limit) ? String(draft.record.limit) : "0";
    countInput.max = String(Math.max(1, LIMITS.questions - questions.length));
  }

  /** Redraw the list; focusOn {index, word}: the button to give the focus to (the list is new, the old one is gone). */
  function draw(focusOn = null) {
    drawSetup();
    const set = setOf(draft.record);
    const { questions } = set;
    questionsHeading.replaceChildren(sayBi("builder_questions", { n: questions.length, max: LIMITS.questions }));
    empty.hidden = questions.length > 0;
    makeButton.disabled = questions.length === 0;
    list.replaceChildren(...questions.map((q, index) => {
      const headId = `builder-question-${index}`;
      const topic = q.deal ? say("builder_own_hand")
        : ruleset().practice.topics.find((t) => t.key === q.topic) ?? { zh: q.topic, en: q.topic };
      const kind = kindName(set.rules, q.kind);
      const buttons = itemButtons([
        q.deal ? null : ["builder_another_hand", () => anotherHand(index)],   // an own hand has no other
        index > 0 ? ["move_up", () => move(index, -1)] : null,
        index < questions.length - 1 ? ["move_down", () => move(index, 1)] : null,
        ["remove", () => remove(index)],
      ], { prefix: "builder", describedBy: headId });
      const preview = h("div", { class: "builder-preview", "data-state": "loading" }, sayBi("builder_preview_loading"));
      previewOf(questionRequest(set, index)).then((result) => drawPreview(preview, result));
      return h("li", { class: "builder-question", "data-kind": q.kind, "data-seed": String(q.seed),
        "data-topic": q.topic ?? null, "data-deal": q.deal ? JSON.stringify(q.deal) : null },
      h("p", { class: "builder-question-head", id: headId }, h("strong", {}, `${index + 1}. `),
        biText(topic), " · ", biText(kind)),
      preview, h("div", { class: "builder-question-actions" }, buttons));
    }));
    if (focusOn) {
      const item = list.children[focusOn.index];
      (item?.querySelector(`.builder-${focusOn.word}`) ?? item?.querySelector("button") ?? addButton).focus();
    }
  }

  /** Make a change to the draft (from the draft as stored now); -> whether it was made. The link made before it no
   *  longer says the set, so it is taken away. */
  function change(patch) {
    const made = draft.change(patch);
    if (made) forgetLink();
    return made;
  }

  // ------------------------------------------------------------ changing the questions

  addButton.addEventListener("click", () => {
    const { questions } = draft.fresh();
    const room = LIMITS.questions - questions.length;
    if (room <= 0) {
      statusEl.replaceChildren(sayBi("builder_full", { n: LIMITS.questions }));
      return;
    }
    const wanted = Math.max(1, Math.trunc(Number(countInput.value)) || 1);
    const n = Math.min(wanted, room);
    const added = Array.from({ length: n }, () => ({ kind: kindSelect.value, topic: topicSelect.value, seed: freshSeed() }));
    if (!change({ rules: ruleset().key, questions: [...questions, ...added] })) return;
    statusEl.replaceChildren(sayBi("builder_added", { n }), ...(n < wanted ? [" ", sayBi("builder_only_room", { n })] : []));
    draw();
  });

  function anotherHand(index) {
    const questions = [...draft.fresh().questions];
    const old = questions[index];
    let seed = freshSeed();
    while (seed === old.seed) seed = freshSeed();
    questions[index] = { ...old, seed };
    if (change({ questions })) statusEl.replaceChildren(sayBi("builder_new_hand", { n: index + 1 }));
    draw({ index, word: "builder_another_hand" });
  }

  function move(index, by) {
    const questions = [...draft.fresh().questions];
    const [q] = questions.splice(index, 1);
    questions.splice(index + by, 0, q);
    const moved = change({ questions });
    draw({ index: moved ? index + by : index, word: by < 0 ? "move_up" : "move_down" });   // the focus follows it
  }

  function remove(index) {
    const removed = change({ questions: draft.fresh().questions.filter((_, at) => at !== index) });
    if (removed) statusEl.replaceChildren(sayBi("builder_removed"));
    // on the question that took its place (or on the same one, still there); with none left, on "Add"
    draw({ index: removed ? Math.min(index, draft.record.questions.length - 1) : index, word: "remove" });
  }

  rulesSelect.addEventListener("change", () => {
    if (draft.fresh().questions.length) return draw();   // another tab added questions meanwhile: the rules stay
    // another rule set's conventions mean nothing under these rules
    change({ rules: rulesSelect.value, conventions: {} });
    fillTopics();
    draw();
  });
  topicSelect.addEventListener("change", fillKinds);
  sheetDefaults.addEventListener("click", () => {
    draft.fresh();
    change({ conventions: {} });
    draw();
    changeConventions.focus();   // the button it was is hidden now
  });
  for (const [input, key] of [[titleInput, "title"], [codeInput, "code"]]) {
    // a text the browser refuses to store stays in its box (the failure is shown)
    input.addEventListener("input", () => {
      draft.fresh();
      change({ [key]: input.value });
    });
  }
  limitSelect.addEventListener("change", () => {
    draft.fresh();
    change({ limit: Number(limitSelect.value) });
  });

  // ------------------------------------------------------------ the link

  function forgetLink() {
    if (share.hidden && urlBox.hidden && !madeEl.textContent) return;
    share.hidden = true;
    urlBox.hidden = true;
    madeEl.replaceChildren(sayBi("builder_stale"));
  }

  makeButton.addEventListener("click", async () => {
    const record = draft.fresh();
    const set = setOf({ ...record, title: titleInput.value.slice(0, LIMITS.title), code: codeInput.value.slice(0, LIMITS.code) });
    if (!set.questions.length) return draw();
    // a set goes out only as questions the engine makes: one it cannot make would meet the class as an error
    const results = await Promise.all(set.questions.map((_, i) => previewOf(questionRequest(set, i))));
    const failed = results.map((r, i) => (r.ok ? null : i + 1)).filter(Boolean);
    if (failed.length) {
      madeEl.replaceChildren(sayBi("builder_cannot_make", { list: failed.join(", ") }));
      return;
    }
    const url = new URL(`${PAGE}#${encodeSet(set)}`, location.href).href;
    urlBox.value = url;
    showShare(set, url);
    urlBox.hidden = false;   // the link itself, to read or copy by hand, whatever the clipboard does
    try {
      await navigator.clipboard.writeText(url);
      madeEl.replaceChildren(sayBi("link_made", { n: url.length }));
    } catch {
      urlBox.select();
      madeEl.replaceChildren(sayBi("link_in_box", { n: url.length }));
    }
  });

  function showShare(set, url) {
    const version = qrVersion(url, { projected: true });
    qrEl.replaceChildren(qrElement(url, { projected: true }));
    qrEl.dataset.qrVersion = version === null ? "" : String(version);
    qrWords.replaceChildren(version === null ? "" : sayBi(version <= ROOM_READABLE_VERSION ? "builder_qr_fits" : "builder_qr_dense", { n: version }));
    const link = (id, href, word) => h("li", {}, h("a", { id, href }, sayBi(word)));
    opens.replaceChildren(link("builder-open-student", url, "builder_open_student"),
      link("builder-open-report", `${url}&report=1`, "builder_open_report"),
      link("builder-open-present", `${url}&present=1`, "builder_open_present"),
      // the set itself on paper, its key on the last page (worksheet.html reads a set's own fragment)
      link("builder-worksheet", `worksheet.html#${url.split("#")[1]}`, "builder_worksheet"));
    share.hidden = false;
  }

  // ------------------------------------------------------------ the address, another tab, the start

  /** The address's rules and conventions (the table card's link) become the draft's, unless the draft already has
   *  questions of another rule set: those are kept, and the page says why the address was not followed. */
  function fromAddress() {
    const wanted = Object.fromEntries(parseHash(location.hash));
    const rules = wanted.rules;
    if (!(rules in byRules)) return;
    const record = draft.fresh();
    if (record.questions.length && record.rules !== rules) {
      statusEl.replaceChildren(sayBi("builder_other_rules", { set: byRules[record.rules]?.name ?? { zh: record.rules, en: record.rules } }));
      return;
    }
    const conventions = conventionsFromHash(byRules[rules], location.hash);
    if (record.rules !== rules || JSON.stringify(record.conventions) !== JSON.stringify(conventions)) change({ rules, conventions });
  }

  // Another tab's change is shown here at once (a hand added in the calculator, its order, its title).
  window.addEventListener("storage", (event) => {
    if (event.key !== null && event.key !== DRAFT_KEY) return;
    draft.fresh();
    draw();
  });
  window.addEventListener("hashchange", () => {
    fromAddress();
    draw();
  });

  fromAddress();
  rulesSelect.value = ruleset().key;
  fillTopics();
  draw();
}
