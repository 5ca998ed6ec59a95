/* The game this page shows, shared by the modules that draw it: the sheet, its ruleset, the
   round's rules, this phone's token; and a few facts about it the page reads often. */
import { w } from "./words.js";
import { call } from "./api.js";

export const game = { id: "", token: null, sheet: null, etag: null, ruleset: null, round: null, tools: null, wild: "",
  undone: null, draft: null };

export const isLayout = () => game.ruleset.family === "layout";
/* Contracts held by each player (Phase 10): each player works on a phase of their own. */
export const perPlayer = () => game.ruleset.contracts === "per_player";

/* A player's phase as the game gives it (`phase` on each player); null where it gives none. */
export const phaseOf = (p) => (p && Number.isInteger(p.phase) ? p.phase : null);
/* Whether a player has made every phase (the game keeps `phase` at the last one then). */
export const allMade = (p) => Number.isInteger(p.phases_completed) && p.phases_completed >= (game.ruleset.phases || []).length;
export const canWrite = () => Boolean(game.token) && game.sheet.status === "in_progress";
/* Partners who score together: the game's `teams` (each with its players and score), or none. */
export const teamsOf = () => (Array.isArray(game.sheet.teams) ? game.sheet.teams : []);
export const teamName = (team) => team.players.join(" + ");
export const both = (names) => (names.length > 1 ? w("{first} and {second}", { first: names.slice(0, -1).join(", "), second: names.at(-1) })
  : names.join(""));

/* Draws the page anew from the game's sheet (the game's page sets how: `onSheet`); a write
   calls it with the sheet the service answers. */
let redraw = async () => {};
export const onSheet = (draw) => { redraw = draw; };
export const sheetChanged = (sheet, etag) => redraw(sheet, etag);

/* One of the referee's checks (`melds/check`, `placements/check`, ...): of the sheet's ruleset,
   or of a house rule's draft not stored yet (`game.draft`, its YAML), which the service judges
   as it would judge it stored. */
export function askCheck(path, body) {
  if (game.draft) return call("POST", `/v1/rulesets/draft/${path}`, { ...body, ruleset: game.draft });
  return call("POST", `/v1/rulesets/${encodeURIComponent(game.sheet.ruleset)}/${path}`, body);
}
