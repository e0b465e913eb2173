/**
 * CardTable's service worker. Static files have fingerprinted names, so each is kept once fetched
 * and served from the cache from then on: an update comes under a new name. Pages always come
 * from the server (the server is the referee); when it cannot be reached, the offline page says
 * the game is saved. The server fills in the version and the files kept at install.
 */
const VERSION = "{{version}}";
const PRECACHED = [/* {{precached}} */];
const CACHE = `cardtable-${VERSION}`;
const OFFLINE_PAGE = "/offline";
const FINGERPRINTED = /^\/static\/[^/]+\.[0-9a-f]{6,}\.[a-z]+$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(PRECACHED)).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith("cardtable-") && name !== CACHE).map((name) => caches.delete(name)),
      );
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if (FINGERPRINTED.test(url.pathname)) {
    event.respondWith(staticFile(request));
  }
});

/** A page from the server, never from the cache; the offline page when the server is out of reach. */
async function page(event) {
  try {
    return (await event.preloadResponse) || (await fetch(event.request));
  } catch {
    return (await caches.match(OFFLINE_PAGE, { ignoreVary: true })) || Response.error();
  }
}

/**
 * A fingerprinted file: from the cache, or fetched and kept. Only an answer the server marks
 * immutable is kept: during a deploy an instance that does not know a new fingerprint answers
 * its own file, no-cache, and that must not stay under the new name.
 */
async function staticFile(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && (response.headers.get("Cache-Control") || "").includes("immutable")) {
    await cache.put(request, response.clone());
  }
  return response;
}

/** A notification from the server (Web Push): a turn, a room started, the daily puzzle. */
self.addEventListener("push", (event) => {
  let notice;
  try {
    notice = event.data.json();
  } catch {
    return;
  }
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      renotify: true,
      icon: "/static/icon-192.png",
      data: { url: notice.url },
    }),
  );
});

/** A tap on a notification: the page it names, in a window of the site already open if any. */
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const opening = openNoticePage(event.notification.data?.url);
  event.waitUntil(opening);
});

/**
 * Shows `url` (a page of this site): a window of the site already open is taken there and
 * brought forward; with none, a new one opens.
 */
async function openNoticePage(url) {
  const target = new URL(url || "/", self.location.origin);
  if (target.origin !== self.location.origin) return;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).pathname === target.pathname) || windows[0];
  if (open) {
    let shown = open;
    if (open.url !== target.href) {
      // NB: a window this worker does not control cannot be sent elsewhere: a new one opens.
      shown = await open.navigate(target.href).catch(() => null);
    }
    if (shown) {
      // NB: bringing it forward is a courtesy the browser may decline.
      await shown.focus().catch(() => {});
      return;
    }
  }
  await self.clients.openWindow(target.href);
}
