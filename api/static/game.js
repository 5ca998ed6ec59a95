/* A game's page: loads the game, follows it, and draws it anew after every change. */
import { w, wn } from "./words.js";
import { $, show } from "./dom.js";
import { call, keepSeen, problemText } from "./api.js";
import { keepGame } from "./kept.js";
import { game, isLayout, canWrite, teamsOf, teamName, both, onSheet } from "./state.js";
import { renderPhases } from "./phases.js";
import { renderUndo, undoAsked, undoConfirmed, redo, finishAsked, renderEntryButtons } from "./entries.js";
import { download, renderRounds, renderStandings, renderChart } from "./sheet.js";
import { renderRoundForm } from "./roundform.js";
import { renderReferee } from "./referee.js";
import { isMahjong } from "./mjsheet.js";
import { keepAwake } from "./awake.js";
import { shareButton } from "./share.js";
import { initOutbox, renderOutbox } from "./outbox.js";
import { keepLoaded } from "./install.js";
import { initBar, renderBar } from "./bar.js";
import { followLive } from "./live.js";

const FOLLOW_SECONDS = 10;  // a following phone asks whether the game changed this often

export async function initGame(root) {
  onSheet(refresh);
  game.id = root.dataset.game;
  takeToken();
  game.token = localStorage.getItem(`referee.token.${game.id}`);
  // A hand-over link opened in a tab that already shows the game: taken at once, no reload.
  window.addEventListener("hashchange", () => { if (takeToken() && game.sheet) refresh(game.sheet, game.etag); });
  // The address other phones reach this service at (the server knows it: the one this page
  // was opened at, or the network's address when opened on the host itself).
  const base = root.dataset.base || location.origin;
  $("hand-over").addEventListener("click", () => handOver(base));
  shareButton($("share-link"), w("Link to follow the game"));
  shareButton($("hand-over-link"), w("Link that gives scoring rights"));
  $("undo").addEventListener("click", undoAsked);
  $("undo-no").addEventListener("click", () => { $("undo-confirm").hidden = true; $("undo").focus(); });
  $("undo-yes").addEventListener("click", undoConfirmed);
  $("redo").addEventListener("click", redo);
  $("finish").addEventListener("click", finishAsked);
  $("print").addEventListener("click", () => window.print());
  $("download").addEventListener("click", download);
  initBar();
  // The game and its ruleset (named by the page) asked side by side: the first view sooner.
  const named = root.dataset.ruleset;
  const [answer, asked] = await Promise.all([call("GET", `/v1/games/${game.id}`),
    named ? call("GET", `/v1/rulesets/${encodeURIComponent(named)}`) : null]);
  if (!answer.ok) { show("page-error", problemText(answer)); return; }
  const rules = asked && asked.ok && asked.data.id === answer.data.ruleset ? asked
    : await call("GET", `/v1/rulesets/${answer.data.ruleset}`);
  if (!rules.ok) { show("page-error", problemText(rules)); return; }
  game.ruleset = rules.data;
  await refresh(answer.data, answer.etag, answer.kept);
  initOutbox();  // entries this phone kept (the page closed before they were sent) go now
  keepLoaded();
  followLive(refresh, follow, FOLLOW_SECONDS);
  keepAwake();
}

/* A token handed over on purpose (`#token=` in the address): kept on this phone and dropped
   from the address; whether there was one. */
function takeToken() {
  if (!location.hash.startsWith("#token=")) return false;
  game.token = decodeURIComponent(location.hash.slice(7));
  localStorage.setItem(`referee.token.${game.id}`, game.token);
  history.replaceState(null, "", location.pathname + location.search);
  return true;
}

/* The hand-over link and its QR code (asked of the service with the token, never in an address). */
async function handOver(base) {
  $("hand-over-link").value = `${base}/games/${game.id}#token=${encodeURIComponent(game.token)}`;
  $("hand-over-box").hidden = false;
  try {
    const response = await fetch(`/games/${encodeURIComponent(game.id)}/hand-over.svg`,
      { method: "POST", headers: { Authorization: `Bearer ${game.token}` }, cache: "no-store" });
    if (response.ok) $("hand-over-qr").innerHTML = await response.text();  // our own service's SVG
  } catch (error) {
    $("hand-over-qr").hidden = true;  // the link alone still hands over
  }
}

/* Another phone may have entered something: ask (304 when nothing changed), and redraw. */
async function follow() {
  if (document.hidden || !game.etag) return;
  const answer = await call("GET", `/v1/games/${game.id}`, undefined, undefined, { "If-None-Match": game.etag });
  if (answer.status === 200 && !answer.kept) await refresh(answer.data, answer.etag);
}

/* A sheet to show: the service's answer, a live event, a write's answer, or (`kept`) the copy this
   phone kept, offline; any other is kept as the copy to show offline next. */
async function refresh(sheet, etag, kept = null) {
  game.sheet = sheet;
  game.etag = etag || null;
  if (!kept) keepSeen(`/v1/games/${game.id}`, sheet, etag);
  const number = sheet.round;
  // A game ended before any round has no round to read.
  const round = number >= 1 ? await call("GET", `/v1/rulesets/${sheet.ruleset}/rounds/${number}`) : { ok: false };
  // With no answer (offline), the round's rules this page has stay while the round is the same.
  game.round = round.ok ? round.data : (round.offline && game.roundNumber === number ? game.round : null);
  game.roundNumber = number;
  await render();
}

/* After the next frame is painted (in a hidden tab, which paints none: after the next task). */
const painted = () => new Promise((resolve) => (document.hidden ? setTimeout(resolve)
  : requestAnimationFrame(() => setTimeout(resolve))));

/* Who won in words: the winning team (its players), teams tied, or players. */
function winnerWords(winners) {
  const won = game.sheet.winning_team === null || game.sheet.winning_team === undefined ? []
    : [].concat(game.sheet.winning_team).map((i) => teamsOf()[i]).filter(Boolean);
  if (won.length === 1) return w("Winning team: {names}", { names: both(won[0].players) });
  if (won.length > 1) return w("Winners: {names}", { names: both(won.map(teamName)) });
  return winners.length > 1 ? w("Winners: {names}", { names: both(winners) }) : w("Winner: {names}", { names: both(winners) });
}

async function render() {
  const sheet = game.sheet;
  const ruleset = game.ruleset;
  $("game-title").textContent = ruleset.name;
  document.title = `referee: ${ruleset.name}`;
  const count = sheet.rounds.length;
  const playing = isLayout() ? w("Deal {n} being played.", { n: sheet.round })
    : isMahjong() && sheet.hand ? w("{hand} being played.", { hand: sheet.hand }) : w("Round {n} being played.", { n: sheet.round });
  $("game-status").textContent = sheet.status === "finished"
    ? (isLayout() ? wn("Finished after {n} deal.", "Finished after {n} deals.", count)
      : isMahjong() ? wn("Finished after {n} hand.", "Finished after {n} hands.", count)
        : wn("Finished after {n} round.", "Finished after {n} rounds.", count))
    : playing + " " + (game.token ? w("You keep the score.") : w("You are following the game."));
  const winners = sheet.winner === null ? [] : [].concat(sheet.winner);
  const names = both(winners);
  show("winner", winners.length ? winnerWords(winners) : "");
  const over = sheet.status !== "in_progress";
  $("h-contract").textContent = over ? w("The game is over") : (isLayout() ? w("This deal") : isMahjong() ? w("This hand") : w("This round"));
  $("contract").textContent = over ? (sheet.pot && winners.length
    ? (winners.length > 1 ? w("{names} share the pot of {pot}.", { names, pot: sheet.pot })
      : w("{names} takes the pot of {pot}.", { names, pot: sheet.pot })) : "")
    : isMahjong() && sheet.hand ? sheet.hand : (game.round ? game.round.summary : "");
  $("dealer-line").textContent = !over && sheet.dealer ? w("{name} deals.", { name: sheet.dealer }) : "";
  // Listed on this phone as soon as the sheet is known: a table that leaves at once finds it there.
  keepGame({ id: game.id, ruleset: ruleset.id, name: ruleset.name, players: sheet.players.map((p) => p.name), seen: Date.now(),
    scorer: Boolean(game.token), over: sheet.status !== "in_progress" });
  renderPhases(over);
  renderStandings();
  renderChart();
  renderRounds();
  // The first view: the sheet is shown and painted before the forms below it are built.
  const root = document.querySelector("[data-page=game]");
  if ("loading" in root.dataset) {
    delete root.dataset.loading;
    await painted();
  }
  for (const node of document.querySelectorAll(".scorer")) node.hidden = !canWrite();
  // Corrections stay open to the scorer after the end: undoing the last round reopens the game.
  $("entries").hidden = !game.token;
  $("finish").hidden = over;
  if (canWrite()) renderRoundForm();
  if (game.token) { renderEntryButtons(); renderUndo(); }
  renderReferee();
  renderOutbox();
  renderBar();  // the bar's actions for this game now
}
