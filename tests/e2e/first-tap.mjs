// How soon a visitor's first tap counts, in Chromium: `node first-tap.mjs
// [RUNS] [DIR...]` loads each app folder (dist/ by default; several for a
// before-and-after in one run, taken in turns) RUNS times (5 by default)
// on a fresh profile at 390x844, and prints the medians of:
// - with the CPU slowed four times (CDP's throttling): when the board's
//   columns are first painted, and when a finger's tap on column 4, made
//   the moment they are painted, has its coin painted on the board,
//   from the navigation's start (a paint is taken as the first task after
//   the frame that follows the change: that frame has been painted), and
//   when the page took that tap (its coin is in the document: the tap's
//   handler has run), split into when that tap
//   reached the browser (the driver's delay after the paint) and how long
//   the page then took;
// - at this machine's own speed, from a trace of the start: the longest
//   main-thread task from the navigation until the board has answered;
// and each slowed load's first tap, which clusters (a tap the page takes
// between its other tasks, or one that waits behind them).
// A benchmark, not a test: figures are compared only within one run.
// VERBOSE=1 traces the slowed loads too and lists each long task (over
// LONG ms, 4 by default, times the throttling) with what ran inside it
// for over CHILD microseconds (3000 by default), and the page's marks on
// the trace's clock: where to look next.
import { chromium } from 'playwright-core';
import { serve } from './static-server.mjs';

const runs = Number(process.argv[2] ?? '5');
const dirs = process.argv.length > 3 ? process.argv.slice(3) : [new URL('../../dist/', import.meta.url).pathname];
const servers = await Promise.all(dirs.map((d) => serve(d)));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync', ...(process.env.CHROMIUM_FLAGS ?? '').split(' ').filter(Boolean)],
});

// Marks the moments the page itself sees: the first column button in the
// document, each touch as it reached the browser (an input event's
// timeStamp is when the browser got it, not when the page ran it), and
// the first coin on the board.
const MARKS = () => {
  window.__marks = { touches: [] };
  addEventListener('touchstart', (e) => window.__marks.touches.push(e.timeStamp), { capture: true, passive: true });
  new MutationObserver(() => {
    const m = window.__marks;
    // A frame's callback runs before its style, layout and paint (the
    // first frame of the app takes 30 ms of them at 4x CPU): the task
    // after it runs once the frame is painted, which is when it is seen.
    const painted = (mark, said) => requestAnimationFrame(() => setTimeout(() => { m[mark] = performance.now(); console.log(said); }));
    if (!m.asked && document.querySelector('button.column')) {
      m.asked = true;
      painted('columns', 'columns painted');
    }
    if (!m.coinAsked && document.querySelector('.cells .coin:not(.ghost)')) {
      // The tap's handler has put the coin on the board: the tap counts.
      m.accepted = performance.now();
      m.coinAsked = true;
      painted('coin', 'coin painted');
    }
  }).observe(document, { childList: true, subtree: true, attributes: true });
};

// Where column 4 is at 390x844, from a load at full speed.
async function columnFour(base) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(base);
  const box = await page.locator('button.column').nth(3).boundingBox();
  await context.close();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function once(base, throttle, at) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
  await context.addInitScript(MARKS);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  const events = [];
  let done;
  if (throttle === 1 || process.env.VERBOSE) {
    cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
    done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  }
  const coin = new Promise((r) => page.on('console', (m) => m.text() === 'coin painted' && r()));
  const columns = new Promise((r) => page.on('console', (m) => m.text() === 'columns painted' && r()));
  let landed = false;
  coin.then(() => { landed = true; });
  const navigation = page.goto(base);
  // A finger tapping column 4 over and over from the moment the board is
  // painted, each tap as soon as the page has taken the last: the page's
  // main thread paces it, as it paces a person's taps.
  await columns;
  const point = [{ x: at.x, y: at.y }];
  const timeout = Date.now() + 60000;
  while (!landed && Date.now() < timeout) {
    // A touch sent while the page navigates may never be answered.
    const touch = (type, touchPoints) => Promise.race([
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints }).catch(() => {}),
      new Promise((r) => setTimeout(r, 1000)),
    ]);
    // Down and up at once, the second not waiting for the page to take
    // the first: what is measured is the page, not the round trips.
    await Promise.all([touch('touchStart', point), touch('touchEnd', [])]);
    await new Promise((r) => setTimeout(r, 5));
  }
  if (!landed) throw new Error('no coin on the board 60 s after the first tap');
  await navigation;
  const marks = await page.evaluate(() => window.__marks);
  let longest = null;
  if (throttle === 1 || process.env.VERBOSE) {
    await cdp.send('Tracing.end');
    await done;
    const parse = events.find((e) => e.name === 'ParseHTML');
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === parse?.pid);
    const start = parse?.ts ?? 0;
    const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === main?.pid && e.tid === main?.tid && e.ts >= start);
    longest = Math.max(0, ...tasks.map((t) => t.dur / 1000));
    if (process.env.VERBOSE) {
      // The page's clock put on the trace's: the tap's click ended when
      // its coin was put in the document.
      const click = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click' && e.pid === main?.pid)
        .sort((a, b) => a.ts - b.ts)[0];
      const nav = click ? click.ts + click.dur - marks.accepted * 1000 : start;
      const at = (t) => `+${(t - (start - nav) / 1000).toFixed(1)}`;
      console.log(`columns painted ${at(marks.columns)}, touched ${at(Math.max(...marks.touches.filter((t) => t <= marks.accepted)))}, taken ${at(marks.accepted)} ms`);
      listLongTasks(events, tasks, start, throttle);
    }
  }
  await context.close();
  // The tap that counted: the last to reach the browser before its coin.
  const reached = Math.max(...marks.touches.filter((t) => t <= marks.accepted));
  return { columns: marks.columns, reached, accepted: marks.accepted, coin: marks.coin, longest };
}

/** Prints each of `tasks` over 4 ms times `throttle`, and the events in it
 * over CHILD microseconds, with their times from `start`. */
function listLongTasks(events, tasks, start, throttle) {
  console.log(`-- throttle ${throttle}`);
  const ms = (us) => (us / 1000).toFixed(1);
  for (const t of tasks.filter((t) => t.dur > Number(process.env.LONG ?? 4) * 1000 * throttle)) {
    console.log(`task of ${ms(t.dur)} ms at +${ms(t.ts - start)} ms`);
    const inside = events.filter((e) => e.ph === 'X' && e.tid === t.tid && e.pid === t.pid && e !== t
      && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && e.dur > Number(process.env.CHILD ?? 3000));
    for (const k of inside) console.log(`   +${ms(k.ts - t.ts)} ${ms(k.dur)} ms ${k.name} ${JSON.stringify(k.args?.data ?? k.args?.beginData ?? {}).slice(0, 140)}`);
  }
}

// A load that hangs (the driver's connection lost) fails the run rather
// than holding it forever.
const guarded = (p) => Promise.race([p, new Promise((_, no) => setTimeout(() => no(new Error('a load took over 120 s')), 120000).unref())]);
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const results = dirs.map(() => ({ columns: [], reached: [], waited: [], accepted: [], coin: [], longest: [] }));
const places = [];
for (let run = 0; run < runs; run++) {
  for (const [i, server] of servers.entries()) {
    const base = `http://127.0.0.1:${server.address().port}/`;
    places[i] ??= await columnFour(base);
    const slow = await guarded(once(base, 4, places[i]));
    const fast = await guarded(once(base, 1, places[i]));
    results[i].columns.push(slow.columns);
    results[i].accepted.push(slow.accepted - slow.columns);
    results[i].reached.push(slow.reached - slow.columns);
    results[i].waited.push(slow.accepted - slow.reached);
    results[i].coin.push(slow.coin);
    results[i].longest.push(fast.longest);
  }
}
for (const [i, dir] of dirs.entries()) {
  const r = results[i];
  console.log(`${dir} (median of ${runs}): at 4x CPU: board's columns at ${median(r.columns).toFixed(0)} ms, `
    + `first tap taken ${median(r.accepted).toFixed(0)} ms after the columns `
    + `(it reached the browser ${median(r.reached).toFixed(0)} ms after them, the driver's delay, `
    + `and the page took it ${median(r.waited).toFixed(0)} ms after that), `
    + `its coin at ${median(r.coin).toFixed(0)} ms (${(median(r.coin) - median(r.columns)).toFixed(0)} ms after the columns); `
    + `at 1x: longest task at start ${median(r.longest).toFixed(1)} ms`);
  const each = (xs) => xs.map((x) => x.toFixed(0)).join(' ');
  console.log(`  each load at 4x, first tap taken: ${each(r.accepted)} ms; reached the browser: ${each(r.reached)}; page took it after: ${each(r.waited)}`);
}
await browser.close();
for (const s of servers) s.close();
