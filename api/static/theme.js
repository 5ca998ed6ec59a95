/* The page's colours: the phone's own (prefers-color-scheme), unless the header's switch chose
   the other one on this phone (localStorage); the switch shows which is in use. */
import { w } from "./words.js";
import { $ } from "./dom.js";

const KEY = "referee.theme";
const night = matchMedia("(prefers-color-scheme: dark)");

function chosen() {
  try {
    const theme = localStorage.getItem(KEY);
    return theme === "dark" || theme === "light" ? theme : null;
  } catch (error) {
    return null;
  }
}

const phones = () => (night.matches ? "dark" : "light");
const inUse = () => chosen() || phones();

function apply() {
  const theme = chosen();
  if (theme) document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
  $("theme")?.setAttribute("aria-pressed", String(inUse() === "dark"));
}

/* A switch to the other colours; back to the phone's own, the choice is forgotten. */
function toggle() {
  const next = inUse() === "dark" ? "light" : "dark";
  try {
    if (next === phones()) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, next);
  } catch (error) {
    // storage refused: the colours change for this page only
    document.documentElement.dataset.theme = next;
  }
  apply();
}

export function initTheme() {
  apply();
  night.addEventListener("change", apply);
  const button = $("theme");
  if (!button) return;
  button.setAttribute("aria-label", w("Dark mode"));
  button.addEventListener("click", toggle);
  button.hidden = false;
}
