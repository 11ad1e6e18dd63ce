  // Markup guard (stamped into every page by site/_skeleton.html, before any other
  // script): markup a page is given never brings a <script> element with it.
  //
  // Why: the Content-Security-Policy already refuses to run an inline script the
  // build did not write, but PyScript watches the document for new script
  // elements of its own types and starts Python for them. So if markup were ever
  // injected (no path is known), <script type="pyodide" version="../pyodide-start.mjs">
  // would run Python with the site's own start module, which the policy allows
  // (issue 36, item 6). Markup enters a page at three places, and each passes it
  // through window.skyjoMarkup first: the effects Python answers with
  // (site/page.mjs: "html", morphed or not, and "replace") and an embed's
  // pre-painted opening (site/embed.html).
  //
  // Trusted Types would guard every sink at once, but cannot be required here:
  // the policy is inherited by PyScript's worker, made from a blob: URL, whose own
  // code compiles strings with Function() before any policy of ours could exist
  // there, so no page started (tried on Chromium 156, 6 December 2026).
  (function () {
    "use strict";
    var SCRIPT = /<script/i;

    // Removes every script element, also inside <template> contents (which a
    // page may copy into the document later).
    function strip(fragment) {
      var scripts = fragment.querySelectorAll("script");
      for (var i = 0; i < scripts.length; i++) scripts[i].remove();
      var templates = fragment.querySelectorAll("template");
      for (var j = 0; j < templates.length; j++) strip(templates[j].content);
    }

    // `html` without script elements; the same string when it has none, which is
    // every answer the site's own Python gives (the parser makes a script element
    // only from the text "<script", in any case, so the test is exact).
    window.skyjoMarkup = function (html) {
      html = String(html);
      if (!SCRIPT.test(html)) return html;
      var template = document.createElement("template");
      template.innerHTML = html;
      strip(template.content);
      return template.innerHTML;
    };
  })();
