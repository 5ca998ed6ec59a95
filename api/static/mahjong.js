/* The referee panel of a Mahjong game: "What does this hand score?" (wins/check) and "What am I
   waiting on?" (waits/check), asked of the tiles tapped on the board. It asks only what the
   ruleset uses: dora indicators where it plays dora, flowers where its set has them, the
   situation's flags its patterns name, honba and riichi sticks where its payments count them. */
import { w } from "./words.js";
import { el } from "./dom.js";
import { problemText } from "./api.js";
import { game, askCheck } from "./state.js";
import { tileSetOf, tileBoard, tileWords } from "./tiles.js";
import { FLAGS, showScore, showWaits } from "./mjanswer.js";

/* The flags the ruleset's patterns name (`flag`, `not_flag` in their conditions), in the order
   this page lists them; any other after them. */
export function flagsOf(ruleset) {
  const found = new Set();
  const walk = (node) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if ((key === "flag" || key === "not_flag") && typeof value === "string") found.add(value);
        else walk(value);
      }
    }
  };
  walk(Object.values(ruleset.patterns || {}).map((p) => (p || {}).when));
  return [...Object.keys(FLAGS).filter((f) => found.has(f)), ...[...found].filter((f) => !(f in FLAGS))];
}

/* What a ruleset asks of a hand: its places on the board, its winds, flags and counts. */
export function asksOf(ruleset) {
  const scoring = ruleset.scoring || {};
  const set = tileSetOf(ruleset);
  const payments = scoring.payments || {};
  return { set, dora: Boolean(scoring.dora), ura: Boolean(scoring.ura_dora), flowers: set.faces.some((f) => f.suit === "f"),
    winds: (ruleset.groups || {}).winds || [], flags: flagsOf(ruleset), honba: Boolean(payments.honba),
    sticks: Boolean(payments.riichi_stick), kita: scoring.kita || null };
}

/* A select of tiles by their words. */
const tileSelect = (id, set, tiles, chosen) => {
  const select = el("select", { id }, tiles.map((t) => el("option", { value: t, text: tileWords(set, t) })));
  if (chosen) select.value = chosen;
  return select;
};

const count = (id, label, most = 100) => [el("label", { for: id }, label),
  el("input", { type: "number", id, inputmode: "numeric", min: "0", max: String(most), value: "0" })];

/* The tiles of one winning hand, tapped on a board of their own: the hand, the called melds,
   the indicators and flowers the ruleset has, the winning tile (the one tapped last, or chosen),
   and the situation's flags (less those in `except`). Its ids start with `name`. */
export function handTiles(asks, name, except = []) {
  const { set } = asks;
  const places = [{ id: "hand", label: w("Your hand") }, { id: "melds", label: w("Called melds"), melds: true }];
  if (asks.dora) places.push({ id: "dora", label: w("Dora indicators") });
  if (asks.ura) places.push({ id: "ura", label: w("Ura dora indicators") });
  if (asks.flowers) places.push({ id: "flowers", label: w("Flowers and seasons"), routed: "f" });
  const winning = el("select", { id: `${name}-win-tile`, "data-field": "tile" });
  let lastHand = [];
  let board = null;
  let chosen = false;  // a winning tile picked from the list stays until it leaves the hand
  winning.addEventListener("change", () => { chosen = Boolean(winning.value); });
  board = tileBoard(set, places, { name, changed: () => {
    const hand = board ? board.tiles("hand") : [];
    const kept = winning.value;
    const added = hand.length > lastHand.length ? hand.at(-1) : null;  // else the tile tapped last is the winning one
    lastHand = hand;
    winning.replaceChildren(el("option", { value: "", text: w("choose…") }),
      ...[...new Set(hand)].map((t) => el("option", { value: t, text: tileWords(set, t) })));
    chosen = chosen && hand.includes(kept);
    winning.value = chosen ? kept : added || (hand.includes(kept) ? kept : "");
  } });
  const flags = asks.flags.filter((f) => !except.includes(f)).map((f) => el("input", { type: "checkbox", id: `${name}-flag-${f}`, "data-flag": f }));
  // Tiles set aside as dora (three-player Riichi's norths): how many, as the ruleset names the tile.
  const kita = asks.kita ? count(`${name}-kita`, w("Set aside as dora: {tile}", { tile: tileWords(set, asks.kita) }), 4) : [];
  const element = el("div", { class: "mj-hand" }, board.element,
    el("label", { for: `${name}-win-tile` }, w("The winning tile")), winning, ...kita,
    flags.length ? el("fieldset", {}, el("legend", { text: w("Also") }),
      flags.map((box) => el("label", {}, box, " " + (FLAGS[box.dataset.flag] ? w(FLAGS[box.dataset.flag]) : box.dataset.flag)))) : null);
  /* The fields of wins/check the board holds (`hand` and the winning tile apart). */
  const fields = () => {
    const body = { melds: board.melds("melds") };
    if (asks.dora) body.dora_indicators = board.tiles("dora");
    if (asks.ura) body.ura_dora_indicators = board.tiles("ura");
    if (asks.flowers) body.flowers = board.tiles("flowers");
    if (kita.length && Number(kita[1].value) > 0) body.kita = Math.min(4, Math.trunc(Number(kita[1].value)));
    for (const box of flags) if (box.checked) body[box.dataset.flag] = true;
    return body;
  };
  return { board, winning, element, fields, hand: () => board.tiles("hand") };
}

export function renderMahjongReferee(box, verdict) {
  const asks = asksOf(game.ruleset);
  const { set } = asks;
  const tiles = handTiles(asks, "mj");
  const winning = tiles.winning;
  const sheet = game.sheet || {};
  const seatWinds = sheet.seat_winds || null;  // a game's: each player's wind, the hand's round wind
  const whose = seatWinds ? el("select", { id: "mj-whose" }, Object.keys(seatWinds).map((n) => el("option", { value: n, text: n }))) : null;
  // A game's seats are its players' winds (three players: no north seat); a ruleset alone, every wind.
  const seats = seatWinds ? asks.winds.filter((t) => Object.values(seatWinds).includes(t)) : asks.winds;
  const seat = seats.length ? tileSelect("mj-seat", set, seats, seatWinds && whose ? seatWinds[whose.value] : null) : null;
  const round = asks.winds.length ? tileSelect("mj-round", set, asks.winds, sheet.round_wind) : null;
  if (whose) whose.addEventListener("change", () => { seat.value = seatWinds[whose.value]; });
  const how = el("fieldset", {}, el("legend", { text: w("Won by") }),
    el("label", {}, el("input", { type: "radio", name: "mj-how", value: "ron", checked: true }), " " + w("A discard (ron)")),
    el("label", {}, el("input", { type: "radio", name: "mj-how", value: "tsumo" }), " " + w("Self-draw (tsumo)")));
  const honba = asks.honba ? count("mj-honba", w("Honba (repeat counters)")) : [];
  const sticks = asks.sticks ? count("mj-sticks", w("Riichi sticks on the table")) : [];
  const number = (id) => { const node = box.querySelector(`#${id}`); return node ? Math.max(0, Number(node.value) || 0) : 0; };
  if (sheet.honba && honba.length) honba[1].value = String(sheet.honba);
  if (sheet.pot && sticks.length && game.ruleset.scoring.payments.riichi_stick) {
    sticks[1].value = String(Math.floor(sheet.pot / game.ruleset.scoring.payments.riichi_stick));
  }
  const situation = () => {
    const body = { ...tiles.fields(), hand: tiles.hand() };
    if (seat) { body.seat_wind = seat.value; body.round_wind = round.value; }
    if (asks.honba) body.honba = number("mj-honba");
    if (asks.sticks) body.riichi_sticks = number("mj-sticks");
    return body;
  };
  const refuse = (text) => { verdict.hidden = false; verdict.className = "verdict no"; verdict.replaceChildren(el("strong", { text })); };
  const ask = async (path, body, show) => {
    const answer = await askCheck(path, body);
    if (!answer.ok) { refuse(problemText(answer)); return; }
    show(verdict, set, answer.data);
  };
  const score = el("button", { type: "button", onclick: () => {
    if (!winning.value) { refuse(w("Tap the hand's tiles, the winning one with them, and choose the winning tile.")); winning.focus(); return; }
    const self = box.querySelector("input[name=mj-how]:checked").value === "tsumo";
    ask("wins/check", { ...situation(), win: { tile: winning.value, self_drawn: self } }, showScore);
  } }, w("What does this hand score?"));
  const waits = el("button", { type: "button", class: "secondary", onclick: () => ask("waits/check", situation(), showWaits) },
    w("What am I waiting on?"));
  box.replaceChildren(...[
    el("p", { class: "hint", text: w("Tap your hand's tiles: 14 with the winning tile to ask the score, 13 to ask the waits. Called melds go under \"Called melds\", one meld at a time.") }),
    tiles.element, how,
    whose ? el("label", { for: "mj-whose" }, w("Whose hand?")) : null, whose,
    seat ? el("label", { for: "mj-seat" }, w("Seat wind")) : null, seat,
    round ? el("label", { for: "mj-round" }, w("Round wind")) : null, round,
    ...honba, ...sticks,
    el("div", { class: "buttons" }, score, waits), verdict].filter(Boolean));
  return { board: tiles.board };
}
