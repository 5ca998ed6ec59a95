/* The round's form: who went out, each player's points or cards, the deal's wild rank. */
import { w } from "./words.js";
import { $, el, show } from "./dom.js";
import { cardPicker, deckOf } from "./cards.js";
import { game, isLayout, perPlayer, teamsOf, teamName, both } from "./state.js";
import { madeToggle } from "./phases.js";
import { write, markFields } from "./entries.js";
import { countRow, readCounts } from "./countform.js";
import { isMahjong, renderMahjongForm } from "./mjsheet.js";
import { keepDraft, dropDraft } from "./formdraft.js";

export function renderRoundForm() {
  const form = $("round-form");
  const active = game.sheet.players.filter((p) => !p.eliminated).map((p) => p.name);
  // The same round's form is kept as it is (what was typed, the cards tapped) through a buy,
  // a refusal or another phone's redraw; a new round gets a new form.
  const key = JSON.stringify([game.sheet.round, game.sheet.rounds.length, active]);
  if (form.dataset.key === key && form.childElementCount) return;
  form.dataset.key = key;
  form.replaceChildren();
  form.draftParts = [];
  buildRoundForm(form, active);
  keepDraft(form, game.id, key);  // what was typed for this round and not yet entered comes back
}

function buildRoundForm(form, active) {
  if (isMahjong()) { renderMahjongForm(form, kept); return; }
  $("h-enter").textContent = isLayout() ? w("Enter the deal") : w("Enter the round");
  if (isLayout()) {
    form.append(
      el("label", { for: "winner-select" }, w("Who won the hand?")),
      el("select", { id: "winner-select", required: true }, el("option", { value: "", text: w("choose…") }),
        active.map((n) => el("option", { value: n, text: n }))),
    );
    if (entryOf().asks.includes("completed")) {
      form.append(el("fieldset", {}, el("legend", { text: w("Others who completed their layout") }),
        active.map((n) => el("label", {}, el("input", { type: "checkbox", name: "completed", value: n }), ` ${n}`))));
    }
    form.append(el("button", { type: "submit" }, w("Enter the deal")));
    form.onsubmit = (event) => {
      event.preventDefault();
      const body = { winner: $("winner-select").value,
        completed: [...form.querySelectorAll("input[name=completed]:checked")].map((i) => i.value) };
      write("POST", `/v1/games/${game.id}/rounds`, body, "round-error",
        w("Deal {n} entered: {name} won it.", { n: game.sheet.round, name: body.winner })).then(kept);
    };
    return;
  }
  // What the round's entry asks, as the service reads the ruleset: the ways, the usual first.
  const entry = entryOf();
  const asks = (name) => entry.asks.includes(name);
  const knock = entry.out === "knock";
  const melded = asks("melded");
  const bonusCards = asks("red_threes");
  const concealedBonus = asks("concealed");
  const mortoBonus = asks("morto_taken") && teamsOf().length > 0;
  const perDeal = asks("wild_rank");
  const pennies = asks("cards_caught");
  const deck = deckOf(game.ruleset);
  const wayWords = { counts: w("Count the round (as on a score pad)"), cards: deck.tiles ? w("Tap each player's tiles (the referee scores them)") : w("Tap each player's cards (the referee scores them)"),
    points: w("Type the points") };
  const mode = el("fieldset", {}, el("legend", { text: w("How to enter it") }),
    entry.ways.filter((way) => wayWords[way]).map((way, i) => el("label", {},
      el("input", { type: "radio", name: "mode", value: way, checked: i === 0 || undefined }), " " + wayWords[way])));
  form.append(
    el("label", { for: "went-out" }, knock ? w("Who knocked?") : w("Who went out?")),
    el("select", { id: "went-out" }, el("option", { value: "", text: w("nobody") }), active.map((n) => el("option", { value: n, text: n }))),
  );
  if (perDeal) {
    form.append(el("label", { for: "wild-rank" }, w("The deal's wild rank (the cut card; a joker cut: A)")),
      wildRankSelect("wild-rank"));
  }
  if (entry.winner_gains) {  // the service works out the gain: the box stays empty
    form.append(el("p", { class: "hint", id: "winner-gains", text: w("Who went out gains what the others hold: leave their points empty.") }));
  }
  form.append(mode);
  const pickers = {};
  const meldPickers = {};
  const rows = active.map((n) => {
    // Melded scores may be below 0: no digits-only keypad, which has no minus sign on many phones.
    const points = el("input", { type: "number", inputmode: entry.below_zero ? undefined : "numeric", id: `points-${n}`,
      "aria-label": w("{name}'s points", { name: n }), class: "points" });
    const cards = pennies ? el("input", { type: "number", inputmode: "numeric", id: `cards-${n}`,
      "aria-label": w("{name}'s cards caught", { name: n }), class: "points" }) : null;
    pickers[n] = cardPicker(deck, knock ? w("{name}'s cards after the discard", { name: n })
      : deck.tiles ? w("{name}'s tiles left on the rack", { name: n }) : w("{name}'s cards left in hand", { name: n }),
    { folded: deck.tiles ? w("Tap {name}'s tiles", { name: n }) : w("Tap {name}'s cards", { name: n }) });
    if (melded) meldPickers[n] = cardPicker(deck, w("{name}'s melded cards", { name: n }), { groups: true, folded: w("Tap {name}'s melds", { name: n }) });
    for (const [part, picker] of [["cards", pickers[n]], ["melds", meldPickers[n]]].filter(([, p]) => p)) {
      form.draftParts.push({ key: `${part}-${n}`, get: () => picker.groups(), set: (groups) => picker.set(groups) });
    }
    const partners = (teamsOf().find((team) => team.players.includes(n)) || { players: [] }).players.filter((m) => m !== n);
    // Red threes (`bonus_cards`) laid face up this hand, counted by the referee with the cards.
    const threes = bonusCards ? el("input", { type: "number", inputmode: "numeric", min: "0", max: "20", id: `threes-${n}`,
      class: "points", "aria-label": w("{name}'s red threes laid", { name: n }) }) : null;
    return el("fieldset", { "data-player": n, "data-cards": "" },
      el("legend", { text: partners.length ? w("{name} (with {partners})", { name: n, partners: both(partners) }) : n }),
      perPlayer() ? madeToggle(n) : null,
      el("div", { class: "by-points" }, el("label", { for: `points-${n}` }, w("Points")), points,
        cards ? el("label", { for: `cards-${n}` }, w("Cards caught")) : null, cards),
      el("div", { class: "by-cards" }, el("p", { class: "hint", text: knock ? w("Their ten cards, after the discard:") : deck.tiles ? w("Tiles left on the rack:") : w("Cards left in hand:") }), pickers[n].element,
        melded ? el("p", { class: "hint", text: w("Cards they melded or laid off, a meld at a time:") }) : null,
        melded ? meldPickers[n].element : null,
        threes ? el("label", { for: `threes-${n}` }, w("Red threes laid")) : null, threes),
      entry.ways.includes("counts") ? countRow(n) : null);
  });
  if (mortoBonus) {  // Buraco: which sides took their pozzetto this hand
    rows.push(el("fieldset", { class: "by-cards by-counts", id: "morto-taken" }, el("legend", { text: w("Sides that took their pozzetto") }),
      ...teamsOf().map((team, i) => el("label", {}, el("input", { type: "checkbox", name: "morto", value: String(i) }), " " + teamName(team)))));
  }
  if (concealedBonus) {  // who went out melded every card in that one turn
    rows.push(el("div", { class: "by-cards by-counts" }, el("label", {}, el("input", { type: "checkbox", id: "concealed" }), " "
      + w("Who went out did so concealed (every card melded in that one turn)"))));
  }
  form.append(...rows, el("button", { type: "submit" }, w("Enter the round")));
  const syncMode = () => {
    const chosen = form.querySelector("input[name=mode]:checked").value;
    const shown = { cards: ".by-cards", points: ".by-points", counts: ".by-counts" };
    for (const node of form.querySelectorAll(".by-cards, .by-points, .by-counts")) node.hidden = !node.matches(shown[chosen]);
  };
  for (const radio of form.querySelectorAll("input[name=mode]")) radio.addEventListener("change", syncMode);
  syncMode();
  // Where going out scores nothing, who went out has no boxes to fill: no blank to misread.
  const outScores = entry.out_scores;
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
    for (const node of form.querySelectorAll(".field-error")) node.remove();
    if (box) { box.setAttribute("aria-invalid", "true"); box.focus(); }
  };
  // Whether who went out did so concealed, and which sides took their pozzetto: asked alike
  // of a round by cards and by counts.
  const bonusFlags = () => {
    const flags = {};
    if (concealedBonus && $("concealed").checked) flags.concealed = true;
    if (mortoBonus) {  // each side that took its pozzetto, named by its first player
      flags.morto_taken = Object.fromEntries([...form.querySelectorAll("input[name=morto]")]
        .map((box) => [teamsOf()[Number(box.value)].players[0], box.checked]));
    }
    return flags;
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
    const chosen = form.querySelector("input[name=mode]:checked").value;
    if (chosen === "counts") {
      const { counts, problem } = readCounts(active, out);
      if (problem) {
        show("round-error", problem.message);
        markFields([problem]);
        return;
      }
      body.counts = counts;
      Object.assign(body, bonusFlags());
    } else if (chosen === "cards") {
      // Only who went out ends with no cards (a knock shows all ten): an empty hand is a slip.
      const empty = active.find((n) => (knock || n !== out) && !pickers[n].cards().length
        && !(melded && meldPickers[n].cards().length));
      if (empty) {
        refuse(deck.tiles ? w("No tiles are tapped for {name}: tap the tiles left on their rack.", { name: empty })
          : w("No cards are tapped for {name}: tap the cards left in their hand.", { name: empty }),
          form.querySelector(`fieldset[data-player="${CSS.escape(empty)}"] [data-fold]`));
        return;
      }
      // Where the winner gains the others' racks, who went out is sent with an empty rack: the
      // service works the gain out from the round's every hand.
      const gains = entry.winner_gains;
      body.hands = Object.fromEntries(active.filter((n) => knock || gains || n !== out || pickers[n].cards().length).map((n) => [n, pickers[n].cards()]));
      if (melded) body.melded = Object.fromEntries(active.map((n) => [n, meldPickers[n].groups()]));
      if (bonusCards) {
        const laid = active.map((n) => [n, Number($(`threes-${n}`).value || 0)]).filter(([, k]) => k > 0);
        if (laid.length) body.red_threes = Object.fromEntries(laid);
      }
      Object.assign(body, bonusFlags());
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
    kept(await write("POST", `/v1/games/${game.id}/rounds`, body, "round-error", w("Round {n} entered.", { n: game.sheet.round })));
  };
}

/* What the round's entry asks (the service's `entry` of the round); where the round could not
   be read, the points alone, which every game takes. */
function entryOf() {
  return (game.round && game.round.entry) || { ways: ["points"], out: "go_out", out_scores: false, asks: [] };
}

/* A round kept on the phone to be sent later is listed as waiting: the form is cleared for the
   next one (the sheet does not move on until the service has it). */
function kept(result) {
  if (result !== "waiting") return;
  dropDraft(game.id);  // it is in the outbox now
  $("round-form").dataset.key = "";
  renderRoundForm();
}

/* The deal's wild rank, asked once and shared by the round's entry and the referee's tools. */
export function wildRankSelect(id) {
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
