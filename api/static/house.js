/* The "House rule" screen (`/rulesets/new?from=garbage`, `/rulesets/{id}/edit`): a table writes
   its own variant of a game as a form made from the ruleset's schema or as YAML (each follows
   the other), sees at once what it changes, tries it with the referee, saves it, and later
   changes or deletes it from the phone that saved it (its token, kept on this phone). */
import { w } from "./words.js";
import { $, el, show, notice } from "./dom.js";
import { call, problemText } from "./api.js";
import { deckOf } from "./cards.js";
import { game } from "./state.js";
import { askAbout } from "./ask.js";
import { draftOf, toYaml, withValue } from "./draft.js";
import { schemaForm } from "./schemaform.js";
import { keepRule, ruleToken, forgetRule } from "./kept.js";
import { initFile, whereText, problemList } from "./housefile.js";

const WAIT = 350;  // ms after the last change before the draft is judged: typing is never held up
const OWN_WORDS = ["summary", "source", "notes"];  // what a file may say of itself beside its rules
const h = { from: "", stored: null, token: null, readOnly: false, schema: null, base: null, values: null, yaml: "",
  extra: {}, form: null, seq: 0, timer: null };
const enc = encodeURIComponent;
const draftKey = () => `referee.house-draft.${h.stored || `new:${h.from}`}`;

export async function initHouse(root) {
  h.from = root.dataset.from;
  h.stored = root.dataset.ruleset || null;
  const [schema, base, list, stored] = await Promise.all([call("GET", "/v1/schemas/ruleset.json"),
    call("GET", `/v1/rulesets/${enc(h.from)}`), call("GET", "/v1/rulesets"),
    h.stored ? call("GET", `/v1/rulesets/${enc(h.stored)}`) : null]);
  const failed = [schema, base, stored].find((a) => a && !a.ok);
  if (failed) { show("page-error", problemText(failed)); return; }
  h.schema = schema.data;
  h.base = base.data;
  h.token = h.stored ? ruleToken(h.stored) : null;
  h.readOnly = Boolean(h.stored) && !h.token;
  h.values = structuredClone((stored || base).data);
  const taken = new Set(list.ok ? list.data.rulesets.map((r) => r.id) : []);  // offline: the service says at saving
  $("house-id").value = h.stored || freeId(h.from, taken);
  $("house-name").value = stored ? stored.data.name : w("{game}, our house rule", { game: base.data.name });
  const deck = deckOf(base.data);
  h.form = schemaForm(h.schema, base.data.family, { ranks: [...deck.ranks, ...(deck.jokers ? ["JOKER"] : [])],
    readOnly: h.readOnly, change: changed });
  $("house-form").replaceChildren(h.form.element);
  h.form.draw(h.values);
  initControls();
  showChanges([]);
  delete root.dataset.loading;  // drawn whole at once: nothing moves under the reader's eyes
  h.yaml = toYaml(draftOf(head(), h.base, h.values));
  const kept = h.readOnly ? null : localStorage.getItem(draftKey());
  $("house-yaml").value = kept || h.yaml;
  if (kept && kept !== h.yaml) {
    h.yaml = kept;
    notice(navigator.onLine === false
      ? w("The draft typed before on this phone is back, in the file below; the form follows it once the service answers.")
      : w("The draft typed before on this phone is back."));
    await judge(true);
  } else if (h.stored) {
    const changes = await call("GET", `/v1/rulesets/${enc(h.stored)}/changes`);
    if (changes.ok) showChanges(changes.data.changes);
  } else {
    await judge(false);
  }
  // Another phone's rule is asked as stored; this phone's draft before it is stored.
  game.draft = h.readOnly ? null : h.yaml;
  await askAbout(game.ruleset || h.values, h.readOnly ? stored.data : h.base);
}

/* `garbage-house`, else `garbage-house-2`...: the first id no ruleset here has. */
function freeId(from, taken) {
  let id = `${from}-house`;
  for (let n = 2; taken.has(id); n += 1) id = `${from}-house-${n}`;
  return id;
}

const head = () => ({ id: $("house-id").value.trim(), name: $("house-name").value.trim(), from: h.from, extra: h.extra });

function initControls() {
  const [id, name, yaml] = [$("house-id"), $("house-name"), $("house-yaml")];
  if (h.readOnly) {
    $("house-readonly").hidden = false;
    for (const node of [id, name, yaml]) node.readOnly = true;
    $("house-save").hidden = true;
  } else {
    id.readOnly = Boolean(h.stored);  // a stored rule keeps its id (a new one is another rule)
    id.addEventListener("input", written);
    name.addEventListener("input", written);
    yaml.addEventListener("input", () => { h.yaml = yaml.value; keep(); later(true); });
    $("house-save").addEventListener("click", save);
    $("house-delete").addEventListener("click", () => { $("house-delete-confirm").hidden = false; $("house-delete-yes").focus(); });
    $("house-delete-no").addEventListener("click", () => { $("house-delete-confirm").hidden = true; $("house-delete").focus(); });
    $("house-delete-yes").addEventListener("click", remove);
  }
  saved(Boolean(h.token));
  initFile(() => h.yaml, () => $("house-id").value.trim() || h.from);
  window.addEventListener("referee:reach", (event) => {
    $("house-offline").hidden = event.detail;
    if (!event.detail) {
      $("house-offline").textContent = w("No connection: this screen needs it to check and save the house rule. What you typed is kept on this phone.");
    }
  });
  window.addEventListener("online", () => later(false));
}

/* A change in the form: the values, the file written anew, the draft judged after a pause. */
function changed(path, value, typed) {
  h.values = withValue(h.values, path, value);
  if (!typed) h.form.draw(h.values);
  written();
}

function written() {
  h.yaml = toYaml(draftOf(head(), h.base, h.values));
  $("house-yaml").value = h.yaml;
  keep();
  later(false);
}

function keep() {
  try {
    localStorage.setItem(draftKey(), h.yaml);
  } catch (error) {
    // storage refused: the draft stays on the screen only
  }
}

function later(fromYaml) {
  clearTimeout(h.timer);
  h.timer = setTimeout(() => judge(fromYaml), WAIT);
}

/* The draft judged by the service (`validate`): its problems at their fields, what it changes in
   words; a file typed by hand redraws the form from what it resolves to. An answer overtaken by
   a later change is dropped. */
async function judge(fromYaml) {
  const sent = h.yaml;
  const seq = ++h.seq;
  game.draft = sent;
  const answer = await call("POST", "/v1/rulesets/validate", sent);
  if (seq !== h.seq || answer.offline) return;  // offline: said above the screen; judged when back
  if (!answer.ok) { showProblems([{ message: problemText(answer) }]); return; }
  const { valid, errors = [], resolved, changes } = answer.data;
  showProblems(errors);
  if (!valid) return;
  if (changes) showChanges(changes);
  if (!resolved) return;
  if (fromYaml) {
    h.values = resolved;
    h.extra = Object.fromEntries(OWN_WORDS.filter((k) => new RegExp(`^${k}\\s*:`, "m").test(sent) && resolved[k] !== undefined)
      .map((k) => [k, resolved[k]]));
    if (!h.stored) $("house-id").value = resolved.id;
    $("house-name").value = resolved.name;
    h.form.draw(h.values);
  }
  if (game.ruleset) await askAbout(resolved, h.base);
  else game.ruleset = resolved;
}

function showChanges(changes) {
  $("house-changes").replaceChildren(...(changes.length ? changes.map((c) => el("li", { "data-path": c.path, text: c.words }))
    : [el("li", { class: "hint", text: w("No change yet: it plays as {game}.", { game: h.base.name }) })]));
}

/* Each problem at its field (the id's at the id) and all of them under the file, each with its
   line and column there. */
function showProblems(errors) {
  const idError = errors.find((e) => e.path === "id");
  const field = $("house-id");
  show("house-id-error", idError ? whereText(idError) : "");
  if (idError) field.setAttribute("aria-invalid", "true");
  else field.removeAttribute("aria-invalid");
  h.form.mark(errors.filter((e) => e.path !== "id").map((e) => ({ ...e, message: whereText(e) })));
  problemList($("house-problems"), $("house-yaml"), errors);
}

/* Stored (POST) or, from the phone that saved it, replaced (PUT). */
async function save() {
  show("house-save-error", "");
  clearTimeout(h.timer);
  const answer = h.stored ? await call("PUT", `/v1/rulesets/${enc(h.stored)}`, h.yaml, h.token)
    : await call("POST", "/v1/rulesets", h.yaml);
  if (!answer.ok) {
    const errors = (answer.data || {}).errors || [];
    if (errors.length && !answer.offline) showProblems(errors);
    show("house-save-error", problemText(answer));
    if (errors.some((e) => e.path === "id")) $("house-id").focus();
    return;
  }
  localStorage.removeItem(draftKey());
  const { id, name } = answer.data;
  if (!h.stored) {
    h.stored = id;
    h.token = answer.data.token;
    history.replaceState(null, "", `/rulesets/${enc(id)}/edit`);
  }
  keepRule({ id, name, token: h.token });
  saved(true);
  notice(w("Saved: {name} is in the list of games of every phone that opens it.", { name }));
}

async function remove() {
  show("house-save-error", "");
  $("house-delete-confirm").hidden = true;
  const answer = await call("DELETE", `/v1/rulesets/${enc(h.stored)}`, undefined, h.token);
  if (!answer.ok) { show("house-save-error", problemText(answer)); return; }
  forgetRule(h.stored);
  localStorage.removeItem(draftKey());
  h.stored = null;
  h.token = null;
  $("house-id").readOnly = false;
  history.replaceState(null, "", `/rulesets/new?from=${enc(h.from)}`);
  saved(false);
  notice(w("It is deleted. What it said stays on this screen until you leave it."));
}

/* What a stored rule offers: a game started from it, its deletion. */
function saved(yes) {
  $("house-delete").hidden = !yes;
  $("house-play").hidden = !yes;
  if (yes) $("house-play-link").href = `/?game=${enc(h.stored)}`;
}
