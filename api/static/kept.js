/* The games this phone has opened (localStorage): id, the game's name, the players, when last
   seen, and whether this phone keeps the score; newest first. */
const KEPT = "referee.games";
const KEPT_MOST = 30;

export function keptGames() {
  try {
    const list = JSON.parse(localStorage.getItem(KEPT) || "[]");
    return Array.isArray(list) ? list.filter((g) => g && typeof g.id === "string") : [];
  } catch (error) {
    return [];
  }
}

export function keepGame(entry) {
  const list = [entry, ...keptGames().filter((g) => g.id !== entry.id)].slice(0, KEPT_MOST);
  try {
    localStorage.setItem(KEPT, JSON.stringify(list));
  } catch (error) {
    // storage full or refused (a private window): the game plays on, only not listed
  }
}

/* Take a game off the list (and its token: the game is gone); whether it was on it. */
export function forgetGame(id) {
  const list = keptGames();
  localStorage.setItem(KEPT, JSON.stringify(list.filter((g) => g.id !== id)));
  localStorage.removeItem(`referee.token.${id}`);
  return list.some((g) => g.id === id);
}

/* Take a game off the list by hand: what was taken (the entry, its place, its token), so that an
   undo puts it back as it was. */
export function dropGame(id) {
  const list = keptGames();
  const at = list.findIndex((g) => g.id === id);
  const taken = { entry: list[at], at, token: localStorage.getItem(`referee.token.${id}`) };
  forgetGame(id);
  return taken;
}

export function restoreGame({ entry, at, token }) {
  if (!entry) return;
  const list = keptGames().filter((g) => g.id !== entry.id);
  list.splice(Math.max(0, at), 0, entry);
  try {
    localStorage.setItem(KEPT, JSON.stringify(list.slice(0, KEPT_MOST)));
    if (token) localStorage.setItem(`referee.token.${entry.id}`, token);
  } catch (error) {
    // storage refused: the game stays off the list
  }
}

/* The house rules this phone stored (localStorage): id and name, with the token that may change
   or delete each; newest first. Another phone has no token, so it reads them only. */
const HOUSE = "referee.house-rules";

export function keptRules() {
  try {
    const list = JSON.parse(localStorage.getItem(HOUSE) || "[]");
    return Array.isArray(list) ? list.filter((r) => r && typeof r.id === "string" && typeof r.token === "string") : [];
  } catch (error) {
    return [];
  }
}

export const ruleToken = (id) => (keptRules().find((r) => r.id === id) || {}).token || null;

export function keepRule(entry) {
  try {
    localStorage.setItem(HOUSE, JSON.stringify([entry, ...keptRules().filter((r) => r.id !== entry.id)].slice(0, KEPT_MOST)));
  } catch (error) {
    // storage refused: the rule is stored, only this phone cannot change it later
  }
}

export function forgetRule(id) {
  localStorage.setItem(HOUSE, JSON.stringify(keptRules().filter((r) => r.id !== id)));
}
