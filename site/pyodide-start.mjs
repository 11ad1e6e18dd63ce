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
import { ensureIndexedDB } from "./memory-idb.mjs";
import { loadPyodide as load, version } from "./pyodide/pyodide.mjs";

export { version };

let started = null;

/** Start Pyodide once; every caller gets the same runtime. */
export function begin() {
  if (started === null) {
    started = unshared(() => load({ indexURL: new URL("./pyodide/", import.meta.url).href }));
  }
  return started;
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
const inWorker = typeof WorkerGlobalScope !== "undefined" && globalThis instanceof WorkerGlobalScope;
if (inWorker) begin().catch(() => {});

// PyScript's worker opens an IndexedDB database before it starts Pyodide; where
// that is refused (another site's page, third-party storage blocked) it gets one
// kept in memory (see memory-idb.mjs).
if (inWorker) await ensureIndexedDB();
