/**
 * CardTable's daily Set puzzle: claims three cards as soon as the third is chosen (without script
 * the Claim button does; with it the button is hidden, as pressing it after the third card would
 * claim nothing), keeps the clock running, and copies the result to share.
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
  const claimButton = form.querySelector("[data-daily-claim-button]");
  if (claimButton) claimButton.hidden = true;
  const checkedCount = () => form.querySelectorAll(".daily-check:checked").length;
  form.addEventListener("change", () => {
    if (checkedCount() === 3) form.requestSubmit();
  });
  // NB: the third card claims; any other way of sending the form (Enter on a card) would claim
  // fewer cards and replace what the last claim said, so only a claim of three is sent.
  form.addEventListener("submit", (event) => {
    if (checkedCount() !== 3) event.preventDefault();
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
