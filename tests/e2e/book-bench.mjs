// How fast perfect play is inside the browser's search worker, with the
// opening book and the 12-stone position database: the time from asking
// for every column's perfect score (what the hint needs) to the answer, in
// Chromium through its WebDriver. A benchmark, not a test: `node book-bench.mjs
// [--per-set N] [--games FILE] [--positions FILE] [--choose]
// prints p50/p99/max per set and the slowest position,
// and first the database's load (time to ready, the worker's memory). With
// `--choose` it times the Perfect level's move instead (the worker's 15 s
// limit applies: "gave up" counts the moves it handed to Hard). Last, the
// worker's memory after all of it.
// SETS=Test_L1_R1,Test_L1_R2 picks Pons' sets (SETS=, none).
import { readFile, readdir } from 'node:fs/promises';
import { Browser } from './webdriver.mjs';
import { serve } from './static-server.mjs';

const DIST = process.env.DIST ?? new URL('../../dist/', import.meta.url).pathname;
const PONS = new URL('../../engine/tests/data/pons/', import.meta.url).pathname;
const SETS = process.env.SETS !== undefined ? process.env.SETS.split(',').filter(Boolean) : ['Test_L3_R1', 'Test_L2_R1', 'Test_L2_R2', 'Test_L1_R1', 'Test_L1_R2', 'Test_L1_R3'];
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const perSet = Number(option('--per-set', '1000'));
const gamesFile = option('--games', null);
const limitMs = Number(option('--limit-ms', '600000'));
const positionsFile = option('--positions', null);
const choose = args.includes('--choose');

const sets = [['empty board', ['']]];
for (const name of SETS) {
  const lines = (await readFile(PONS + name, 'utf8')).trim().split('\n');
  sets.push([name, lines.slice(0, perSet).map((l) => l.split(' ')[0])]);
}
if (gamesFile) {
  // `connect4 match --verbose` lines: every position of every game.
  const positions = new Set();
  for (const line of (await readFile(gamesFile, 'utf8')).split('\n')) {
    const m = line.match(/^game\s+\d+:.*?(\d+)\s*$/);
    if (!m) continue;
    for (let i = 0; i < m[1].length; i++) positions.add(m[1].slice(0, i));
  }
  sets.push([`games (${gamesFile})`, [...positions]]);
}

if (positionsFile) {
  // One move string per line (the first word of each line).
  const lines = (await readFile(positionsFile, 'utf8')).trim().split('\n');
  sets.push([positionsFile, lines.map((l) => l.split(' ')[0])]);
}

const server = await serve(DIST);
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await Browser.launch('chromium');
const context = await browser.newContext();
const page = await context.newPage();
await page.goto(base + 'icon.svg');
// The worker runs the page's Wasm, as the page starts it: its loader is
// sent the page's JS glue and the compiled module.
const glue = (await readdir(DIST)).find((f) => /^app-[0-9a-f]+\.js$/.test(f));
const database = await page.evaluate((glue) => fetch(glue.replace('.js', '_bg.wasm'))
  .then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b)).then((module) => new Promise((ready) => {
  const worker = new Worker('./worker_loader.js', { type: 'module' });
  worker.postMessage({ glue: new URL(glue, location.href).href, module });
  let id = 0;
  const waiting = new Map();
  // The worker posts JSON text of externally tagged messages:
  // {"Analysis": {"id": 1, ...}}, {"Database": {"Ready": {...}}}, ...
  const tagged = (v) => (typeof v === 'string' ? [v, {}] : Object.entries(v)[0]);
  worker.onmessage = (e) => {
    const [type, body] = tagged(JSON.parse(e.data));
    if (type === 'Database') {
      const [state, fields] = tagged(body);
      if (state !== 'Loading') ready({ state, ...fields });
    }
    if (['Analysis', 'Chosen', 'Failed'].includes(type)) waiting.get(body.id)?.({ type, ...body });
    if (type === 'Memory') window.memoryReply?.(body.bytes);
  };
  const geometry = { columns: 7, rows: 6, win_length: 4 };
  window.askMemory = () => worker.postMessage(JSON.stringify('Memory'));
  window.analyse = (moves, limit, choose) => new Promise((done) => {
    id += 1;
    const started = performance.now();
    waiting.set(id, (m) => done({
      ms: performance.now() - started,
      ok: m.type === 'Analysis' || (m.type === 'Chosen' && !JSON.stringify(m.decision.facts).includes('nsolved')),
    }));
    // The worker reads JSON text, as the page sends it.
    worker.postMessage(JSON.stringify(choose
      ? { Choose: { id, moves, geometry, player: { perfect: { vary: true, table_mb: 4 } }, seed: id } }
      : { Analyze: { id, moves, geometry, limit_ms: limit, asked_at: Date.now() } }));
  });
})), glue);

console.log(database.state === 'Ready'
  ? `database: ${database.positions} positions, ready ${database.millis} ms after the worker asked for it (loopback), worker memory ${(database.memory / 2 ** 20).toFixed(1)} MiB`
  : 'database: not loaded');
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
console.log('| set | positions | p50 | p99 | max | slowest position | gave up |');
console.log('|---|---|---|---|---|---|---|');
for (const [name, positions] of sets) {
  if (positions.length === 0) continue;
  const times = [];
  let worst = ['', -1];
  let failed = 0;
  for (const moves of positions) {
    const { ms, ok } = await page.evaluate(([m, l, c]) => window.analyse(m, l, c), [moves, limitMs, choose]);
    if (!ok) failed += 1;
    times.push(ms);
    if (ms > worst[1]) worst = [moves, ms];
  }
  times.sort((a, b) => a - b);
  const f = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
  console.log(`| ${name} | ${positions.length} | ${f(pct(times, 0.5))} | ${f(pct(times, 0.99))} | ${f(times[times.length - 1])} | \`${worst[0] || '(empty)'}\` | ${failed} |`);
}
const memory = await page.evaluate(() => new Promise((done) => {
  window.memoryReply = done;
  window.askMemory();
}));
console.log(`worker memory after the sets: ${(memory / 2 ** 20).toFixed(1)} MiB`);
await context.close();
server.close();
