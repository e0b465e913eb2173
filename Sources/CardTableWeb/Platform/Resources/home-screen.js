/**
 * Registers CardTable's service worker (static files kept, an offline page), once the page has
 * loaded so it never competes with the page's own files, and lets the appearance toggle switch
 * at once. A page without a module of its own loads this one; every page module imports it
 * (through cardtable.js, or directly).
 */
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/service-worker.js").catch(() => {
      // NB: without the worker the site works as before, just not offline.
    });
  });
}

// The appearance toggle in the top bar (layout.mustache): its form is posted with fetch and the
// page takes the new appearance at once; without script the form posts and comes back.
const appearances = ["system", "light", "dark"];
const toggle = document.querySelector("[data-appearance-toggle]");
toggle?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const button = toggle.querySelector("button");
  const chosen = button.value;
  try {
    const response = await fetch(toggle.action, {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams({ appearance: chosen }),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const { appearance } = await response.json();
    const next = appearances[(appearances.indexOf(appearance) + 1) % appearances.length];
    const label = `Appearance: ${appearance}. Switch to ${next}.`;
    document.documentElement.dataset.appearance = appearance;
    document.querySelector('meta[name="color-scheme"]')?.setAttribute("content", appearance === "system" ? "light dark" : appearance);
    button.value = next;
    button.setAttribute("aria-label", label);
    button.title = label;
    const [light, dark] = document.querySelectorAll('meta[name="theme-color"]');
    const media = (own) => (appearance === "system" ? `(prefers-color-scheme: ${own})` : appearance === own ? "all" : "not all");
    light?.setAttribute("media", media("light"));
    dark?.setAttribute("media", media("dark"));
  } catch {
    // NB: the form as it would go without script (submit() sends no button value).
    toggle.append(Object.assign(document.createElement("input"), { type: "hidden", name: "appearance", value: chosen }));
    toggle.submit();
  }
});
