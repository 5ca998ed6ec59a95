/* Calls to the service's public /v1 API, in the page's language, and its refusals in words. */
import { w } from "./words.js";

/* A key that names one write, kept with it until the service has it: a write sent again with
   the same key is applied once (crypto.getRandomValues works over plain HTTP too). */
export function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/* Whether the service could be reached at the last call (false: no answer at all, or the copy
   this phone kept): said to whoever listens (`referee:reach` on window), so the page can say the
   sheet may be behind, and kept for a listener that comes later (`lastReached`). */
let last = true;
export function reached(yes) {
  last = yes;
  window.dispatchEvent(new CustomEvent("referee:reach", { detail: yes }));
}

export const lastReached = () => last;

/* The address a call asks: the path in the page's language. */
function addressOf(path) {
  const address = new URL(path, location.href);
  address.searchParams.set("lang", document.documentElement.lang || "en");
  return address;
}

/* An answer this page has now that came by another way than a GET (the live stream, a write's
   answer), handed to the service worker as the copy to show offline for `path`: a phone that
   opens the page without a connection sees the sheet it saw last, not the one it first loaded. */
export function keepSeen(path, data, etag) {
  const worker = "serviceWorker" in navigator ? navigator.serviceWorker.controller : null;
  if (worker) worker.postMessage({ seen: { url: addressOf(path).href, body: data, etag } });
}

/* One call. The answer is `{ok, status, data, etag, kept}`; status 0 (and `offline`) when the
   service could not be reached at all; `kept` when the answer is the copy this phone kept
   (the service worker's, offline). A body that is text (a ruleset's YAML) goes as it is, as
   YAML; any other as JSON. It never throws. */
export async function call(method, path, body, token, extra = {}) {
  const headers = { Accept: "application/json", ...extra };
  const text = typeof body === "string";
  if (body !== undefined) headers["Content-Type"] = text ? "application/yaml" : "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method !== "GET" && !headers["Idempotency-Key"]) headers["Idempotency-Key"] = newKey();
  // The page's language, whatever the service would choose by itself (a cookie, the browser's).
  const address = addressOf(path);
  let response;
  try {
    response = await fetch(address, { method, headers, cache: "no-store",
      body: body === undefined || text ? body : JSON.stringify(body) });
  } catch (error) {
    reached(false);
    return { ok: false, status: 0, offline: true, data: null, etag: null, kept: null };
  }
  const kept = response.headers.get("X-Referee-Kept");
  reached(!kept);
  const data = [204, 304].includes(response.status) ? null : await response.json().catch(() => null);
  return { ok: response.ok, status: response.status, data, etag: response.headers.get("ETag"), kept };
}

/* A problem answer in one sentence a player reads: each error's message, else the detail. */
export function problemText(answer) {
  if (answer.offline) return w("The service cannot be reached: check this phone's connection (and that the host is still serving), then try again.");
  const data = answer.data || {};
  if (Array.isArray(data.errors) && data.errors.length) {
    const text = data.errors.map((e) => e.message).join("; ");
    return /[.!?…]$/.test(text) ? text : `${text}.`;  // a sentence, as the page's other errors are
  }
  return data.detail || w("The service answered {status}.", { status: answer.status });
}
