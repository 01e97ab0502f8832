// The rulings page's search: filters the entries as you type, in Chinese, English or pinyin initials ("qgh" finds
// 抢杠胡), offline — the records (folded text, and the initials each Chinese character may have) were computed at
// build time by web/course/search.py and sit in the page. The number of matches is announced politely, once the
// typing pauses, so a screen reader is not interrupted at every key.

import { sayBi } from "./words.js";

const ANNOUNCE_AFTER_MS = 400;

/** A query as the records are written: full-width forms made plain, case ignored, split at spaces. */
function tokens(query) {
  return query.normalize("NFKC").toLowerCase().split(/\s+/).filter(Boolean);
}

/** Does a token of letters run along consecutive characters of one Chinese name, one initial each? */
function runsAlong(token, run) {
  for (let start = 0; start + token.length <= run.length; start += 1) {
    let k = 0;
    while (k < token.length && run[start + k].includes(token[k])) k += 1;
    if (k === token.length) return true;
  }
  return false;
}

function matches(record, token) {
  if (record.text.includes(token)) return true;
  return /^[a-z]+$/.test(token) && record.initials.some((run) => runsAlong(token, run));
}

function start() {
  const data = JSON.parse(document.getElementById("rulings-search-data").textContent);
  const form = document.getElementById("rulings-form");
  const input = document.getElementById("rulings-query");
  const status = document.getElementById("rulings-count");
  const total = data.records.length;
  const entries = new Map(data.records.map((record) => [record.key, document.getElementById(`ruling-${record.key}`)]));
  let announceTimer = null;

  const announce = (shown, query) => {
    const words = !query ? sayBi("rulings_all", { n: total })
      : shown ? sayBi("rulings_found", { n: shown, total }) : sayBi("rulings_none");
    status.dataset.count = String(shown);
    status.replaceChildren(words);
  };

  const apply = () => {
    const query = input.value.trim();
    const wanted = tokens(query);
    let shown = 0;
    for (const record of data.records) {
      const hit = wanted.every((token) => matches(record, token));
      entries.get(record.key).hidden = !hit;
      if (hit) shown += 1;
    }
    for (const group of document.querySelectorAll(".ruling-group, .rulings-toc li")) {
      const key = group.dataset.group;
      group.hidden = !document.querySelector(`.ruling[data-group="${key}"]:not([hidden])`);
    }
    clearTimeout(announceTimer);
    announceTimer = setTimeout(() => announce(shown, query), ANNOUNCE_AFTER_MS);
  };

  input.addEventListener("input", apply);
  input.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && input.value) {
      event.preventDefault();
      input.value = "";
      apply();
    }
  });
  // Enter goes to the first match: the entry takes the focus (tabindex -1), so Tab goes on through its links.
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const first = [...entries.values()].find((entry) => !entry.hidden);
    if (first) {
      first.focus();
      first.scrollIntoView({ block: "start" });
    }
  });
  // "/" anywhere but in a text field brings the search back, as on many sites with a search box.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest("input, textarea, select, [contenteditable]")) return;
    event.preventDefault();
    input.focus();
    input.select();
  });
  if (input.value) apply(); // the browser kept a query across a reload
  document.documentElement.dataset.rulingsReady = "1";
}

start();
