// The calculator's "加入课堂题组 Add to the class set" (in the lesson maker's panel): the hand on screen becomes one
// question of the teacher's class set, of a kind the engine says fits it (the `deal` question's `deal_kinds`), kept
// in the class-set draft (class-draft.js) that class.html's builder orders and turns into a link. The engine makes
// the question before it is kept, under the set's conventions, so the set never holds a question that cannot be
// asked.

import { LIMITS } from "./class-set.js";
import { DRAFT_KEY, freshSeed, openClassDraft } from "./class-draft.js";
import { biOption, biText } from "./dom.js";
import { sayBi } from "./words.js";

/**
 * ask(request, {lane}): the page's engine, answering beside the calculator's own scoring. The panel's elements are
 * in calculator.html. -> {answered(answer)}: the calculator's newest answer, {request, result} or null.
 */
export function createClassAdder({ ask }) {
  const $ = (id) => document.getElementById(id);
  const panel = $("lesson-maker");
  const kindSelect = $("class-kind");
  const statusEl = $("class-status");
  const openLink = $("class-open");
  const draft = openClassDraft({ onProblem: (word) => statusEl.replaceChildren(biText(word)) });
  const described = new Map();   // rules -> the engine's description (its kinds' names, its convention sections)
  let answer = null;
  let fitted = null;   // {answer, rules, deal, hand}: the hand the kind select was filled for

  const call = async (request) => {
    try {
      return await ask(request, { lane: "class-kinds" });   // a newer hand's kinds replace an older one's
    } catch (err) {
      return { ok: false, superseded: err?.superseded, error: { message: { zh: err?.zh ?? String(err), en: err?.en ?? String(err) } } };
    }
  };

  async function describe(rules) {
    if (!described.has(rules)) described.set(rules, call({ action: "describe", rules }));
    const told = await described.get(rules);
    if (!told.ok) described.delete(rules);
    return told;
  }

  function drawCount() {
    const n = draft.record.questions.length;
    openLink.replaceChildren(sayBi("adder_open", { n }));
  }

  function waiting(word = "adder_kinds_wait", values) {
    fitted = null;
    kindSelect.replaceChildren();
    kindSelect.disabled = true;
    $("class-add").disabled = true;
    statusEl.replaceChildren(sayBi(word, values));
  }

  /** Fill the kind select with the kinds that fit the hand on screen (asked only while the panel is open). */
  async function fitKinds() {
    const now = answer;
    if (!now || now.result?.ok === false || now.result?.action) return waiting();   // a win scored, not waits or a reading
    const { rules } = now.request;
    const description = await describe(rules);
    if (now !== answer) return;
    if (!description.ok) return waiting();
    const sections = description.practice.conventions;
    const deal = Object.fromEntries(Object.entries(now.request)
      .filter(([key]) => key !== "rules" && key !== "action" && !sections.includes(key)));
    const handSections = Object.fromEntries(sections.filter((s) => now.request[s]).map((s) => [s, now.request[s]]));
    const kinds = description.practice.kinds;
    const asked = await call({ action: "question", rules, kind: kinds[0].key, deal, seed: 0, ...handSections });
    if (now !== answer || asked.superseded) return;
    if (!asked.ok) {
      waiting();
      statusEl.append(" ", biText(asked.error.message));
      return;
    }
    const fits = asked.question.deal_kinds;
    const keep = kindSelect.value;
    kindSelect.replaceChildren(...kinds.filter((k) => fits.includes(k.key)).map((k) => biOption(k.zh, k.en, k.key, k.zh_hant)));
    if (fits.includes(keep)) kindSelect.value = keep;
    kindSelect.disabled = false;
    $("class-add").disabled = false;
    statusEl.replaceChildren();
    fitted = { answer: now, rules, deal, handSections, name: description.name };
  }

  $("class-add").addEventListener("click", async () => {
    const hand = fitted;
    if (!hand) return;
    const record = draft.fresh();
    if (record.questions.length >= LIMITS.questions) {
      statusEl.replaceChildren(sayBi("builder_full", { n: LIMITS.questions }));
      return;
    }
    if (record.questions.length && record.rules !== hand.rules) {
      const other = await describe(record.rules);
      statusEl.replaceChildren(sayBi("builder_other_rules", { set: other.ok ? other.name : { zh: record.rules, en: record.rules } }));
      return;
    }
    // An empty set takes the hand's rules (and, where they are new, its conventions); a set with questions keeps its
    // conventions, and the hand is asked under them.
    const conventions = record.rules === hand.rules ? record.conventions : hand.handSections;
    const question = { kind: kindSelect.value, deal: hand.deal, seed: freshSeed() };
    const made = await call({ action: "question", rules: hand.rules, ...question, ...conventions });
    if (!made.ok) {
      statusEl.replaceChildren(biText(made.error.message));
      return;
    }
    const questions = [...draft.fresh().questions, question];
    if (!draft.change({ rules: hand.rules, conventions, questions })) return;
    const differ = JSON.stringify(conventions) !== JSON.stringify(hand.handSections);
    statusEl.replaceChildren(sayBi("adder_added", { n: questions.length }), ...(differ ? [" ", sayBi("adder_under_set")] : []));
    drawCount();
  });

  // the kinds are worked out for a hand only when the teacher looks at the panel
  panel.addEventListener("toggle", () => {
    if (panel.open && fitted?.answer !== answer) fitKinds();
  });
  // Another tab's change (the builder's) is counted here at once.
  window.addEventListener("storage", (event) => {
    if (event.key !== null && event.key !== DRAFT_KEY) return;
    draft.fresh();
    drawCount();
  });
  drawCount();
  waiting();

  return {
    answered(next) {
      answer = next;
      if (panel.open) fitKinds();
      else waiting();   // worked out when the panel opens
    },
  };
}
