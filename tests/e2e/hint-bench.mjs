// How long the hint takes on the real page, in headless Chromium: from the
// click on "Hint" to every playable column showing its perfect score. A
// benchmark, not a test: `node hint-bench.mjs POS...` prints one line per
// position of up to 41 stones with no full column (the hint gives up after
// 30 s, which shows as "gave up").
import { chromium } from 'playwright-core';
import { serve } from './static-server.mjs';

const DIST = new URL('../../dist/', import.meta.url).pathname;
const positions = process.argv.slice(2);
if (positions.length === 0) {
  console.error('usage: node hint-bench.mjs MOVES...   (e.g. 233367)');
  process.exit(2);
}

const server = await serve(DIST);
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
for (const moves of positions) {
  // A fresh page each time: no table left over from the last position.
  const page = await browser.newPage();
  await page.goto(`${base}?pos=${moves}`);
  await page.getByRole('button', { name: 'Hint' }).waitFor();
  const start = Date.now();
  await page.getByRole('button', { name: 'Hint' }).click();
  const outcome = await page.waitForFunction(() => {
    const status = document.querySelector('[role=status]')?.textContent ?? '';
    if (/could not be analysed/.test(status)) return 'gave up';
    const shown = document.querySelectorAll('.values .value.good, .values .value.bad, .values .value.even').length;
    return shown === 7 ? 'done' : false; // early positions: no column is full
  }, null, { timeout: 60000, polling: 50 }).then((h) => h.jsonValue());
  const values = await page.locator('.values .value').allTextContents();
  console.log(`${moves}\t${outcome}\t${((Date.now() - start) / 1000).toFixed(2)} s\t${values.join(' ')}`);
  await page.close();
}
await browser.close();
server.close();
