// table.html: the table's conventions as a card. The form is the rule sets' own fields; the card shows every
// convention with its value (the agreed departures from the sheet marked), a one-line summary of the departures,
// and the QR code of the card's link. The link (table.html#rules=…&table.base=2) reproduces the same card, and the
// same keys set the calculator, the practice page and the score sheet.

import { conventionSettings, summaryLine } from "./conventions.js";
import { bi, biText, h } from "./dom.js";
import { encodeHash, requestFromHash } from "./permalink.js";
import { qrElement } from "./qr.js";
import { createSituation } from "./situation.js";
import { sayBi } from "./words.js";

const form = document.getElementById("table-form");
const situation = createSituation(form);

function draw() {
  const request = situation.read();
  const link = new URL(`table.html#${encodeHash(request)}`, location.href).href;
  history.replaceState(null, "", `#${encodeHash(request)}`);
  const rules = situation.rulesSelect.selectedOptions[0];
  const settings = conventionSettings(form);
  document.getElementById("card-rules").replaceChildren(bi(rules.dataset.zh, rules.dataset.en, rules.dataset.zhHant));
  const summary = summaryLine(situation.rulesSelect, settings);
  document.getElementById("card-summary").replaceChildren(biText(summary));
  document.getElementById("card-list").replaceChildren(...settings.map((s) => h("div", { class: s.changed ? "changed" : null },
    h("dt", {}, biText(s.name)),
    h("dd", {}, s.value.zh === s.value.en ? s.value.zh : biText(s.value),
      s.changed ? h("span", { class: "agreed" }, sayBi("agreed")) : null))));
  document.getElementById("card-qr").replaceChildren(qrElement(link));
  const cardLink = document.getElementById("card-link");
  cardLink.href = link;
  cardLink.textContent = link;
  const hash = `#${encodeHash(request)}`;
  document.getElementById("use-calculator").href = `calculator.html${hash}`;
  document.getElementById("use-scoresheet").href = `scoresheet.html${hash}`;
  document.getElementById("use-practice").href = `practice.html${hash}`;
  document.getElementById("use-class").href = `class.html${hash}`;
}

function load() {
  situation.fill(requestFromHash(location.hash, situation.kindOf, situation.keyDepth));
  for (const panel of form.querySelectorAll("details.conventions")) panel.open = true;
  draw();
}

form.addEventListener("change", (event) => {
  if (event.target === situation.rulesSelect) situation.syncVisibility();
  draw();
});
form.addEventListener("input", draw);
document.getElementById("print-card").addEventListener("click", () => window.print());
window.addEventListener("hashchange", load);
load();
