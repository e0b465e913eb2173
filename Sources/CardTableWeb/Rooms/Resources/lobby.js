// Open rooms' page module. The page works without it (Refresh reloads it); with it, the list
// refreshes itself every few seconds while the page is visible, from the server's page, so a
// room that opens appears and one that closes leaves without a tap.
import { getPage, reconcile } from "./cardtable.js";

const every = 4000;
let timer = null;

/** Counts refreshes on <html data-lobby-updates>, so tests can wait for the list to catch up. */
function markUpdated() {
  const root = document.documentElement;
  root.dataset.lobbyUpdates = String(Number(root.dataset.lobbyUpdates || 0) + 1);
}

async function refresh() {
  try {
    const fresh = await getPage(window.location.pathname);
    const list = document.querySelector("[data-lobby-list]");
    const freshList = fresh.querySelector("[data-lobby-list]");
    if (list && freshList) reconcile(list, freshList, (item) => item.dataset.code);
    const lobby = document.querySelector("[data-lobby]");
    const empty = fresh.querySelector("[data-lobby-empty]");
    document.querySelector("[data-lobby-empty]")?.remove();
    if (empty && lobby) lobby.append(document.importNode(empty, true));
    markUpdated();
  } catch {
    // NB: offline or the server is away: the next refresh tries again.
  }
  schedule();
}

function schedule() {
  clearTimeout(timer);
  timer = document.visibilityState === "visible" ? setTimeout(refresh, every) : null;
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") refresh();
  else schedule();
});
schedule();
