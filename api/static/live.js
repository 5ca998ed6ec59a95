/* Following the game as it changes: the service's event stream (each change drawn as it comes),
   and asking every few seconds, as the page did before, whenever the stream is not open. */
import { game } from "./state.js";
import { reached } from "./api.js";

const ERRORS_BEFORE_ASKING = 3;  // the stream broken this many times in a row: ask from then on

/* Redraw with `redraw(sheet, etag)` on every change; `ask()` every `seconds` while the stream is
   not open: not yet (a proxy that holds it), not at all (no EventSource, an answer that is not a
   stream), or no more (broken again and again). */
export function followLive(redraw, ask, seconds) {
  if (typeof EventSource === "undefined") { setInterval(ask, seconds * 1000); return; }
  const address = new URL(`/v1/games/${encodeURIComponent(game.id)}/events`, location.href);
  address.searchParams.set("lang", document.documentElement.lang || "en");
  const open = () => {
    const stream = new EventSource(address);
    let errors = 0;
    stream.addEventListener("open", () => { errors = 0; reached(true); });  // the service is there again
    stream.addEventListener("game", (event) => {
      // the page's own write has already drawn this version
      if (event.lastEventId !== game.etag) redraw(JSON.parse(event.data), event.lastEventId);
    });
    stream.addEventListener("error", () => {
      errors += 1;
      if (errors >= ERRORS_BEFORE_ASKING) stream.close();  // CLOSED: the browser gave up by itself
    });
    return stream;
  };
  let source = open();
  // Back on the network (the phone was offline, the stream given up): the stream again at once.
  const reopen = () => { if (source.readyState === EventSource.CLOSED && navigator.onLine) source = open(); };
  window.addEventListener("online", reopen);
  setInterval(() => {
    if (source.readyState === EventSource.OPEN) return;
    ask();
    reopen();  // a stream given up is tried again, one try every few seconds
  }, seconds * 1000);
}
