/**
 * CardTable's daily Set puzzle: claims three cards as soon as the third is chosen (the Claim
 * button does the same without script), keeps the clock running, and copies the result to share.
 */
import { runClock } from "./cardtable.js";

const form = document.querySelector("[data-daily-claim]");
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
