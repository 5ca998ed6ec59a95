/* The screen stays on while a game is open, through the Wake Lock API where the browser has it
   (a secure context: not plain HTTP on the network); the lock the browser lets go when the page
   is hidden is asked for again when it is shown. */
let lock = null;

async function ask() {
  if (!("wakeLock" in navigator) || document.hidden || (lock && !lock.released)) return;
  try {
    lock = await navigator.wakeLock.request("screen");
  } catch (error) {
    lock = null;  // refused (a battery saver, a setting): the screen sleeps as it would
  }
}

export function keepAwake() {
  ask();
  document.addEventListener("visibilitychange", ask);
}
