// Runs static/js/progress.js (from the built site, beside its vendored ts-fsrs) on the cases of test_progress.py:
//   node progress_check.mjs DIST   ->   prints a JSON object of named outcomes
import { pathToFileURL } from "node:url";

const dist = process.argv[2];
const P = await import(pathToFileURL(`${dist}/static/js/progress.js`).href);
const L = await import(pathToFileURL(`${dist}/static/js/learner.js`).href);
const D = await import(pathToFileURL(`${dist}/static/js/deck.js`).href);
const T = await import(pathToFileURL(`${dist}/static/js/timed-round.js`).href);

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
    skipped: P.nextCard(s1, ["gb|points|a", "gb|points|b"], later, new Set(["gb|points|b"])).key };
}

// 6. A version 2 record is read, migrated and saved as version 3, its reviews kept and counting as before.
{
  const v2 = { schema: "suanfan-progress", version: 2, finished: { "jiujiang/01-ping-hu": clock },
    reviews: [{ card: "jiujiang|points|ping_hu", at: clock, rating: 3, seed: 5 }, { card: "jiujiang|points|ping_hu", at: clock + 1, rating: 1, seed: 6 }] };
  const storage = memoryStorage({ [P.STORE_KEY]: JSON.stringify(v2) });
  const problems = [];
  const progress = P.openProgress({ storage, now, onProblem: (p) => problems.push(p) });
  const stored = JSON.parse(storage.getItem(P.STORE_KEY));
  out.v2 = { version: stored.version, reviews: stored.reviews, finished: Object.keys(stored.finished), problems: problems.length,
    sameSchedule: JSON.stringify([...P.cardStates(progress.record)]) === JSON.stringify([...P.cardStates({ ...P.emptyRecord(), ...v2, version: 3 })]),
    level: L.levelOf(L.topicLevels(progress.record, new Date(clock + 2)), "jiujiang", "ping_hu") };
}

// 7. The levels: a wrong answer at once lowers the level and never leaves proficient or mastered; familiar after
//    two right, proficient only across kinds and a day, mastered only through a challenge.
{
  const day = 24 * 3600_000;
  const r = (kind, at, rating, mode) => ({ card: `gb|${kind}|dragon_pung`, at, rating, seed: at % 1000, ...(mode ? { mode } : {}) });
  const level = (reviews, at) => L.levelOf(L.topicLevels({ ...P.emptyRecord(), reviews }, new Date(at)), "gb", "dragon_pung");
  const t = clock;
  const steps = [r("points", t, 3)];
  out.levels = { none: level([], t), one: level(steps, t) };
  steps.push(r("points", t + 60_000, 3));
  out.levels.two = level(steps, t + 60_000);
  steps.push(r("points", t + day, 3));
  out.levels.oneKindADayLater = level(steps, t + day);
  steps.push(r("fans", t + day + 60_000, 3));
  out.levels.twoKinds = level(steps, t + day + 60_000);
  const proficient = [...steps];
  steps.push(r("points", t + day + 120_000, 3));
  out.levels.rightOutsideChallenge = level(steps, t + day + 120_000);
  steps.push(r("points", t + day + 180_000, 3, "challenge"));
  out.levels.challenge = level(steps, t + day + 180_000);
  out.levels.wrongAfterMastered = level([...steps, r("points", t + day + 240_000, 1)], t + day + 240_000);
  out.levels.wrongAfterProficient = level([...proficient, r("fans", t + day + 240_000, 1)], t + day + 240_000);
  out.levels.wrongAtOnce = level([r("points", t, 1)], t);
  // overdue: every card of the topic in review and due long ago -> one level down
  out.levels.decayed = level(proficient, t + 400 * day);
  // a series question counts for the fan it drew (`about`)
  out.levels.about = L.levelOf(L.topicLevels({ ...P.emptyRecord(), reviews: [
    { card: "gb|points|mixed", at: t, rating: 3, seed: 1, about: "dragon_pung" }] }, new Date(t)), "gb", "dragon_pung");
}

// 8. Weaknesses: a diagnosed miss counts for the tag it names, so the broad tag does not drown it; replayed misses;
//    leeches; the due list; a tag in words.
{
  const excl = "exclusion:dragon_pung>pung_of_terminals_or_honors";
  const reviews = [];
  for (let i = 0; i < 6; i += 1) {
    const wrong = i < 5;
    reviews.push({ card: "gb|points|mixed", at: clock + i, rating: wrong ? 1 : 3, seed: i, tags: ["kind:points", "fan:dragon_pung", excl],
      ...(wrong ? { missed: [excl], given: 9 } : {}) });
  }
  for (let i = 0; i < 6; i += 1) {
    reviews.push({ card: "gb|points|mixed", at: clock + 10 + i, rating: i < 2 ? 1 : 3, seed: 10 + i, tags: ["kind:points", "fan:pure_straight"] });
  }
  const record = { ...P.emptyRecord(), reviews };
  const found = L.weaknesses(record, "gb");
  const leech = L.leeches({ ...P.emptyRecord(), reviews: reviews.slice(0, 5).map((r) => ({ ...r, card: "gb|points|dragon_pung" })) });
  const taught = L.leeches({ ...P.emptyRecord(), reviews: [...reviews.slice(0, 5).map((r) => ({ ...r, card: "gb|points|dragon_pung" })),
    { card: "gb|points|dragon_pung", at: clock + 100, rating: 2, seed: 1, mode: "guided" }] });
  const due = L.dueList(record, new Date(clock + 30 * 24 * 3600_000));
  const tags = { item_tag: "fan", words: { "kind:points": { zh: "算分题", en: "count the points questions" } },
    items: { dragon_pung: { zh: "箭刻", en: "Dragon Pung" }, pung_of_terminals_or_honors: { zh: "幺九刻", en: "Pung of Terminals or Honors" } },
    forms: { exclusion: { zh: "{by}之下的{excluded}(不计)", en: "{excluded} under {by} (not counted)" },
      "misconception:near_miss": { zh: "差一点的{name}", en: "near misses of {name}" } } };
  out.weak = { first: found[0], all: found.map((w) => w.tag), misses: L.misses(record, "gb").length,
    leech: [...leech], taught: [...taught], due: due.due.length, later: due.later.length,
    name: L.tagName(tags, excl), near: L.tagName(tags, "misconception:near_miss:dragon_pung"), fan: L.tagName(tags, "fan:dragon_pung"),
    unknown: L.tagName(tags, "fan:zzz") };
}

// 9. An export says what it holds, and its own words are not part of the record it is read back as.
{
  const a = P.openProgress({ storage: memoryStorage(), now });
  a.review("gb|points|dragon_pung", P.RATINGS.again, 1, { given: 9, tags: ["kind:points"], missed: [], mode: "practice", q: { kind: "points", topic: "dragon_pung", seed: 1 } });
  const text = a.exportText();
  const b = P.openProgress({ storage: memoryStorage(), now });
  const merged = b.importText(text);
  out.exported = { about: JSON.parse(text).about, added: merged.added, review: b.record.reviews[0],
    retention: a.setRetention(0.8) && a.record.settings.desired_retention, refused: a.setRetention(2) };
  a.resetTopic("gb", "dragon_pung");
  clock += 1;
  out.exported.afterReset = L.levelOf(L.topicLevels(a.record, new Date(clock)), "gb", "dragon_pung");
  out.exported.kept = a.record.reviews.length;
}

// 10. The learner's own hands: pasted lines read, kept once, asked every kind that fits; their reviews count for the
//     weaknesses but not the schedule, a timed round's for neither; a round's best is kept only when beaten.
{
  out.deckLines = D.readDeckLines("123m456p 789s EEE SS self_drawn flowers=1 # 东一局\r\n# a comment\n\nseat_wind=S\n"
    + "[555p1]123m789s234s99s self_drawn=false seat_wind=S last_copy=true");
  const sheet = { conventions: { rules: "jiujiang", table: { base: 2 } }, players: ["", "", "", ""],
    rows: [{ dealer: 0, winner: 1, discarder: 2, hand: "11m" }, { dealer: 0, winner: null }, { dealer: 0, winner: 2, self_drawn: true, hand: " 22m " }] };
  const settle = D.sheetSettleRequest(sheet);
  out.sheet = { settle, none: D.sheetSettleRequest({ ...sheet, rows: [{ dealer: 0, winner: null }] }),
    candidates: D.sheetCandidates({ rows: [{ ok: true, request: { hand: "11m" } }, { ok: false, error: { code: "x" } }] }, settle.rows) };
  const progress = P.openProgress({ storage: memoryStorage(), now });
  const hand = { rules: "gb", deal: { hand: "123m456p789sEEESS", self_drawn: true }, settings: [], source: "pasted" };
  const added = [progress.addHands([hand, hand]), progress.addHands([hand]),
    progress.addHands([{ ...hand, conventions: { variants: { two_concealed_kongs: 8 } } }])];
  clock += 1;
  progress.addHands([{ ...hand, rules: "jiujiang" }]);
  const queue = D.deckQueue(progress.record.deck, "gb", "points");
  const asked = new Set(queue.map((q) => `${q.hand}|${q.kind}`));
  const follow = D.deckFollowUps(queue[0].hand, ["points", "fans", "declare"], asked);
  const again = D.deckFollowUps(queue[0].hand, ["points", "fans", "declare"], asked);
  for (const mode of ["deck", "deck", "timed", "timed"]) {
    clock += 1000;
    progress.review(`gb|points|${mode === "deck" ? "deck" : "dragon_pung"}`, P.RATINGS.again, 1,
      { mode, tags: ["kind:points", "fan:dragon_pung"], missed: ["fan:dragon_pung"] });
  }
  out.deck = { added, ids: progress.record.deck.map((e) => e.id), queue: queue.length, follow, again,
    weak: L.weaknesses(progress.record, "gb").map((w) => [w.tag, w.misses]), cards: P.cardStates(progress.record).size,
    levels: L.topicLevels(progress.record, new Date(clock)).size, replay: L.misses(progress.record, "gb").length,
    removed: progress.removeHand(progress.record.deck[0].id) && progress.record.deck.length };
  const rounds = [progress.finishRound("gb|points", 4), progress.finishRound("gb|points", 3), progress.finishRound("gb|points", 6)];
  const firstZero = progress.finishRound("gb|declare", 0);
  let round = T.startRound("gb", "points", 0);
  round = T.afterAnswer(T.afterAnswer(T.afterAnswer(round, true), false), true);
  out.round = { rounds, firstZero, zeroKept: progress.record.rounds["gb|declare"]?.best, best: progress.record.rounds["gb|points"].best, right: round.right, wrong: round.wrong,
    left: T.remaining(round, 60_000), clock: [T.clockText(180_000), T.clockText(59_001), T.clockText(0), T.clockText(T.remaining(round, 10 ** 9))],
    topics: [T.roundTopics([{ key: "a", kinds: ["points"] }, { key: "b", kinds: ["fans"] }, { key: "c", kinds: ["points"] },
      { key: "d", kinds: ["points"] }, { key: "e", kinds: ["points"] }], "points", () => false).map((t) => t.key),
    T.roundTopics([{ key: "a", kinds: ["points"] }, { key: "c", kinds: ["points"] }], "points", (t) => t === "c").map((t) => t.key)] };
}

  out.followUp = [L.followUpTag(["kind:points", "fan:dragon_pung", "misconception:forgets_flowers"]),
    L.followUpTag(["kind:points", "pattern:qi_dui", "exclusion:dragon_pung>pung_of_terminals_or_honors"]),
    L.followUpTag(["kind:points"]), L.followUpTag([])];

process.stdout.write(JSON.stringify(out));
