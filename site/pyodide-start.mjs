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

/** Start Pyodide once; every caller gets the same runtime. */
export function begin() {
  if (started === null) {
    const loading = () => load({ indexURL: new URL("../@RUNTIME@/pyodide/", import.meta.url).href });
    started = unshared(inWorker ? () => withModule(loading) : loading);
  }
  return started;
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

// Inside a worker (where PyScript imports this module), Pyodide starts at once.
if (inWorker) begin().catch(() => {});

// PyScript's worker opens an IndexedDB database before it starts Pyodide; where
// that is refused (another site's page, third-party storage blocked) it gets one
// kept in memory (see memory-idb.mjs).
if (inWorker) await ensureIndexedDB();
