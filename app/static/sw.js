// Offline support: every file the app fetches is cached on first use, so
// after one visit with the network the app loads and plays without it.
// VERSION is named by the build after the content of every other file
// (app/post-build.mjs): any change to the app or its data makes a new
// worker, which caches everything afresh and deletes the old cache.
const VERSION = 'vier-gewinnt-dev';
// Files with fixed names; the hashed app files come from the page's list.
// The worker's loader loads inside the worker, so the page never lists it.
// The languages' texts but English's (app/post-build.mjs lists them).
const TEXTS = [];
const PRECACHE = ['./', './index.html', './manifest.webmanifest', './icon.svg', './icon-48.png', './apple-touch-icon.png',
  './worker_loader.js', './book.c4b', './layer12.c4l', ...TEXTS];
// Never changing under their name: the files named by their content's hash
// (app-0123456789abcdef_bg.wasm, texts-de-0123456789abcdef.txt), and the opening book and the position
// database (2.6 MB), which change only with VERSION. Served from the cache
// once there.
// (Trunk's hashes may have fewer than 16 digits: it drops leading zeros.)
const LASTING = /(-[0-9a-f]{12,16}[_.][^/]*|\.c4b|\.c4l)$/;
// How long the page waits for the network before it takes the cache: a
// booth's Wi-Fi that hangs must not leave a blank screen.
const NETWORK_WITHIN_MS = 3000;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(VERSION).then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

// The claim is not part of the activation: Firefox can leave claim()
// pending while a page is being navigated to, and a worker still
// activating holds every navigation back, so the next link opened got
// "Corrupted Content" after a minute.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== VERSION).map((k) => caches.delete(k))))
      .then(() => {
        self.clients.claim();
      }),
  );
});

// This worker's cache, unless a newer worker has deleted it: an old worker
// still answering the page (or adding the page's list) while the new one
// activates must not make the deleted cache again, which left two caches,
// the old one never deleted.
function ownCache() {
  return caches.has(VERSION).then((kept) => (kept ? caches.open(VERSION) : null));
}

// The page lists what it loaded before this worker controlled it.
self.addEventListener('message', (event) => {
  const listed = event.data && event.data.cache;
  if (Array.isArray(listed)) {
    // Once each, and not this worker's own script: addAll refuses a list
    // with a request twice, and WebKit lists the page's Wasm twice (its
    // fetch and its compilation), which left Safari with nothing cached.
    const urls = [...new Set(listed)].filter((u) => !u.endsWith('/sw.js'));
    event.waitUntil(ownCache().then((cache) => cache && cache.addAll(urls)).catch(() => {}));
  }
});

function keep(request, response) {
  if (response.ok) {
    const copy = response.clone();
    ownCache().then((cache) => cache && cache.put(request, copy)).catch(() => {});
  }
  return response;
}

// The network; the cache when the network fails, or has not answered
// within NETWORK_WITHIN_MS and the cache has the file.
function networkFirst(request) {
  const cached = () => caches.match(request, { ignoreSearch: true })
    .then((hit) => hit || caches.match('./index.html'));
  return new Promise((resolve, reject) => {
    let answered = false;
    const answer = (response) => {
      if (!answered) {
        answered = true;
        resolve(response);
      }
    };
    const timer = setTimeout(() => cached().then((hit) => hit && answer(hit)), NETWORK_WITHIN_MS);
    fetch(request).then((response) => {
      clearTimeout(timer);
      // A route of the app (`/watch`) on a static host without a
      // fallback: the app itself answers it.
      if (response.status === 404 && request.mode === 'navigate') {
        return caches.match('./index.html').then((app) => answer(app || response));
      }
      return answer(keep(request, response));
    }, (offline) => {
      clearTimeout(timer);
      cached().then((hit) => (hit ? answer(hit) : reject(offline)));
    });
  });
}

// Files that never change under their name from the cache; everything else
// (the page first of all) from the network, so a new build shows at once.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (LASTING.test(url.pathname)) {
    event.respondWith(
      caches.match(request, { ignoreSearch: true })
        .then((hit) => hit || fetch(request).then((response) => keep(request, response))),
    );
    return;
  }
  event.respondWith(networkFirst(request));
});
