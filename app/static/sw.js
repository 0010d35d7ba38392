// Offline support: every file the app fetches is cached on first use, so
// after one visit with the network the app loads and plays without it.
// Bump VERSION with every release: the new worker takes over and deletes the
// old cache.
const VERSION = 'vier-gewinnt-v6';
// Files with fixed names; the hashed app files come from the page's list.
// The worker's files load inside the worker, so the page never lists them.
const PRECACHE = ['./', './index.html', './manifest.webmanifest', './icon.svg', './apple-touch-icon.png',
  './worker_loader.js', './worker.js', './worker_bg.wasm', './book.c4b', './layer12.c4l'];
// The opening book and the position database (2.6 MB) change only with a
// release: served from the cache once there, so a visit downloads them once.
const DATA = /\.(c4b|c4l)$/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(VERSION).then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== VERSION).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// The page lists what it loaded before this worker controlled it.
self.addEventListener('message', (event) => {
  const listed = event.data && event.data.cache;
  if (Array.isArray(listed)) {
    // Once each, and not this worker's own script: addAll refuses a list
    // with a request twice, and WebKit lists the page's Wasm twice (its
    // fetch and its compilation), which left Safari with nothing cached.
    const urls = [...new Set(listed)].filter((u) => !u.endsWith('/sw.js'));
    event.waitUntil(caches.open(VERSION).then((cache) => cache.addAll(urls)).catch(() => {}));
  }
});

// Network first (a new build shows at once), the cache when offline; the
// data files cache first.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (DATA.test(url.pathname)) {
    event.respondWith(
      caches.match(request, { ignoreSearch: true }).then((hit) => hit || fetch(request).then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(VERSION).then((cache) => cache.put(request, copy));
        }
        return response;
      })),
    );
    return;
  }
  event.respondWith(
    fetch(request)
      .then((response) => {
        // A route of the app (`/watch`) on a static host without a
        // fallback: the app itself answers it.
        if (response.status === 404 && request.mode === 'navigate') {
          return caches.match('./index.html').then((app) => app || response);
        }
        if (response.ok) {
          const copy = response.clone();
          caches.open(VERSION).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() => caches.match(request, { ignoreSearch: true })
        .then((hit) => hit || caches.match('./index.html'))),
  );
});
