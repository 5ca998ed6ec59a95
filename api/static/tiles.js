/* Mahjong tiles as the page draws them from the ruleset's set (`deck.faces`, as the service
   gives it: each tile, its copies, its face and its name in words), and the board that taps them
   into a question's places (the hand, the called melds, the dora indicators...): one grid of the
   set, each tile counted against the copies the set holds across every place. */
import { w, wn } from "./words.js";
import { el } from "./dom.js";

/* The set's tiles: in order, and by tile as written. */
export function tileSetOf(ruleset) {
  const faces = ((ruleset.deck || {}).faces || []);
  return { faces, of: new Map(faces.map((f) => [f.tile, f])) };
}

/* A tile in words ("red five of dots", "east wind"); one the set does not know, as written. */
export const tileWords = (set, tile) => (set.of.get(tile) || { words: tile }).words;

/* What a tile's chip holds: its face large (the rank; an honour's other name), the tile as
   written small beneath it (its suit for those who cannot tell the colours apart). */
function inside(face, tile) {
  return [el("span", { class: "n", "aria-hidden": "true", text: face ? face.face : tile }),
    el("span", { class: "l", "aria-hidden": "true", text: tile })];
}

function look(set, tile) {
  const face = set.of.get(tile);
  return { class: `mj${face && face.red ? " red" : ""}`, suit: face ? face.suit : "" };
}

/* A tile drawn to be read, not tapped (an answer's arrangement). */
export function tileView(set, tile) {
  const { class: cls, suit } = look(set, tile);
  return el("span", { class: `${cls} face`, "data-suit": suit, "data-tile": tile, role: "img", "aria-label": tileWords(set, tile) },
    inside(set.of.get(tile), tile));
}

/* Tiles in a row, to be read: a meld, an arrangement's group. */
export const tileRow = (set, tiles) => el("span", { class: "mj-row" }, tiles.map((t) => tileView(set, t)));

/* The board: `places` ({id, label, melds?}) each hold the tiles tapped while it is chosen
   (a place of `melds` holds groups, each open or concealed); tiles of a suit `route`d (the
   flowers) go to that place whatever is chosen. `changed` is called after every tap. */
export function tileBoard(set, places, options = {}) {
  const held = Object.fromEntries(places.map((p) => [p.id, []]));
  let at = places[0].id;
  const byId = Object.fromEntries(places.map((p) => [p.id, p]));
  const all = () => places.flatMap((p) => (p.melds ? held[p.id].flatMap((m) => m.tiles) : held[p.id]));
  const used = (tile) => all().filter((x) => x === tile).length;
  const view = el("div", { class: "mj-places" });
  const grid = el("div", { class: "picker mj-grid", role: "group", "aria-label": w("The tiles") });
  const chooser = el("fieldset", { class: "mj-at" }, el("legend", { text: w("Tap tiles into") }),
    places.filter((p) => !p.routed).map((p) => el("label", {}, el("input", { type: "radio", name: `mj-at-${options.name || "q"}`,
      value: p.id, checked: p.id === at || undefined, onchange: () => { at = p.id; draw(); } }), " " + p.label)));
  const buttons = new Map();

  const add = (tile) => {
    const face = set.of.get(tile);
    const place = places.find((p) => p.routed === (face && face.suit)) || byId[at];
    if (place.melds) {
      const list = held[place.id];
      if (!list.length || list.at(-1).done) list.push({ tiles: [], open: true, done: false });
      list.at(-1).tiles.push(tile);
    } else {
      held[place.id].push(tile);
    }
    draw();
  };

  function chip(tile, label, onclick) {
    const { class: cls, suit } = look(set, tile);
    return el("button", { type: "button", class: cls, "data-suit": suit, "data-tile": tile, "aria-label": label, onclick },
      inside(set.of.get(tile), tile));
  }

  function placeView(place) {
    const list = held[place.id];
    const count = place.melds ? list.reduce((n, m) => n + m.tiles.length, 0) : list.length;
    const chips = el("div", { class: "chips", "aria-live": "polite" });
    if (place.melds) {
      list.forEach((meld, m) => {
        const open = el("input", { type: "checkbox", checked: meld.open || undefined,
          onchange: () => { meld.open = open.checked; changed(); } });
        chips.append(el("div", { class: "group", role: "group", "aria-label": w("meld {n}", { n: m + 1 }) },
          meld.tiles.map((tile, i) => chip(tile, w("Take back {card}", { card: tileWords(set, tile) }),
            () => { meld.tiles.splice(i, 1); if (!meld.tiles.length) list.splice(m, 1); draw(); })),
          el("label", { class: "mj-open" }, open, " " + w("open"))));
      });
    } else {
      list.forEach((tile, i) => chips.append(chip(tile, w("Take back {card}", { card: tileWords(set, tile) }),
        () => { list.splice(i, 1); draw(); })));
    }
    if (!count) chips.append(el("span", { class: "hint", text: w("No tiles picked yet.") }));
    const next = place.melds && list.length && !list.at(-1).done
      ? el("button", { type: "button", class: "secondary", onclick: () => { list.at(-1).done = true; draw(); } }, w("Next meld")) : null;
    return el("div", { class: `mj-place${place.id === at ? " at" : ""}`, "data-place": place.id },
      el("p", { class: "mj-label" }, el("strong", { text: place.label }), " ", wn("({n} tile)", "({n} tiles)", count)), chips, next);
  }

  function draw() {
    view.replaceChildren(...places.map(placeView));
    for (const [tile, button] of buttons) {
      const left = set.of.get(tile).copies - used(tile);
      button.disabled = left <= 0;
      button.setAttribute("aria-label", left <= 0 ? w("{card}: all {n} are picked", { card: tileWords(set, tile), n: set.of.get(tile).copies })
        : w("Add {card} ({label})", { card: tileWords(set, tile), label: (places.find((p) => p.routed === set.of.get(tile).suit) || byId[at]).label }));
    }
    changed();
  }
  const changed = () => { if (options.changed) options.changed(); };

  let row = null;
  for (const face of set.faces) {
    if (!row || row.dataset.suit !== face.suit) {
      row = el("div", { class: "suit", "data-suit": face.suit });
      grid.append(row);
    }
    const button = chip(face.tile, "", () => add(face.tile));
    buttons.set(face.tile, button);
    row.append(button);
  }
  grid.append(el("div", { class: "buttons" }, el("button", { type: "button", class: "secondary",
    onclick: () => { for (const p of places) held[p.id].splice(0); draw(); } }, w("Clear"))));
  draw();
  return {
    element: el("div", { class: "mj-board" }, view, chooser, grid),
    tiles: (id) => (byId[id].melds ? held[id].flatMap((m) => m.tiles) : [...held[id]]),
    melds: (id) => held[id].filter((m) => m.tiles.length).map((m) => ({ tiles: [...m.tiles], open: m.open })),
    choose: (id) => { at = id; for (const r of chooser.querySelectorAll("input")) r.checked = r.value === id; draw(); },
    /* What the board holds, to keep (a form's draft), and put back. */
    state: () => ({ at, held: JSON.parse(JSON.stringify(held)) }),
    restore: (kept) => {
      for (const p of places) held[p.id].splice(0, held[p.id].length, ...(((kept || {}).held || {})[p.id] || []));
      at = byId[(kept || {}).at] ? kept.at : at;
      for (const r of chooser.querySelectorAll("input")) r.checked = r.value === at;
      draw();
    },
  };
}
