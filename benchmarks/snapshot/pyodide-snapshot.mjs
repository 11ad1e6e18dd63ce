// The memory-snapshot experiment of issue 12 (measured by
// benchmarks/page_load.py --snapshot, not shipped: see the README's performance
// section for why). Given to PyScript as its interpreter (pyscript.json
// "interpreter": "./pyodide-snapshot.mjs"): Pyodide, restored from a memory
// snapshot when this browser has one.
//
// The first visit starts Pyodide as usual; a few seconds later a worker starts a
// second Pyodide with _makeSnapshot, takes a snapshot of its memory right after
// it has started (so the restored runtime is exactly a fresh one, before PyScript
// or the page's Python touch it) and keeps it in Cache Storage. Later visits
// restore that image instead of booting Python again. The snapshot belongs to
// this exact Pyodide build (the cache key carries its version); one that fails
// to restore is dropped and the page starts fresh. A runtime started with
// _makeSnapshot cannot serve the page itself (its `js` module is a stand-in:
// PyScript's first `hasattr(js, "document")` fails), hence the worker.
import { loadPyodide as loadFresh, version } from "./pyodide/pyodide.mjs";

export { version };

const CACHE = "pyodide-snapshot";
// A cache key only, never fetched.
const KEY = new URL("./pyodide/memory-snapshot-" + version + ".bin", import.meta.url).href;
const SAVE_DELAY_MS = 5000;

async function stored() {
  try {
    const cache = await caches.open(CACHE);
    const response = await cache.match(KEY);
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch (error) {
    return null;
  }
}

// A runtime started with _makeSnapshot cannot reach the page (its `js` module is
// a stand-in), so the snapshot is made by a second Pyodide in a worker, once the
// page has settled: off the main thread, and only on a visit without one.
function makeLater() {
  setTimeout(function () {
    try {
      const worker = new Worker(new URL("./pyodide-snapshot-worker.mjs", import.meta.url), { type: "module" });
      worker.onmessage = function () { worker.terminate(); };
      worker.onerror = function () { worker.terminate(); };
    } catch (error) {
      console.warn("no memory snapshot:", error);
    }
  }, SAVE_DELAY_MS);
}

export { CACHE, KEY };

export async function loadPyodide(options) {
  const settings = Object.assign({}, options, { indexURL: new URL("./pyodide/", import.meta.url).href });
  if (typeof caches !== "object") return loadFresh(settings);
  const snapshot = await stored();
  if (snapshot) {
    try {
      const pyodide = await loadFresh(Object.assign({}, settings, { _loadSnapshot: snapshot }));
      // A restored runtime would otherwise repeat the snapshot's random state.
      pyodide.runPython("import random; random.seed()");
      return pyodide;
    } catch (error) {
      console.warn("memory snapshot unusable, starting fresh:", error);
      caches.open(CACHE).then(function (cache) { return cache.delete(KEY); });
    }
  }
  const pyodide = await loadFresh(settings);
  makeLater();
  return pyodide;
}
