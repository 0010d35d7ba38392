// How long a person waits for the Perfect level's answer on the real page,
// when they take no time over their own moves and when they take a few
// seconds (which the app spends working out its answers). A benchmark, not
// a test: `node ponder-bench.mjs [--games N] [--think-ms T] [--seed S]`
// plays N games as the first player for each think time (0 and T), with the
// same moves for both where the computer answers the same, and prints the
// wait per computer move: p50, p90, max and how many answers were ready.
// The person's moves are random, the central columns likelier (1 2 3 4 3 2
// 1), as a visitor's would be.
import { chromium } from 'playwright-core';
import { serve } from './static-server.mjs';

const DIST = new URL('../../dist/', import.meta.url).pathname;
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const games = option('--games', 10);
const thinkMs = option('--think-ms', 3000);
const seed0 = option('--seed', 1);

const server = await serve(DIST);
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});

/** SplitMix-like generator: the same moves for both think times. */
function rng(seed) {
  let s = BigInt(seed);
  return () => {
    s = (s + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
    let z = s;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
    return Number((z ^ (z >> 31n)) % 1000000n) / 1000000;
  };
}

const WEIGHTS = [1, 2, 3, 4, 3, 2, 1];
const OVER = /You won|computer won|Draw|wins!/;

async function playGame(page, seed, think) {
  const random = rng(seed);
  const waits = [];
  let prepared = 0;
  await page.goto(base);
  await page.getByRole('button', { name: 'Column 1', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Level', { exact: false }).first().selectOption({ label: 'Perfect' });
  await page.getByLabel('Starts', { exact: false }).first().selectOption({ label: 'Me' });
  await page.locator('#settings .close').click();
  await page.getByRole('button', { name: 'New game' }).click();
  for (;;) {
    await page.waitForFunction((over) => {
      const s = document.querySelector('[role=status]')?.textContent ?? '';
      return s.startsWith('Your turn') || new RegExp(over).test(s);
    }, OVER.source, { timeout: 120000 });
    if (OVER.test(await page.getByRole('status').textContent())) break;
    const moves = new URLSearchParams(new URL(page.url()).search).get('pos') ?? '';
    const heights = [0, 0, 0, 0, 0, 0, 0];
    for (const m of moves) heights[Number(m) - 1] += 1;
    const open = WEIGHTS.map((w, c) => (heights[c] < 6 ? w : 0));
    let pick = random() * open.reduce((a, b) => a + b);
    let column = 0;
    while (pick >= open[column]) pick -= open[column++];
    if (think > 0) await page.waitForTimeout(think);
    const start = Date.now();
    await page.getByRole('button', { name: `Column ${column + 1}`, exact: true }).click();
    await page.waitForFunction(([n, over]) => {
      const pos = new URLSearchParams(location.search).get('pos') ?? '';
      const s = document.querySelector('[role=status]')?.textContent ?? '';
      return pos.length >= n || new RegExp(over).test(s);
    }, [moves.length + 2, OVER.source], { timeout: 120000 });
    if (OVER.test(await page.getByRole('status').textContent())) break;
    const wait = Date.now() - start;
    const top = await page.locator('.thoughts li').first().textContent();
    const ready = /I had this move ready/.test(top);
    if (ready) prepared += 1;
    waits.push({ wait, plies: moves.length + 1, ready });
  }
  return { waits, prepared };
}

const pct = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
console.log('| the person thinks | computer moves | ready at once | p50 wait | p90 wait | max wait (plies) |');
console.log('|---|---|---|---|---|---|');
for (const think of [0, thinkMs]) {
  const all = [];
  let prepared = 0;
  for (let g = 0; g < games; g++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const result = await playGame(page, seed0 + g, think);
    all.push(...result.waits);
    prepared += result.prepared;
    await context.close();
  }
  const sorted = all.map((w) => w.wait).sort((a, b) => a - b);
  const worst = all.reduce((a, b) => (b.wait > a.wait ? b : a), all[0]);
  console.log(`| ${think / 1000} s | ${all.length} | ${prepared} | ${pct(sorted, 0.5)} ms | ${pct(sorted, 0.9)} ms | ${worst.wait} ms (${worst.plies}) |`);
}
await browser.close();
server.close();
