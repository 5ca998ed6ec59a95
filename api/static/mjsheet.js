/* A Mahjong game's sheet: the hand's form (a win, several where the ruleset allows them, or a
   drawn hand; riichi declared), each win entered as han and fu (faan), as a limit hand, or as
   its tiles, which the referee scores; and the hand's score in words under its row. What the
   game asks is what the service says of it (`mahjong` on the game: scoring, riichi, several
   winners); the winds come from the game. */
import { w, wn } from "./words.js";
import { $, el, show } from "./dom.js";
import { game, askCheck } from "./state.js";
import { problemText } from "./api.js";
import { write } from "./entries.js";
import { waiting } from "./outbox.js";
import { asksOf, handTiles } from "./mahjong.js";
import { limitWords, showScore } from "./mjanswer.js";
import { tileSetOf, tileWords } from "./tiles.js";

export const isMahjong = () => game.ruleset.family === "mahjong";

/* What the game says of its hands; the ruleset's own where the game says nothing. */
function rulesOf() {
  const scoring = game.ruleset.scoring || {};
  return { scoring: scoring.method || "han_fu", riichi: Boolean((scoring.payments || {}).riichi_stick),
    several_winners: Boolean((game.ruleset.game || {}).several_winners), ...(game.sheet.mahjong || {}) };
}

const FU = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110];
const pick = (id, label, options, field) => [el("label", { for: id }, label),
  el("select", { id, "data-field": field }, options.map(([value, text]) => el("option", { value, text })))];
const number = (id, label, field, value = "") => [el("label", { for: id }, label),
  el("input", { type: "number", id, inputmode: "numeric", min: "0", max: "200", value, "data-field": field, class: "points" })];
const checks = (name, names) => names.map((n) => el("label", {}, el("input", { type: "checkbox", name, value: n }), ` ${n}`));

/* One winner's part of the form: who, from whom, and the hand's worth in one of the ways. */
function winBlock(i, names, rules, asks) {
  const id = (what) => `mjw${i}-${what}`;
  const ways = rules.scoring === "faan" ? [["faan", w("Type the faan")], ["tiles", w("The tiles (the referee scores them)")]]
    : [["han_fu", w("Type the han and fu")], ["limit", w("A limit hand (yakuman)")], ["tiles", w("The tiles (the referee scores them)")]];
  const tiles = handTiles(asks, id("tiles"), ["riichi"]);
  const parts = {
    han_fu: el("div", { "data-way": "han_fu" }, number(id("han"), w("Han"), "han"),
      pick(id("fu"), w("Fu"), [["", w("not given")], ...FU.map((f) => [String(f), String(f)])], "fu")),
    faan: el("div", { "data-way": "faan" }, number(id("faan"), w("Faan"), "faan")),
    limit: el("div", { "data-way": "limit" }, number(id("yakuman"), w("Limit hands (yakuman) counted"), "yakuman", "1")),
    tiles: el("div", { "data-way": "tiles" }, tiles.element),
  };
  parts.tiles.append(...scorePreview(id, tiles, () => blank()));
  const chosen = () => block.querySelector(`input[name=${id("way")}]:checked`).value;
  const sync = () => { for (const [way, part] of Object.entries(parts)) part.hidden = way !== chosen(); };
  const block = el("fieldset", { class: "mj-win", "data-win": String(i) }, el("legend", { text: w("Winner {n}", { n: i + 1 }) }),
    pick(id("winner"), w("Who won?"), [["", w("choose…")], ...names.map((n) => [n, n])], "winner"),
    pick(id("from"), w("From whose discard?"), [["", w("nobody: a self-draw")], ...names.map((n) => [n, n])], "from"),
    el("fieldset", {}, el("legend", { text: w("What it is worth") }), ways.map(([value, text], k) => el("label", {},
      el("input", { type: "radio", name: id("way"), value, checked: k === 0 || undefined, onchange: sync }), ` ${text}`))),
    ...Object.values(parts));
  sync();
  const read = () => {
    const win = { winner: $(id("winner")).value, from: $(id("from")).value || null };
    const way = chosen();
    if (way === "han_fu") {  // a limit hand needs no fu: where it is needed, the service says so at its box
      win.han = Number($(id("han")).value);
      if ($(id("fu")).value) win.fu = Number($(id("fu")).value);
    }
    if (way === "faan") win.faan = Number($(id("faan")).value);
    if (way === "limit") win.yakuman = Number($(id("yakuman")).value);
    if (way === "tiles") Object.assign(win, tiles.fields(), { hand: tiles.hand(), tile: tiles.winning.value });
    return win;
  };
  /* Blank boxes are said here (0 is not a guess); the rest is the service's to judge. */
  const blank = () => {
    const way = chosen();
    if (!$(id("winner")).value) return [$(id("winner")), w("Choose who won.")];
    const box = { han_fu: $(id("han")), faan: $(id("faan")), limit: $(id("yakuman")) }[way];
    if (box && box.value.trim() === "") return [box, w("Type what the hand is worth.")];
    if (way === "tiles" && !tiles.winning.value) return [tiles.winning, w("Tap the hand's tiles, the winning one with them, and choose the winning tile.")];
    return null;
  };
  return { element: block, read, blank, board: tiles.board };
}

/* The hand's form in `form`; `kept` is told what became of the write (the round form's: a hand
   kept on the phone to be sent clears the form for the next). */
/* "What does it score?" before the hand is entered: the tiles asked of wins/check as the game
   stands (the winner's seat wind, the round wind, the honba, the winner's riichi), its answer
   under the button. */
function scorePreview(id, tiles, blank) {
  const verdict = el("div", { class: "verdict", id: id("preview"), role: "status", hidden: true });
  const say = (text) => { verdict.hidden = false; verdict.className = "verdict no"; verdict.replaceChildren(el("strong", { text })); };
  const button = el("button", { type: "button", class: "secondary", onclick: async () => {
    const fault = blank();
    if (fault) { say(fault[1]); fault[0].focus(); return; }
    const sheet = game.sheet;
    const winner = $(id("winner")).value;
    const riichi = document.querySelector(`#round-form input[name=riichi][value="${CSS.escape(winner)}"]`);
    const body = { ...tiles.fields(), hand: tiles.hand(), win: { tile: tiles.winning.value, self_drawn: !$(id("from")).value },
      seat_wind: (sheet.seat_winds || {})[winner], round_wind: sheet.round_wind,
      ...(sheet.honba ? { honba: sheet.honba } : {}), ...(riichi && riichi.checked ? { riichi: true } : {}) };
    const answer = await askCheck("wins/check", body);
    if (!answer.ok) { say(problemText(answer)); return; }
    showScore(verdict, tileSetOf(game.ruleset), answer.data);
  } }, w("What does it score?"));
  return [el("div", { class: "buttons" }, button), verdict];
}

export function renderMahjongForm(form, kept) {
  const rules = rulesOf();
  const asks = asksOf(game.ruleset);
  const names = game.sheet.players.map((p) => p.name);
  $("h-enter").textContent = w("Enter the hand");
  const wins = [];
  const winsBox = el("div", { class: "by-win" });
  const addWin = () => {
    const win = winBlock(wins.length, names, rules, asks);
    wins.push(win);
    winsBox.append(win.element);
    (form.draftParts || []).push({ key: `board-${wins.length - 1}`, get: win.board.state, set: win.board.restore });
  };
  addWin();
  const another = rules.several_winners ? el("button", { type: "button", class: "secondary by-win", onclick: addWin },
    w("Another winner off the same discard")) : null;
  // Hands kept on this phone and not yet sent: the hand being entered is named after the last one known.
  const after = waiting().filter((e) => e.path.endsWith("/rounds")).length;
  const named = after ? wn("the hand after {hand}", "{n} hands after {hand}", after, { hand: game.sheet.hand || "" })
    : game.sheet.hand || "";
  const result = el("fieldset", {}, el("legend", { text: w("How did {hand} end?", { hand: named }) }),
    [["win", w("A win")], ["draw", w("A drawn hand (the wall ran out)")]].map(([value, text], k) => el("label", {},
      el("input", { type: "radio", name: "mj-result", value, checked: k === 0 || undefined, onchange: sync }), ` ${text}`)));
  const drawBox = el("fieldset", { class: "by-draw" }, el("legend", { text: w("Who was ready (tenpai)?") }), checks("tenpai", names));
  const riichi = rules.riichi ? el("fieldset", {}, el("legend", { text: w("Who declared riichi this hand?") }), checks("riichi", names)) : null;
  function sync() {
    const draw = form.querySelector("input[name=mj-result]:checked").value === "draw";
    for (const node of form.querySelectorAll(".by-win")) node.hidden = draw;
    drawBox.hidden = !draw;
  }
  form.append(result, winsBox, another || "", drawBox, riichi || "", el("button", { type: "submit" }, w("Enter the hand")));
  sync();
  form.onchange = () => show("round-error", "");  // what was missing is being given: the word goes
  form.onsubmit = async (event) => {
    event.preventDefault();
    const ticked = (name) => [...form.querySelectorAll(`input[name=${name}]:checked`)].map((box) => box.value);
    const body = {};
    if (form.querySelector("input[name=mj-result]:checked").value === "draw") {
      body.draw = { tenpai: ticked("tenpai") };
    } else {
      for (const win of wins) {
        const fault = win.blank();
        if (fault) { show("round-error", fault[1]); fault[0].focus(); return; }
      }
      wins.forEach((win, i) => {  // each box answers to its field's path (`win.han`, `wins[1].fu`)
        for (const box of win.element.querySelectorAll("[data-field]")) box.dataset.path = `${wins.length > 1 ? `wins[${i}]` : "win"}.${box.dataset.field}`;
      });
      if (wins.length > 1) body.wins = wins.map((win) => win.read());
      else body.win = wins[0].read();
    }
    if (riichi) body.riichi = ticked("riichi");
    show("round-error", "");
    const hand = game.sheet.hand;
    const result = await write("POST", `/v1/games/${game.id}/rounds`, body, "round-error", w("{hand} entered.", { hand }));
    kept(result);  // the round form's: a hand kept to be sent clears the form for the next
  };
}

/* A round as its row names it: its number, and a Mahjong hand's name ("2 · East 2, 1 honba"). */
export const roundName = (r) => (r.hand ? `${r.number} · ${r.hand}` : String(r.number));

/* The standings' column of each player's seat wind this hand; none outside Mahjong. */
export const windColumn = () => (game.sheet.seat_winds
  ? [w("Seat wind"), (p) => tileWords(tileSetOf(game.ruleset), game.sheet.seat_winds[p.name] || ""), false] : null);

/* A hand's score in words, under its row: each win's worth (as scored from the tiles, or as
   entered) and its patterns. */
export function handLines(r) {
  const set = tileSetOf(game.ruleset);
  const wins = r.wins || (r.win ? [r.win] : []);
  const lines = wins.map((win) => {
    const s = { ...win, ...(win.score || {}) };  // han and fu on the win, the patterns in its score
    const worth = s.faan ? w("{n} faan", { n: s.faan }) : s.yakuman ? w("{n} yakuman", { n: s.yakuman })
      : s.han ? (s.fu ? w("{han} han, {fu} fu", { han: s.han, fu: s.fu }) : w("{n} han", { n: s.han })) : "";
    const how = win.from ? w("{name} won off {from}'s discard", { name: win.winner, from: win.from })
      : w("{name} won by self-draw", { name: win.winner });
    const dora = (win.score || {}).dora ? [w("Dora: {n} han", { n: win.score.dora })] : [];
    const patterns = ((win.score || {}).patterns || []).map((p) => p.words).concat(dora).join(", ");
    const limit = win.limit ? limitWords(win.limit) : "";
    return [how, worth, limit, patterns, win.tile ? w("on {tile}", { tile: tileWords(set, win.tile) }) : ""].filter(Boolean).join("; ");
  });
  if (r.draw) lines.push(r.draw.tenpai.length ? w("A drawn hand; ready: {names}", { names: r.draw.tenpai.join(", ") }) : w("A drawn hand; nobody ready"));
  if ((r.riichi || []).length) lines.push(w("Riichi: {names}", { names: r.riichi.join(", ") }));
  return lines;
}
