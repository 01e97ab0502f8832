// learner.js: what the practice record (progress.js) says about the learner, derived and never stored — each
// topic's mastery level, the tags the learner keeps missing, the cards that became leeches, what is due, and the
// next lesson to take. Pure functions of plain data, so Node runs them in the tests as the pages do.
//
// Levels follow the mastery-learning model, replayed from the reviews of a topic in time order (a review counts
// for its card's topic and for its `about`, the fan a mixed or series question drew):
//   new         never answered
//   attempted   answered at least once
//   familiar    two right answers since the last wrong one
//   proficient  right since the last wrong one on two of the topic's kinds (its one kind, where it has one),
//               spread over at least PROFICIENT_SPAN: at growing intervals, not in one sitting
//   mastered    proficient, then right inside a mixed challenge (mode "challenge"): the only way there
// A wrong answer lowers the level at once: to one below, and never above familiar (a learner who just missed is
// not proficient). A level above attempted decays by one while a card of the topic is overdue by OVERDUE_GRACE.

import { State } from "../vendor/ts-fsrs.mjs";
import { cardStates, counted, parseCardKey, scheduled } from "./progress.js";

export const LEVELS = ["new", "attempted", "familiar", "proficient", "mastered"];
export const PROFICIENT_SPAN = 20 * 3600_000;
export const OVERDUE_GRACE = 24 * 3600_000;
// A card missed this many times (since it was last taught again, a guided review) is a leech.
export const LEECH_MISSES = 4;
// A tag is named a weakness once it was missed at least this many times.
export const WEAKNESS_MIN_MISSES = 2;

const AGAIN = 1;
const isRight = (review) => review.rating > AGAIN;
const byTime = (a, b) => a.at - b.at;

/** "rules|topic" keys a review counts for. */
export function topicKeys(review) {
  const { rules, topic } = parseCardKey(review.card);
  const keys = [`${rules}|${topic}`];
  if (review.about && review.about !== topic) keys.push(`${rules}|${review.about}`);
  return keys;
}

/** One topic's level from its reviews in time order (kinds: how many kinds the topic takes). */
export function replayLevel(reviews, kinds = 2) {
  if (!reviews.length) return "new";
  let level = 1;
  let streak = [];
  for (const review of reviews) {
    if (!isRight(review)) {
      level = Math.max(1, Math.min(level - 1, 2));
      streak = [];
      continue;
    }
    streak.push(review);
    if (level === 1 && streak.length >= 2) level = 2;
    if (level === 2) {
      const kindsRight = new Set(streak.map((r) => parseCardKey(r.card).kind)).size;
      if (kindsRight >= Math.min(2, kinds) && streak.at(-1).at - streak[0].at >= PROFICIENT_SPAN) level = 3;
    } else if (level === 3 && review.mode === "challenge") {
      level = 4;
    }
  }
  return LEVELS[level];
}

/**
 * Every answered topic's level: Map("rules|topic" -> {level, right, wrong, overdue}). kindsOf(rules, topic) says how
 * many kinds a topic takes (2 when not known). Topics never answered are absent (their level is "new").
 */
export function topicLevels(record, now, kindsOf = () => 2) {
  const reviews = new Map();
  for (const review of [...record.reviews].sort(byTime)) {
    if (!scheduled(record, review)) continue;
    for (const key of topicKeys(review)) {
      if (!reviews.has(key)) reviews.set(key, []);
      reviews.get(key).push(review);
    }
  }
  const overdue = new Set();
  for (const [cardKey, entry] of cardStates(record)) {
    if (entry.card.state === State.Review && entry.card.due.getTime() + OVERDUE_GRACE <= now.getTime()) {
      const { rules, topic } = parseCardKey(cardKey);
      overdue.add(`${rules}|${topic}`);
    }
  }
  const out = new Map();
  for (const [key, list] of reviews) {
    const [rules, topic] = key.split("|");
    let level = replayLevel(list, kindsOf(rules, topic));
    const late = overdue.has(key);
    if (late && LEVELS.indexOf(level) > 1) level = LEVELS[LEVELS.indexOf(level) - 1];
    out.set(key, { level, right: list.filter(isRight).length, wrong: list.filter((r) => !isRight(r)).length,
      overdue: late });
  }
  return out;
}

/** How many kinds each topic takes, from the rule sets' practice descriptions (the `kindsOf` of topicLevels). */
export function kindCounts(rulesets) {
  const counts = new Map(rulesets.flatMap((r) => r.practice.topics.map((t) => [`${r.key}|${t.key}`, t.kinds.length])));
  return (rules, topic) => counts.get(`${rules}|${topic}`) ?? 2;
}

/** One topic's level ("new" when never answered). */
export function levelOf(levels, rules, topic) {
  return levels.get(`${rules}|${topic}`)?.level ?? "new";
}

/**
 * The tags the learner misses, worst first: [{tag, misses, tries, share}], from every counted review (the learner's
 * own hands too, not a timed round's). Every review with tags is a try of each
 * (and of the tags its diagnosis named); a wrong answer is a miss of the tags its diagnosis named (`missed`), or of
 * every tag of the question when nothing explained it. Only tags missed WEAKNESS_MIN_MISSES times are named; the
 * order is the share missed with one right and one wrong try assumed (so two misses of two do not outrank nine of
 * ten), then the misses.
 */
export function weaknesses(record, rules) {
  const tries = new Map();
  const misses = new Map();
  const bump = (map, tag) => map.set(tag, (map.get(tag) ?? 0) + 1);
  for (const review of record.reviews) {
    if (!review.tags || parseCardKey(review.card).rules !== rules || !counted(record, review)) continue;
    const missed = review.missed ?? [];
    for (const tag of new Set([...review.tags, ...missed])) bump(tries, tag);
    if (!isRight(review)) for (const tag of new Set(missed.length ? missed : review.tags)) bump(misses, tag);
  }
  return [...misses].filter(([, n]) => n >= WEAKNESS_MIN_MISSES)
    .map(([tag, n]) => ({ tag, misses: n, tries: tries.get(tag), share: (n + 1) / (tries.get(tag) + 2) }))
    .sort((a, b) => b.share - a.share || b.misses - a.misses || a.tag.localeCompare(b.tag));
}

/** The reviews that missed, newest first, one per question (what "replay my misses" asks again). */
export function misses(record, rules) {
  const seen = new Set();
  const out = [];
  for (const review of [...record.reviews].sort((a, b) => b.at - a.at)) {
    if (parseCardKey(review.card).rules !== rules || review.mode === "timed") continue;
    const id = `${review.card}#${review.seed}#${JSON.stringify(review.q ?? {})}`;
    if (seen.has(id)) continue;
    seen.add(id);
    if (!isRight(review)) out.push(review);
  }
  return out;
}

/** Cards missed LEECH_MISSES times since they were last taught again (a guided review): Set(card key). */
export function leeches(record) {
  const missed = new Map();
  for (const review of [...record.reviews].sort(byTime)) {
    if (!scheduled(record, review)) continue;
    if (review.mode === "guided") missed.set(review.card, 0);
    else if (!isRight(review)) missed.set(review.card, (missed.get(review.card) ?? 0) + 1);
  }
  return new Set([...missed].filter(([, n]) => n >= LEECH_MISSES).map(([card]) => card));
}

/** What is due now (most overdue first) and what falls due next (soonest first, at most `next`): card keys with
 *  their due times. */
export function dueList(record, now, next = 5) {
  const entries = [...cardStates(record)].map(([key, entry]) => ({ key, due: entry.card.due.getTime() }));
  const due = entries.filter((e) => e.due <= now.getTime()).sort((a, b) => a.due - b.due);
  const later = entries.filter((e) => e.due > now.getTime()).sort((a, b) => a.due - b.due).slice(0, next);
  return { due, later };
}

/** The first lesson of `lessons` (keys in course order) not finished, or null when all are. */
export function nextLesson(record, lessons) {
  return lessons.find((key) => !(key in record.finished)) ?? null;
}

/** A tag in words ({zh, en}) from a description's practice.tags, or null: the engine's catalog.tag_name, read the
 *  same way. */
export function tagName(tags, tag) {
  if (!tags) return null;
  if (tag in tags.words) return tags.words[tag];
  const cut = tag.lastIndexOf(":");
  const prefix = tag.slice(0, cut);
  const rest = tag.slice(cut + 1);
  const fill = (form, names) => Object.fromEntries(["zh", "en"].map((lang) =>
    [lang, form[lang].replace(/\{(\w+)\}/g, (_, name) => names[name][lang])]));
  if (prefix === tags.item_tag && rest in tags.items) return tags.items[rest];
  if (prefix in tags.forms && rest in tags.items) return fill(tags.forms[prefix], { name: tags.items[rest] });
  const [head, pair = ""] = [tag.slice(0, tag.indexOf(":")), tag.slice(tag.indexOf(":") + 1)];
  const [by, excluded] = pair.split(">");
  if (head in tags.forms && by in tags.items && excluded in tags.items) {
    return fill(tags.forms[head], { by: tags.items[by], excluded: tags.items[excluded] });
  }
  return null;
}

/** The tag to follow a wrong answer up on: the most precise its diagnosis named (a misconception, a 不计, a principle,
 *  a convention, a multiplier or a concept before a fan or a pattern; never a kind), or none where nothing was
 *  diagnosed. */
export function followUpTag(missed) {
  const rank = (tag) => ["misconception:", "exclusion:", "principle:", "convention:", "multiplier:", "concept:", "fan:", "pattern:"]
    .findIndex((prefix) => tag.startsWith(prefix));
  return missed.filter((tag) => rank(tag) >= 0).sort((x, y) => rank(x) - rank(y))[0] ?? null;
}
