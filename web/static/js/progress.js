// progress.js: what a learner has done, kept in the browser — practice reviews and finished lessons — under one
// versioned schema, and the spaced-repetition schedule derived from it (FSRS, the maintained ts-fsrs library,
// vendored into the site by the build: static/vendor/ts-fsrs.mjs).
//
// The reviews are the record; every card's schedule is derived by replaying them in time order, so merging two
// records (an import from another device) is the union of their reviews and loses nothing from either side.
//
// Stored as JSON under localStorage "suanfan.progress":
//   {schema: "suanfan-progress", version: 2, reviews: [review], finished: {lessonKey: time}}
//   review = {card: "gb|fans|pure_straight", at: ms since 1970, rating: 1..4 (again, hard, good, easy), seed}
// Version 1 was the lessons' own key "suanfan.lessons.finished" (a list of lesson keys): it is migrated once.
// Data this page cannot read (garbled JSON, another shape, a newer version) is never overwritten: it is set aside
// under "suanfan.progress.set-aside.<time>" and reported. A failed write (storage full, private mode) is reported
// and undone in the page too: what the page shows as done is what is stored, never "finished" now and lost on reload.
//
// The pure functions (readRecord, mergeRecords, cardStates, …) take and return plain data; `openProgress()` binds
// them to localStorage for a page.

import { Rating, State, createEmptyCard, fsrs, generatorParameters } from "../vendor/ts-fsrs.mjs";

export const STORE_KEY = "suanfan.progress";
export const LEGACY_FINISHED_KEY = "suanfan.lessons.finished";
export const SET_ASIDE_PREFIX = "suanfan.progress.set-aside.";
export const SCHEMA = "suanfan-progress";
export const VERSION = 2;
export const RATINGS = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };

// No fuzz: a schedule replayed from the same reviews is always the same schedule.
const scheduler = fsrs(generatorParameters({ enable_fuzz: false }));

export function emptyRecord() {
  return { schema: SCHEMA, version: VERSION, reviews: [], finished: {} };
}

export function cardKey(rules, kind, topic) {
  return `${rules}|${kind}|${topic}`;
}

export function parseCardKey(key) {
  const [rules, kind, topic] = key.split("|");
  return { rules, kind, topic };
}

const isTime = (value) => Number.isFinite(value) && value >= 0;

function validReview(r) {
  return r !== null && typeof r === "object" && typeof r.card === "string" && r.card.split("|").length === 3
    && isTime(r.at) && [1, 2, 3, 4].includes(r.rating) && Number.isInteger(r.seed) && r.seed >= 0;
}

/** A review's identity: the same review from two devices is one review. */
export function reviewId(r) {
  return `${r.card}@${r.at}#${r.seed}`;
}

/**
 * Read stored text as a record. -> {record, problem}: problem is null when the text is a record this page
 * understands (or nothing at all), else {zh, en} saying why it cannot be used (the caller sets the text aside).
 */
export function readRecord(text) {
  if (text === null || text === undefined || text === "") return { record: emptyRecord(), problem: null };
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { record: null, problem: { zh: "进度数据已损坏(不是完整的 JSON)。", en: "The progress data is damaged (not complete JSON)." } };
  }
  if (data === null || typeof data !== "object" || Array.isArray(data) || data.schema !== SCHEMA) {
    return { record: null, problem: { zh: "进度数据不是本站的格式。", en: "The progress data is not in this site's format." } };
  }
  if (data.version !== VERSION) {
    return { record: null, problem: { zh: `进度数据是第 ${data.version} 版,本页只认第 ${VERSION} 版。`,
      en: `The progress data is version ${data.version}; this page reads version ${VERSION}.` } };
  }
  const reviews = Array.isArray(data.reviews) ? data.reviews : null;
  const finished = data.finished && typeof data.finished === "object" && !Array.isArray(data.finished) ? data.finished : null;
  if (!reviews || !finished || !reviews.every(validReview) || !Object.values(finished).every(isTime)) {
    return { record: null, problem: { zh: "进度数据里有看不懂的条目。", en: "The progress data holds entries this page cannot read." } };
  }
  return { record: { schema: SCHEMA, version: VERSION, reviews, finished: { ...finished } }, problem: null };
}

/** Version 1: the lessons' list of finished lesson keys. -> the finished map, or null when it is not such a list. */
export function readLegacyFinished(text, now) {
  try {
    const keys = JSON.parse(text);
    if (Array.isArray(keys) && keys.every((k) => typeof k === "string")) return Object.fromEntries(keys.map((k) => [k, now]));
  } catch { /* not a list: left where it is */ }
  return null;
}

/** Two records as one: every review of either (once each), every finished lesson (at its earlier time). */
export function mergeRecords(a, b) {
  const byId = new Map();
  for (const r of [...a.reviews, ...b.reviews]) byId.set(reviewId(r), r);
  const reviews = [...byId.values()].sort((x, y) => x.at - y.at || x.card.localeCompare(y.card));
  const finished = { ...a.finished };
  for (const [lesson, at] of Object.entries(b.finished)) finished[lesson] = Math.min(at, finished[lesson] ?? at);
  return { schema: SCHEMA, version: VERSION, reviews, finished };
}

/** Every reviewed card's FSRS state, by replaying its reviews in order: Map(cardKey -> {card, reviews, last}). */
export function cardStates(record) {
  const states = new Map();
  for (const review of [...record.reviews].sort((x, y) => x.at - y.at)) {
    let entry = states.get(review.card);
    if (!entry) {
      entry = { card: createEmptyCard(new Date(review.at)), reviews: 0, last: null };
      states.set(review.card, entry);
    }
    entry.card = scheduler.next(entry.card, new Date(review.at), review.rating).card;
    entry.reviews += 1;
    entry.last = review;
  }
  return states;
}

/** How well a card is known now, 0..1 (the chance of recalling it); 0 for a card never seen. */
export function retrievability(entry, now) {
  if (!entry || entry.card.state === State.New) return 0;
  return scheduler.get_retrievability(entry.card, now, false);
}

/**
 * What to practise next among `candidates` (card keys in course order): the most overdue due card first; else
 * the first card never seen (new topics come in course order); else the card least likely to be recalled now.
 */
export function nextCard(states, candidates, now) {
  const due = candidates.filter((k) => states.has(k) && states.get(k).card.due.getTime() <= now.getTime())
    .sort((x, y) => states.get(x).card.due - states.get(y).card.due);
  if (due.length) return { key: due[0], why: "due" };
  const fresh = candidates.find((k) => !states.has(k));
  if (fresh) return { key: fresh, why: "new" };
  const weakest = [...candidates].sort((x, y) => retrievability(states.get(x), now) - retrievability(states.get(y), now));
  return weakest.length ? { key: weakest[0], why: "weakest" } : null;
}

/** A topic's mastery, 0..1: the mean recall chance of its cards (kinds) that have been practised, 0 if none. */
export function topicMastery(states, rules, topic, now) {
  const entries = [...states.entries()].filter(([key]) => {
    const c = parseCardKey(key);
    return c.rules === rules && c.topic === topic;
  });
  if (!entries.length) return null;
  return entries.reduce((sum, [, entry]) => sum + retrievability(entry, now), 0) / entries.length;
}

// ---------------------------------------------------------------- bound to the browser's storage

/**
 * The page's handle on the stored progress. onProblem({zh, en}) is told about data set aside and failed writes
 * (the page shows it); nothing is ever dropped silently.
 */
export function openProgress({ storage = globalThis.localStorage, onProblem = () => {}, now = () => Date.now() } = {}) {
  let record = emptyRecord();
  const report = (problem) => {
    try { onProblem(problem); } catch (err) { console.error("progress.js: onProblem failed", err); }
  };

  function setAside(text, problem) {
    const key = SET_ASIDE_PREFIX + now();
    try {
      storage.setItem(key, text);
      report({ zh: `${problem.zh}已原样另存为 ${key},没有删除;新的进度从头记录。`,
        en: `${problem.en} It is kept as it was under ${key}, not deleted; new progress starts afresh.` });
    } catch {
      report({ zh: `${problem.zh}也无法另存;本页不会覆盖它,这次的进度只留在本页。`,
        en: `${problem.en} It could not be set aside either, so this page will not overwrite it: progress stays in this page only.` });
      return false;
    }
    return true;
  }

  let writable = true;
  function load() {
    let text = null;
    try { text = storage.getItem(STORE_KEY); } catch {
      writable = false;
      report({ zh: "浏览器不允许本站保存进度,进度只留在本页。", en: "This browser does not let the site keep progress: it stays in this page only." });
      return;
    }
    const { record: read, problem } = readRecord(text);
    if (problem) {
      writable = setAside(text, problem);
      record = emptyRecord();
    } else {
      record = read;
    }
    if (text === null) migrateLegacy();
  }

  function migrateLegacy() {
    let legacy = null;
    try { legacy = storage.getItem(LEGACY_FINISHED_KEY); } catch { return; }
    if (legacy === null) return;
    const finished = readLegacyFinished(legacy, now());
    if (finished === null) {
      setAside(legacy, { zh: "旧的课程进度无法读取。", en: "The old lesson progress cannot be read." });
    } else {
      record = mergeRecords(record, { ...emptyRecord(), finished });
    }
    if (save()) {
      try { storage.removeItem(LEGACY_FINISHED_KEY); } catch { /* kept: it is in the new record too */ }
    }
  }

  const NOT_SAVED = { zh: "进度没能存下(浏览器的存储已满或不可用)。请导出进度文件,以免丢失。",
    en: "Progress could not be saved (the browser's storage is full or unavailable). Export a progress file so nothing is lost." };

  function save(problem = NOT_SAVED) {
    if (!writable) return false;
    try {
      storage.setItem(STORE_KEY, JSON.stringify(record));
      return true;
    } catch {
      report(problem);
      return false;
    }
  }

  /**
   * Make `next` the record if it can be stored: when the write fails, the record stays as stored (and the failure is
   * reported), so nothing is shown as kept that a reload would lose. Where the page was told at load that it cannot
   * store at all, the change lasts for this page. -> whether it was saved.
   */
  function change(next, problem) {
    const before = record;
    record = next;
    if (!writable) return false;
    if (save(problem)) return true;
    record = before;
    return false;
  }

  load();
  return {
    get record() { return record; },
    reload: load,
    /** Record one answered question; returns whether it was saved. */
    review(card, rating, seed) {
      return change(mergeRecords(record, { ...emptyRecord(), reviews: [{ card, at: now(), rating, seed }] }), {
        zh: "这次的答题没能记下:浏览器的存储已满或不可用。请导出进度文件,以免丢失以前的进度。",
        en: "This answer could not be recorded: the browser's storage is full or unavailable. Export a progress file so earlier progress is not lost." });
    },
    finishLesson(lesson) {
      return change(mergeRecords(record, { ...emptyRecord(), finished: { [lesson]: now() } }), {
        zh: "这一课没能记为学完:浏览器的存储已满或不可用。腾出空间后再试,或导出进度文件。",
        en: "This lesson could not be recorded as finished: the browser's storage is full or unavailable. Free some space and try again, or export a progress file." });
    },
    isFinished: (lesson) => lesson in record.finished,
    /** The whole record as a file's text (to import on another device). */
    exportText: () => JSON.stringify({ ...record, exported_at: new Date(now()).toISOString() }, null, 1),
    /** Merge an exported file's text in. -> {ok, added, problem}: nothing changes when it cannot be read. */
    importText(text) {
      let data;
      try { data = JSON.parse(text); } catch { data = null; }
      if (data && typeof data === "object") delete data.exported_at;
      const { record: other, problem } = readRecord(data ? JSON.stringify(data) : text);
      if (problem) return { ok: false, added: 0, problem };
      const before = record.reviews.length;
      const ok = change(mergeRecords(record, other));
      return { ok, added: ok ? record.reviews.length - before : 0, problem: null };
    },
  };
}
