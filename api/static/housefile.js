/* A house rule's file: its problems listed with their line and column (a tap puts the cursor
   there), and the file copied or shared (a file where the phone shares files, else downloaded). */
import { w } from "./words.js";
import { el } from "./dom.js";

/* A problem in a sentence with where it is in the file. */
export function whereText(e) {
  return e.line ? w("{message} (line {line}, column {column})", { message: e.message, line: e.line, column: e.column || 1 })
    : e.message;
}

export function problemList(list, text, errors) {
  list.replaceChildren(...errors.map((e) => el("li", {}, e.line ? el("button", { type: "button", class: "link",
    onclick: () => {
      const lines = text.value.split("\n");
      const at = lines.slice(0, e.line - 1).reduce((n, line) => n + line.length + 1, 0) + Math.max(0, (e.column || 1) - 1);
      text.focus();
      text.setSelectionRange(at, at);
    } }, whereText(e)) : whereText(e))));
  if (errors.length) text.setAttribute("aria-invalid", "true");
  else text.removeAttribute("aria-invalid");
}

/* Copy and Share buttons: `yaml()` the file, `name()` what it is called (its id). */
export function initFile(yaml, name) {
  const said = document.getElementById("house-file-note");
  document.getElementById("house-copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(yaml());
      said.textContent = w("The file is copied.");
    } catch (error) {
      const box = document.getElementById("house-yaml");
      box.focus();
      box.select();
      said.textContent = w("The file is selected: copy it with the phone's menu.");
    }
  });
  document.getElementById("house-share").addEventListener("click", async () => {
    const file = new File([yaml()], `${name()}.yaml`, { type: "text/plain" });
    if (navigator.canShare && navigator.canShare({ files: [file] })) {
      try {
        await navigator.share({ files: [file], title: name() });
        return;
      } catch (error) {
        if (error.name === "AbortError") return;  // closed on purpose
      }
    }
    const link = el("a", { href: URL.createObjectURL(new Blob([yaml()], { type: "application/yaml" })), download: `${name()}.yaml` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    said.textContent = w("The file is downloaded.");
  });
}
