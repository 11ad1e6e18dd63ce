// PyScript's interpreter (pyscript.json "interpreter"): Pyodide, started as soon as
// a page asks for Python rather than when PyScript gets to it.
//
// PyScript's core only runs once the page is parsed, then reads its config and
// opens its storage before it calls loadPyodide(): on the game page that began
// Pyodide ~100 ms later than a page that calls loadPyodide() at once. boot.js
// calls begin() the moment it starts Python (an inline module importing this
// file), so Pyodide boots while PyScript starts; PyScript's own loadPyodide()
// call then receives that same runtime, with its output hooks installed.
// PyScript passes nothing else our config needs (no packages, no lock file).
//
// Pyodide is also given an ordinary WebAssembly memory where it asks for a shared
// one (see unshared()), so that a page without cross-origin isolation creates no
// SharedArrayBuffer, which Chrome reports as a deprecated use.
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
