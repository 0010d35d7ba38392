// How long the hint takes on the real page, in headless Chromium: from the
// click on "Hint" to every playable column showing its perfect score. A
// benchmark, not a test: `node hint-bench.mjs POS...` prints one line per
// position with no full column, and when each column's score appeared (the hint gives up after
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
  // When each column's score appeared, in seconds from the click.
  const appeared = new Array(7).fill('-');
  let outcome = null;
  while (!outcome && Date.now() - start < 60000) {
    const { status, values } = await page.evaluate(() => ({
      status: document.querySelector('[role=status]')?.textContent ?? '',
      values: [...document.querySelectorAll('.values .value')].map((v) => v.textContent),
    }));
    const seconds = ((Date.now() - start) / 1000).toFixed(1);
    values.forEach((v, c) => { if (v && appeared[c] === '-') appeared[c] = `${v}@${seconds}`; });
    if (/could not be analysed/.test(status)) outcome = 'gave up';
    else if (values.length === 7 && values.every(Boolean)) outcome = 'done'; // no full column early on
    else await new Promise((wait) => setTimeout(wait, 100));
  }
  console.log(`${moves}\t${outcome ?? 'timeout'}\t${((Date.now() - start) / 1000).toFixed(2)} s\t${appeared.join(' ')}`);
  await page.close();
}
await browser.close();
server.close();
