// Start-up guard shared by every page (stamped into each by site/_skeleton.html).
//
// 1. Starts Python when the page asks, from <html data-start>: imports page.mjs,
//    the main thread's half of the page, which starts the page's Web Worker
//    (PyScript's named worker "skyjo": all Python runs there, issue 21):
//    "eager"  at once (the game, the score pad, the replay viewer);
//    "touch"  on the reader's first tap, click or key (an embed: a facade);
//    "view"   like touch, or as soon as the page is scrolled into view (autoplay);
//    "host"   never by itself: a page whose embeds share its one runtime (rules);
//    "none"   never (a page without Python).
//    An embed inside a same-origin host page that offers its runtime
//    (window.skyjoHost) uses the host's worker instead of starting its own.
// 2. Until Python is ready, a control pressed in the pre-rendered page (inside an
//    element with data-early) does not get lost: it shows "starting…" and is
//    carried out, in order, once Python has taken over the same DOM.
// 3. Turns every way start-up can fail (file:// page, old browser, missing file,
//    Python error, hang) into a readable message with a retry button.
// 4. Registers the service worker once Python has taken the page over.
// 5. When what is under the pointer changes (another person's grid, a hand-over,
//    a round's end, the score pad's next round), ignores the pointer on it for a
//    moment and, on the game page, brings the new screen's top (whose turn, what
//    to do) into view.
//
// The page's Python sets <html data-ready="true"> once it has taken over; that
// ends the guard. A classic script in <head>, so it also runs from file://.
(function () {
  "use strict";
  var TIMEOUT_MS = 90000;
  // site/boot-build.js, inline before this script: what to do when a deploy has
  // removed this page's build.
  var build = window.skyjoBuild || null;
  if (build) build.loaded = true;
  var root = document.documentElement;
  var failed = false;
  var started = false;
  var timer = null;
  var queue = [];
  var texts = window.skyjoBoot || { t: function () { return ""; } };

  function ready() { return root.getAttribute("data-ready") === "true"; }
  function mode() { return root.getAttribute("data-start") || "eager"; }

  // This script runs in <head>, before the elements it fills exist.
  function whenParsed(show) {
    if (document.readyState === "loading") addEventListener("DOMContentLoaded", show);
    else show();
  }

  function byId(id) { return document.getElementById(id); }

  function notBusy() {
    var main = document.querySelector("main");
    if (main) main.setAttribute("aria-busy", "false");
  }

  // A sentence of the start-up texts (boot.arb) in the page's language.
  function say(key) { return texts.t(key) || key; }

  // `message` and `title` are keys of the start-up texts (boot.arb): the box
  // speaks the page's language; `detail` is what went wrong, as the browser said it.
  // A start that can be retried first asks whether a deploy removed this page's
  // build: then the page reloads into the new one (once), and the box is shown
  // only if that reload already happened.
  function fail(message, detail, retry, title) {
    if (ready() || failed) return;
    failed = true;
    if (!build || retry === false) {
      whenParsed(function () { show(message, detail, retry, title); });
      return;
    }
    build.recover().then(function (state) {
      if (state === "reloading") return;
      if (state === "gone") { message = "error.deploy"; detail = ""; }
      whenParsed(function () { show(message, detail, retry, title); });
    });
  }

  function show(message, detail, retry, title) {
    if (ready() || !byId("boot-error")) return;
    byId("boot").hidden = true;
    // The keys stay on the elements, so the box follows a later change of language.
    if (title) {
      byId("boot-error-title").setAttribute("data-boot-text", title);
      byId("boot-error-title").textContent = say(title);
    }
    byId("boot-error-message").setAttribute("data-boot-text", message);
    byId("boot-error-message").textContent = say(message);
    byId("boot-error-detail").textContent = detail || "";
    byId("boot-retry").hidden = retry === false;
    byId("boot-error").hidden = false;
    notBusy();
    root.setAttribute("data-boot-error", "true");
  }

  function describe(reason) {
    if (!reason) return "";
    return String(reason.message || reason).split("\n")[0].slice(0, 300);
  }

  whenParsed(function () {
    var retry = byId("boot-retry");
    if (retry) retry.addEventListener("click", function () { location.reload(); });
  });

  if (location.protocol === "file:") {
    if (mode() !== "none") {
      fail("error.file", "python build.py serve", false, "error.title.server");
    }
    return;
  }
  if (typeof WebAssembly !== "object" || !("noModule" in HTMLScriptElement.prototype)) {
    fail("error.old", say("error.old.detail"), false);
    return;
  }

  addEventListener("unhandledrejection", function (event) {
    if (!started) return;
    fail("error.load_or_python", describe(event.reason));
  });
  addEventListener("error", function (event) {
    if (!started) return;
    var target = event.target;
    var source = target && target !== window && (target.src || target.href);
    fail(source ? "error.load" : "error.script",
         source ? String(source) : describe(event.error || event.message));
  }, true);

  // --- starting Python ------------------------------------------------------------

  // The host page (same origin) whose runtime this embed shares, if any: only a
  // host of this page's own build (a frame loaded after a deploy, in a host page
  // from before it, starts its own runtime rather than mix two builds).
  function host() {
    try {
      var parent = window.parent;
      if (parent !== window && parent.skyjoHost &&
          parent.document.documentElement.getAttribute("data-build") === root.getAttribute("data-build")) {
        return parent.skyjoHost;
      }
    } catch (error) {
      // A host on another origin: this embed starts its own runtime.
    }
    return null;
  }

  // Whether this page may open IndexedDB (memory-idb.mjs asks before PyScript
  // loads): asked here, as Python starts, so the answer is in by the time the
  // body is parsed rather than taking its own turn after.
  function probeIndexedDB() {
    window.skyjoIndexedDB = new Promise(function (resolve) {
      try {
        var request = indexedDB.open("skyjo-probe");
        request.onsuccess = function () { request.result.close(); resolve(true); };
        request.onerror = function () { resolve(false); };
        request.onblocked = function () { resolve(false); };
      } catch (error) {
        resolve(false);
      }
    });
  }

  // page.mjs starts the worker (or asks the host page for its one) and opens the
  // page. It runs once the body, with the worker's <script type="py">, is parsed.
  function loadPage() {
    if (!host()) probeIndexedDB();
    whenParsed(function () {
      import("./page.mjs").then(function (page) { return page.start(); }).catch(function (error) {
        fail("error.load", describe(error));
      });
    });
  }

  // page.mjs reports a start that failed in the worker here (a key of boot.arb).
  window.skyjoFailed = function (message, detail) { fail(message, detail); };
  // page.mjs: the page waits for the person, not for Python (its game is open in
  // another tab): no "taking too long", no loading note.
  window.skyjoBootWait = function () {
    clearTimeout(timer);
    whenParsed(notBusy);
  };

  function start() {
    if (started || failed || ready()) return;
    started = true;
    root.setAttribute("data-started", "true");
    whenParsed(function () {
      var boot = byId("boot");
      if (boot) boot.hidden = false;
    });
    timer = setTimeout(function () {
      fail("error.slow", say("error.slow.detail"));
    }, TIMEOUT_MS);
    loadPage();
  }

  // A page that offers its one runtime to the embeds it holds (rules.html): the
  // first embed touched starts it; each embed's page.mjs then asks for it here
  // (ask), and the host's page.mjs answers once its worker runs (connect).
  if (mode() === "host") {
    window.skyjoHost = {
      pending: [],
      connect: null,
      ask: function (view, resolve) {
        if (this.connect) { resolve(this.connect(view)); return; }
        this.pending.push([view, resolve]);
        start();
      },
    };
  }

  // --- controls pressed before Python is ready -----------------------------------

  function early(target) {
    return target && target.closest && target.closest("[data-early]");
  }

  function starting(control) {
    if (control) {
      control.setAttribute("aria-busy", "true");
      control.setAttribute("data-pressed", "");
    }
    var boot = byId("boot");
    if (!boot) return;
    boot.hidden = false;
    boot.setAttribute("data-state", "starting");
    var message = byId("boot-message");
    if (message) {
      // Marked, so the message stays this one if the page's language changes.
      message.setAttribute("data-boot-text", "starting");
      message.textContent = texts.t("starting");
    }
  }

  function hold(event, kind, control) {
    event.preventDefault();
    event.stopImmediatePropagation();
    queue.push({ kind: kind, node: control, id: control.id });
    starting(control);
    start();
  }

  document.addEventListener("click", function (event) {
    if (ready() || !early(event.target)) return;
    var control = event.target.closest("button, [data-intent], [data-action]");
    if (!control || control.tagName === "SELECT") return;
    if (control.hasAttribute("data-start-only")) {
      event.preventDefault();
      starting(control);
      start();
      return;
    }
    hold(event, "click", control);
  }, true);

  document.addEventListener("submit", function (event) {
    if (ready() || !early(event.target)) return;
    hold(event, "submit", event.target);
  }, true);

  document.addEventListener("change", function (event) {
    var region = early(event.target);
    if (ready() || !region) return;
    region.setAttribute("data-touched", "true");
    if (event.target.hasAttribute("data-intent")) {
      queue.push({ kind: "change", node: event.target, id: event.target.id });
      starting(null);
      start();
    }
  }, true);

  document.addEventListener("input", function (event) {
    var region = early(event.target);
    if (!ready() && region) region.setAttribute("data-touched", "true");
  }, true);

  // Touch pages start on the first tap, click or key (not Tab: moving the
  // keyboard through a host page is no reason to load a runtime).
  function touched(event) {
    if (event.type === "keydown" && (event.key === "Tab" || event.key === "Shift")) return;
    if (event.target && event.target.closest && event.target.closest(".site-menu, #boot-error")) return;
    if (mode() === "touch" || mode() === "view") start();
  }
  document.addEventListener("pointerdown", touched, true);
  document.addEventListener("keydown", touched, true);

  function replay() {
    var held = queue;
    queue = [];
    held.forEach(function (item) {
      var node = item.node && item.node.isConnected ? item.node : (item.id && byId(item.id));
      if (item.node) {
        item.node.removeAttribute("aria-busy");
        item.node.removeAttribute("data-pressed");
      }
      if (!node) return;
      if (item.kind === "submit" && node.requestSubmit) node.requestSubmit();
      else if (item.kind === "change") node.dispatchEvent(new Event("change", { bubbles: true }));
      else node.click();
    });
  }

  new MutationObserver(function () {
    if (ready()) {
      clearTimeout(timer);
      whenParsed(notBusy);
      replay();
      registerOffline();
      return;
    }
    var box = started && document.querySelector(".py-error");
    if (box) fail("error.python", describe(box.textContent));
  }).observe(document, { attributes: true, attributeFilter: ["data-ready"], childList: true, subtree: true });

  // The service worker precaches the whole site for offline use. It is
  // registered only after Python has taken the page over, so it never competes
  // with the first load for bandwidth.
  var registered = false;
  function registerOffline() {
    if (registered || !ready() || !("serviceWorker" in navigator)) return;
    registered = true;
    navigator.serviceWorker.register("sw.js").then(function () {
      return navigator.serviceWorker.ready;
    }).then(function () {
      root.setAttribute("data-offline", "ready");
      whenParsed(function () {
        var status = byId("offline-status");
        // In the page's language when Python has painted it (data-ready-text).
        if (status) status.textContent = status.getAttribute("data-ready-text") || "Ready to play offline.";
      });
    }).catch(function (error) {
      console.warn("offline mode unavailable:", error);
    });
  }

  // --- what is under the pointer --------------------------------------------------

  // Python names what a screen shows under the pointer in data-view (whose grid is
  // large, a hand-over waiting, a round's end: skyjo.web.ui.present.table_view; the
  // score pad's round: skyjo.web.scorepad.render.entry_view). When the name changes,
  // the new screen takes no pointer input for SETTLE_MS (html[data-settling]: the
  // skeleton's styles lay a transparent cover over it), so the second click of a
  // double click never acts on what replaced the first one's target. On a page of
  // its own (not in a frame: a host page is not ours to scroll) a screen that asks
  // for it ([data-in-view] on it or inside it: the game's table and its round's
  // end) is brought into view: from its top, where it says whose turn it is and
  // what to do, down to the end of its [data-in-view] part (the person's grid),
  // from the page's top when that fits, else from its own top.
  var SETTLE_MS = 500;
  var shownView = "";
  var settleTimer = null;

  function viewShown() {
    var node = document.querySelector("[data-view]");
    return node ? { node: node, name: node.getAttribute("data-view") || "" } : { node: null, name: "" };
  }

  function viewChanged() {
    var view = viewShown();
    if (view.name === shownView) return;
    shownView = view.name;
    if (!view.node) return;
    root.setAttribute("data-settling", "true");
    clearTimeout(settleTimer);
    settleTimer = setTimeout(function () { root.removeAttribute("data-settling"); }, SETTLE_MS);
    if (window.parent === window) bringIntoView(view.node);
  }

  function bringIntoView(node) {
    var keep = node.hasAttribute("data-in-view") ? node : node.querySelector("[data-in-view]");
    if (!keep) return;
    var top = node.getBoundingClientRect().top + window.scrollY;
    var bottom = keep.getBoundingClientRect().bottom + window.scrollY;
    window.scrollTo(0, bottom <= window.innerHeight ? 0 : top - 8);
  }

  whenParsed(function () {
    shownView = viewShown().name;
    new MutationObserver(viewChanged).observe(document.body, {
      childList: true, subtree: true, attributes: true, attributeFilter: ["data-view"]
    });
  });

  // An eager page starts now, while the rest of it is parsed: Pyodide begins to
  // load at once (start() defers only what needs the document).
  if (mode() === "eager") start();

  whenParsed(function () {
    // Inside a host page that shares its runtime (rules.html), an autoplay embed
    // waits for a touch too: the host promises no runtime until the reader asks.
    if (mode() === "view" && !host() && "IntersectionObserver" in window) {
      // In an iframe the observer's viewport is the top-level page's: the embed
      // starts when the reader scrolls it into view.
      new IntersectionObserver(function (entries, observer) {
        if (entries.some(function (entry) { return entry.isIntersecting; })) {
          observer.disconnect();
          start();
        }
      }).observe(document.body);
    }
  });
})();
