/* The referee's answers about a Mahjong hand in words: what it scores (han and fu or faan, the
   limit, each pattern and its value, the fu's parts, the points, the hand as read) and what it
   waits on. Each name the service answers with (a limit, a fu part, a situation's flag) is said
   here in the page's language; one this page does not know is shown as the service names it. */
import { N_, w } from "./words.js";
import { el } from "./dom.js";
import { tileRow, tileWords } from "./tiles.js";

const LIMITS = { mangan: N_("mangan"), haneman: N_("haneman"), baiman: N_("baiman"), sanbaiman: N_("sanbaiman"),
  yakuman: N_("yakuman"), double_yakuman: N_("double yakuman"), maximum: N_("the table's maximum") };
const FU_PARTS = { base: N_("base"), concealed_ron: N_("concealed hand won by a discard"), self_draw: N_("self-draw"),
  open_pinfu: N_("open hand with no fu of its own"), value_pair: N_("pair of value tiles"),
  double_value_pair: N_("pair of a double wind"), edge_wait: N_("edge wait"), closed_wait: N_("closed wait"),
  single_wait: N_("pair wait"), open_pung_simple: N_("open pung of simples"), open_pung_terminal: N_("open pung of terminals"),
  open_pung_honour: N_("open pung of honours"), concealed_pung_simple: N_("concealed pung of simples"),
  concealed_pung_terminal: N_("concealed pung of terminals"), concealed_pung_honour: N_("concealed pung of honours"),
  open_kong_simple: N_("open kong of simples"), open_kong_terminal: N_("open kong of terminals"),
  open_kong_honour: N_("open kong of honours"), concealed_kong_simple: N_("concealed kong of simples"),
  concealed_kong_terminal: N_("concealed kong of terminals"), concealed_kong_honour: N_("concealed kong of honours") };
/* The situation's flags of wins/check, as a player would tick them. */
export const FLAGS = { riichi: N_("Riichi declared"), double_riichi: N_("Double riichi (declared on the first turn)"),
  ippatsu: N_("Ippatsu (won within one turn of riichi, no call between)"), last_tile: N_("Won on the last tile of the wall"),
  after_kong: N_("Won on the tile drawn after a kong"), robbing_kong: N_("Won by robbing a kong"),
  first_turn: N_("Won on the first turn, no call made") };
const PAYS = [["from_discarder", N_("{n} from the discarder")], ["dealer_pays", N_("{n} from the dealer")],
  ["others_pay", N_("{n} from each other player")]];

const said = (table, name) => (table[name] ? w(table[name]) : String(name).replaceAll("_", " "));
/* A limit the service names (`mangan`...) in words. */
export const limitWords = (name) => said(LIMITS, name);

/* The answer to "What does this hand score?" drawn into `box`. */
export function showScore(box, set, answer) {
  const head = el("strong", { text: answer.valid ? w("It scores") : w("It does not score") });
  if (!answer.valid) {
    box.replaceChildren(head, el("ul", {}, answer.violations.map((v) => el("li", { text: v.message }))));
    return finish(box, false);
  }
  const s = answer.score;
  const faan = s.faan !== null && s.faan !== undefined;
  const value = faan ? w("{n} faan", { n: s.faan }) : s.fu ? w("{han} han, {fu} fu", { han: s.han, fu: s.fu }) : w("{n} han", { n: s.han });
  const lines = [s.limit ? w("{value}: {limit}", { value, limit: said(LIMITS, s.limit) }) : value, pointsWords(s.points)];
  const patterns = s.patterns.map((p) => (faan ? w("{words}: {n} faan", { words: p.words, n: p.value })
    : w("{words}: {n} han", { words: p.words, n: p.value })));
  if (s.dora) patterns.push(w("Dora: {n} han", { n: s.dora }));
  const parts = (s.fu_parts || []).map((p) => w("{part}: {fu} fu", { part: said(FU_PARTS, p.item), fu: p.fu }));
  box.replaceChildren(head,
    el("ul", { class: "mj-score" }, lines.map((l) => el("li", { text: l }))),
    el("p", { class: "mj-sub", text: faan ? w("Patterns") : w("Yaku") }),
    el("ul", { class: "mj-patterns" }, patterns.map((l) => el("li", { text: l }))),
    parts.length ? el("p", { class: "mj-sub", text: w("Fu (before rounding up)") }) : null,
    parts.length ? el("ul", { class: "mj-fu" }, parts.map((l) => el("li", { text: l }))) : null,
    el("p", { class: "mj-sub", text: w("The hand read as") }),
    el("div", { class: "mj-arrangement" }, s.arrangement.map((group) => tileRow(set, group))));
  return finish(box, true);
}

/* What the winner receives, in words: the total, then who pays what. */
export function pointsWords(points) {
  const paid = PAYS.filter(([key]) => points[key] !== undefined).map(([key, words]) => w(words, { n: points[key] }));
  const total = w("{n} points in all", { n: points.total });
  return paid.length ? w("{total}: {paid}", { total, paid: paid.join(", ") }) : total;
}

/* The answer to "What am I waiting on?" drawn into `box`. */
export function showWaits(box, set, answer) {
  if (!answer.valid) {
    box.replaceChildren(el("strong", { text: w("Not waiting yet") }), el("ul", {}, answer.violations.map((v) => el("li", { text: v.message }))));
    return finish(box, false);
  }
  box.replaceChildren(el("strong", { text: w("Ready: one tile from winning") }),
    el("ul", { class: "mj-waits" }, answer.waits.map((wait) => el("li", { "data-tile": wait.tile, "data-scores": String(wait.scores) },
      tileRow(set, [wait.tile]), " ", wait.scores ? w("{tile}: it scores", { tile: tileWords(set, wait.tile) })
        : w("{tile}: it would not score (won by a discard)", { tile: tileWords(set, wait.tile) })))));
  return finish(box, true);
}

function finish(box, yes) {
  box.hidden = false;
  box.className = `verdict ${yes ? "yes" : "no"}`;
  return box;
}
