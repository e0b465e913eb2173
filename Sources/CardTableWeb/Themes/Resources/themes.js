// The theme chooser's module: the theme editor opens as a modal dialog. Without it the editor
// is an open <dialog> in the page, and every button is a form post.

function openEditor(dialog) {
  if (typeof dialog.showModal !== "function") return;
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
  const kinds = [["#color-name", "named"], ["#color-hex", "custom"], ["#gradient-from", "gradient"], ["#gradient-to", "gradient"]];
  for (const [control, kind] of kinds) {
    const element = dialog.querySelector(control);
    const radio = dialog.querySelector(`#color-kind-${kind}`);
    if (element && radio) element.addEventListener("input", () => { radio.checked = true; });
  }
}

const editor = document.querySelector("dialog[data-editor]");
if (editor) openEditor(editor);
