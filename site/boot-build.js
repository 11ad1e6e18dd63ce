// Inlined into every page's <head> by build.py, after boot-lang.js (see
// site/_skeleton.html): what a page does when a deploy has removed its build.
//
// A page keeps its URL from build to build, but every file it loads sits in its
// build's folder, named by the files' contents (<html data-build>, build.py's
// docstring), so a page never runs two builds' files. A deploy replaces the whole
// site, so an old page (kept by the browser's HTTP cache for ten minutes on GitHub
// Pages, or left open in a tab) may ask for a file its build no longer has. When a
// file fails to load, skyjoBuild.recover() asks the server whether the build's
// folder is still there: if it is gone, the page reloads, once: a reload asks the
// server for the page again, which is the new build's. Should the reload bring the
// same old page (a cache between here and the server), the page says so instead of
// reloading again.
(function () {
  "use strict";
  var root = document.documentElement;
  var folder = root.getAttribute("data-build") || "";
  // The build this tab last reloaded to leave; sessionStorage lasts for the tab.
  var KEY = "skyjo.left-build";

  // Whether the server no longer has this page's build (a 404 for its boot.js; a
  // HEAD request, which the service worker leaves to the network). Offline or a
  // server error: not known, so not gone.
  function gone() {
    return fetch(folder + "/boot.js", { method: "HEAD", cache: "no-store" }).then(
      function (response) { return response.status === 404; },
      function () { return false; }
    );
  }

  // The page to reload: the host page that frames this one when it is of the
  // same build (rules.html and its live tables: all of it is gone), else this one.
  function page() {
    try {
      var parent = window.parent;
      if (parent !== window && parent.document.documentElement.getAttribute("data-build") === folder) {
        return parent;
      }
    } catch (error) {
      // A host on another origin: not ours to reload.
    }
    return window;
  }

  // Reloads unless this tab already reloaded that page to leave this build; true
  // if it does. (Per page: a host page and each of its frames reload once each.)
  function reloadOnce() {
    var target = page();
    var key = KEY + " " + target.location.href.split("#")[0];
    try {
      if (sessionStorage.getItem(key) === folder) return false;
      sessionStorage.setItem(key, folder);
    } catch (error) {
      return false; // No storage, so no way to know it would not loop.
    }
    target.location.reload();
    return true;
  }

  // Whether this page is framed by a page of the site of another build: a host
  // page reloaded into a new build whose frames the browser took from its cache.
  function strayFrame() {
    try {
      var parent = window.parent;
      return parent !== window && parent.document.documentElement.getAttribute("data-build") !== folder;
    } catch (error) {
      return false; // A host on another origin.
    }
  }

  window.skyjoBuild = {
    folder: folder,
    // After a file failed to load: "reloading" (the build is gone, the page
    // reloads), "gone" (gone, and a reload already brought this page back) or
    // "here" (the build is there: the failure is something else).
    recover: function () {
      return gone().then(function (isGone) {
        if (!isGone) return "here";
        return reloadOnce() ? "reloading" : "gone";
      });
    },
    // Set by boot.js as it runs.
    loaded: false,
    // Called by the inline script right after boot.js's tag: when even boot.js could not
    // be loaded, there is no start-up guard to explain anything, but a gone build
    // still reloads.
    booted: function () {
      if (!this.loaded && location.protocol !== "file:" && window.fetch) this.recover();
    },
  };

  // Such a frame of a gone build reloads now, before it is touched.
  if (strayFrame() && window.fetch) window.skyjoBuild.recover();
})();
