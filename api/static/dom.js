/* The page's elements: found by id, made from a tag and its attributes, sentences shown in
   them, and the referee's verdict. */
import { w } from "./words.js";

export const $ = (id) => document.getElementById(id);

export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

export function show(id, text) {
  const node = $(id);
  node.textContent = text || "";
  node.hidden = !text;
  if (text && node.classList.contains("error")) node.scrollIntoView({ block: "center" });
}

/* A sentence for the table after a write, read out by screen readers, focus moved to it. */
export function notice(text) {
  const node = $("notice");
  node.textContent = text;
  node.hidden = !text;
  if (text) node.focus();
}

export function showVerdict(node, valid, lines) {
  node.hidden = false;
  node.className = `verdict ${valid ? "yes" : "no"}`;
  node.replaceChildren(el("strong", { text: valid ? w("Legal") : w("Not legal") }), el("ul", {}, lines.map((l) => el("li", { text: l }))));
}
