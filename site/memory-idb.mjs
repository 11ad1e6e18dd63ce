// IndexedDB where the browser refuses it: inside another site's page with
// third-party storage blocked (the default in Chromium), opening a database fails.
// PyScript opens databases of its own as it starts (its file-system handles on the
// main thread, its cache of packages in the worker; this site uses neither) and
// stops with an error when that fails, so an embed could not start there. Then
// PyScript gets databases kept in memory instead: the little of IndexedDB its
// IDBMap uses (open, one object store, get, put, delete, count, keys, clear),
// answering as IndexedDB does, a moment later. The site's own saves go to
// IndexedDB only where it works (page.mjs asks indexedDBWorks() first); where it
// does not, they stay in localStorage, so nothing of the site's is kept in memory.

/** Make sure `indexedDB` opens databases in this global (a page or a worker). */
export async function ensureIndexedDB() {
  if (await indexedDBWorks()) return;
  // (A getter on the global: defined over, not assigned.)
  Object.defineProperty(globalThis, "indexedDB", { value: memoryIndexedDB(), configurable: true });
}

export function indexedDBWorks() {
  // The page's boot.js asked already (a worker has no such answer).
  if (globalThis.skyjoIndexedDB instanceof Promise) return globalThis.skyjoIndexedDB;
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open("skyjo-probe");
      request.onsuccess = () => { request.result.close(); resolve(true); };
      request.onerror = () => resolve(false);
      request.onblocked = () => resolve(false);
    } catch (error) {
      resolve(false);
    }
  });
}

export function memoryIndexedDB() {
  const later = (request, result) => setTimeout(() => {
    request.result = result;
    if (request.onsuccess) request.onsuccess({ target: request, type: "success" });
  }, 0);
  const answer = (result) => { const request = {}; later(request, result); return request; };
  function database() {
    const stores = new Map();
    const store = (entries) => ({
      get: (key) => answer(entries.get(key)),
      getKey: (key) => answer(entries.has(key) ? key : undefined),
      getAllKeys: () => answer([...entries.keys()]),
      count: () => answer(entries.size),
      put: (value, key) => { entries.set(key, value); return answer(key); },
      delete: (key) => { entries.delete(key); return answer(undefined); },
      clear: () => { entries.clear(); return answer(undefined); },
    });
    return {
      get objectStoreNames() { return [...stores.keys()]; },
      createObjectStore(name) { stores.set(name, new Map()); return store(stores.get(name)); },
      transaction(name) { return { objectStore: () => store(stores.get(name)) }; },
      close() {},
    };
  }
  const opened = new Map();
  return {
    open(name) {
      const request = {};
      setTimeout(() => {
        let db = opened.get(name);
        if (!db) {
          db = database();
          opened.set(name, db);
          const transaction = {};
          request.result = db;
          if (request.onupgradeneeded) request.onupgradeneeded({ target: { result: db, transaction } });
          if (transaction.oncomplete) transaction.oncomplete();
        }
        later(request, db);
      }, 0);
      return request;
    },
  };
}
