// A key for every card on the Set table, by its place: the fastest way to play from a keyboard.
// The keyboard's rows stand for the board's rows (or its columns), so the key under a finger
// matches the card under the eye. Keys are physical (event.code), labelled with what this
// keyboard's keys say where the browser can tell; the labels show only once the keyboard is used.
import { columnsOf } from "./cardtable.js";

/** The physical key (`event.code`) of each character used to name a card. */
const codeOf = (character) => {
  if (/[A-Z]/.test(character)) return `Key${character}`;
  if (/[0-9]/.test(character)) return `Digit${character}`;
  return { ";": "Semicolon", ",": "Comma", ".": "Period", "/": "Slash" }[character];
};

/** The keyboard's rows, top to bottom, as physical keys; digits only in a solo game (1 and 2 claim in a two-player game). */
const LETTER_ROWS = ["QWERTYUIOP", "ASDFGHJKL;", "ZXCVBNM,./"];
const keyRows = (withDigits) => (withDigits ? ["1234567890", ...LETTER_ROWS] : LETTER_ROWS)
  .map((row) => [...row].map((character) => [codeOf(character), character]));

/** What each physical key says on this keyboard (a `KeyboardLayoutMap`), where the browser tells. */
let keyCaps = null;

const labelOf = ([code, character]) => (keyCaps?.get(code) ?? character).toUpperCase();

/**
 * The key for each of `count` cards laid out in `columns`, in reading order: the board's rows are
 * the keyboard's lowest rows (a 3-row board uses Q, A and Z; a 4th row adds the digits), or its
 * columns are, when the board has fewer columns than rows to spare; a board that fits neither way
 * takes the keys in reading order. Cards beyond the keys get none.
 */
function keysFor(count, columns, rows) {
  const lines = Math.ceil(count / columns);
  const place = (index) => [Math.floor(index / columns), index % columns];
  const fits = (lineCount, length) => lineCount <= rows.length && length <= 10;
  if (fits(lines, columns)) {
    const used = rows.slice(rows.length - lines);
    return Array.from({ length: count }, (_, index) => { const [r, c] = place(index); return used[r][c]; });
  }
  if (fits(columns, lines)) {
    const used = rows.slice(rows.length - columns);
    return Array.from({ length: count }, (_, index) => { const [r, c] = place(index); return used[c][r]; });
  }
  const all = rows.flat();
  return Array.from({ length: count }, (_, index) => all[index]);
}

/**
 * Gives each card of `grid` the key for its place (see `keysFor`), as `data-key` (the physical
 * key) and `aria-keyshortcuts` on the card, and as a label on its edge.
 */
export function assignCardKeys(grid) {
  if (!grid) return;
  const cards = [...grid.querySelectorAll("[data-set-card]")];
  const app = grid.closest("[data-set-app]");
  const rows = keyRows(!app || app.dataset.mode !== "two-player");
  const keys = keysFor(cards.length, Math.max(1, columnsOf(grid)), rows);
  cards.forEach((card, index) => {
    const key = keys[index];
    const edge = card.querySelector(".set-edge");
    if (key) {
      card.dataset.key = key[0];
      card.setAttribute("aria-keyshortcuts", labelOf(key));
      if (edge) edge.dataset.keyLabel = labelOf(key);
    } else {
      delete card.dataset.key;
      card.removeAttribute("aria-keyshortcuts");
      if (edge) delete edge.dataset.keyLabel;
    }
  });
}

/** The card whose key `event` is (without Shift; other modifiers are the caller's), if any. */
export function cardForKey(event, grid) {
  if (!grid || event.shiftKey || !/^[A-Za-z0-9]+$/.test(event.code)) return null;
  return grid.querySelector(`[data-set-card][data-key="${event.code}"]`);
}

/** Shows the card keys from the first key pressed until the pointer is used again. */
export function showKeysWhileTyping() {
  const root = document.documentElement;
  document.addEventListener("keydown", (event) => {
    if (!event.ctrlKey && !event.metaKey && !event.altKey) root.classList.add("set-keys-shown");
  }, true);
  document.addEventListener("pointerdown", () => root.classList.remove("set-keys-shown"), true);
}

/** Relabels the cards of `grid` with this keyboard's key caps, once the browser has read them. */
export function learnKeyCaps(grid) {
  if (!navigator.keyboard || !navigator.keyboard.getLayoutMap) return;
  navigator.keyboard.getLayoutMap().then((map) => {
    keyCaps = map;
    assignCardKeys(grid());
  }, () => {});
}
