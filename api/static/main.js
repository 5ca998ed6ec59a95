/* The table's page: the score sheet and the referee, through the public /v1 API only.
   The token that may change a game stays on the device that has it (localStorage), never in
   a link unless the scorer hands it over on purpose. This module starts the page it finds. */
import { w } from "./words.js";
import { $, el, show } from "./dom.js";
import { forgetGame } from "./kept.js";
import { initKept, initNewGame, initHouseKept } from "./home.js";
import { initGame } from "./game.js";
import { initTheme } from "./theme.js";
import { initInstall } from "./install.js";
import { initAsk } from "./ask.js";
import { initHouse } from "./house.js";

/* The language switch: remembered (a cookie the service reads, and this device's storage). */
function initLanguage() {
  const select = $("language");
  if (!select) return;
  select.setAttribute("aria-label", w("Language"));
  select.addEventListener("change", () => {
    document.cookie = `lang=${select.value}; path=/; max-age=31536000; SameSite=Lax`;
    localStorage.setItem("referee.lang", select.value);
    location.reload();
  });
}

initTheme();  // the colours first, before anything is drawn

document.addEventListener("DOMContentLoaded", () => {
  initLanguage();
  initInstall();
  if ($("new-game")) initNewGame();
  if ($("kept")) initKept();
  if ($("house-kept")) initHouseKept();
  const missing = document.querySelector("[data-page=missing]");
  if (missing && forgetGame(missing.dataset.game)) {
    missing.after(el("p", { class: "notice", role: "status", text: w("It was taken off this phone's list of games.") }));
  }
  const root = document.querySelector("[data-page=game]");
  const ask = document.querySelector("[data-page=referee]");
  if (ask) initAsk(ask).catch((error) => show("page-error", w("The page could not load the ruleset: {error}", { error: error.message })));
  const house = document.querySelector("[data-page=house]");
  if (house) initHouse(house).catch((error) => show("page-error", w("The page could not load the ruleset: {error}", { error: error.message })));
  if (root) initGame(root).catch((error) => show("page-error", w("The page could not load the game: {error}", { error: error.message })));
});
