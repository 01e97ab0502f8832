// The calculator's form as a request. The form is drawn from the rule sets' descriptions (web/forms.py,
// templates/_forms.html): every field's `name` is its request key (dotted when nested), `data-kind` says how to
// read it, `data-default` is the engine's default. Containers marked data-rules="jiujiang gb …" show only for
// those rule sets; a hidden field is not part of the request. Only values that differ from the default are
// written, so permalinks stay short. A label that depends on another field (data-when-field/-value) shows the
// case the form is in.

import { setPath, walk } from "./permalink.js";

export function createSituation(form) {
  const rulesSelect = form.elements.namedItem("rules");
  const fields = [...form.querySelectorAll("[data-kind]")];
  const cases = [...form.querySelectorAll("[data-when-field]")];

  const rulesOf = (field) => (field.closest("[data-rules]")?.dataset.rules ?? "").split(" ").filter(Boolean);
  const isActive = (field, rules) => rulesOf(field).length === 0 || rulesOf(field).includes(rules);
  const fieldFor = (key, rules) => fields.find((f) => f.name === key && isActive(f, rules));

  function valueOf(field) {
    switch (field.dataset.kind) {
      case "bool": return field.checked;
      case "int":
      case "int_choice":
      case "int_or_null": return field.value === "" ? null : Number(field.value);
      default: return field.value;
    }
  }

  function defaultOf(field) {
    const text = field.dataset.default;
    switch (field.dataset.kind) {
      case "bool": return text === "1";
      case "int":
      case "int_choice": return Number(text);
      case "int_or_null": return text === "" ? null : Number(text);
      default: return text;
    }
  }

  function setValue(field, value) {
    if (field.dataset.kind === "bool") field.checked = value === true || value === 1;
    else field.value = value === null || value === undefined ? "" : String(value);
  }

  /** Show each label in the case the form is in: 杠上开花 when self-drawn is ticked, 抢杠 when not. */
  function syncLabels() {
    const rules = rulesSelect.value;
    for (const span of cases) {
      const field = fieldFor(span.dataset.whenField, rules);
      const now = field ? valueOf(field) : null;
      const text = now === true ? "1" : now === false ? "0" : String(now);
      span.hidden = text !== span.dataset.whenValue;
    }
  }

  /** Show the containers of the selected rule set, hide (and disable) the others. */
  function syncVisibility() {
    const rules = rulesSelect.value;
    for (const box of form.querySelectorAll("[data-rules]")) {
      const on = box.dataset.rules.split(" ").includes(rules);
      box.hidden = !on;
      for (const control of box.querySelectorAll("input, select")) control.disabled = !on;
    }
    syncLabels();
  }

  /** The request the form describes (without `hand`): rules, then the fields that differ from their defaults. */
  function read() {
    const request = { rules: rulesSelect.value };
    for (const field of fields) {
      if (!isActive(field, rulesSelect.value)) continue;
      const value = valueOf(field);
      if (value !== defaultOf(field)) setPath(request, field.name, value);
    }
    return request;
  }

  /**
   * Put a request's values into the form. Returns the keys it had to leave out: keys the chosen rule set does not
   * take (a link made for another rule set), so the page can say so instead of sending them to be refused.
   */
  function fill(request) {
    const rules = typeof request.rules === "string" ? request.rules : rulesSelect.options[0].value;
    if (![...rulesSelect.options].some((o) => o.value === rules)) {
      rulesSelect.add(new Option(`${rules}`, rules)); // unknown rules: the engine will say so
    }
    rulesSelect.value = rules;
    for (const field of fields) setValue(field, defaultOf(field));
    const dropped = [];
    walk(request, (key, value) => {
      if (key === "hand" || key === "rules") return;
      const field = fieldFor(key, rules);
      if (field) setValue(field, value);
      else dropped.push(key);
    });
    syncVisibility();
    return dropped;
  }

  /** Is any field under `container` away from its default? */
  function changedIn(container) {
    return fields.some((f) => container.contains(f) && !f.disabled && valueOf(f) !== defaultOf(f));
  }

  /** The form's type of a dotted key, for reading permalinks. */
  function kindOf(key) {
    return fields.find((f) => f.name === key)?.dataset.kind;
  }

  /** Does the selected rule set take this key (with this value, for a choice)? */
  function offers(key, value) {
    const field = fieldFor(key, rulesSelect.value);
    if (!field) return false;
    return value === undefined || field.tagName !== "SELECT" || [...field.options].some((o) => o.value === value);
  }

  function set(key, value) {
    const field = fieldFor(key, rulesSelect.value);
    if (field) setValue(field, value);
    syncLabels();
  }

  // The deepest key any field has (table.base: 2): a link's key deeper than this names no setting.
  const keyDepth = Math.max(1, ...fields.map((f) => f.name.split(".").length));

  form.addEventListener("change", syncLabels);
  return { read, fill, syncVisibility, changedIn, kindOf, offers, set, rulesSelect, keyDepth };
}
