// The replay page's module. Without it the page is links and a form, one page per move, and the
// move's link is shown as text; with it, the scrubber, the step links and Play show each move in
// place (from the server's page of that move) and keep the address of the move shown, and Share
// (where the browser can) and Copy link pass that address on.
import { enqueue, getPage, patchPage } from "./cardtable.js";

const $ = (selector) => document.querySelector(selector);

/** The address of move `move`. */
function urlOf(move) {
  const url = new URL($("[data-replay-form]").action, window.location.href);
  url.searchParams.set("move", String(move));
  return url.href;
}

/** Shows the move at `url`; the scrubber follows unless the player is moving it. */
async function show(url, { fromScrubber = false } = {}) {
  const page = await getPage(url);
  patchPage(page, "[data-replay-play], [data-replay-go], [data-replay-share], [data-replay-copy]");
  const scrubber = $("[data-replay-scrubber]");
  if (!fromScrubber) scrubber.value = page.querySelector("[data-replay-scrubber]").value;
  window.history.replaceState(null, "", url);
  // The move drawn, on <html data-replay-drawn>, so tests can wait for it.
  document.documentElement.dataset.replayDrawn = scrubber.getAttribute("value");
}

let wanted = null;
document.addEventListener("input", (event) => {
  if (!event.target.matches("[data-replay-scrubber]")) return;
  const url = urlOf(event.target.value);
  wanted = url;
  // Only the latest position is fetched when the scrubber moves faster than the pages come.
  enqueue(() => (wanted === url ? show(url, { fromScrubber: true }) : undefined));
});

document.addEventListener("submit", (event) => {
  if (!event.target.matches("[data-replay-form]")) return;
  event.preventDefault();
  enqueue(() => show(urlOf($("[data-replay-scrubber]").value)));
});

// MARK: - Steps and Play

let timer = null;

function stop() {
  window.clearInterval(timer);
  timer = null;
  $("[data-replay-play]").textContent = "Play";
}

document.addEventListener("click", (event) => {
  const step = event.target.closest("[data-replay-step]");
  if (step) {
    event.preventDefault();
    if (step.hasAttribute("href")) enqueue(() => show(step.href));
    return;
  }
  if (!event.target.closest("[data-replay-play]")) return;
  if (timer) return stop();
  $("[data-replay-play]").textContent = "Pause";
  timer = window.setInterval(() => {
    const next = $("[data-replay-next]");
    if (!next.hasAttribute("href")) return stop();
    enqueue(() => show(next.href));
  }, 1000);
});

// MARK: - Sharing the move shown

/** Says how sharing went, in the status beside the link (the next move drawn clears it). */
function tell(text) {
  $("[data-replay-shared]").textContent = text;
}

/** Copies the move's link; where the clipboard is out of reach (a page served over plain http on
 * the home network has none), selects it in its field for the player to copy. */
async function copyLink() {
  const field = $("[data-replay-link]");
  try {
    await navigator.clipboard.writeText(field.value);
    tell("Link copied.");
  } catch {
    field.focus();
    field.select();
    tell(document.execCommand("copy") ? "Link copied." : "The link is selected: copy it.");
  }
}

async function shareLink() {
  try {
    await navigator.share({ title: document.title, url: $("[data-replay-link]").value });
  } catch (error) {
    // NB: the player closing the share sheet is no failure.
    if (error.name !== "AbortError") await copyLink();
  }
}

document.addEventListener("click", (event) => {
  if (event.target.closest("[data-replay-copy]")) copyLink();
  else if (event.target.closest("[data-replay-share]")) shareLink();
});

$("[data-replay-play]").hidden = false;
$("[data-replay-go]").hidden = true;
$("[data-replay-copy]").hidden = false;
$("[data-replay-share]").hidden = typeof navigator.share !== "function";
