import { chromium } from 'playwright-core';
import { serve } from './static-server.mjs';
const dir = process.argv[2]; const loads = Number(process.argv[3] ?? 5);
const server = await serve(dir); const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const self = new Map(); const incl = new Map(); let total = 0;
for (let n = 0; n < loads; n++) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
  await context.addInitScript(() => {
    addEventListener('touchstart', () => { if (!window.__p) { window.__p = 1; console.profile('tap'); } }, { capture: true });
    new MutationObserver(() => {
      if (!window.__c && document.querySelector('button.column')) { window.__c = 1; requestAnimationFrame(() => setTimeout(() => console.log('columns painted'))); }
      if (!window.__k && document.querySelector('.cells .coin:not(.ghost)')) { window.__k = 1; console.profileEnd('tap'); }
    }).observe(document, { childList: true, subtree: true, attributes: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  const done = new Promise((r) => cdp.on('Profiler.consoleProfileFinished', (e) => r(e.profile)));
  const columns = new Promise((r) => page.on('console', (m) => m.text() === 'columns painted' && r()));
  page.goto(base);
  await columns;
  const box = await page.locator('button.column').nth(3).boundingBox();
  const p = [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }];
  await Promise.all([cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: p }), cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })]);
  const profile = await done;
  total += (profile.endTime - profile.startTime) / 1000;
  const byId = new Map(profile.nodes.map((x) => [x.id, x]));
  const parent = new Map(); for (const x of profile.nodes) for (const c of x.children ?? []) parent.set(c, x.id);
  profile.samples.forEach((id, i) => {
    const d = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byId.get(id); const nm = node.callFrame.functionName || '(' + node.callFrame.url.split('/').pop() + ')';
    self.set(nm, (self.get(nm) ?? 0) + d);
    const seen = new Set(); let cur = id;
    while (cur !== undefined) { const f = byId.get(cur).callFrame.functionName || '(anon)'; if (!seen.has(f)) { seen.add(f); incl.set(f, (incl.get(f) ?? 0) + d); } cur = parent.get(cur); }
  });
  await context.close();
}
const top = (m, k) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, k).map(([f, t]) => `${(t / loads).toFixed(1).padStart(6)} ms  ${f.slice(0, 140)}`).join('\n');
console.log(`mean touch-to-coin ${(total / loads).toFixed(1)} ms`);
console.log('--- self\n' + top(self, 25));
console.log('--- inclusive\n' + top(incl, 80));
await browser.close(); server.close();
