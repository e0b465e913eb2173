// A room's page module. The page works without it (every action is a form post and the page
// is fresh after each); with it, the page stays live: it listens on the room's WebSocket, sends
// moves on it, and redraws from the server's page whenever the room has a new event. A claim
// goes out when the third card is checked. Cards that leave the Set table fly to whoever took
// them; cards that come are marked new for a reaction time, during which a tap on one checks
// nothing (the referee would call a claim of it "the table changed"). The socket resumes from
// the last event drawn after the network changes or the phone wakes (visibilitychange, online);
// where WebSocket cannot connect, the page asks GET …/events?after=N every few seconds instead.
// Chat messages and reactions are drawn by room-chat.js as they come, without a redraw.
import { cue, enqueue, flyAway, flyFrom, getPage, patchPage, reconcile } from "./cardtable.js";
import { afterRedraw, forgetTalk, hearTalk, showRefusal, useSender } from "./room-chat.js";

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

const room = () => $("[data-room]");
const lastEvent = () => Number(room()?.dataset.lastEvent || 0);

/** Counts redraws on <html data-room-updates>, so tests can wait for the page to catch up. */
function markUpdated() {
  const root = document.documentElement;
  root.dataset.roomUpdates = String(Number(root.dataset.roomUpdates || 0) + 1);
}

/** How many cards a claim names: 3, or 4 in UltraSet. */
const cardsPerClaim = () => Number($("[data-room-claim]")?.dataset.cardsPerClaim || 3);

function say(text) {
  const status = $("[data-room-announcement]");
  if (status) status.textContent = text;
}

// MARK: - Drawing

/** How long a new card is marked, and taps on it held back: the referee's reaction time. */
const reactionMilliseconds = () => Number($("[data-room-claim]")?.dataset.reactionMs || 0);

/**
 * The cards on the Set table (by number) drawn by a redraw, while they are new: when the page
 * drew each, and the event it drew them at. The socket may bring that event after the page (the
 * page is fetched, and may be ahead of its socket): a card's reaction time starts once both
 * have it, as the referee's does when the event goes out on the socket.
 */
const arrivals = new Map();

/** The last event the socket brought, and when. */
let heard = { number: 0, at: 0 };

/** Notes that the socket brought event `number`: cards drawn at it or before start counting. */
function hear(number) {
  if (number <= heard.number) return;
  heard = { number, at: performance.now() };
  for (const arrival of arrivals.values()) {
    if (!arrival.counting && arrival.event <= number) Object.assign(arrival, { at: heard.at, counting: true });
  }
  markNewCards();
}

/** Starts every waiting card's reaction time now: the socket closed, and the referee counts
 * claims that are not sent on a socket from the deal. */
function stopWaitingForTheSocket() {
  const now = performance.now();
  for (const arrival of arrivals.values()) if (!arrival.counting) Object.assign(arrival, { at: now, counting: true });
  markNewCards();
}

/** Whether the card numbered `number` came less than a reaction time ago. */
function isNew(number) {
  const arrival = arrivals.get(number);
  return arrival !== undefined && (!arrival.counting || performance.now() - arrival.at < reactionMilliseconds());
}

/** Marks the grid's cards that are new (`is-new`, a glow) and forgets the others. */
function markNewCards() {
  for (const [number, arrival] of arrivals) {
    const card = setGrid() && $(`[data-room-card="${number}"]`, setGrid());
    if (!card || !isNew(number)) {
      arrivals.delete(number);
      card?.classList.remove("is-new");
      continue;
    }
    card.classList.add("is-new");
    card.style.setProperty("--reaction-ms", `${reactionMilliseconds()}`);
    if (arrival.counting) window.setTimeout(markNewCards, reactionMilliseconds() - (performance.now() - arrival.at) + 1);
  }
}

/** Who took each card that a `scored` event named (by number), to fly it to them. */
const takers = new Map();

const setGrid = () => $("[data-room-claim] .set-grid");

/**
 * Redraws from the server's page, keeping the cards this player has checked: a check follows
 * its card (by number) wherever it is drawn, and goes when the card leaves the table. The page
 * is asked for what happened after the last event drawn (`?after=N`), so its announcement says
 * every event since, in order, and none twice; a page with nothing new keeps what this one says.
 * A join form sent back with a problem keeps its name and message. When the page cannot be
 * fetched (the network just went), it stays as it is: the socket resumes after the last event
 * drawn once the network is back, and that redraws it.
 */
async function redraw() {
  const chatFromPage = takeChatFromPage;
  takeChatFromPage = false;
  const drawn = lastEvent();
  const url = new URL(room().dataset.pageUrl, window.location.href);
  url.searchParams.set("after", String(drawn));
  let page;
  try {
    page = await getPage(url.href);
  } catch {
    return;
  }
  const news = page.querySelector("[data-room-announcement]");
  if (news && Number(page.querySelector("[data-room]")?.dataset.lastEvent || 0) <= drawn) {
    news.textContent = $("[data-room-announcement]")?.textContent ?? news.textContent;
  }
  // NB: read after the fetch, so a card checked while it was under way stays checked.
  const checked = new Set($$(".room-check:checked").map((box) => box.name));
  const grid = setGrid();
  const before = new Map($$("[data-room-card]", grid ?? document.createElement("div"))
    .map((card) => [card, card.getBoundingClientRect()]));
  patchPage(page, "[data-sent-back], [data-room-claim] .set-grid, [data-room-chat-log], [data-room-chat-toggle]");
  afterRedraw(page, { fromPage: chatFromPage });
  const freshGrid = page.querySelector("[data-room-claim] .set-grid");
  let added = [];
  if (grid?.isConnected && freshGrid) {
    const table = reconcile(grid, freshGrid, (node) => node.dataset.roomCard);
    added = table.added;
    // NB: in Set-Chain the Set taken stays beside the table as the last Set: it does not fly.
    const leaving = table.removed.filter((card) => !$(`[data-room-chain] [data-room-card="${card.dataset.roomCard}"]`));
    leaving.forEach((card, index) => {
      const taker = takers.get(card.dataset.roomCard);
      flyToTaker(card, before.get(card), taker && $(`[data-room-members] [data-member="${taker}"]`), index * 70);
    });
  } else if (setGrid() && setGrid() !== grid) {
    added = $$("[data-room-card]", setGrid());
  }
  for (const number of takers.keys()) if (!$(`[data-room-card="${number}"]`, grid ?? document)) takers.delete(number);
  const now = performance.now();
  // NB: without a socket (polling, or forms) the referee counts from the deal: so does the page.
  const counting = !socket || lastEvent() <= heard.number;
  for (const card of added) arrivals.set(card.dataset.roomCard, { at: now, event: lastEvent(), counting });
  added.forEach((card, index) => flyFrom(card, grow(card), { delay: index * 60 }));
  for (const box of $$(".room-check")) box.checked = checked.has(box.name);
  markNewCards();
  markUpdated();
}

/** A card's rectangle shrunk to its middle, for a card that comes in growing. */
function grow(card) {
  const rect = card.getBoundingClientRect();
  const scale = 0.55;
  return {
    left: rect.left + (rect.width * (1 - scale)) / 2, top: rect.top + (rect.height * (1 - scale)) / 2,
    width: rect.width * scale, height: rect.height * scale,
  };
}

/** Flies a card that left from where it was (`from`) to the taker's name, or fades it out there. */
function flyToTaker(card, from, taker, delay) {
  if (!from) return;
  const clone = card.cloneNode(true);
  clone.removeAttribute("data-room-card");
  clone.querySelector("input")?.remove();
  clone.classList.remove("is-new");
  clone.classList.add("set-flying");
  flyAway(clone, from, taker?.getBoundingClientRect() ?? null, { delay });
}

// MARK: - The socket, and polling when there is none

let socket = null;
let retries = 0;
let retryTimer = null;
let pollTimer = null;

function socketURL() {
  const url = new URL(room().dataset.socketUrl, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.searchParams.set("after", String(lastEvent()));
  return url.href;
}

function connect() {
  if (!room() || (socket && socket.readyState <= WebSocket.OPEN)) return;
  window.clearTimeout(retryTimer);
  if (!("WebSocket" in window) || retries >= 3) return poll();
  socket = new WebSocket(socketURL());
  socket.addEventListener("open", () => {
    retries = 0;
    window.clearTimeout(pollTimer);
    // Counts the sockets opened on <html data-room-sockets>, so tests can see a reconnect.
    const root = document.documentElement;
    root.dataset.roomSockets = String(Number(root.dataset.roomSockets || 0) + 1);
  });
  socket.addEventListener("message", (message) => receive(JSON.parse(message.data)));
  // NB: whatever closed it (the network, a restart, 1013 for a client that fell behind), the
  // socket reconnects after the last event drawn and catches up; but a device that is no longer
  // its player's (1008: forgotten, or linked to another) loads the room again as whoever it is
  // now (a GET, so a join form the page answered is not sent again).
  socket.addEventListener("close", (event) => {
    socket = null;
    stopWaitingForTheSocket();
    if (event.code === 1008) return window.location.replace(room().dataset.pageUrl);
    retries += 1;
    retryTimer = window.setTimeout(connect, Math.min(10, 2 ** retries) * 500);
  });
}

/** The last event whose sound was chosen: its number and kind. */
let lastCued = { number: 0, kind: null };

/**
 * The sound of an event as it happens: this player's Set or wrong claim, new cards (those that
 * replace another player's Set too: a Set brings its replacements in the same event), a match.
 * A Set that leaves none on the table is followed at once by the deal it caused (the next
 * event: a Set clears the deal votes); that deal is heard in the Set's sound, as in a game alone.
 */
function cueFor(event) {
  const mine = String(event.member) === $("[data-room-members] .is-you")?.dataset.member;
  const dealtByTheSet = event.kind === "dealt" && lastCued.kind === "scored" && lastCued.number === event.number - 1;
  lastCued = { number: event.number, kind: event.kind };
  if (dealtByTheSet) return;
  const name = { scored: mine ? "found" : "dealt", wrongSet: mine && "wrong", dealt: "dealt", matched: "match" }[event.kind];
  if (name) cue(name);
}

/** Redraws queued and not done yet. */
let redrawsWaiting = 0;

/** Whether the next redraw takes the chat's list from the page: a snapshot brought no messages. */
let takeChatFromPage = false;

function queueRedraw() {
  redrawsWaiting += 1;
  return enqueue(async () => {
    try {
      await redraw();
    } finally {
      redrawsWaiting -= 1;
    }
  });
}

function receive(message) {
  if (message.type === "error") {
    if (!showRefusal(message.message)) say(message.message);
    return;
  }
  // Talk changes nothing else: drawn as it comes. The page has everything before it when nothing
  // waits to be drawn, so a later redraw asks for what came after it.
  if (message.type === "event" && hearTalk(message)) {
    hear(message.number);
    if (message.number === lastEvent() + 1 && redrawsWaiting === 0) room().dataset.lastEvent = String(message.number);
    return;
  }
  if (message.type === "snapshot") takeChatFromPage = true;
  if (message.kind === "scored") for (const card of message.cards) takers.set(String(card), message.member);
  const number = message.type === "snapshot" ? message.lastEvent : message.number;
  // NB: by what the socket has brought, not what is drawn: a redraw for one event may already
  // show the next, whose message is still to come.
  if (message.kind && number > heard.number) cueFor(message);
  hear(number);
  if (number > lastEvent()) queueRedraw();
}

async function poll() {
  window.clearTimeout(pollTimer);
  try {
    const response = await fetch(`${room().dataset.eventsUrl.split("?")[0]}?after=${lastEvent()}`, {
      headers: { Accept: "application/json" }, credentials: "same-origin",
    });
    if (response.ok && (await response.json()).length > 0) await queueRedraw();
  } catch {
    // Offline, or the server is restarting: the next poll tries again.
  } finally {
    pollTimer = window.setTimeout(poll, 3000);
  }
}

/** Sends a request on the socket; false when it is not open (the form is then posted). */
function send(request) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(request));
  return true;
}

// The phone woke up or the network came back: resume at once.
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") connect(); });
window.addEventListener("online", () => { retries = 0; connect(); });

// MARK: - Moves

/**
 * The card (its number) a tap or a press of the space bar began on. Another player's Set can
 * change the table between the press and its click: the card then under the finger is not the
 * one the player chose, so that click checks nothing. Nor does a click on a card drawn less than
 * a reaction time ago: nobody has seen it yet.
 */
let pressedCard = null;

function notePress(event) {
  if (event.type === "keydown" && event.key !== " ") return;
  pressedCard = event.target.closest?.("[data-room-card]")?.dataset.roomCard ?? null;
}
document.addEventListener("pointerdown", notePress, true);
document.addEventListener("keydown", notePress, true);
document.addEventListener("pointercancel", () => { pressedCard = null; }, true);

document.addEventListener("click", (event) => {
  const card = event.target.closest?.("[data-room-card]");
  if (!card) return;
  // NB: only the table's cards: Set-Chain's last Set beside it is no new card.
  if (card.closest(".set-grid") && isNew(card.dataset.roomCard)) {
    event.preventDefault();
    say("That card just came: take a look, then tap it.");
  }
  if (pressedCard === null) return;
  if (card.dataset.roomCard !== pressedCard) event.preventDefault();
  // NB: a label's click clicks its box next, within this task; the press ends after both.
  window.setTimeout(() => { pressedCard = null; });
}, true);

document.addEventListener("change", (event) => {
  if (!event.target.matches(".room-check")) return;
  const checked = $$(".room-check:checked");
  if (checked.length === cardsPerClaim()) $("[data-room-claim]").requestSubmit();
});

document.addEventListener("submit", (event) => {
  const form = event.target;
  let request = null;
  if (form.matches("[data-room-claim]")) {
    const cards = $$(".room-check:checked", form).map((box) => Number(box.name.slice(5)));
    if (cards.length !== cardsPerClaim()) {
      event.preventDefault();
      return say(cardsPerClaim() === 4 ? "Check four cards to claim an UltraSet." : "Check three cards to claim a Set.");
    }
    request = { type: "claim", cards };
  } else if (form.matches("[data-room-action]")) {
    request = { type: form.dataset.roomAction };
  } else if (form.matches("[data-room-cards]") && event.submitter?.dataset.cardId) {
    request = { type: "choose", card: Number(event.submitter.dataset.cardId) };
  }
  if (request && send(request)) {
    forgetTalk();
    event.preventDefault();
    $$(".room-check:checked").forEach((box) => { box.checked = false; });
  }
});

useSender(send);
connect();
