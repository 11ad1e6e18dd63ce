// Service worker: makes the site work offline after one visit.
//
// build.py stamps in VERSION (a hash of every other file of the build) and FILES
// (all of them). A new deploy changes this file's bytes, so the browser installs
// the new worker, which precaches the new files and deletes the old cache.
"use strict";

const VERSION = "@SW_VERSION@";
const FILES = @SW_FILES@;
const PREFIX = "skyjo-";
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache" revalidates with the server: without it an update could fill the
    // new cache with stale copies from the browser's HTTP cache.
    await cache.addAll(FILES.map((url) => new Request(url, { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

// Cache first, network as a fallback: every file of a build is immutable for that
// build's VERSION, and the network may be gone.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const cached = await cache.match(request, { ignoreSearch: true });
    return cached || fetch(request);
  })());
});
