// The chat beside a room's table, for room.js: each chat message and reaction the socket brings
// is drawn here, not by a redraw of the page (a message changes nothing else). Messages are text,
// never markup, and links in them are not made clickable. A new message is said to screen
// readers politely, but not while the player has cards checked (it waits until they have none),
// and not at all when they turn that off. 💬 shows or hides the chat (remembered on the device);
// muting a member takes their messages off at once. Without script, every control is a form.

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

const log = () => $("[data-room-chat-log]");
const you = () => $("[data-room-members] .is-you")?.dataset.member;
const storage = { open: "cardtable-room-chat", announce: "cardtable-chat-announce" };

/** How the page sends a request on its socket (false when it is not open); room.js sets it. */
let send = () => false;

/** The chat messages heard since the page loaded (by event number), to draw again after a redraw. */
const heard = new Map();

/** The messages not read yet while the chat was hidden. */
let unread = 0;

/**
 * The talk sent on the socket whose answer has not come, oldest first (the room answers a socket's
 * requests in order): each goes when its own event comes back, or a refusal comes for it (which
 * then puts its message back in the field).
 */
const waiting = [];

/** Messages waiting to be said while the player has cards checked. */
const unsaid = [];

export function useSender(sender) {
  send = sender;
}

/** Notes that the page sent something else since: a refusal that comes may be its. */
export function forgetTalk() {
  waiting.length = 0;
}

/** Draws a chat message or a reaction from the socket; false for any other event. */
export function hearTalk(event) {
  const isYours = String(event.member) === you();
  const answered = isYours ? waiting.findIndex((sent) => sent.type === { chat: "chat", reaction: "react" }[event.kind]) : -1;
  if (answered >= 0) waiting.splice(answered, 1);
  if (event.kind === "chat") {
    heard.set(event.number, event);
    while (heard.size > 100) heard.delete(heard.keys().next().value);
    if (addLine(event) && String(event.member) !== you()) {
      announce(`${event.name} says: ${event.text}`);
      if (!isOpen()) showUnread(unread + 1);
    }
    return true;
  }
  if (event.kind === "reaction") {
    showReaction(event);
    if (String(event.member) !== you()) announce(`${event.name} reacts: ${event.text}`);
    return true;
  }
  return false;
}

/** Shows the room's refusal of the oldest talk waiting for an answer beside the chat's field. */
export function showRefusal(message) {
  const sent = waiting.shift();
  if (!sent) return false;
  const input = $("[data-room-chat-form] input[name=text]");
  if (sent.type === "chat" && input && !input.value) input.value = sent.text;
  showProblem(message);
  return true;
}

/**
 * After a redraw: the chat's list kept its messages (a redraw skips it), unless the page's own
 * list had to be taken (`fromPage`: the socket fell too far behind to bring each message); the
 * messages heard meanwhile are put back, and 💬 is set up again if the redraw brought a new one.
 */
export function afterRedraw(page, { fromPage = false } = {}) {
  const list = log();
  const fresh = page.querySelector("[data-room-chat-log]");
  if (list && fresh && fromPage) list.replaceChildren(...[...fresh.children].map((node) => document.importNode(node, true)));
  if (list) for (const event of heard.values()) addLine(event);
  setUpToggle();
}

// MARK: - Drawing

/** Puts a message in the list, in order of its event; false when it is there already. */
function addLine(event) {
  const list = log();
  if (!list || $(`[data-chat-event="${event.number}"]`, list)) return false;
  const line = document.createElement("li");
  line.className = "room-chat-line";
  if (String(event.member) === you()) line.classList.add("is-you");
  line.dataset.chatEvent = String(event.number);
  line.dataset.member = String(event.member);
  const name = document.createElement("span");
  name.className = "room-chat-name";
  name.textContent = event.name ?? "";
  const text = document.createElement("span");
  text.className = "room-chat-text";
  text.dir = "auto";
  text.textContent = event.text;
  line.append(name, " ", text);
  const wasAtEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 8;
  const next = [...list.children].find((other) => Number(other.dataset.chatEvent) > event.number);
  list.insertBefore(line, next ?? null);
  while (list.children.length > 100) list.firstElementChild.remove();
  $("[data-room-chat-empty]")?.setAttribute("hidden", "");
  if (wasAtEnd || String(event.member) === you()) list.scrollTop = list.scrollHeight;
  return true;
}

/** Shows a reaction for a moment at the end of the sender's name. */
function showReaction(event) {
  const chip = $(`[data-room-members] [data-member="${event.member}"]`);
  if (!chip) return;
  // NB: at the end of the name, not of the chip, whose end may be the host's ×.
  const rect = ($(".room-member-name", chip) ?? chip).getBoundingClientRect();
  const bubble = document.createElement("span");
  bubble.className = "room-reaction-bubble";
  bubble.setAttribute("aria-hidden", "true");
  bubble.dataset.member = String(event.member);
  bubble.textContent = event.text;
  // NB: beside the name, not above it: chips wrap, and above one is the row before it.
  bubble.style.left = `${rect.right + window.scrollX - 8}px`;
  bubble.style.top = `${rect.top + window.scrollY + rect.height / 2}px`;
  document.body.append(bubble);
  bubble.addEventListener("animationend", () => bubble.remove());
  window.setTimeout(() => bubble.remove(), 3000);
}

function showProblem(message) {
  const form = $("[data-room-chat-form]");
  if (!form) return;
  let list = $(".field-messages", form);
  if (!list) {
    list = document.createElement("ul");
    list.className = "field-messages";
    list.id = "room-chat-text-messages";
    form.append(list);
  }
  const item = document.createElement("li");
  item.textContent = message;
  list.replaceChildren(item);
  const input = $("input[name=text]", form);
  input?.setAttribute("aria-invalid", "true");
  input?.setAttribute("aria-describedby", list.id);
  // NB: the message takes room from the list on a short screen: its newest lines stay in view.
  const messages = log();
  if (messages) messages.scrollTop = messages.scrollHeight;
}

function clearProblem() {
  const form = $("[data-room-chat-form]");
  $(".field-messages", form ?? document.createElement("div"))?.remove();
  const input = form && $("input[name=text]", form);
  input?.removeAttribute("aria-invalid");
  input?.removeAttribute("aria-describedby");
}

// MARK: - Saying messages to screen readers

const announcing = () => localStorage.getItem(storage.announce) !== "off";
const choosing = () => $$(".room-check:checked").length > 0;

function announce(text) {
  if (!announcing()) return;
  unsaid.push(text);
  sayWaiting();
}

/** Says what waits, unless the player is choosing cards. */
function sayWaiting() {
  if (choosing() || unsaid.length === 0) return;
  const announcer = $("[data-room-chat-announcer]");
  if (announcer) announcer.textContent = unsaid.splice(0).join(" ");
}

document.addEventListener("change", (event) => {
  if (event.target.matches?.(".room-check")) window.setTimeout(sayWaiting);
  if (event.target.matches?.("[data-room-chat-announce]")) {
    localStorage.setItem(storage.announce, event.target.checked ? "on" : "off");
    if (!event.target.checked) unsaid.length = 0;
  }
});

// MARK: - Showing and hiding the chat

const isOpen = () => document.body.dataset.chat !== "closed";

function showUnread(count) {
  unread = count;
  const badge = $("[data-room-chat-unread]");
  if (badge) badge.textContent = count > 0 ? String(count) : "";
  $("[data-room-chat-toggle]")?.setAttribute("aria-label", count > 0 ? `Chat, ${count} new` : "Chat");
}

function setOpen(open) {
  document.body.dataset.chat = open ? "open" : "closed";
  localStorage.setItem(storage.open, open ? "open" : "closed");
  $("[data-room-chat-toggle]")?.setAttribute("aria-expanded", String(open));
  if (open) {
    showUnread(0);
    const list = log();
    if (list) list.scrollTop = list.scrollHeight;
  }
}

/** Shows 💬 (a page without script has the chat always shown) and the announcement setting. */
function setUpToggle() {
  const toggle = $("[data-room-chat-toggle]");
  if (toggle) {
    toggle.hidden = false;
    toggle.setAttribute("aria-expanded", String(isOpen()));
  }
  const setting = $("[data-room-chat-announce-setting]");
  if (setting) {
    setting.hidden = false;
    $("input", setting).checked = announcing();
  }
}

document.addEventListener("click", (event) => {
  if (event.target.closest?.("[data-room-chat-toggle]")) setOpen(!isOpen());
});

// MARK: - Sending

/** How many characters people see in `text` (an emoji of several code points is one). */
function visibleLength(text) {
  if (!("Segmenter" in Intl)) return [...text].length;
  return [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)].length;
}

document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (form.matches("[data-room-chat-form]")) {
    const input = $("input[name=text]", form);
    const text = input.value.trim();
    const maximum = Number(input.dataset.maximumLength || 200);
    if (visibleLength(text) > maximum) {
      event.preventDefault();
      return showProblem(`text: a message can be up to ${maximum} characters long.`);
    }
    if (send({ type: "chat", text: input.value })) {
      event.preventDefault();
      waiting.push({ type: "chat", text: input.value });
      input.value = "";
      clearProblem();
    }
  } else if (form.matches("[data-room-reactions]") && event.submitter?.value) {
    if (send({ type: "react", emoji: event.submitter.value })) {
      event.preventDefault();
      waiting.push({ type: "react" });
      const menu = form.closest("details");
      if (menu) menu.open = false;
    }
  } else if (form.matches("[data-room-remove-member]")) {
    if (!window.confirm(`Remove ${form.dataset.roomRemoveMember} from the room? They cannot join it again.`)) {
      event.preventDefault();
    }
  } else if (form.matches(".room-chat-mute")) {
    event.preventDefault();
    await mute(form);
  }
});

/** Mutes a member, or hears them again, without leaving the page. */
async function mute(form) {
  const button = $("button", form);
  const field = $("input[name=muted]", form);
  const muting = field.value === "true";
  let response;
  try {
    response = await fetch(form.action, {
      method: "POST", credentials: "same-origin", body: new URLSearchParams({ muted: String(muting) }),
      headers: { Accept: "application/json" },
    });
  } catch {
    return showProblem("That did not reach the server: try again once you are online.");
  }
  if (!response.ok) return showProblem((await response.json().catch(() => null))?.error?.message ?? "That did not work; try again.");
  field.value = String(!muting);
  button.setAttribute("aria-pressed", String(muting));
  button.textContent = muting ? "Muted" : "Mute";
  if (!muting) return;
  const member = button.dataset.roomMute;
  for (const line of $$(`[data-member="${member}"]`, log() ?? document.createElement("div"))) line.remove();
  for (const [number, event] of heard) if (String(event.member) === member) heard.delete(number);
}

// MARK: - Starting

// NB: a phone, upright or on its side, starts without the chat (room.css hides it there until
// body says open).
const isPhone = window.matchMedia("(max-width: 700px), (max-height: 500px)").matches;
document.body.dataset.chat = localStorage.getItem(storage.open) ?? (isPhone ? "closed" : "open");
setUpToggle();
const list = log();
if (list) list.scrollTop = list.scrollHeight;

// The reactions' menu lies over the page: a tap elsewhere closes it, and so does Escape.
document.addEventListener("click", (event) => {
  for (const menu of $$("[data-room-reactions-menu][open]")) if (!menu.contains(event.target)) menu.open = false;
});
document.addEventListener("keydown", (event) => {
  const menu = event.key === "Escape" && event.target.closest?.("[data-room-reactions-menu][open]");
  if (!menu) return;
  menu.open = false;
  $(":scope > summary", menu).focus();
});
