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
// Keeping it is store.js's job, shared with the score sheet.
//
// The pure functions (readRecord, mergeRecords, cardStates, …) take and return plain data; `openProgress()` binds
// them to localStorage for a page.

import { Rating, State, createEmptyCard, fsrs, generatorParameters } from "../vendor/ts-fsrs.mjs";
import { openStore, setAsidePrefix } from "./store.js";

export const STORE_KEY = "suanfan.progress";
export const LEGACY_FINISHED_KEY = "suanfan.lessons.finished";
export const SET_ASIDE_PREFIX = setAsidePrefix(STORE_KEY);
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
 * The page's handle on the stored progress (kept by store.js, the site's one way of keeping a record in the browser).
 * onProblem({zh, en}) is told about data set aside and failed writes (the page shows it); nothing is ever dropped
 * silently.
 */
export function openProgress({ storage = globalThis.localStorage, onProblem = () => {}, now = () => Date.now() } = {}) {
  const store = openStore({ key: STORE_KEY, what: { zh: "进度", en: "progress" }, read: readRecord, empty: emptyRecord,
    storage, onProblem, now });
  const merge = (other, problem) => store.put(mergeRecords(store.record, { ...emptyRecord(), ...other }), problem);

  function load() {
    if (store.load() === null) migrateLegacy();
  }

  function migrateLegacy() {
    let legacy = null;
    try { legacy = storage.getItem(LEGACY_FINISHED_KEY); } catch { return; }
    if (legacy === null) return;
    const finished = readLegacyFinished(legacy, now());
    if (finished === null) {
      store.setAside(legacy, { zh: "旧的课程进度无法读取。", en: "The old lesson progress cannot be read." });
    }
    if (merge({ finished: finished ?? {} }) && finished !== null) {
      try { storage.removeItem(LEGACY_FINISHED_KEY); } catch { /* kept: it is in the new record too */ }
    }
  }

  load();
  return {
    get record() { return store.record; },
    reload: load,
    /** Record one answered question; returns whether it was saved. */
    review: (card, rating, seed) => merge({ reviews: [{ card, at: now(), rating, seed }] }, {
      zh: "这次的答题没能记下:浏览器的存储已满或不可用。请导出进度文件,以免丢失以前的进度。",
      en: "This answer could not be recorded: the browser's storage is full or unavailable. Export a progress file so earlier progress is not lost." }),
    finishLesson: (lesson) => merge({ finished: { [lesson]: now() } }, {
      zh: "这一课没能记为学完:浏览器的存储已满或不可用。腾出空间后再试,或导出进度文件。",
      en: "This lesson could not be recorded as finished: the browser's storage is full or unavailable. Free some space and try again, or export a progress file." }),
    isFinished: (lesson) => lesson in store.record.finished,
    /** The whole record as a file's text (to import on another device). */
    exportText: store.exportText,
    /** Merge an exported file's text in. -> {ok, added, problem}: nothing changes when it cannot be read. */
    importText(text) {
      const { record: other, problem } = store.readFile(text);
      if (problem) return { ok: false, added: 0, problem };
      const before = store.record.reviews.length;
      const ok = merge(other);
      return { ok, added: ok ? store.record.reviews.length - before : 0, problem: null };
    },
  };
}
