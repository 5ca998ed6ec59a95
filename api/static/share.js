/* A button beside a link the page shows: Share (the Web Share API) where the browser has it,
   else Copy (not a secure context): the link copied to the clipboard where the page may write
   it, else selected for the phone's own menu; a word says which. */
import { w } from "./words.js";
import { el } from "./dom.js";

async function copy(input, said) {
  try {
    await navigator.clipboard.writeText(input.value);
    said.textContent = w("The link is copied.");
    return;
  } catch (error) {
    // no clipboard here (plain HTTP): the link is selected instead
  }
  input.focus();
  input.setSelectionRange(0, input.value.length);
  said.textContent = w("The link is selected: copy it with the phone's menu.");
}

async function share(input, said) {
  said.textContent = "";
  try {
    await navigator.share({ title: document.title, url: input.value });
  } catch (error) {
    if (error.name !== "AbortError") await copy(input, said);  // closed on purpose: nothing to say
  }
}

/* The button (and its word) put after the link's box; `name` says which link, for a screen reader. */
export function shareButton(input, name) {
  const said = el("span", { class: "hint", role: "status" });
  const shares = typeof navigator.share === "function";
  const button = el("button", { type: "button", class: "secondary", "aria-label": shares ? w("Share: {link}", { link: name })
    : w("Copy: {link}", { link: name }), onclick: () => (shares ? share(input, said) : copy(input, said)) },
  shares ? w("Share") : w("Copy"));
  input.after(el("span", { class: "share-link" }, button, " ", said));
}
