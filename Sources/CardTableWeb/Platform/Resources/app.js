// CardTable's small script. Everything works without it; with it, card taps and New Game
// are sent with fetch and the page is updated in place, and the editor opens as a modal
// dialog. (The card grid fits the screen by CSS alone.) No framework, no build step.
(() => {
  "use strict";

  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  const flipMilliseconds = () => (reducedMotion.matches ? 0 : 420);

  // MARK: - Editor dialog

  function openEditor() {
    const dialog = document.querySelector("dialog[data-editor]");
    if (!dialog || typeof dialog.showModal !== "function") return;
    dialog.close();
    dialog.showModal();
    const focusTarget = dialog.querySelector("[data-errors]") || dialog.querySelector("#theme-name");
    if (focusTarget) focusTarget.focus();
    // Escape (or the dialog being dismissed) cancels: back to the list, nothing saved.
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      window.location.assign(dialog.dataset.cancelUrl || "/");
    });
    // Enter in the add-emoji field adds the emoji instead of saving the theme.
    const addField = dialog.querySelector("[data-add-field]");
    const addButton = dialog.querySelector("[data-add-button]");
    if (addField && addButton) {
      addField.addEventListener("keydown", (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          addButton.click();
        }
      });
    }
    // Choosing a color value also chooses its kind.
    for (const [control, kind] of [["#color-name", "named"], ["#color-hex", "custom"], ["#gradient-from", "gradient"], ["#gradient-to", "gradient"]]) {
      const element = dialog.querySelector(control);
      const radio = dialog.querySelector(`#color-kind-${kind}`);
      if (element && radio) element.addEventListener("input", () => { radio.checked = true; });
    }
  }

  // MARK: - Playing with fetch

  let busy = Promise.resolve();

  /// Runs requests one after another, so taps are applied in the order they were made.
  function enqueue(task) {
    busy = busy.then(task).catch((error) => {
      console.error(error);
      window.location.reload();
    });
    return busy;
  }

  /// Posts a form (or nothing) and returns the server's JSON answer.
  async function postForJSON(url, body) {
    const response = await fetch(url, {
      method: "POST",
      headers: { Accept: "application/json" },
      body,
      credentials: "same-origin",
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response.json();
  }

  // NB: the Set page's script (loaded after this one) sends its requests through these too.
  window.CardTable = Object.freeze({ enqueue, postForJSON });

  function renderBonus(front, bonus) {
    const old = front.querySelector(".bonus-pie");
    if (old) old.remove();
    if (!bonus) return;
    const pie = document.createElement("span");
    pie.className = "bonus-pie";
    pie.style.setProperty("--bonus-start", bonus.fraction);
    pie.style.setProperty("--bonus-duration", `${bonus.remaining}s`);
    front.appendChild(pie);
  }

  /// Updates one card button from the server's state, animating flips and matches with CSS.
  function applyCard(button, card) {
    const front = button.querySelector(".card-front");
    const wasFaceUp = button.classList.contains("is-face-up");
    button.setAttribute("aria-label", card.label);
    if (card.isFaceUp) {
      let emoji = front.querySelector(".emoji");
      if (!emoji) {
        emoji = document.createElement("span");
        emoji.className = "emoji";
        front.prepend(emoji);
      }
      emoji.textContent = card.content;
    } else if (wasFaceUp) {
      // Keep the face until the card has turned over, then forget it.
      window.setTimeout(() => {
        if (!button.classList.contains("is-face-up")) {
          const emoji = front.querySelector(".emoji");
          if (emoji) emoji.remove();
        }
      }, flipMilliseconds());
    }
    renderBonus(front, card.isFaceUp ? card.bonus : null);
    button.classList.toggle("is-face-up", card.isFaceUp);
    button.classList.toggle("is-matched", card.isMatched);
    if (card.isMatched && document.activeElement === button) {
      const next = document.querySelector("[data-card-id]:not(:disabled):not(.is-matched)");
      button.disabled = true;
      if (next && next !== button) next.focus();
    } else {
      button.disabled = card.isMatched;
    }
  }

  function applyGame(game) {
    const buttons = new Map([...document.querySelectorAll("[data-card-id]")].map((b) => [Number(b.dataset.cardId), b]));
    const sameCards = game.cards.length === buttons.size && game.cards.every((card) => buttons.has(card.id));
    if (!sameCards || game.isOver) return reloadInPlace();
    for (const card of game.cards) applyCard(buttons.get(card.id), card);
    const score = document.querySelector("[data-score]");
    if (score) score.textContent = game.score;
    const announcement = document.querySelector("[data-announcement]");
    if (announcement) announcement.textContent = game.announcement;
  }

  /// Fetches the page again and swaps its content in, without a reload (New Game, game over).
  async function reloadInPlace(url = window.location.href) {
    const response = await fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    for (const selector of [".top-bar", "main"]) {
      const fresh = page.querySelector(selector);
      const current = document.querySelector(selector);
      if (fresh && current) current.replaceWith(fresh);
    }
    document.title = page.title;
    const announcement = document.querySelector("[data-announcement]");
    const gameOver = document.querySelector("[data-game-over] button");
    if (gameOver) gameOver.focus();
    else if (announcement && document.activeElement === document.body) {
      const first = document.querySelector("[data-card-id]");
      if (first) first.focus();
    }
  }

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (form.matches("[data-grid]")) {
      const button = event.submitter;
      if (!button || !button.matches("[data-card-id]")) return;
      event.preventDefault();
      const url = button.formAction;
      enqueue(async () => applyGame(await postForJSON(url)));
    } else if (form.matches("[data-new-game]")) {
      event.preventDefault();
      const url = form.action;
      enqueue(async () => {
        await postForJSON(url);
        await reloadInPlace();
        const first = document.querySelector("[data-card-id]");
        if (first) first.focus();
      });
    }
  });

  document.addEventListener("DOMContentLoaded", () => {
    document.documentElement.classList.add("has-script");
    openEditor();
  });
})();
