/* Entries waiting to be sent: every write to the game (a round, a buy, a buy-back, an undo or a
   redo, the end of the game) is kept in this phone's storage before it is sent, with its
   Idempotency-Key and the ETag it was made against (If-Match), and taken off only when the
   service has answered it. One the service cannot be reached for waits, shown on the page,
   and is sent when the connection returns (the `online` event, a retry every few seconds, the
   next load of the page). The service applies a key once, so an entry sent twice (its answer
   lost on the way back) is stored once.

   If another phone wrote meanwhile (412), the entry stays, beside the game as it now is, until
   the scorer sends it as the next entry or drops it. */
import { w } from "./words.js";
import { $, el, notice } from "./dom.js";
import { call, lastReached, newKey, problemText } from "./api.js";
import { game, sheetChanged } from "./state.js";

const STORE = "referee.outbox";
const RETRY_SECONDS = 10;

/* Every waiting entry of every game, oldest first. */
function all() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE) || "[]");
    return Array.isArray(list) ? list.filter((e) => e && typeof e.key === "string") : [];
  } catch (error) {
    return [];
  }
}

/* Whether the list could be kept (a private window or a full storage may refuse it). */
function save(list) {
  try {
    localStorage.setItem(STORE, JSON.stringify(list));
    return true;
  } catch (error) {
    return false;
  }
}

/* This game's entries, in the order they were made. */
export const waiting = () => all().filter((e) => e.game === game.id);

function change(key, fields) {
  save(all().map((e) => (e.key === key ? { ...e, ...fields } : e)));
}

/* An entry taken off: the one made after it was made over it, so it takes its place (its
   If-Match, or the entry it waits for). */
function remove(key) {
  const list = all();
  const gone = list.find((e) => e.key === key);
  if (!gone) return;
  save(list.filter((e) => e.key !== key).map((e) => (e.after === key ? { ...e, after: gone.after, ifMatch: gone.ifMatch } : e)));
}

/* Keep a write before it is sent. One made while others wait is made over them: it is sent with
   the ETag the one before it gets, once that one is in. */
export function keep(method, path, body, what) {
  const before = waiting().at(-1);
  const entry = { game: game.id, key: newKey(), method, path, body: body === undefined ? null : body, what,
    ifMatch: before ? null : game.etag, after: before ? before.key : null, state: "waiting", made: Date.now() };
  entry.unkept = !save([...all(), entry]);
  return entry;
}

/* The answers of one pass over the waiting entries, by key. Passes run one after another. */
let chain = Promise.resolve({});
export function flush() {
  chain = chain.then(send, send);
  return chain;
}

/* A word in the page's notice about what was sent meanwhile, without moving the focus (the
   scorer may be typing the next round). */
function say(text) {
  const node = $("notice");
  if (!node) return;
  node.textContent = text;
  node.hidden = !text;
}

async function send() {
  const answers = {};
  const sent = [];
  let changed = false;
  for (;;) {
    const entry = waiting()[0];
    if (!entry || entry.state !== "waiting" || entry.after) break;  // a choice waits for the scorer
    const headers = { "Idempotency-Key": entry.key };
    if (entry.ifMatch) headers["If-Match"] = entry.ifMatch;
    const answer = await call(entry.method, entry.path, entry.body === null ? undefined : entry.body, game.token, headers);
    answers[entry.key] = answer;
    if (answer.offline || answer.status >= 500) break;  // no answer, or the service cannot take it now: it waits
    changed = true;
    if (answer.ok) {
      sent.push(entry.what);
      save(all().filter((e) => e.key !== entry.key).map((e) => (e.after === entry.key ? { ...e, after: null, ifMatch: answer.etag } : e)));
      continue;
    }
    change(entry.key, answer.status === 412 ? { state: "changed" } : { state: "refused", problem: problemText(answer) });
    break;
  }
  if (changed) {  // what the notice said of these entries ("kept on this phone") is over
    say(sent.length ? w("Sent: {what}.", { what: sent.join("; ") }) : "");
    const fresh = await call("GET", `/v1/games/${game.id}`);
    if (fresh.ok) await sheetChanged(fresh.data, fresh.etag);
  }
  renderOutbox();
  return answers;
}

/* A refusal the page has shown where the entry was made (what was typed is still there): the
   entry is taken off the list. */
export const forget = (key) => { remove(key); renderOutbox(); };

/* The scorer's choice after another phone wrote: send the entry over the game as it now is. */
function sendNext(entry) {
  change(entry.key, { state: "waiting", ifMatch: game.etag, after: null, problem: null });
  notice("");
  flush();
}

function drop(entry) {
  remove(entry.key);
  notice(w("Dropped: {what}. It was not entered.", { what: entry.what }));
  sheetChanged(game.sheet, game.etag);  // the undo button comes back when nothing waits
}

/* What one waiting entry says, and the buttons the scorer has for it. */
function line(entry) {
  if (entry.state === "changed") {
    return el("li", { class: "changed" }, el("p", { text: w("Not entered yet: {what}. Another phone changed the game meanwhile; the sheet shows it as it is now. Send it as the next entry, or drop it.", { what: entry.what }) }),
      el("div", { class: "buttons" }, el("button", { type: "button", onclick: () => sendNext(entry) }, w("Send it as the next entry")),
        el("button", { type: "button", class: "secondary", onclick: () => drop(entry) }, w("Drop it"))));
  }
  if (entry.state === "refused") {
    return el("li", { class: "refused" }, el("p", { text: w("The service refused {what}: {problem}", { what: entry.what, problem: entry.problem }) }),
      el("div", { class: "buttons" }, el("button", { type: "button", class: "secondary", onclick: () => drop(entry) }, w("Drop it"))));
  }
  return el("li", {}, el("p", { text: w("Waiting to be sent: {what}. It is kept on this phone and sent when the service can be reached.", { what: entry.what }) }),
    entry.unkept ? el("p", { class: "error", text: w("This phone's storage refused it: keep this page open until it is sent.") }) : null);
}

export function renderOutbox() {
  const box = $("outbox");
  if (!box) return;
  const list = waiting();
  box.hidden = list.length === 0;
  const retry = el("button", { type: "button", class: "secondary", onclick: () => flush() }, w("Try sending now"));
  $("outbox-list").replaceChildren(...list.map(line), list.some((e) => e.state === "waiting") ? el("li", {}, retry) : "");
}

/* The line that says the service cannot be reached, and whether the sheet is the kept copy. */
function reach(event) {
  const node = $("reach-line");
  if (!node) return;
  if (event.detail) {
    node.hidden = true;
    return;
  }
  node.hidden = false;
  node.textContent = w("The service cannot be reached: the sheet is the last one this phone saw. Entries made now are kept on this phone and sent when it can be reached.");
}

/* The page's part: the waiting entries shown, sent now, when the connection returns, and every
   few seconds while some wait. */
export function initOutbox() {
  window.addEventListener("referee:reach", reach);
  reach({ detail: lastReached() });  // the game's first answer came before this listened: a kept copy too
  window.addEventListener("online", () => flush());
  setInterval(() => { if (waiting().some((e) => e.state === "waiting")) flush(); }, RETRY_SECONDS * 1000);
  renderOutbox();
  return flush();
}
