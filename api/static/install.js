/* The page as an app on the phone. In a secure context (localhost, or HTTPS) a service worker
   (/sw.js) keeps the page and the last sheet of each game opened, and the manifest lets the
   phone install it. Over plain HTTP on the network the browser allows none of that, nor the
   screen wake lock or the share sheet: the page says so once, and how to have them. Entries
   made offline are kept on the phone either way (outbox.js). */
import { w } from "./words.js";
import { el } from "./dom.js";

const TOLD = "referee.insecure-told";

export function initInstall() {
  if (window.isSecureContext && "serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      // not kept for offline opening (a private window may refuse it): the page works as it is
    });
    return;
  }
  if (window.isSecureContext || told()) return;
  const main = document.querySelector("main");
  if (!main) return;
  const box = el("div", { class: "notice insecure", id: "insecure", role: "note" },
    el("p", { text: w("This page is opened over plain HTTP, so the browser does not let it be installed, open a game without a connection, keep the screen awake or use the share sheet (links are copied instead). Entries made while the connection is down are still kept on this phone and sent later.") }),
    el("p", { text: w("For all of it, serve the page over HTTPS: referee serve --certfile FILE --keyfile FILE, with a certificate the phones trust (see the page's documentation).") }));
  const ok = el("button", { type: "button", class: "secondary", onclick: () => {
    try {
      localStorage.setItem(TOLD, "yes");
    } catch (error) {
      // storage refused: said again on the next page
    }
    box.remove();
  } }, w("Understood"));
  box.append(ok);
  main.prepend(box);
}

/* On the first visit the service worker starts after the page has loaded the game: what the
   page loaded so far is named to it, so that the game opens offline from this visit on. */
export function keepLoaded() {
  if (!window.isSecureContext || !("serviceWorker" in navigator) || navigator.serviceWorker.controller) return;
  navigator.serviceWorker.ready.then((registration) => {
    const loaded = performance.getEntriesByType("resource").map((entry) => entry.name);
    if (registration.active) registration.active.postMessage({ keep: [location.href.split("#")[0], ...loaded] });
  });
}

function told() {
  try {
    return localStorage.getItem(TOLD) === "yes";
  } catch (error) {
    return false;
  }
}
