/* The referee panel: questions about the cards picked (a meld, a first meld, a lay-off, going
   out, the pile, a layout's slot), each answered by the service. */
import { w } from "./words.js";
import { $, el, showVerdict } from "./dom.js";
import { problemText } from "./api.js";
import { cardFace, cardPicker, deckOf } from "./cards.js";
import { game, isLayout, perPlayer, teamsOf, teamName, askCheck } from "./state.js";
import { phaseChooser } from "./phases.js";
import { wildRankSelect } from "./roundform.js";
import { renderTableReferee } from "./rebuild.js";
import { renderMahjongReferee } from "./mahjong.js";

/* What the panel is built from: the round's rules as the service fills them in (`GET
   /v1/rulesets/{id}/rounds/{n}`: lay_off, pile, has_first_meld, meld_words). */
const panelRules = () => {
  const round = game.round || {};
  const sheet = game.sheet || {};  // a Mahjong game's hand: its winds and counters are the panel's defaults
  return { hand: sheet.seat_winds ? [sheet.hand, sheet.seat_winds, sheet.honba] : null,
    layOff: round.lay_off || null, pile: round.pile || null, firstMeld: Boolean(round.has_first_meld),
    byScore: ((round.first_meld || {}).points_by_score || []).length > 0,
    meldWords: round.meld_words || { "": { yes: w("Yes: a legal meld."), yes_with: w("Yes: a legal meld ({wilds}).") } } };
};

/* The referee panel, built anew only when the rules it is built from change with the round: the
   cards picked stay through every other redraw. */
export function renderReferee() {
  const key = JSON.stringify(panelRules());
  if (game.tools && game.tools.key === key) {
    if (game.tools.sync) game.tools.sync();
    return;
  }
  buildReferee();
  game.tools.key = key;
}

function buildReferee() {
  const rules = panelRules();
  const box = $("referee");
  const deck = deckOf(game.ruleset);
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
      const answer = await askCheck("placements/check", body);
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
  if (game.ruleset.family === "mahjong") { game.tools = renderMahjongReferee(box, verdict); return; }
  if ((game.ruleset.table || {}).rearrange) { renderTableReferee(box, deck, verdict); return; }
  const perDeal = Boolean((game.ruleset.wilds || {}).per_deal);
  const picker = cardPicker(deck, deck.tiles ? w("Tiles to check") : w("Cards to check"), { groups: true });
  const done = el("input", { type: "checkbox", id: "first-meld-done" });
  const wild = perDeal ? wildRankSelect("tool-wild-rank") : null;
  const phased = perPlayer();  // the player's own phase is their first meld
  const hasFirstMeld = rules.firstMeld;  // each player's own phase counts: it is their first meld
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
    const answer = await askCheck(path, { ...common(), ...body });
    if (!answer.ok) { showVerdict(verdict, false, [problemText(answer)]); return; }
    const a = answer.data;
    picker.mark(a.violations.flatMap((v) => v.cards));
    showVerdict(verdict, a.valid, a.valid ? explain(a) : a.violations.map((v) => v.message));
  };
  // A game that never lays off (Five Crowns) offers no lay-off question.
  const layOffs = Boolean(rules.layOff) && rules.layOff.allowed !== "never";
  const buttons = el("div", { class: "buttons" },
    el("button", { type: "button", onclick: () => ask("melds/check", { cards: picker.groups()[0] || [], first_meld_done: done.checked && hasFirstMeld },
      (a) => {
        const suitOf = (as) => deck.suits.find((s) => s.letter === as);  // a meld of one suit's wild card
        const wilds = a.wilds.map((x) => w("{card} as {as}", {
          card: cardFace(x.card, deck), as: suitOf(x.as) ? (suitOf(x.as).symbol || x.as) : x.as,
        })).join(", ");
        const said = rules.meldWords[a.kind] || rules.meldWords[""];  // the kind's own words, from the service
        return [wilds ? w(said.yes_with, { wilds }) : w(said.yes)];
      }) }, w("Is it a meld?")),
    phased ? el("button", { type: "button", onclick: () => ask("first-meld/check", { melds: picker.groups(), phase: phase.value() },
      () => [w("Yes: these melds make phase {n}.", { n: phase.value() })]) }, w("Does it make my phase?"))
      : hasFirstMeld ? el("button", { type: "button", onclick: () => ask("first-meld/check", { melds: picker.groups(),
        ...(side ? { score: sideScore() } : {}) },
        () => [w("Yes: these melds make the first meld.")]) }, w("Is it a first meld?")) : null,
    layOffs ? el("button", { type: "button", onclick: () => {
      const [meld, cards] = picker.groups();
      if (!meld || !cards) {
        showVerdict(verdict, false, [deck.tiles ? w("Pick the meld on the table, tap \"Next meld\", then the tiles to add.")
          : w("Pick the meld on the table, tap \"Next meld\", then the cards to add.")]);
        return;
      }
      ask("lay-offs/check", { meld, cards, first_meld_done: done.checked || !hasFirstMeld, others_meld: !side },
        (a) => [w("Yes: it makes {cards}.", { cards: a.meld.cards.map((c) => cardFace(c, deck)).join(" ") })]);
    } }, deck.tiles ? w("May I lay off? (meld, then tiles)") : w("May I lay off? (meld, then cards)")) : null,
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
    rules.pile ? el("button", { type: "button", onclick: () => {
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
  const pileFreezes = Boolean(rules.pile) && rules.pile.take === "meld" && !rules.pile.always_frozen;
  // A player goes out only from their foot (Hand and Foot), a side only after taking its morto
  // (Buraco): unticked, "Can I go out?" says not yet.
  const goingOut = game.ruleset.going_out || {};
  const foot = goingOut.from_foot ? el("input", { type: "checkbox", id: "tool-foot-taken" }) : null;
  const morto = goingOut.after_morto ? el("input", { type: "checkbox", id: "tool-morto-taken" }) : null;
  box.replaceChildren(...[
    el("p", { class: "hint", text: deck.tiles ? w("Tap the tiles; \"Next meld\" starts another meld.")
      : w("Tap the cards; \"Next meld\" starts another meld.") }),
    phase ? phase.element : null,
    picker.element,
    phased ? el("label", {}, done, " " + w("My phase is down this hand (hits are allowed)"))
      : hasFirstMeld ? el("label", {}, done, " " + (side ? w("Our side has made its first meld") : w("I have made my first meld this round"))) : null,
    side ? el("label", { for: "tool-side" }, rules.byScore ? w("Our side (its score sets the first meld's minimum)") : w("Our side")) : null, side,
    side ? el("p", { class: "hint", text: w("To ask about going out, enter the side's melds first, then your hand as the last meld.") }) : null,
    foot ? el("label", {}, foot, " " + w("I have picked up my foot")) : null,
    morto ? el("label", {}, morto, " " + w("Our side has taken its morto (its second hand)")) : null,
    pileFreezes ? el("label", {}, frozen, " " + w("The pile is frozen")) : null,
    wild ? el("label", { for: "tool-wild-rank" }, w("The deal's wild rank")) : null, wild,
    buttons, verdict].filter(Boolean));
  game.tools = { picker, sync: phase ? phase.sync : null };
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
