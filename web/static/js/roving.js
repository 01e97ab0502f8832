// One Tab stop for a group of buttons, moved inside with the arrow keys (the WAI-ARIA "roving tabindex"):
// the current button has tabindex 0, every other one -1, so Tab enters the group once and leaves it on the
// next press. Buttons that cannot be used should carry aria-disabled rather than `disabled`: a disabled
// button cannot hold focus, and focus on one that becomes disabled would fall to <body>.

/**
 * container: the element the buttons are in (it receives the keys).
 * rowsOf(): the buttons as rows (arrays), asked afresh on every use because the caller may redraw them.
 * Left/Right move along a row, Up/Down to the same column of the row above/below (its last button when that
 * row is shorter), Home/End to the ends of the row; no key wraps around.
 *
 * Returns {sync, focusAt, focusCurrent}: sync() gives the current button tabindex 0 again after a redraw
 * (keeping its position, or the nearest one that still exists); focusAt(row, column) and focusCurrent() move
 * focus there. Both return the focused button, or null when the group is empty.
 */
export function rovingFocus(container, rowsOf) {
  let current = { row: 0, column: 0 };

  const rows = () => rowsOf().filter((row) => row.length > 0);

  function clamp({ row, column }, all) {
    const r = Math.max(0, Math.min(row, all.length - 1));
    return { row: r, column: Math.max(0, Math.min(column, all[r].length - 1)) };
  }

  function sync() {
    const all = rows();
    if (!all.length) return null;
    current = clamp(current, all);
    for (const button of all.flat()) button.tabIndex = -1;
    const button = all[current.row][current.column];
    button.tabIndex = 0;
    return button;
  }

  function focusAt(row, column) {
    current = { row, column };
    const button = sync();
    button?.focus();
    return button;
  }

  const focusCurrent = () => focusAt(current.row, current.column);

  function positionOf(element, all) {
    for (const [row, buttons] of all.entries()) {
      const column = buttons.indexOf(element);
      if (column >= 0) return { row, column };
    }
    return null;
  }

  // A click (or a screen reader's own navigation) moves the Tab stop along with the focus.
  container.addEventListener("focusin", (event) => {
    const at = positionOf(event.target, rows());
    if (at) {
      current = at;
      sync();
    }
  });

  container.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const all = rows();
    const at = positionOf(event.target, all);
    if (!at) return;
    let { row, column } = at;
    switch (event.key) {
      case "ArrowLeft": column -= 1; break;
      case "ArrowRight": column += 1; break;
      case "ArrowUp": row -= 1; break;
      case "ArrowDown": row += 1; break;
      case "Home": column = 0; break;
      case "End": column = all[row].length - 1; break;
      default: return;
    }
    event.preventDefault(); // the arrows move focus here, they do not scroll the page
    const next = clamp({ row, column }, all);
    focusAt(next.row, next.column);
  });

  return { sync, focusAt, focusCurrent };
}
