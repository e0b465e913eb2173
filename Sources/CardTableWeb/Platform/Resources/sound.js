// The games' sounds (issue 46): a Set found, a wrong claim, cards dealt, a Memorize match.
// cardtable.js loads this module on a game page's first tap and plays sounds through it; the
// sound toggle ([data-sounds], sound-toggle.mustache) says whether the player has them on, which
// is remembered on every device of theirs. Without script the toggle is a form post and the page
// plays nothing.

const files = {
  found: new URL("./found.wav", import.meta.url),
  wrong: new URL("./wrong.wav", import.meta.url),
  dealt: new URL("./dealt.wav", import.meta.url),
  match: new URL("./match.wav", import.meta.url),
};
const toggle = () => document.querySelector("[data-sounds]");

/** Fetches and decodes the sounds for `audio`; answers a function that plays one by name. */
export async function load(audio) {
  const buffers = new Map();
  await Promise.all(Object.entries(files).map(async ([name, file]) => {
    try {
      const response = await fetch(file);
      buffers.set(name, await audio.decodeAudioData(await response.arrayBuffer()));
    } catch {
      // NB: a sound that cannot be fetched stays silent; the game goes on.
    }
  }));
  return (name) => {
    const buffer = buffers.get(name);
    if (!buffer || toggle()?.dataset.sound !== "on") return;
    const source = audio.createBufferSource();
    source.buffer = buffer;
    source.connect(audio.destination);
    source.start();
  };
}

/** Shows `sound` (on or off) on every toggle of the page. */
function show(sound) {
  for (const form of document.querySelectorAll("[data-sounds]")) {
    form.dataset.sound = sound;
    form.elements.sound.value = sound === "on" ? "off" : "on";
    const button = form.querySelector("button");
    button.setAttribute("aria-pressed", String(sound === "on"));
    button.querySelector("[data-sound-state]").textContent = sound;
  }
}

// The toggle is posted with fetch and takes effect at once; without script it posts and comes back.
document.addEventListener("submit", async (event) => {
  const form = event.target.closest?.("[data-sounds]");
  if (!form) return;
  event.preventDefault();
  const chosen = form.elements.sound.value;
  try {
    const response = await fetch(form.action, {
      method: "POST", headers: { Accept: "application/json" }, body: new URLSearchParams({ sound: chosen }),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    show((await response.json()).sound);
  } catch {
    form.submit();
  }
});
