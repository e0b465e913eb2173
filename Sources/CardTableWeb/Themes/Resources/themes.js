// The theme chooser's module: the theme editor opens as a modal dialog. Without it the editor
// is an open <dialog> in the page, and every button is a form post.

import "./home-screen.js";

function openEditor(dialog) {
  if (typeof dialog.showModal !== "function") return;
  dialog.close();
  dialog.showModal();
  const focusTarget = dialog.querySelector("[data-errors]") || dialog.querySelector("#theme-name");
  if (focusTarget) {
    focusTarget.focus();
    // NB: WebKit selects a focused field's whole text, and typing would then replace the name.
    if (typeof focusTarget.setSelectionRange === "function") {
      const end = focusTarget.value.length;
      focusTarget.setSelectionRange(end, end);
    }
  }
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
  // Choosing a color value also chooses its kind; the preview follows at once.
  const kinds = [["#color-name", "named"], ["#color-hex", "custom"], ["#gradient-from", "gradient"], ["#gradient-to", "gradient"]];
  for (const [control, kind] of kinds) {
    const element = dialog.querySelector(control);
    const radio = dialog.querySelector(`#color-kind-${kind}`);
    if (element && radio) {
      element.addEventListener("input", () => {
        radio.checked = true;
        showColor(dialog);
      });
    }
  }
  for (const radio of dialog.querySelectorAll("input[name=colorKind]")) {
    radio.addEventListener("change", () => showColor(dialog));
  }
  const pairs = dialog.querySelector("[data-pairs-field]");
  if (pairs) pairs.addEventListener("input", () => notePairs(dialog, pairs.value));
}

// The preview swatch and its words for the color chosen now (the server draws the same on Save).
function showColor(dialog) {
  const kind = dialog.querySelector("input[name=colorKind]:checked")?.value;
  const value = (selector) => dialog.querySelector(selector)?.value || "";
  let fill;
  let words;
  if (kind === "custom") {
    fill = value("#color-hex");
    words = `custom color ${fill}`;
  } else if (kind === "gradient") {
    const from = value("#gradient-from");
    const to = value("#gradient-to");
    fill = `linear-gradient(135deg, ${from}, ${to})`;
    words = `gradient from custom color ${from} to custom color ${to}`;
  } else {
    const option = dialog.querySelector("#color-name")?.selectedOptions[0];
    fill = option?.dataset.css || "#6c757d";
    words = option?.textContent || "";
  }
  const swatch = dialog.querySelector("[data-preview-swatch]");
  const text = dialog.querySelector("[data-preview-words]");
  if (swatch) swatch.style.setProperty("--theme-fill", fill);
  if (text) text.textContent = words;
}

// Pairs above the emoji kept come down to them on Save: say so as the player types.
function notePairs(dialog, typed) {
  const note = dialog.querySelector("[data-pairs-note]");
  if (!note) return;
  const emojiCount = dialog.querySelectorAll(".emoji-chips:not(.removed) li").length;
  const pairs = /^\s*\+?\d+\s*$/.test(typed) ? Number(typed) : NaN;
  const reduced = emojiCount >= 2 && pairs > emojiCount;
  note.textContent = reduced ? `${emojiCount} pairs: the theme has ${emojiCount} emoji.` : "";
  note.hidden = !reduced;
}

const editor = document.querySelector("dialog[data-editor]");
if (editor) openEditor(editor);
