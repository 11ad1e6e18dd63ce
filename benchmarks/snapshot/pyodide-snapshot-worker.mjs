// Makes the memory snapshot that pyodide-snapshot.mjs restores: a fresh Pyodide,
// its memory taken right after start-up, kept in Cache Storage. Runs in a worker
// so the page's main thread never waits for it.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { CACHE, KEY } from "./pyodide-snapshot.mjs";

try {
  const pyodide = await loadPyodide({
    indexURL: new URL("./pyodide/", import.meta.url).href,
    _makeSnapshot: true,
  });
  const bytes = pyodide.makeMemorySnapshot();
  const cache = await caches.open(CACHE);
  await cache.put(KEY, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
  postMessage({ kept: bytes.length });
} catch (error) {
  postMessage({ error: String(error) });
}
