// The Set page's script. The page works without it (every action is a form post); with it,
// actions are sent with fetch and the page is updated in place from the server's JSON: cards fly
// from the deck and to the discard pile, a mismatch shakes, a match celebrates, the grid is sized
// so every card is as large as the screen allows, two-player countdowns tick, and keys play.
// The server decides everything; this script only draws what it is sent.
(() => {
  "use strict";

  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  const flyMilliseconds = () => (reducedMotion.matches ? 250 : 480);

  const $ = (selector, root = document) => root.querySelector(selector);
  const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

  // MARK: - Layout: the largest cards that fit, never narrower than a minimum

  let resizeObserver = null;

  function fitGrid() {
    const board = $("[data-set-board]");
    const grid = $("[data-set-grid]");
    if (!board || !grid) return;
    const count = grid.querySelectorAll("[data-set-card]").length;
    if (count === 0) return;
    const padding = 8;
    const width = board.clientWidth - padding;
    const height = board.clientHeight - padding;
    const gap = count > 24 ? 4 : count > 15 ? 5 : 7;
    // NB: below this width a card's symbols stop being recognizable, so the grid scrolls instead.
    const minimum = Math.min(window.innerWidth, window.innerHeight) < 600 ? 44 : 60;
    let best = { columns: 1, card: 0 };
    for (let columns = 1; columns <= count; columns++) {
      const rows = Math.ceil(count / columns);
      const card = Math.min((width - (columns - 1) * gap) / columns, ((height - (rows - 1) * gap) / rows) * 2 / 3);
      if (card > best.card + 0.01) best = { columns, card };
    }
    if (best.card < minimum) {
      const columns = Math.max(1, Math.floor((width + gap) / (minimum + gap)));
      best = { columns, card: Math.max(minimum, (width - (columns - 1) * gap) / columns) };
    }
    grid.style.setProperty("--set-columns", best.columns);
    grid.style.setProperty("--set-card-width", `${Math.floor(best.card * 10) / 10 - 0.2}px`);
    grid.style.setProperty("--set-gap", `${gap}px`);
    grid.dataset.fitted = "";
  }

  // MARK: - Drawing cards from JSON (the same markup as set-face.mustache)

  function escape(text) {
    return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  }

  function faceMarkup(card) {
    const uses = card.symbols
      .map((symbol) => `<use href="#set-${escape(symbol.shape)}" transform="${escape(symbol.transform)}"/>`)
      .join("");
    const cue = escape(card.cue);
    return `<svg class="set-face set-${escape(card.color)} set-${escape(card.shading)}" viewBox="0 0 100 150" aria-hidden="true" focusable="false">`
      + `<text class="set-cue" x="6" y="17">${cue}</text><text class="set-cue" x="94" y="145" text-anchor="end">${cue}</text>${uses}</svg>`;
  }

  function makeCard(card) {
    const button = document.createElement("button");
    button.type = "submit";
    button.formAction = card.selectURL;
    button.dataset.setCard = card.id;
    button.innerHTML = faceMarkup(card);
    return button;
  }

  function updateCard(button, card) {
    button.className = `set-card ${card.classes}`;
    button.setAttribute("aria-label", card.label);
  }

  // MARK: - Animations

  function flyFrom(element, from, delay) {
    if (!from || !element.animate) return;
    if (reducedMotion.matches) {
      element.animate([{ opacity: 0 }, { opacity: 1 }], { duration: flyMilliseconds(), delay, fill: "backwards" });
      return;
    }
    const to = element.getBoundingClientRect();
    if (to.width === 0) return;
    const dx = from.left - to.left;
    const dy = from.top - to.top;
    const scale = from.width / to.width;
    element.animate(
      [
        { transformOrigin: "0 0", transform: `translate(${dx}px, ${dy}px) scale(${scale})` },
        { transformOrigin: "0 0", transform: "none" },
      ],
      { duration: flyMilliseconds(), delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" });
  }

  function flyToDiscard(element, from, to, delay, colorBlind) {
    const clone = element.cloneNode(true);
    clone.removeAttribute("data-set-card");
    clone.classList.remove("is-celebrating", "is-shaking");
    clone.classList.add("set-flying");
    clone.classList.toggle("is-colorblind", colorBlind);
    clone.setAttribute("aria-hidden", "true");
    clone.tabIndex = -1;
    Object.assign(clone.style, {
      left: `${from.left}px`, top: `${from.top}px`, width: `${from.width}px`, height: `${from.height}px`,
    });
    document.body.append(clone);
    let frames;
    if (reducedMotion.matches || !to) {
      frames = [{ opacity: 1 }, { opacity: 0 }];
    } else {
      const dx = to.left - from.left;
      const dy = to.top - from.top;
      const scale = to.width / from.width;
      frames = [
        { transformOrigin: "0 0", transform: "none" },
        { transformOrigin: "0 0", transform: `translate(${dx}px, ${dy}px) scale(${scale}) rotate(12deg)` },
      ];
    }
    const animation = clone.animate(frames, { duration: flyMilliseconds(), delay, easing: "ease-in", fill: "both" });
    animation.onfinish = () => clone.remove();
    animation.oncancel = () => clone.remove();
  }

  function play(elements, className) {
    for (const element of elements) {
      element.classList.remove(className);
      void element.offsetWidth;
      element.classList.add(className);
      element.addEventListener("animationend", () => element.classList.remove(className), { once: true });
    }
  }

  // MARK: - Applying the server's state

  function setText(selector, text, root = document) {
    const element = $(selector, root);
    if (element) element.textContent = text;
  }

  function setShown(element, shown) {
    if (element) element.hidden = !shown;
  }

  function applyPlayer(panel) {
    if (!panel) return;
    const section = $(`[data-set-player="${panel.player}"]`);
    if (!section) return;
    section.classList.toggle("is-claiming", panel.isClaiming);
    setText("[data-set-player-score]", panel.score, section);
    setText("[data-set-player-status]", panel.status, section);
    const claim = $("[data-set-claim]", section);
    if (claim) claim.disabled = !panel.canClaim;
    const deal = $("[data-set-player-deal]", section);
    if (deal) deal.disabled = !panel.canDeal;
    const countdown = $("[data-set-countdown]", section);
    setShown(countdown, Boolean(panel.countdown));
    if (countdown && panel.countdown) {
      countdown.dataset.kind = panel.countdown.kind;
      countdown.dataset.seconds = panel.countdown.seconds;
      setText("[data-set-countdown-seconds]", panel.countdown.wholeSeconds, countdown);
      setText("[data-set-countdown-caption]", panel.countdown.caption, countdown);
    }
  }

  function missedMarkup(missed) {
    const sets = missed.sets.map((set) => `<li><span class="visually-hidden">${escape(set.label)}</span>`
      + set.cards.map((card) => `<span class="set-mini">${faceMarkup(card)}</span>`).join("") + "</li>").join("");
    return `<h2 class="set-missed-heading">${escape(missed.heading)}</h2><ul class="set-missed-list">${sets}</ul>`;
  }

  /// Draws the server's state; when the page cannot be updated in place (another mode), returns
  /// the promise of a reload, which callers return so it runs inside the request queue.
  function apply(state) {
    const app = $("[data-set-app]");
    const grid = $("[data-set-grid]");
    if (!app || !grid || app.dataset.mode !== state.mode) return reloadInPlace();
    const previousSelection = app.dataset.selection;
    app.dataset.version = state.version;
    for (const field of $$("input[name=version]")) field.value = state.version;
    app.dataset.selection = state.selectionState;
    app.classList.toggle("is-colorblind", state.colorBlind);

    // Where everything was before the change, for the animations.
    const deckCard = $("[data-set-deck-card]");
    const discardCard = $("[data-set-discard-card]");
    const deckRect = deckCard ? deckCard.getBoundingClientRect() : null;
    const discardRect = discardCard ? discardCard.getBoundingClientRect() : null;
    const oldCards = new Map($$("[data-set-card]", grid).map((button) => [Number(button.dataset.setCard), button]));
    const oldRects = new Map([...oldCards].map(([id, button]) => [id, button.getBoundingClientRect()]));
    const focusedID = document.activeElement && document.activeElement.dataset
      ? Number(document.activeElement.dataset.setCard) : NaN;
    const focusedIndex = [...oldCards.keys()].indexOf(focusedID);

    // Matched cards leave for the discard pile.
    const newIDs = new Set(state.cards.map((card) => card.id));
    let leaving = 0;
    for (const [id, button] of oldCards) {
      if (newIDs.has(id)) continue;
      flyToDiscard(button, oldRects.get(id), discardRect, leaving * 70, state.colorBlind);
      button.remove();
      leaving += 1;
    }

    // The table in the engine's order; kept cards stay in place in the DOM.
    const entering = [];
    state.cards.forEach((card, index) => {
      let button = oldCards.get(card.id);
      if (!button) {
        button = makeCard(card);
        entering.push(button);
      }
      updateCard(button, card);
      if (grid.children[index] !== button) grid.insertBefore(button, grid.children[index] || null);
    });
    grid.setAttribute("aria-label", `Cards on the table: ${state.cardCount}`);
    fitGrid();

    // New cards fly in from the deck; kept cards glide to their new places.
    entering.forEach((button, index) => flyFrom(button, deckRect, (leaving ? 200 : 0) + index * 90));
    if (!reducedMotion.matches) {
      for (const [id, button] of oldCards) {
        const before = oldRects.get(id);
        if (!newIDs.has(id) || !before) continue;
        const after = button.getBoundingClientRect();
        if (Math.abs(before.left - after.left) + Math.abs(before.top - after.top) + Math.abs(before.width - after.width) > 1) {
          flyFrom(button, before, 0);
        }
      }
    }
    if (state.selectionState === "mismatch" && previousSelection !== "mismatch") play($$(".is-mismatch", grid), "is-shaking");
    if (state.selectionState === "match" && previousSelection !== "match") play($$(".is-match", grid), "is-celebrating");

    // Keep the keyboard where it was.
    if (focusedIndex >= 0 && (document.activeElement === document.body || !document.activeElement.isConnected)) {
      const buttons = $$("[data-set-card]", grid);
      const target = oldCards.has(focusedID) && newIDs.has(focusedID)
        ? oldCards.get(focusedID) : buttons[Math.min(Math.max(focusedIndex, 0), buttons.length - 1)];
      if (target) target.focus();
    }

    // Piles, score, texts.
    setText("[data-set-score]", state.score);
    setText("[data-set-deck-count]", state.deckCount);
    setText("[data-set-discard-count]", state.discardCount);
    if (deckCard) deckCard.classList.toggle("is-empty", state.deckCount === 0);
    if (discardCard) {
      const draw = () => { discardCard.innerHTML = state.discardTop ? faceMarkup(state.discardTop) : ""; };
      if (leaving) window.setTimeout(draw, flyMilliseconds() + leaving * 70); else draw();
    }
    const deal = $("[data-set-deal]");
    if (deal) deal.disabled = !state.canDeal;
    for (const hintButton of $$("[data-set-hint-button], [data-set-player-hint]")) hintButton.disabled = !state.canHint;
    setText("[data-set-announcement]", state.announcement);
    const why = $("[data-set-why]");
    setShown(why, Boolean(state.whyNot));
    if (why) why.textContent = state.whyNot || "";
    const hint = $("[data-set-hint]");
    setShown(hint, Boolean(state.hint));
    if (hint) hint.textContent = state.hint || "";
    applyPlayer(state.playerOne);
    applyPlayer(state.playerTwo);

    const colorBlind = $("[data-set-color-blind]");
    if (colorBlind) {
      colorBlind.textContent = `Color-blind mode: ${state.colorBlind ? "on" : "off"}`;
      colorBlind.setAttribute("aria-pressed", String(state.colorBlind));
      const field = colorBlind.form && colorBlind.form.querySelector("[name=enabled]");
      if (field) field.value = String(!state.colorBlind);
    }

    const missed = $("[data-set-missed]");
    if (missed) {
      setShown(missed, Boolean(state.missed));
      const body = $("[data-set-missed-body]", missed);
      if (body) body.innerHTML = state.missed ? missedMarkup(state.missed) : "";
    }
    const over = $("[data-set-game-over]");
    const wasOver = over && !over.hidden;
    setShown(over, state.isOver);
    setText("[data-set-final]", state.result || "");
    if (state.isOver && !wasOver) {
      const button = $("[data-set-game-over] button");
      if (button) button.focus();
    }
    startCountdowns(state.refreshAfter);
    markUpdated();
  }

  /// Counts updates on <html data-set-updates>, so tests can wait for the page to catch up.
  function markUpdated() {
    const root = document.documentElement;
    root.dataset.setUpdates = String(Number(root.dataset.setUpdates || 0) + 1);
  }

  // MARK: - Two-player countdowns (the server is the source of truth)

  let ticker = null;
  let refresher = null;

  function startCountdowns(refreshAfter) {
    window.clearInterval(ticker);
    window.clearTimeout(refresher);
    const started = performance.now();
    const countdowns = $$("[data-set-countdown]").filter((element) => !element.hidden);
    if (countdowns.length > 0) {
      ticker = window.setInterval(() => {
        const elapsed = (performance.now() - started) / 1000;
        for (const element of countdowns) {
          const left = Math.max(0, Number(element.dataset.seconds) - elapsed);
          setText("[data-set-countdown-seconds]", Math.ceil(left), element);
        }
      }, 200);
    }
    const seconds = Number(refreshAfter);
    if (refreshAfter !== undefined && refreshAfter !== null && refreshAfter !== "" && Number.isFinite(seconds)) {
      refresher = window.setTimeout(() => enqueue(refresh), seconds * 1000 + 100);
    }
  }

  async function refresh() {
    const response = await fetch("/set", { headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (!response.ok) throw new Error(`/set answered ${response.status}`);
    return apply(await response.json());
  }

  // MARK: - Requests

  // One request at a time, in the order they were made, shared with app.js (loaded first).
  const { enqueue, postForJSON } = window.CardTable;

  /// Sends the version of the table as it is drawn now (after earlier queued requests), not as it
  /// was when the form was submitted, so quick successive moves are not turned down as stale.
  async function post(url, body) {
    const app = $("[data-set-app]");
    if (app && app.dataset.version) body.set("version", app.dataset.version);
    return postForJSON(url, body);
  }

  /// Fetches the page again and swaps it in (New Game), dealing every card from the deck.
  async function reloadInPlace() {
    const response = await fetch("/set", { headers: { Accept: "text/html" }, credentials: "same-origin" });
    if (!response.ok) throw new Error(`/set answered ${response.status}`);
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    for (const selector of [".top-bar", "main"]) {
      const fresh = $(selector, page);
      const current = $(selector);
      if (fresh && current) current.replaceWith(fresh);
    }
    document.title = page.title;
    start();
    const deck = $("[data-set-deck-card]");
    const from = deck ? deck.getBoundingClientRect() : null;
    $$("[data-set-card]").forEach((button, index) => flyFrom(button, from, Math.min(index, 20) * 50));
    markUpdated();
  }

  document.addEventListener("submit", (event) => {
    const form = event.target;
    let url;
    let body;
    if (form.matches("[data-set-grid]")) {
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
    if (details) details.open = false;
    enqueue(async () => {
      const state = await post(url, body);
      if (isNewGame) return reloadInPlace();
      return apply(state);
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

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target.matches && target.matches("input, textarea, select, summary")) return;
    const card = target.closest && target.closest("[data-set-card]");
    if (card && ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(event.key)) {
      const buttons = $$("[data-set-card]");
      const columns = Number(getComputedStyle($("[data-set-grid]")).getPropertyValue("--set-columns")) || 1;
      const index = buttons.indexOf(card);
      const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns, ArrowDown: columns }[event.key];
      const next = event.key === "Home" ? 0 : event.key === "End" ? buttons.length - 1 : index + step;
      if (next >= 0 && next < buttons.length) buttons[next].focus();
      event.preventDefault();
      return;
    }
    // NB: a held key must not deal, hint or claim again and again (arrows above may repeat).
    if (event.repeat) {
      if (["Enter", " "].includes(event.key) || /^[dhn12]$/i.test(event.key)) event.preventDefault();
      return;
    }
    switch (event.key.toLowerCase()) {
      // D and H are solo keys: in a two-player game each player has their own Deal 3 and Hint.
      case "d": clickIfEnabled("[data-set-deal]"); break;
      case "h": clickIfEnabled("[data-set-hint-button]"); break;
      case "n": clickIfEnabled("[data-set-new-game]"); break;
      case "1": clickIfEnabled('[data-set-player="one"] [data-set-claim]'); break;
      case "2": clickIfEnabled('[data-set-player="two"] [data-set-claim]'); break;
      case "escape": {
        const missed = $("[data-set-missed]");
        if (missed) missed.hidden = true;
        break;
      }
      default: return;
    }
  });

  // MARK: - Start

  function start() {
    fitGrid();
    const board = $("[data-set-board]");
    if (resizeObserver) resizeObserver.disconnect();
    if (board && window.ResizeObserver) {
      resizeObserver = new ResizeObserver(() => fitGrid());
      resizeObserver.observe(board);
    }
    const app = $("[data-set-app]");
    startCountdowns(app ? app.dataset.refreshAfter : undefined);
  }

  window.addEventListener("resize", fitGrid);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
