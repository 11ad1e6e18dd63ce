// Service worker: makes the site work offline after one visit.
//
// build.py stamps in VERSION (a hash of every other file of the build) and FILES
// (all of them). A new deploy changes this file's bytes, so the browser installs
// the new worker, which precaches the new files.
//
// The pages keep their URLs; every file they load sits in a folder named by its
// contents (build-<hash>/, runtime-<hash>/: build.py), so such a file never
// changes under its URL. The new worker takes those it already has from the old
// cache rather than download them again (the runtime's 14 MB, as a rule), and
// keeps the previous build's own files for a tab left open across the deploy:
// started later, that tab still runs its own build (issue 36). A tab open across
// two deploys finds its build gone and reloads into the new one (boot-build.js).
"use strict";

const VERSION = "@SW_VERSION@";
const FILES = @SW_FILES@;
const PREFIX = "skyjo-";
const CACHE = PREFIX + VERSION;
// A file in a folder named by its contents: the same URL always has the same bytes.
const NAMED_BY_CONTENT = /\/(?:build|runtime)-[0-9a-f]{16}\//;

function immutable(url) {
  return NAMED_BY_CONTENT.test(new URL(url, self.location.href).pathname);
}

// The response for `request` in one of the site's other caches, if any.
async function elsewhere(request) {
  for (const key of await caches.keys()) {
    if (!key.startsWith(PREFIX) || key === CACHE) continue;
    const found = await (await caches.open(key)).match(request);
    if (found) return found;
  }
  return undefined;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const fetched = [];
    for (const url of FILES) {
      const kept = immutable(url) ? await elsewhere(url) : undefined;
      if (kept) await cache.put(url, kept);
      // "no-cache" revalidates the pages with the server: without it an update
      // could fill the new cache with stale copies from the browser's HTTP cache.
      else fetched.push(new Request(url, { cache: immutable(url) ? "default" : "no-cache" }));
    }
    await cache.addAll(fetched);
    await self.skipWaiting();
  })());
});

// The previous build's cache is kept, less what the new one holds under the same
// URL (the runtime, unchanged files) and its pages (the new build's are served);
// any older one is deleted.
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const current = await caches.open(CACHE);
    const others = (await caches.keys()).filter((key) => key.startsWith(PREFIX) && key !== CACHE);
    const previous = others.pop();
    for (const key of others) await caches.delete(key);
    if (previous) {
      const cache = await caches.open(previous);
      for (const request of await cache.keys()) {
        if (!immutable(request.url) || (await current.match(request))) await cache.delete(request);
      }
    }
    await self.clients.claim();
  })());
});

// Cache first, network as a fallback: the pages from this build's cache; a file
// named by its contents from whichever cache holds it (an open tab of the previous
// build asks for its own).
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const cached = (await cache.match(request, { ignoreSearch: true })) ||
      (immutable(request.url) ? await elsewhere(request) : undefined);
    return cached || fetch(request);
  })());
});
