/* The referee for a ruleset alone, with no game started (`/rulesets/{id}/referee`): the game
   page's panel, over a table of the size chosen here at the round chosen here. */
import { w } from "./words.js";
import { $, el, show } from "./dom.js";
import { call, problemText } from "./api.js";
import { game } from "./state.js";
import { renderReferee } from "./referee.js";

export async function initAsk(root) {
  const id = root.dataset.ruleset;
  const answer = await call("GET", `/v1/rulesets/${encodeURIComponent(id)}`);
  if (!answer.ok) { show("page-error", problemText(answer)); return; }
  game.ruleset = answer.data;
  const { min, max } = answer.data.players;
  const players = $("ask-players");
  players.replaceChildren(...Array.from({ length: max - min + 1 }, (_, i) => el("option", { value: String(min + i), text: String(min + i) })));
  const rounds = (answer.data.rounds || []).length;
  const round = $("ask-round");
  round.replaceChildren(...Array.from({ length: rounds }, (_, i) => el("option", { value: String(i + 1), text: w("Round {n}", { n: i + 1 }) })));
  round.hidden = $("ask-round-label").hidden = rounds === 0;
  players.addEventListener("change", draw);
  round.addEventListener("change", draw);
  await draw();
}

/* The stand-in the panel reads: a game of that many players at that round, none of it played. */
async function draw() {
  const count = Number($("ask-players").value);
  const number = Number($("ask-round").value || 1);
  const seats = Array.from({ length: count }, (_, i) => ({ name: w("Player {n}", { n: i + 1 }), eliminated: false }));
  game.sheet = { ruleset: game.ruleset.id, round: number, status: "in_progress", players: seats, rounds: [], first_player: null };
  const rules = await call("GET", `/v1/rulesets/${encodeURIComponent(game.ruleset.id)}/rounds/${number}`);
  if (!rules.ok) { show("page-error", problemText(rules)); return; }
  game.round = rules.data;
  $("contract").textContent = rules.data.summary || "";
  renderReferee();
}
