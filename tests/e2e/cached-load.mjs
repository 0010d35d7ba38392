// How long a returning visitor waits for perfect play: the page loaded
// again with the service worker's cache warm, timed from the navigation's
// start to the help panel saying the position database is here. A
// benchmark, not a test: `node cached-load.mjs [--runs N]` (DIST= names
// another build than dist/).
import { chromium } from 'playwright-core';
import { serve } from './static-server.mjs';

const DIST = process.env.DIST ?? new URL('../../dist/', import.meta.url).pathname;
const at = process.argv.indexOf('--runs');
const runs = at >= 0 ? Number(process.argv[at + 1]) : 5;
const server = await serve(DIST);
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const page = await (await browser.newContext()).newPage();
const ready = () => page.waitForFunction(
  () => /all [\d,]+ positions of 12 stones are here/.test(document.querySelector('#database-status')?.textContent ?? ''),
  null, { timeout: 60000 },
);
await page.goto(base);
await page.evaluate(() => navigator.serviceWorker.ready);
await ready();
const times = [];
for (let i = 0; i < runs; i++) {
  await page.reload();
  await ready();
  times.push(await page.evaluate(() => performance.now()));
}
times.sort((a, b) => a - b);
console.log(`cached load to ready (ms from navigation start), ${runs} reloads: min ${times[0].toFixed(0)}, median ${times[Math.floor(runs / 2)].toFixed(0)}, max ${times[runs - 1].toFixed(0)}`);
await browser.close();
server.close();
