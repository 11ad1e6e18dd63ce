// Start-up guard shared by every page (stamped into each by site/_skeleton.html).
//
// 1. Starts PyScript when the page asks, from <html data-start>:
//    "eager"  at once (the game, the score pad, the replay viewer);
//    "touch"  on the reader's first tap, click or key (an embed: a facade);
//    "view"   like touch, or as soon as the page is scrolled into view (autoplay);
//    "host"   never by itself: a page whose embeds share its one runtime (rules);
//    "none"   never (a page without Python).
//    An embed inside a same-origin host page that offers its runtime
//    (window.skyjoHost) asks the host to drive it instead of starting its own.
// 2. Until Python is ready, a control pressed in the pre-rendered page (inside an
//    element with data-early) does not get lost: it shows "starting…" and is
//    carried out, in order, once Python has taken over the same DOM.
// 3. Turns every way start-up can fail (file:// page, old browser, missing file,
//    Python error, hang) into a readable message with a retry button.
// 4. Registers the service worker once Python has finished.
//
// The page's Python sets <html data-ready="true"> once it has taken over; that
// ends the guard. A classic script in <head>, so it also runs from file://.
(function () {
  "use strict";
  var TIMEOUT_MS = 90000;
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

  function fail(message, detail, retry, title) {
    if (ready() || failed) return;
    failed = true;
    whenParsed(function () { show(message, detail, retry, title); });
  }

  function show(message, detail, retry, title) {
    if (ready() || !byId("boot-error")) return;
    byId("boot").hidden = true;
    if (title) byId("boot-error-title").textContent = title;
    byId("boot-error-message").textContent = message;
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
      fail("This page was opened as a file, and browsers do not run Python from file:// pages.",
           "In the project folder run: python build.py serve — then open the address it prints (or use the hosted link).",
           false, "Skyjo needs a web server");
    }
    return;
  }
  if (typeof WebAssembly !== "object" || !("noModule" in HTMLScriptElement.prototype)) {
    fail("This browser is too old to run Skyjo: it needs WebAssembly and JavaScript modules.",
         "Please use a current version of Firefox, Chrome, Edge or Safari.", false);
    return;
  }

  addEventListener("unhandledrejection", function (event) {
    if (!started) return;
    fail("A file failed to load, or Python reported an error.", describe(event.reason));
  });
  addEventListener("error", function (event) {
    if (!started) return;
    var target = event.target;
    var source = target && target !== window && (target.src || target.href);
    fail(source ? "A file failed to load." : "A script failed.",
         source ? String(source) : describe(event.error || event.message));
  }, true);

  // --- starting Python ------------------------------------------------------------

  // The host page (same origin) that drives this embed with its own runtime, if any.
  function host() {
    try {
      if (window.parent !== window && window.parent.skyjoHost) return window.parent.skyjoHost;
    } catch (error) {
      // A host on another origin: this embed starts its own runtime.
    }
    return null;
  }

  // Pyodide itself starts at once (pyodide-start.mjs), not when PyScript gets to it.
  // (An import, not an inline module: the page's Content-Security-Policy runs no
  // inline script the build did not write.)
  function beginPyodide() {
    import("./pyodide-start.mjs").then(function (module) { return module.begin(); })
      .catch(function () {});
  }

  function loadPyScript() {
    // PyScript must not run before the body (with the <script type="py"> and its
    // config) is parsed: if it runs first it starts its default interpreter from
    // a CDN. The page's preload links have fetched it by then (eager pages).
    beginPyodide();
    whenParsed(function () {
      var core = document.createElement("script");
      core.type = "module";
      core.src = "pyscript/core.js";
      document.head.appendChild(core);
    });
  }

  function start() {
    if (started || failed || ready()) return;
    started = true;
    root.setAttribute("data-started", "true");
    whenParsed(function () {
      var boot = byId("boot");
      if (boot) boot.hidden = false;
    });
    timer = setTimeout(function () {
      fail("It is taking too long to start (over " + TIMEOUT_MS / 1000 + " seconds).",
           "A file may be missing or the connection may have dropped.");
    }, TIMEOUT_MS);
    var parent = host();
    if (parent && mode() !== "eager") parent.adopt(window);
    else loadPyScript();
  }

  // A page that offers its one runtime to the embeds it holds (rules.html):
  // the first embed touched starts it; its Python then drives every embed that
  // asks, through skyjoHost.mount (set by the page's Python once it runs).
  if (mode() === "host") {
    window.skyjoHost = {
      waiting: [],
      mount: null,
      adopt: function (frame) {
        if (this.mount) { this.mount(frame); return; }
        this.waiting.push(frame);
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
    if (message) message.textContent = texts.t("starting");
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
      return;
    }
    var box = started && document.querySelector(".py-error");
    if (box) fail("Python reported an error while starting.", describe(box.textContent));
  }).observe(document, { attributes: true, attributeFilter: ["data-ready"], childList: true, subtree: true });

  // The service worker precaches the whole site for offline use. It is
  // registered only after Python has finished, so it never competes with the
  // first load for bandwidth.
  addEventListener("py:all-done", function () {
    if (!ready() || !("serviceWorker" in navigator)) return;
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
