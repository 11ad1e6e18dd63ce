// Inlined into every page's <head> by build.py (see site/_skeleton.html): the
// page's language before anything is painted, and the start-up texts in it.
//
// <html data-lang-from="..."> lists where to look, in order: "storage:KEY" (a
// saved choice; a page's header says "saved" for the site's one choice, which the
// build spells out as its keys), "query:NAME" (a URL parameter), "hash" (#de),
// "navigator" (the browser's languages). The first supported language wins, else
// English ("none": a page written in English only).
// TEXTS is skyjo.web.boot_texts.table(), every language's boot.arb, stamped in by the build.
//
// The texts filled here (the site menu, the loading note, footers) follow the
// page's language when it changes later: the game page's switcher, the article a
// rules page shows, Python taking over all set <html lang>.
(function () {
  "use strict";
  var TEXTS = @BOOT_TEXTS@;
  var FALLBACK = "en";
  var root = document.documentElement;

  function supported(tag) {
    var base = String(tag || "").split("-")[0].toLowerCase();
    return Object.prototype.hasOwnProperty.call(TEXTS, base) ? base : null;
  }

  function candidates(source) {
    try {
      if (source.indexOf("storage:") === 0) return [localStorage.getItem(source.slice(8))];
      if (source.indexOf("query:") === 0) return [new URLSearchParams(location.search).get(source.slice(6))];
      if (source === "hash") return [location.hash.slice(1)];
      if (source === "navigator") return navigator.languages || [navigator.language];
    } catch (error) {
      // Storage can be blocked (private mode): that source has nothing to say.
    }
    return [];
  }

  function pick() {
    var sources = (root.getAttribute("data-lang-from") || "navigator").split(" ");
    for (var i = 0; i < sources.length; i++) {
      var found = candidates(sources[i]);
      for (var j = 0; j < found.length; j++) {
        var language = supported(found[j]);
        if (language) return language;
      }
    }
    return FALLBACK;
  }

  var language = pick();
  root.lang = language;

  function t(key) {
    var texts = TEXTS[language] || TEXTS[FALLBACK];
    return texts[key] || TEXTS[FALLBACK][key] || "";
  }

  // Elements with data-boot-text="key" (text) or data-boot-label="key"
  // (aria-label) under `scope` get their sentence in the page's language.
  function fill(scope) {
    var nodes = (scope || document).querySelectorAll("[data-boot-text], [data-boot-label]");
    for (var i = 0; i < nodes.length; i++) {
      var node = nodes[i];
      if (node.hasAttribute("data-boot-text")) node.textContent = t(node.getAttribute("data-boot-text"));
      if (node.hasAttribute("data-boot-label")) node.setAttribute("aria-label", t(node.getAttribute("data-boot-label")));
    }
  }

  // The menu button on narrow screens opens and closes the list of pages.
  document.addEventListener("click", function (event) {
    // (The game page's own "Menu" button is Python's; only the site menu's is ours.)
    var toggle = event.target.closest && event.target.closest(".site-menu .menu-toggle");
    if (!toggle) return;
    var menu = toggle.closest(".site-menu");
    var open = !menu.classList.contains("open");
    menu.classList.toggle("open", open);
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
  });

  // Copy the page's pre-painted first screen in the reader's language (a
  // <template id="prerender-LANG"> written by the build) into place, marked so
  // Python can take it over as it is (data-painted) and so controls pressed
  // early are kept (data-early). Skipped when one of `savedKeys` is in
  // localStorage (a save of before, or the mark that the device's database holds
  // one, skyjo.web.device.PRESENT): Python will open that instead. The build calls this after each template, so
  // the reader's screen is painted as soon as its template is parsed, not after
  // all six (a phone parses each in tens of milliseconds); `last` after the last
  // one, where a language without a template falls back to English.
  var painted = false;
  function prerender(savedKeys, last) {
    if (painted) return;
    try {
      var keys = [].concat(savedKeys || []);
      for (var k = 0; k < keys.length; k++) if (localStorage.getItem(keys[k])) return;
    } catch (error) {
      // No storage, so no saved game.
    }
    var template = document.getElementById("prerender-" + language) || (last && document.getElementById("prerender-" + FALLBACK));
    if (!template) return;
    painted = true;
    var parts = template.content.querySelectorAll("[data-into]");
    for (var i = 0; i < parts.length; i++) {
      var target = document.getElementById(parts[i].getAttribute("data-into"));
      if (!target) continue;
      target.innerHTML = parts[i].innerHTML;
      target.setAttribute("data-painted", parts[i].getAttribute("data-painted"));
      target.setAttribute("data-early", "");
      // What a first visit only shows (how to play) names the key whose presence
      // says it was seen: left out at once, not painted and then taken away.
      var once = target.querySelectorAll("[data-unless-stored]");
      for (var k = 0; k < once.length; k++) {
        try {
          if (localStorage.getItem(once[k].getAttribute("data-unless-stored")) !== null) once[k].remove();
        } catch (error) {
          // No storage: a first visit, as far as the page can tell.
        }
      }
      // A setting's switch (the game's "Sound and vibration") as this device has
      // it, as Python will paint it: the choice kept under data-setting ("on" or
      // "off"), else off where the device matches data-off-when (reduced motion).
      var switches = target.querySelectorAll("[data-setting]");
      for (var s = 0; s < switches.length; s++) {
        var kept = null;
        try {
          kept = localStorage.getItem(switches[s].getAttribute("data-setting"));
        } catch (error) {
          // No storage: no choice was kept.
        }
        var off = matchMedia(switches[s].getAttribute("data-off-when") || "not all").matches;
        switches[s].setAttribute("aria-checked", kept === "on" || (kept !== "off" && !off) ? "true" : "false");
      }
    }
  }

  window.skyjoBoot = { language: language, t: t, fill: fill, pick: pick, prerender: prerender };

  // Everything marked in the page once it is parsed (footers come after the
  // scripts that fill the menu and the loading note as soon as they are parsed).
  document.addEventListener("DOMContentLoaded", function () { fill(document); });
  new MutationObserver(function () {
    var now = supported(root.lang);
    if (!now || now === language) return;
    language = window.skyjoBoot.language = now;
    fill(document);
  }).observe(root, { attributes: true, attributeFilter: ["lang"] });
})();
