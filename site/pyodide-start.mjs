// PyScript's interpreter (pyscript.json "interpreter"): Pyodide, in the page's Web
// Worker (issue 21: all Python runs there; site/page.mjs is the main thread's half).
//
// PyScript's worker imports this module, then opens its storage and reads its
// config before it calls loadPyodide(). Importing it already begins Pyodide
// (begin(), at the end of this file), so Pyodide boots while PyScript prepares;
// PyScript's own loadPyodide() call then receives that same runtime, with its
// output hooks installed. PyScript passes nothing else our config needs (no
// packages, no lock file).
//
// Pyodide is also given an ordinary WebAssembly memory where it asks for a shared
// one (see unshared()): without cross-origin isolation (GitHub Pages cannot send
// the headers) there is no SharedArrayBuffer to make one from.
//
// In the worker, Pyodide's WebAssembly module comes compiled from the page when
// Chromium has its machine code cached (see withModule() and site/page.mjs):
// Chromium keeps the code of a page's streamed wasm for the next visit, not a
// worker's (compiled only here, every visit started Python on baseline code: a
// warm start took 1.7x bare Pyodide's instead of about 1.1x). Otherwise the page
// says so at once and the worker compiles the module itself, off the page's main
// thread, while Pyodide's JavaScript loads.
import { ensureIndexedDB } from "./memory-idb.mjs";
// Pyodide sits in the runtime's folder beside this build's (build.py stamps its name in).
import { loadPyodide as load, version } from "../@RUNTIME@/pyodide/pyodide.mjs";

export { version };

let started = null;
const inWorker = typeof WorkerGlobalScope !== "undefined" && globalThis instanceof WorkerGlobalScope;

const INDEX_URL = new URL("../@RUNTIME@/pyodide/", import.meta.url).href;

/** Start Pyodide once; every caller gets the same runtime. */
export function begin() {
  if (started === null) {
    const loading = () => load({ indexURL: INDEX_URL });
    started = unshared(inWorker ? () => withModule(() => restoredOr(loading)) : loading);
  }
  return started;
}

// --- the memory snapshot ----------------------------------------------------------
//
// A returning visit restores the worker's Python from a memory snapshot instead of
// starting it and importing the engine: Pyodide's memory as it was with the engine,
// its dataclasses' code and every page's controller imported (see make() below,
// and site/worker.py, which skips what the snapshot already did). It is made once a
// visit that had none is ready and left alone: the page starts a second worker on
// this very module, named SNAPSHOT_WORKER (site/page.mjs), which makes it and is
// ended at once. A runtime started to make a snapshot cannot serve the page (its
// `js` module is a stand-in), hence that second worker.
//
// The snapshot sits in Cache Storage under a key inside this build's folder
// (build-<hash>/, named by the contents of every file of the build, this one with
// the runtime's folder stamped in): a new deploy looks for another key, never
// restores an old build's snapshot, and deletes it. One that fails to restore (a
// corrupt or truncated entry, another Pyodide, too little memory) is deleted too,
// and Python starts as it would have without it; nothing is shown.
export const SNAPSHOT_WORKER = "skyjo-snapshot";
const SNAPSHOT_CACHE = "skyjo.memory-snapshot";  // not "skyjo-...": sw.js owns those
const SNAPSHOT_KEY = new URL("./memory-snapshot.bin", import.meta.url).href;
// This site's snapshots of any build (another site on this origin keeps its own).
const SITE = new URL("../", import.meta.url).href;
// What a restore did, for the page (its "skyjo:snapshot" message, below).
let restored = false;

/** The snapshots' cache; with `existing`, null where there is none yet (a visit
 * that looks for a snapshot does not make the cache). */
async function snapshots({ existing = false } = {}) {
  if (typeof caches !== "object") throw new Error("no Cache Storage");
  if (existing && !(await caches.has(SNAPSHOT_CACHE))) return null;
  return caches.open(SNAPSHOT_CACHE);
}

/** Deletes this site's snapshots other than this build's (and this build's too
 * with `all`). */
async function forget({ all = false } = {}) {
  const cache = await snapshots({ existing: true });
  if (!cache) return;
  for (const request of await cache.keys()) {
    if (request.url.startsWith(SITE) && (all || request.url !== SNAPSHOT_KEY)) await cache.delete(request);
  }
}

/** The runtime restored from this build's snapshot, else `loading()`'s. */
async function restoredOr(loading) {
  let response = null;
  try {
    const cache = await snapshots({ existing: true });
    response = cache ? await cache.match(SNAPSHOT_KEY) : null;
  } catch (error) {
    response = null;  // no Cache Storage here: start as usual
  }
  forget().catch(() => {});
  if (response) {
    try {
      const bytes = new Uint8Array(await response.arrayBuffer());
      whole(response, bytes);
      const pyodide = await load({ indexURL: INDEX_URL, _loadSnapshot: bytes });
      // What the snapshot cannot carry is redone: the random numbers (the global
      // generator was seeded when the snapshot was made, so every restore would
      // repeat its numbers; the pages' own generators are seeded from os.urandom
      // when a view opens), and a check that the engine is really there.
      pyodide.runPython(RESTORED);
      restored = true;
      return pyodide;
    } catch (error) {
      console.warn("Python's memory snapshot could not be restored; starting afresh:", String(error));
      await forget({ all: true }).catch(() => {});
    }
  }
  return loading();
}

// Pyodide checks the snapshot's header (its magic number and Pyodide build); an
// entry cut short is caught here, by the length it was kept with.
const LENGTH_HEADER = "X-Snapshot-Length";

function whole(response, bytes) {
  if (response.headers.get(LENGTH_HEADER) !== String(bytes.length)) throw new Error("the snapshot is cut short");
}

const RESTORED = `
import random, sys
random.seed()
if "skyjo.web.worker.host" not in sys.modules:
    raise RuntimeError("the snapshot has no engine")
`;

// What a snapshot holds: what site/worker.py imports, done the same way, and
// every page's controller (their imports only define; nothing here reads the
// page, the device or the URL: those come to each controller when a view opens).
const PREPARE = `
import os, sys
sys.path.insert(0, os.path.abspath("skyjo.zip"))
from skyjo.web.worker import dataclass_code
dataclass_code.install_from(sys.path[0])
from skyjo.web.worker import host
import skyjo.web.ui.page, skyjo.web.scorepad.page, skyjo.web.embed.embed_page
import skyjo.web.embed.replay_page, skyjo.web.check
`;

/** In the SNAPSHOT_WORKER: a second Pyodide, the engine imported, its memory kept. */
async function make() {
  const began = performance.now();
  const pyodide = await unshared(() => load({ indexURL: INDEX_URL, _makeSnapshot: true }));
  // The engine archive, where PyScript writes it for the page's worker (pyscript.json).
  const config = await (await fetch(new URL("./pyscript.json", import.meta.url))).json();
  const [[archive, target]] = Object.entries(config.files);
  const response = await fetch(new URL(archive, new URL("./pyscript.json", import.meta.url)));
  if (!response.ok) throw new Error("no engine archive: " + response.status);
  pyodide.FS.writeFile(pyodide.FS.cwd() + "/" + target.replace(/^\.\//, ""), new Uint8Array(await response.arrayBuffer()));
  pyodide.runPython(PREPARE);
  const bytes = pyodide.makeMemorySnapshot();
  const cache = await snapshots();
  await cache.put(SNAPSHOT_KEY, new Response(bytes, {
    headers: { "Content-Type": "application/octet-stream", [LENGTH_HEADER]: String(bytes.length) },
  }));
  await forget();
  return { bytes: bytes.length, ms: Math.round(performance.now() - began) };
}

// The page answers "skyjo:wasm?" with the module on the port sent with it, or with
// null: compile it here (site/page.mjs).
const WASM_FILE = "pyodide.asm.wasm";
const WASM_URL = new URL("../@RUNTIME@/pyodide/" + WASM_FILE, import.meta.url).href;
// A page that never answers (a page script from an older visit) costs this long,
// then the worker compiles the module itself.
const PAGE_WAIT_MS = 5000;
const ASK_EVERY_MS = 100;
let offered = null;

/** The WebAssembly module the page compiled for this worker, or null. */
function fromPage() {
  if (offered === null) {
    offered = new Promise((resolve) => {
      // The answer comes on a channel of its own: a message to the worker itself
      // would also reach PyScript's listeners, which take every message for theirs.
      // Asked again until answered, in case the page was not listening yet.
      const ask = () => {
        const { port1, port2 } = new MessageChannel();
        port1.onmessage = (event) => answered(event.data instanceof WebAssembly.Module ? event.data : null);
        asked.push(port1);
        postMessage({ type: "skyjo:wasm?" }, [port2]);
      };
      const asked = [];
      const again = setInterval(ask, ASK_EVERY_MS);
      const timer = setTimeout(() => answered(null), PAGE_WAIT_MS);
      function answered(module) {
        clearInterval(again);
        clearTimeout(timer);
        for (const port of asked) port.close();
        resolve(module);
      }
      ask();
    });
  }
  return offered;
}

/** Pyodide's module compiled in this worker (streamed; from the bytes where the
 * server mislabels the file), or null when even that fails. */
function compileHere(fetch) {
  return WebAssembly.compileStreaming(fetch(WASM_URL))
    .catch(() => fetch(WASM_URL).then((response) => response.arrayBuffer()).then((bytes) => WebAssembly.compile(bytes)))
    .catch(() => null);
}

// The page is asked at once, and a worker told to compile starts while Pyodide's
// JavaScript still loads. While Pyodide loads, its fetch of the wasm file waits for
// that module and its instantiateStreaming uses it; with none, both do what they
// would.
function withModule(loading) {
  // The worker's own fetch, put back once Pyodide has loaded, and a bound copy of
  // it for the calls made meanwhile.
  const { fetch: own } = globalThis;
  const fetch = own.bind(globalThis);
  const { instantiateStreaming } = WebAssembly;
  const compiled = fromPage().then((module) => module || compileHere(fetch));
  globalThis.fetch = function (input, init) {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.endsWith("/" + WASM_FILE)) return fetch(input, init);
    return compiled.then((module) => (module ? new Response(null) : fetch(input, init)));
  };
  WebAssembly.instantiateStreaming = async function (response, imports) {
    const module = await compiled;
    if (!module) return instantiateStreaming.call(WebAssembly, response, imports);
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  const restore = () => {
    globalThis.fetch = own;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  };
  return patched(loading, restore);
}

// While Pyodide loads, a request for a shared WebAssembly.Memory gets an ordinary one.
// Pyodide's only shared memory is one page for a synchronous sleep (Atomics.wait)
// it tries when reading stdin returns EAGAIN; on a page's main thread Atomics.wait
// always throws, so that sleep never happens whichever memory it is given, while a
// shared one is a SharedArrayBuffer without cross-origin isolation. Pages that are
// cross-origin isolated keep Pyodide's own choice.
function unshared(loading) {
  if (globalThis.crossOriginIsolated) return loading();
  const Memory = WebAssembly.Memory;
  class Unshared extends Memory {
    constructor(descriptor) {
      super(descriptor && descriptor.shared ? { ...descriptor, shared: false } : descriptor);
    }
  }
  WebAssembly.Memory = Unshared;
  const restore = () => { if (WebAssembly.Memory === Unshared) WebAssembly.Memory = Memory; };
  return patched(loading, restore);
}

// Runs `loading` with a patch in place, and `restore`s it once loading has ended,
// however it ends (thrown at once or rejected later).
function patched(loading, restore) {
  let promise;
  try {
    promise = loading();
  } catch (error) {
    restore();
    throw error;
  }
  return promise.finally(restore);
}

/** What PyScript calls: the runtime begin() started, printing where PyScript says. */
export async function loadPyodide(options = {}) {
  const pyodide = await begin();
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}

const making = inWorker && globalThis.name === SNAPSHOT_WORKER;

// Inside a worker (where PyScript imports this module), Pyodide starts at once, and
// the page is told whether it came from a snapshot (site/page.mjs makes one later if
// not). The snapshot's own worker makes it, says what it kept, and is ended.
if (inWorker && !making) {
  begin().then(() => postMessage({ type: "skyjo:snapshot", restored }), () => {});
}
if (making) {
  make().then((kept) => postMessage({ type: "skyjo:snapshot-kept", ...kept }),
    (error) => postMessage({ type: "skyjo:snapshot-kept", error: String(error) }));
}

// PyScript's worker opens an IndexedDB database before it starts Pyodide; where
// that is refused (another site's page, third-party storage blocked) it gets one
// kept in memory (see memory-idb.mjs).
if (inWorker && !making) await ensureIndexedDB();
