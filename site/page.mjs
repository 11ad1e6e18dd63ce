// The main thread's half of every page (issue 21). Python runs in a Web Worker,
// PyScript's named worker "skyjo" (site/worker.py, skyjo.web.worker.host): it never
// touches the document, so a bot's move, the expert's search or the game review
// never freezes a tap. This module is all the main thread does:
//
//   - start the worker (PyScript's core.js runs the <script type="py" worker>),
//     or, in an embed frame whose same-origin host page offers its runtime
//     (rules.html: window.skyjoHost), use the host's worker;
//   - open the page's view: send what only the main thread can read (the URL,
//     the browser's languages, the page's localStorage keys and its saves in the
//     device's database, the pre-painted first screen's marks and what the
//     reader typed into it);
//   - own the page's saves while it is open (the game page and the score pad):
//     one tab at a time writes them, and another tab says so and offers to take
//     them over (Web Locks);
//   - apply the effects Python sends back (skyjo.web.worker.effects: HTML for an
//     element, a text, an attribute, focus, storage writes, a download...), both
//     as answers and as pushes between intents;
//   - forward what the reader does as intents (a click on a [data-intent] or
//     [data-action], a form submitted, a field changed, a key, a file chosen),
//     and do at once, here, what needs no Python: arrow keys between cards,
//     keeping a <details> open, the file picker, an embed's size and its host's
//     messages.
//
// boot.js imports this module when the page starts Python; <html data-ready> is
// set by Python's first paint (the "ready" effect), which ends the start-up guard.

const FOCUSABLE = new Set(["BUTTON", "SELECT", "INPUT", "TEXTAREA", "SUMMARY", "A"]);
// What a batch asks beyond painting, done even when a refused write made Python
// paint anew (see View.apply).
const CARRIED = new Set(["ready", "download", "copy", "print", "post", "warn", "failed", "lang", "title", "cue"]);
const TYPED = new Set(["text", "number", "search", "tel"]);
// The score pad's keyboard: the keys that work like its on-screen keypad.
const PAD_KEYS = {
  "-": ["sign", ""], Backspace: ["back-digit", ""], Enter: ["next", ""],
  ArrowDown: ["next", ""], ArrowUp: ["previous", ""],
};
// The replay viewer's stepping keys.
const STEP_KEYS = { ArrowRight: "forward", ArrowLeft: "back", Home: "first", End: "last" };
// The page's own localStorage keys (every key the site writes starts so).
const OWN_KEYS = /^skyjo[.-]/;
// Messages from a host page an embed ignored (counted on <html> for the tests).
const MAX_ID_LENGTH = 64;
// The largest file a page reads, in bytes: skyjo.jsontext.MAX_LENGTH (a test holds
// them equal), so its text has at most that many characters.
const MAX_FILE_BYTES = 4000000;

// --- the device's database ------------------------------------------------------------

// Games and score pads live in IndexedDB (database "skyjo", store "saves", text by
// key, the keys skyjo.web.device.SAVES names): localStorage holds about 5 MB, shared
// by every project site of one GitHub user, and a full one lost games. Python says
// where each write goes ("db", "local", "hint"); a browser without a working
// IndexedDB (a frame with third-party storage blocked) keeps everything in
// localStorage as before: then Python hears database: null.
const DB_NAME = "skyjo";
const DB_STORE = "saves";
let database = null;

function openDatabase() {
  if (database === null) {
    database = (async () => {
      const { indexedDBWorks } = await import("./memory-idb.mjs");
      if (!(await indexedDBWorks())) return null;
      const db = await openVersion(undefined);
      // A database of this name without the store (made by something else on
      // this origin): add the store in a new version.
      if (db && !db.objectStoreNames.contains(DB_STORE)) {
        const version = db.version + 1;
        db.close();
        return openVersion(version);
      }
      return db;
    })();
  }
  return database;
}

function openVersion(version) {
  return new Promise((resolve) => {
    try {
      const request = version === undefined ? indexedDB.open(DB_NAME) : indexedDB.open(DB_NAME, version);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(DB_STORE)) request.result.createObjectStore(DB_STORE);
      };
      request.onsuccess = () => {
        const db = request.result;
        db.onversionchange = () => { db.close(); database = null; };
        resolve(db);
      };
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch (error) {
      resolve(null);
    }
  });
}

// Every save on the device by key, or only those of `only` (the keys a refused
// write is about: no need to read every game for them); null when it cannot be read.
function readSaves(db, only) {
  return new Promise((resolve) => {
    try {
      const transaction = db.transaction(DB_STORE, "readonly");
      const store = transaction.objectStore(DB_STORE);
      const saves = {};
      const keep = (key, value) => { if (typeof value === "string") saves[String(key)] = value; };
      if (only) {
        for (const key of only) {
          const request = store.get(key);
          request.onsuccess = () => keep(key, request.result);
        }
        transaction.oncomplete = () => resolve(saves);
        transaction.onabort = () => resolve(null);
        return;
      }
      const keys = store.getAllKeys();
      const values = store.getAll();
      values.onsuccess = () => {
        keys.result.forEach((key, i) => keep(key, values.result[i]));
        resolve(saves);
      };
      values.onerror = () => resolve(null);
    } catch (error) {
      resolve(null);
    }
  });
}

// One transaction: every write is taken or none is. True once it is committed.
function writeSaves(db, writes) {
  return new Promise((resolve) => {
    let transaction = null;
    try {
      transaction = db.transaction(DB_STORE, "readwrite");
      transaction.oncomplete = () => resolve(true);
      transaction.onabort = () => resolve(false);
      const store = transaction.objectStore(DB_STORE);
      for (const [key, value] of writes) {
        if (value === null) store.delete(key); else store.put(value, key);
      }
    } catch (error) {
      try { if (transaction) transaction.abort(); } catch (ignored) { /* already over */ }
      resolve(false);
    }
  });
}

// What the device holds for `keys` now: a save's value in the database, else the
// localStorage value (what Python reads on the next visit).
async function truthOf(keys, win) {
  const db = await openDatabase();
  const saved = db ? await readSaves(db, keys) : null;
  const truth = {};
  for (const key of keys) {
    if (saved && Object.prototype.hasOwnProperty.call(saved, key)) { truth[key] = saved[key]; continue; }
    try { truth[key] = win.localStorage.getItem(key); } catch (error) { truth[key] = null; }
  }
  return truth;
}

// --- one tab at a time -------------------------------------------------------------------

// The pages whose saves a tab owns while it is open. Two tabs that both wrote the
// game lost moves and whole games to each other (issue 36): a tab holds the page's
// Web Lock; another tab of the page says the game is open elsewhere and writes
// nothing until the person takes it over, which steals the lock (the first tab
// hears it and stops). Where Web Locks are missing, every tab writes, as before.
const OWNED = { index: "game", scorepad: "scorepad" };

// What such a tab says (keys of the start-up texts, boot.arb, in the page's language).
const ELSEWHERE = {
  elsewhere: { game: "tabs.elsewhere.game", scorepad: "tabs.elsewhere.scorepad", detail: "tabs.elsewhere.detail" },
  taken: { game: "tabs.taken.game", scorepad: "tabs.taken.scorepad", detail: "tabs.taken.detail" },
};

// What a tab that does not own the page's saves hides: the page's own content
// (its first screen may be a form whose typing would go nowhere).
const HIDDEN_ELSEWHERE = ["topbar", "app", "pad", "boot"];

// Holds the lock `name` while the page is open. Resolves to whether it was granted
// (`options.ifAvailable`: not when another tab has it; a browser that refuses
// locks here, an opaque origin say, counts as granted); `lost` runs when another
// tab takes it over.
function holdLock(name, options, lost) {
  return new Promise((resolve) => {
    let granted = null;
    navigator.locks.request(name, options, (lock) => {
      granted = Boolean(lock);
      resolve(granted);
      return lock ? new Promise(() => {}) : undefined;  // held until the page goes
    }).catch(() => {
      if (granted) lost(); else resolve(true);
    });
  });
}

// The saves the page's Python reads (null: no database, everything in localStorage).
async function savesOf(win, page) {
  if (!OWNED[page]) return null;
  const db = await openDatabase();
  const saves = db ? await readSaves(db) : null;
  if (saves === null) return null;
  return (await moveOldSaves(win, db, saves)) ? saves : null;
}

// The saves' keys (skyjo.web.device.place says the same; a test holds them
// together) and the localStorage marks that one is kept, for the first paint.
const SAVE_KEY = /^(?:skyjo\.(?:game|recent|corrupt-save|recent-unreadable|statistics|statistics-unreadable)|skyjo-scorepad(?:-current|-draft|-unreadable)?)(?:\.[2-9])?$/;
const PRESENT = { "skyjo.game": "skyjo.game-kept", "skyjo-scorepad": "skyjo-scorepad-kept" };

// Saves an earlier version kept in localStorage move to the database, once: all
// copied first (one transaction), each removed from localStorage only once that
// copy is committed. One the database already holds with the same text is removed
// too; one it holds with another text stays where it is (the database's was
// written since; neither is lost). False when the database refused the copy: then
// this visit works from localStorage, as before.
async function moveOldSaves(win, db, saves) {
  const has = (key) => Object.prototype.hasOwnProperty.call(saves, key);
  let store;
  const old = {};
  try {
    store = win.localStorage;
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (SAVE_KEY.test(key)) old[key] = store.getItem(key);
    }
  } catch (error) {
    return true;  // no localStorage: nothing to move
  }
  const copies = Object.entries(old).filter(([key]) => !has(key));
  if (copies.length && !(await writeSaves(db, copies))) return false;
  for (const [key, value] of copies) saves[key] = value;
  for (const [key, value] of Object.entries(old)) {
    if (saves[key] !== value) continue;
    try { store.removeItem(key); } catch (error) { /* stays: read from the database from now on */ }
    try { if (PRESENT[key]) store.setItem(PRESENT[key], "1"); } catch (error) { /* a mark only */ }
  }
  return true;
}

// --- the worker ---------------------------------------------------------------------

// Views whose effects this window's worker delivers, by id (a host page's frames too).
const views = new Map();
let started = null;

// Pyodide's WebAssembly module. Chromium keeps the machine code of a wasm module a
// page compiled by streaming, and reuses it on the next visit; it does not keep a
// worker's. But the page's compile decodes the 9 MB on its main thread: about 350 ms
// of long tasks at a phone's speed. Done at start-up, that is when a newcomer
// first types and taps. So (site/pyodide-start.mjs is the worker's half):
//   - a visit after one that left the code cached (CACHED_KEY) compiles the module
//     here, from Chromium's cache, and hands it to the worker;
//   - any other visit leaves the compile to the worker, off the main thread; once
//     Python is ready, at the first moment the reader leaves the page alone for
//     QUIET_MS (or hides it), the page compiles the module once more, from the HTTP
//     cache: that compile is the one Chromium keeps the machine code of. It then
//     notes that the next visit may compile here.
// PyScript and Pyodide sit in the runtime's folder beside this build's (build.py
// stamps its name in): the same folder from build to build until their versions change.
const WASM_URL = new URL("../@RUNTIME@/pyodide/pyodide.asm.wasm", import.meta.url).href;
const CACHED_KEY = "skyjo.wasm-cached";
const QUIET_MS = 2000;

function codeIsCached() {
  try {
    return window.localStorage.getItem(CACHED_KEY) === "1";
  } catch (error) {
    return false;  // storage refused: the worker compiles, every visit
  }
}

function compileWasm() {
  const compiled = WebAssembly.compileStreaming(fetch(WASM_URL))
    // A server that does not say application/wasm: compile from the bytes.
    .catch(() => fetch(WASM_URL).then((response) => response.arrayBuffer()).then((bytes) => WebAssembly.compile(bytes)));
  return compiled.catch(() => null);  // the worker then compiles it itself
}

// The page's compile for Chromium's code cache, on a visit that left the compile to
// the worker: armed by worker(), started by the "ready" effect. Only a streamed
// compile is cached, so a server that mislabels the wasm file (the worker compiles
// from the bytes) never gets the visit marked as cached.
let cacheCode = false;
// The memory snapshot of the worker's Python (site/pyodide-start.mjs), on a visit
// that did not restore one: armed when the worker says so, made after the compile
// above, in a worker of its own that is ended as soon as it is done (two Pyodides
// in memory at once, briefly, and only while the reader leaves the page alone).
let makeSnapshot = false;
const SNAPSHOT_WORKER = "skyjo-snapshot";  // pyodide-start.mjs says the same

let waiting = false;

function cacheCodeWhenQuiet() {
  if ((!cacheCode && !makeSnapshot) || waiting) return;
  waiting = true;
  const ACTIVITY = ["pointerdown", "keydown", "click", "input", "change", "wheel", "touchstart"];
  let last = performance.now();
  let timer = 0;
  const active = () => { last = performance.now(); };
  const quiet = () => {
    clearInterval(timer);
    for (const type of ACTIVITY) window.removeEventListener(type, active, true);
    document.removeEventListener("visibilitychange", hidden);
    const compiled = cacheCode ? WebAssembly.compileStreaming(fetch(WASM_URL)).then(() => {
      try { window.localStorage.setItem(CACHED_KEY, "1"); } catch (error) { /* full or refused: compiled again next time */ }
    }, () => {}) : Promise.resolve();
    cacheCode = false;
    compiled.then(snapshotNow);
  };
  const hidden = () => { if (document.visibilityState === "hidden") quiet(); };
  for (const type of ACTIVITY) window.addEventListener(type, active, { capture: true, passive: true });
  document.addEventListener("visibilitychange", hidden);
  timer = setInterval(() => { if (performance.now() - last >= QUIET_MS) quiet(); }, QUIET_MS / 4);
}

function snapshotNow() {
  if (!makeSnapshot) return;
  makeSnapshot = false;
  let maker;
  try {
    maker = new Worker(new URL("./pyodide-start.mjs", import.meta.url), { type: "module", name: SNAPSHOT_WORKER });
  } catch (error) {
    return;  // no module workers here: every visit starts Python afresh
  }
  const end = (event) => {
    maker.terminate();
    const data = event && event.data;
    if (data && data.error) console.warn("no memory snapshot of Python:", data.error);
    else if (data && data.bytes) console.info(`memory snapshot of Python kept: ${data.bytes} bytes in ${data.ms} ms`);
    document.documentElement.setAttribute("data-snapshot", data && data.bytes ? "kept" : "failed");
  };
  maker.onmessage = end;
  maker.onerror = end;
  document.documentElement.setAttribute("data-snapshot", "making");
}

// The worker says whether its Python came from a memory snapshot ("restored" on
// <html data-snapshot>, which the tests and benchmarks read); if not, one is made
// later ("making", then "kept" or "failed").
function heardSnapshot(xworker) {
  xworker.addEventListener("message", function told(event) {
    const data = event.data;
    if (!data || data.type !== "skyjo:snapshot") return;
    xworker.removeEventListener("message", told);
    if (data.restored) document.documentElement.setAttribute("data-snapshot", "restored");
    else makeSnapshot = typeof caches === "object";
  });
}

// Answers the worker's first "skyjo:wasm?" (it asks until answered) on the port
// the question came with.
function offerWasm(xworker, compiled) {
  xworker.addEventListener("message", function asked(event) {
    const data = event.data;
    if (!data || data.type !== "skyjo:wasm?" || !event.ports[0]) return;
    xworker.removeEventListener("message", asked);
    const port = event.ports[0];
    compiled.then((module) => port.postMessage(module));
  });
}

function worker() {
  if (started === null) {
    started = (async () => {
      const cached = codeIsCached();
      // PyScript runs the page's <script type="py" worker name="skyjo"> and sets
      // the element's xworker; its exported functions return promises (no
      // SharedArrayBuffer needed: the worker never waits for the main thread).
      // PyScript opens an IndexedDB database as it loads: see memory-idb.mjs.
      await (await import("./memory-idb.mjs")).ensureIndexedDB();
      const watches = await withWatchesKept(() => import("../@RUNTIME@/pyscript/core.js"));
      const script = document.querySelector('script[type="py"][worker][name="skyjo"]');
      if (!script) throw new Error("this page has no Python worker");
      const xworker = await new Promise((resolve) => {
        (function poll() { if (script.xworker) resolve(script.xworker); else setTimeout(poll, 5); })();
      });
      for (const watch of watches) watch.disconnect();
      // Compiled only now that PyScript has made the worker: the compile's tasks
      // (about 90 ms here) queued before PyScript's own delayed the worker's start
      // by as much, and the worker needs the module only once Pyodide's JavaScript
      // has loaded (worker created at 237 instead of 344 ms after navigation, warm,
      // median of 8).
      const compiled = cached ? compileWasm() : Promise.resolve(null);
      offerWasm(xworker, compiled);
      heardSnapshot(xworker);
      xworker.sync.paint = (id, text) => {
        const view = views.get(id);
        if (view) view.apply(text);
      };
      cacheCode = !cached;
      await xworker.ready;
      return xworker.sync;
    })();
  }
  return started;
}

// Runs `load` (the import of PyScript's core) and returns the MutationObservers made
// meanwhile. PyScript's core watches the whole document, every attribute set and
// every node added (an XPath search through each added subtree), for a
// <script type="py"> or a py-* attribute to start. The pages add neither
// (markup-guard.js strips every script from markup), and once PyScript has started
// the page's worker the watch only slows each repaint, so worker() stops it.
async function withWatchesKept(load) {
  const Native = window.MutationObserver;
  const made = [];
  window.MutationObserver = class extends Native {
    constructor(callback) { super(callback); made.push(this); }
  };
  try { await load(); } finally { window.MutationObserver = Native; }
  return made;
}

function failed(message, detail) {
  if (typeof window.skyjoFailed === "function") window.skyjoFailed(message, detail);
  else console.error(message, detail);
}

// --- a view: one page (or one embed frame) and its Python ---------------------------

let count = 0;

class View {
  constructor(win) {
    this.win = win;
    this.doc = win.document;
    this.page = this.doc.documentElement.getAttribute("data-page") || "index";
    this.id = this.page + "-" + (++count) + "-" + Math.random().toString(36).slice(2, 8);
    this.sync = null;
    this.details = new Map();
    this.lastHeight = -1;
    this.ignored = 0;
    this.pending = 0;
    this.held = [];
    // Effects are applied one batch after another: a batch's database writes are
    // waited for before it paints, and a bot's move pushed meanwhile waits its turn.
    this.applying = Promise.resolve();
    // Another tab has the page's saves: nothing is sent, painted or written.
    this.paused = false;
    // A score pad inside another page hides the site menu (skeleton CSS).
    if (this.page === "scorepad" && win.parent !== win) this.doc.documentElement.setAttribute("data-embedded", "true");
    this.listen();
  }

  byId(id) { return this.doc.getElementById(id); }

  async open(sync, saves) {
    this.sync = sync;
    const context = this.context();
    context.database = saves;
    if (this.page === "check") {
      // The engine check replays a sample record at start-up: a site file.
      context.sample = await this.win.fetch(new URL("./sample-record.json", import.meta.url).href).then((r) => (r.ok ? r.text() : null), () => null);
    }
    const text = await sync.open_view(this.id, this.page, JSON.stringify(context));
    await this.apply(text);
  }

  // --- the page's saves, one tab at a time ---------------------------------------------

  // Waits until this tab owns the page's saves: at once, or once the person takes
  // them over from the tab that has them.
  async own() {
    const what = OWNED[this.page];
    const locks = this.win.navigator.locks;
    if (!what || !locks || typeof locks.request !== "function") return;
    this.lock = "skyjo:" + what;
    if (await holdLock(this.lock, { ifAvailable: true }, () => this.lost())) return;
    await this.elsewhere("elsewhere");
  }

  // Says the page's saves are open in another tab ("elsewhere": from the start;
  // "taken": another tab took them over from this one) and waits for "Use it
  // here", which takes them over (the other tab stops).
  elsewhere(state) {
    const notice = this.showElsewhere(state);
    const button = notice.querySelector("button");
    return new Promise((resolve) => {
      const take = async () => {
        button.disabled = true;
        await holdLock(this.lock, { steal: true }, () => this.lost());
        this.hideElsewhere();
        resolve();
      };
      button.addEventListener("click", take, { once: true });
    });
  }

  // Another tab took the page's saves over: stop writing at once, say so, and
  // when the person takes them back, open the page anew from what the device holds.
  async lost() {
    if (this.paused) return;
    this.paused = true;
    this.held = [];
    views.delete(this.id);
    if (this.sync && this.sync.close_view) Promise.resolve(this.sync.close_view(this.id)).catch(() => {});
    await this.elsewhere("taken");
    this.id = this.page + "-" + (++count) + "-" + Math.random().toString(36).slice(2, 8);
    views.set(this.id, this);
    this.paused = false;
    await this.open(this.sync, await savesOf(this.win, this.page));
  }

  showElsewhere(state) {
    const doc = this.doc;
    let notice = this.byId("elsewhere");
    if (!notice) {
      notice = doc.createElement("section");
      notice.id = "elsewhere";
      notice.className = "elsewhere";
      notice.setAttribute("aria-labelledby", "elsewhere-title");
      notice.innerHTML = '<h2 id="elsewhere-title"></h2><p id="elsewhere-detail"></p>'
        + '<button id="elsewhere-take" type="button" data-boot-text="tabs.take"></button>';
      const main = doc.querySelector("main") || doc.body;
      main.insertBefore(notice, main.firstChild);
    }
    const words = ELSEWHERE[state];
    this.byId("elsewhere-title").setAttribute("data-boot-text", words[OWNED[this.page]]);
    this.byId("elsewhere-detail").setAttribute("data-boot-text", words.detail);
    if (this.win.skyjoBoot) this.win.skyjoBoot.fill(notice);
    if (!this.hiddenBefore) {
      this.hiddenBefore = new Map();
      for (const id of HIDDEN_ELSEWHERE) {
        const node = this.byId(id);
        if (node) { this.hiddenBefore.set(node, node.hidden); node.hidden = true; }
      }
    }
    doc.documentElement.setAttribute("data-elsewhere", state);
    if (typeof this.win.skyjoBootWait === "function") this.win.skyjoBootWait();
    const button = notice.querySelector("button");
    button.disabled = false;
    button.focus();
    return notice;
  }

  hideElsewhere() {
    const notice = this.byId("elsewhere");
    if (notice) notice.remove();
    for (const [node, hidden] of this.hiddenBefore || []) node.hidden = hidden;
    this.hiddenBefore = null;
    this.doc.documentElement.removeAttribute("data-elsewhere");
  }

  // What only the main thread can read, for Python's first paint.
  context() {
    const storage = {};
    try {
      const store = this.win.localStorage;
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i);
        if (OWN_KEYS.test(key)) storage[key] = store.getItem(key);
      }
    } catch (error) {
      // Storage blocked (a sandboxed frame, private mode): nothing was kept.
    }
    const now = new Date();
    const painted = {};
    // What the reader typed into a pre-painted form's data-field controls.
    const fields = Array.from(this.doc.querySelectorAll("[data-touched] [data-field]")).map((node) => ({
      name: node.getAttribute("data-field"),
      type: node.type,
      checked: Boolean(node.checked),
      value: node.type === "checkbox" ? (node.checked ? "true" : "false") : node.value,
      seat: node.getAttribute("data-seat"),
      index: node.getAttribute("data-index"),
    }));
    let touched = false;
    this.doc.querySelectorAll("[data-painted]").forEach((node) => {
      if (node.id) painted[node.id] = node.getAttribute("data-painted");
    });
    this.doc.querySelectorAll("[data-touched]").forEach(() => { touched = true; });
    const nav = this.win.navigator;
    return {
      search: this.win.location.search,
      hash: this.win.location.hash,
      href: this.win.location.href.split("#")[0],
      languages: Array.from(nav.languages || [nav.language || ""]),
      storage,
      painted,
      touched,
      forms: this.forms(),
      fields,
      framed: this.win.parent !== this.win,
      // An invitation's "Share" button, where the device has a share sheet.
      share: typeof nav.share === "function",
      clock: { now: now.getTime(), offset: -now.getTimezoneOffset() },
      // Sound and vibration start off where the device asks for reduced motion.
      reducedMotion: this.win.matchMedia("(prefers-reduced-motion: reduce)").matches,
    };
  }

  // The fields of the page's forms, by form id: a field by its name (else id), a
  // radio button only when checked, a check box as true or false.
  forms() {
    const out = {};
    for (const form of Array.from(this.doc.forms)) {
      if (!form.id) continue;
      const fields = {};
      for (const field of Array.from(form.elements)) {
        const key = field.name || field.id;
        if (!key || field.tagName === "BUTTON" || field.tagName === "FIELDSET") continue;
        if (field.type === "radio") { if (field.checked) fields[key] = field.value; }
        else if (field.type === "checkbox") fields[key] = field.checked;
        else fields[key] = field.value;
      }
      out[form.id] = fields;
    }
    return out;
  }

  // An intent to the worker; until its answer is applied <html data-pending> says
  // the screen is about to change (the browser tests wait for it to go).
  send(intent) {
    if (!this.sync || this.paused) return;
    intent.forms = this.forms();
    intent.clock = { now: Date.now(), offset: -new Date().getTimezoneOffset() };
    const sent = { forms: intent.forms, focused: this.doc.activeElement };
    const id = this.id;
    this.awaiting(1);
    this.sync.intent(id, JSON.stringify(intent))
      .then((text) => this.apply(text, sent, id), (error) => console.warn(error))
      .finally(() => this.awaiting(-1));
  }

  // What the reader did while an intent's answer was on its way: the fields they
  // changed since the intent read the forms (by form id and field key, as forms()
  // names them), and where the keyboard went if they moved it. A repaint built from
  // the intent's copy of the forms would otherwise undo that typing (a name typed
  // just after tapping "Remove" on a slow phone), and the answer's focus, meant for
  // the control tapped, would pull the keyboard away from the field typed into.
  since(sent) {
    const now = this.forms();
    const changed = {};
    for (const [form, fields] of Object.entries(now)) {
      const before = sent.forms[form];
      if (!before) continue;
      for (const [key, value] of Object.entries(fields)) {
        if (Object.prototype.hasOwnProperty.call(before, key) && before[key] !== value) {
          (changed[form] = changed[form] || {})[key] = value;
        }
      }
    }
    const active = this.doc.activeElement;
    const moved = active && active !== sent.focused && active !== this.doc.body && active.id ? active : null;
    const caret = moved && TYPED.has(moved.type) ? [moved.selectionStart, moved.selectionEnd] : null;
    const where = moved && moved.form && moved.form.id ? [moved.form.id, moved.name || moved.id] : null;
    return { changed, moved: moved ? moved.id : null, where, caret };
  }

  // Puts back what since() found, on the repainted forms, into each field the
  // answer left as the intent had it (`before`, the intent's copy of the forms):
  // a field that now shows something else is another one under the same name
  // (removing seat 2 moves seat 3's name into name-2), and the reader's typing
  // must not land on another seat. The keyboard goes back to where the reader took
  // it on the same terms; otherwise the answer's focus stands.
  keepReaders(kept, before) {
    if (kept.moved === null && Object.keys(kept.changed).length === 0) return false;
    const now = this.forms();
    const same = (form, key) => now[form] && before[form] && now[form][key] === before[form][key];
    for (const [form, fields] of Object.entries(kept.changed)) {
      const node = this.doc.forms.namedItem(form);
      if (!node) continue;
      for (const [key, value] of Object.entries(fields)) {
        const field = node.elements.namedItem(key);
        if (!field || !same(form, key)) continue;
        if (field.type === "checkbox") field.checked = value === true;
        else field.value = value;
      }
    }
    if (kept.moved === null) return false;
    const field = this.byId(kept.moved);
    if (!field || field.hasAttribute("disabled")) return false;
    if (kept.where && !same(kept.where[0], kept.where[1])) return false;
    if (field !== this.doc.activeElement) field.focus({ preventScroll: true });
    if (kept.caret && TYPED.has(field.type)) {
      try { field.setSelectionRange(kept.caret[0], kept.caret[1]); } catch (error) { /* not a text field now */ }
    }
    return true;
  }

  awaiting(change) {
    this.pending += change;
    const root = this.doc.documentElement;
    if (this.pending > 0) {
      root.setAttribute("data-pending", "");
      return;
    }
    root.removeAttribute("data-pending");
    // Taps held while the last answer was on its way: sent now if the screen under
    // them is still the one they were made on (data-view, see boot.js), dropped if
    // it changed: the second tap of a double tap on "Save round" or on a card must
    // not act on the next round or for the next person.
    // Nor is a tap held on a control the answer took away: a card turned by the
    // first tap of a double tap is a card no more, and its second tap would only
    // earn a "not possible now".
    const held = this.held.splice(0);
    const view = this.viewName();
    for (const tap of held) {
      if (tap.view !== null && tap.view !== view) continue;
      if (tap.control !== null && !this.stillOffered(tap)) continue;
      this.send(tap.intent);
    }
  }

  // Whether the control a held tap was made on (by id) is still there, doing what
  // it did: the same data-intent and data-action.
  stillOffered(tap) {
    const node = this.byId(tap.control);
    return Boolean(node)
      && (node.getAttribute("data-intent") || "") === tap.intent.intent
      && (node.getAttribute("data-action") || "") === tap.intent.action;
  }

  viewName() {
    const node = this.doc.querySelector("[data-view]");
    return node ? node.getAttribute("data-view") || "" : "";
  }

  // --- applying effects ---------------------------------------------------------------

  // `sent`: the intent's copy of the forms and focus, for an answer (not a push);
  // `id`: the view it answers (an answer for a view this page has since left is
  // dropped). Batches are applied in order; the promise settles once this one is.
  apply(text, sent, id) {
    const from = id || this.id;
    const next = this.applying.then(() => (from === this.id && !this.paused ? this.applyNow(text, sent) : null));
    this.applying = next.catch((error) => console.warn(error));
    return this.applying;
  }

  async applyNow(text, sent) {
    let ops;
    try { ops = JSON.parse(text); } catch (error) { return; }
    if (!Array.isArray(ops)) return;
    const doc = this.doc;
    const kept = sent ? this.since(sent) : null;
    const active = doc.activeElement;
    const focused = active && active !== doc.body ? active : null;
    // The batch's leading messages to other devices go first (sendAtOnce), before
    // a save is written: the move is made whether or not this device can keep it.
    const sentEarly = new Set();
    for (const op of ops) {
      if (op[0] !== "link") continue;
      if (!sendAtOnce(this, op[1])) break;
      sentEarly.add(op);
    }
    // Writes marked "after-paint" (a move's save: a refusal only adds words) are
    // made once the batch is painted, so the move shows without waiting for the
    // device's database; every other write comes first.
    const stores = ops.filter((op) => op[0] === "store");
    const afterPaint = stores.length > 0 && stores.every((op) => op[2] === "after-paint");
    for (const op of afterPaint ? [] : stores) {
      // A refused write: Python is told and answers anew, before anything is painted.
      // What this batch asked beyond painting (the page ready, a file, a message to
      // the host) is still done, after that answer.
      if (!(await this.store(op[1], ops.filter((later) => CARRIED.has(later[0]))))) return;
      if (this.paused) return;
    }
    const origins = {};
    for (const op of ops) {
      if (op[0] !== "glide") continue;
      for (const move of op[1]) {
        const from = this.byId(move[1]);
        if (from) origins[move[1]] = from.getBoundingClientRect();
      }
    }
    this.letGo(ops, focused);
    for (const op of ops) {
      const node = typeof op[1] === "string" ? this.byId(op[1]) : null;
      switch (op[0]) {
        case "html": if (node) this.html(node, op[2], op[3], op[4]); break;
        case "replace": if (node) node.outerHTML = markup(op[2]); break;
        case "value": if (node) node.value = op[2]; break;
        case "text": if (node && node.textContent !== op[2]) node.textContent = op[2]; break;
        case "attr":
          if (!node) break;
          if (op[3] === null) node.removeAttribute(op[2]);
          else if (node.getAttribute(op[2]) !== op[3]) node.setAttribute(op[2], op[3]);
          break;
        // Only when it changes: setting <html lang> anew, even to the same value,
        // restyles the whole document (its :lang() state), every move.
        case "lang": if (doc.documentElement.lang !== op[1]) doc.documentElement.lang = op[1]; break;
        case "title": if (doc.title !== op[1]) doc.title = op[1]; break;
        case "offline": this.offline(op[1]); break;
        case "warn": console.warn(op[1]); break;
        case "failed": failed("error.python", op[1]); return;
        default: break;
      }
    }
    this.keepDetails();
    const refocused = kept ? this.keepReaders(kept, sent.forms) : false;
    for (const op of ops) {
      switch (op[0]) {
        case "glide": this.glide(op[1], origins); break;
        case "focus": if (!refocused) this.focus(op[1], focused); break;
        case "scroll": { const node = this.byId(op[1]); if (node) node.scrollIntoView({ block: op[2] === "nearest" ? "nearest" : "start" }); break; }
        case "download": this.download(op[1], op[2], op[3]); break;
        case "cue": cue(this.win, op[1], op[2]); break;
        case "copy": if (this.win.navigator.clipboard) this.win.navigator.clipboard.writeText(op[1]).catch(() => {}); break;
        case "print": this.win.print(); break;
        case "post": this.post(op[1]); break;
        case "link": if (!sentEarly.has(op)) link(this, op[1]); break;
        case "ready": doc.documentElement.setAttribute("data-ready", "true"); this.reportSize(); cacheCodeWhenQuiet(); break;
        default: break;
      }
    }
    // Painted; now the writes that could wait (Python's answer to a refusal says
    // so on the screen; nothing of this batch is left to carry after it).
    for (const op of afterPaint ? stores : []) {
      if (this.paused || !(await this.store(op[1], []))) return;
    }
  }

  // Writes keys in order and stops at the first the device refuses: a removal
  // after a copy that did not fit never happens. A run of database writes is one
  // transaction, waited for before the next write. Python then hears what the keys
  // hold now, and answers with what that means (said at once, before any paint).
  // A "hint" (the mark that a save exists, for the first paint) may be refused.
  async store(writes, carried) {
    let refused = null;
    const db = writes.some((write) => write[2] === "db") ? await openDatabase() : null;
    for (let i = 0; i < writes.length && refused === null;) {
      if (writes[i][2] === "db" && db) {
        const run = [];
        while (i < writes.length && writes[i][2] === "db") run.push(writes[i++]);
        if (this.paused) return false;
        if (!(await writeSaves(db, run))) refused = run[0][0];
        continue;
      }
      const [key, value, place] = writes[i++];
      if (this.paused) return false;
      try {
        const store = this.win.localStorage;
        if (value === null) store.removeItem(key); else store.setItem(key, value);
      } catch (error) {
        if (place !== "hint") refused = key;
      }
    }
    if (refused === null) return true;
    const truth = await truthOf(writes.map((write) => write[0]), this.win);
    this.awaiting(1);
    const id = this.id;
    this.sync.refused(id, JSON.stringify({ key: refused, truth }))
      .then((text) => this.apply(text, undefined, id))
      .then(() => (carried.length ? this.apply(JSON.stringify(carried), undefined, id) : null))
      .finally(() => this.awaiting(-1));
    return false;
  }

  // An element's new content, unless it already shows it: the build pre-painted it
  // with this mark, or the reader typed into the pre-painted form (then Python took
  // what they typed over). The marks hold once.
  html(node, html, mark, changesOnly) {
    const painted = node.getAttribute("data-painted");
    const touched = node.hasAttribute("data-touched");
    node.removeAttribute("data-painted");
    node.removeAttribute("data-touched");
    node.removeAttribute("data-early");
    if (painted !== null && (touched || painted === mark)) return;
    if (changesOnly) morph(node, html);
    else node.innerHTML = markup(html);
  }

  offline(words) {
    const status = this.byId("offline-status");
    if (!status) return;
    status.setAttribute("data-ready-text", words);
    if (this.doc.documentElement.getAttribute("data-offline") === "ready") status.textContent = words;
  }

  keepDetails() {
    this.details.forEach((open, id) => {
      const node = this.byId(id);
      if (node && node.open !== open) node.open = open;
    });
  }

  // Cards glide from where they were (the FLIP technique).
  glide(moves, origins) {
    if (this.win.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    for (const [id, from] of moves) {
      const node = this.byId(id);
      const origin = origins[from];
      if (!node || !origin) continue;
      const here = node.getBoundingClientRect();
      const dx = origin.left - here.left;
      const dy = origin.top - here.top;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      node.animate(
        [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
        { duration: 380, easing: "ease-out" },
      );
    }
  }

  // Chrome recomputes style and layout in the middle of a morph when the element
  // with the keyboard's focus is removed or stops being focusable: a tapped card
  // that is no longer a target cost the tapping guest's repaint 56 ms at 4x, 19
  // without (median; benchmarks/several_devices.py). So when the batch says where
  // the keyboard goes next (its focus op finds the button's successor by id, as
  // before), a focused button in a part about to be morphed lets go first, while
  // nothing is dirty. A text field keeps its focus: a phone would close its keyboard.
  letGo(ops, focused) {
    if (!focused || !(focused.tagName === "BUTTON" || focused.getAttribute("role") === "button")) return;
    if (!ops.some((op) => op[0] === "focus")) return;
    const morphed = ops.some((op) => {
      if (op[0] !== "html" || !op[4]) return false;
      const node = this.byId(op[1]);
      return Boolean(node && node.contains(focused));
    });
    if (morphed) focused.blur();
  }

  // The keyboard: where Python wants it, else where it was if that still acts,
  // else the next thing to do. {"same": true} keeps it on the control with the
  // same data-action and data-value (the score pad repaints its keypad).
  focus(policy, focused) {
    const acts = (node) => node && FOCUSABLE.has(node.tagName) && !node.hasAttribute("disabled");
    let target = null;
    if (policy.same) {
      if (!focused || !focused.hasAttribute("data-action")) return;
      const action = focused.getAttribute("data-action");
      const value = focused.getAttribute("data-value") || "";
      target = Array.from(this.doc.querySelectorAll("[data-action]")).find(
        (node) => node.getAttribute("data-action") === action && (node.getAttribute("data-value") || "") === value,
      );
      if (target && target !== this.doc.activeElement) target.focus({ preventScroll: true });
      return;
    }
    if (policy.keep) {
      // The element the keyboard was on was repainted: find its successor by id.
      // An element Python asks for by name may also be a heading it made focusable
      // (tabindex="-1": a panel opened from the menu starts there).
      const id = policy.wanted || (focused && focused.id) || "";
      const there = id ? this.byId(id) : null;
      if (acts(there) || (policy.wanted && there && there.hasAttribute("tabindex"))) target = there;
    }
    for (const selector of policy.next || []) {
      if (target) break;
      target = this.doc.querySelector(selector);
    }
    if (target && target !== this.doc.activeElement) target.focus();
  }

  download(filename, mime, text) {
    const blob = new this.win.Blob([text], { type: mime });
    const url = this.win.URL.createObjectURL(blob);
    const link = this.doc.createElement("a");
    link.href = url;
    link.download = filename;
    link.hidden = true;
    this.doc.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => this.win.URL.revokeObjectURL(url), 0);
  }

  // --- an embed and its host page ---------------------------------------------------------

  hostId() {
    const id = new URLSearchParams(this.win.location.search).get("id") || "";
    return id.length <= MAX_ID_LENGTH ? id : "";
  }

  post(message) {
    if (this.win.parent === this.win) return;
    if (message && message.type === "skyjo:ready") message.height = this.height();
    this.win.parent.postMessage(message, "*");
  }

  height() {
    const root = this.byId("embed");
    return root ? Math.ceil(root.getBoundingClientRect().height) : 0;
  }

  reportSize(force) {
    if (this.page !== "embed" || this.win.parent === this.win) return;
    const height = this.height();
    if (height === this.lastHeight && !force) return;
    this.lastHeight = height;
    this.win.parent.postMessage({ type: "skyjo:size", id: this.hostId(), height }, "*");
  }

  // A message from the host page: only {"type": "skyjo:measure"} from the frame's
  // own parent asks for anything. Every other one (from another window, of
  // another shape, or one the browser cannot even clone) is ignored without a
  // word and counted in <html data-ignored-messages>.
  onMessage(event) {
    let measure = false;
    try {
      const data = event.data;
      // Only plain data counts: JSON.stringify throws on a cyclic object or a BigInt.
      measure = event.source === this.win.parent && data !== null && typeof data === "object"
        && !Array.isArray(data) && data.type === "skyjo:measure" && JSON.stringify(data).length < 1000;
    } catch (error) {
      measure = false;
    }
    if (measure) { this.reportSize(true); return; }
    this.ignored += 1;
    this.doc.documentElement.setAttribute("data-ignored-messages", String(this.ignored));
  }

  // --- what the reader does ----------------------------------------------------------------

  listen() {
    const doc = this.doc;
    doc.addEventListener("click", (event) => this.onClick(event));
    doc.addEventListener("submit", (event) => {
      const form = event.target;
      if (!form || !form.id) return;
      event.preventDefault();
      this.send({ type: "submit", id: form.id });
    });
    doc.addEventListener("change", (event) => this.onField(event));
    doc.addEventListener("input", (event) => this.onField(event));
    doc.addEventListener("keydown", (event) => this.onKey(event));
    // "toggle" does not bubble: listen in the capture phase.
    doc.addEventListener("toggle", (event) => {
      const node = event.target;
      if (node.tagName === "DETAILS" && node.id) this.details.set(node.id, node.open);
    }, true);
    if (this.page === "replay") {
      this.win.addEventListener("hashchange", () => this.send({ type: "hash", hash: this.win.location.hash }));
    }
    if (this.page === "embed") {
      this.win.addEventListener("message", (event) => this.onMessage(event));
      const root = this.byId("embed");
      if (root && "ResizeObserver" in this.win) {
        new this.win.ResizeObserver(() => {
          if (doc.documentElement.getAttribute("data-ready") === "true") this.reportSize();
        }).observe(root);
      }
    }
  }

  ready() { return !this.paused && this.doc.documentElement.getAttribute("data-ready") === "true"; }

  onClick(event) {
    if (!this.ready() || !event.target.closest) return;
    const target = event.target.closest("[data-intent], [data-action]");
    if (!target || target.tagName === "SELECT" || target.closest(".site-menu")) return;
    const intent = target.getAttribute("data-intent");
    if (intent === "import") {
      const picker = this.byId("import-file");
      if (picker) picker.click();
      return;
    }
    const data = Object.assign({}, target.dataset);
    for (const id of (target.getAttribute("data-with") || "").split(" ")) {
      const field = id && this.byId(id);
      if (field) data[id] = field.value;
    }
    const tap = {
      type: "click",
      intent: intent || "",
      action: target.getAttribute("data-action") || "",
      value: target.getAttribute("data-value") || "",
      data,
    };
    // While an answer is on its way the screen is about to change: hold the tap (a
    // tap outside the screen's [data-view] part, in a menu say, is kept whatever
    // the screen becomes: view null).
    const inView = Boolean(target.closest("[data-view]"));
    if (this.pending > 0) {
      this.held.push({ intent: tap, view: inView ? this.viewName() : null, control: target.id || null });
    }
    else this.send(tap);
  }

  onField(event) {
    if (!this.ready()) return;
    const target = event.target;
    if (target.type === "file") {
      if (event.type !== "change" || !target.files || !target.files.length) return;
      const file = target.files[0];
      target.value = "";
      // A file over the limit is not read: Python hears only its size, and says at
      // once that it is too large (sent whole, the worker would refuse the intent).
      if (file.size > MAX_FILE_BYTES) this.send({ type: "file", id: target.id, size: file.size });
      else file.text().then((text) => this.send({ type: "file", id: target.id, text }));
      return;
    }
    const field = target.getAttribute && target.getAttribute("data-field");
    if (field) {
      this.send({
        type: "field",
        event: event.type,
        typed: TYPED.has(target.type),
        name: field,
        value: target.type === "checkbox" ? (target.checked ? "true" : "false") : target.value,
        data: Object.assign({}, target.dataset),
      });
      return;
    }
    if (event.type === "change" && target.id && target.tagName === "SELECT") {
      this.send({ type: "change", id: target.id, value: target.value });
    }
  }

  onKey(event) {
    if (!this.ready()) return;
    const tag = event.target && event.target.tagName;
    const inField = tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA";
    const key = event.key;
    if (this.page === "index") {
      // Ctrl+Z or ⌘Z (or an Undo key) takes back the last move; a text field keeps its own.
      const undo = key === "Undo" || ((event.ctrlKey || event.metaKey) && !event.shiftKey
        && !event.altKey && (key === "z" || key === "Z"));
      if (key === "Escape") this.send({ type: "key", key });
      else if (undo && !inField && !(event.target && event.target.isContentEditable)) {
        event.preventDefault();
        this.send({ type: "key", key: "Undo" });
      } else if (key.startsWith("Arrow")) this.moveBetweenCards(event, key);
    } else if (this.page === "scorepad") {
      const playing = this.doc.querySelector("#pad[data-screen='play'] #entry");
      if (!playing || tag === "INPUT" || tag === "SELECT") return;
      let press = /^[0-9]$/.test(key) ? ["digit", key] : PAD_KEYS[key];
      if (!press || (key === "Enter" && tag === "BUTTON")) return;  // the button's own click
      event.preventDefault();
      this.send({ type: "click", action: press[0], value: press[1], data: {} });
    } else if (this.page === "replay") {
      const step = STEP_KEYS[key];
      if (!step || inField || !this.doc.querySelector("#replay[data-position]")) return;
      event.preventDefault();
      this.send({ type: "click", intent: step, data: {} });
    }
  }

  // Arrow keys move between the cards of one grid (3 rows × 4 columns). From a
  // card that can be played they skip cards that cannot (face-up cards in the
  // opening flips, removed columns), so Enter always acts; from the prompt they
  // enter the person's grid at its first playable card. The next card is the
  // nearest on the arrow's side, not only on its line: with playable cards
  // scattered (the last face-down ones), a straight line alone left some out of
  // reach (issue 36, item 17). Nearest is by the distance along the arrow plus
  // twice the distance across it, so a card on the same line wins when there is one.
  moveBetweenCards(event, key) {
    const current = this.doc.activeElement;
    if (!current || !current.id) return;
    if (current.id === "prompt") {
      const first = this.doc.querySelector("#app .own-seat .target");
      if (first) { event.preventDefault(); first.focus(); }
      return;
    }
    const parts = current.id.split("-");
    if (parts[0] !== "card" || parts.length !== 3) return;
    const seat = parts[1];
    const playableOnly = current.classList.contains("target");
    const row = Math.floor(Number(parts[2]) / 4);
    const column = Number(parts[2]) % 4;
    const dRow = { ArrowUp: -1, ArrowDown: 1 }[key] || 0;
    const dColumn = { ArrowLeft: -1, ArrowRight: 1 }[key] || 0;
    let next = null;
    let best = Infinity;
    for (let position = 0; position < 12; position++) {
      const card = this.byId(`card-${seat}-${position}`);
      if (!card || card === current || (playableOnly && !card.classList.contains("target"))) continue;
      const rowStep = Math.floor(position / 4) - row;
      const columnStep = (position % 4) - column;
      const along = rowStep * dRow + columnStep * dColumn;
      if (along <= 0) continue;  // not on the arrow's side
      const across = Math.abs(dRow ? columnStep : rowStep);
      const distance = along + 2 * across;
      if (distance < best) { best = distance; next = card; }
    }
    if (!next) return;
    event.preventDefault();
    if (!next.hasAttribute("tabindex") && next.tagName !== "BUTTON") next.setAttribute("tabindex", "-1");
    next.focus();
  }
}

// A short sound (and a vibration, with `buzz`) for what was just painted: site/sound.mjs,
// fetched at the first cue (a page whose switch is off never loads it).
function cue(win, kind, buzz) {
  import("./sound.mjs").then((sound) => sound.play(win, kind, buzz)).catch(() => {});
}

// A data channel to another device (site/link.mjs, fetched at the first such effect:
// a page that never plays together never loads it). In order: an offer made, then
// an answer taken, then messages sent.
let linking = Promise.resolve();
let linkModule = null;  // site/link.mjs, once loaded
let linkWaiting = 0;  // link ops still queued in `linking`
function link(view, op) {
  linkWaiting += 1;
  linking = linking
    .then(() => import("./link.mjs"))
    .then((module) => { linkModule = module; return module.handle(view, op); })
    .catch((error) => console.warn(error))
    .finally(() => { linkWaiting -= 1; });
}

// A message to another device sent at once, before this page paints the batch it
// came with, when nothing is queued before it: a move then reaches the other
// devices a repaint sooner (the host's table is redrawn after its guests hear of
// the move; benchmarks/several_devices.py). False when it must wait its turn.
function sendAtOnce(view, op) {
  if (linkModule === null || linkWaiting > 0 || !op || op.do !== "send") return false;
  linkModule.handle(view, op);  // "send" runs to its end before handle's first await
  return true;
}

// --- changing only what changed --------------------------------------------------------------

// `html` without any script element (site/markup-guard.js, inline in every page:
// PyScript would start Python for a <script type="pyodide"> in the effects' markup).
function markup(html) {
  return window.skyjoMarkup(html);
}

// Gives `node` the content `html` describes, changing only what differs: a child
// that stays (the same tag and id, in the same order) keeps its node, so its
// focus, its running animation and its hover stay too; attributes and texts are
// updated in place; what is new is inserted, what is gone removed.
function morph(node, html) {
  const template = node.ownerDocument.createElement("template");
  template.innerHTML = markup(html);
  morphChildren(node, template.content);
}

function sameKind(a, b) {
  if (a.nodeType !== b.nodeType) return false;
  if (a.nodeType !== 1) return true;
  return a.tagName === b.tagName && (a.id || "") === (b.id || "");
}

function morphChildren(into, from) {
  const wanted = Array.from(from.childNodes);
  let current = into.firstChild;
  for (const next of wanted) {
    if (current && sameKind(current, next)) {
      morphNode(current, next);
      current = current.nextSibling;
    } else {
      // An element with this id further on moves here; anything else is new.
      const found = next.nodeType === 1 && next.id ? into.ownerDocument.getElementById(next.id) : null;
      if (found && found.parentNode === into && sameKind(found, next)) {
        into.insertBefore(found, current);
        morphNode(found, next);
      } else {
        into.insertBefore(next, current);
      }
    }
  }
  while (current) {
    const gone = current;
    current = current.nextSibling;
    gone.remove();
  }
}

function morphNode(node, next) {
  if (node.nodeType !== 1) {
    if (node.nodeValue !== next.nodeValue) node.nodeValue = next.nodeValue;
    return;
  }
  // An element whose HTML carries its own checksum (a seat of the table: most of
  // the table's elements, and a move changes one seat) is left alone when the
  // checksum is the one it shows: nothing in it would change.
  const checksum = next.getAttribute("data-checksum");
  if (checksum !== null && node.getAttribute("data-checksum") === checksum) return;
  // A <details> stays as open or closed as the person left it (and changing it
  // here would fire a "toggle" that reads as their choice).
  const kept = node.tagName === "DETAILS" ? "open" : null;
  for (const { name } of Array.from(node.attributes)) {
    if (name !== kept && !next.hasAttribute(name)) node.removeAttribute(name);
  }
  for (const { name, value } of Array.from(next.attributes)) {
    if (name !== kept && node.getAttribute(name) !== value) node.setAttribute(name, value);
  }
  if (node.tagName === "TEMPLATE") return;
  morphChildren(node, next);
}

// --- starting -----------------------------------------------------------------------------

// The runtime this window's page may share: a same-origin host page that offers one
// (rules.html), else null.
function sharedHost() {
  try {
    if (window.parent !== window && window.parent.skyjoHost) return window.parent.skyjoHost;
  } catch (error) {
    // A host on another origin: this page starts its own worker.
  }
  return null;
}

export async function start() {
  const root = document.documentElement;
  if (root.getAttribute("data-start") === "host") {
    // A page whose embeds share its one worker: it has no view of its own.
    const host = window.skyjoHost;
    host.connect = (view) => { views.set(view.id, view); return worker(); };
    for (const [view, resolve] of host.pending.splice(0)) resolve(host.connect(view));
    try {
      await worker();
      root.setAttribute("data-ready", "true");
    } catch (error) {
      failed("error.start", String(error && error.message || error));
    }
    return;
  }
  const view = new View(window);
  try {
    const host = root.getAttribute("data-start") !== "eager" ? sharedHost() : null;
    if (OWNED[view.page]) openDatabase();  // meanwhile
    let sync;
    if (host) {
      sync = new Promise((resolve) => host.ask(view, resolve));
    } else {
      views.set(view.id, view);
      sync = worker();
    }
    sync.catch(() => {});  // reported below, once awaited
    // The page's saves are read once this tab owns them, while Python starts.
    await view.own();
    const saves = await savesOf(window, view.page);
    await view.open(await sync, saves);
  } catch (error) {
    failed("error.start", String(error && error.message || error));
  }
}
