/**
 * Notifications on the devices page: after a tap (Safari asks only then), asks for permission,
 * subscribes this browser with the server's key and keeps the subscription with the kinds ticked
 * and the daily puzzle's hour (chosen in local time, sent in UTC); "Turn off" unsubscribes and
 * tells the server. Without script, or a browser without Web Push, the section says so.
 */
import "./cardtable.js";

const panel = document.querySelector("[data-push-settings]");
const form = panel?.querySelector("[data-push-form]");
const status = panel?.querySelector("[data-push-status]");
const offButton = panel?.querySelector("[data-push-off]");
const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

function say(text) {
  status.textContent = text;
}

/** The base64url text of `buffer`'s bytes (what the server reads keys in). */
function base64url(buffer) {
  let text = "";
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The bytes of base64url `text` (the server's key, for PushManager.subscribe). */
function bytes(text) {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(plain, (character) => character.charCodeAt(0));
}

/** The daily hour ticked, in UTC: 9:00 here is 8:00 UTC in Paris in winter. */
function dailyHourUTC(localHour) {
  const moment = new Date();
  moment.setHours(localHour, 0, 0, 0);
  return moment.getUTCHours();
}

async function send(method, body) {
  const response = await fetch(panel.dataset.pushSubscriptionsUrl, {
    method,
    headers: { Accept: "application/json", "Content-Type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const answer = await response.json().catch(() => null);
    throw new Error(answer?.error?.message || `The server answered ${response.status}.`);
  }
}

async function turnOn(event) {
  event.preventDefault();
  try {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      return say("Notifications are blocked for this site: allow them in the browser's settings, then try again.");
    }
    const registration = await navigator.serviceWorker.ready;
    const keyResponse = await fetch(panel.dataset.pushKeyUrl, { headers: { Accept: "application/json" } });
    const { publicKey } = await keyResponse.json();
    const subscription =
      (await registration.pushManager.getSubscription()) ||
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(publicKey) }));
    const notify = [...form.querySelectorAll("[data-push-kind]:checked")].map((box) => box.value);
    const body = {
      endpoint: subscription.endpoint,
      keys: { p256dh: base64url(subscription.getKey("p256dh")), auth: base64url(subscription.getKey("auth")) },
      notify,
    };
    if (notify.includes("daily")) body.dailyHour = dailyHourUTC(Number(form.querySelector("[data-push-hour]").value));
    await send("POST", body);
    offButton.hidden = false;
    say(notify.length === 0 ? "On, but nothing ticked: tick what to be told of." : "Notifications are on for this device.");
  } catch (error) {
    say(`Notifications could not be turned on: ${error.message}`);
  }
}

async function turnOff() {
  try {
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.getSubscription();
    if (subscription) {
      await send("DELETE", { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    }
    offButton.hidden = true;
    say("Notifications are off for this device.");
  } catch (error) {
    say(`Notifications could not be turned off: ${error.message}`);
  }
}

if (panel && supported) {
  form.addEventListener("submit", turnOn);
  offButton.addEventListener("click", turnOff);
  say("Tick what to be told of, then turn notifications on.");
  navigator.serviceWorker.ready.then(async (registration) => {
    if (await registration.pushManager.getSubscription()) {
      offButton.hidden = false;
      form.querySelector("[data-push-on]").textContent = "Save";
      say("Notifications are on for this device.");
    }
  });
} else if (panel) {
  form.querySelector("[data-push-on]").disabled = true;
  say("This browser cannot show notifications from a site. On an iPhone or iPad, add CardTable to your home screen (Share, then Add to Home Screen) and open it from there.");
}
