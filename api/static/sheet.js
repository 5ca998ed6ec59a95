/* The score sheet: standings, teams, the chart, the rounds table and its CSV download. */
import { w } from "./words.js";
import { $, el, show } from "./dom.js";
import { game, isLayout, perPlayer, phaseOf, allMade, teamsOf, teamName } from "./state.js";
import { isMahjong, handLines, roundName, windColumn } from "./mjsheet.js";

const COLOURS = ["#0b5d3b", "#a4161a", "#1d4e89", "#7b2cbf", "#b5651d", "#2a9d8f", "#6c757d", "#e76f51"];

/* The sheet as the service writes it in CSV, saved as a file. */
export async function download() {
  const response = await fetch(`/v1/games/${encodeURIComponent(game.id)}?lang=${document.documentElement.lang || "en"}`,
    { headers: { Accept: "text/csv" }, cache: "no-store" }).catch(() => null);
  if (!response || !response.ok) {
    show("page-error", w("The service answered {status}.", { status: response ? response.status : "—" }));
    return;
  }
  const link = el("a", { href: URL.createObjectURL(await response.blob()),
    download: `${game.sheet.ruleset}-${game.id}.csv` });
  document.body.append(link);
  link.click();
  link.remove();
}

/* The sheet round by round, as the CSV has it: each round's points (layout games: the layout
   sizes after the deal), then the totals; a Mahjong game's hands after what each player started
   with, and the end's reckoning (the sticks left, uma, oka), so each column adds up. */
export function renderRounds() {
  const sheet = game.sheet;
  const names = sheet.players.map((p) => p.name);
  const cell = (r, n) => {
    if (isLayout()) return r.standing[n];
    const points = r.points || {};
    return n in points ? points[n] : (n === r.went_out ? 0 : "");
  };
  const table = $("rounds-table");
  const teams = teamsOf();  // a column a team after the players', as the CSV has it
  const head = el("tr", {}, el("th", { scope: "col", text: isLayout() ? w("Deal") : isMahjong() ? w("Hand") : w("Round") }),
    names.map((n) => el("th", { scope: "col", class: "num", text: n })),
    teams.map((team) => el("th", { scope: "col", class: "num team", text: teamName(team) })));
  const width = 1 + names.length + teams.length;
  const line = (r, label, said) => {
    const parts = partsRow(r, names, width);
    const name = parts
      ? el("button", { type: "button", class: "link", "aria-expanded": "false", "aria-controls": `parts-${r.number}`,
        "aria-label": said, text: label,
        onclick: (event) => {
          const open = parts.hidden;
          parts.hidden = !open;
          event.currentTarget.setAttribute("aria-expanded", String(open));
        } })
      : label;
    return [el("tr", {}, el("th", { scope: "row" }, name),
      names.map((n) => el("td", { class: "num", text: String(cell(r, n)) })),
      teams.map((_, i) => el("td", { class: "num team", text: String((r.team_points || [])[i] ?? "") }))),
    parts].filter(Boolean);
  };
  const started = isMahjong() && sheet.mahjong ? [el("tr", { class: "start" }, el("th", { scope: "row", text: w("Start") }),
    names.map(() => el("td", { class: "num", text: String(sheet.mahjong.starting_points) })))] : [];
  const rows = sheet.rounds.flatMap((r) => line(r, roundName(r), w("What round {n}'s points were made of", { n: r.number })));
  const end = sheet.reckoning;  // the end's reckoning, as the service gives it
  const ended = end ? line({ number: "end", breakdown: end.breakdown, points: end.points }, w("End"),
    w("What the end's reckoning was made of")) : [];
  const totals = el("tr", { class: "total" }, el("th", { scope: "row", text: w("Total") }),
    sheet.players.map((p) => el("td", { class: "num", text: String(isLayout() ? p.layout_size : p.score) })),
    teams.map((team) => el("td", { class: "num team", text: String(team.score) })));
  table.replaceChildren(table.querySelector("caption"), el("thead", {}, head),
    el("tbody", {}, started, rows, ended), el("tfoot", {}, totals));
}

/* A round's parts, hidden under its line until its number is tapped: each player's points as
   the service's breakdown names them ("natural canastas ×1: 500"), which add up to the points;
   a Mahjong hand's wins in words above them. */
function partsRow(r, names, width) {
  const breakdown = r.breakdown || {};
  const hand = isMahjong() ? handLines(r) : [];
  if (!hand.length && !names.some((n) => (breakdown[n] || []).length)) return null;
  const said = (part) => {
    const what = part.count ? `${part.words} ×${part.count}` : part.cards && part.cards.length
      ? `${part.words} (${part.cards.join(" ")})` : part.words;
    return `${what}: ${String(part.points).replace("-", "−")}`;
  };
  const lines = names.filter((n) => (breakdown[n] || []).length).map((n) => el("li", {},
    el("strong", { text: `${n}: ` }), `${breakdown[n].map(said).join(" + ")} = ${String((r.points || {})[n] ?? 0).replace("-", "−")}`));
  const row = el("tr", { class: "parts", id: `parts-${r.number}` }, el("td", { colspan: String(width) },
    el("ul", {}, hand.map((line) => el("li", { class: "hand", text: line })), lines)));
  row.hidden = true;
  return row;
}

/* The service's standings, by player name (a game of players) or by team (their players joined). */
function standingOf(key) {
  return (game.sheet.standings || []).find((s) => (s.name ?? (s.players || []).join("+")) === key);
}

/* Rows in the order the service gives the standings (the way the game is won); seating order
   for any it does not name. */
function inStandingOrder(rows, key) {
  const order = (game.sheet.standings || []).map((s) => s.name ?? (s.players || []).join("+"));
  const at = (row) => (order.includes(key(row)) ? order.indexOf(key(row)) : order.length);
  return rows.map((row, seat) => [row, seat]).sort((a, b) => at(a[0]) - at(b[0]) || a[1] - b[1]).map(([row]) => row);
}

export function renderStandings() {
  const sheet = game.sheet;
  const ranked = !teamsOf().length;  // in a team game the teams carry the rank, above
  const players = ranked ? inStandingOrder(sheet.players, (p) => p.name) : sheet.players;
  const columns = [[w("Player"), (p) => p.name, false], [isLayout() ? w("Layout") : w("Score"), (p) => (isLayout() ? p.layout_size : p.score), true, "score"]];
  if (ranked && sheet.standings) {
    columns.unshift([w("Rank"), (p) => standingOf(p.name)?.rank ?? "", true, "rank"]);
    columns.push([w("Behind"), (p) => standingOf(p.name)?.behind || "", true, "behind"]);
  }
  if (windColumn()) columns.splice(ranked && sheet.standings ? 2 : 1, 0, windColumn());
  if (perPlayer() && players.some((p) => phaseOf(p) !== null)) {
    columns.splice(1, 0, [w("Phase"), (p) => (allMade(p) ? `${phaseOf(p)} ✓` : phaseOf(p)), true]);
  }
  if (players.some((p) => p.eliminated) || (game.ruleset.game || {}).buy_back) columns.push([w("Out"), (p) => (p.eliminated ? w("out") : ""), false]);
  if ((game.ruleset.game || {}).buy_back) columns.push([w("Buy-backs"), (p) => p.buy_backs, true]);
  if (players.some((p) => p.pennies_paid)) columns.push([w("Pennies"), (p) => p.pennies_paid, true]);
  if (players.some((p) => p.buys_left !== null)) columns.push([w("Buys left"), (p) => p.buys_left, true]);
  const table = $("standings");
  const head = el("tr", {}, columns.map(([name, , num]) => el("th", { scope: "col", class: num ? "num" : null, text: name })));
  const rows = players.map((p) => el("tr", { class: `${p.eliminated ? "out" : ""} ${p.name === sheet.dealer && sheet.status === "in_progress" ? "dealer" : ""}`.trim() || null },
    columns.map(([name, value, num, kind]) => el(name === w("Player") ? "th" : "td", { scope: name === w("Player") ? "row" : null,
      class: [num ? "num" : null, kind].filter(Boolean).join(" ") || null, text: String(value(p) ?? "") }))));
  table.replaceChildren(table.querySelector("caption"), el("thead", {}, head), el("tbody", {}, rows));
  $("ends").textContent = (sheet.ends || {}).words || "";
  renderTeams();
  $("pot").textContent = !sheet.pot ? "" : isMahjong() ? w("Riichi sticks on the table: {pot} points", { pot: sheet.pot })
    : w("Pot: {pot}", { pot: sheet.pot });
}

/* Each team and its score, above the players' own lines (the winning team marked). */
function renderTeams() {
  const teams = teamsOf();
  $("teams-box").hidden = !teams.length;
  if (!teams.length) return;
  const won = new Set([].concat(game.sheet.winning_team ?? []));
  const table = $("team-standings");
  const key = (team) => team.players.join("+");
  const ordered = inStandingOrder(teams.map((team, i) => ({ team, i })), ({ team }) => key(team));
  table.replaceChildren(table.querySelector("caption"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", class: "num", text: w("Rank") }), el("th", { scope: "col", text: w("Team") }),
      el("th", { scope: "col", class: "num", text: w("Score") }), el("th", { scope: "col", class: "num", text: w("Behind") }))),
    el("tbody", {}, ordered.map(({ team, i }) => el("tr", { class: won.has(i) ? "won" : null, "data-team": String(i) },
      el("td", { class: "num rank", text: String(standingOf(key(team))?.rank ?? "") }),
      el("th", { scope: "row", text: teamName(team) }), el("td", { class: "num score", text: String(team.score) }),
      el("td", { class: "num behind", text: String(standingOf(key(team))?.behind || "") })))));
}

/* Scores (or layout sizes) round by round, drawn as SVG: one line a player. Each round reports
   the standing right after it; the start is the first standing less the first round's points. */
function series() {
  const sheet = game.sheet;
  const names = sheet.players.map((p) => p.name);
  const first = sheet.rounds[0];
  const start = (n) => {
    if (isLayout()) return ((game.ruleset.layout || {}).slots || []).length || 10;
    if (!first) return sheet.players.find((p) => p.name === n).score;
    return first.standing[n] - ((first.points || {})[n] || 0);
  };
  const lines = Object.fromEntries(names.map((n) => [n, [start(n), ...sheet.rounds.map((r) => r.standing[n])]]));
  if (!teamsOf().length) return lines;
  // In a team game the target is a team's: one line a team, its players' scores added.
  return Object.fromEntries(teamsOf().map((team) => [teamName(team),
    lines[team.players[0]].map((_, r) => team.players.reduce((sum, n) => sum + lines[n][r], 0))]));
}

export function renderChart() {
  const lines = series();
  const names = Object.keys(lines);
  const rounds = game.sheet.rounds.length;
  const end = (game.ruleset.game || {}).end || {};
  const limit = isLayout() ? null : end.elimination || end.target || null;
  const values = names.flatMap((n) => lines[n]).concat(limit === null ? [] : [limit]);
  const top = Math.max(1, ...values);
  const bottom = Math.min(0, ...values);
  const W = 320, H = 160, pad = 24;
  // The value axis's labels right-aligned left of it: room for the longest (Canasta's
  // thousands, a score below zero), about 6 units a character at the 10px text.
  const left = Math.max(pad, 6 * Math.max(String(top).length, String(bottom).length) + 6);
  const x = (i) => left + (rounds ? (i * (W - left - pad)) / rounds : 0);
  const y = (v) => H - pad - ((v - bottom) * (H - 2 * pad)) / (top - bottom || 1);
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("role", "img");
  const what = isLayout() ? w("Layout sizes after each deal")
    : teamsOf().length ? w("Team scores after each round") : w("Scores after each round");
  svg.setAttribute("aria-label", what);
  const line = (x1, y1, x2, y2, colour, dash) => {
    const l = document.createElementNS(ns, "line");
    Object.entries({ x1, y1, x2, y2, stroke: colour, "stroke-width": 1 }).forEach(([k, v]) => l.setAttribute(k, v));
    if (dash) l.setAttribute("stroke-dasharray", "4 3");
    svg.append(l);
  };
  const text = (tx, ty, words, anchor = "middle", colour = null) => {
    const t = document.createElementNS(ns, "text");
    t.setAttribute("x", tx); t.setAttribute("y", ty); t.setAttribute("text-anchor", anchor);
    if (colour) t.setAttribute("style", `fill:${colour}`);
    t.textContent = words;
    svg.append(t);
  };
  line(left, H - pad, W - pad, H - pad, "#999");
  line(left, pad, left, H - pad, "#999");
  text(left - 3, y(top) + 3, String(top), "end");
  text(left - 3, y(bottom) + 3, String(bottom), "end");
  if (bottom < 0 && top > 0) {  // scores below zero: where zero is
    line(left, y(0), W - pad, y(0), "#ccc");
    svg.lastChild.setAttribute("class", "zero");
    text(left - 3, y(0) + 3, "0", "end");
  }
  const step = Math.max(1, Math.ceil(rounds / 10));
  for (let r = 0; r <= rounds; r += step) text(x(r), H - pad + 12, String(r));
  if (limit !== null) line(left, y(limit), W - pad, y(limit), "#a4161a", true);
  names.forEach((n, i) => {
    const p = document.createElementNS(ns, "polyline");
    p.setAttribute("points", lines[n].map((v, r) => `${x(r)},${y(v)}`).join(" "));
    p.setAttribute("fill", "none");
    p.setAttribute("stroke", COLOURS[i % COLOURS.length]);
    p.setAttribute("stroke-width", "2");
    const title = document.createElementNS(ns, "title");
    title.textContent = `${n}: ${lines[n].join(", ")}`;
    p.append(title);
    svg.append(p);
  });
  if (limit !== null) {  // the line's words last, on a light band, so no player's line covers them
    text(left + 2, y(limit) - 3, end.elimination ? w("out at {n}", { n: limit }) : w("game at {n}", { n: limit }), "start", "#a4161a");
    svg.lastChild.setAttribute("paint-order", "stroke");
    svg.lastChild.setAttribute("stroke", "#fff");
    svg.lastChild.setAttribute("stroke-width", "3");
  }
  const now = Object.fromEntries(game.sheet.players.map((p) => [p.name, isLayout() ? p.layout_size : p.score])
    .concat(teamsOf().map((team) => [teamName(team), team.score])));
  $("chart").replaceChildren(svg, el("ul", { class: "legend" }, names.map((n, i) => el("li", {},
    el("span", { style: `background:${COLOURS[i % COLOURS.length]}`, "aria-hidden": "true" }), `${n}: ${now[n]}`))));
  $("chart-caption").textContent = limit === null ? w("{what}.", { what })
    : (end.elimination ? w("{what}; the dashed line puts a player out.", { what }) : w("{what}; the dashed line ends the game.", { what }));
}
