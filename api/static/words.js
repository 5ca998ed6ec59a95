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

/* Which plural form a number takes in the page's language: the index into the forms of a
   gettext catalog (its Plural-Forms), so Russian and Romanian have three. */
const PLURAL_RULES = {
  ru: (n) => (n % 10 === 1 && n % 100 !== 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2),
  ro: (n) => (n === 1 ? 0 : n === 0 || (n % 100 >= 1 && n % 100 <= 19) ? 1 : 2),
};

/* A sentence with a count, `{n}`, in its plural form: the server puts each language's forms in
   the page (#plurals); English is the source. */
let PLURALS = null;
export function wn(singular, plural, n, values = {}) {
  if (PLURALS === null) {
    const node = document.getElementById("plurals");
    PLURALS = node ? JSON.parse(node.textContent) : {};
  }
  const rule = PLURAL_RULES[document.documentElement.lang] || ((k) => (k === 1 ? 0 : 1));
  const forms = PLURALS[singular] || [singular, plural];
  return fill(forms[Math.min(rule(n), forms.length - 1)], { ...values, n });
}
