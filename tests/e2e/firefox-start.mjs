// Where the page's start goes in Firefox, from Gecko's own profiler:
// `node firefox-start.mjs [RUNS] [DIR...]` loads each app folder (dist/
// by default; several for a before-and-after, taken in turns) RUNS times
// (3 by default) in a fresh headless Firefox ESR whose profiler runs from
// its launch (MOZ_PROFILER_STARTUP), and prints, from the page's main
// thread (the content process's GeckoMain), medians over the runs of:
// - when the board's columns are first in the document (the page's own
//   clock, from the navigation's start);
// - the longest event delay from the navigation until a second after the
//   columns: how long an input arriving at the worst moment waited, which
//   is the longest task (Gecko samples it every millisecond), and how many
//   of Gecko's own long-task markers were over 50 ms;
// - the main thread's busy time in that span by what ran (the category of
//   each sample's innermost frame: JavaScript, which includes Wasm,
//   layout, DOM, GC and the rest), and its longest markers by name.
// A benchmark, not a test: figures are compared only within one run.
// Firefox's window is at least 500 px wide headless: the page is laid
// out at 500x844, a phone's height. Firefox is launched here, not through
// webdriver.mjs, whose phone sizes put the page in an iframe and whose
// Firefox has no profiler's environment.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { Builder } from 'selenium-webdriver';
import firefox from 'selenium-webdriver/firefox.js';
import { serve } from './static-server.mjs';

const runs = Number(process.argv[2] ?? '3');
const dirs = process.argv.length > 3 ? process.argv.slice(3) : [new URL('../../dist/', import.meta.url).pathname];
const servers = await Promise.all(dirs.map((d) => serve(d)));

/** One load of `base` with the profiler on; the raw Gecko profile and the
 * page's own marks (epoch milliseconds). */
async function once(base) {
  const dir = await mkdtemp(`${tmpdir()}/firefox-start-`);
  const file = `${dir}/profile.json`;
  const options = new firefox.Options().setBinary('/usr/bin/firefox-esr').addArguments('-headless')
    .windowSize({ width: 500, height: 844 });
  const driver = await new Builder().forBrowser('firefox').setFirefoxOptions(options)
    .setFirefoxService(new firefox.ServiceBuilder('geckodriver').setEnvironment({
      ...process.env,
      // Firefox inherits geckodriver's environment: the profiler runs
      // from its launch and writes its profile when it quits.
      MOZ_PROFILER_STARTUP: '1',
      MOZ_PROFILER_STARTUP_INTERVAL: '1',
      MOZ_PROFILER_STARTUP_FEATURES: 'js,stackwalk,cpu',
      MOZ_PROFILER_STARTUP_FILTERS: 'GeckoMain',
      MOZ_PROFILER_SHUTDOWN: file,
    })).build();
  // A first page from the same address warms the content process and
  // its graphics, which a fresh Firefox starts in the page's first tasks
  // otherwise: what is measured is the page's start, not the browser's.
  await driver.get(`${base}warm-up-404`);
  await driver.get(base);
  const marks = await driver.executeAsyncScript(`
    const done = arguments[arguments.length - 1];
    const poll = () => {
      if (document.querySelector('button.column')) {
        const columns = performance.now();
        setTimeout(() => done({ origin: performance.timeOrigin, columns, width: innerWidth }), 1000);
      } else setTimeout(poll, 2);
    };
    poll();`);
  await driver.quit();
  const profile = JSON.parse(await readFile(file, 'utf8'));
  await rm(dir, { recursive: true, force: true });
  return { profile, marks };
}

/** The table `t` (a Gecko profile's `{schema, data}`) as objects. */
const rows = (t) => t.data.map((row) => Object.fromEntries(Object.entries(t.schema).map(([k, i]) => [k, row[i]])));

/** The main thread of the content process that showed `url`, with its
 * process's meta (times are from `meta.startTime`, epoch milliseconds). */
function pageThread(profile, url) {
  const process = (profile.processes ?? []).find((p) => (p.pages ?? []).some((page) => page.url === url));
  const thread = process?.threads.find((t) => t.name === 'GeckoMain');
  if (!thread) throw new Error(`no content process in the profile showed ${url}`);
  return { t: thread, meta: process.meta };
}

function analyse({ profile, marks }, url) {
  const { t, meta } = pageThread(profile, url);
  const start = marks.origin;
  const end = marks.origin + marks.columns + 1000;
  const within = (at) => at >= start && at <= end;
  const samples = rows(t.samples).filter((s) => within(meta.startTime + s.time));
  const stacks = rows(t.stackTable);
  const frames = rows(t.frameTable);
  // A frame without a category of its own has its caller's, as the
  // profiler's viewer shows it.
  const category = (stack) => {
    for (let s = stack; s !== null && s !== undefined; s = stacks[s].prefix) {
      const c = frames[stacks[s].frame].category;
      if (c !== null && c !== undefined) return c;
    }
    return null;
  };
  const categories = meta.categories.map((c) => c.name);
  const by = {};
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i];
    const c = s.stack === null ? null : category(s.stack);
    if (c === null || categories[c] === 'Idle') continue;
    // Each sample stands for the time until the next.
    const next = samples[i + 1]?.time ?? s.time + meta.interval;
    by[categories[c]] = (by[categories[c]] ?? 0) + (next - s.time);
  }
  const delay = Math.max(0, ...samples.map((s) => s.eventDelay ?? 0));
  const strings = t.stringTable;
  const longest = {};
  let over50 = 0;
  for (const m of rows(t.markers)) {
    // Interval markers only (phase 1): their start and end are both known.
    if (m.phase !== 1 || !within(meta.startTime + m.startTime)) continue;
    const name = strings[m.name];
    // Spans from the navigation to a milestone, not work.
    if (/^(Load \d+|First|DocumentLoad|Navigation)/.test(name)) continue;
    const length = m.endTime - m.startTime;
    longest[name] = Math.max(longest[name] ?? 0, length);
    if (name === 'LongTask' && length > 50) over50 += 1;
  }
  return { columns: marks.columns, delay, by, longest, width: marks.width, over50 };
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)] ?? 0; };
const results = dirs.map(() => []);
for (let run = 0; run < runs; run++) {
  for (const [i, server] of servers.entries()) {
    const url = `http://127.0.0.1:${server.address().port}/`;
    results[i].push(analyse(await once(url), url));
  }
}
for (const [i, dir] of dirs.entries()) {
  const r = results[i];
  const names = [...new Set(r.flatMap((x) => Object.keys(x.by)))];
  const spent = names.map((n) => [n, median(r.map((x) => x.by[n] ?? 0))]).sort((a, b) => b[1] - a[1]);
  const markers = [...new Set(r.flatMap((x) => Object.keys(x.longest)))]
    .map((n) => [n, median(r.map((x) => x.longest[n] ?? 0))]).sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(`${dir} (Firefox ESR, ${r[0].width} px wide, median of ${runs}): board's columns at ${median(r.map((x) => x.columns)).toFixed(0)} ms, `
    + `longest event delay until a second after them ${median(r.map((x) => x.delay)).toFixed(1)} ms, `
    + `tasks over 50 ms ${median(r.map((x) => x.over50))}`);
  console.log(`  main thread busy: ${spent.map(([n, ms]) => `${n} ${ms.toFixed(0)} ms`).join(', ')}`);
  console.log(`  longest markers: ${markers.map(([n, ms]) => `${n} ${ms.toFixed(1)} ms`).join(', ')}`);
}
for (const s of servers) s.close();
