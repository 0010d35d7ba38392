// What a page needs before it works with no server: its service worker
// running and holding every file the page loaded.

/** Waits until `page`'s service worker has cached the page and every file
 * it loaded from its own origin (the worker takes them after the load). */
export async function cachedForOffline(page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.waitForFunction(async () => {
    const urls = performance.getEntriesByType('resource').map((e) => e.name)
      .filter((u) => u.startsWith(location.origin) && !u.endsWith('/sw.js'));
    const cached = await Promise.all([location.href, ...urls].map((u) => caches.match(u)));
    return cached.every(Boolean);
  }, null, { timeout: 20000, polling: 200 });
}
