/**
 * Registers CardTable's service worker (static files kept, an offline page), once the page has
 * loaded so it never competes with the page's own files. A page without a module of its own
 * loads this one; every page module imports it (through cardtable.js, or directly).
 */
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/service-worker.js").catch(() => {
      // NB: without the worker the site works as before, just not offline.
    });
  });
}
