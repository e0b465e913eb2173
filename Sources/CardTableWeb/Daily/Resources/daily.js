/**
 * CardTable's daily Set puzzle: claims three cards as soon as the third is chosen (the Claim
 * button does the same without script), keeps the clock running, and copies the result to share.
 */
import { runClock } from "./cardtable.js";

// NB: every claim loads the page again, so a live region alone would not be read out: the
// message of the claim just made takes the focus.
const message = document.querySelector("[data-daily-message]");
if (message && !message.querySelector("[data-daily-how]") && message.textContent.trim() !== "") {
  message.focus({ preventScroll: true });
}

const form = document.querySelector("[data-daily-claim]");
for (const how of document.querySelectorAll("[data-daily-how]")) {
  how.textContent = "Choose three cards: the third one claims them.";
}
if (form) {
  form.addEventListener("change", () => {
    const checked = form.querySelectorAll(".daily-check:checked");
    if (checked.length === 3) form.requestSubmit();
  });
}

const copy = document.querySelector("[data-daily-copy]");
const share = document.querySelector("[data-daily-share]");
if (copy && share && navigator.clipboard) {
  copy.hidden = false;
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(share.value);
      copy.textContent = "Copied!";
    } catch {
      share.select();
      copy.textContent = "Select and copy the text";
    }
  });
}

runClock();
