// Start-up guard shared by every page (index.html, scorepad.html, ...): starts
// PyScript, and turns every way start-up can fail (file:// page, old browser,
// missing file, Python error, hang) into a readable message with a retry button
// instead of "loading..." forever. The page's Python sets <html data-ready="true">
// once it has rendered; that cancels the guard.
//
// A classic script in <head> (<script src="boot.js"></script>), so it runs before
// anything else and also from file:// (where module scripts are blocked). Each page
// provides the elements it fills: #boot (loading indicator), #boot-error with
// #boot-error-title, #boot-error-message, #boot-error-detail and #boot-retry, a
// <main aria-busy="true">, and optionally #offline-status.
(function () {
  "use strict";
  var TIMEOUT_MS = 90000;
  var root = document.documentElement;
  var failed = false;

  function ready() { return root.getAttribute("data-ready") === "true"; }

  // This script runs in <head>, before the message boxes exist.
  function whenParsed(show) {
    if (document.readyState === "loading") addEventListener("DOMContentLoaded", show);
    else show();
  }

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
    if (ready()) return;
    document.getElementById("boot").hidden = true;
    if (title) document.getElementById("boot-error-title").textContent = title;
    document.getElementById("boot-error-message").textContent = message;
    document.getElementById("boot-error-detail").textContent = detail || "";
    document.getElementById("boot-retry").hidden = retry === false;
    document.getElementById("boot-error").hidden = false;
    notBusy();
    root.setAttribute("data-boot-error", "true");
  }

  function describe(reason) {
    if (!reason) return "";
    return String(reason.message || reason).split("\n")[0].slice(0, 300);
  }

  whenParsed(function () {
    document.getElementById("boot-retry").addEventListener("click", function () {
      location.reload();
    });
  });

  if (location.protocol === "file:") {
    fail("This page was opened as a file, and browsers do not run Python from file:// pages.",
         "In the project folder run: python build.py serve — then open the address it prints (or use the hosted link).",
         false, "Skyjo needs a web server");
    return;
  }
  if (typeof WebAssembly !== "object" || !("noModule" in HTMLScriptElement.prototype)) {
    fail("This browser is too old to run Skyjo: it needs WebAssembly and JavaScript modules.",
         "Please use a current version of Firefox, Chrome, Edge or Safari.", false);
    return;
  }

  var timer = setTimeout(function () {
    fail("It is taking too long to start (over " + TIMEOUT_MS / 1000 + " seconds).",
         "A file may be missing or the connection may have dropped.");
  }, TIMEOUT_MS);

  addEventListener("unhandledrejection", function (event) {
    fail("A file failed to load, or Python reported an error.",
         describe(event.reason));
  });
  addEventListener("error", function (event) {
    var target = event.target;
    var source = target && target !== window && (target.src || target.href);
    fail(source ? "A file failed to load." : "A script failed.",
         source ? String(source) : describe(event.error || event.message));
  }, true);

  new MutationObserver(function () {
    if (ready()) {
      clearTimeout(timer);
      whenParsed(notBusy);
      return;
    }
    var box = document.querySelector(".py-error");
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
        var status = document.getElementById("offline-status");
        // In the page's language when Python has painted it (data-ready-text).
        if (status) status.textContent = status.getAttribute("data-ready-text") || "Ready to play offline.";
      });
    }).catch(function (error) {
      console.warn("offline mode unavailable:", error);
    });
  });

  // PyScript must not run before the body (with the <script type="py"> and its
  // config) is parsed: if it runs first it starts its default interpreter from a
  // CDN. The page's modulepreload links have fetched it by then, so waiting costs
  // nothing.
  whenParsed(function () {
    var core = document.createElement("script");
    core.type = "module";
    core.src = "pyscript/core.js";
    document.head.appendChild(core);
  });
})();
