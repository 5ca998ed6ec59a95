/* One screen in the hand: the bar of the round's actions at the foot of the screen, sections
   that fold, and the rematch. Each action of the bar opens or scrolls to its form and puts the
   focus in it: one tap, then at most one scroll. */
import { w } from "./words.js";
import { $, show } from "./dom.js";
import { call, problemText } from "./api.js";
import { game, canWrite, teamsOf } from "./state.js";

const FOCUSABLE = "input:not([type=hidden]):not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex='-1']";

/* Opens every fold around a node, brings it into view and focuses its first control. */
export function goTo(id) {
  const target = $(id);
  if (!target) return;
  for (let fold = target.closest("details"); fold; fold = fold.parentElement.closest("details")) fold.open = true;
  const section = target.closest("section") || target;
  section.scrollIntoView({ block: "start", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  const first = target.matches(FOCUSABLE) ? target : target.querySelector(FOCUSABLE);
  if (first) first.focus({ preventScroll: true });
}

export function initBar() {
  for (const button of $("action-bar").querySelectorAll("[data-goto]")) {
    button.addEventListener("click", () => goTo(button.dataset.goto));
  }
  // A link to a folded section (the game's QR code) opens it; printing shows the chart too.
  const openFold = () => {
    const target = location.hash.length > 1 ? document.getElementById(location.hash.slice(1)) : null;
    const fold = target && target.closest("details");
    if (!fold) return;
    fold.open = true;
    fold.scrollIntoView({ block: "start" });  // opened after the jump: its content in view, not below the bar
  };
  window.addEventListener("hashchange", openFold);
  for (const link of document.querySelectorAll("a[href^='#h-']")) link.addEventListener("click", () => setTimeout(openFold));
  window.addEventListener("beforeprint", () => { $("chart-fold").open = true; });
  $("rematch").addEventListener("click", rematch);
  $("rematch-now").addEventListener("click", rematch);
}

/* Which of the bar's actions this game offers now: entering a round and buys to a scorer of a
   game going on (buys where the game has them), the referee always. */
export function renderBar() {
  const writing = canWrite();
  $("bar-enter").hidden = !writing;
  if (game.ruleset.family === "mahjong") $("bar-enter").textContent = w("Enter a hand");  // a hand, not a round
  $("bar-buy").hidden = !writing || !$("entry-buttons").querySelector("button");
  $("action-bar").hidden = false;
  const over = game.sheet.status !== "in_progress";
  const next = game.sheet.rematch;  // the game the table went on to, once it has
  $("rematch-line").hidden = !next;
  if (next) $("rematch-link").href = `/games/${encodeURIComponent(next)}`;
  $("rematch").hidden = !over || Boolean(next);  // the link says where the table went
  $("rematch-now").hidden = over;  // once over, the one under the result serves the scorer too
  $("rematch-now").textContent = next ? w("Go to the rematch") : w("Rematch");
}

/* A new game of the same players, teams and ruleset, its first deal to the seat the service
   names (`next_dealer`); its token kept on this phone, and its page opened. The scorer's is the
   table's (`.../rematch`: the game names it, and every phone following it is told); where the
   table has one already, it is followed. A follower with no scorer left starts one of its own. */
async function rematch() {
  show("rematch-error", "");
  const sheet = game.sheet;
  const follow = (id) => { location.href = `/games/${encodeURIComponent(id)}`; };
  if (sheet.rematch) { follow(sheet.rematch); return; }
  if (game.token) {
    const answer = await call("POST", `/v1/games/${game.id}/rematch`, undefined, game.token);
    if (answer.ok) {
      localStorage.setItem(`referee.token.${answer.data.id}`, answer.data.token);
      follow(answer.data.id);
      return;
    }
    const now = answer.status === 409 ? await call("GET", `/v1/games/${game.id}`) : null;
    if (now && now.ok && now.data.rematch) { follow(now.data.rematch); return; }  // another scorer's, a moment before
    show(sheet.status === "in_progress" ? "entry-error" : "rematch-error",
      w("The rematch could not start: {problem}", { problem: problemText(answer) }));
    return;
  }
  const body = { ruleset: sheet.ruleset, players: sheet.players.map((p) => p.name) };
  const teams = teamsOf();
  if (teams.length) body.teams = teams.map((team) => team.players);
  if (sheet.next_dealer) body.dealer = sheet.next_dealer;
  const answer = await call("POST", "/v1/games", body);
  if (!answer.ok) {
    const where = game.sheet.status === "in_progress" && game.token ? "entry-error" : "rematch-error";
    show(where, w("The rematch could not start: {problem}", { problem: problemText(answer) }));
    return;
  }
  localStorage.setItem(`referee.token.${answer.data.id}`, answer.data.token);
  location.href = `/games/${encodeURIComponent(answer.data.id)}`;
}
