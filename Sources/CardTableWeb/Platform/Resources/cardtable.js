// CardTable's shared script, imported by each page's module (memorize.js, themes.js, set.js).
// Every page works without script. With it, forms are posted with fetch, one at a time, and the
// page is patched in place from the page the server answers: the scripts never build markup,
// they keep what is already drawn (so focus and animations survive) and adopt the rest.
// No framework, no build step. Importing it registers the service worker (home-screen.js).

import "./home-screen.js";

export const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

/** A motion's length in milliseconds: `normal`, or `reduced` when the player asked for less motion. */
export const motion = (normal, reduced = 0) => (reducedMotion.matches ? reduced : normal);

/** How long a card's flight (or, under reduced motion, its fade) lasts. */
export const flightMilliseconds = () => motion(480, 250);

// MARK: - Requests, one at a time

/**
 * A request that never reached the server: the browser is offline, or the server is out of reach.
 * The page stays as it was drawn, which is the game as the server last saved it.
 */
export class Unreachable extends Error {}

let busy = Promise.resolve();

/**
 * Runs `task` after every earlier one, so taps are applied in the order they were made. When the
 * server cannot be reached, the page stays as it is: a player's tap is announced as not sent
 * (the layout's connection notice), and an `automatic` task (a peek ending, a countdown) runs
 * again once the browser is back online, or a few seconds later. Any other failure reloads the
 * page, which then shows what the server has.
 */
export function enqueue(task, { automatic = false } = {}) {
  busy = busy.then(task).catch((error) => {
    if (!(error instanceof Unreachable)) {
      console.error(error);
      window.location.reload();
    } else if (automatic) {
      whenLikelyOnline(() => enqueue(task, { automatic }));
    } else {
      sayNotSent();
    }
  });
  return busy;
}

/** Calls `then` when the browser says it is back online, or after a few seconds. */
function whenLikelyOnline(then) {
  let timer = null;
  const once = () => {
    window.clearTimeout(timer);
    window.removeEventListener("online", once);
    then();
  };
  window.addEventListener("online", once);
  timer = window.setTimeout(once, 5000);
}

/** Shows the connection notice (the server's words, in `data-message`) in its live region. */
function sayNotSent() {
  const notice = document.querySelector("[data-connection-notice]");
  if (!notice) return;
  // NB: emptied first, so a second tap that fails is announced again.
  notice.textContent = "";
  window.requestAnimationFrame(() => {
    notice.textContent = notice.dataset.message;
  });
}

/** Fetches `url` as HTML and returns the parsed page; throws ``Unreachable`` when it could not be sent. */
export async function getPage(url = window.location.href, init = {}) {
  // NB: offline, nothing is sent at all, so the tap is certainly not on the server.
  if (navigator.onLine === false) throw new Unreachable(`offline: ${url} not sent`);
  let response;
  try {
    response = await fetch(url, { ...init, headers: { Accept: "text/html" }, credentials: "same-origin" });
  } catch (error) {
    // NB: almost always the request never left (no network, no server). Should the answer
    // alone have been lost, the next tap is answered from the server's game, and a tap on an
    // earlier deal is refused and reloads the page.
    throw new Unreachable(`${url} could not be reached: ${error.message}`);
  }
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  await preloadStylesheets(page);
  return page;
}

// MARK: - Stylesheets

const stylesheetsIn = (root) => [...root.head.querySelectorAll('link[rel="stylesheet"]')];

/**
 * Loads the stylesheets the fetched page links to (its card grid, its theme colors) that this
 * page lacks, switched off, so that patching the page can switch them on at once.
 */
async function preloadStylesheets(page) {
  const present = new Set(stylesheetsIn(document).map((link) => link.getAttribute("href")));
  const loads = [];
  for (const fresh of stylesheetsIn(page)) {
    const href = fresh.getAttribute("href");
    if (present.has(href)) continue;
    present.add(href);
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.media = "not all";
    // NB: a stylesheet that fails to load (the server restarting, the network gone) is taken
    // out again and fails the fetch, so the page stays as it was and the next redraw asks for
    // it anew; switched on empty, it would leave the cards without their sizes for good.
    loads.push(new Promise((resolve, reject) => {
      link.addEventListener("load", resolve, { once: true });
      link.addEventListener("error", () => {
        link.remove();
        reject(new Error(`${href} did not load`));
      }, { once: true });
    }));
    link.href = href;
    document.head.append(link);
  }
  await Promise.all(loads);
}

/** Switches on the fetched page's stylesheets (already loaded) and removes the others. */
function adoptStylesheets(page) {
  const wanted = new Set(stylesheetsIn(page).map((link) => link.getAttribute("href")));
  for (const link of stylesheetsIn(document)) {
    if (!wanted.has(link.getAttribute("href"))) link.remove();
    else if (link.hasAttribute("media")) link.removeAttribute("media");
  }
}

/** Posts a form and returns the page its redirect leads to, as a browser without script would. */
export function postForPage(url, body) {
  return getPage(url, { method: "POST", body });
}

// MARK: - Patching the page

function copyAttributes(target, source) {
  // A panel the player opened or closed stays so: its `open` is theirs, not the server's.
  const isPlayers = (name) => name === "open" && target.tagName === "DETAILS";
  for (const { name } of [...target.attributes]) {
    if (!source.hasAttribute(name) && !isPlayers(name)) target.removeAttribute(name);
  }
  for (const { name, value } of source.attributes) {
    if (target.getAttribute(name) !== value && !isPlayers(name)) target.setAttribute(name, value);
  }
}

/** Replaces `target`'s children with copies of `source`'s. */
export function adoptChildren(target, source) {
  target.replaceChildren(...[...source.childNodes].map((node) => document.importNode(node, true)));
}

/**
 * Makes `target` the same as `source` (from a fetched page), keeping its nodes wherever the two
 * have the same structure and adopting the server's nodes where they differ. Elements matching
 * `skip` are left for the caller.
 */
export function morph(target, source, skip = null) {
  copyAttributes(target, source);
  const current = [...target.childNodes];
  const fresh = [...source.childNodes];
  if (current.length !== fresh.length || current.some((node, index) => node.nodeName !== fresh[index].nodeName)) {
    adoptChildren(target, source);
    return;
  }
  current.forEach((node, index) => {
    if (node.nodeType !== Node.ELEMENT_NODE) {
      if (node.nodeValue !== fresh[index].nodeValue) node.nodeValue = fresh[index].nodeValue;
    } else if (!(skip && node.matches(skip))) {
      morph(node, fresh[index], skip);
    }
  });
}

/**
 * Makes `container`'s children those of `source`, in its order: a child with the same key
 * (`keyOf`) is kept and morphed, the others are the server's. Returns the adopted children and
 * the ones that left (already removed).
 */
export function reconcile(container, source, keyOf) {
  const kept = new Map([...container.children].map((child) => [keyOf(child), child]));
  const added = [];
  const wanted = [...source.children].map((fresh) => {
    const old = kept.get(keyOf(fresh));
    kept.delete(keyOf(fresh));
    if (old) {
      morph(old, fresh);
      return old;
    }
    const node = document.importNode(fresh, true);
    added.push(node);
    return node;
  });
  const removed = [...kept.values()];
  for (const node of removed) node.remove();
  copyAttributes(container, source);
  wanted.forEach((node, index) => {
    if (container.children[index] !== node) container.insertBefore(node, container.children[index] || null);
  });
  return { added, removed };
}

/** Takes the page's stylesheets, calls `update(current, fresh)` for the top bar and the main region, then takes its title. */
function eachRegion(page, update) {
  adoptStylesheets(page);
  for (const selector of [".top-bar", "main"]) {
    const fresh = page.querySelector(selector);
    const current = document.querySelector(selector);
    if (fresh && current) update(current, fresh);
  }
  document.title = page.title;
}

/** Swaps in the fetched page's top bar and main region (a new game, another mode). */
export function swapPage(page) {
  eachRegion(page, (current, fresh) => current.replaceWith(document.importNode(fresh, true)));
}

/** Morphs the top bar and the main region into the fetched page's, leaving `skip` to the caller. */
export function patchPage(page, skip = null) {
  eachRegion(page, (current, fresh) => morph(current, fresh, skip));
}

// MARK: - Focus

/**
 * Runs `update`; if the keyboard was on one of `selector`'s elements and the update took it
 * away, gives it back: to the same element when it is still there and enabled, else to the first
 * enabled one from place `from` on (by default where it was), else the last.
 */
export function keepingFocus(selector, update, from = null) {
  const active = document.activeElement;
  const index = [...document.querySelectorAll(selector)].indexOf(active);
  update();
  if (index < 0) return;
  if (active.isConnected && !active.disabled) {
    if (document.activeElement !== active) active.focus();
    return;
  }
  const elements = [...document.querySelectorAll(selector)];
  const target = elements.slice(from ?? index).find((element) => !element.disabled)
    || elements.filter((element) => !element.disabled).at(-1);
  if (target) target.focus();
}

/**
 * Moves the keyboard from `card` to another of `cards` (a grid of `columns`, in reading order)
 * for an arrow key, Home or End, passing over disabled cards; answers whether `event` was one of
 * those keys (it is then handled).
 */
export function moveInGrid(event, card, cards, columns) {
  const isEnabled = (element) => !element.disabled;
  let next;
  if (event.key === "Home") {
    next = cards.find(isEnabled);
  } else if (event.key === "End") {
    next = cards.findLast(isEnabled);
  } else {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns, ArrowDown: columns }[event.key];
    if (step === undefined) return false;
    for (let index = cards.indexOf(card) + step; index >= 0 && index < cards.length; index += step) {
      if (isEnabled(cards[index])) {
        next = cards[index];
        break;
      }
    }
  }
  if (next) next.focus();
  event.preventDefault();
  return true;
}

/**
 * How many columns `grid` lays out now: a CSS grid's tracks, or, for rows of cards that wrap
 * (Memorize centers its last row), how many cards share the first row.
 */
export function columnsOf(grid) {
  if (!grid) return 1;
  const style = getComputedStyle(grid);
  if (style.display === "grid") return style.gridTemplateColumns.split(" ").length;
  const cards = [...grid.children].filter((child) => child.offsetParent !== null);
  const top = cards.length ? cards[0].offsetTop : 0;
  return Math.max(1, cards.filter((card) => card.offsetTop === top).length);
}

// MARK: - Animations

/** Animates `element` from where `from` (a rectangle) was to where it is now; a fade under reduced motion. */
export function flyFrom(element, from, { delay = 0, duration = flightMilliseconds() } = {}) {
  if (!from || !element.animate) return;
  if (reducedMotion.matches) {
    element.animate([{ opacity: 0 }, { opacity: 1 }], { duration, delay, fill: "backwards" });
    return;
  }
  const to = element.getBoundingClientRect();
  if (to.width === 0) return;
  const start = `translate(${from.left - to.left}px, ${from.top - to.top}px) scale(${from.width / to.width})`;
  element.animate(
    [{ transformOrigin: "0 0", transform: start }, { transformOrigin: "0 0", transform: "none" }],
    { duration, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" });
}

/** Flies `clone` (a copy of something that left) from rectangle `from` to `to` and removes it; a fade under reduced motion. */
export function flyAway(clone, from, to, { delay = 0, duration = flightMilliseconds() } = {}) {
  clone.setAttribute("aria-hidden", "true");
  clone.tabIndex = -1;
  Object.assign(clone.style, {
    left: `${from.left}px`, top: `${from.top}px`, width: `${from.width}px`, height: `${from.height}px`,
  });
  document.body.append(clone);
  let frames = [{ opacity: 1 }, { opacity: 0 }];
  if (!reducedMotion.matches && to) {
    const end = `translate(${to.left - from.left}px, ${to.top - from.top}px) scale(${to.width / from.width}) rotate(12deg)`;
    frames = [{ transformOrigin: "0 0", transform: "none" }, { transformOrigin: "0 0", transform: end }];
  }
  const animation = clone.animate(frames, { duration, delay, easing: "ease-in", fill: "both" });
  animation.onfinish = () => clone.remove();
  animation.oncancel = () => clone.remove();
}

/** Plays the CSS animation of `className` on `elements` again from the start. */
export function replay(elements, className) {
  for (const element of elements) {
    element.classList.remove(className);
    void element.offsetWidth;
    element.classList.add(className);
    element.addEventListener("animationend", () => element.classList.remove(className), { once: true });
  }
}

// MARK: - The game clock

let clockTimer = null;

/**
 * Keeps the page's game clock (`<time data-clock data-seconds>`) counting from the seconds the
 * server drew, while it has `data-running`; the server's next page corrects any drift.
 */
export function runClock() {
  window.clearInterval(clockTimer);
  const clock = document.querySelector("[data-clock]");
  if (!clock || !clock.hasAttribute("data-running")) return;
  const drawn = Number(clock.dataset.seconds) || 0;
  const since = performance.now();
  const pad = (value) => String(value).padStart(2, "0");
  clockTimer = window.setInterval(() => {
    const seconds = drawn + Math.floor((performance.now() - since) / 1000);
    const [hours, minutes, rest] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
    clock.textContent = hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
  }, 1000);
}

// MARK: - Sound

let audio = null;
let sounds = null;

// Browsers allow sound once the player taps: then a page with the toggle ([data-sounds]) loads it.
function wakeSound() {
  if (!window.AudioContext || !document.querySelector("[data-sounds]")) return;
  audio ??= new AudioContext();
  if (audio.state !== "running") audio.resume().catch(() => {});
  sounds ??= import("./sound.js").then((module) => module.load(audio)).catch(() => {
    sounds = null;
    return () => {};
  });
}
for (const type of ["pointerdown", "click", "keydown"]) document.addEventListener(type, wakeSound, true);

/** Plays the sound `name` (found, wrong, dealt, match), if on and allowed. */
export const cue = (name) => sounds?.then((play) => play(name));
