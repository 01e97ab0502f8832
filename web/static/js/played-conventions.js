// The conventions questions are played under (九江's table.*, Guobiao's variants.*), as an address carries them and as
// chips say them: the practice page and the class-set builder read and show them alike. `ruleset` is one entry of
// the page data's rulesets (web/practice_page.py): its practice sections and its convention fields with their
// labels, so the chips use the rule set's own words, the table card's.

import { bi, h } from "./dom.js";
import { requestFromHash } from "./permalink.js";
import { say, sayBi } from "./words.js";

/** The field of a convention ("table.base"), or undefined when the rule set has none of that name. */
export function conventionField(ruleset, name) {
  return ruleset?.conventions.find((f) => f.name === name);
}

/** The sections of the conventions the rule set takes, from a request read off the address. */
export function conventionsOf(ruleset, request) {
  const out = {};
  for (const section of ruleset?.practice.conventions ?? []) {
    const values = request[section];
    if (values && typeof values === "object" && Object.keys(values).length) out[section] = values;
  }
  return out;
}

/** The rule set's conventions in an address (#rules=jiujiang&table.base=2), each value read as its field's kind. */
export function conventionsInHash(ruleset, hash) {
  return conventionsOf(ruleset, requestFromHash(hash, (key) => conventionField(ruleset, key)?.kind));
}

/** One convention in words, name:value, as the table card and the engine's chips say it. */
export function conventionWords(field, value) {
  const choice = field.choices.find((c) => c.value === value);
  let words;
  if (choice) words = choice.label;
  else if (typeof value === "boolean") words = say(value ? "yes_setting" : "no_setting");
  else if (value === null && field.null_label) words = field.null_label;
  else words = { zh: String(value), en: String(value) };
  return { zh: `${field.label.zh}:${words.zh}`, en: `${field.label.en}: ${words.en}` };
}

/** The chips of `played` (conventionsOf's sections): li[data-convention] each, or one li.as-sheet when there are
 *  none — the sheet's defaults are said, not left as an empty list. */
export function conventionChips(ruleset, played) {
  const items = [];
  for (const [section, values] of Object.entries(played)) {
    for (const [key, value] of Object.entries(values)) {
      const field = conventionField(ruleset, `${section}.${key}`);
      const words = field ? conventionWords(field, value) : { zh: `${section}.${key} = ${value}`, en: `${section}.${key} = ${value}` };
      items.push(h("li", { "data-convention": `${section}.${key}` }, bi(words.zh, words.en)));
    }
  }
  return items.length ? items : [h("li", { class: "as-sheet" }, sayBi("conventions_of_sheet"))];
}
