// conventions.js: a table's conventions in words, read from the conventions form the rule sets' descriptions draw
// (templates/_forms.html panels): every convention with its value, and the one-line summary of what departs from
// the rules' defaults. The table card (table-card.js) and the score sheet (scoresheet.js) write the same line.

import { say } from "./words.js";

/** A control's name and value in words, {zh, en, zh_hant} each, as its own markup labels them (the Traditional
    where the build wrote one, else the Chinese), and whether it was changed. */
function named(control) {
  const label = control.closest("label");
  const name = label.querySelector(".field-name");
  const zh = name.querySelector(".zh").textContent;
  const nameWords = { zh, en: name.querySelector(".en").textContent, zh_hant: name.querySelector(".zh-hant")?.textContent ?? zh };
  let value;
  if (control.dataset.kind === "bool") value = control.checked ? say("yes_setting") : say("no_setting");
  else if (control.tagName === "SELECT") {
    const option = control.selectedOptions[0];
    value = { zh: option.dataset.zh, en: option.dataset.en, zh_hant: option.dataset.zhHant ?? option.dataset.zh };
  } else if (control.value === "" && control.dataset.placeholderZh !== undefined) {   // the words the box shows
    const data = control.dataset;
    value = { zh: data.placeholderZh, en: data.placeholderEn, zh_hant: data.placeholderZhHant ?? data.placeholderZh };
  } else if (control.value === "" && control.placeholder) {
    value = { zh: control.placeholder.split(" ")[0], en: control.placeholder.split(" ").slice(1).join(" ") };
  } else {
    value = { zh: control.value, en: control.value };
  }
  return { name: nameWords, value, changed: String(control.dataset.kind === "bool" ? (control.checked ? "1" : "0") : control.value) !== control.dataset.default };
}

/** Every convention of the rule set the form shows: [{name, value, changed}]. */
export function conventionSettings(form) {
  return [...form.querySelectorAll("details.conventions:not([hidden]) [data-kind]")].map(named);
}

/** The one-line summary, {zh, en, zh_hant}: the rules' name, then each agreed departure (or "as the rules say"). */
export function summaryLine(rulesSelect, settings) {
  const rules = rulesSelect.selectedOptions[0];
  const changed = settings.filter((s) => s.changed);
  const line = (lang) => changed.length
    ? changed.map((s) => `${s.name[lang]}${lang === "en" ? ": " : ":"}${s.value[lang] ?? s.value.zh}`).join(lang === "en" ? "; " : ";")
    : say("as_the_sheet")[lang];
  return { zh: `${rules.dataset.zh}:${line("zh")}`, en: `${rules.dataset.en}: ${line("en")}`,
    zh_hant: `${rules.dataset.zhHant ?? rules.dataset.zh}:${line("zh_hant")}` };
}
