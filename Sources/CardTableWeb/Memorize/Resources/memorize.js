// The Memorize game page's module. Without it every tap is a form post and a new page; with it,
// taps and New Game are sent with fetch and the page is patched from the page the server
// answers: cards flip with CSS (a card keeps its face until it has turned over), the score and
// the announcement change in place, and a new deal or the end of the game swaps the page in.
// It also keeps the player's pace: the peek at the start ends on time, and a mismatch turns back
// after the delay they chose (the server turns both back; it only needs asking).
import {
  adoptChildren, columnsOf, cue, enqueue, getPage, keepingFocus, motion, moveInGrid, patchPage, postForPage, runClock,
  swapPage,
} from "./cardtable.js";

const cardsIn = (root) => new Map([...root.querySelectorAll("[data-card-id]")].map((card) => [card.dataset.cardId, card]));

function focusFirstCard() {
  const first = document.querySelector("[data-card-id]");
  if (first) first.focus();
}

/**
 * Starts the speed-bonus pies in `root`: the page gives where a pie starts and how long it runs
 * as data attributes, which become the CSS variables its animation reads.
 */
function startPies(root) {
  for (const pie of root.querySelectorAll(".bonus-pie[data-bonus-start]")) {
    pie.style.setProperty("--bonus-start", pie.dataset.bonusStart);
    pie.style.setProperty("--bonus-duration", `${pie.dataset.bonusDuration}s`);
  }
}

let paceTimer = null;

/**
 * Asks the server again when the board says something is due: the end of the peek (the page then
 * shows the cards face down) or the player's delay before a mismatch turns back.
 */
function keepPace() {
  window.clearTimeout(paceTimer);
  const board = document.querySelector("[data-board]");
  if (!board) return;
  const { peekMs, turnBackAfter, turnBackUrl } = board.dataset;
  if (peekMs) {
    paceTimer = window.setTimeout(() => enqueue(async () => apply(await getPage()), { automatic: true }), Number(peekMs));
  } else if (turnBackAfter) {
    paceTimer = window.setTimeout(() => {
      const deal = document.querySelector('[data-grid] input[name="deal"]');
      const body = new URLSearchParams({ deal: deal ? deal.value : "" });
      enqueue(async () => apply(await postForPage(turnBackUrl, body)), { automatic: true });
    }, Number(turnBackAfter));
  }
}

/** Shows a card's face (or none) as the server drew it. */
function showFace(card, freshCard) {
  adoptChildren(card.querySelector(".card-front"), freshCard.querySelector(".card-front"));
  startPies(card);
}

const matchedIn = (root) => root.querySelectorAll("[data-card-id].is-matched").length;

/** Patches the game from the server's page. */
function apply(page) {
  const cards = cardsIn(document);
  const fresh = cardsIn(page);
  const sameCards = cards.size === fresh.size && [...fresh.keys()].every((id) => cards.has(id));
  const endsGame = page.querySelector("[data-game-over]") && !document.querySelector("[data-game-over]");
  if ((sameCards && matchedIn(page) > matchedIn(document)) || endsGame) cue("match");
  if (!sameCards || page.querySelector("[data-game-over]")) {
    swapPage(page);
    startPies(document);
    runClock();
    keepPace();
    const gameOver = document.querySelector("[data-game-over] button");
    if (gameOver) gameOver.focus();
    else if (document.activeElement === document.body) focusFirstCard();
    return;
  }
  // A matched card is disabled: the keyboard moves on to the next card still in play.
  keepingFocus("[data-card-id]", () => {
    const wasFaceUp = new Set([...cards].filter(([, card]) => card.classList.contains("is-face-up")).map(([id]) => id));
    patchPage(page, ".card-front");
    for (const [id, card] of cards) {
      const freshCard = fresh.get(id);
      if (wasFaceUp.has(id) && !card.classList.contains("is-face-up")) {
        window.setTimeout(() => {
          if (!card.classList.contains("is-face-up")) showFace(card, freshCard);
        }, motion(420));
      } else {
        showFace(card, freshCard);
      }
    }
  });
  runClock();
  keepPace();
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (form.matches("[data-grid]")) {
    const button = event.submitter;
    if (!button || !button.matches("[data-card-id]")) return;
    event.preventDefault();
    const url = button.formAction;
    // NB: read when the tap is made; the deal it names is the one the player saw. A tap from a
    // page showing an earlier game is answered 409, and the queue reloads the page.
    const body = new URLSearchParams(new FormData(form));
    window.clearTimeout(paceTimer);
    enqueue(async () => apply(await postForPage(url, body)));
  } else if (form.matches("[data-options-form]")) {
    event.preventDefault();
    const body = new URLSearchParams(new FormData(form));
    // Saved, the panel closes before the options apply: a peek they start shows every card
    // with nothing over them.
    const panel = form.closest("details");
    if (panel) {
      panel.open = false;
      panel.querySelector(":scope > summary").focus();
    }
    enqueue(async () => apply(await postForPage(form.action, body)));
  } else if (form.matches("[data-new-game]")) {
    event.preventDefault();
    const url = form.action;
    enqueue(async () => {
      swapPage(await postForPage(url));
      startPies(document);
      runClock();
      keepPace();
      focusFirstCard();
    });
  }
});

// The game bar's panels (scoring, options) lie over the cards: a tap elsewhere closes them, and
// so does Escape, which gives the keyboard back to the panel's summary.
document.addEventListener("pointerdown", (event) => {
  for (const panel of document.querySelectorAll(".game-bar details[open]")) {
    if (!panel.contains(event.target)) panel.open = false;
  }
});
document.addEventListener("keydown", (event) => {
  const panel = event.key === "Escape" && event.target.closest && event.target.closest(".game-bar details[open]");
  if (!panel) return;
  panel.open = false;
  panel.querySelector(":scope > summary").focus();
});

// The options apply on Save; closed without it, the panel shows again the options in effect.
document.addEventListener("toggle", (event) => {
  const panel = event.target;
  if (!panel.matches || !panel.matches("[data-options]") || panel.open) return;
  const form = panel.querySelector("[data-options-form]");
  if (form) form.reset();
}, true);

startPies(document);
runClock();
keepPace();

// Arrow keys, Home and End move between the cards still in play.
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const card = event.target.closest && event.target.closest("[data-card-id]");
  if (!card) return;
  const grid = card.closest("[data-grid]");
  moveInGrid(event, card, [...document.querySelectorAll("[data-card-id]")], columnsOf(grid));
});
