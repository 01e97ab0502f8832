// Checking an engine result against a lesson's `expect` or an exercise's `goal`.
// This mirrors check_expectation in web/course/expectations.py key for key (the build uses that one); tests/lessons
// runs both on the same cases and requires the same mismatches. Pure: no DOM, no engine.

const LIST_ALL = new Set(["patterns", "fans", "excluded"]);
const LIST_NONE = new Set(["not_patterns", "not_fans"]);

function keysOf(items) {
  return [...new Set((items ?? []).map((item) => item.key))].sort();
}

/** One {key, expected, actual} per way the result differs from the expectation; [] when it meets it. */
export function checkExpectation(expect, result) {
  if (!result.ok) {
    const code = result.error?.code ?? null;
    const wanted = expect.error ?? null;
    return wanted === code ? [] : [{ key: "error", expected: wanted, actual: code }];
  }
  if ("error" in expect) return [{ key: "error", expected: expect.error, actual: null }];
  const actual = {
    total: result.total ?? null,
    pattern: result.pattern?.key ?? null,
    patterns: keysOf(result.patterns),
    not_patterns: keysOf(result.patterns),
    capped: result.capped ?? null,
    fans: keysOf(result.fans),
    not_fans: keysOf(result.fans),
    excluded: keysOf(result.excluded),
    meets_minimum: result.meets_minimum ?? null,
  };
  const mismatches = [];
  for (const [key, wanted] of Object.entries(expect)) {
    const have = actual[key];
    let ok;
    if (LIST_ALL.has(key)) ok = wanted.every((k) => have.includes(k));
    else if (LIST_NONE.has(key)) ok = !wanted.some((k) => have.includes(k));
    else ok = have === wanted;
    if (!ok) mismatches.push({ key, expected: wanted, actual: have });
  }
  return mismatches;
}

/**
 * A mismatch as a sentence for the learner, {zh, en}. `names` maps pattern/fan keys to {zh, en}
 * (the page carries the engine's names); the result's own entries name what it has.
 */
export function explainMismatch(m, result, names = {}) {
  const known = { ...names };
  for (const item of [...(result.patterns ?? []), ...(result.fans ?? []), ...(result.excluded ?? [])]) {
    if (item.zh) known[item.key] = { zh: item.zh, en: item.en ?? item.key };
  }
  const name = (key) => known[key] ?? { zh: key, en: key };
  const list = (keys) => ({ zh: keys.map((k) => name(k).zh).join("、"), en: keys.map((k) => name(k).en).join(", ") });
  const { key, expected, actual } = m;
  // the rule set's own unit and minimum, as the scored result carries them
  const unit = result.unit ?? { zh: "", en: "" };
  const minimum = result.minimum;
  switch (key) {
    case "error":
      if (expected === null) {
        return { zh: `引擎不认这手牌:${result.error?.message?.zh ?? actual}`,
                 en: `The engine refuses this hand: ${result.error?.message?.en ?? actual}` };
      }
      return { zh: "这手牌能胡,目标是一手不成立的牌。", en: "This hand wins; the goal is a hand that does not." };
    case "total":
      return { zh: `这手牌算出 ${actual} ${unit.zh},目标是 ${expected} ${unit.zh}。`, en: `This hand scores ${actual}; the goal is ${expected}.` };
    case "pattern": {
      const have = name(actual), want = name(expected);
      return { zh: `引擎取的最高番是${have.zh},目标是${want.zh}。`,
               en: `The highest pattern is ${have.en}; the goal is ${want.en}.` };
    }
    case "patterns":
    case "fans":
    case "excluded": {
      const missing = list(expected.filter((k) => !actual.includes(k)));
      return { zh: `这手牌还没有:${missing.zh}。`, en: `This hand does not have: ${missing.en}.` };
    }
    case "not_patterns":
    case "not_fans": {
      const found = list(expected.filter((k) => actual.includes(k)));
      return { zh: `这手牌不该有:${found.zh}。`, en: `This hand should not have: ${found.en}.` };
    }
    case "capped":
      return expected
        ? { zh: "还没到封顶。", en: "It does not reach the cap." }
        : { zh: "到了封顶,目标是不到封顶。", en: "It reaches the cap; the goal is to stay under it." };
    case "meets_minimum":
      return expected
        ? { zh: `不够 ${minimum} ${unit.zh}起和。`, en: `It is below the ${minimum}-point minimum.` }
        : { zh: `够了 ${minimum} ${unit.zh},目标是不够。`, en: `It reaches ${minimum} points; the goal is a hand below that.` };
    default:
      return { zh: `${key} 不符合。`, en: `${key} does not match.` };
  }
}
