// What the page's main thread does in its longest tasks while Hard plays
// three moves, from a Chrome trace: `node long-tasks.mjs [ROUNDS]` prints
// every main-thread task over 20 ms with the events inside it (message
// handling, layout, script). A diagnostic beside the browser test that
// reports the longest task.
import { chromium } from 'playwright-core';
import { serve } from './static-server.mjs';
const DIST = new URL('../../dist/', import.meta.url).pathname;
const server = await serve(DIST);
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const rounds = Number(process.argv[2] ?? '3');
for (let round = 0; round < rounds; round++) {
const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
const page = await context.newPage();
await page.goto(base);
await page.getByRole('button', { name: 'Column 1', exact: true }).waitFor();
await page.getByRole('button', { name: 'Settings' }).click();
await page.getByLabel('Level', { exact: false }).first().selectOption({ label: 'Hard' });
await page.locator('#settings .close').click();
const cdp = await context.newCDPSession(page);
const events = [];
cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.start', { categories: 'disabled-by-default-devtools.timeline,devtools.timeline,v8', transferMode: 'ReportEvents' });
for (const c of [4, 4, 3]) {
  await page.getByRole('button', { name: `Column ${c}`, exact: true }).click();
  await page.waitForFunction(() => (document.querySelector('[role=status]')?.textContent ?? '').startsWith('Your turn'), null, { timeout: 30000 });
}
await cdp.send('Tracing.end');
await done;
const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.dur > 20000 && e.tid === main?.tid && e.pid === main?.pid);
for (const t of tasks) {
  const kids = events.filter((e) => e.ph === 'X' && e.tid === t.tid && e.pid === t.pid && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && e !== t && e.dur > 1500);
  console.log(`round ${round + 1}: task of ${(t.dur / 1000).toFixed(1)} ms`);
  for (const k of kids) console.log(`   +${((k.ts - t.ts) / 1000).toFixed(1)} ${(k.dur / 1000).toFixed(1)} ms ${k.name} ${JSON.stringify(k.args?.data ?? {}).slice(0, 160)}`);
}
await context.close();
}
await browser.close();
server.close();
