// timed-round.js: a three-minute round of one kind of question, a side mode beside scheduled practice (never
// instead of it): as many right answers as the learner can give, a wrong one costing time, the best score kept on
// the device (progress.js's `rounds`, "rules|kind"). Its reviews are recorded with mode "timed": they neither move
// the schedule nor name weaknesses (fast answers under a clock say less about what is known). Pure functions; the
// practice page runs the clock.

export const ROUND_MS = 180_000;
export const MISTAKE_COSTS_MS = 15_000;
// The kinds a round is made of: answered in seconds, one number or yes/no
export const ROUND_KINDS = ["points", "declare"];
// Without a topic answered yet, a round draws from the course's first topics of its kind
const FIRST_TOPICS = 3;

/** The round kinds a rule set's practice has (its description's `practice`). */
export function roundKinds(practice) {
  return ROUND_KINDS.filter((kind) => practice.kinds.some((k) => k.key === kind));
}

export function startRound(rules, kind, now) {
  return { rules, kind, ends: now + ROUND_MS, right: 0, wrong: 0 };
}

/** The round after an answer: a right one counts, a wrong one costs MISTAKE_COSTS_MS. */
export function afterAnswer(round, right) {
  return right ? { ...round, right: round.right + 1 } : { ...round, wrong: round.wrong + 1, ends: round.ends - MISTAKE_COSTS_MS };
}

export function remaining(round, now) {
  return Math.max(0, round.ends - now);
}

/** Time left as the clock shows it: minutes and seconds, rounded up (a round is over at 0:00, not before). */
export function clockText(ms) {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The topics a round of `kind` draws from: those the learner has answered (levels: topicLevels), in course order;
 *  none yet, the course's first ones. `topics`: the rule set's practice topics. */
export function roundTopics(topics, kind, answered) {
  const fit = topics.filter((t) => t.kinds.includes(kind));
  const met = fit.filter((t) => answered(t.key));
  return met.length ? met : fit.slice(0, FIRST_TOPICS);
}

export function roundKey(rules, kind) {
  return `${rules}|${kind}`;
}
