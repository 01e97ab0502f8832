// The calculator's "your own worked examples" panel: a teacher adds the hand on screen (with a title and a note) to
// a short lesson, orders it, and makes a link that opens it for students, step by step (show.html,
// teaching-link.js). The draft is kept in this browser until the link is made, so a reload loses nothing.

import { bi, h } from "./dom.js";
import { LIMITS, PAGE, encodeLesson } from "./teaching-link.js";
import { say, sayBi } from "./words.js";

const DRAFT_KEY = "suanfan.lesson-draft";
const SET_ASIDE = "suanfan.lesson-draft.set-aside.";

function readDraft(problem) {
  let text = null;
  try { text = localStorage.getItem(DRAFT_KEY); } catch { return { title: "", items: [] }; }
  if (text === null) return { title: "", items: [] };
  try {
    const draft = JSON.parse(text);
    if (draft?.version === 1 && Array.isArray(draft.items) && typeof draft.title === "string") return draft;
  } catch { /* not JSON: set aside below */ }
  const key = SET_ASIDE + Date.now();
  try { localStorage.setItem(key, text); } catch { /* kept where it is: not overwritten either */ }
  problem(say("draft_set_aside", { key }));
  return { title: "", items: [], readOnly: true };
}

/**
 * current(): the calculator's last answer, {request, result} or null. The panel's elements are in calculator.html.
 */
export function createLessonMaker({ current }) {
  const $ = (id) => document.getElementById(id);
  const problemEl = $("maker-problem");
  const problem = (word) => {
    problemEl.hidden = false;
    problemEl.append(h("span", { class: "problem-line" }, bi(word.zh, word.en)));
  };
  let draft = readDraft(problem);

  function save() {
    if (draft.readOnly) return;
    try {
      localStorage.setItem(DRAFT_KEY, JSON.stringify({ version: 1, title: draft.title, items: draft.items }));
    } catch {
      problem(say("draft_not_saved"));
    }
  }

  function move(index, by) {
    const [item] = draft.items.splice(index, 1);
    draft.items.splice(index + by, 0, item);
    save();
    draw({ index: index + by, word: by < 0 ? "move_up" : "move_down" });   // the focus moves with the hand
  }

  function remove(index) {
    draft.items.splice(index, 1);
    save();
    draw({ index: Math.min(index, draft.items.length - 1), word: "remove" });   // on the hand that took its place
  }

  /** Redraw the list; focusOn {index, word}: the button to give the focus to (the list is new, the old one is gone). */
  function draw(focusOn = null) {
    $("maker-items").replaceChildren(...draft.items.map((item, index) => {
      const titleId = `maker-item-${index}`;
      const buttons = [
        index > 0 ? ["move_up", () => move(index, -1)] : null,
        index < draft.items.length - 1 ? ["move_down", () => move(index, 1)] : null,
        ["remove", () => remove(index)],
      ].filter(Boolean).map(([word, act]) => {
        // described by the hand's title, so "Remove" says which hand
        const button = h("button", { type: "button", class: `small maker-${word}`, "aria-describedby": titleId }, sayBi(word));
        button.addEventListener("click", act);
        return button;
      });
      return h("li", { class: "maker-item" }, h("strong", { id: titleId }, item.title || item.request.hand), " ",
        h("code", {}, item.request.hand), item.note ? h("p", { class: "maker-note" }, item.note) : null, buttons);
    }));
    $("maker-link").disabled = draft.items.length === 0;
    $("maker-lesson-title").value = draft.title;
    if (focusOn) {
      const item = $("maker-items").children[focusOn.index];
      (item?.querySelector(`.maker-${focusOn.word}`) ?? item?.querySelector("button") ?? $("maker-add")).focus();
    }
  }

  $("maker-add").addEventListener("click", () => {
    const answer = current();
    if (!answer || draft.items.length >= LIMITS.items) {
      $("maker-status").replaceChildren(sayBi("no_hand_yet"));
      return;
    }
    draft.items.push({ request: answer.request, title: $("maker-hand-title").value.trim(), note: $("maker-hand-note").value.trim() });
    $("maker-hand-title").value = "";
    $("maker-hand-note").value = "";
    save();
    draw();
  });
  $("maker-lesson-title").addEventListener("input", (event) => {
    draft.title = event.target.value;
    save();
  });
  $("maker-link").addEventListener("click", async () => {
    const url = new URL(`${PAGE}#${encodeLesson(draft)}`, location.href).href;
    const box = $("maker-url");
    box.value = url;
    $("maker-open").href = url;
    $("maker-open").hidden = false;
    try {
      await navigator.clipboard.writeText(url);
      box.hidden = true;
      $("maker-status").replaceChildren(sayBi("link_made", { n: url.length }));
    } catch {
      box.hidden = false;
      box.select();
      $("maker-status").replaceChildren(sayBi("link_in_box", { n: url.length }));
    }
  });
  draw();
}
