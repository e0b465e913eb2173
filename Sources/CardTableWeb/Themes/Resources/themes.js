// The theme chooser's module: the theme editor opens as a modal dialog, and its Add, Remove and
// Restore buttons post with fetch and change only the emoji and pairs parts of the editor, so
// focus and the dialog's scroll stay where the player was. In Edit mode, moving, deleting and
// undoing are posted the same way and the list is patched from the page the server answers.
// Without it the editor is an open <dialog> in the page, and every button is a form post and a
// new page; the server rules both.

import { enqueue, patchPage, postForPage, reconcile } from "./cardtable.js";

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
  dialog.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || !event.target.matches("[data-add-field]")) return;
    event.preventDefault();
    dialog.querySelector("[data-add-button]")?.click();
  });
  dialog.addEventListener("input", (event) => {
    if (event.target.matches("[data-add-field]")) dropMessagesWithoutCause(dialog, event.target.value);
    if (event.target.matches("[data-pairs-field]")) notePairs(dialog, event.target.value);
  });
  const form = dialog.querySelector("form");
  if (form) form.addEventListener("submit", (event) => editInPlace(event, dialog, form));
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
}

// MARK: - Editing emoji in place

// The parts of the editor an emoji edit changes, each replaced whole by the server's.
const editedParts = ["[data-editor-messages]", "[data-emoji-fields]", "[data-cards-fields]"];
let edits = Promise.resolve();
let editsWaiting = 0;

// Add, Remove and Restore are posted with fetch, one at a time; Save waits for them, then goes
// as a form post. Should a post fail, the form is sent as without the script.
function editInPlace(event, dialog, form) {
  const button = event.submitter;
  if (!button) return;
  if (button.name === "save") {
    if (editsWaiting === 0) return;
    event.preventDefault();
    edits.then(() => form.requestSubmit(button));
    return;
  }
  if (!["add", "remove", "restore"].includes(button.name)) return;
  event.preventDefault();
  const action = { name: button.name, value: button.value, place: placeOf(button), focusedField: document.activeElement?.id };
  editsWaiting += 1;
  edits = edits.then(() => postEdit(dialog, form, action)).catch((error) => {
    console.error(error);
    const pressed = Object.assign(document.createElement("input"), { type: "hidden", name: action.name, value: action.value });
    form.append(pressed);
    form.submit();
  }).finally(() => {
    editsWaiting -= 1;
  });
}

// Where an emoji button stands in its list (kept or removed).
function placeOf(button) {
  const list = button.closest("[data-kept-emoji], [data-removed-emoji]");
  return list ? [...list.querySelectorAll("button")].indexOf(button) : -1;
}

async function postEdit(dialog, form, action) {
  const body = new URLSearchParams(new FormData(form));
  body.append(action.name, action.value);
  const sent = Object.fromEntries(body);
  const response = await fetch(form.action, {
    method: "POST", body, headers: { Accept: "text/html" }, credentials: "same-origin",
  });
  // NB: 422 is the editor again with what to fix, as the server answers the form post.
  if (!response.ok && response.status !== 422) throw new Error(`${form.action} answered ${response.status}`);
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const fresh = page.querySelector("dialog[data-editor]");
  if (!fresh) throw new Error("The answer has no editor.");
  const scrolls = [dialog, form].map((element) => [element, element.scrollTop]);
  const typing = [...dialog.querySelectorAll("input[type=text]")].map((input) => [input.id, input.value]);
  const active = document.activeElement;
  const selection = active?.matches?.("input[type=text]") ? [active.selectionStart, active.selectionEnd] : null;
  for (const selector of editedParts) {
    const current = dialog.querySelector(selector);
    const replacement = fresh.querySelector(selector);
    if (current && replacement) current.replaceWith(document.importNode(replacement, true));
  }
  // What the player typed while the edit was on its way stays as they typed it.
  for (const [id, value] of typing) {
    const input = id && dialog.querySelector(`#${id}`);
    if (input && value !== sent[input.name] && input.value !== value) input.value = value;
  }
  for (const [element, top] of scrolls) element.scrollTop = top;
  focusAfter(dialog, action, selection);
  notePairs(dialog, dialog.querySelector("[data-pairs-field]")?.value || "");
}

// The keyboard stays where the player was: on the field or button they used, or, when the
// emoji they tapped has left its list, on its neighbour there (else on the emoji restored).
function focusAfter(dialog, action, selection) {
  const chips = (selector) => [...dialog.querySelectorAll(`${selector} button`)];
  let target = null;
  if (action.name === "remove" || action.name === "restore") {
    const list = chips(action.name === "remove" ? "[data-kept-emoji]" : "[data-removed-emoji]");
    target = list[action.place] || list[action.place - 1];
    if (!target && action.name === "restore") {
      target = chips("[data-kept-emoji]").find((chip) => chip.value === action.value);
    }
    target = target || dialog.querySelector("[data-add-field]");
  } else {
    target = (action.focusedField && dialog.querySelector(`#${action.focusedField}`)) || dialog.querySelector("[data-add-button]");
  }
  if (!target) return;
  target.focus();
  if (selection && target.id === action.focusedField && typeof target.setSelectionRange === "function") {
    const end = target.value.length;
    target.setSelectionRange(Math.min(selection[0], end), Math.min(selection[1], end));
  }
}

// A message about typed text (“abc is not emoji”) stays while that text is in the field, and
// goes once the player has taken it out; the list it was in goes with its last message.
function dropMessagesWithoutCause(dialog, typed) {
  for (const message of dialog.querySelectorAll("li[data-cause]")) {
    const cause = JSON.parse(message.dataset.cause);
    if (cause.some((run) => typed.includes(run))) continue;
    const list = message.parentElement;
    message.remove();
    if (list.children.length > 0) continue;
    if (list.id === "emoji-messages") {
      const field = dialog.querySelector("[data-add-field]");
      field?.removeAttribute("aria-invalid");
      field?.removeAttribute("aria-describedby");
      list.remove();
    } else {
      list.closest("[data-errors]")?.remove();
    }
  }
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

// MARK: - Moving, deleting and undoing in place

// Each is posted with fetch, one at a time, the form read when its turn comes (so a second
// "move up" moves from where the first left the row), and the list patched from the answer:
// the page stays where it was, and so does the keyboard.
document.addEventListener("submit", (event) => {
  const button = event.submitter;
  // NB: the server answers with Edit mode, which only a page in Edit mode is patched into.
  if (!button?.matches("[data-arrange]") || !document.body.classList.contains("is-editing")) return;
  event.preventDefault();
  const form = button.form;
  const action = button.dataset.arrange;
  enqueue(async () => {
    // A row deleted by an earlier tap took its buttons with it.
    if (!form.isConnected) return;
    const body = new URLSearchParams(new FormData(form));
    const page = await postForPage(form.action, body);
    arrange(page, action, Number(body.get("to")), form.action);
  });
});

// The list's rows are matched by id (kept, so the keyboard stays on them); the status, the
// hints and the Restore button around the list follow the server's page.
function arrange(page, action, to, url) {
  const section = document.querySelector(".hub-memorize");
  const fresh = page.querySelector(".hub-memorize");
  if (!section || !fresh) throw new Error("The answer has no theme list.");
  const list = section.querySelector(".theme-list");
  const freshList = fresh.querySelector(".theme-list");
  patchPage(page, ".hub-memorize");
  reconcile(list, freshList, (row) => row.id);
  // NB: the parts around the list are matched with the list as it now stands: compared again
  // with the server's by place, its rows would all be replaced (the whitespace between them
  // stayed where it was), taking the buttons of a tap still waiting its turn with them.
  freshList.replaceWith(list.cloneNode(true));
  reconcile(section, fresh, (part) => `${part.tagName}.${part.className}.${part.getAttribute("role")}`);
  focusAfterArranging(list, action, to, url);
}

// The keyboard stays on the control used, or on its counterpart when that one is gone or
// disabled: a row moved to the top keeps it on its "down" button, a deletion puts it on Undo,
// and Undo on the theme it brought back. NB: found by place, not by node, because the first
// change to the built-in themes gives every row a new id (the player's own copies).
function focusAfterArranging(list, action, to, url) {
  let row = null;
  let target = null;
  if (action === "up" || action === "down") {
    const rows = [...list.children];
    row = rows[Math.min(Math.max(0, to), rows.length - 1)];
    const other = action === "up" ? "down" : "up";
    target = [action, other].map((name) => row?.querySelector(`[data-arrange="${name}"]`))
      .find((button) => button && !button.disabled);
  } else if (action === "delete") {
    target = document.querySelector('[data-arrange="undo"]');
  } else if (action === "undo") {
    const id = url.match(/themes\/([^/]+)\//)?.[1];
    row = id ? document.getElementById(`theme-${id}`) : null;
    target = row?.querySelector('[data-arrange="delete"]');
  }
  if (target && document.activeElement !== target) target.focus();
  row?.scrollIntoView({ block: "nearest" });
}

const editor = document.querySelector("dialog[data-editor]");
if (editor) openEditor(editor);
