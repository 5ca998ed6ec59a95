/* The referee for a table anyone may rebuild (Rummikub, Remi). */
import { w } from "./words.js";
import { el, showVerdict } from "./dom.js";
import { problemText } from "./api.js";
import { cardFace, tileView, cardPicker } from "./cards.js";
import { game, askCheck } from "./state.js";

/* A table anyone may rebuild (Rummikub, Remi): the table's melds and the rack are entered; the
   referee finds the best play (`turns/best`) and shows the table after it, or checks the table
   after the player's own turn (`turns/check`), naming the melds at fault. The answer shows under
   the button that asked, in view; a tile or meld the service cannot take is named where it was
   entered (the table's meld n, the rack), not called an illegal play. */
export function renderTableReferee(box, deck, verdict) {
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
    const a = answered(await askCheck("turns/best",
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
    const a = answered(await askCheck("turns/check",
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
