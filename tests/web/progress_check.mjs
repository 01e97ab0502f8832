// Runs static/js/progress.js (from the built site, beside its vendored ts-fsrs) on the cases of test_progress.py:
//   node progress_check.mjs DIST   ->   prints a JSON object of named outcomes
import { pathToFileURL } from "node:url";

const dist = process.argv[2];
const P = await import(pathToFileURL(`${dist}/static/js/progress.js`).href);

/** A localStorage stand-in: a Map, and a switch that makes every write fail (a full or forbidden storage). */
function memoryStorage(initial = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map, full: false,
    getItem: (k) => (map.has(k) ? map.get(k) : null),
    setItem(k, v) { if (this.full) throw new Error("QuotaExceededError"); map.set(k, String(v)); },
    removeItem: (k) => map.delete(k),
  };
}

let clock = Date.UTC(2026, 10, 1, 8);
const now = () => clock;
const out = {};

// 1. The old lessons' key is migrated once, into the new record, and removed only after the new one is saved.
{
  const storage = memoryStorage({ [P.LEGACY_FINISHED_KEY]: JSON.stringify(["jiujiang/01-ping-hu", "gb/01-winning"]) });
  const problems = [];
  const progress = P.openProgress({ storage, now, onProblem: (p) => problems.push(p) });
  out.migrated = { finished: Object.keys(progress.record.finished).sort(), legacyLeft: storage.map.has(P.LEGACY_FINISHED_KEY),
    stored: JSON.parse(storage.getItem(P.STORE_KEY)).version, problems: problems.length };
}

// 2. Garbled, foreign and newer data is set aside untouched, reported, and never overwritten.
for (const [name, text] of [["truncated", '{"schema":"suanfan-progress","version":2,"reviews":[{"ca'],
  ["object", '{"hello": "world"}'], ["string", '"just a string"'], ["newer", '{"schema":"suanfan-progress","version":9}'],
  ["bad_review", JSON.stringify({ schema: "suanfan-progress", version: 2, reviews: [{ card: "x", at: -1, rating: 7, seed: 1 }], finished: {} })]]) {
  const storage = memoryStorage({ [P.STORE_KEY]: text });
  const problems = [];
  const progress = P.openProgress({ storage, now, onProblem: (p) => problems.push(p) });
  progress.review("gb|points|pure_straight", P.RATINGS.good, 3);
  const aside = [...storage.map.keys()].filter((k) => k.startsWith(P.SET_ASIDE_PREFIX));
  out[`set_aside_${name}`] = { problems: problems.length, words: problems.every((p) => p.zh && p.en),
    keptAsWas: aside.length === 1 && storage.getItem(aside[0]) === text,
    fresh: JSON.parse(storage.getItem(P.STORE_KEY)).reviews.length };
}

// 3. A failed write is reported; the review stays in the page's memory.
{
  const storage = memoryStorage();
  const problems = [];
  const progress = P.openProgress({ storage, now, onProblem: (p) => problems.push(p) });
  storage.full = true;
  const saved = progress.review("jiujiang|points|ping_hu", P.RATINGS.again, 1);
  const finished = progress.finishLesson("jiujiang/01-ping-hu");
  out.full = { saved, finished, problems: problems.length, inMemory: progress.record.reviews.length,
    shownFinished: progress.isFinished("jiujiang/01-ping-hu") };
}

// 4. Merging two devices' records keeps every review of both, once each, and the earlier finish of a lesson.
{
  const a = P.openProgress({ storage: memoryStorage(), now });
  const b = P.openProgress({ storage: memoryStorage(), now });
  a.review("gb|fans|pure_straight", P.RATINGS.good, 1); clock += 60_000;
  b.review("gb|fans|pure_straight", P.RATINGS.again, 2); clock += 60_000;
  b.review("jiujiang|pay|who_pays", P.RATINGS.good, 3); clock += 60_000;
  a.finishLesson("jiujiang/02-peng-peng-hu"); clock += 60_000;
  b.finishLesson("jiujiang/02-peng-peng-hu");
  const first = a.importText(b.exportText());
  const again = a.importText(b.exportText());
  const refused = a.importText("not a progress file");
  out.merge = { reviews: a.record.reviews.length, added: first.added, addedAgain: again.added,
    finishedAt: a.record.finished["jiujiang/02-peng-peng-hu"], refused: refused.ok === false && Boolean(refused.problem),
    afterRefusal: a.record.reviews.length };
  out.mergeSymmetric = JSON.stringify(P.mergeRecords(a.record, b.record)) === JSON.stringify(P.mergeRecords(b.record, a.record));
}

// 5. The schedule is a replay of the reviews: the same record gives the same schedule; a wrong answer comes back
//    sooner than a right one; what is due comes first, then new cards in course order.
{
  const record = { ...P.emptyRecord(), reviews: [
    { card: "gb|points|a", at: clock, rating: P.RATINGS.good, seed: 1 },
    { card: "gb|points|b", at: clock, rating: P.RATINGS.again, seed: 2 },
  ] };
  const s1 = P.cardStates(record), s2 = P.cardStates(JSON.parse(JSON.stringify(record)));
  out.replay = { same: JSON.stringify([...s1]) === JSON.stringify([...s2]),
    wrongSooner: s1.get("gb|points|b").card.due < s1.get("gb|points|a").card.due };
  const later = new Date(clock + 10 * 60_000);
  out.next = { dueFirst: P.nextCard(s1, ["gb|points|a", "gb|points|b", "gb|points|c"], later).key,
    newNext: P.nextCard(s1, ["gb|points|a", "gb|points|c", "gb|points|d"], new Date(clock)).key,
    mastery: P.topicMastery(s1, "gb", "a", new Date(clock + 60_000)), unseen: P.topicMastery(s1, "gb", "zzz", later) };
}

process.stdout.write(JSON.stringify(out));
