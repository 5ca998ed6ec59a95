/* Writes to the sheet (only over the sheet this page shows) and the corrections: buys,
   buy-backs, undo and redo, the end of the game. */
import { w, wn } from "./words.js";
import { $, el, show, notice } from "./dom.js";
import { problemText } from "./api.js";
import { keep, flush, forget, waiting } from "./outbox.js";
import { game, isLayout } from "./state.js";

/* What an entry of the sheet is, in a few words a table reads: "round 3 (C went out)". */
function entryWords(entry) {
  if (!entry) return "";
  if (entry.kind === "buy") return w("{name}'s buy", { name: entry.player });
  if (entry.kind === "buy_back") return w("{name}'s buy-back", { name: entry.player });
  if (entry.kind === "finish") return w("the end of the game");
  const played = game.sheet.rounds.find((r) => r.number === entry.number) || {};
  if (isLayout()) return w("deal {n} ({name} won it)", { n: entry.number, name: played.winner });
  if (played.hand) return w("the hand {hand}", { hand: played.hand });  // Mahjong: "East 2, 1 honba"
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
  if (played.win || played.wins || played.draw) return ["POST", "rounds", mahjongAgain(played)];
  const body = {};
  if (played.went_out) body.went_out = played.went_out;
  if (played.wild_rank) body.wild_rank = played.wild_rank;
  if (played.phases_made) body.phases_made = played.phases_made;
  if (played.counts) {
    body.counts = played.counts;
    if (played.concealed) body.concealed = true;
    if (played.morto_taken) body.morto_taken = played.morto_taken;
  } else if (played.hands) {
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

/* A Mahjong hand as it was entered: each win less what the referee added (its score, limit, and
   the han and fu of a win entered by its tiles). */
function mahjongAgain(played) {
  const added = (win) => ["score", "limit", ...(win.hand ? ["han", "fu", "faan"] : [])];
  const entered = (win) => Object.fromEntries(Object.entries(win).filter(([key, value]) => !added(win).includes(key)
    && (value !== null || key === "from")));
  const body = played.draw ? { draw: { tenpai: played.draw.tenpai } }
    : played.wins ? { wins: played.wins.map(entered) } : { win: entered(played.win) };
  if ((played.riichi || []).length) body.riichi = played.riichi;
  return body;
}

export function renderUndo() {
  const last = game.sheet.entries.at(-1);
  const held = waiting().length > 0;  // an undo now would take off what waits: drop that instead
  $("undo").hidden = !last || held;
  if (last) $("undo").textContent = w("Undo {what}", { what: entryWords(last) });
  $("redo").hidden = !game.undone || game.undone.etag !== game.etag || held;
  if (game.undone) $("redo").textContent = w("Redo {what}", { what: game.undone.words });
}

export function undoAsked() {
  const last = game.sheet.entries.at(-1);
  if (!last) return;
  $("undo-question").textContent = w("Undo {what}? It comes off the sheet.", { what: entryWords(last) });
  $("undo-confirm").hidden = false;
  $("undo-yes").focus();
}

export async function undoConfirmed() {
  $("undo-confirm").hidden = true;
  const last = game.sheet.entries.at(-1);
  if (!last) return;
  const words = entryWords(last);
  const again = entryAgain(last);
  const done = await write("DELETE", `/v1/games/${game.id}/entries/last`, undefined, "entry-error",
    w("Undone: {what}.", { what: words }));
  if (done === "sent") {
    game.undone = { words, again, etag: game.etag };  // kept while nothing else is entered
    renderUndo();
  }
}

export async function redo() {
  const undone = game.undone;
  if (!undone) return;
  const [method, path, body] = undone.again;
  game.undone = null;
  await write(method, `/v1/games/${game.id}/${path}`, body, "entry-error", w("Entered again: {what}.", { what: undone.words }));
}

export function finishAsked() {
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

/* What a write is, in a few words a table reads, for the list of entries waiting to be sent. */
function writeWords(method, path, body) {
  const last = game.sheet.entries.at(-1);
  if (method === "DELETE") return w("Undo {what}", { what: entryWords(last) });
  const kind = path.split("/").at(-1);
  if (kind === "finish") return w("the end of the game");
  if (kind === "buys") return w("{name}'s buy", { name: body.player });
  if (kind === "buy-backs") return w("{name}'s buy-back", { name: body.player });
  const rounds = waiting().filter((e) => e.path.endsWith("/rounds")).length;
  const n = game.sheet.round + rounds;
  if (isLayout()) return w("deal {n} ({name} won it)", { n, name: body.winner });
  if (game.sheet.hand) {  // a Mahjong hand: named after the last one known while others wait
    return rounds ? wn("the hand after {hand}", "{n} hands after {hand}", rounds, { hand: game.sheet.hand })
      : w("the hand {hand}", { hand: game.sheet.hand });
  }
  return body.went_out ? w("round {n} ({name} went out)", { n, name: body.went_out }) : w("round {n}", { n });
}

/* A write to the game, only over the sheet this page shows (If-Match): kept on this phone
   first (outbox.js), then sent. "sent" when it is in; "waiting" when the service could not be
   reached (it is sent later); false when it was refused, or another phone changed the game
   meanwhile (the page shows the game as it is now, and the entry waits for the scorer's choice). */
export async function write(method, path, body, errorId, done) {
  show(errorId, "");
  notice("");
  const what = writeWords(method, path, body);
  const entry = keep(method, path, body, what);
  const answer = (await flush())[entry.key];
  if (answer && answer.status >= 500) {
    notice(w("The service could not take {what} now ({problem}) It is kept on this phone and sent again shortly.", { what, problem: problemText(answer) }));
    return "waiting";
  }
  if (!answer || answer.offline) {
    notice(waiting().length > 1 && !answer ? w("Waiting to be sent after the entries before it: {what}.", { what })
      : w("No answer from the service: {what} is kept on this phone and sent when it can be reached.", { what }));
    return "waiting";
  }
  if (answer.status === 412) {
    show(errorId, w("The game changed on another phone: the sheet now shows it. Check it before entering again."));
    return false;
  }
  if (!answer.ok) {  // refused: said where it was made, with what was typed still there
    forget(entry.key);
    renderUndo();  // drawn while the refused entry still waited: the undo is offered again
    show(errorId, problemText(answer));
    markFields((answer.data || {}).errors || []);
    return false;
  }
  game.undone = null;
  if (done) notice(done);
  return "sent";
}

/* Where an error's field is on the page: its path's pattern and the box it names. */
const FIELD_BOXES = [
  [/^(points|cards)\.(.+)$/, ([, field, name]) => $(`${field}-${name}`)],
  [/^counts\.(.+)\.(\w+)$/, ([, name, field]) => $(`count-${name}-${field}`)],
  [/^counts\.(.+)$/, ([, name]) => document.querySelector(`[data-counts="${CSS.escape(name)}"] input`)],
  [/^went_out$/, () => $("went-out")],
  [/^concealed$/, () => $("concealed")],
  [/^(wins?(\[\d+\])?\.\w+)/, ([, path]) => document.querySelector(`#round-form [data-path="${CSS.escape(path)}"]`)],  // Mahjong
];

function boxOf(path) {
  for (const [pattern, box] of FIELD_BOXES) {
    const found = pattern.exec(path || "");
    if (found && box(found)) return box(found);
  }
  return null;
}

/* The boxes a refusal names (points.NAME, cards.NAME, counts.NAME.FIELD, went_out) are marked,
   each error's message said beside its box, and the first one focused; what was typed stays. */
export function markFields(errors) {
  for (const node of document.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
  for (const node of document.querySelectorAll(".field-error")) node.remove();
  const marked = errors.map((e) => [e, boxOf(e.path)]).filter(([, box]) => box);
  for (const [e, box] of marked) {
    const said = el("span", { class: "error field-error", id: `${box.id}-error`, text: e.message });
    if (box.getAttribute("aria-invalid") === "true") {
      $(`${box.id}-error`).append(` ${e.message}`);
      continue;
    }
    box.setAttribute("aria-invalid", "true");
    box.setAttribute("aria-describedby", said.id);
    (box.closest(".stepper, label") || box).after(said);
  }
  if (marked.length) marked[0][1].focus();
}

export function renderEntryButtons() {
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
