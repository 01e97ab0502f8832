// Export and import of the practice record on a page (templates/_ui.html's progress_backup): the file says what it
// holds (progress.js's describeRecord); an import merges and loses nothing, or says why the file cannot be read.

import { biText } from "./dom.js";
import { downloadText } from "./store.js";
import { sayBi } from "./words.js";

/** Wire #export-progress and #import-progress to `progress` (openProgress); onChange() after a merge. */
export function wireProgressBackup(progress, onChange = () => {}) {
  document.getElementById("export-progress").addEventListener("click", () => {
    downloadText(`suanfan-progress-${new Date().toISOString().slice(0, 10)}.json`, progress.exportText(), "application/json");
  });
  document.getElementById("import-progress").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    const status = document.getElementById("import-status");
    if (!file) return;
    const outcome = progress.importText(await file.text());
    status.replaceChildren(outcome.problem ? biText(outcome.problem) : sayBi("imported", { n: outcome.added }));
    status.dataset.outcome = outcome.problem ? "refused" : "merged";
    event.target.value = "";
    onChange();
  });
}
