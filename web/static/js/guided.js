// guided.js: a question taught again, step by step — what practice asks instead of a leech (a card missed four
// times). The engine's own worked result for the question is shown one step at a time; where a step comes to a
// number (its value: the fan counted so far, the multiplier applied, the cap), the learner works it out and types
// it before the step is shown whole; a step without a number is read and passed with "next step". At the end the
// question's answer and its every step stay on screen.
//
//   guidedQuestion({host, body, result, kindName, links, onDone({steps, firstTry}), next})
// host gets data-state="guided", data-guided-step (1-based) and data-guided-steps; each step's answer box is
// input[data-step-answer].

import { biText, h } from "./dom.js";
import { stepElement } from "./result.js";
import { answerText, explanation, focusBelow } from "./question-view.js";
import { sayBi } from "./words.js";

export function guidedQuestion({ host, body, result, kindName, links, onDone, next }) {
  const q = result.question;
  const steps = result.explanation.ok ? result.explanation.steps ?? [] : [];
  const kind = kindName(q.kind);
  const list = h("ol", { class: "steps guided-steps" });
  const here = h("div", { class: "guided-here", "aria-live": "polite" });
  host.dataset.state = "guided";
  host.dataset.guidedSteps = String(steps.length);
  body.replaceChildren(
    h("p", { class: "question-topic" }, biText(q.topic_name), " · ", biText(kind)),
    h("p", { class: "prompt" }, biText(q.prompt)),
    h("p", { class: "help" }, sayBi("guided_help")),
    h("code", { class: "notation" }, q.request.hand), list, here);
  let firstTry = 0;
  let withValue = 0;

  function show(i) {
    host.dataset.guidedStep = String(i + 1);
    if (i >= steps.length) return finish();
    const step = steps[i];
    const element = stepElement(step, result.explanation, { number: i + 1, headingLevel: 3 });
    const valueLine = element.querySelector(".step-value");
    if (!valueLine) {
      list.append(element);
      const go = h("button", { type: "button", class: "primary guided-next" }, sayBi("guided_next"));
      go.addEventListener("click", () => show(i + 1));
      here.replaceChildren(go);
      focusBelow(go, element);
      return;
    }
    withValue += 1;
    valueLine.hidden = true;
    list.append(element);
    const input = h("input", { type: "number", inputmode: "numeric", min: 0, step: 1, "data-step-answer": "" });
    const form = h("form", { class: "answer guided-answer" },
      h("label", { class: "field" }, sayBi("guided_value"), input),
      h("button", { type: "submit", class: "primary" }, sayBi("answer")));
    const said = h("p", { class: "guided-said", role: "status" });
    let tries = 0;
    form.noValidate = true;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const value = input.valueAsNumber;
      if (!Number.isInteger(value)) {
        said.replaceChildren(sayBi("need_whole_number"));
        return;
      }
      tries += 1;
      if (value === step.value) {
        if (tries === 1) firstTry += 1;
        valueLine.hidden = false;
        show(i + 1);
      } else if (tries === 1) {
        said.replaceChildren(sayBi("guided_look_again"));
        input.select();
      } else {
        valueLine.hidden = false;
        said.replaceChildren(sayBi("guided_it_is", { n: step.value }));
        const go = h("button", { type: "button", class: "primary guided-next" }, sayBi("guided_next"));
        go.addEventListener("click", () => show(i + 1));
        form.replaceWith(go);
        go.focus();
      }
    });
    here.replaceChildren(form, said);
    focusBelow(input, element);
  }

  function finish() {
    host.dataset.state = "guided-done";
    here.replaceChildren(h("p", { class: "verdict verdict-revealed" }, sayBi("the_answer_is"), " ", answerText(result)),
      ...explanation(result, links), next());
    focusBelow(here.querySelector(".next-question"), here);
    onDone({ steps: withValue, firstTry });
  }

  show(0);
}
