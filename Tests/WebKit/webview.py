"""A tiny WebKit "browser" for tests: one WebKit2.WebView in a GTK window of an exact size.

WebKitGTK's MiniBrowser will not go narrower than about 447 px, so phone sizes need our own
window. Everything runs on GTK's main loop; each wait spins a nested GLib loop until done.
"""

import json
import time

import gi

gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gdk, GLib, Gtk, WebKit2  # noqa: E402

# Runs in every page before its own scripts: reports uncaught errors, rejected promises and
# Content Security Policy violations to the harness (page scripts cannot silence it).
ERROR_HOOK = """
(() => {
    const report = (text) => window.webkit.messageHandlers.pageError.postMessage(String(text));
    addEventListener("error", (e) => report(`${e.message} (${e.filename}:${e.lineno})`));
    addEventListener("unhandledrejection", (e) => report(`unhandled rejection: ${e.reason}`));
    document.addEventListener("securitypolicyviolation",
        (e) => report(`Content Security Policy: ${e.violatedDirective} blocked ${e.blockedURI}`));
})();
"""


class Page:
    def __init__(self, base_url, width=390, height=844):
        self.base_url = base_url
        self.errors = []
        self.loads = 0  # finished loads, so a click can wait for the page it leads to
        content = WebKit2.UserContentManager()
        content.add_script(WebKit2.UserScript(
            ERROR_HOOK, WebKit2.UserContentInjectedFrames.ALL_FRAMES,
            WebKit2.UserScriptInjectionTime.START, None, None))
        content.connect("script-message-received::pageError", self._page_error)
        content.register_script_message_handler("pageError")
        # A fresh ephemeral data manager per page: a new player with a new cookie.
        context = WebKit2.WebContext.new_with_website_data_manager(
            WebKit2.WebsiteDataManager.new_ephemeral())
        self.view = WebKit2.WebView(web_context=context, user_content_manager=content)
        self.view.connect("load-changed", self._load_changed)
        self.view.connect("load-failed", self._load_failed)
        self.view.connect("script-dialog", self._dialog)
        # An offscreen window is exactly as big as its child asks, with no decorations or
        # window manager in the way.
        self.window = Gtk.OffscreenWindow()
        self.window.add(self.view)
        self.window.show_all()
        self.resize(width, height)

    # -- signals --------------------------------------------------------------------------

    def _page_error(self, _manager, message):
        value = message.get_js_value() if hasattr(message, "get_js_value") else message
        self.errors.append(value.to_string())

    def _load_changed(self, _view, event):
        if event == WebKit2.LoadEvent.FINISHED:
            self.loads += 1

    def _load_failed(self, _view, _event, uri, error):
        self.errors.append(f"load failed: {uri}: {error.message}")

    def _dialog(self, _view, dialog):
        self.errors.append("dialog: " + dialog.get_message())
        return False  # WebKit's default handling dismisses it

    # -- waiting --------------------------------------------------------------------------

    def _spin(self, done, timeout, what):
        """Runs GTK's main loop until done() is true."""
        deadline = time.monotonic() + timeout
        context = GLib.MainContext.default()
        while not done():
            if time.monotonic() > deadline:
                raise TimeoutError(f"timed out after {timeout} s waiting for {what}")
            context.iteration(False) or time.sleep(0.005)

    def pause(self, seconds):
        deadline = time.monotonic() + seconds
        self._spin(lambda: time.monotonic() >= deadline, seconds + 1, "a pause")

    def resize(self, width, height):
        self.width, self.height = width, height
        self.view.set_size_request(width, height)
        self.window.resize(width, height)
        self._spin(lambda: self.view.get_allocated_width() == width
                   and self.view.get_allocated_height() == height, 10, "the window size")

    # -- the page -------------------------------------------------------------------------

    def goto(self, path):
        before = self.loads
        self.view.load_uri(self.base_url + path if path.startswith("/") else path)
        self.wait_for_load(before)

    def wait_for_load(self, before, timeout=15):
        """Waits for the load started after `before` loads to finish, scripts and all."""
        self._spin(lambda: self.loads > before, timeout, "the page to load")
        # NB: WebKitGTK can report a load finished while a module's imports are still being
        # fetched (seen under CPU load: readyState "interactive", the page's script not yet run),
        # and a click then posts the form without the script. The document's own load state is
        # the one to trust.
        self.wait_for("document.readyState === 'complete'", timeout=timeout)

    def url(self):
        return self.view.get_uri()

    def evaluate(self, body, /, timeout=15, **arguments):
        """Runs `body` as the body of an async function (so it may `await` and must `return`),
        with `arguments` as local variables, and returns its JSON-decoded result."""
        result = {}

        def finished(view, task):
            try:
                value = view.call_async_javascript_function_finish(task)
                result["value"] = json.loads(value.to_json(0) or "null")
            except GLib.Error as error:
                result["error"] = error.message

        variant = GLib.Variant("a{sv}", {k: GLib.Variant("s", json.dumps(v)) for k, v in arguments.items()})
        # Arguments arrive as JSON strings; decode them first so the body sees plain values.
        prelude = "".join(f"{k} = JSON.parse({k});\n" for k in arguments)
        self.view.call_async_javascript_function(
            prelude + body, -1, variant, None, None, None, finished)
        self._spin(lambda: result, timeout, "JavaScript: " + body[:80])
        if "error" in result:
            raise RuntimeError(f"JavaScript failed: {result['error']}\n{body}")
        return result["value"]

    def wait_for(self, condition, /, timeout=10, **arguments):
        """Waits until the JavaScript expression `condition` is truthy (errors while a new page
        loads count as false)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                if self.evaluate(f"return !!({condition});", **arguments):
                    return
            except RuntimeError:
                pass
            if time.monotonic() > deadline:
                raise TimeoutError(f"timed out after {timeout} s waiting for {condition}")
            self.pause(0.05)

    def count(self, selector):
        return self.evaluate("return document.querySelectorAll(selector).length;", selector=selector)

    def text(self, selector):
        return self.evaluate("return document.querySelector(selector).textContent.trim();", selector=selector)

    def click(self, selector):
        """Clicks the element's middle as a user would: scrolls it into view, checks nothing
        covers it, then sends GTK a real mouse press and release there (trusted events that go
        through WebKit's own hit testing, like a tap in Safari)."""
        x, y = self.evaluate("""
            // The first match that is shown (pages repeat some buttons for other sizes).
            const element = [...document.querySelectorAll(selector)].find((e) => e.getClientRects().length);
            if (!element) throw new Error("nothing shown matches " + selector);
            element.scrollIntoView({block: "nearest", inline: "nearest"});
            const box = element.getBoundingClientRect();
            const x = box.left + box.width / 2, y = box.top + box.height / 2;
            const target = document.elementFromPoint(x, y);
            if (!target || !(element === target || element.contains(target)))
                throw new Error(`${selector} is covered by ${target && target.outerHTML.slice(0, 80)}`);
            return [x, y];
        """, selector=selector)
        pointer = Gdk.Display.get_default().get_default_seat().get_pointer()
        for kind, state in [(Gdk.EventType.BUTTON_PRESS, 0),
                            (Gdk.EventType.BUTTON_RELEASE, Gdk.ModifierType.BUTTON1_MASK)]:
            event = Gdk.Event.new(kind)
            event.button.window = self.view.get_window()
            event.button.x, event.button.y = x, y
            event.button.button = 1
            event.button.state = state
            event.button.time = Gtk.get_current_event_time()
            event.set_device(pointer)
            self.view.event(event)

    def click_and_wait_for_load(self, selector, timeout=15):
        before = self.loads
        self.click(selector)
        self.wait_for_load(before, timeout)

    def fill(self, selector, value):
        """Sets an input's value and fires the input and change events typing would."""
        self.evaluate("""
            const field = document.querySelector(selector);
            field.focus();
            field.value = value;
            field.dispatchEvent(new Event("input", {bubbles: true}));
            field.dispatchEvent(new Event("change", {bubbles: true}));
            return true;
        """, selector=selector, value=value)

    def screenshot(self, path):
        """Writes what the window shows to a PNG file."""
        result = {}

        def finished(view, task):
            try:
                result["surface"] = view.get_snapshot_finish(task)
            except GLib.Error as error:
                result["error"] = error.message

        self.view.get_snapshot(WebKit2.SnapshotRegion.VISIBLE, WebKit2.SnapshotOptions.NONE, None, finished)
        self._spin(lambda: result, 15, "a screenshot")
        if "error" in result:
            raise RuntimeError("screenshot failed: " + result["error"])
        result["surface"].write_to_png(str(path))
        return result["surface"].get_width(), result["surface"].get_height()

    def close(self):
        self.window.destroy()
        self._spin(lambda: True, 1, "closing")
