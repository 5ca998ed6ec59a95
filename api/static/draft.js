/* A house rule as a file: what it changes against its base as a merge patch (a variant, as
   ruleset-format.md writes one), and that file as YAML for the table to read, copy and share. */

/* What a ruleset says of itself rather than of its rules: the draft writes these from its own
   fields, never from the values of the form. */
const IDENTITY = new Set(["format", "id", "extends", "name", "summary", "source", "notes", "family"]);

const isMap = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/* The merge patch (RFC 7396) that makes `target` of `base`: mappings key by key, `null` where a
   key goes, anything else whole (a list replaces its base's list). */
export function patchOf(base, target) {
  const out = {};
  for (const key of new Set([...Object.keys(base || {}), ...Object.keys(target || {})])) {
    const was = (base || {})[key];
    const now = (target || {})[key];
    if (same(was, now)) continue;
    if (isMap(was) && isMap(now)) {
      const inner = patchOf(was, now);
      if (Object.keys(inner).length) out[key] = inner;
    } else {
      out[key] = now === undefined ? null : now;
    }
  }
  return out;
}

const rules = (doc) => Object.fromEntries(Object.entries(doc || {}).filter(([key]) => !IDENTITY.has(key)));

/* The variant's document: its id, its base, its name (and whatever of its own words it keeps,
   `extra`), then every rule whose value differs from the base's. */
export function draftOf(head, base, values) {
  const { id, name, from, extra } = head;
  return { id, extends: from, name, ...(extra || {}), ...patchOf(rules(base), rules(values)) };
}

/* The value at a path (keys and list indexes) of a document; undefined where there is none. */
export const valueAt = (doc, path) => path.reduce((node, key) => (node === null || node === undefined ? undefined : node[key]), doc);

/* A copy of `doc` with `value` at `path`, the mappings on the way made where missing. */
export function withValue(doc, path, value) {
  const out = structuredClone(doc);
  let node = out;
  path.slice(0, -1).forEach((key, i) => {
    if (node[key] === null || typeof node[key] !== "object") node[key] = typeof path[i + 1] === "number" ? [] : {};
    node = node[key];
  });
  if (value === undefined) delete node[path.at(-1)];
  else node[path.at(-1)] = value;
  return out;
}

/* ------------------------------------------------------------------ YAML */

const PLAIN = /^[A-Za-z_][A-Za-z0-9_ .-]*$/;
const WORDS = /^(?:true|false|yes|no|on|off|null|y|n)$/i;  // words YAML reads as other than text

function scalar(value) {
  if (value === null || value === undefined) return "null";
  if (typeof value === "boolean" || typeof value === "number") return String(value);
  const text = String(value);
  // JSON's double-quoted strings are YAML's too: a rank such as "2" stays text.
  return PLAIN.test(text) && !WORDS.test(text) && !/\s$/.test(text) ? text : JSON.stringify(text);
}

const isScalar = (v) => v === null || typeof v !== "object";

function flow(value) {
  if (Array.isArray(value)) return `[${value.map(flow).join(", ")}]`;
  if (isMap(value)) return `{${Object.entries(value).map(([k, v]) => `${scalar(k)}: ${flow(v)}`).join(", ")}}`;
  return scalar(value);
}

const nested = (value) => (isMap(value) && Object.keys(value).length) || (Array.isArray(value) && value.some((v) => !isScalar(v)));

function mapping(doc, pad) {
  return Object.entries(doc).flatMap(([key, value]) => (nested(value)
    ? [`${pad}${scalar(key)}:`, ...(isMap(value) ? mapping(value, `${pad}  `) : sequence(value, `${pad}  `))]
    : [`${pad}${scalar(key)}: ${flow(value)}`]));
}

function sequence(list, pad) {
  return list.flatMap((item) => {
    if (!nested(item)) return [`${pad}- ${flow(item)}`];
    const inner = isMap(item) ? mapping(item, `${pad}  `) : sequence(item, `${pad}  `);
    return [`${pad}- ${inner[0].slice(pad.length + 2)}`, ...inner.slice(1)];
  });
}

/* A document as block YAML (lists of plain values on one line), as a person would write it. */
export const toYaml = (doc) => `${mapping(doc, "").join("\n")}\n`;
