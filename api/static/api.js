/* Calls to the service's public /v1 API, in the page's language, and its refusals in words. */
import { w } from "./words.js";

export async function call(method, path, body, token, extra = {}) {
  const headers = { Accept: "application/json", ...extra };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method !== "GET") headers["Idempotency-Key"] = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  // The page's language, whatever the service would choose by itself (a cookie, the browser's).
  const address = new URL(path, location.href);
  address.searchParams.set("lang", document.documentElement.lang || "en");
  const response = await fetch(address, { method, headers, cache: "no-store",
    body: body === undefined ? undefined : JSON.stringify(body) });
  const data = [204, 304].includes(response.status) ? null : await response.json().catch(() => null);
  return { ok: response.ok, status: response.status, data, etag: response.headers.get("ETag") };
}

/* A problem answer in one sentence a player reads: each error's message, else the detail. */
export function problemText(answer) {
  const data = answer.data || {};
  if (Array.isArray(data.errors) && data.errors.length) {
    const text = data.errors.map((e) => e.message).join("; ");
    return /[.!?…]$/.test(text) ? text : `${text}.`;  // a sentence, as the page's other errors are
  }
  return data.detail || w("The service answered {status}.", { status: answer.status });
}
