// The sort buttons of the hand readings a lesson page carries, drawn at build time by templates/lessons/_reading.html
// (the calculator's own drawing, analysis-view.js, wires its buttons itself). The engine's two orders are on the
// view (data-order-speed, data-order-value: the discards' tiles); a button puts the rows in its order, each discard's
// figures row followed by its routes row, and says so with aria-pressed. Nothing is computed here.

function wire(view) {
  const body = view.querySelector("table.analysis tbody");
  const buttons = [...view.querySelectorAll(".analysis-sort [data-sort]")];
  const pairs = new Map([...body.querySelectorAll("tr[data-discard]")].map((row) => [row.dataset.discard,
    [row, row.nextElementSibling]]));
  for (const button of buttons) {
    button.addEventListener("click", () => {
      for (const other of buttons) other.setAttribute("aria-pressed", other === button ? "true" : "false");
      const order = view.dataset[button.dataset.sort === "value" ? "orderValue" : "orderSpeed"].split(" ");
      body.replaceChildren(...order.flatMap((tile) => pairs.get(tile)));
    });
  }
}

for (const view of document.querySelectorAll(".reading-card [data-analysis][data-order-speed]")) wire(view);
