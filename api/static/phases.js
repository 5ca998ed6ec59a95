/* Phases held by each player (Phase 10): a phase in words, each player's phase, the "made their
   phase" toggle and the referee's choice of whose phase is asked about. */
import { w } from "./words.js";
import { $, el } from "./dom.js";
import { game, perPlayer, phaseOf, allMade } from "./state.js";

/* A phase in words as the service says it (the round's `phase_words`): "Phase 2: one set of three
   and one run of four, no other meld"; past the last phase, that every phase is made. */
function phaseWords(n) {
  const words = (game.round || {}).phase_words || [];
  return n > words.length ? w("Every phase made") : words[n - 1];
}

/* Each player's phase in words under the round's line (Phase 10), while the game is on. */
export function renderPhases(over) {
  let list = $("phases");
  if (!perPlayer()) { if (list) list.remove(); return; }
  if (!list) {
    list = el("ul", { id: "phases", class: "phases", "aria-label": w("Each player's phase") });
    $("contract").before(list);
  }
  const players = game.sheet.players.filter((p) => phaseOf(p) !== null);
  list.hidden = over || !players.length;
  list.replaceChildren(...players.map((p) => el("li", { "data-player": p.name },
    el("strong", { text: p.name }), " ", allMade(p) ? w("Every phase made") : phaseWords(phaseOf(p)))));
  // Where each player's phase is listed, the round's line (every phase in it) folds away.
  const contract = $("contract");
  const folded = contract.closest("details");
  if (!list.hidden && !folded) {
    const fold = el("details", { class: "round-rules" }, el("summary", { text: w("Every phase, and the round's rules") }));
    contract.replaceWith(fold);
    fold.append(contract);
  } else if (list.hidden && folded) {
    folded.replaceWith(contract);
  }
}

/* The "made their phase" toggle of a player's row (Phase 10): sent in the round's `phases_made`. */
export function madeToggle(name) {
  const phase = phaseOf(game.sheet.players.find((p) => p.name === name));
  return el("label", { class: "made" },
    el("input", { type: "checkbox", name: "phases_made", value: name, "aria-label": w("{name} made their phase", { name }) }),
    " " + (phase === null ? w("Made their phase") : w("Made their phase ({phase})", { phase: phaseWords(phase) })));
}

/* Whose turn it is, or the phase itself (Phase 10): the referee's questions take that phase,
   shown in words. A player's choice follows their phase as the sheet moves on (`sync`);
   `chosen` is told when the table picks another player. */
export function phaseChooser(chosen) {
  const count = (game.ruleset.phases || []).length;
  const player = el("select", { id: "tool-player" });
  const phase = el("select", { id: "tool-phase" },
    Array.from({ length: count }, (_, i) => el("option", { value: String(i + 1), text: phaseWords(i + 1) })));
  const follow = () => {
    const chosen = phaseOf(game.sheet.players.find((p) => p.name === player.value));
    if (chosen !== null && chosen <= count) phase.value = String(chosen);
  };
  let first = true;  // the first time, the player who plays first this round
  const sync = () => {
    const current = first ? game.sheet.first_player || "" : player.value;
    first = false;
    player.replaceChildren(el("option", { value: "", text: w("choose…") }),
      ...game.sheet.players.filter((p) => !p.eliminated).map((p) => el("option", { value: p.name,
        text: phaseOf(p) === null ? p.name : w("{name} (phase {n})", { name: p.name, n: phaseOf(p) }) })));
    player.value = game.sheet.players.some((p) => p.name === current) ? current : "";
    follow();
  };
  player.addEventListener("change", () => { follow(); chosen(); });
  phase.addEventListener("change", () => {  // a phase chosen directly is nobody's in particular
    const owner = phaseOf(game.sheet.players.find((p) => p.name === player.value));
    if (owner !== null && String(owner) !== phase.value) player.value = "";
  });
  sync();
  return {
    element: el("div", { class: "phase-choice" },
      el("label", { for: "tool-player" }, w("Whose turn is it?")), player,
      el("label", { for: "tool-phase" }, w("Their phase")), phase),
    value: () => Number(phase.value),
    sync,
  };
}
