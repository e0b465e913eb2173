// The Set page's module. The page works without it (every action is a form post); with it,
// actions are sent with fetch and the page is patched from the server's answer: cards that leave
// fly to the discard pile, new ones fly in from the deck, a mismatch shakes, a match celebrates,
// countdowns and the clock tick, and keys play (set-keys.js). The server draws everything; this
// script only moves what it is sent into place.
import {
  columnsOf, cue, enqueue, flightMilliseconds, flyAway, flyFrom, getPage, keepingFocus, morph, moveInGrid, patchPage,
  postForPage, reconcile, reducedMotion, replay, runClock, swapPage,
} from "./cardtable.js";
import { assignCardKeys, cardForKey, learnKeyCaps, showKeysWhileTyping } from "./set-keys.js";

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

/** Counts updates on <html data-set-updates>, so tests can wait for the page to catch up. */
function markUpdated() {
  const root = document.documentElement;
  root.dataset.setUpdates = String(Number(root.dataset.setUpdates || 0) + 1);
}

// MARK: - Applying the server's page

const rectOf = (selector) => {
  const element = $(selector);
  return element ? element.getBoundingClientRect() : null;
};

function flyToDiscard(card, from, to, delay) {
  const clone = card.cloneNode(true);
  clone.removeAttribute("data-set-card");
  clone.classList.remove("is-celebrating", "is-shaking");
  clone.classList.add("set-flying");
  clone.classList.toggle("is-colorblind", $("[data-set-app]").classList.contains("is-colorblind"));
  flyAway(clone, from, to, { delay });
}

/** Patches the page from the server's; a page in another mode (or for other players) is swapped in instead. */
function apply(page) {
  const app = $("[data-set-app]");
  const freshApp = $("[data-set-app]", page);
  if (!app || !freshApp || app.dataset.mode !== freshApp.dataset.mode) return deal(page);
  const previousSelection = app.dataset.selection;
  const wasOver = !$("[data-set-game-over]").hidden;
  // Where everything was before the change, for the animations.
  const grid = $("[data-set-grid]");
  const deckRect = rectOf("[data-set-deck-card]");
  const discardRect = rectOf("[data-set-discard-card]");
  const before = new Map($$("[data-set-card]", grid).map((card) => [card, card.getBoundingClientRect()]));

  // The table in the server's order: kept cards keep their buttons, new ones are the server's.
  let table;
  keepingFocus("[data-set-card]", () => {
    patchPage(page, "[data-set-grid], [data-set-discard-card]");
    // NB: the grid also holds the version field.
    table = reconcile(grid, $("[data-set-grid]", page), (node) => node.dataset.setCard ?? node.name);
  });
  table.removed.forEach((card, index) => flyToDiscard(card, before.get(card), discardRect, index * 70));
  const delay = table.removed.length ? 200 : 0;
  table.added.forEach((card, index) => flyFrom(card, deckRect, { delay: delay + index * 90 }));
  if (!reducedMotion.matches) {
    for (const [card, was] of before) {
      if (!card.isConnected) continue;
      const now = card.getBoundingClientRect();
      if (Math.abs(was.left - now.left) + Math.abs(was.top - now.top) + Math.abs(was.width - now.width) > 1) {
        flyFrom(card, was);
      }
    }
  }
  const selection = app.dataset.selection;
  if (selection === "mismatch" && previousSelection !== "mismatch") {
    replay($$(".is-mismatch", grid), "is-shaking");
    cue("wrong");
  }
  if (selection === "match" && previousSelection !== "match") {
    replay($$(".is-match", grid), "is-celebrating");
    cue("found");
  }
  if (table.added.length && !table.removed.length) cue("dealt");

  // The discard pile shows its new top card once the cards have landed.
  const discard = $("[data-set-discard-card]");
  const freshDiscard = $("[data-set-discard-card]", page);
  const drawDiscard = () => morph(discard, freshDiscard);
  if (table.removed.length) window.setTimeout(drawDiscard, flightMilliseconds() + table.removed.length * 70);
  else drawDiscard();

  if (!wasOver && !$("[data-set-game-over]").hidden) $("[data-set-game-over] button").focus();
  // A message box that scrolls shows each new message from its start.
  const info = $(".set-info");
  if (info) info.scrollTop = 0;
  startCountdowns();
  runClock();
  assignCardKeys($("[data-set-grid]"));
  markUpdated();
}

/** A selector for the focused control (by its `data-set-…` attribute), to find it in a new page. */
function focusedControl() {
  const active = document.activeElement;
  if (!active || active === document.body) return null;
  const name = active.getAttributeNames().find((attribute) => attribute.startsWith("data-set-"));
  return name ? `[${name}]` : null;
}

/** Swaps in a new game's page (or another mode's), dealing every card from the deck. */
function deal(page) {
  const hadFocus = document.activeElement && document.activeElement !== document.body;
  const control = focusedControl();
  swapPage(page);
  // The swap took the focused control away: the keyboard goes back to it, or to the first card.
  if (hadFocus && (!document.activeElement || document.activeElement === document.body)) {
    const again = control ? $(control) : null;
    const target = again && !again.disabled && again.getClientRects().length ? again : $("[data-set-card]");
    if (target) target.focus();
  }
  const from = rectOf("[data-set-deck-card]");
  $$("[data-set-card]").forEach((card, index) => flyFrom(card, from, { delay: Math.min(index, 20) * 50 }));
  startCountdowns();
  runClock();
  assignCardKeys($("[data-set-grid]"));
  markUpdated();
}

// MARK: - Two-player countdowns (the server is the source of truth)

let ticker = null;
let refresher = null;

/** Counts the visible countdowns down locally, and asks the server again when the first time limit ends. */
function startCountdowns() {
  window.clearInterval(ticker);
  window.clearTimeout(refresher);
  const started = performance.now();
  const countdowns = $$("[data-set-countdown]").filter((element) => !element.hidden);
  if (countdowns.length > 0) {
    ticker = window.setInterval(() => {
      const elapsed = (performance.now() - started) / 1000;
      for (const element of countdowns) {
        const left = Math.max(0, Number(element.dataset.seconds) - elapsed);
        $("[data-set-countdown-seconds]", element).textContent = Math.ceil(left);
      }
    }, 200);
  }
  const app = $("[data-set-app]");
  const refreshAfter = app ? app.dataset.refreshAfter : undefined;
  if (refreshAfter && Number.isFinite(Number(refreshAfter))) {
    refresher = window.setTimeout(
      () => enqueue(async () => apply(await getPage()), { automatic: true }), Number(refreshAfter) * 1000 + 100);
  }
}

// MARK: - Requests

document.addEventListener("submit", (event) => {
  const form = event.target;
  let url;
  let body;
  if (form.matches("[data-set-grid], [data-set-chain]")) {
    const button = event.submitter;
    if (!button || !button.matches("[data-set-card]")) return;
    url = button.formAction;
    body = new URLSearchParams();
  } else if (form.matches("[data-set-action]")) {
    url = form.action;
    body = new URLSearchParams(new FormData(form));
  } else {
    return;
  }
  event.preventDefault();
  const isNewGame = form.dataset.setAction === "new";
  const details = form.closest("details");
  if (details?.contains(document.activeElement)) details.querySelector(":scope > summary").focus();
  if (details) details.open = false;
  enqueue(async () => {
    // NB: the version of the table as drawn now (after earlier queued requests), not as it was
    // when the form was submitted, so quick successive moves are not turned down as stale.
    const app = $("[data-set-app]");
    if (app && app.dataset.version) body.set("version", app.dataset.version);
    const page = await postForPage(url, body);
    return isNewGame ? deal(page) : apply(page);
  });
});

document.addEventListener("click", (event) => {
  const close = event.target.closest("[data-set-missed-close]");
  if (close) {
    const missed = close.closest("[data-set-missed]");
    if (missed) missed.hidden = true;
  }
});

// MARK: - Keyboard play

function clickIfEnabled(selector) {
  const button = $(selector);
  if (button && !button.disabled) button.click();
}

/** Shift and a letter: the actions whose letters would otherwise be card keys. */
const SHIFTED_ACTIONS = {
  // Deal 3 and Hint are solo keys: in a two-player game each player has their own.
  KeyD: "[data-set-deal]",
  KeyH: "[data-set-hint-button]",
  KeyN: "[data-set-new-game]",
};

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target.matches && target.matches("input, textarea, select, summary")) return;
  const card = target.closest && target.closest("[data-set-card]");
  if (card && moveInGrid(event, card, $$("[data-set-card]"), columnsOf($("[data-set-grid]")))) return;
  const keyed = cardForKey(event, $("[data-set-grid]"));
  const action = event.shiftKey ? SHIFTED_ACTIONS[event.code] : undefined;
  // NB: a held key must not touch, deal, hint or claim again and again (arrows above may repeat).
  if (event.repeat) {
    if (keyed || action || ["Enter", " ", "1", "2"].includes(event.key)) event.preventDefault();
    return;
  }
  if (keyed) {
    event.preventDefault();
    if (!keyed.disabled) keyed.click();
    return;
  }
  if (action) {
    event.preventDefault();
    clickIfEnabled(action);
    return;
  }
  switch (event.key) {
    case "1": clickIfEnabled('[data-set-player="one"] [data-set-claim]'); break;
    case "2": clickIfEnabled('[data-set-player="two"] [data-set-claim]'); break;
    case "Escape": {
      const missed = $("[data-set-missed]");
      if (missed) missed.hidden = true;
      break;
    }
    default: return;
  }
});

// The board's columns follow the window, and the keys follow the columns.
window.addEventListener("resize", () => assignCardKeys($("[data-set-grid]")));
showKeysWhileTyping();
learnKeyCaps(() => $("[data-set-grid]"));
assignCardKeys($("[data-set-grid]"));
startCountdowns();
runClock();
