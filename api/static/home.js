/* The start page: a new game (the game, the players, who deals) and the games kept on this phone. */
import { w, wn } from "./words.js";
import { $, el, show } from "./dom.js";
import { call, problemText } from "./api.js";
import { keptGames, forgetGame, dropGame, restoreGame, keptRules } from "./kept.js";

function keptWords(g) {
  const when = new Date(g.seen).toLocaleString(document.documentElement.lang || undefined,
    { dateStyle: "medium", timeStyle: "short" });
  const players = Array.isArray(g.players) ? g.players.join(", ") : "";
  const state = g.over ? w("finished") : g.scorer ? w("you keep the score") : null;  // as last seen
  return [players, w("last seen {when}", { when }), state].filter(Boolean).join(" · ");
}

/* A kept game's name in the page's language: the service's name of its ruleset on this page,
   else the name kept with it (a ruleset this service no longer lists). */
function keptName(g) {
  const option = g.ruleset ? $("ruleset")?.querySelector(`option[value="${CSS.escape(g.ruleset)}"]`) : null;
  return option ? option.dataset.name : g.name || g.id;
}

export function initKept() {
  const list = keptGames();
  $("kept").hidden = !list.length && $("kept-note").hidden;
  $("kept-games").replaceChildren(...list.map((g) => el("li", {},
    el("button", { type: "button", class: "secondary", "data-game": g.id, onclick: () => resume(g) },
      w("Resume {game}", { game: keptName(g) })),
    el("span", { class: "hint", text: keptWords(g) }),
    el("button", { type: "button", class: "secondary remove-kept", "data-remove": g.id,
      "aria-label": w("Remove {game} ({players}) from this phone's list", { game: keptName(g), players: (g.players || []).join(", ") }),
      onclick: () => removeKept(g) }, w("Remove")))));
}

/* A game taken off the list at once, with an undo that puts it back (its token too). */
function removeKept(g) {
  const taken = dropGame(g.id);
  const undo = el("button", { type: "button", class: "secondary", onclick: () => {
    restoreGame(taken);
    show("kept-note", "");
    initKept();
    $("kept-games").querySelector(`[data-game="${CSS.escape(g.id)}"]`)?.focus();
  } }, w("Undo"));
  show("kept-note", w("{game} ({players}) was taken off this phone's list.", { game: keptName(g), players: (g.players || []).join(", ") }));
  $("kept-note").append(" ", undo);
  initKept();
  undo.focus();
}

/* Open a kept game in a tap; one the service no longer has is taken off the list, with a word. */
async function resume(g) {
  show("kept-note", "");
  const answer = await call("GET", `/v1/games/${encodeURIComponent(g.id)}`);
  if (answer.status === 404) {
    forgetGame(g.id);
    show("kept-note", w("{game} ({players}) is no longer on this service; it was taken off the list.",
      { game: keptName(g), players: (g.players || []).join(", ") }));
    initKept();
    return;
  }
  if (!answer.ok) { show("kept-note", problemText(answer)); return; }
  location.href = `/games/${encodeURIComponent(g.id)}`;
}

/* The house rules this phone saved, each a link to change it (another phone only reads them);
   one the service no longer lists (deleted elsewhere) is not shown. */
export function initHouseKept() {
  const listed = new Set([...$("ruleset").options].map((o) => o.value));
  const rules = keptRules().filter((r) => listed.has(r.id));
  $("house-kept").hidden = !rules.length;
  $("house-kept").replaceChildren(...rules.map((r) => el("li", {}, el("a", { href: `/rulesets/${encodeURIComponent(r.id)}/edit`,
    text: w("Change {game}", { game: $("ruleset").querySelector(`option[value="${CSS.escape(r.id)}"]`).dataset.name }) }))));
}

/* ------------------------------------------------------------------ starting a game */

export function initNewGame() {
  const form = $("new-game");
  const select = $("ruleset");
  const list = $("players");
  const dealer = $("dealer");

  function names() {
    return [...list.querySelectorAll("input")].map((i) => i.value.trim()).filter(Boolean);
  }

  function refreshDealer() {
    const current = dealer.value;
    dealer.replaceChildren(...names().map((n) => el("option", { value: n, text: n })));
    if (names().includes(current)) dealer.value = current;
  }

  function addPlayer(value = "") {
    const n = list.children.length + 1;
    const input = el("input", { value, "aria-label": w("Player {n}", { n }), autocomplete: "off",
      oninput: () => { refreshDealer(); showTeams(); } });
    const number = el("span", { class: "seat", "aria-hidden": "true", text: `${n}.` });
    const remove = el("button", {
      type: "button", class: "secondary", "aria-label": w("Remove player {n}", { n }),
      onclick: () => { item.remove(); refreshDealer(); seats(); showTeams(); },
    }, "✕");
    const item = el("li", {}, number, input, remove);
    list.append(item);
    return input;
  }

  const range = () => {
    const option = select.selectedOptions[0];
    return option ? { least: Number(option.dataset.min), most: Number(option.dataset.max), words: option.dataset.players }
      : { least: 1, most: 20, words: "" };
  };

  /* The game's player range: empty lines up to its least, no more lines than its most. */
  function describe() {
    const option = select.selectedOptions[0];
    $("ruleset-summary").textContent = option ? `${option.dataset.summary} (${option.dataset.players})` : "";
    while (list.children.length < range().least) addPlayer();
    seats();
    showTeams();
  }

  /* Where the game is played in teams (`teams.size`), the teams follow the seating: partners
     take turns around the table (with two teams of two, partners sit opposite). */
  const teamSizes = {};  // ruleset id -> its teams' size, or null: asked of the service once
  async function teamSize() {
    const id = select.value;
    if (!(id in teamSizes)) {
      const answer = await call("GET", `/v1/rulesets/${encodeURIComponent(id)}`);
      if (answer.offline) return undefined;  // not known yet: asked again at the next start
      teamSizes[id] = answer.ok && answer.data.teams ? (answer.data.teams.size || 2) : null;
    }
    return teamSizes[id];
  }
  const seatTeams = (players, size) => {
    const count = Math.max(1, Math.round(players.length / size));
    return Array.from({ length: count }, (_, t) => players.filter((_, i) => i % count === t));
  };
  async function showTeams() {
    let line = $("teams-line");
    if (!line) {
      line = el("p", { id: "teams-line", class: "hint", "aria-live": "polite" });
      list.after(line);
    }
    const size = await teamSize();
    if (size === undefined) { show("start-error", problemText({ offline: true })); return; }
    const players = names();
    line.hidden = !size || !players.length;
    if (size) line.textContent = w("Partners score together; the teams, by seat: {teams}.",
      { teams: seatTeams(players, size).map((team) => team.join(" + ")).join("; ") });
  }

  function seats() {
    const { most } = range();
    $("add-player").disabled = list.children.length >= most;
    [...list.children].forEach((item, i) => item.classList.toggle("over", i >= most));
  }

  /* What keeps these names from starting the game, in a sentence; null when they may. */
  function namesProblem() {
    const inputs = [...list.querySelectorAll("input")];
    const blank = inputs.find((i) => !i.value.trim());
    if (blank) return [w("Each player needs a name (or remove the empty line)."), blank];
    const { least, most, words } = range();
    if (inputs.length < least || inputs.length > most) {
      return [wn("{game} is for {players}; {n} is named.", "{game} is for {players}; {n} are named.", inputs.length,
        { game: select.selectedOptions[0].textContent.trim(), players: words }), inputs.at(-1) || $("add-player")];
    }
    const seen = new Map();
    for (const input of inputs) {
      const name = input.value.trim();
      const key = name.toLocaleLowerCase();
      if (seen.has(key)) {
        return [w("\"{name}\" and \"{other}\" would be one name on the sheet: make them different.", { name, other: seen.get(key) }), input];
      }
      seen.set(key, name);
    }
    return null;
  }

  // A game chosen elsewhere (`/?game=id`: a house rule just saved) is the one shown.
  const chosen = new URLSearchParams(location.search).get("game");
  if (chosen && [...select.options].some((o) => o.value === chosen)) select.value = chosen;
  select.addEventListener("change", describe);
  $("add-player").addEventListener("click", () => { addPlayer().focus(); seats(); });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    show("start-error", "");
    for (const input of list.querySelectorAll("input")) input.removeAttribute("aria-invalid");
    const problem = namesProblem();
    if (problem) {
      show("start-error", problem[0]);
      if (problem[1].tagName === "INPUT") problem[1].setAttribute("aria-invalid", "true");
      problem[1].focus();
      return;
    }
    const body = { ruleset: select.value, players: names() };
    if (dealer.value) body.dealer = dealer.value;
    const size = await teamSize();
    if (size === undefined) { show("start-error", problemText({ offline: true })); return; }
    if (size) body.teams = seatTeams(body.players, size);
    const answer = await call("POST", "/v1/games", body);
    if (!answer.ok) {  // what was typed stays; the line at fault is marked
      show("start-error", problemText(answer));
      const inputs = [...list.querySelectorAll("input")];
      for (const e of (answer.data || {}).errors || []) {
        const at = /^players\[(\d+)\]$/.exec(e.path || "");
        if (at && inputs[Number(at[1])]) inputs[Number(at[1])].setAttribute("aria-invalid", "true");
      }
      return;
    }
    localStorage.setItem(`referee.token.${answer.data.id}`, answer.data.token);
    location.href = `/games/${answer.data.id}`;
  });
  $("open-game").addEventListener("submit", (event) => {
    event.preventDefault();
    const value = $("game-address").value.trim();
    const id = value.split("/games/").pop().split("#")[0].split("?")[0];
    if (id) location.href = `/games/${encodeURIComponent(id)}`;
  });
  describe();
  refreshDealer();
}
