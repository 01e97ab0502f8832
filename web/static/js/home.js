// The home page's way in (templates/index.html): once this browser has progress, "接着学 Continue" leads to the
// next lesson not finished (in course order) and says how many practice cards are due; a newcomer sees only
// "Start here".

import { dueList, nextLesson } from "./learner.js";
import { openProgress } from "./progress.js";
import { bi } from "./dom.js";
import { sayBi } from "./words.js";

const box = document.querySelector("[data-continue]");
const paths = JSON.parse(document.getElementById("course-paths").textContent);
const lessons = paths.flatMap((course) => course.lessons.map((lesson) => ({ ...lesson, course })));

function draw(progress) {
  const record = progress.record;
  const started = record.reviews.length > 0 || Object.keys(record.finished).length > 0;
  box.hidden = !started;
  if (!started) return;
  const key = nextLesson(record, lessons.map((l) => l.key));
  const link = box.querySelector(".next-lesson");
  const lesson = lessons.find((l) => l.key === key);
  link.hidden = !lesson;
  if (lesson) {
    link.href = lesson.href;
    link.dataset.lesson = lesson.key;
    link.replaceChildren(bi(`${lesson.course.title}:${lesson.title}`, `${lesson.course.title_en}: ${lesson.title_en}`));
  }
  const due = dueList(record, new Date()).due.length;
  const dueLink = box.querySelector(".due-line a");
  dueLink.dataset.due = String(due);
  dueLink.replaceChildren(sayBi("due_to_practise", { n: due }));
}

const progress = openProgress();
draw(progress);
window.addEventListener("storage", (event) => {
  if (event.key === null || event.key.startsWith("suanfan.progress")) {
    progress.reload();
    draw(progress);
  }
});
