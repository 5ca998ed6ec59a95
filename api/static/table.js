/* The table's page: the score sheet and the referee, through the public /v1 API only.
   The token that may change a game stays on the device that has it (localStorage), never in
   a link unless the scorer hands it over on purpose. */
"use strict";

const N_ = (text) => text;  // marks a sentence for the catalogs; w() translates it where used
/* A ruleset's answer names each suit of its deck (`deck.suits`: letter, symbol and name); the
   page says the names of the decks cards.md lists in the page's language, any other as given. */
const SUIT_NAMES = [N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"), N_("stars"), N_("red"), N_("blue"),
  N_("green"), N_("yellow"), N_("black"), N_("orange")];
const RED_SUITS = new Set(["diamonds", "hearts", "red"]);
/* Suits that are colours (Phase 10's red, blue, green, yellow): their chips are filled with the
   colour (`.colour`, in the CSS), and still say their letter for those who cannot tell them apart. */
const COLOUR_SUITS = new Set(["red", "blue", "green", "yellow", "black", "orange"]);
const TILE_COLOURS = ["B", "K", "O", "R"];  // the tile set's colours by letter, sorted
const FRENCH_SUITS = [{ letter: "C", symbol: "♣", name: "clubs" }, { letter: "D", symbol: "♦", name: "diamonds" },
  { letter: "H", symbol: "♥", name: "hearts" }, { letter: "S", symbol: "♠", name: "spades" }];
const RANK_NAMES = { A: N_("ace"), J: N_("jack"), Q: N_("queen"), K: N_("king") };
const COLOURS = ["#0b5d3b", "#a4161a", "#1d4e89", "#7b2cbf", "#b5651d", "#2a9d8f", "#6c757d", "#e76f51"];

const $ = (id) => document.getElementById(id);

/* The page's sentences in its language: the server puts their translations in the page
   (#words); English is the source. `{name}` placeholders are filled from `values`. */
let WORDS = null;
function w(text, values = {}) {
  if (WORDS === null) {
    const node = document.getElementById("words");
    WORDS = node ? JSON.parse(node.textContent) : {};
  }
  return fill(WORDS[text] || text, values);
}

function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

/* Which plural form a number takes in the page's language: the index into the forms of a
   gettext catalog (its Plural-Forms), so Russian and Romanian have three. */
const PLURAL_RULES = {
  ru: (n) => (n % 10 === 1 && n % 100 !== 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2),
  ro: (n) => (n === 1 ? 0 : n === 0 || (n % 100 >= 1 && n % 100 <= 19) ? 1 : 2),
};

/* A sentence with a count, `{n}`, in its plural form: the server puts each language's forms in
   the page (#plurals); English is the source. */
let PLURALS = null;
function wn(singular, plural, n, values = {}) {
  if (PLURALS === null) {
    const node = document.getElementById("plurals");
    PLURALS = node ? JSON.parse(node.textContent) : {};
  }
  const rule = PLURAL_RULES[document.documentElement.lang] || ((k) => (k === 1 ? 0 : 1));
  const forms = PLURALS[singular] || [singular, plural];
  return fill(forms[Math.min(rule(n), forms.length - 1)], { ...values, n });
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

async function call(method, path, body, token, extra = {}) {
  const headers = { Accept: "application/json", ...extra };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method !== "GET") headers["Idempotency-Key"] = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  // The page's language, whatever the service would choose by itself (a cookie, the browser's).
  const address = new URL(path, location.href);
  address.searchParams.set("lang", document.documentElement.lang || "en");
  const response = await fetch(address, { method, headers, cache: "no-store",
    body: body === undefined ? undefined : JSON.stringify(body) });
  const data = [204, 304].includes(response.status) ? null : await response.json().catch(() => null);
  return { ok: response.ok, status: response.status, data, etag: response.headers.get("ETag") };
}

/* A problem answer in one sentence a player reads: each error's message, else the detail. */
function problemText(answer) {
  const data = answer.data || {};
  if (Array.isArray(data.errors) && data.errors.length) {
    const text = data.errors.map((e) => e.message).join("; ");
    return /[.!?…]$/.test(text) ? text : `${text}.`;  // a sentence, as the page's other errors are
  }
  return data.detail || w("The service answered {status}.", { status: answer.status });
}

function show(id, text) {
  const node = $(id);
  node.textContent = text || "";
  node.hidden = !text;
  if (text && node.classList.contains("error")) node.scrollIntoView({ block: "center" });
}

/* A sentence for the table after a write, read out by screen readers, focus moved to it. */
function notice(text) {
  const node = $("notice");
  node.textContent = text;
  node.hidden = !text;
  if (text) node.focus();
}

/* A card as the page writes it (`QX`, `10S`, `W`, `JK`): its rank and its suit of the deck,
   none for a joker or a special card. */
function cardParts(card, deck) {
  if (card === "JK" || deck.specials.includes(card)) return { rank: card, suit: null };
  const letter = card.slice(-1);
  return { rank: card.slice(0, -1), suit: deck.suits.find((s) => s.letter === letter) || { letter, symbol: "", name: "" } };
}

/* A card in words, for screen readers: "queen of stars", "joker", "W". */
function cardLabel(card, deck) {
  if (card === "JK") return w("joker");
  const { rank, suit } = cardParts(card, deck);
  if (!suit) return rank;
  return w("{rank} of {suit}", { rank: w(RANK_NAMES[rank] || rank), suit: suit.name ? w(suit.name) : suit.letter });
}

/* A card as its chip shows it, as the referee's sentences name it: `Q★`, `10♠`, `12G`, `W`, `🃏`;
   a tile as it is written (`13K`, `JK`). */
function cardFace(card, deck) {
  if (deck.tiles) return card;
  if (card === "JK") return "🃏";
  const { rank, suit } = cardParts(card, deck);
  return suit ? `${rank}${suit.symbol || suit.letter}` : rank;
}

/* The chip's colour: red for the red suits, else the suit's own (`data-suit`, in the CSS); a
   colour of the deck fills its chip; a special card of the deck (W, SK) is a chip of its own,
   a wild one marked as such. */
function cardLook(card, deck) {
  const { suit } = cardParts(card, deck);
  if (deck.tiles) return { class: card === "JK" ? "tile joker" : "tile", suit: suit ? suit.name || suit.letter : "joker" };
  const classes = [suit && RED_SUITS.has(suit.name) ? "red" : "", suit && COLOUR_SUITS.has(suit.name) ? "colour" : ""];
  if (deck.specials.includes(card)) classes.push("special", deck.wilds.includes(card) ? "wild" : "");
  return { class: classes.filter(Boolean).join(" "), suit: suit ? suit.name || suit.letter : "special" };
}

/* What a chip holds: a card's face; a tile's number large in its colour, its letter small
   beside it (for those who cannot tell the colours apart), the joker a face of its own. */
function cardInside(card, deck) {
  if (!deck.tiles) return cardFace(card, deck);
  if (card === "JK") return [el("span", { class: "n", "aria-hidden": "true", text: "☺" }), el("span", { class: "l", text: "JK" })];
  const { rank, suit } = cardParts(card, deck);
  return [el("span", { class: "n", text: rank }), el("span", { class: "l", text: suit ? suit.letter : "" })];
}

/* A tile (or card) drawn to be read, not tapped: `played` marks one that came from the rack. */
function tileView(card, deck, played = false) {
  const look = cardLook(card, deck);
  return el("span", { class: `${look.class} face${played ? " played" : ""}`, "data-suit": look.suit, "data-card": card, role: "img",
    "aria-label": played ? w("{card}, from your rack", { card: cardLabel(card, deck) }) : cardLabel(card, deck) },
  cardInside(card, deck));
}

/* ------------------------------------------------------------------ the card picker */

/* Tap cards to pick them; with `groups`, "next meld" starts a new group. The picked cards show
   as chips (tap one to take it back); `mark` outlines the cards a verdict names. */
function cardPicker(deck, label, options = {}) {
  const groups = [[]];
  const chips = el("div", { class: "chips", "aria-live": "polite", "aria-label": w("{label}: picked cards", { label }) });
  const box = el("div", { class: "picker", role: "group", "aria-label": label, hidden: options.folded || undefined });
  let faults = new Set();
  let badGroups = new Set();  // the melds a verdict names (`after[2]`)
  const add = (card) => {
    if (options.single) groups.splice(0, groups.length, []);
    groups[groups.length - 1].push(card);
    faults = new Set();
    badGroups = new Set();
    render();
  };

  function render() {
    chips.replaceChildren();
    groups.forEach((group, g) => {
      const holder = options.groups ? el("div", { class: "group", "aria-label": w("meld {n}", { n: g + 1 }) }) : chips;
      group.forEach((card, i) => {
        const look = cardLook(card, deck);
        holder.append(el("button", {
          type: "button", class: `${look.class} ${faults.has(card) ? "fault" : ""}`.trim(), "data-suit": look.suit,
          "aria-label": faults.has(card) ? w("Take back {card} (at fault)", { card: cardLabel(card, deck) })
            : w("Take back {card}", { card: cardLabel(card, deck) }),
          onclick: () => { group.splice(i, 1); render(); },
        }, cardInside(card, deck)));
      });
      if (options.groups && options.removable && group.length) {  // a meld off the table at a tap
        holder.append(el("button", { type: "button", class: "secondary remove", "aria-label": w("Remove meld {n} ({label})", { n: g + 1, label }),
          onclick: () => { groups.splice(g, 1); if (!groups.length) groups.push([]); badGroups = new Set(); render(); } }, "✕"));
      }
      if (badGroups.has(g)) holder.classList.add("fault");
      if (options.groups) chips.append(holder);
    });
    if (!groups.some((g) => g.length)) chips.append(el("span", { class: "hint", text: w("No cards picked yet.") }));
  }

  for (const suit of deck.suits) {
    const row = el("div", { class: "suit", "data-suit": suit.name || suit.letter });
    for (const rank of deck.ranks) {
      const card = `${rank}${suit.letter}`;
      const look = cardLook(card, deck);
      row.append(el("button", {
        type: "button", class: look.class, "data-suit": look.suit,
        "aria-label": w("Add {card} ({label})", { card: cardLabel(card, deck), label }),
        "data-card": card, onclick: () => add(card),
      }, cardInside(card, deck)));
    }
    box.append(row);
  }
  const extra = el("div", { class: "buttons" });
  for (const special of deck.specials) {  // a deck's cards with no suit, each its own chip
    extra.append(el("button", {
      type: "button", class: `secondary ${cardLook(special, deck).class}`,
      "aria-label": w("Add {card} ({label})", { card: cardLabel(special, deck), label }),
      "data-card": special, "data-suit": "special", onclick: () => add(special),
    }, cardFace(special, deck)));
  }
  if (deck.jokers) {
    extra.append(el("button", {
      type: "button", class: deck.tiles ? "tile joker" : "secondary", "aria-label": w("Add a joker ({label})", { label }), "data-card": "JK",
      "data-suit": deck.tiles ? "joker" : null, onclick: () => add("JK"),
    }, deck.tiles ? cardInside("JK", deck) : "🃏 " + w("joker")));
  }
  if (options.groups) {
    extra.append(el("button", {
      type: "button", class: "secondary", onclick: () => { if (groups[groups.length - 1].length) groups.push([]); render(); },
    }, w("Next meld")));
  }
  extra.append(el("button", {
    type: "button", class: "secondary", "aria-label": w("Clear ({label})", { label }),
    onclick: () => { groups.splice(0, groups.length, []); faults = new Set(); badGroups = new Set(); render(); },
  }, w("Clear")));
  box.append(extra);
  render();
  const parts = [chips];
  if (options.folded) {  // the grid opens on demand: a page of many players stays short
    const toggle = el("button", { type: "button", class: "secondary", "aria-expanded": "false",
      onclick: () => {
        const open = box.hidden;
        for (const other of document.querySelectorAll("[data-fold]")) {
          other.setAttribute("aria-expanded", "false");
          other.nextElementSibling.hidden = true;
        }
        box.hidden = !open;
        toggle.setAttribute("aria-expanded", String(open));
      }, "data-fold": "" }, options.folded);
    parts.push(toggle);
  }
  parts.push(box);
  return {
    element: el("div", {}, parts),
    cards: () => groups.flat(),
    groups: () => groups.filter((g) => g.length),
    mark: (cards, melds = []) => { faults = new Set(cards || []); badGroups = new Set(melds); render(); },
    clear: () => { groups.splice(0, groups.length, []); faults = new Set(); badGroups = new Set(); render(); },
    set: (melds) => { groups.splice(0, groups.length, ...melds.map((m) => [...m]), []); faults = new Set(); badGroups = new Set(); render(); },
  };
}

/* The deck a ruleset's answer names: ranks in run order, each suit's letter, symbol and name,
   jokers and special cards; the French deck's for any of them left out (a suit given as a
   letter alone keeps the French suit's symbol and name). */
function deckOf(ruleset) {
  const deck = ruleset.deck || {};
  const table = deck.jokers_per_table;
  const jokers = table !== undefined && table !== null
    ? (typeof table === "number" ? table > 0 : Object.values(table).some((n) => n > 0)) : (deck.jokers || 0) > 0;
  return {
    ranks: deck.ranks || ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"],
    suits: (deck.suits || FRENCH_SUITS).map((s) => (typeof s === "string"
      ? FRENCH_SUITS.find((f) => f.letter === s) || { letter: s, symbol: "", name: "" } : s)),
    specials: Object.entries(deck.specials || {}).filter(([, n]) => n > 0).map(([name]) => name),
    wilds: (ruleset.wilds || {}).ranks || [],
    jokers,
    // Tiles (Rummikub, Remi): a game whose table anyone may rebuild, or a deck of the tile set's
    // four colours (cards.md: black K, blue B, orange O, red R), as Remi's variants that do not rebuild.
    tiles: Boolean((ruleset.table || {}).rearrange)
      || (Array.isArray(deck.suits) && TILE_COLOURS.join() === deck.suits.map((s) => (typeof s === "string" ? s : s.letter)).sort().join()),
  };
}

/* ------------------------------------------------------------------ games kept on this phone */

/* The games this phone has opened (localStorage): id, the game's name, the players, when last
   seen, and whether this phone keeps the score; newest first. */
const KEPT = "referee.games";
const KEPT_MOST = 30;

function keptGames() {
  try {
    const list = JSON.parse(localStorage.getItem(KEPT) || "[]");
    return Array.isArray(list) ? list.filter((g) => g && typeof g.id === "string") : [];
  } catch (error) {
    return [];
  }
}

function keepGame(entry) {
  const list = [entry, ...keptGames().filter((g) => g.id !== entry.id)].slice(0, KEPT_MOST);
  try {
    localStorage.setItem(KEPT, JSON.stringify(list));
  } catch (error) {
    // storage full or refused (a private window): the game plays on, only not listed
  }
}

/* Take a game off the list (and its token: the game is gone); whether it was on it. */
function forgetGame(id) {
  const list = keptGames();
  localStorage.setItem(KEPT, JSON.stringify(list.filter((g) => g.id !== id)));
  localStorage.removeItem(`referee.token.${id}`);
  return list.some((g) => g.id === id);
}

function keptWords(g) {
  const when = new Date(g.seen).toLocaleString(document.documentElement.lang || undefined,
    { dateStyle: "medium", timeStyle: "short" });
  const players = Array.isArray(g.players) ? g.players.join(", ") : "";
  return [players, w("last seen {when}", { when }), g.scorer ? w("you keep the score") : null].filter(Boolean).join(" · ");
}

/* A kept game's name in the page's language: the service's name of its ruleset on this page,
   else the name kept with it (a ruleset this service no longer lists). */
function keptName(g) {
  const option = g.ruleset ? $("ruleset")?.querySelector(`option[value="${CSS.escape(g.ruleset)}"]`) : null;
  return option ? option.dataset.name : g.name || g.id;
}

function initKept() {
  const list = keptGames();
  $("kept").hidden = !list.length && $("kept-note").hidden;
  $("kept-games").replaceChildren(...list.map((g) => el("li", {},
    el("button", { type: "button", class: "secondary", "data-game": g.id, onclick: () => resume(g) },
      w("Resume {game}", { game: keptName(g) })),
    el("span", { class: "hint", text: keptWords(g) }))));
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

/* ------------------------------------------------------------------ starting a game */

function initNewGame() {
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

/* ------------------------------------------------------------------ a game */

const game = { id: "", token: null, sheet: null, etag: null, ruleset: null, round: null, tools: null, wild: "",
  undone: null };
const FOLLOW_SECONDS = 10;  // a following phone asks whether the game changed this often

async function initGame(root) {
  game.id = root.dataset.game;
  if (location.hash.startsWith("#token=")) {  // handed over on purpose: keep it, drop it from the address
    localStorage.setItem(`referee.token.${game.id}`, decodeURIComponent(location.hash.slice(7)));
    history.replaceState(null, "", location.pathname);
  }
  game.token = localStorage.getItem(`referee.token.${game.id}`);
  // The address other phones reach this service at (the server knows it: the one this page
  // was opened at, or the network's address when opened on the host itself).
  const base = root.dataset.base || location.origin;
  $("hand-over").addEventListener("click", () => handOver(base));
  $("undo").addEventListener("click", undoAsked);
  $("undo-no").addEventListener("click", () => { $("undo-confirm").hidden = true; $("undo").focus(); });
  $("undo-yes").addEventListener("click", undoConfirmed);
  $("redo").addEventListener("click", redo);
  $("finish").addEventListener("click", finishAsked);
  $("print").addEventListener("click", () => window.print());
  $("download").addEventListener("click", download);
  const answer = await call("GET", `/v1/games/${game.id}`);
  if (!answer.ok) { show("page-error", problemText(answer)); return; }
  const rules = await call("GET", `/v1/rulesets/${answer.data.ruleset}`);
  game.ruleset = rules.data;
  await refresh(answer.data, answer.etag);
  setInterval(follow, FOLLOW_SECONDS * 1000);
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

/* The sheet as the service writes it in CSV, saved as a file. */
async function download() {
  const response = await fetch(`/v1/games/${encodeURIComponent(game.id)}?lang=${document.documentElement.lang || "en"}`,
    { headers: { Accept: "text/csv" }, cache: "no-store" }).catch(() => null);
  if (!response || !response.ok) {
    show("page-error", w("The service answered {status}.", { status: response ? response.status : "—" }));
    return;
  }
  const link = el("a", { href: URL.createObjectURL(await response.blob()),
    download: `${game.sheet.ruleset}-${game.id}.csv` });
  document.body.append(link);
  link.click();
  link.remove();
}

/* ------------------------------------------------------------------ undo and redo */

/* What an entry of the sheet is, in a few words a table reads: "round 3 (C went out)". */
function entryWords(entry) {
  if (!entry) return "";
  if (entry.kind === "buy") return w("{name}'s buy", { name: entry.player });
  if (entry.kind === "buy_back") return w("{name}'s buy-back", { name: entry.player });
  if (entry.kind === "finish") return w("the end of the game");
  const played = game.sheet.rounds.find((r) => r.number === entry.number) || {};
  if (isLayout()) return w("deal {n} ({name} won it)", { n: entry.number, name: played.winner });
  return played.went_out ? w("round {n} ({name} went out)", { n: entry.number, name: played.went_out })
    : w("round {n}", { n: entry.number });
}

/* The write that enters an entry again, as it was: a round as it was given (hands or points). */
function entryAgain(entry) {
  if (entry.kind === "buy") return ["POST", "buys", { player: entry.player }];
  if (entry.kind === "buy_back") return ["POST", "buy-backs", { player: entry.player }];
  if (entry.kind === "finish") return ["POST", "finish", undefined];
  const played = game.sheet.rounds.find((r) => r.number === entry.number);
  if (isLayout()) return ["POST", "rounds", { winner: played.winner, completed: played.completed || [] }];
  const body = {};
  if (played.went_out) body.went_out = played.went_out;
  if (played.wild_rank) body.wild_rank = played.wild_rank;
  if (played.phases_made) body.phases_made = played.phases_made;
  if (played.hands) {
    body.hands = played.hands;
    if (played.melded) body.melded = played.melded;
    if (played.red_threes) body.red_threes = played.red_threes;
    if (played.concealed) body.concealed = true;
    if (played.morto_taken) body.morto_taken = played.morto_taken;
  } else {
    body.points = played.points;
    if (played.cards) body.cards = played.cards;
  }
  return ["POST", "rounds", body];
}

function renderUndo() {
  const last = game.sheet.entries.at(-1);
  $("undo").hidden = !last;
  if (last) $("undo").textContent = w("Undo {what}", { what: entryWords(last) });
  $("redo").hidden = !game.undone || game.undone.etag !== game.etag;
  if (game.undone) $("redo").textContent = w("Redo {what}", { what: game.undone.words });
}

function undoAsked() {
  const last = game.sheet.entries.at(-1);
  if (!last) return;
  $("undo-question").textContent = w("Undo {what}? It comes off the sheet.", { what: entryWords(last) });
  $("undo-confirm").hidden = false;
  $("undo-yes").focus();
}

async function undoConfirmed() {
  $("undo-confirm").hidden = true;
  const last = game.sheet.entries.at(-1);
  if (!last) return;
  const words = entryWords(last);
  const again = entryAgain(last);
  const done = await write("DELETE", `/v1/games/${game.id}/entries/last`, undefined, "entry-error",
    w("Undone: {what}.", { what: words }));
  if (done) {
    game.undone = { words, again, etag: game.etag };  // kept while nothing else is entered
    renderUndo();
  }
}

async function redo() {
  const undone = game.undone;
  if (!undone) return;
  const [method, path, body] = undone.again;
  game.undone = null;
  await write(method, `/v1/games/${game.id}/${path}`, body, "entry-error", w("Entered again: {what}.", { what: undone.words }));
}

/* Another phone may have entered something: ask (304 when nothing changed), and redraw. */
async function follow() {
  if (document.hidden || !game.etag) return;
  const answer = await call("GET", `/v1/games/${game.id}`, undefined, undefined, { "If-None-Match": game.etag });
  if (answer.status === 200) await refresh(answer.data, answer.etag);
}

function finishAsked() {
  const button = $("finish");
  if (button.dataset.sure) {
    delete button.dataset.sure;
    button.textContent = w("End the game now");
    write("POST", `/v1/games/${game.id}/finish`, undefined, "entry-error", w("The game is over."));
    return;
  }
  button.dataset.sure = "yes";
  button.textContent = w("Yes, end it: the winner is decided now");
}

/* A write to the game, only over the sheet this page shows (If-Match): if another phone
   changed the game meanwhile, nothing is written and the page shows the game as it is now. */
async function write(method, path, body, errorId, done) {
  show(errorId, "");
  notice("");
  const answer = await call(method, path, body, game.token, game.etag ? { "If-Match": game.etag } : {});
  const fresh = await call("GET", `/v1/games/${game.id}`);
  if (answer.status === 412) {
    await refresh(fresh.data, fresh.etag);
    show(errorId, w("The game changed on another phone: the sheet now shows it. Check it before entering again."));
    return false;
  }
  if (!answer.ok) { show(errorId, problemText(answer)); markFields(answer); return false; }
  game.undone = null;
  await refresh(fresh.data, fresh.etag);
  if (done) notice(done);
  return true;
}

/* The boxes a refusal names (points.NAME, cards.NAME) are marked, and the first one focused;
   what was typed stays. */
function markFields(answer) {
  for (const node of document.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
  const boxes = ((answer.data || {}).errors || []).map((e) => /^(points|cards)\.(.+)$/.exec(e.path || ""))
    .filter(Boolean).map(([, field, name]) => $(`${field}-${name}`)).filter(Boolean);
  for (const box of boxes) box.setAttribute("aria-invalid", "true");
  if (boxes.length) boxes[0].focus();
}

async function refresh(sheet, etag) {
  game.sheet = sheet;
  game.etag = etag || null;
  const number = sheet.round;
  const round = await call("GET", `/v1/rulesets/${sheet.ruleset}/rounds/${number}`);
  game.round = round.ok ? round.data : null;
  render();
}

const isLayout = () => game.ruleset.family === "layout";
/* Contracts held by each player (Phase 10): each player works on a phase of their own. */
const perPlayer = () => game.ruleset.contracts === "per_player";

/* A phase in words, from the ruleset's `phases` as written: "Phase 8: 7 cards of one colour",
   "Phase 2: 1 set of 3 and 1 run of 4"; past the last phase, that every phase is made. */
function phaseWords(n) {
  const phases = game.ruleset.phases || [];
  if (n > phases.length) return w("Every phase made");
  const phase = phases[n - 1] || {};
  const sized = (sizes, one) => (sizes.every((s) => s === sizes[0]) ? [one(sizes.length, sizes[0])] : sizes.map((s) => one(1, s)));
  const parts = [];
  for (const [key, sizes] of Object.entries(phase)) {
    if (!Array.isArray(sizes) || !sizes.length) continue;
    if (key === "sets") parts.push(...sized(sizes, (k, size) => wn("{n} set of {size}", "{n} sets of {size}", k, { size })));
    else if (key === "runs") parts.push(...sized(sizes, (k, size) => wn("{n} run of {size}", "{n} runs of {size}", k, { size })));
    else if (key === "colors") parts.push(...sizes.map((size) => wn("{n} card of one colour", "{n} cards of one colour", size)));
    else parts.push(...sized(sizes, (k, size) => wn("{n} meld of {size}", "{n} melds of {size}", k, { size })));
  }
  if (phase.melds) parts.push(wn("{n} meld", "{n} melds", phase.melds));
  const melds = parts.reduce((text, part) => (text ? w("{first} and {second}", { first: text, second: part }) : part), "");
  return melds ? w("Phase {n}: {melds}", { n, melds }) : w("Phase {n}", { n });
}

/* A player's phase as the game gives it (`phase` on each player); null where it gives none. */
const phaseOf = (p) => (p && Number.isInteger(p.phase) ? p.phase : null);
/* Whether a player has made every phase (the game keeps `phase` at the last one then). */
const allMade = (p) => Number.isInteger(p.phases_completed) && p.phases_completed >= (game.ruleset.phases || []).length;
const canWrite = () => Boolean(game.token) && game.sheet.status === "in_progress";
/* Partners who score together: the game's `teams` (each with its players and score), or none. */
const teamsOf = () => (Array.isArray(game.sheet.teams) ? game.sheet.teams : []);
const teamName = (team) => team.players.join(" + ");
const both = (names) => (names.length > 1 ? w("{first} and {second}", { first: names.slice(0, -1).join(", "), second: names.at(-1) })
  : names.join(""));
/* Who won in words: the winning team (its players), teams tied, or players. */
function winnerWords(winners) {
  const won = game.sheet.winning_team === null || game.sheet.winning_team === undefined ? []
    : [].concat(game.sheet.winning_team).map((i) => teamsOf()[i]).filter(Boolean);
  if (won.length === 1) return w("Winning team: {names}", { names: both(won[0].players) });
  if (won.length > 1) return w("Winners: {names}", { names: both(won.map(teamName)) });
  return winners.length > 1 ? w("Winners: {names}", { names: both(winners) }) : w("Winner: {names}", { names: both(winners) });
}

function render() {
  const sheet = game.sheet;
  const ruleset = game.ruleset;
  $("game-title").textContent = ruleset.name;
  document.title = `referee: ${ruleset.name}`;
  const count = sheet.rounds.length;
  const playing = isLayout() ? w("Deal {n} being played.", { n: sheet.round }) : w("Round {n} being played.", { n: sheet.round });
  $("game-status").textContent = sheet.status === "finished"
    ? (isLayout() ? wn("Finished after {n} deal.", "Finished after {n} deals.", count)
      : wn("Finished after {n} round.", "Finished after {n} rounds.", count))
    : playing + " " + (game.token ? w("You keep the score.") : w("You are following the game."));
  const winners = sheet.winner === null ? [] : [].concat(sheet.winner);
  const names = both(winners);
  show("winner", winners.length ? winnerWords(winners) : "");
  const over = sheet.status !== "in_progress";
  $("h-contract").textContent = over ? w("The game is over") : (isLayout() ? w("This deal") : w("This round"));
  $("contract").textContent = over ? (sheet.pot && winners.length
    ? (winners.length > 1 ? w("{names} share the pot of {pot}.", { names, pot: sheet.pot })
      : w("{names} takes the pot of {pot}.", { names, pot: sheet.pot })) : "")
    : (game.round ? game.round.summary : "");
  $("dealer-line").textContent = !over && sheet.dealer ? w("{name} deals.", { name: sheet.dealer }) : "";
  renderPhases(over);
  renderStandings();
  renderChart();
  renderRounds();
  for (const node of document.querySelectorAll(".scorer")) node.hidden = !canWrite();
  // Corrections stay open to the scorer after the end: undoing the last round reopens the game.
  $("entries").hidden = !game.token;
  $("finish").hidden = over;
  if (canWrite()) renderRoundForm();
  if (game.token) { renderEntryButtons(); renderUndo(); }
  if (!game.tools) renderReferee();
  else if (game.tools.sync) game.tools.sync();
  keepGame({ id: game.id, ruleset: ruleset.id, name: ruleset.name, players: sheet.players.map((p) => p.name), seen: Date.now(),
    scorer: Boolean(game.token) });
}

/* Each player's phase in words under the round's line (Phase 10), while the game is on. */
function renderPhases(over) {
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

/* The sheet round by round, as the CSV has it: each round's points (layout games: the layout
   sizes after the deal), then the totals. */
function renderRounds() {
  const sheet = game.sheet;
  const names = sheet.players.map((p) => p.name);
  const cell = (r, n) => {
    if (isLayout()) return r.standing[n];
    const points = r.points || {};
    return n in points ? points[n] : (n === r.went_out ? 0 : "");
  };
  const table = $("rounds-table");
  const teams = teamsOf();  // a column a team after the players', as the CSV has it
  const head = el("tr", {}, el("th", { scope: "col", text: isLayout() ? w("Deal") : w("Round") }),
    names.map((n) => el("th", { scope: "col", class: "num", text: n })),
    teams.map((team) => el("th", { scope: "col", class: "num team", text: teamName(team) })));
  const rows = sheet.rounds.map((r) => el("tr", {}, el("th", { scope: "row", text: String(r.number) }),
    names.map((n) => el("td", { class: "num", text: String(cell(r, n)) })),
    teams.map((_, i) => el("td", { class: "num team", text: String((r.team_points || [])[i] ?? "") }))));
  const totals = el("tr", { class: "total" }, el("th", { scope: "row", text: w("Total") }),
    sheet.players.map((p) => el("td", { class: "num", text: String(isLayout() ? p.layout_size : p.score) })),
    teams.map((team) => el("td", { class: "num team", text: String(team.score) })));
  table.replaceChildren(table.querySelector("caption"), el("thead", {}, head), el("tbody", {}, rows), el("tfoot", {}, totals));
}

/* The service's standings, by player name (a game of players) or by team (their players joined). */
function standingOf(key) {
  return (game.sheet.standings || []).find((s) => (s.name ?? (s.players || []).join("+")) === key);
}

/* Rows in the order the service gives the standings (the way the game is won); seating order
   for any it does not name. */
function inStandingOrder(rows, key) {
  const order = (game.sheet.standings || []).map((s) => s.name ?? (s.players || []).join("+"));
  const at = (row) => (order.includes(key(row)) ? order.indexOf(key(row)) : order.length);
  return rows.map((row, seat) => [row, seat]).sort((a, b) => at(a[0]) - at(b[0]) || a[1] - b[1]).map(([row]) => row);
}

function renderStandings() {
  const sheet = game.sheet;
  const ranked = !teamsOf().length;  // in a team game the teams carry the rank, above
  const players = ranked ? inStandingOrder(sheet.players, (p) => p.name) : sheet.players;
  const columns = [[w("Player"), (p) => p.name, false], [isLayout() ? w("Layout") : w("Score"), (p) => (isLayout() ? p.layout_size : p.score), true, "score"]];
  if (ranked && sheet.standings) {
    columns.unshift([w("Rank"), (p) => standingOf(p.name)?.rank ?? "", true, "rank"]);
    columns.push([w("Behind"), (p) => standingOf(p.name)?.behind || "", true, "behind"]);
  }
  if (perPlayer() && players.some((p) => phaseOf(p) !== null)) {
    columns.splice(1, 0, [w("Phase"), (p) => (allMade(p) ? `${phaseOf(p)} ✓` : phaseOf(p)), true]);
  }
  if (players.some((p) => p.eliminated) || (game.ruleset.game || {}).buy_back) columns.push([w("Out"), (p) => (p.eliminated ? w("out") : ""), false]);
  if ((game.ruleset.game || {}).buy_back) columns.push([w("Buy-backs"), (p) => p.buy_backs, true]);
  if (players.some((p) => p.pennies_paid)) columns.push([w("Pennies"), (p) => p.pennies_paid, true]);
  if (players.some((p) => p.buys_left !== null)) columns.push([w("Buys left"), (p) => p.buys_left, true]);
  const table = $("standings");
  const head = el("tr", {}, columns.map(([name, , num]) => el("th", { scope: "col", class: num ? "num" : null, text: name })));
  const rows = players.map((p) => el("tr", { class: `${p.eliminated ? "out" : ""} ${p.name === sheet.dealer && sheet.status === "in_progress" ? "dealer" : ""}`.trim() || null },
    columns.map(([name, value, num, kind]) => el(name === w("Player") ? "th" : "td", { scope: name === w("Player") ? "row" : null,
      class: [num ? "num" : null, kind].filter(Boolean).join(" ") || null, text: String(value(p) ?? "") }))));
  table.replaceChildren(table.querySelector("caption"), el("thead", {}, head), el("tbody", {}, rows));
  $("ends").textContent = (sheet.ends || {}).words || "";
  renderTeams();
  $("pot").textContent = sheet.pot ? w("Pot: {pot}", { pot: sheet.pot }) : "";
}

/* Each team and its score, above the players' own lines (the winning team marked). */
function renderTeams() {
  const teams = teamsOf();
  $("teams-box").hidden = !teams.length;
  if (!teams.length) return;
  const won = new Set([].concat(game.sheet.winning_team ?? []));
  const table = $("team-standings");
  const key = (team) => team.players.join("+");
  const ordered = inStandingOrder(teams.map((team, i) => ({ team, i })), ({ team }) => key(team));
  table.replaceChildren(table.querySelector("caption"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", class: "num", text: w("Rank") }), el("th", { scope: "col", text: w("Team") }),
      el("th", { scope: "col", class: "num", text: w("Score") }), el("th", { scope: "col", class: "num", text: w("Behind") }))),
    el("tbody", {}, ordered.map(({ team, i }) => el("tr", { class: won.has(i) ? "won" : null, "data-team": String(i) },
      el("td", { class: "num rank", text: String(standingOf(key(team))?.rank ?? "") }),
      el("th", { scope: "row", text: teamName(team) }), el("td", { class: "num score", text: String(team.score) }),
      el("td", { class: "num behind", text: String(standingOf(key(team))?.behind || "") })))));
}

/* Scores (or layout sizes) round by round, drawn as SVG: one line a player. Each round reports
   the standing right after it; the start is the first standing less the first round's points. */
function series() {
  const sheet = game.sheet;
  const names = sheet.players.map((p) => p.name);
  const first = sheet.rounds[0];
  const start = (n) => {
    if (isLayout()) return ((game.ruleset.layout || {}).slots || []).length || 10;
    if (!first) return sheet.players.find((p) => p.name === n).score;
    return first.standing[n] - ((first.points || {})[n] || 0);
  };
  const lines = Object.fromEntries(names.map((n) => [n, [start(n), ...sheet.rounds.map((r) => r.standing[n])]]));
  if (!teamsOf().length) return lines;
  // In a team game the target is a team's: one line a team, its players' scores added.
  return Object.fromEntries(teamsOf().map((team) => [teamName(team),
    lines[team.players[0]].map((_, r) => team.players.reduce((sum, n) => sum + lines[n][r], 0))]));
}

function renderChart() {
  const lines = series();
  const names = Object.keys(lines);
  const rounds = game.sheet.rounds.length;
  const end = (game.ruleset.game || {}).end || {};
  const limit = isLayout() ? null : end.elimination || end.target || null;
  const values = names.flatMap((n) => lines[n]).concat(limit === null ? [] : [limit]);
  const top = Math.max(1, ...values);
  const bottom = Math.min(0, ...values);
  const W = 320, H = 160, pad = 24;
  // The value axis's labels right-aligned left of it: room for the longest (Canasta's
  // thousands, a score below zero), about 6 units a character at the 10px text.
  const left = Math.max(pad, 6 * Math.max(String(top).length, String(bottom).length) + 6);
  const x = (i) => left + (rounds ? (i * (W - left - pad)) / rounds : 0);
  const y = (v) => H - pad - ((v - bottom) * (H - 2 * pad)) / (top - bottom || 1);
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("role", "img");
  const what = isLayout() ? w("Layout sizes after each deal")
    : teamsOf().length ? w("Team scores after each round") : w("Scores after each round");
  svg.setAttribute("aria-label", what);
  const line = (x1, y1, x2, y2, colour, dash) => {
    const l = document.createElementNS(ns, "line");
    Object.entries({ x1, y1, x2, y2, stroke: colour, "stroke-width": 1 }).forEach(([k, v]) => l.setAttribute(k, v));
    if (dash) l.setAttribute("stroke-dasharray", "4 3");
    svg.append(l);
  };
  const text = (tx, ty, words, anchor = "middle", colour = null) => {
    const t = document.createElementNS(ns, "text");
    t.setAttribute("x", tx); t.setAttribute("y", ty); t.setAttribute("text-anchor", anchor);
    if (colour) t.setAttribute("style", `fill:${colour}`);
    t.textContent = words;
    svg.append(t);
  };
  line(left, H - pad, W - pad, H - pad, "#999");
  line(left, pad, left, H - pad, "#999");
  text(left - 3, y(top) + 3, String(top), "end");
  text(left - 3, y(bottom) + 3, String(bottom), "end");
  if (bottom < 0 && top > 0) {  // scores below zero: where zero is
    line(left, y(0), W - pad, y(0), "#ccc");
    svg.lastChild.setAttribute("class", "zero");
    text(left - 3, y(0) + 3, "0", "end");
  }
  const step = Math.max(1, Math.ceil(rounds / 10));
  for (let r = 0; r <= rounds; r += step) text(x(r), H - pad + 12, String(r));
  if (limit !== null) line(left, y(limit), W - pad, y(limit), "#a4161a", true);
  names.forEach((n, i) => {
    const p = document.createElementNS(ns, "polyline");
    p.setAttribute("points", lines[n].map((v, r) => `${x(r)},${y(v)}`).join(" "));
    p.setAttribute("fill", "none");
    p.setAttribute("stroke", COLOURS[i % COLOURS.length]);
    p.setAttribute("stroke-width", "2");
    const title = document.createElementNS(ns, "title");
    title.textContent = `${n}: ${lines[n].join(", ")}`;
    p.append(title);
    svg.append(p);
  });
  if (limit !== null) {  // the line's words last, on a light band, so no player's line covers them
    text(left + 2, y(limit) - 3, end.elimination ? w("out at {n}", { n: limit }) : w("game at {n}", { n: limit }), "start", "#a4161a");
    svg.lastChild.setAttribute("paint-order", "stroke");
    svg.lastChild.setAttribute("stroke", "#fff");
    svg.lastChild.setAttribute("stroke-width", "3");
  }
  const now = Object.fromEntries(game.sheet.players.map((p) => [p.name, isLayout() ? p.layout_size : p.score])
    .concat(teamsOf().map((team) => [teamName(team), team.score])));
  $("chart").replaceChildren(svg, el("ul", { class: "legend" }, names.map((n, i) => el("li", {},
    el("span", { style: `background:${COLOURS[i % COLOURS.length]}`, "aria-hidden": "true" }), `${n}: ${now[n]}`))));
  $("chart-caption").textContent = limit === null ? w("{what}.", { what })
    : (end.elimination ? w("{what}; the dashed line puts a player out.", { what }) : w("{what}; the dashed line ends the game.", { what }));
}

/* ------------------------------------------------------------------ entering a round */

function renderRoundForm() {
  const form = $("round-form");
  const active = game.sheet.players.filter((p) => !p.eliminated).map((p) => p.name);
  // The same round's form is kept as it is (what was typed, the cards tapped) through a buy,
  // a refusal or another phone's redraw; a new round gets a new form.
  const key = JSON.stringify([game.sheet.round, game.sheet.rounds.length, active]);
  if (form.dataset.key === key && form.childElementCount) return;
  form.dataset.key = key;
  form.replaceChildren();
  $("h-enter").textContent = isLayout() ? w("Enter the deal") : w("Enter the round");
  if (isLayout()) {
    form.append(
      el("label", { for: "winner-select" }, w("Who won the hand?")),
      el("select", { id: "winner-select", required: true }, el("option", { value: "", text: w("choose…") }),
        active.map((n) => el("option", { value: n, text: n }))),
    );
    if ((game.ruleset.shrink || {}).completed) {
      form.append(el("fieldset", {}, el("legend", { text: w("Others who completed their layout") }),
        active.map((n) => el("label", {}, el("input", { type: "checkbox", name: "completed", value: n }), ` ${n}`))));
    }
    form.append(el("button", { type: "submit" }, w("Enter the deal")));
    form.onsubmit = (event) => {
      event.preventDefault();
      const body = { winner: $("winner-select").value,
        completed: [...form.querySelectorAll("input[name=completed]:checked")].map((i) => i.value) };
      write("POST", `/v1/games/${game.id}/rounds`, body, "round-error",
        w("Deal {n} entered: {name} won it.", { n: game.sheet.round, name: body.winner }));
    };
    return;
  }
  const scoring = game.ruleset.scoring || {};
  const knock = Boolean(scoring.knock);
  const melded = scoring.method === "melded_minus_caught";
  const bonusCards = melded && (game.ruleset.bonus_cards || []).length > 0 && Boolean(scoring.bonuses);
  const concealedBonus = melded && Boolean((scoring.bonuses || {}).concealed);
  const mortoBonus = melded && (scoring.bonuses || {}).no_morto !== undefined && teamsOf().length > 0;
  const perDeal = Boolean((game.round && game.round.wilds && game.round.wilds.per_deal) || (game.ruleset.wilds || {}).per_deal);
  const pennies = Boolean(scoring.pennies_per_card);
  const deck = deckOf(game.ruleset);
  const mode = el("fieldset", {}, el("legend", { text: w("How to enter it") }),
    el("label", {}, el("input", { type: "radio", name: "mode", value: "cards", checked: knock || undefined }), " " + w("Tap each player's cards (the referee scores them)")),
    el("label", {}, el("input", { type: "radio", name: "mode", value: "points", checked: !knock || undefined }), " " + w("Type the points")));
  form.append(
    el("label", { for: "went-out" }, knock ? w("Who knocked?") : w("Who went out?")),
    el("select", { id: "went-out" }, el("option", { value: "", text: w("nobody") }), active.map((n) => el("option", { value: n, text: n }))),
  );
  if (perDeal) {
    form.append(el("label", { for: "wild-rank" }, w("The deal's wild rank (the cut card; a joker cut: A)")),
      wildRankSelect("wild-rank"));
  }
  if (scoring.method === "winner_gains") {  // the service works out the gain: the box stays empty
    form.append(el("p", { class: "hint", id: "winner-gains", text: w("Who went out gains what the others hold: leave their points empty.") }));
  }
  form.append(mode);
  const pickers = {};
  const meldPickers = {};
  const rows = active.map((n) => {
    // Melded scores may be below 0: no digits-only keypad, which has no minus sign on many phones.
    const points = el("input", { type: "number", inputmode: melded ? undefined : "numeric", id: `points-${n}`,
      "aria-label": w("{name}'s points", { name: n }), class: "points" });
    const cards = pennies ? el("input", { type: "number", inputmode: "numeric", id: `cards-${n}`,
      "aria-label": w("{name}'s cards caught", { name: n }), class: "points" }) : null;
    pickers[n] = cardPicker(deck, knock ? w("{name}'s cards after the discard", { name: n }) : w("{name}'s cards left in hand", { name: n }),
      { folded: w("Tap {name}'s cards", { name: n }) });
    if (melded) meldPickers[n] = cardPicker(deck, w("{name}'s melded cards", { name: n }), { groups: true, folded: w("Tap {name}'s melds", { name: n }) });
    const partners = (teamsOf().find((team) => team.players.includes(n)) || { players: [] }).players.filter((m) => m !== n);
    // Red threes (`bonus_cards`) laid face up this hand, counted by the referee with the cards.
    const threes = bonusCards ? el("input", { type: "number", inputmode: "numeric", min: "0", max: "20", id: `threes-${n}`,
      class: "points", "aria-label": w("{name}'s red threes laid", { name: n }) }) : null;
    return el("fieldset", { "data-player": n, "data-cards": "" },
      el("legend", { text: partners.length ? w("{name} (with {partners})", { name: n, partners: both(partners) }) : n }),
      perPlayer() ? madeToggle(n) : null,
      el("div", { class: "by-points" }, el("label", { for: `points-${n}` }, w("Points")), points,
        cards ? el("label", { for: `cards-${n}` }, w("Cards caught")) : null, cards),
      el("div", { class: "by-cards" }, el("p", { class: "hint", text: knock ? w("Their ten cards, after the discard:") : w("Cards left in hand:") }), pickers[n].element,
        melded ? el("p", { class: "hint", text: w("Cards they melded or laid off, a meld at a time:") }) : null,
        melded ? meldPickers[n].element : null,
        threes ? el("label", { for: `threes-${n}` }, w("Red threes laid")) : null, threes));
  });
  if (mortoBonus) {  // Buraco: which sides took their pozzetto this hand
    rows.push(el("fieldset", { class: "by-cards", id: "morto-taken" }, el("legend", { text: w("Sides that took their pozzetto") }),
      ...teamsOf().map((team, i) => el("label", {}, el("input", { type: "checkbox", name: "morto", value: String(i) }), " " + teamName(team)))));
  }
  if (concealedBonus) {  // who went out melded every card in that one turn
    rows.push(el("div", { class: "by-cards" }, el("label", {}, el("input", { type: "checkbox", id: "concealed" }), " "
      + w("Who went out did so concealed (every card melded in that one turn)"))));
  }
  form.append(...rows, el("button", { type: "submit" }, w("Enter the round")));
  const syncMode = () => {
    const byCards = form.querySelector("input[name=mode]:checked").value === "cards";
    for (const node of form.querySelectorAll(".by-cards")) node.hidden = !byCards;
    for (const node of form.querySelectorAll(".by-points")) node.hidden = byCards;
  };
  for (const radio of form.querySelectorAll("input[name=mode]")) radio.addEventListener("change", syncMode);
  syncMode();
  // Where going out scores nothing, who went out has no boxes to fill: no blank to misread.
  const outScores = knock || melded;
  const syncOut = () => {
    for (const n of active) {
      const off = !outScores && n === $("went-out").value;
      for (const box of [$(`points-${n}`), $(`cards-${n}`)].filter(Boolean)) {
        box.disabled = off;
        box.placeholder = off ? w("went out") : "";
      }
    }
  };
  $("went-out").addEventListener("change", syncOut);
  syncOut();
  // Going out needs the phase down: who went out made it (the toggle stays the table's to change).
  if (perPlayer()) {
    $("went-out").addEventListener("change", () => {
      const box = form.querySelector(`input[name=phases_made][value="${CSS.escape($("went-out").value)}"]`);
      if (box) box.checked = true;
    });
  }
  const refuse = (text, box) => {
    show("round-error", text);
    for (const node of form.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
    if (box) { box.setAttribute("aria-invalid", "true"); box.focus(); }
  };
  form.onsubmit = async (event) => {
    event.preventDefault();
    const out = $("went-out").value;
    const body = {};
    if (perDeal && !$("wild-rank").value) {
      show("round-error", w("Choose the deal's wild rank (the cut card's rank)."));
      $("wild-rank").focus();
      return;
    }
    if (out) body.went_out = out;
    if (perDeal) body.wild_rank = $("wild-rank").value;
    if (perPlayer()) body.phases_made = [...form.querySelectorAll("input[name=phases_made]:checked")].map((i) => i.value);
    if (form.querySelector("input[name=mode]:checked").value === "cards") {
      // Only who went out ends with no cards (a knock shows all ten): an empty hand is a slip.
      const empty = active.find((n) => (knock || n !== out) && !pickers[n].cards().length
        && !(melded && meldPickers[n].cards().length));
      if (empty) {
        refuse(w("No cards are tapped for {name}: tap the cards left in their hand.", { name: empty }),
          form.querySelector(`fieldset[data-player="${CSS.escape(empty)}"] [data-fold]`));
        return;
      }
      // Where the winner gains the others' racks, who went out is sent with an empty rack: the
      // service works the gain out from the round's every hand.
      const gains = scoring.method === "winner_gains";
      body.hands = Object.fromEntries(active.filter((n) => knock || gains || n !== out || pickers[n].cards().length).map((n) => [n, pickers[n].cards()]));
      if (melded) body.melded = Object.fromEntries(active.map((n) => [n, meldPickers[n].groups()]));
      if (bonusCards) {
        const laid = active.map((n) => [n, Number($(`threes-${n}`).value || 0)]).filter(([, k]) => k > 0);
        if (laid.length) body.red_threes = Object.fromEntries(laid);
      }
      if (concealedBonus && $("concealed").checked) body.concealed = true;
      if (mortoBonus) {  // each side that took its pozzetto, named by its first player
        body.morto_taken = Object.fromEntries([...form.querySelectorAll("input[name=morto]")]
          .map((box) => [teamsOf()[Number(box.value)].players[0], box.checked]));
      }
    } else {
      body.points = {};
      for (const n of active) {
        if (!outScores && n === out) continue;
        const box = $(`points-${n}`);
        if (box.value.trim() === "") {  // blank is not 0: the table types 0 when it is 0
          refuse(box.validity.badInput ? w("{name}'s points are not a number.", { name: n })
            : w("Type {name}'s points (0 if none).", { name: n }), box);
          return;
        }
        body.points[n] = Number(box.value);
      }
      if (pennies) {
        body.cards = {};
        for (const n of Object.keys(body.points)) {
          const box = $(`cards-${n}`);
          if (box.value.trim() === "") {
            refuse(w("{name}'s cards caught are blank: type how many cards they were caught with.", { name: n }), box);
            return;
          }
          body.cards[n] = Number(box.value);
        }
      }
    }
    show("round-error", "");
    await write("POST", `/v1/games/${game.id}/rounds`, body, "round-error", w("Round {n} entered.", { n: game.sheet.round }));
  };
}

/* The "made their phase" toggle of a player's row (Phase 10): sent in the round's `phases_made`. */
function madeToggle(name) {
  const phase = phaseOf(game.sheet.players.find((p) => p.name === name));
  return el("label", { class: "made" },
    el("input", { type: "checkbox", name: "phases_made", value: name, "aria-label": w("{name} made their phase", { name }) }),
    " " + (phase === null ? w("Made their phase") : w("Made their phase ({phase})", { phase: phaseWords(phase) })));
}

/* The deal's wild rank, asked once and shared by the round's entry and the referee's tools. */
function wildRankSelect(id) {
  const ranks = deckOf(game.ruleset).ranks;
  const select = el("select", { id, required: true }, el("option", { value: "", text: w("choose…") }),
    ranks.map((r) => el("option", { value: r, text: r })));
  select.value = game.wild;
  select.addEventListener("change", () => {
    game.wild = select.value;
    for (const other of document.querySelectorAll("select[data-wild]")) other.value = game.wild;
  });
  select.dataset.wild = "";
  return select;
}

function renderEntryButtons() {
  const box = $("entry-buttons");
  box.replaceChildren();
  const buyBack = Boolean((game.ruleset.game || {}).buy_back);
  const buying = game.sheet.players.some((p) => p.buys_left !== null);
  $("h-entries").textContent = buying ? w("Buys and corrections") : (buyBack ? w("Buy-backs and corrections") : w("Corrections"));
  if (game.sheet.status !== "in_progress") return;
  for (const p of game.sheet.players) {
    if (!p.eliminated && p.buys_left !== null) {
      box.append(el("button", { type: "button", class: "secondary", disabled: p.buys_left === 0 || undefined,
        onclick: () => write("POST", `/v1/games/${game.id}/buys`, { player: p.name }, "entry-error", w("{name} bought the discard.", { name: p.name })) },
      w("{name} buys ({count} left)", { name: p.name, count: p.buys_left })));
    }
    if (p.eliminated && buyBack) {
      box.append(el("button", { type: "button", class: "secondary",
        onclick: () => write("POST", `/v1/games/${game.id}/buy-backs`, { player: p.name }, "entry-error", w("{name} bought back in.", { name: p.name })) },
      w("{name} buys back in", { name: p.name })));
    }
  }
}

/* ------------------------------------------------------------------ asking the referee */

function renderReferee() {
  const box = $("referee");
  const deck = deckOf(game.ruleset);
  const base = `/v1/rulesets/${game.sheet.ruleset}`;
  const verdict = el("div", { id: "verdict", class: "verdict", "aria-live": "polite", hidden: true });
  if (isLayout()) {
    const slots = ((game.ruleset.layout || {}).slots || []).map((rank) => ({ rank, up: false }));
    const slotRow = el("div", { class: "slots", role: "group", "aria-label": w("Your layout: tap the slots that are face up") });
    const slotHint = el("p", { class: "hint", text: w("Your layout: tap each slot that is face up, then pick the card you drew.") });
    const drawRender = () => slotRow.replaceChildren(...slots.map((slot, i) => el("button", {
      type: "button", "aria-pressed": String(slot.up),
      "aria-label": slot.up ? w("Slot {n} ({rank}) face up", { n: i + 1, rank: slot.rank }) : w("Slot {n} ({rank}) face down", { n: i + 1, rank: slot.rank }),
      onclick: () => { slot.up = !slot.up; drawRender(); },
    }, slot.up ? `${slot.rank}✓` : slot.rank)));
    drawRender();
    const picker = cardPicker(deck, w("The card drawn"), { single: true });
    const ask = el("button", { type: "button", onclick: async () => {
      const card = picker.cards().at(-1);
      if (!card) { showVerdict(verdict, false, [w("Pick the card you drew.")]); return; }
      const body = { card, layout: slots.map((s) => (s.up ? `${s.rank}H` : "down")) };
      const answer = await call("POST", `${base}/placements/check`, body);
      if (!answer.ok) { showVerdict(verdict, false, [problemText(answer)]); return; }
      const a = answer.data;
      const or = w(" or ");
      const lines = a.slots.length ? [w("{card} may go in slot {slots}.", { card: cardFace(card, deck), slots: a.slots.join(or) })] : [];
      if (a.ends_turn) lines.push(w("It cannot be placed: your turn ends."));
      if (a.completes_layout) lines.push(w("It completes your layout!"));
      showVerdict(verdict, a.valid, lines.concat(a.violations.map((v) => v.message)));
    } }, w("Where may it go?"));
    box.replaceChildren(slotHint, slotRow, picker.element, ask, verdict);
    game.tools = { picker };
    return;
  }
  if ((game.ruleset.table || {}).rearrange) { renderTableReferee(box, deck, base, verdict); return; }
  const perDeal = Boolean((game.ruleset.wilds || {}).per_deal);
  const picker = cardPicker(deck, w("Cards to check"), { groups: true });
  const done = el("input", { type: "checkbox", id: "first-meld-done" });
  const wild = perDeal ? wildRankSelect("tool-wild-rank") : null;
  const phased = perPlayer();  // the player's own phase is their first meld
  const hasFirstMeld = phased || [game.ruleset.first_meld, ...(game.ruleset.rounds || []).map((r) => r.first_meld)]
    .some((f) => f && Object.entries(f).some(([k, v]) => (Array.isArray(v) ? v.length > 0  // sizes, under a kind's plural
      : ["melds", "points", "pure_runs"].includes(k) && v)));
  const phase = phased ? phaseChooser(() => { done.checked = false; }) : null;  // another player's hand
  // Partners (Canasta): the asking side's score sets the first meld's minimum, its melds are the
  // table, and lay-offs go on them.
  const sides = teamsOf();
  const side = sides.length ? el("select", { id: "tool-side" }, sides.map((team, i) => el("option", { value: String(i), text: teamName(team) }))) : null;
  const sideScore = () => (side ? (sides[Number(side.value)] || { score: 0 }).score : undefined);
  const common = () => {
    const body = { round: Math.min(game.sheet.round, (game.ruleset.rounds || []).length || game.sheet.round) };
    if (perDeal) body.wild_rank = wild.value || null;
    body.players = game.sheet.players.length;
    return body;
  };
  const ask = async (path, body, explain) => {
    const answer = await call("POST", `${base}/${path}`, { ...common(), ...body });
    if (!answer.ok) { showVerdict(verdict, false, [problemText(answer)]); return; }
    const a = answer.data;
    picker.mark(a.violations.flatMap((v) => v.cards));
    showVerdict(verdict, a.valid, a.valid ? explain(a) : a.violations.map((v) => v.message));
  };
  // A game that never lays off (Five Crowns) offers no lay-off question.
  const layOffs = ((game.ruleset.lay_off || {}).allowed || "after_first_meld") !== "never";
  const buttons = el("div", { class: "buttons" },
    el("button", { type: "button", onclick: () => ask("melds/check", { cards: picker.groups()[0] || [], first_meld_done: done.checked && hasFirstMeld },
      (a) => {
        const suitOf = (as) => deck.suits.find((s) => s.letter === as);  // a meld of one suit's wild card
        const wilds = a.wilds.map((x) => w("{card} as {as}", {
          card: cardFace(x.card, deck), as: suitOf(x.as) ? (suitOf(x.as).symbol || x.as) : x.as,
        })).join(", ");
        if (a.kind === "run") return [wilds ? w("Yes: a legal run ({wilds}).", { wilds }) : w("Yes: a legal run.")];
        if (a.kind === "set") return [wilds ? w("Yes: a legal set ({wilds}).", { wilds }) : w("Yes: a legal set.")];
        if (a.kind === "color") {
          return [wilds ? w("Yes: a legal meld of one suit ({wilds}).", { wilds }) : w("Yes: a legal meld of one suit.")];
        }
        return [wilds ? w("Yes: a legal meld ({wilds}).", { wilds }) : w("Yes: a legal meld.")];
      }) }, w("Is it a meld?")),
    phased ? el("button", { type: "button", onclick: () => ask("first-meld/check", { melds: picker.groups(), phase: phase.value() },
      () => [w("Yes: these melds make phase {n}.", { n: phase.value() })]) }, w("Does it make my phase?"))
      : hasFirstMeld ? el("button", { type: "button", onclick: () => ask("first-meld/check", { melds: picker.groups(),
        ...(side ? { score: sideScore() } : {}) },
        () => [w("Yes: these melds make the first meld.")]) }, w("Is it a first meld?")) : null,
    layOffs ? el("button", { type: "button", onclick: () => {
      const [meld, cards] = picker.groups();
      if (!meld || !cards) {
        showVerdict(verdict, false, [w("Pick the meld on the table, tap \"Next meld\", then the cards to add.")]);
        return;
      }
      ask("lay-offs/check", { meld, cards, first_meld_done: done.checked || !hasFirstMeld, others_meld: !side },
        (a) => [w("Yes: it makes {cards}.", { cards: a.meld.cards.map((c) => cardFace(c, deck)).join(" ") })]);
    } }, w("May I lay off? (meld, then cards)")) : null,
    el("button", { type: "button", onclick: () => {
      // Partners: the melds before the last are the side's on the table, the last the hand.
      const groups = picker.groups();
      const table = side && groups.length > 1 ? groups.slice(0, -1) : [];
      const hand = side && groups.length > 1 ? groups.at(-1) : picker.cards();
      ask("going-out/check", { hand, first_meld_done: done.checked || !hasFirstMeld || table.length > 0,
        ...(side ? { table, score: sideScore() } : {}),
        ...(foot ? { foot_taken: foot.checked } : {}), ...(morto ? { morto_taken: morto.checked } : {}),
        ...(phased ? { phase: phase.value() } : {}) }, (a) => planWords(a, deck, phased ? phase.value() : null));
    } },
      game.ruleset.scoring && game.ruleset.scoring.knock ? w("May I knock?") : w("Can I go out?")),
    game.ruleset.pile ? el("button", { type: "button", onclick: () => {
      const [top, hand, ...table] = picker.groups();
      if (!top || top.length !== 1 || !hand) {
        showVerdict(verdict, false, [w("Pick the pile's top card, tap \"Next meld\", then your hand (and the side's melds after it).")]);
        return;
      }
      ask("pile/check", { top: top[0], hand, table, frozen: frozen.checked, first_meld_done: done.checked || !hasFirstMeld || table.length > 0,
        ...(side ? { score: sideScore() } : {}) },
        (a) => [a.meld ? w("Yes: {cards} takes the pile.", { cards: a.meld.map((c) => cardFace(c, deck)).join(" ") })
          : a.lay_off !== undefined ? w("Yes: the top card goes on your side's meld {n}.", { n: a.lay_off + 1 })
            : w("Yes: the pile may be taken.")]);
    } }, w("May I take the pile? (top card, hand, the side's melds)")) : null);
  const frozen = el("input", { type: "checkbox", id: "pile-frozen" });
  // Only a pile taken by melding its top card may be frozen; one always frozen needs no box.
  const pileFreezes = Boolean(game.ruleset.pile) && (game.ruleset.pile.take || "meld") === "meld" && !game.ruleset.pile.always_frozen;
  // A player goes out only from their foot (Hand and Foot), a side only after taking its morto
  // (Buraco): unticked, "Can I go out?" says not yet.
  const goingOut = game.ruleset.going_out || {};
  const foot = goingOut.from_foot ? el("input", { type: "checkbox", id: "tool-foot-taken" }) : null;
  const morto = goingOut.after_morto ? el("input", { type: "checkbox", id: "tool-morto-taken" }) : null;
  const byScore = [game.ruleset.first_meld, ...(game.ruleset.rounds || []).map((r) => r.first_meld)]
    .some((f) => f && Array.isArray(f.points_by_score) && f.points_by_score.length > 0);
  box.replaceChildren(...[
    el("p", { class: "hint", text: w("Tap the cards; \"Next meld\" starts another meld.") }),
    phase ? phase.element : null,
    picker.element,
    phased ? el("label", {}, done, " " + w("My phase is down this hand (hits are allowed)"))
      : hasFirstMeld ? el("label", {}, done, " " + (side ? w("Our side has made its first meld") : w("I have made my first meld this round"))) : null,
    side ? el("label", { for: "tool-side" }, byScore ? w("Our side (its score sets the first meld's minimum)") : w("Our side")) : null, side,
    side ? el("p", { class: "hint", text: w("To ask about going out, enter the side's melds first, then your hand as the last meld.") }) : null,
    foot ? el("label", {}, foot, " " + w("I have picked up my foot")) : null,
    morto ? el("label", {}, morto, " " + w("Our side has taken its morto (its second hand)")) : null,
    pileFreezes ? el("label", {}, frozen, " " + w("The pile is frozen")) : null,
    wild ? el("label", { for: "tool-wild-rank" }, w("The deal's wild rank")) : null, wild,
    buttons, verdict].filter(Boolean));
  game.tools = { picker, sync: phase ? phase.sync : null };
}

/* A table anyone may rebuild (Rummikub, Remi): the table's melds and the rack are entered; the
   referee finds the best play (`turns/best`) and shows the table after it, or checks the table
   after the player's own turn (`turns/check`), naming the melds at fault. The answer shows under
   the button that asked, in view; a tile or meld the service cannot take is named where it was
   entered (the table's meld n, the rack), not called an illegal play. */
function renderTableReferee(box, deck, base, verdict) {
  // One grid open at a time (the table's first): three grids of 53 tiles would not fit a phone.
  const table = cardPicker(deck, w("The table"), { groups: true, removable: true, folded: w("Enter the table's melds") });
  const rack = cardPicker(deck, w("Your rack"), { folded: w("Enter your rack") });
  const after = cardPicker(deck, w("The table after your turn"), { groups: true, removable: true, folded: w("Enter the table after your turn") });
  const done = el("input", { type: "checkbox", id: "first-meld-done" });
  const faces = (cards) => cards.map((c) => cardFace(c, deck)).join(" ");
  const bestButtons = el("div", { class: "buttons" });
  const checkButtons = el("div", { class: "buttons" });
  const answer = (under, valid, lines, heading = null) => {  // the verdict moves under the question asked
    under.after(verdict);
    showVerdict(verdict, valid, lines);
    if (heading) verdict.querySelector("strong").textContent = heading;
    verdict.scrollIntoView({ block: "nearest" });
  };
  const where = (path, message) => {
    const meld = /^(?:table|before)\[(\d+)\]/.exec(path);
    if (meld) return w("Table meld {n}: {message}", { n: Number(meld[1]) + 1, message });
    const mine = /^after\[(\d+)\]/.exec(path);
    if (mine) return w("Meld {n} after your turn: {message}", { n: Number(mine[1]) + 1, message });
    if (/^hand\b/.test(path)) return w("Your rack: {message}", { message });
    if (/^(?:table|before)$/.test(path)) return w("The table: {message}", { message });
    return message;
  };
  const answered = (reply, under) => {
    if (reply.ok) return reply.data;
    const errors = Array.isArray((reply.data || {}).errors) ? reply.data.errors : [];
    if (!errors.length) { answer(under, false, [problemText(reply)]); return null; }
    const melds = (pattern) => errors.map((e) => pattern.exec(e.path || "")).filter(Boolean).map((m) => Number(m[1]));
    table.mark([], melds(/^(?:table|before)\[(\d+)\]/));
    after.mark([], melds(/^after\[(\d+)\]/));
    answer(under, false, errors.map((e) => where(e.path || "", e.message)), w("Check what you entered"));
    return null;
  };
  const best = async () => {
    if (!rack.cards().length) { answer(bestButtons, false, [w("Enter the tiles on your rack first.")], w("Check what you entered")); return; }
    const a = answered(await call("POST", `${base}/turns/best`,
      { table: table.groups(), hand: rack.cards(), first_meld_done: done.checked }), bestButtons);
    if (!a) return;
    bestButtons.after(verdict);
    verdict.hidden = false;
    if (!a.played.length) {  // not a fault of the player's: nothing to play, so a tile is drawn
      const points = (game.ruleset.first_meld || {}).points;
      verdict.className = "verdict no";
      verdict.replaceChildren(el("strong", { text: !done.checked && points
        ? w("Your rack makes no first meld of {points} points: draw a tile.", { points })
        : w("No tile can be played this turn: draw one.") }));
      verdict.scrollIntoView({ block: "nearest" });
      return;
    }
    // Each tile the turn plays is marked where it first shows on the table after (two copies are alike).
    const fresh = {};
    for (const card of a.played) fresh[card] = (fresh[card] || 0) + 1;
    const rows = a.table.map((meld, i) => el("div", { class: "meld-row", role: "group", "aria-label": w("meld {n}", { n: i + 1 }) },
      meld.map((card) => {
        const mine = fresh[card] > 0;
        if (mine) fresh[card] -= 1;
        return tileView(card, deck, mine);
      })));
    verdict.className = "verdict yes";
    verdict.replaceChildren(
      el("strong", { text: w("You can play {tiles}.", { tiles: faces(a.played) }) }),
      el("p", { class: "hint", text: w("The table after it (the tiles from your rack are marked):") }),
      el("div", { class: "after-table" }, rows),
      a.left.length ? el("p", {}, w("Left on your rack:") + " ", el("span", { class: "meld-row" }, a.left.map((c) => tileView(c, deck))))
        : el("p", { text: w("Nothing is left on your rack: you go out!") }));
    verdict.scrollIntoView({ block: "nearest" });
  };
  const check = async () => {
    if (!rack.cards().length) { answer(checkButtons, false, [w("Enter the tiles that were on your rack before the turn.")], w("Check what you entered")); return; }
    if (!after.groups().length) {
      answer(checkButtons, false, [w("Enter the table after your turn first: \"Start from the table\" copies the table, then change it as you played.")],
        w("Check what you entered"));
      return;
    }
    const a = answered(await call("POST", `${base}/turns/check`,
      { before: table.groups(), after: after.groups(), hand: rack.cards(), first_meld_done: done.checked }), checkButtons);
    if (!a) return;
    const melds = a.violations.map((v) => /^after\[(\d+)\]$/.exec(v.path || "")).filter(Boolean).map((m) => Number(m[1]));
    after.mark(a.violations.filter((v) => !/^after\[/.test(v.path || "")).flatMap((v) => v.cards || []), melds);
    answer(checkButtons, a.valid, a.valid ? [w("Yes: the turn is legal; it plays {tiles}.", { tiles: faces(a.played) })]
      : a.violations.map((v) => v.message));
  };
  const copy = el("button", { type: "button", class: "secondary", onclick: () => after.set(table.groups()) }, w("Start from the table"));
  bestButtons.append(el("button", { type: "button", onclick: best }, w("What could I play?")));
  checkButtons.append(el("button", { type: "button", onclick: check }, w("Is my turn legal?")));
  box.replaceChildren(
    el("p", { class: "hint", text: w("Enter the melds on the table (\"Next meld\" starts another), then the tiles on your rack.") }),
    el("h3", { text: w("The table") }), table.element,
    el("h3", { text: w("Your rack") }), rack.element,
    el("label", {}, done, " " + w("I have made my first meld this round")),
    bestButtons,
    el("h3", { text: w("The table after your turn") }), after.element, copy,
    checkButtons,
    verdict);
  table.element.querySelector("[data-fold]").click();
  game.tools = { picker: table, rack, after };
}

/* Whose turn it is, or the phase itself (Phase 10): the referee's questions take that phase,
   shown in words. A player's choice follows their phase as the sheet moves on (`sync`);
   `chosen` is told when the table picks another player. */
function phaseChooser(chosen) {
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

function planWords(a, deck, phase = null) {
  const plan = a.plan;
  const lines = [];
  const first = plan.first_meld || [];
  const faces = (cards) => cards.map((c) => cardFace(c, deck)).join(" ");
  if (plan.rebuilt) {  // the service says the turn rebuilds the table: the table after it, then the discard
    lines.push(w("Rebuild the table as: {melds}", { melds: plan.table.map(faces).join(" | ") }));
    if (plan.discard) lines.push(w("Discard {card}", { card: cardFace(plan.discard, deck) }));
    return [w("Yes, you can go out:")].concat(lines);
  }
  plan.melds.forEach((m, i) => lines.push(!first.includes(i) ? w("Meld {cards}", { cards: faces(m) })
    : phase !== null ? w("Meld {cards} (phase {n})", { cards: faces(m), n: phase }) : w("Meld {cards} (first meld)", { cards: faces(m) })));
  for (const own of plan.own_lay_offs) lines.push(w("Lay off {cards} on {meld}", { cards: faces(own.cards), meld: faces(plan.melds[own.meld]) }));
  for (const lay of plan.lay_offs) lines.push(w("Lay off {cards} on table meld {n}", { cards: faces(lay.cards), n: lay.table + 1 }));
  if (plan.discard) lines.push(w("Discard {card}", { card: cardFace(plan.discard, deck) }));
  if (a.deadwood !== undefined) lines.push(a.deadwood ? w("Knock with {cards} ({points})", { cards: faces(plan.left), points: a.deadwood }) : w("Gin!"));
  return [a.deadwood !== undefined ? w("Yes, you may knock:") : w("Yes, you can go out:")].concat(lines);
}

function showVerdict(node, valid, lines) {
  node.hidden = false;
  node.className = `verdict ${valid ? "yes" : "no"}`;
  node.replaceChildren(el("strong", { text: valid ? w("Legal") : w("Not legal") }), el("ul", {}, lines.map((l) => el("li", { text: l }))));
}

/* ------------------------------------------------------------------ start */

/* The language switch: remembered (a cookie the service reads, and this device's storage). */
function initLanguage() {
  const select = $("language");
  if (!select) return;
  select.setAttribute("aria-label", w("Language"));
  select.addEventListener("change", () => {
    document.cookie = `lang=${select.value}; path=/; max-age=31536000; SameSite=Lax`;
    localStorage.setItem("referee.lang", select.value);
    location.reload();
  });
}

document.addEventListener("DOMContentLoaded", () => {
  initLanguage();
  if ($("new-game")) initNewGame();
  if ($("kept")) initKept();
  const missing = document.querySelector("[data-page=missing]");
  if (missing && forgetGame(missing.dataset.game)) {
    missing.after(el("p", { class: "notice", role: "status", text: w("It was taken off this phone's list of games.") }));
  }
  const root = document.querySelector("[data-page=game]");
  if (root) initGame(root).catch((error) => show("page-error", w("The page could not load the game: {error}", { error: error.message })));
});
