"""Notifications in Chromium: the devices page offers them (kinds ticked, an hour for the daily
puzzle, a button that needs a tap), and the service worker shows a push as a notification
(delivered through the DevTools protocol's `ServiceWorker.deliverPushMessage`, as a push service
would) with the room to open on a tap."""

import json
import time

SHOTS = "Tests/Browser/screenshots"


def registration_ids(cdp, page):
    """The ids of the site's service worker registrations the browser reports, once the page's
    worker is active. NB: other contexts of the same browser may report theirs under the same
    scope, so a push goes to each (a stale one is skipped)."""
    registrations = set()
    cdp.on("ServiceWorker.workerRegistrationUpdated",
           lambda event: registrations.update(r["registrationId"] for r in event["registrations"]
                                              if not r.get("isDeleted")))
    cdp.send("ServiceWorker.enable")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    deadline = time.monotonic() + 15
    while not registrations and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert registrations, "no service worker registration was reported"
    return sorted(registrations)


def test_the_devices_page_offers_notifications_after_a_tap(player):
    page = player()
    page.goto("/devices")
    panel = page.locator("[data-push-settings]")
    assert panel.locator("[data-push-kind]:checked").evaluate_all("boxes => boxes.map(box => box.value)") == [
        "yourTurn", "roomStarted"]
    assert panel.locator("[data-push-hour]").input_value() == "9"
    assert panel.locator("[data-push-on]").is_enabled()
    assert panel.locator("[data-push-off]").is_hidden(), "nothing to turn off before notifications are on"
    page.wait_for_function("document.querySelector('[data-push-status]').textContent.startsWith('Tick')")
    panel.screenshot(path=f"{SHOTS}/push-settings-390x844.png")
    assert page.errors == []


def test_a_push_shows_a_notification_that_names_the_room(player, server):
    page = player()
    page.context.grant_permissions(["notifications"], origin=server.url)
    page.goto("/devices")
    cdp = page.context.new_cdp_session(page)
    registrations = registration_ids(cdp, page)
    notice = {"kind": "yourTurn", "title": "Your turn in room K7Q-X4P",
              "body": "Memorize · Pets: Bo turned up 🐱: no match. Ana's turn.", "url": "/rooms/K7QX4P",
              "tag": "room-K7QX4P"}
    for registration in registrations:
        try:
            cdp.send("ServiceWorker.deliverPushMessage",
                     {"origin": server.url, "registrationId": registration, "data": json.dumps(notice)})
        except Exception:
            pass  # a registration of a context already closed
    shown = []
    deadline = time.monotonic() + 15
    while not shown and time.monotonic() < deadline:
        shown = page.evaluate("""async () => {
            const registration = await navigator.serviceWorker.ready;
            return (await registration.getNotifications()).map(n => ({title: n.title, body: n.body, tag: n.tag,
                                                                     url: n.data && n.data.url}));
        }""")
        if not shown:
            page.wait_for_timeout(100)
    assert shown == [{"title": notice["title"], "body": notice["body"], "tag": "room-K7QX4P",
                      "url": "/rooms/K7QX4P"}]
    assert page.errors == []


def test_a_tap_on_the_notification_opens_the_room_it_names(player, server):
    """The worker's `notificationclick` handler, given the notification a push showed: the site's
    window goes to the room. NB: Chromium offers no way to click a notification from a test, so
    the click is dispatched in the worker (an untrusted event, whose `waitUntil` may be refused:
    the handler starts the page on its way first)."""
    page = player()
    page.context.grant_permissions(["notifications"], origin=server.url)
    page.goto("/devices")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    # The page must be the worker's (controlled) to be sent elsewhere: a reload makes it so.
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    [worker] = page.context.service_workers
    worker.evaluate("""async () => {
        await self.registration.showNotification("Your turn in room K7Q-X4P",
            {body: "Memorize · Pets", tag: "room-K7QX4P", data: {url: "/rooms/K7QX4P"}});
        const [notification] = await self.registration.getNotifications();
        try {
            self.dispatchEvent(new NotificationEvent("notificationclick", {notification}));
        } catch {
            // NB: what the listener throws is reported, not thrown here; this is belt and braces.
        }
    }""")
    page.wait_for_url(f"{server.url}/rooms/K7QX4P", timeout=10_000)
    assert worker.evaluate("async () => (await self.registration.getNotifications()).length") == 0
