/* Following the game as it changes: the service's event stream (each change drawn as it comes),
   else asking every few seconds, as the page did before, when the stream cannot be had. */
import { game } from "./state.js";

const ERRORS_BEFORE_ASKING = 3;  // the stream broken this many times in a row: ask instead

/* Redraw with `redraw(sheet, etag)` on every change; `ask()` every `seconds` once the stream
   cannot be opened (no EventSource, an answer that is not a stream) or keeps breaking. */
export function followLive(redraw, ask, seconds) {
  const asking = () => setInterval(ask, seconds * 1000);
  if (typeof EventSource === "undefined") { asking(); return; }
  const address = new URL(`/v1/games/${encodeURIComponent(game.id)}/events`, location.href);
  address.searchParams.set("lang", document.documentElement.lang || "en");
  const source = new EventSource(address);
  let errors = 0;
  source.addEventListener("open", () => { errors = 0; });
  source.addEventListener("game", (event) => {
    errors = 0;
    // the page's own write has already drawn this version
    if (event.lastEventId !== game.etag) redraw(JSON.parse(event.data), event.lastEventId);
  });
  source.addEventListener("error", () => {
    errors += 1;
    // CLOSED: the browser gave up (a 404, an answer that is not a stream); else it retries
    if (source.readyState === EventSource.CLOSED || errors >= ERRORS_BEFORE_ASKING) {
      source.close();
      asking();
    }
  });
}
