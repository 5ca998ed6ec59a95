/* What the round's form holds, kept on this phone as it is typed (localStorage), so that a
   reload, or a phone that closed the page, finds the entry as it was left: every control's value,
   and what the parts that keep their own state hold (a tile board, a card picker: the form's
   `draftParts`, each `{key, get, set}`). A draft is for one round of one game (`round`): the form
   of another round drops it, and so does an entry kept to be sent (it is in the outbox then). */
const STORE = "referee.drafts";

const toggled = (control) => control.type === "checkbox" || control.type === "radio";
const keyOf = (control) => control.id || (control.name ? `${control.name}=${toggled(control) ? control.value : ""}` : "");

function all() {
  try {
    const drafts = JSON.parse(localStorage.getItem(STORE) || "{}");
    return drafts && typeof drafts === "object" ? drafts : {};
  } catch (error) {
    return {};
  }
}

function save(drafts) {
  try {
    localStorage.setItem(STORE, JSON.stringify(drafts));
  } catch (error) {
    // storage full or refused: the form works on, only not kept
  }
}

function read(form) {
  const values = {};
  for (const control of form.querySelectorAll("input, select, textarea")) {
    const key = keyOf(control);
    if (key) values[key] = toggled(control) ? control.checked : control.value;
  }
  return { values, parts: Object.fromEntries((form.draftParts || []).map((part) => [part.key, part.get()])) };
}

/* Puts a draft back: the parts first (a board fills the choices that depend on it), then each
   control, told as if the table had changed it, so that what hangs on it follows. */
function restore(form, draft) {
  for (const part of form.draftParts || []) if (part.key in draft.parts) part.set(draft.parts[part.key]);
  for (const control of form.querySelectorAll("input, select, textarea")) {
    const key = keyOf(control);
    if (!key || !(key in draft.values)) continue;
    const value = draft.values[key];
    if (toggled(control) ? control.checked === value : control.value === value) continue;
    if (control.type === "radio" && !value) continue;  // a radio is unchecked by checking another
    if (toggled(control)) control.checked = value;
    else control.value = value;
    control.dispatchEvent(new Event("input", { bubbles: true }));
    control.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

/* Keeps `form` as it is typed for game `id`'s `round`, after putting back what was kept for it. */
export function keepDraft(form, id, round) {
  const draft = all()[id];
  if (draft && draft.round === round) restore(form, draft);
  else if (draft) dropDraft(id);
  form.draftKeep = () => {
    const drafts = all();
    drafts[id] = { round, ...read(form) };
    save(drafts);
  };
  if (form.draftListens) return;  // the same form, drawn again for another round
  form.draftListens = true;
  form.addEventListener("input", () => form.draftKeep());
  form.addEventListener("change", () => form.draftKeep());
  form.addEventListener("click", () => setTimeout(() => form.draftKeep()));  // a tile or card tapped changes no control
}

export function dropDraft(id) {
  const drafts = all();
  if (!(id in drafts)) return;
  delete drafts[id];
  save(drafts);
}
