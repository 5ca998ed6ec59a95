/* A round entered as the table counts it (games with bonuses): each player's canastas and red
   threes on steppers, their melded and hand points on a number pad. Which counts a game takes
   is the service's word (`counts` in the round's answer); the page asks for those alone. */
import { w, N_ } from "./words.js";
import { $, el } from "./dom.js";
import { game } from "./state.js";

/* Each count's words: its label, and the player's count named for a screen reader. A count
   on a stepper is a small whole number; points are typed on a number pad. */
const COUNT_WORDS = {
  natural_canastas: { label: N_("Natural canastas"), of: N_("{name}'s natural canastas"), stepper: true },
  mixed_canastas: { label: N_("Mixed canastas"), of: N_("{name}'s mixed canastas"), stepper: true },
  semi_clean_canastas: { label: N_("Semi-clean canastas"), of: N_("{name}'s semi-clean canastas"), stepper: true },
  red_threes: { label: N_("Red threes"), of: N_("{name}'s red threes"), stepper: true },
  melded_points: { label: N_("Melded points"), of: N_("{name}'s melded points"), blank: N_("Type {name}'s melded points (0 if none).") },
  hand_points: { label: N_("Points left in hand"), of: N_("{name}'s points left in hand"),
    blank: N_("Type {name}'s points left in hand (0 if none).") },
};

/* The counts this round takes, as the service names them; none where it takes no counts. */
export const countsTaken = () => ((game.round || {}).counts || []).filter((field) => field in COUNT_WORDS);

export const countId = (name, field) => `count-${name}-${field}`;

/* − / + around a box of whole numbers from 0. */
function stepper(box, of) {
  const step = (by) => () => {
    box.value = String(Math.max(0, (Number(box.value) || 0) + by));
    box.dispatchEvent(new Event("input", { bubbles: true }));
  };
  return el("div", { class: "stepper" },
    el("button", { type: "button", class: "step", "aria-label": w("One fewer: {what}", { what: of }), onclick: step(-1) }, "−"),
    box,
    el("button", { type: "button", class: "step", "aria-label": w("One more: {what}", { what: of }), onclick: step(1) }, "+"));
}

/* A player's counts, shown when the round is entered by counts. */
export function countRow(name) {
  return el("div", { class: "by-counts", "data-counts": name }, countsTaken().map((field) => {
    const words = COUNT_WORDS[field];
    const of = w(words.of, { name });
    const box = el("input", { type: "number", inputmode: "numeric", min: "0", step: words.stepper ? "1" : undefined,
      id: countId(name, field), name: field, class: words.stepper ? "count" : "points", "aria-label": of,
      value: words.stepper ? "0" : undefined });
    return el("div", { class: "count-field" }, el("label", { for: countId(name, field) }, w(words.label)),
      words.stepper ? stepper(box, of) : box);
  }));
}

/* Each player's counts as the service takes them, or the first problem found on the page
   (`{path, message}`, as the service words a refusal): a box left blank or not a number. Who
   went out holds no cards: their hand points are sent as 0 where the box is blank. */
export function readCounts(active, out) {
  const counts = {};
  for (const name of active) {
    counts[name] = {};
    for (const field of countsTaken()) {
      const box = $(countId(name, field));
      const path = `counts.${name}.${field}`;
      if (box.validity.badInput) return { problem: { path, message: w("{what} is not a number.", { what: w(COUNT_WORDS[field].of, { name }) }) } };
      if (box.value.trim() === "") {
        if (COUNT_WORDS[field].blank && !(field === "hand_points" && name === out)) {
          return { problem: { path, message: w(COUNT_WORDS[field].blank, { name }) } };
        }
        continue;
      }
      counts[name][field] = Number(box.value);
    }
  }
  return { counts };
}
