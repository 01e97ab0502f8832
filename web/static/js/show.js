// show.html: a teacher's own lesson from its link. Each hand is scored by the engine in this browser, then the
// whole lesson opens in the presenter (one deck: every hand's steps in order, each with its title and note).
// The page beneath lists the hands; Esc leaves the presenter, "start again" reopens it.

import { errorLines, h, showWords } from "./dom.js";
import { pageEngine } from "./engine.js";
import { openPresenter } from "./presenter.js";
import { renderError } from "./result.js";
import { decodeLesson } from "./teaching-link.js";
import { handElement } from "./tiles.js";

const statusEl = document.getElementById("engine-status");
const problemEl = document.getElementById("show-problem");
const again = document.getElementById("show-again");

function fail(problem) {
  statusEl.hidden = true;
  problemEl.hidden = false;
  problemEl.replaceChildren(...errorLines(problem.zh, problem.en, problem.zh_hant));
}

async function start() {
  const { lesson, problem } = decodeLesson(location.hash);
  if (problem) return fail(problem);
  if (lesson.title) document.getElementById("show-title").replaceChildren(lesson.title);
  const engine = pageEngine({ onProgress: ({ zh, en }) => showWords(statusEl.querySelector(".message"), zh, en) });
  let deck;
  try {
    deck = await Promise.all(lesson.items.map(async (item) => {
      const result = await engine.call(item.request);
      return { ...item, result, settings: result.settings };
    }));
  } catch (err) {
    return fail({ zh: err.zh ?? String(err), en: err.en ?? String(err) });
  }
  statusEl.hidden = true;
  document.getElementById("show-items").replaceChildren(...deck.map((item) => h("li", { class: "show-item" },
    h("h2", {}, item.title || item.request.hand), handElement(item.request.hand ?? ""),
    item.note ? h("p", { class: "show-note" }, item.note) : null,
    item.result.ok ? null : renderError(item.result.error))));
  const step = Number(new URLSearchParams(location.hash.slice(1)).get("step")) || 1;
  const open = (at) => openPresenter({
    deck, start: at,
    link: (n) => {
      const params = new URLSearchParams(location.hash.slice(1));
      params.set("step", String(n));
      history.replaceState(null, "", `#${params}`);
      return location.href;
    },
    onClose: () => { again.hidden = false; again.focus(); },
  });
  again.addEventListener("click", () => { again.hidden = true; open(1); });
  open(step);
}

// Another lesson's link opened in this tab changes only the address's fragment: read it afresh. (The presenter's
// own step changes do not fire this: they replace the address without a hashchange.)
window.addEventListener("hashchange", () => location.reload());
start();
