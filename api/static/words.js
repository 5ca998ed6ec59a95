/* The page's sentences in its language: `w("...")` for a sentence, `wn("...", "...", n)` for one
   with a count, `N_("...")` to mark one chosen before it is said. */

export const N_ = (text) => text;  // marks a sentence for the catalogs; w() translates it where used

/* The page's sentences in its language: the server puts their translations in the page
   (#words); English is the source. `{name}` placeholders are filled from `values`. */
let WORDS = null;
export function w(text, values = {}) {
  if (WORDS === null) {
    const node = document.getElementById("words");
    WORDS = node ? JSON.parse(node.textContent) : {};
  }
  return fill(WORDS[text] || text, values);
}

function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

/* The operators of a catalog's plural rule (gettext's `plural=`, C's syntax), loosest first. */
const BINARY = [
  { "||": (a, b) => Number(Boolean(a || b)) },
  { "&&": (a, b) => Number(Boolean(a && b)) },
  { "==": (a, b) => Number(a === b), "!=": (a, b) => Number(a !== b) },
  { "<": (a, b) => Number(a < b), "<=": (a, b) => Number(a <= b), ">": (a, b) => Number(a > b), ">=": (a, b) => Number(a >= b) },
  { "+": (a, b) => a + b, "-": (a, b) => a - b },
  { "*": (a, b) => a * b, "/": (a, b) => Math.trunc(a / b), "%": (a, b) => a % b },
];

/* A catalog's plural rule read into a function of the number: `n`, whole numbers, brackets,
   `!`, the operators above and `?:`. */
function ruleOf(text) {
  const tokens = text.match(/\d+|n|\|\||&&|[=!<>]=|[-+*/%<>!?:()]/g) || [];
  if (tokens.join("") !== text.replace(/\s+/g, "")) throw new Error(`not a plural rule: ${text}`);
  let at = 0;
  const expect = (token) => {
    if (tokens[at] !== token) throw new Error(`not a plural rule: ${text}`);
    at += 1;
  };
  const operand = () => {
    const token = tokens[at++];
    if (token === "n") return (n) => n;
    if (/^\d+$/.test(token || "")) return () => Number(token);
    if (token === "!") { const inner = operand(); return (n) => Number(!inner(n)); }
    if (token === "-") { const inner = operand(); return (n) => -inner(n); }
    if (token === "(") { const inner = choice(); expect(")"); return inner; }
    throw new Error(`not a plural rule: ${text}`);
  };
  const binary = (level) => {
    if (level === BINARY.length) return operand();
    let left = binary(level + 1);
    while (tokens[at] in BINARY[level]) {
      const [op, l, r] = [BINARY[level][tokens[at++]], left, binary(level + 1)];
      left = (n) => op(l(n), r(n));
    }
    return left;
  };
  const choice = () => {
    const test = binary(0);
    if (tokens[at] !== "?") return test;
    at += 1;
    const yes = choice();
    expect(":");
    const no = choice();
    return (n) => (test(n) ? yes(n) : no(n));
  };
  const rule = choice();
  if (at !== tokens.length) throw new Error(`not a plural rule: ${text}`);
  return rule;
}

/* A sentence with a count, `{n}`, in its plural form: the server puts each language's forms in
   the page (#plurals) and its catalog's rule that picks one for a number (#plural-rule); English
   is the source. */
let PLURALS = null;
let RULE = null;
export function wn(singular, plural, n, values = {}) {
  if (PLURALS === null) {
    const forms = document.getElementById("plurals");
    const rule = document.getElementById("plural-rule");
    PLURALS = forms ? JSON.parse(forms.textContent) : {};
    RULE = ruleOf(rule ? JSON.parse(rule.textContent) : "n != 1");
  }
  const forms = PLURALS[singular] || [singular, plural];
  return fill(forms[Math.min(Math.max(0, RULE(n)), forms.length - 1)], { ...values, n });
}
