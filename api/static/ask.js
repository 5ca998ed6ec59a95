/* The referee for a ruleset alone, with no game started (`/rulesets/{id}/referee`, and a house
   rule's "Try it"): the game page's panel, over a table of the size chosen here at the round
   chosen here. */
import { w } from "./words.js";
import { $, el, show } from "./dom.js";
import { call, problemText } from "./api.js";
import { game } from "./state.js";
import { renderReferee } from "./referee.js";

export async function initAsk(root) {
  const id = root.dataset.ruleset;
  const answer = await call("GET", `/v1/rulesets/${encodeURIComponent(id)}`);
  if (!answer.ok) { show("page-error", problemText(answer)); return; }
  await askAbout(answer.data, answer.data);
}

/* The panel for `ruleset`, its rounds' rules read of `stored` (the ruleset itself, or the
   stored one a draft starts from: a draft has no address of its own); drawn anew when called
   again with another ruleset, the table's size and round kept. */
let listening = false;
export async function askAbout(ruleset, stored) {
  game.ruleset = ruleset;
  game.stored = stored;
  const { min, max } = ruleset.players;
  const players = $("ask-players");
  const seats = players.value;
  players.replaceChildren(...Array.from({ length: max - min + 1 }, (_, i) => el("option", { value: String(min + i), text: String(min + i) })));
  if (seats && Number(seats) >= min && Number(seats) <= max) players.value = seats;
  const rounds = Math.min((ruleset.rounds || []).length, (stored.rounds || []).length);
  const round = $("ask-round");
  const at = round.value;
  round.replaceChildren(...Array.from({ length: rounds }, (_, i) => el("option", { value: String(i + 1), text: w("Round {n}", { n: i + 1 }) })));
  if (at && Number(at) <= rounds) round.value = at;
  round.hidden = $("ask-round-label").hidden = rounds === 0;
  if (!listening) {
    players.addEventListener("change", draw);
    round.addEventListener("change", draw);
    listening = true;
  }
  await draw();
}

/* The stand-in the panel reads: a game of that many players at that round, none of it played. */
async function draw() {
  const count = Number($("ask-players").value);
  const number = Number($("ask-round").value || 1);
  const seats = Array.from({ length: count }, (_, i) => ({ name: w("Player {n}", { n: i + 1 }), eliminated: false }));
  game.sheet = { ruleset: game.stored.id, round: number, status: "in_progress", players: seats, rounds: [], first_player: null };
  const rules = await call("GET", `/v1/rulesets/${encodeURIComponent(game.stored.id)}/rounds/${number}`);
  if (!rules.ok) { show("page-error", problemText(rules)); return; }
  game.round = rules.data;
  // A draft's round may differ from the stored round's words: they are said only of a stored one.
  $("contract").textContent = game.draft ? "" : rules.data.summary || "";
  renderReferee();
}
