// store.js: one record kept in the browser's localStorage under a versioned key, the house way — used by the
// practice record (progress.js) and the score sheet (scoresheet.js).
//
//   const store = openStore({ key, what, read, empty, storage, onProblem, now, describe });
//
// key: the localStorage key ("suanfan.progress"); what: {zh, en} naming the data in messages ("进度", "progress");
// read(text) -> {record, problem}: the owner's reader (problem {zh, en} when the text is not a record it
// understands: damaged JSON, another shape, another version); empty() -> a fresh record; describe(record) -> {zh, en}
// (optional): what an exported file holds, written into it as its "about" line for whoever opens the file.
// Data the page cannot read is never overwritten: it is set aside unchanged under "<key>.set-aside.<time>" and
// reported through onProblem({zh, en}); a failed write (storage full, private mode) is reported too. Nothing is
// dropped silently.

import { _ } from "./gettext.js";

/** The key under which unreadable data of `key` is set aside. */
export function setAsidePrefix(key) {
  return `${key}.set-aside.`;
}

export function openStore({ key, what, read, empty, storage = globalThis.localStorage, onProblem = () => {},
  now = () => Date.now(), describe = null }) {
  let record = empty();
  let writable = true;
  const report = (problem) => {
    try { onProblem(problem); } catch (err) { console.error("store.js: onProblem failed", err); }
  };

  /** The key this very text is already set aside under, if any (a page opened again before anything was saved
   * finds the same unreadable text: it is reported again, not copied again). */
  function keptAs(text) {
    for (let i = 0; i < storage.length; i += 1) {
      const name = storage.key(i);
      if (name?.startsWith(setAsidePrefix(key)) && storage.getItem(name) === text) return name;
    }
    return null;
  }

  /** Keep `text` (which cannot be used) under its own key and say so; false when even that failed. */
  function setAside(text, problem) {
    try {
      const kept = keptAs(text);
      const aside = kept ?? setAsidePrefix(key) + now();
      if (!kept) storage.setItem(aside, text);
      report(_("{problem} It is kept as it was under {aside}, not deleted; new {what} starts afresh.",
        { problem, aside, what }));
    } catch {
      report(_("{problem} It could not be set aside either, so this page will not overwrite it: the {what} stays in this page only.",
        { problem, what }));
      return false;
    }
    return true;
  }

  /** Read the stored record (setting aside what cannot be read). -> the text found (null when none). */
  function load() {
    let text;
    try { text = storage.getItem(key); } catch {
      writable = false;
      record = empty();
      report(_("This browser does not let the site keep the {what}: it stays in this page only.", { what }));
      return null;
    }
    const { record: found, problem } = read(text);
    if (problem) {
      writable = setAside(text, problem);
      record = empty();
    } else {
      record = found;
    }
    return text;
  }

  /** Write the record; false (and reported: `problem`, or a general message) when the browser refused. */
  function save(problem = null) {
    if (!writable) return false;
    try {
      storage.setItem(key, JSON.stringify(record));
      return true;
    } catch {
      report(problem ?? _("The {what} could not be saved (the browser's storage is full or unavailable). Export a file so nothing is lost.",
        { what }));
      return false;
    }
  }

  return {
    get record() { return record; },
    /**
     * Make `next` the record and save it; -> whether it was saved. When the browser refuses the write, the record
     * stays as stored (the failure reported, with `problem` when given), so the page never shows as kept what a
     * reload would lose. Where the page was told at load that it cannot store at all, the change lasts for this page.
     */
    put(next, problem = null) {
      const before = record;
      record = next;
      if (!writable) return false;
      if (save(problem)) return true;
      record = before;
      return false;
    },
    load,
    save,
    setAside,
    /** The record as a file's text, stamped with when it was exported (and saying what it holds). */
    exportText: () => JSON.stringify({ ...(describe ? { about: describe(record) } : {}), ...record,
      exported_at: new Date(now()).toISOString() }, null, 1),
    /** A file's text as a record (its export stamp and description dropped): {record, problem}, nothing stored. */
    readFile(text) {
      let data;
      try { data = JSON.parse(text); } catch { data = null; }
      if (data && typeof data === "object") {
        delete data.exported_at;
        delete data.about;
      }
      return read(data ? JSON.stringify(data) : text);
    },
  };
}

/** A reader for openStore of a record kept as JSON of one shape: nothing stored yet reads as empty(); JSON with
 *  this `version` that valid(data) accepts is the record, as take(data) keeps it (only its own fields, say);
 *  anything else is `unreadable` ({zh, en}: set aside). */
export function jsonReader({ version, valid, empty, unreadable, take = (data) => data }) {
  return (text) => {
    if (text === null) return { record: empty(), problem: null };
    let data = null;
    try { data = JSON.parse(text); } catch { /* not JSON: unreadable */ }
    return data?.version === version && valid(data) ? { record: take(data), problem: null } : { record: null, problem: unreadable };
  };
}

/** Offer `text` as a file download named `name` (an export). */
export function downloadText(name, text, type) {
  const blob = new Blob([text], { type });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
