/* Cards and tiles as the page draws them from a ruleset's deck: faces, spoken names, chips,
   and the picker that taps them. */
import { N_, w } from "./words.js";
import { el } from "./dom.js";

/* A ruleset's answer names each suit of its deck (`deck.suits`: letter, symbol and name); the
   page says the names of the decks cards.md lists in the page's language, any other as given. */
const SUIT_NAMES = [N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"), N_("stars"), N_("red"), N_("blue"),
  N_("green"), N_("yellow"), N_("black"), N_("orange")];
const RED_SUITS = new Set(["diamonds", "hearts", "red"]);
/* Suits that are colours (Phase 10's red, blue, green, yellow): their chips are filled with the
   colour (`.colour`, in the CSS), and still say their letter for those who cannot tell them apart. */
const COLOUR_SUITS = new Set(["red", "blue", "green", "yellow", "black", "orange"]);
const FRENCH_SUITS = [{ letter: "C", symbol: "♣", name: "clubs" }, { letter: "D", symbol: "♦", name: "diamonds" },
  { letter: "H", symbol: "♥", name: "hearts" }, { letter: "S", symbol: "♠", name: "spades" }];
const RANK_NAMES = { A: N_("ace"), J: N_("jack"), Q: N_("queen"), K: N_("king") };

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
export function cardFace(card, deck) {
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
export function tileView(card, deck, played = false) {
  const look = cardLook(card, deck);
  return el("span", { class: `${look.class} face${played ? " played" : ""}`, "data-suit": look.suit, "data-card": card, role: "img",
    "aria-label": played ? w("{card}, from your rack", { card: cardLabel(card, deck) }) : cardLabel(card, deck) },
  cardInside(card, deck));
}

/* ------------------------------------------------------------------ the card picker */

/* Tap cards to pick them; with `groups`, "next meld" starts a new group. The picked cards show
   as chips (tap one to take it back); `mark` outlines the cards a verdict names. */
export function cardPicker(deck, label, options = {}) {
  const groups = [[]];
  const chips = el("div", { class: "chips", "aria-live": "polite",
    "aria-label": deck.tiles ? w("{label}: picked tiles", { label }) : w("{label}: picked cards", { label }) });
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
    if (!groups.some((g) => g.length)) chips.append(el("span", { class: "hint", text: deck.tiles ? w("No tiles picked yet.") : w("No cards picked yet.") }));
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
export function deckOf(ruleset) {
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
    tiles: deck.pieces === "tiles",  // the service says whether the game is played with tiles
  };
}
