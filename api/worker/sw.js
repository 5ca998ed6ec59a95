/* The page's service worker (a secure context only: localhost, or HTTPS). It keeps the page,
   its scripts, styles and icons, and the last answer seen of each game and ruleset the phone
   opened, so that a kept game opens without a connection: the sheet as this phone last saw it,
   marked with the X-Referee-Kept header (the page says so above it).

   The service fills in VERSION (from the page's files: a new release is a new cache, and the
   old one is deleted) and ASSETS. Only GETs of this origin are answered here: a write is
   never served from the cache, nor kept by it (outbox.js keeps those). */
const CACHE = "referee-__VERSION__";
const ASSETS = __ASSETS__;

/* What is kept as last seen: the page's own addresses, a game, a ruleset and its rounds; a house
   rule's screen and what it is drawn from (the schema, the list of rulesets, what a stored one
   changes), so that one opened before opens offline, says it cannot check, and keeps the typing. */
const KEPT = [/^\/$/, /^\/games\/[^/]+$/, /^\/v1\/games\/[^/]+$/, /^\/v1\/rulesets\/[^/]+$/, /^\/v1\/rulesets\/[^/]+\/rounds\/\d+$/,
  /^\/rulesets\/new$/, /^\/rulesets\/[^/]+\/edit$/, /^\/v1\/schemas\/ruleset\.json$/, /^\/v1\/rulesets$/, /^\/v1\/rulesets\/[^/]+\/changes$/];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith("referee-") && n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(cacheFirst(request));
    return;
  }
  const json = request.mode === "navigate" || (request.headers.get("Accept") || "").includes("application/json");
  if (json && KEPT.some((pattern) => pattern.test(url.pathname))) event.respondWith(networkFirst(request));
});

/* The first visit, before this worker controlled the page: the page names what it loaded
   (`keep`), and what of it is kept as last seen is asked again and kept. */
self.addEventListener("message", (event) => {
  const seen = (event.data || {}).seen;
  if (seen) {
    event.waitUntil(keepSeen(seen));
    return;
  }
  const urls = ((event.data || {}).keep || []).map((u) => new URL(u, self.location.href))
    .filter((u) => u.origin === self.location.origin && KEPT.some((pattern) => pattern.test(u.pathname)));
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(urls.map(async (u) => {
    const accept = u.pathname.startsWith("/v1/") ? "application/json" : "text/html";
    const response = await fetch(u.href, { headers: { Accept: accept }, cache: "no-store" });
    if (response.status === 200) await cache.put(u.href, response);
  }).map((kept) => kept.catch(() => null)))));  // what cannot be asked now is kept at the next visit
});

/* A sheet the page has seen since it asked for it (the live stream, a write's answer): kept as
   the last answer of its address, as if the page had just asked it. */
async function keepSeen({ url, body, etag }) {
  const address = new URL(url, self.location.href);
  if (address.origin !== self.location.origin || !KEPT.some((pattern) => pattern.test(address.pathname))) return;
  const headers = { "Content-Type": "application/json", Date: new Date().toUTCString(), ...(etag ? { ETag: etag } : {}) };
  const cache = await caches.open(CACHE);
  await cache.put(address.href, new Response(JSON.stringify(body), { status: 200, headers }));
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, { ignoreSearch: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.status === 200) await cache.put(request, response.clone());
  return response;
}

/* The service's answer when it gives one (and kept, when it is a whole one), else the last one
   kept, marked as such; else the network's error, as without a service worker. */
async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  const key = new URL(request.url);
  try {
    const response = await fetch(request);
    if (response.status === 200) await cache.put(key.href, response.clone());
    return response;
  } catch (error) {
    const kept = (await cache.match(key.href, { ignoreVary: true }))
      || (await cache.match(key.href, { ignoreVary: true, ignoreSearch: true }));
    if (!kept) throw error;
    const headers = new Headers(kept.headers);
    headers.set("X-Referee-Kept", kept.headers.get("Date") || "kept");
    return new Response(await kept.blob(), { status: kept.status, statusText: kept.statusText, headers });
  }
}
