// progress.js: what a learner has done, kept in the browser — practice reviews, finished lessons, the learner's
// settings and own hands — under one versioned schema, and the spaced-repetition schedule derived from it (FSRS,
// the maintained ts-fsrs library, vendored into the site by the build: static/vendor/ts-fsrs.mjs). What the record
// says about the learner (levels, weaknesses, leeches) is derived by learner.js, never stored.
//
// The reviews are the record; every card's schedule is derived by replaying them in time order, so merging two
// records (an import from another device) is the union of their reviews and loses nothing from either side.
//
// Stored as JSON under localStorage "suanfan.progress":
//   {schema: "suanfan-progress", version: 3, reviews: [review], finished: {lessonKey: time},
//    settings: {desired_retention}, resets: {"rules|topic": time}, deck: [hand], rounds: {"rules|kind": round}}
//   review = {card: "gb|fans|pure_straight", at: ms since 1970, rating: 1..4 (again, hard, good, easy), seed,
//             and since version 3, where known: q (the question's request: {kind, topic, seed} or {focus, seed} or
//             {kind, deal, seed}, with its conventions), about (the topic its focus is: a series or mixed question
//             counts for the fan it drew), given (the answer: a number, keys, tiles, yes/no), tags (what the
//             question exercises), missed (the tags of the mistakes that explain a wrong answer, most likely first),
//             mode ("practice" | "check" | "challenge" | "guided" | "timed" | "deck" | "class": a teacher's set),
//             lesson (a check's lesson)}
//   hand = {id, rules, deal: {hand, …situation} (a scoring request without rules, the hand in canonical notation),
//           conventions (the sections it was played under, a sheet's; absent for a pasted line), settings (the
//           situation in words, {zh, en} each, as the engine said them), source: "pasted" | "sheet", note (a pasted
//           line's comment), row (a sheet hand's row number), at}
//   round = {best: right answers in a timed round, at}
// Version 2 had the reviews' first four fields and `finished` only: it is read and migrated to version 3 (its
// reviews kept as they are and counting as before; the record is saved as version 3). Version 1 was the lessons'
// own key "suanfan.lessons.finished" (a list of lesson keys): it is migrated once.
// Data this page cannot read (garbled JSON, another shape, a newer version) is never overwritten: it is set aside
// under "suanfan.progress.set-aside.<time>" and reported. A failed write (storage full, private mode) is reported
// and undone in the page too: what the page shows as done is what is stored, never "finished" now and lost on reload.
// Keeping it is store.js's job, shared with the score sheet.
//
// The pure functions (readRecord, mergeRecords, cardStates, …) take and return plain data; `openProgress()` binds
// them to localStorage for a page.

import { Rating, State, createEmptyCard, fsrs, generatorParameters } from "../vendor/ts-fsrs.mjs";
import { _, ngettext } from "./gettext.js";
import { openStore, setAsidePrefix } from "./store.js";

export const STORE_KEY = "suanfan.progress";
export const LEGACY_FINISHED_KEY = "suanfan.lessons.finished";
export const SET_ASIDE_PREFIX = setAsidePrefix(STORE_KEY);
export const SCHEMA = "suanfan-progress";
export const VERSION = 3;
export const RATINGS = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };
export const MODES = ["practice", "check", "challenge", "guided", "timed", "deck", "class"];
// FSRS's desired retention: the chance of recall a card is scheduled for. Its default, and the range offered.
export const DEFAULT_RETENTION = 0.9;
export const RETENTION_RANGE = [0.7, 0.97];

// No fuzz: a schedule replayed from the same reviews is always the same schedule.
const schedulers = new Map();
function scheduler(retention = DEFAULT_RETENTION) {
  if (!schedulers.has(retention)) {
    schedulers.set(retention, fsrs(generatorParameters({ enable_fuzz: false, request_retention: retention })));
  }
  return schedulers.get(retention);
}

export function emptyRecord() {
  return { schema: SCHEMA, version: VERSION, reviews: [], finished: {}, settings: {}, resets: {}, deck: [], rounds: {} };
}

export function cardKey(rules, kind, topic) {
  return `${rules}|${kind}|${topic}`;
}

export function parseCardKey(key) {
  const [rules, kind, topic] = key.split("|");
  return { rules, kind, topic };
}

const isTime = (value) => Number.isFinite(value) && value >= 0;
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isStrings = (value) => Array.isArray(value) && value.every((v) => typeof v === "string");
const isAnswer = (value) => typeof value === "boolean" || (Number.isInteger(value) && value >= 0)
  || typeof value === "string" || isStrings(value);

function validReview(r) {
  if (!isObject(r) || typeof r.card !== "string" || r.card.split("|").length !== 3 || !isTime(r.at)
      || ![1, 2, 3, 4].includes(r.rating) || !Number.isInteger(r.seed) || r.seed < 0) return false;
  // version 3's fields, each optional
  return (r.q === undefined || isObject(r.q)) && (r.about === undefined || typeof r.about === "string")
    && (r.given === undefined || isAnswer(r.given)) && (r.tags === undefined || isStrings(r.tags))
    && (r.missed === undefined || isStrings(r.missed)) && (r.mode === undefined || MODES.includes(r.mode))
    && (r.lesson === undefined || typeof r.lesson === "string");
}

function validHand(entry) {
  return isObject(entry) && typeof entry.id === "string" && typeof entry.rules === "string" && isObject(entry.deal)
    && typeof entry.deal.hand === "string" && isTime(entry.at);
}

/** A review's identity: the same review from two devices is one review. */
export function reviewId(r) {
  return `${r.card}@${r.at}#${r.seed}`;
}

const problem = (text) => ({ record: null, problem: text });

/**
 * Read stored text as a record. -> {record, problem, migrated}: problem is null when the text is a record this page
 * understands (or nothing at all), else {zh, en} saying why it cannot be used (the caller sets the text aside);
 * migrated says the text was an older version, now read as this one.
 */
export function readRecord(text) {
  if (text === null || text === undefined || text === "") return { record: emptyRecord(), problem: null };
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return problem(_("The progress data is damaged (not complete JSON)."));
  }
  if (!isObject(data) || data.schema !== SCHEMA) {
    return problem(_("The progress data is not in this site's format."));
  }
  if (data.version !== VERSION && data.version !== 2) {
    return problem(_("The progress data is version {version}; this page reads versions 2 and {reads}.",
      { version: data.version, reads: VERSION }));
  }
  const reviews = Array.isArray(data.reviews) ? data.reviews : null;
  const finished = isObject(data.finished) ? data.finished : null;
  const later = data.version === 2 ? {} : data;   // version 2 has none of these: they start empty
  const settings = later.settings ?? {};
  const resets = later.resets ?? {};
  const deck = later.deck ?? [];
  const rounds = later.rounds ?? {};
  const retention = settings.desired_retention;
  if (!reviews || !finished || !reviews.every(validReview) || !Object.values(finished).every(isTime)
      || !isObject(settings) || (retention !== undefined && !validRetention(retention))
      || !isObject(resets) || !Object.values(resets).every(isTime) || !Array.isArray(deck) || !deck.every(validHand)
      || !isObject(rounds) || !Object.values(rounds).every((r) => isObject(r) && Number.isInteger(r.best) && isTime(r.at))) {
    return problem(_("The progress data holds entries this page cannot read."));
  }
  return { record: { schema: SCHEMA, version: VERSION, reviews, finished: { ...finished }, settings: { ...settings },
    resets: { ...resets }, deck: [...deck], rounds: { ...rounds } }, problem: null, migrated: data.version !== VERSION };
}

export function validRetention(value) {
  return Number.isFinite(value) && value >= RETENTION_RANGE[0] && value <= RETENTION_RANGE[1];
}

/** Version 1: the lessons' list of finished lesson keys. -> the finished map, or null when it is not such a list. */
export function readLegacyFinished(text, now) {
  try {
    const keys = JSON.parse(text);
    if (Array.isArray(keys) && keys.every((k) => typeof k === "string")) return Object.fromEntries(keys.map((k) => [k, now]));
  } catch { /* not a list: left where it is */ }
  return null;
}

/** Two records as one: every review of either (once each), every finished lesson (at its earlier time), every own
 *  hand (once), each topic's later reset, each timed round's better best; the settings of `a`, then those only b has. */
export function mergeRecords(a, b) {
  const byId = new Map();
  for (const r of [...a.reviews, ...b.reviews]) byId.set(reviewId(r), r);
  const reviews = [...byId.values()].sort((x, y) => x.at - y.at || x.card.localeCompare(y.card));
  const finished = { ...a.finished };
  for (const [lesson, at] of Object.entries(b.finished)) finished[lesson] = Math.min(at, finished[lesson] ?? at);
  const resets = { ...a.resets };
  for (const [topic, at] of Object.entries(b.resets ?? {})) resets[topic] = Math.max(at, resets[topic] ?? at);
  const hands = new Map();
  for (const entry of [...(a.deck ?? []), ...(b.deck ?? [])]) if (!hands.has(entry.id)) hands.set(entry.id, entry);
  const rounds = { ...a.rounds };
  for (const [key, round] of Object.entries(b.rounds ?? {})) {
    if (!rounds[key] || round.best > rounds[key].best) rounds[key] = round;
  }
  return { schema: SCHEMA, version: VERSION, reviews, finished, settings: { ...(b.settings ?? {}), ...(a.settings ?? {}) },
    resets, deck: [...hands.values()].sort((x, y) => x.at - y.at || x.id.localeCompare(y.id)), rounds };
}

/** The time a topic was last reset (0 if never): its reviews before then no longer count. */
export function resetTime(record, rules, topic) {
  return record.resets?.[`${rules}|${topic}`] ?? 0;
}

/** Whether a review says what the learner knows (their weaknesses): not a timed round's (fast answers under a
 *  clock), not one from before its topic was reset. */
export function counted(record, review) {
  const { rules, topic } = parseCardKey(review.card);
  const after = (reset) => reset === 0 || review.at > reset;
  return review.mode !== "timed" && after(resetTime(record, rules, topic))
    && after(resetTime(record, rules, review.about ?? topic));
}

/** Whether a review counts for the schedule and the levels: a counted one that is not about a hand of the
 *  learner's own or a teacher's (its card, "rules|kind|deck", is no topic the schedule can ask again). */
export function scheduled(record, review) {
  return counted(record, review) && parseCardKey(review.card).topic !== "deck";
}

/** Every reviewed card's FSRS state, by replaying its reviews in order: Map(cardKey -> {card, reviews, last, lapses}),
 *  at the record's desired retention. */
export function cardStates(record) {
  const fsrsFor = scheduler(record.settings?.desired_retention ?? DEFAULT_RETENTION);
  const states = new Map();
  for (const review of [...record.reviews].sort((x, y) => x.at - y.at)) {
    if (!scheduled(record, review)) continue;
    let entry = states.get(review.card);
    if (!entry) {
      entry = { card: createEmptyCard(new Date(review.at)), reviews: 0, last: null };
      states.set(review.card, entry);
    }
    entry.card = fsrsFor.next(entry.card, new Date(review.at), review.rating).card;
    entry.reviews += 1;
    entry.last = review;
  }
  return states;
}

/** How well a card is known now, 0..1 (the chance of recalling it); 0 for a card never seen. */
export function retrievability(entry, now) {
  if (!entry || entry.card.state === State.New) return 0;
  return scheduler().get_retrievability(entry.card, now, false);
}

/** Whether a card is due at `now`. */
export function isDue(entry, now) {
  return Boolean(entry) && entry.card.due.getTime() <= now.getTime();
}

/**
 * What to practise next among `candidates` (card keys in course order): the most overdue due card first; else
 * the first card never seen (new topics come in course order); else the card least likely to be recalled now (of
 * equal ones, the one practised longest ago).
 * `skip`: card keys not to ask now (the one just answered, a leech waiting to be taught again).
 */
export function nextCard(states, candidates, now, skip = new Set()) {
  const open = candidates.filter((k) => !skip.has(k));
  const due = open.filter((k) => isDue(states.get(k), now)).sort((x, y) => states.get(x).card.due - states.get(y).card.due);
  if (due.length) return { key: due[0], why: "due" };
  const fresh = open.find((k) => !states.has(k));
  if (fresh) return { key: fresh, why: "new" };
  // Recall chances tie within a day (FSRS counts whole days): then the card practised longest ago, so that a
  // session with nothing due goes round every topic instead of back and forth between the first two.
  const weakest = [...open].sort((x, y) => retrievability(states.get(x), now) - retrievability(states.get(y), now)
    || states.get(x).last.at - states.get(y).last.at);
  return weakest.length ? { key: weakest[0], why: "weakest" } : null;
}

// ---------------------------------------------------------------- bound to the browser's storage

const NOT_RECORDED = _(
  "This answer could not be recorded: the browser's storage is full or unavailable. Export a progress file so earlier progress is not lost.");
const NOT_SAVED = _(
  "This change could not be saved: the browser's storage is full or unavailable. Export a progress file so earlier progress is not lost.");

/** What an exported record holds, in words: the first lines of the file. */
export function describeRecord(record) {
  const times = record.reviews.map((r) => r.at);
  const day = (t) => new Date(t).toISOString().slice(0, 10);
  const span = times.length ? `${day(Math.min(...times))} – ${day(Math.max(...times))}` : "—";
  const lessons = Object.keys(record.finished).length;
  const retention = record.settings?.desired_retention ?? DEFAULT_RETENTION;
  const resets = Object.keys(record.resets ?? {}).length;
  // Each number its own plural, made apart (the extractor reads no marked call inside another).
  const answers = ngettext("1 answer", "{n} answers", record.reviews.length);
  const finished = ngettext("1 lesson", "{n} lessons", lessons);
  const hands = ngettext("1 hand", "{n} hands", record.deck?.length ?? 0);
  const topics = ngettext("1 topic", "{n} topics", resets);
  return _("Suanfan progress: {answers} ({span}; each with the answer given, the question and what it exercises), "
      + "{lessons} finished, {hands} of your own, desired retention {retention}, {topics} started again. "
      + "Import it on the Practice or Progress page to merge it.",
    { answers, span, lessons: finished, hands, retention, topics });
}

/**
 * The page's handle on the stored progress (kept by store.js, the site's one way of keeping a record in the browser).
 * onProblem({zh, en}) is told about data set aside and failed writes (the page shows it); nothing is ever dropped
 * silently.
 */
export function openProgress({ storage = globalThis.localStorage, onProblem = () => {}, now = () => Date.now() } = {}) {
  let migrated = false;
  const read = (text) => {
    const outcome = readRecord(text);
    migrated = Boolean(outcome.migrated);
    return outcome;
  };
  const store = openStore({ key: STORE_KEY, what: _("progress"), read, empty: emptyRecord,
    storage, onProblem, now, describe: describeRecord });
  const merge = (other, problem) => store.put(mergeRecords(store.record, { ...emptyRecord(), ...other }), problem);
  const change = (edit) => store.put(edit(structuredClone(store.record)), NOT_SAVED);

  function load() {
    const text = store.load();
    if (text === null) migrateLegacy();
    else if (migrated) store.save();      // a version 2 record, now kept as version 3
  }

  function migrateLegacy() {
    let legacy;
    try { legacy = storage.getItem(LEGACY_FINISHED_KEY); } catch { return; }
    if (legacy === null) return;
    const finished = readLegacyFinished(legacy, now());
    if (finished === null) {
      store.setAside(legacy, _("The old lesson progress cannot be read."));
    }
    if (merge({ finished: finished ?? {} }) && finished !== null) {
      try { storage.removeItem(LEGACY_FINISHED_KEY); } catch { /* kept: it is in the new record too */ }
    }
  }

  load();
  return {
    get record() { return store.record; },
    reload: load,
    /** Record one answered question; `more`: the version 3 fields (q, about, given, tags, missed, mode, lesson).
     *  Returns whether it was saved. */
    review: (card, rating, seed, more = {}) => {
      const extra = Object.fromEntries(Object.entries(more).filter(([, v]) => v !== undefined && v !== null));
      return merge({ reviews: [{ card, at: now(), rating, seed, ...extra }] }, NOT_RECORDED);
    },
    finishLesson: (lesson) => merge({ finished: { [lesson]: now() } }, _(
      "This lesson could not be recorded as finished: the browser's storage is full or unavailable. Free some space and try again, or export a progress file.")),
    isFinished: (lesson) => lesson in store.record.finished,
    /** The desired retention (FSRS), within RETENTION_RANGE; -> whether it was saved. */
    setRetention: (value) => validRetention(value)
      && change((record) => ({ ...record, settings: { ...record.settings, desired_retention: value } })),
    /** Start a topic again: its reviews stay in the log (and in an export) but no longer count. */
    resetTopic: (rules, topic) => change((record) => ({ ...record, resets: { ...record.resets, [`${rules}|${topic}`]: now() } })),
    /** Add hands of the learner's own ({rules, deal, conventions, settings, source, note, row}); those already there
     *  are kept once. -> how many were added (0 also when the browser would not store them: reported). */
    addHands(hands) {
      const known = new Set(store.record.deck.map((entry) => entry.id));
      const fresh = hands.map((entry) => ({ ...entry, id: handId(entry.rules, { ...entry.deal, ...entry.conventions }), at: now() }))
        .filter((entry) => !known.has(entry.id) && known.add(entry.id));
      if (!fresh.length) return 0;
      return change((record) => ({ ...record, deck: [...record.deck, ...fresh] })) ? fresh.length : 0;
    },
    removeHand: (id) => change((record) => ({ ...record, deck: record.deck.filter((entry) => entry.id !== id) })),
    /** A timed round's score: kept when it is the first or beats the best. -> {best, improved, saved}. */
    finishRound(key, right) {
      const known = store.record.rounds[key];
      const best = known?.best ?? 0;
      if (known && right <= best) return { best, improved: false, saved: true };
      const saved = change((record) => ({ ...record, rounds: { ...record.rounds, [key]: { best: right, at: now() } } }));
      return { best: saved ? right : best, improved: saved, saved };
    },
    /** The whole record as a file's text (to import on another device), with a line saying what it holds. */
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

/** A hand of the learner's own, named by what it is: the same hand, situation and conventions is one hand. */
export function handId(rules, deal) {
  const keys = Object.keys(deal).sort();
  return `${rules}:${keys.map((k) => `${k}=${JSON.stringify(deal[k])}`).join("&")}`;
}
