// The conventions a practice question is asked under (九江's table, Guobiao's switches), as the practice page, the
// worksheet and the class-set builder read them from an address and word them: the fields come from the build's practice data
// (web/practice_page.py convention_fields), so nothing here names a rule set or a convention.

import { biText, h } from "./dom.js";
import { requestFromHash } from "./permalink.js";
import { say, sayBi } from "./words.js";

/** The field of a dotted convention key ("table.base") in a rule set's practice data, or undefined. */
export function conventionField(ruleset, name) {
  return ruleset?.conventions.find((f) => f.name === name);
}

/** The sections of the conventions the rule set takes, from a request read off an address: another rule set's
 *  sections (a link made for it) are left out, so they are neither shown nor sent. */
export function conventionsOf(ruleset, request) {
  const out = {};
  for (const section of ruleset?.practice.conventions ?? []) {
    const values = request[section];
    if (values && typeof values === "object" && Object.keys(values).length) out[section] = values;
  }
  return out;
}

/** The conventions an address carries for a rule set, each value typed as its field says. */
export function conventionsFromHash(ruleset, hash) {
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
  return { zh: `${field.label.zh}:${words.zh}`, en: `${field.label.en}: ${words.en}`,
    zh_hant: `${field.label.zh_hant ?? field.label.zh}:${words.zh_hant ?? words.zh}` };
}

/** Every convention played, in words: [{key: "table.base", zh, en}] (a key the data does not know, as it stands). */
export function conventionList(ruleset, played) {
  const items = [];
  for (const [section, values] of Object.entries(played)) {
    for (const [key, value] of Object.entries(values)) {
      const name = `${section}.${key}`;
      const field = conventionField(ruleset, name);
      items.push({ key: name, ...(field ? conventionWords(field, value) : { zh: `${name} = ${value}`, en: `${name} = ${value}` }) });
    }
  }
  return items;
}

/** The chips of `played` (conventionsOf's sections): li[data-convention] each, or one li.as-sheet when there are
 *  none — the sheet's defaults are said, not left as an empty list. */
export function conventionChips(ruleset, played) {
  const items = conventionList(ruleset, played).map((c) => h("li", { "data-convention": c.key }, biText(c)));
  return items.length ? items : [h("li", { class: "as-sheet" }, sayBi("conventions_of_sheet"))];
}
