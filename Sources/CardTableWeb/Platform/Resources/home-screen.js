/**
 * Registers CardTable's service worker (static files kept, an offline page), once the page has
 * loaded so it never competes with the page's own files.
 */
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/service-worker.js").catch(() => {
      // NB: without the worker the site works as before, just not offline.
    });
  });
}
