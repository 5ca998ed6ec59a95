/* A form made from the ruleset's JSON Schema: the fields a table changes (the schema's
   `x-house-fields`) that the game's family has, each drawn by its schema's type with the values
   given. It knows no field by name: numbers, yes/no, choices, ranks as chips, objects as
   fieldsets, maps as rows, lists of objects one fieldset an item, anything else as JSON. */
import { w } from "./words.js";
import { el } from "./dom.js";
import { valueAt } from "./draft.js";

/* A schema node with its `$ref` followed (the node's own words kept over its target's) and an
   `if`/`else` read as its `else` (the schema's way of saying "or null"). */
function resolve(root, node) {
  let n = node || {};
  for (let depth = 0; n.$ref && depth < 16; depth += 1) {
    const { $ref: ref, ...own } = n;
    n = { ...ref.slice(2).split("/").reduce((m, key) => (m || {})[key], root), ...own };
  }
  if (n.if && n.else) {
    const { if: _if, then: _then, else: otherwise, ...own } = n;
    n = { ...resolve(root, otherwise), ...own };
  }
  return n;
}

const types = (node) => [].concat(node.type || []).filter((t) => t !== "null");
const isMap = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const fits = (node, value) => {
  const kinds = types(node);
  if (Array.isArray(value)) return kinds.includes("array");
  if (isMap(value)) return kinds.includes("object");
  if (typeof value === "number") return kinds.includes("integer") || kinds.includes("number");
  return value === null || value === undefined ? true : kinds.includes(typeof value);
};

/* Of `anyOf`, the branch the value has the shape of (the first where there is no value). */
function branch(root, node, value) {
  const options = node.anyOf.map((o) => resolve(root, o));
  const chosen = options.find((o) => fits(o, value)) || options[0];
  return { ...chosen, description: node.description || chosen.description, title: node.title || chosen.title };
}

const isRank = (root, node) => (node.$ref || "").endsWith("/rank") || resolve(root, node).title === "rank";

function kindOf(root, node) {
  const kinds = types(node);
  if (node.enum) return "choice";
  if (kinds.includes("boolean")) return "yes";
  if (kinds.includes("integer") || kinds.includes("number")) return "number";
  if (kinds.includes("string")) return "text";
  if (kinds.includes("array")) {
    const items = resolve(root, node.items);
    if (isRank(root, node.items || {})) return "ranks";
    if (types(items).includes("object") && items.properties) return "items";
    if (["integer", "number"].some((t) => types(items).includes(t))) return "numbers";
  }
  if (kinds.includes("object") && node.properties) return "object";
  if (kinds.includes("object") && isMap(node.additionalProperties)) return "rows";
  return "json";
}

/* A path as the service writes it in a problem: `wilds.ranks`, `rounds[2].contract`. */
export const pathText = (path) => path.map((k, i) => (typeof k === "number" ? `[${k}]` : `${i ? "." : ""}${k}`)).join("");
const idOf = (path) => `hf-${pathText(path).replace(/[^A-Za-z0-9_-]+/g, "-")}`;
const labelOf = (node, key) => node.title || node.description || String(key);

/* The form. `values` is the resolved ruleset shown; `change(path, value, typed)` is told each change (`typed`: as it is typed, already shown);
   `ranks` are the chips a list of ranks is drawn with. `element` holds it; `draw(values)`
   draws it anew from other values (the focused field keeps the focus); `mark(errors)` shows
   each problem at the field its path names and answers those it found no field for. */
export function schemaForm(schema, family, options) {
  const root = schema;
  const section = resolve(root, ((schema.$defs || {})[family]) || {});
  const element = el("div", { class: "house-form" });
  const places = new Map();  // a field's path as text -> the element its problems go after
  let values = {};

  const number = (text) => (text.trim() === "" ? null : Number.isFinite(Number(text)) ? Number(text) : text);
  const described = (id, node) => (node.title && node.description ? el("p", { class: "hint", id: `${id}-hint`, text: node.description }) : null);

  function field(node, path, key, value) {
    node = node.anyOf ? branch(root, node, value) : node;
    const id = idOf(path);
    const label = labelOf(node, key);
    const hint = described(id, node);
    const common = { id, disabled: options.readOnly, "aria-describedby": hint ? `${id}-hint` : null };
    const put = (v) => options.change(path, v);
    const typed = (v) => options.change(path, v, true);  // typing: the field already shows it
    let out;
    switch (kindOf(root, node)) {
      case "yes":
        out = el("div", { class: "field" }, el("label", { class: "check" },
          el("input", { ...common, type: "checkbox", checked: value === true, onchange: (e) => put(e.target.checked) }), ` ${label}`), hint);
        break;
      case "number":
        out = el("div", { class: "field" }, el("label", { for: id, text: label }), hint,
          el("input", { ...common, type: "number", inputmode: "numeric", step: types(node).includes("integer") ? "1" : "any",
            min: node.minimum, max: node.maximum, value: value ?? "", oninput: (e) => typed(number(e.target.value)) }));
        break;
      case "text":
        out = el("div", { class: "field" }, el("label", { for: id, text: label }), hint,
          el("input", { ...common, value: value ?? "", oninput: (e) => typed(e.target.value === "" ? null : e.target.value) }));
        break;
      case "choice":
        out = el("div", { class: "field" }, el("label", { for: id, text: label }), hint,
          el("select", { ...common, onchange: (e) => put(e.target.value === "" ? null : e.target.value) },
            node.enum.map((c) => el("option", { value: c ?? "", selected: (value ?? null) === c, text: c === null ? w("(not set)") : String(c) }))));
        break;
      case "ranks":
        out = rankChips(node, path, label, value, hint, put);
        break;
      case "numbers":
        out = el("div", { class: "field" }, el("label", { for: id, text: label }), el("p", { class: "hint", id: `${id}-hint`,
          text: [node.description !== label ? node.description : "", w("Numbers, separated by commas.")].filter(Boolean).join(" ") }),
        el("input", { ...common, "aria-describedby": `${id}-hint`, inputmode: "numeric", value: Array.isArray(value) ? value.join(", ") : "",
          oninput: (e) => typed(e.target.value.trim() === "" ? null : e.target.value.split(/[\s,]+/).filter(Boolean).map(number)) }));
        break;
      case "object":
        out = el("fieldset", { id, class: "group" }, el("legend", { text: label }), hint,
          Object.entries(node.properties).map(([k, sub]) => field(resolve(root, sub), [...path, k], k, (value || {})[k])));
        break;
      case "rows":
        out = rows(node, path, label, value, hint);
        break;
      case "items":
        out = items(node, path, label, value, hint);
        break;
      default:
        out = el("div", { class: "field" }, el("label", { for: id, text: label }), hint,
          el("textarea", { ...common, rows: "2", class: "json", spellcheck: "false",
            oninput: (e) => { try { typed(JSON.parse(e.target.value || "null")); } catch (error) { /* kept as typed until it reads */ } } },
          value === undefined ? "" : JSON.stringify(value)));
    }
    places.set(pathText(path), out);
    return out;
  }

  function rankChips(node, path, label, value, hint, put) {
    const picked = Array.isArray(value) ? value : [];
    const ranks = [...options.ranks, ...picked.filter((r) => !options.ranks.includes(r))];
    return el("fieldset", { id: idOf(path), class: "group ranks" }, el("legend", { text: label }), hint,
      el("div", { class: "chips" }, ranks.map((rank) => el("button", { type: "button", class: "chip", "data-rank": rank, id: `${idOf(path)}-${rank}`,
        disabled: options.readOnly, "aria-pressed": String(picked.includes(rank)),
        onclick: () => put(ranks.filter((r) => (r === rank) !== picked.includes(r))) }, rank))));
  }

  function rows(node, path, label, value, hint) {
    const entries = Object.entries(isMap(value) ? value : {});
    const inner = resolve(root, node.additionalProperties);
    const key = el("input", { id: `${idOf(path)}-key`, autocomplete: "off", disabled: options.readOnly,
      pattern: (node.propertyNames || {}).pattern });
    const add = () => { if (key.value.trim()) options.change([...path, key.value.trim()], inner.type && types(inner).includes("integer") ? 0 : null); };
    return el("fieldset", { id: idOf(path), class: "group rows" }, el("legend", { text: label }), hint,
      entries.map(([k, v]) => el("div", { class: "row" }, field({ ...inner, title: k, description: undefined }, [...path, k], k, v),
        options.readOnly ? null : el("button", { type: "button", class: "secondary", "aria-label": w("Remove {key} ({field})", { key: k, field: label }),
          onclick: () => options.change([...path, k], undefined) }, "✕"))),
      options.readOnly ? null : el("div", { class: "row add" }, el("label", { for: key.id, text: w("Another key") }), key,
        el("button", { type: "button", class: "secondary", "aria-label": w("Add a row ({field})", { field: label }), onclick: add }, w("Add"))));
  }

  function items(node, path, label, value, hint) {
    const list = Array.isArray(value) ? value : [];
    const item = resolve(root, node.items);
    return el("fieldset", { id: idOf(path), class: "group items" }, el("legend", { text: label }), hint,
      list.map((v, i) => field({ ...item, title: w("{field}: {n}", { field: label, n: i + 1 }), description: undefined }, [...path, i], i, v)),
      options.readOnly ? null : el("div", { class: "buttons" },
        el("button", { type: "button", class: "secondary", onclick: () => options.change(path, [...list, structuredClone(list.at(-1) || {})]) },
          w("Add one ({field})", { field: label })),
        list.length > 1 ? el("button", { type: "button", class: "secondary", onclick: () => options.change(path, list.slice(0, -1)) },
          w("Remove the last ({field})", { field: label })) : null));
  }

  /* The fields a table changes (`x-house-fields`: `game.end` is `end` in `game`) this family has. */
  function houseFields() {
    return (schema["x-house-fields"] || []).map((dotted) => {
      const path = dotted.split(".");
      let node = section;
      for (const key of path) node = node && resolve(root, (node.properties || {})[key]);
      return node && Object.keys(node).length ? { path, node } : null;
    }).filter(Boolean);
  }

  function draw(next) {
    values = next;
    const focused = document.activeElement && element.contains(document.activeElement) ? document.activeElement.id : null;
    places.clear();
    element.replaceChildren(...houseFields().map(({ path, node }) => field(node, path, path.at(-1), valueAt(values, path))));
    if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
  }

  /* Each problem after the field of the longest path its own path starts with. */
  function mark(errors) {
    for (const old of element.querySelectorAll(".field-error")) old.remove();
    for (const bad of element.querySelectorAll("[aria-invalid]")) bad.removeAttribute("aria-invalid");
    const left = [];
    errors.forEach((e, i) => {
      const path = e.path || "";
      const at = [...places.keys()].filter((p) => p && (path === p || path.startsWith(`${p}.`) || path.startsWith(`${p}[`)))
        .sort((a, b) => b.length - a.length)[0];
      if (at === undefined) { left.push(e); return; }
      const place = places.get(at);
      const said = el("p", { class: "error field-error", id: `hf-problem-${i}`, text: e.message });
      const input = place.querySelector("input, select, textarea");
      if (input && place.tagName !== "FIELDSET") {
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", [input.getAttribute("aria-describedby"), said.id].filter(Boolean).join(" "));
      }
      (place.tagName === "FIELDSET" ? place.querySelector("legend") : place.lastElementChild).after(said);
    });
    return left;
  }

  return { element, draw, mark };
}
