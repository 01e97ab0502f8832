// class.html: which face the address asks for. No set: a teacher makes one (class-builder.js). A set: a student
// answers it (class-student.js); with report=1 the teacher's report of it (class-report.js); with present=1 the room
// sees it one question at a time (class-quiz.js). A link that cannot be read says why and shows nothing else.

import { decodeSet } from "./class-set.js";
import { errorLines, showWords } from "./dom.js";
import { pageEngine } from "./engine.js";

const data = JSON.parse(document.getElementById("practice-data").textContent);
const statusEl = document.getElementById("engine-status");
const problemEl = document.getElementById("class-problem");
const face = document.getElementById("class-face");

function fail(problem) {
  statusEl.hidden = true;
  problemEl.hidden = false;
  problemEl.replaceChildren(...errorLines(problem.zh, problem.en, problem.zh_hant));
}

function startEngine() {
  const engine = pageEngine({ onProgress: ({ stage, zh, en }) => {
    statusEl.dataset.state = stage === "ready" ? "ready" : "loading";
    showWords(statusEl.querySelector(".message"), zh, en);
  } });
  // once ready, the line goes: "the calculator is ready" means nothing to a student or to the room
  engine.ready.then(() => statusEl.remove(), (err) => fail(err));
  return engine;
}

async function open() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  if (!params.has("v")) {
    const { startBuilder } = await import("./class-builder.js");
    return startBuilder({ face, data, engine: startEngine(), params });
  }
  const opened = decodeSet(location.hash);
  if (opened.problem) return fail(opened.problem);
  const engine = startEngine();
  if (opened.params.get("report") === "1") {
    const { startReport } = await import("./class-report.js");
    return startReport({ face, data, engine, ...opened });
  }
  if (opened.params.get("present") === "1") {
    const { startQuiz } = await import("./class-quiz.js");
    return startQuiz({ face, data, engine, ...opened });
  }
  const { startStudent } = await import("./class-student.js");
  return startStudent({ face, data, engine, ...opened });
}

open();
