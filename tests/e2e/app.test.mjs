// The built app (dist/) in Chromium, Firefox and WebKit, driven as a
// person would: elements are found by their roles and accessible names.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { forEachEngine, test } from './webdriver.mjs';
import { fitsAt } from './screen.mjs';
import { coveredButtons, thinkingMeasures, thinkingProblems, valueMeasures } from './measure.mjs';
import { serve } from './static-server.mjs';
import { cachedForOffline } from './offline.mjs';
import { BRIDGE, CONNECT4 } from './binaries.mjs';

const DIST = new URL('../../dist/', import.meta.url).pathname;
const SCREENSHOTS = new URL('../../target/screenshots/', import.meta.url).pathname;
const DECODE_QR = new URL('./decode-qr.py', import.meta.url).pathname;
const OVER = /You won|computer won|Draw|wins!/;

let server;
let browser;
let base;
/** Where the engine under test puts its screenshots. */
let SHOTS;

/** A fresh browser context (empty storage) with one page on the app. */
async function open(path = '', viewport = { width: 1024, height: 768 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(base + path);
  await page.getByRole('button', { name: 'Column 1', exact: true }).waitFor();
  return { context, page };
}

const status = (page) => page.getByRole('status').textContent();
const coins = (page) => page.locator('.cells .coin:not(.ghost)').count();
const cellLabels = (page) => page.locator('.cells [role=img]').evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label')));

async function setting(page, label, option) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel(label, { exact: false }).first().selectOption({ label: option });
  await page.locator('#settings .close').click();
}

/** Waits until the person may move or the game is over. */
async function myTurn(page, timeout = 20000) {
  await page.waitForFunction(
    (over) => {
      // Right after a navigation the app may not have drawn its status yet.
      const s = document.querySelector('[role=status]')?.textContent ?? '';
      return s.startsWith('Your turn') || new RegExp(over).test(s);
    },
    OVER.source,
    { timeout },
  );
}

/** Every test of the app, for one engine. */
function appTests(engineName) {
test('a whole game against Easy, every coin where the board says', async () => {
  const { context, page } = await open();
  await setting(page, 'Level', 'Easy');
  const order = [4, 3, 5, 2, 6, 1, 7];
  let moves = 0;
  while (!OVER.test(await status(page))) {
    await myTurn(page);
    if (OVER.test(await status(page))) break;
    const before = await coins(page);
    for (const c of order) {
      await page.getByRole('button', { name: `Column ${c}`, exact: true }).click();
      if ((await coins(page)) > before) break;
      assert.match(await status(page), /full/, 'a full column says so');
    }
    moves += 1;
    assert.ok(moves < 30, 'the game ends');
  }
  const text = await status(page);
  assert.match(text, OVER);
  const total = await coins(page);
  const labels = await cellLabels(page);
  assert.equal(labels.filter((l) => !l.endsWith('empty')).length, total, 'every coin is announced');
  if (/won/.test(text) && !/computer/.test(text)) {
    assert.equal(await page.locator('.cell.win').count(), 4);
  }
  // The address holds the finished game; a reload says the same result.
  await page.waitForFunction(() => new URLSearchParams(location.search).has('pos'));
  await page.reload();
  await page.getByRole('button', { name: 'Column 1', exact: true }).waitFor();
  assert.equal(await status(page), text, 'a reload keeps the winner');
  // Taken home: the QR code, read by a real decoder from a screenshot,
  // opens the same game with its review in a fresh browser profile.
  await page.getByRole('button', { name: 'Take home' }).click();
  const qr = page.getByRole('img', { name: 'QR code of this game' });
  await qr.waitFor();
  const shot = `${SHOTS}take-home-qr.png`;
  // The whole page, as a camera sees it (an element screenshot of an SVG
  // comes out garbled in WebKit's driver).
  // As a camera sees it once painted: WebKit's driver may hand back a
  // frame from before the panel opened, so look again a few times.
  let link = '';
  for (let look = 0; look < 10 && !link; look += 1) {
    if (look > 0) await page.waitForTimeout(300);
    await page.screenshot({ path: shot });
    link = execFileSync('python3', [DECODE_QR, shot], { encoding: 'utf8' }).trim();
  }
  assert.match(link, new RegExp(`^${base}\\?game=\\d+&level=easy&you=[12]&end=(1|2|draw)$`));
  const fresh = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await fresh.newPage();
  await phone.goto(link);
  await phone.locator('.review li').first().waitFor({ timeout: 30000 });
  assert.deepEqual(await cellLabels(phone), labels, 'the same coins on the phone');
  assert.equal(await phone.locator('.review li').count(), total, 'every move reviewed');
  // The visitor steps through the game on the phone's board.
  await phone.getByRole('button', { name: 'One move back' }).click();
  await phone.getByRole('button', { name: 'One move back' }).click();
  assert.equal(await coins(phone), total - 2, 'two moves back');
  assert.match(await phone.locator('.replay-at').textContent(), new RegExp(`Move ${total - 2} of ${total}`));
  await phone.getByRole('button', { name: 'To the start' }).click();
  assert.equal(await coins(phone), 0, 'the empty board');
  await phone.getByRole('button', { name: 'To the end' }).click();
  assert.deepEqual(await cellLabels(phone), labels, 'the game as it ended');
  await fresh.close();
  await page.locator('#take-home .close').click();
  await page.getByRole('button', { name: 'Play again' }).click();
  assert.equal(await coins(page), 0);
  assert.deepEqual(await page.errors(), []);
  await context.close();
});

test('two people on one device: a win with its four highlighted', async () => {
  const { context, page } = await open();
  await setting(page, 'Mode', 'Two players');
  for (const c of [1, 2, 1, 2, 1, 2, 1]) {
    await page.getByRole('button', { name: `Column ${c}`, exact: true }).click();
  }
  assert.equal(await status(page), 'Yellow wins!');
  assert.equal(await page.locator('.cell.win').count(), 4);
  for (let r = 1; r <= 4; r++) {
    await page.getByRole('img', { name: `Row ${r}, column 1: yellow` }).waitFor();
  }
  await page.getByRole('button', { name: 'Column 3', exact: true }).click();
  assert.equal(await status(page), 'The game is over.', 'a refused move says why');
  await context.close();
});

test('undo against the computer takes back its reply and your move', async () => {
  const { context, page } = await open();
  await page.getByRole('button', { name: 'Column 4', exact: true }).click();
  await myTurn(page);
  assert.equal(await coins(page), 2);
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.equal(await coins(page), 0);
  assert.match(await status(page), /^Your turn/);
  await context.close();
});

test('a reload in mid-game restores the exact position and settings', async () => {
  const { context, page } = await open();
  await setting(page, 'Style', 'aggressive');
  for (const c of [4, 3]) {
    await page.getByRole('button', { name: `Column ${c}`, exact: true }).click();
    await myTurn(page);
  }
  const before = await cellLabels(page);
  assert.equal(before.filter((l) => !l.endsWith('empty')).length, 4);
  await page.reload();
  await page.getByRole('button', { name: 'Column 1', exact: true }).waitFor();
  assert.deepEqual(await cellLabels(page), before);
  assert.match(await status(page), /^Your turn.*aggressive/);
  await context.close();
});

test('a shared URL opens its position', async () => {
  const { context, page } = await open('?pos=4453');
  await page.getByRole('img', { name: 'Row 1, column 4: yellow' }).waitFor();
  await page.getByRole('img', { name: 'Row 2, column 4: red' }).waitFor();
  await page.getByRole('img', { name: 'Row 1, column 5: yellow' }).waitFor();
  await page.getByRole('img', { name: 'Row 1, column 3: red' }).waitFor();
  assert.equal(await coins(page), 4);
  // A finished game from a link names its winner by colour: the visitor
  // did not play it.
  await page.goto(`${base}?pos=4455667`);
  await page.getByRole('button', { name: 'Column 1', exact: true }).waitFor();
  assert.equal(await status(page), 'Yellow wins!');
  await page.goto(`${base}?pos=4453`);
  await page.getByRole('button', { name: 'Column 1', exact: true }).waitFor();
  // A broken link says so, keeps the game the visitor had and cleans the
  // address.
  for (const broken of ['4444444', 'abc']) {
    await page.goto(`${base}?pos=${broken}`);
    await page.getByRole('button', { name: 'Column 1', exact: true }).waitFor();
    await page.waitForFunction(() => /This link holds no position/.test(document.querySelector('[role=status]')?.textContent ?? ''));
    assert.equal(await coins(page), 4, `${broken}: the stored game is kept`);
    await page.waitForFunction(() => new URLSearchParams(location.search).get('pos') === '4453');
  }
  await context.close();
});

test('a game taken home in a link opens with its review, and a forged one says it holds no game', async () => {
  const { context, page } = await open('?game=4455667&level=hard&you=1&end=1');
  await page.locator('.review li').first().waitFor({ timeout: 30000 });
  assert.equal(await coins(page), 7);
  assert.equal(await page.locator('.review li').count(), 7, 'every move marked');
  assert.equal(await status(page), 'Yellow wins!', 'named by colour: whoever opens the link did not play it here');
  for (const forged of ['4455667&level=godlike&you=1&end=1', '4455667&end=2', '44&end=stopped&names=%3Cb%3EAda%3C%2Fb%3E.Bob', '4444444&end=stopped']) {
    await page.goto(`${base}?game=${forged}`);
    await page.getByRole('button', { name: 'Column 1', exact: true }).waitFor();
    await page.waitForFunction(() => /This link holds no game/.test(document.querySelector('[role=status]')?.textContent ?? ''));
    assert.equal(await page.locator('main b').count(), 0, `${forged}: no markup from the link`);
    assert.equal(await coins(page), 7, `${forged}: the game the visitor had is kept`);
  }
  await context.close();
});

test('after one visit the app loads and plays offline', async (t) => {
  // A server of its own, switched off after the first visit.
  const own = await serve(DIST);
  t.after(() => own.close());
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  const url = `http://127.0.0.1:${own.address().port}/`;
  await page.goto(url);
  await page.getByRole('button', { name: 'Column 1', exact: true }).waitFor();
  await cachedForOffline(page);
  own.closeAllConnections();
  await new Promise((ok) => own.close(ok));
  // The visitor opens the page again, with no server to answer.
  await page.goto(url);
  await page.getByRole('button', { name: 'Column 4', exact: true }).click();
  await myTurn(page);
  assert.equal(await coins(page), 2, 'the computer answered offline');
  await context.close();
});

test('a returning visitor gets a changed data file: the service worker\'s cache is named by the build', async (t) => {
  const { cp, mkdtemp, readFile: read, rm, writeFile } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const site = await mkdtemp(`${tmpdir()}/demo-`);
  t.after(() => rm(site, { recursive: true, force: true }));
  await cp(DIST, site, { recursive: true });
  const own = await serve(site);
  t.after(() => own.close());
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${own.address().port}/`);
  await page.getByRole('button', { name: 'Column 1', exact: true }).waitFor();
  const cacheNames = () => page.evaluate(() => navigator.serviceWorker.ready.then(() => caches.keys()));
  const [first] = await cacheNames();
  const book = () => page.evaluate(() => fetch('book.c4b').then((r) => r.arrayBuffer())
    .then((b) => Array.from(new Uint8Array(b).slice(-4))));
  const before = await book();
  // A new release with a new book (its last bytes changed), built as
  // Trunk builds it: the post-build step names the cache again (its quick
  // compression: only the files' content matters here).
  const file = `${site}/book.c4b`;
  const bytes = await read(file);
  bytes.set([1, 2, 3, 4].map((x, i) => (bytes[bytes.length - 4 + i] + x) % 256), bytes.length - 4);
  await writeFile(file, bytes);
  // Not a synchronous run: this process's server keeps answering the page
  // meanwhile, as a real one would.
  await promisify(execFile)('node', [new URL('../../app/post-build.mjs', import.meta.url).pathname, site],
    { env: { ...process.env, POST_BUILD_QUICK: '1' } });
  // The visitor comes back.
  await page.goto(`http://127.0.0.1:${own.address().port}/`);
  await page.getByRole('button', { name: 'Column 1', exact: true }).waitFor();
  // The new worker caches every file again (the 2.6 MB database among
  // them) before it takes over: 6 to 12 s alone, over 20 s with two
  // other browsers' suites beside it on two cores.
  await page.waitForFunction((old) => navigator.serviceWorker.getRegistration()
    .then((r) => r && r.update()).then(() => caches.keys())
    .then((keys) => keys.length === 1 && keys[0] !== old), first, { timeout: 60000, polling: 500 });
  const [second] = await cacheNames();
  assert.match(second, /^vier-gewinnt-[0-9a-f]{16}$/);
  assert.notEqual(second, first);
  assert.deepEqual(await book(), Array.from(bytes.slice(-4)), 'the new book, not the cached one');
  assert.notDeepEqual(await book(), before);
  await context.close();
});

test('German: every control and cell speaks German, and the computer counts its stones in German', async () => {
  // Red, the computer, holds columns 3 and 4 of the bottom row: after the
  // visitor's 1 it opens a three (two stones to its win), and after the
  // visitor blocks one end it completes the other (one stone).
  const { context, page } = await open('?pos=7374');
  await setting(page, 'Language', 'Deutsch');
  await page.getByRole('button', { name: 'Spalte 1', exact: true }).click();
  await page.getByRole('img', { name: 'Reihe 1, Spalte 1: gelb' }).waitFor();
  const thoughts = () => page.locator('.thoughts').textContent();
  await page.waitForFunction(() => /Du bist am Zug/.test(document.querySelector('[role=status]')?.textContent ?? ''));
  // The plural forms are the browser's own (Intl.PluralRules).
  assert.match(await thoughts(), /Ich kann mit 2 weiteren Steinen gewinnen\./);
  await page.getByRole('button', { name: 'Spalte 2', exact: true }).click();
  await page.waitForFunction(() => /gewonnen|gewinnt/.test(document.querySelector('[role=status]')?.textContent ?? ''));
  assert.match(await thoughts(), /Ich kann mit einem weiteren Stein gewinnen\./);
  await context.close();
});

test('French, chosen in the settings: controls, cells, counts and the thoughts speak French', async () => {
  const { context, page } = await open();
  await setting(page, 'Language', 'Français');
  await page.locator('html[lang="fr"]').waitFor();
  await page.getByRole('button', { name: 'Colonne 4', exact: true }).click();
  await page.getByRole('img', { name: 'Rangée 1, colonne 4\u00a0: jaune' }).waitFor();
  assert.ok(await page.getByRole('button', { name: 'Nouvelle partie' }).count() > 0, 'the toolbar speaks French');
  await page.waitForFunction(() => /^À toi de jouer/.test(document.querySelector('[role=status]')?.textContent ?? ''), null, { timeout: 20000 });
  // Counts in the French plural, by the browser's Intl.PluralRules: 0 and
  // 1 take the singular.
  const caption = await page.locator('.tree-caption').textContent();
  const words = /^Profondeur \d+\u00a0: ([\d\u202f\u00a0]+) (positions?), ([\d\u202f\u00a0]+) (coups? coupés?)(, [\d\u202f\u00a0]+ de la table \(TT\))?\.$/;
  assert.match(caption, words);
  const [, nodes, noun, pruned, cut] = caption.match(words);
  const form = (n) => (Number(n.replace(/\D/g, '')) < 2 ? 'one' : 'other');
  assert.equal(noun, form(nodes) === 'one' ? 'position' : 'positions');
  assert.equal(cut, form(pruned) === 'one' ? 'coup coupé' : 'coups coupés');
  await page.screenshot({ path: `${SHOTS}french-1024.png` });
  await context.close();
  // French is the longest of the three: on a phone nothing runs off the side.
  const phone = await open('', { width: 390, height: 844 });
  await setting(phone.page, 'Language', 'Français');
  await phone.page.getByRole('button', { name: 'Colonne 4', exact: true }).click();
  await phone.page.getByRole('img', { name: 'Rangée 1, colonne 4\u00a0: jaune' }).waitFor();
  const [wide, room] = await phone.page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  assert.ok(wide <= room, `the French page fits a phone's width (${wide} > ${room})`);
  // The perfect values in French words, the longest, on the phone: no
  // word broken, none running into another.
  await phone.page.waitForFunction(() => /^À toi de jouer/.test(document.querySelector('[role=status]')?.textContent ?? ''), null, { timeout: 20000 });
  await phone.page.getByRole('button', { name: 'Conseil' }).click();
  await phone.page.waitForFunction(() => document.querySelectorAll('.values .value[data-score]').length >= 6, null, { timeout: 30000 });
  const values = await phone.page.evaluate(valueMeasures);
  assert.deepEqual([values.broken, values.overlaps], [[], []], 'French values at 390');
  await phone.page.screenshot({ path: `${SHOTS}french-390.png` });
  await phone.page.getByRole('button', { name: 'Réglages' }).click();
  await phone.page.screenshot({ path: `${SHOTS}french-settings-390.png` });
  await phone.context.close();
});

test('a French browser gets the French page on its first visit', async () => {
  const context = await browser.newContext({ locale: 'fr-CH', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(base);
  await page.locator('html[lang="fr"]').waitFor();
  await page.getByRole('button', { name: 'Colonne 1', exact: true }).waitFor();
  assert.ok(await page.getByRole('button', { name: 'Réglages' }).count() > 0, 'the toolbar speaks French');
  await page.screenshot({ path: `${SHOTS}french-phone.png` });
  await context.close();
});

test('a German browser gets the German page on its first visit; English, once chosen, is remembered', async () => {
  const context = await browser.newContext({ locale: 'de-AT', viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await page.goto(base);
  await page.locator('html[lang="de"]').waitFor();
  await page.getByRole('button', { name: 'Spalte 1', exact: true }).waitFor();
  assert.ok(await page.getByRole('button', { name: 'Neues Spiel' }).count() > 0, 'the toolbar speaks German');
  await page.getByRole('button', { name: 'Einstellungen' }).click();
  await page.getByLabel('Sprache').first().selectOption({ label: 'English' });
  await page.locator('html[lang="en"]').waitFor();
  await page.locator('#settings .close').click();
  await page.reload();
  await page.getByRole('button', { name: 'Column 1', exact: true }).waitFor();
  assert.equal(await page.locator('html').getAttribute('lang'), 'en', 'the choice outlives a reload');
  await context.close();
  // An English browser gets English.
  const english = await browser.newContext({ locale: 'en-GB' });
  const other = await english.newPage();
  await other.goto(base);
  await other.getByRole('button', { name: 'Column 1', exact: true }).waitFor();
  assert.equal(await other.locator('html').getAttribute('lang'), 'en');
  await english.close();
});

const SIZES = [
  ['phone', 390, 844],
  ['ipad-landscape', 1024, 768],
  ['ipad-portrait', 768, 1024],
  ['pi-touchscreen', 800, 480],
  ['robot-screen', 1920, 1080],
];

/** Where the board's parts lie, measured in the page: the frame, every
 * hole, the value over each column and each column's button, whether the
 * page scrolls either way. */
function boardGeometry(page) {
  return page.evaluate(() => {
    const box = (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, right: r.right, bottom: r.bottom, width: r.width, height: r.height }; };
    const cells = [...document.querySelectorAll('.cells > .cell')];
    const columns = getComputedStyle(document.querySelector('.cells')).gridTemplateColumns.split(' ').length;
    return {
      board: box(document.querySelector('.board')),
      cells: cells.map(box),
      columns,
      values: [...document.querySelectorAll('.values .value')].map(box),
      buttons: [...document.querySelectorAll('.columns .column')].map(box),
      scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight, innerWidth, innerHeight],
    };
  });
}

/** What is wrong with the board's geometry, in words (none: right). */
function geometryProblems(g, width, height) {
  const problems = [];
  const inside = (a, b) => a.x >= b.x - 0.5 && a.right <= b.right + 0.5 && a.y >= b.y - 0.5 && a.bottom <= b.bottom + 0.5;
  const outside = g.cells.filter((c) => !inside(c, g.board)).length;
  if (outside > 0) problems.push(`${outside} of ${g.cells.length} holes outside the frame`);
  if (g.board.x < 0 || g.board.right > width + 0.5 || g.board.y < 0 || g.board.bottom > height + 0.5) {
    problems.push(`the frame is not whole on the screen: ${JSON.stringify(g.board)}`);
  }
  const [sw, sh, iw, ih] = g.scroll;
  if (sw > iw || sh > ih) problems.push(`the page scrolls: ${sw}x${sh} in ${iw}x${ih}`);
  const centre = (b) => b.x + b.width / 2;
  for (let c = 0; c < g.columns; c++) {
    const hole = g.cells[c];
    const off = (b) => Math.abs(centre(b) - centre(hole));
    // A value may reach over its neighbours (two staggered rows), but it
    // stands over its own column.
    const v = g.values[c];
    if (!v || v.x > centre(hole) || v.x + v.width < centre(hole)) problems.push(`the value of column ${c + 1} is not over it`);
    if (!g.buttons[c] || off(g.buttons[c]) > hole.width / 4) problems.push(`the button of column ${c + 1} is not over it`);
    if (Math.abs(hole.width - hole.height) > 1) problems.push(`hole ${c + 1} is not round: ${hole.width}x${hole.height}`);
  }
  return problems;
}

for (const [name, width, height] of SIZES) {
  test(`the whole board, its holes in the frame and its values over their columns, without scrolling at ${width}x${height}`, async () => {
    const { context, page } = await open('?pos=4453', { width, height });
    await page.screenshot({ path: `${SHOTS}${name}-${width}x${height}.png` });
    assert.deepEqual(geometryProblems(await boardGeometry(page), width, height), []);
    const column = await page.getByRole('button', { name: 'Column 1', exact: true }).boundingBox();
    assert.ok(column.width >= 36, `a column is wide enough to touch: ${column.width}`);
    // Every board size the app offers, as right.
    for (const size of ['6 × 5', '8 × 7', '9 × 6']) {
      await setting(page, 'Board size', size);
      assert.deepEqual(geometryProblems(await boardGeometry(page), width, height), [], size);
    }
    await context.close();
  });
}

/** Records in `window.__searching` the most tree nodes ever shown as
 * still being searched (an init script). */
function recordSearching() {
  window.__searching = 0;
  new MutationObserver(() => {
    window.__searching = Math.max(window.__searching, document.querySelectorAll('svg.tree .node.searching').length);
  }).observe(document, { subtree: true, childList: true });
}

test('on a phone and a tablet the thinking is one tap away and as big as the screen: the tree grows while the computer thinks, labels readable, nothing overlaps', async () => {
  const { context, page } = await open('', { width: 390, height: 844 });
  await context.addInitScript(recordSearching);
  // A 13-stone position past the position database, which Perfect needs
  // most of a second for: long enough to be seen growing.
  await setting(page, 'Level', 'Perfect');
  await page.goto(`${base}?pos=214775667746`);
  assert.equal(await page.locator('.thoughts').isVisible(), false, 'closed at first: the board has the screen');
  const toggle = page.getByRole('button', { name: 'Thinking' });
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
  await page.getByRole('button', { name: 'Column 5', exact: true }).click();
  await myTurn(page, 40000);
  await page.locator('svg.tree g.node[data-depth="1"]').first().waitFor();
  assert.ok(await page.evaluate(() => window.__searching) > 0, 'the running search was drawn');
  assert.deepEqual(await thinkingProblems(page), [], 'at 390x844');
  assert.deepEqual(geometryProblems(await boardGeometry(page), 390, 844), [], 'the board stays whole above it');
  await page.screenshot({ path: `${SHOTS}thinking-390x844.png` });
  // A Medium search's tree, its expected line in the middle; with the
  // numbers and the legend, and with every node open.
  await setting(page, 'Level', 'Medium');
  await page.goto(`${base}?pos=4453`);
  if (await toggle.getAttribute('aria-pressed') !== 'true') await toggle.click();
  await page.getByRole('button', { name: 'Column 4', exact: true }).click();
  await myTurn(page);
  await page.locator('svg.tree g.node.pv[data-depth="2"]').first().waitFor();
  const m = await page.evaluate(thinkingMeasures);
  assert.ok(Math.abs(m.pvCentred) <= 0.35 && m.pvInSight >= 3, `the expected line in sight: ${JSON.stringify(m)}`);
  await page.getByRole('button', { name: 'Numbers' }).click();
  assert.deepEqual(await thinkingProblems(page), [], 'with the numbers at 390x844');
  await page.screenshot({ path: `${SHOTS}thinking-numbers-390x844.png` });
  await page.getByRole('button', { name: 'All', exact: true }).click();
  assert.deepEqual(await thinkingProblems(page), [], 'every node open at 390x844');
  const all = await page.evaluate(thinkingMeasures);
  assert.ok(all.labels.count >= 5 && all.pvInSight >= 2, `the whole tree shows its expected line, readable: ${JSON.stringify(all)}`);
  for (const [width, height] of [[768, 1024], [800, 480]]) {
    await page.setViewportSize({ width, height });
    // Where the page had to be opened again for the new size (geckodriver,
    // WebKitWebDriver), the game is back but the tree is the next move's.
    if (await page.locator('svg.tree g.node').count() === 0) {
      if (await toggle.getAttribute('aria-pressed') === 'true') await toggle.click();
      await page.getByRole('button', { name: 'Column 1', exact: true }).click();
      await myTurn(page);
    }
    if (await toggle.getAttribute('aria-pressed') !== 'true') await toggle.click();
    const numbers = page.getByRole('button', { name: 'Numbers' });
    if (await numbers.getAttribute('aria-pressed') !== 'true') await numbers.click();
    await page.locator('svg.tree g.node').first().waitFor();
    assert.deepEqual(await thinkingProblems(page), [], `at ${width}x${height}`);
    await page.screenshot({ path: `${SHOTS}thinking-${width}x${height}.png` });
  }
  // A finished game's review with the thinking open: neither covers the
  // other.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto(`${base}?pos=4455667`);
  await page.getByRole('button', { name: 'Review the game' }).click();
  await page.locator('.review li').first().waitFor({ timeout: 30000 });
  if (await toggle.getAttribute('aria-pressed') !== 'true') await toggle.click();
  assert.deepEqual((await page.evaluate(thinkingMeasures)).overlaps, [], 'the review and the thinking at 768x1024');
  await page.screenshot({ path: `${SHOTS}thinking-review-768x1024.png` });
  await page.setViewportSize({ width: 800, height: 480 });
  // Closed again, the board has the booth's screen back.
  await toggle.click();
  assert.deepEqual(geometryProblems(await boardGeometry(page), 800, 480), []);
  await context.close();
});

// MiniBrowser has no switch for WebAssembly.
test('on a phone nothing covers a button, the values keep apart in three languages, and the tree opens on its decision', async () => {
  const { context, page } = await open('', { width: 390, height: 844 });
  await setting(page, 'Level', 'Hard');
  const toggle = page.getByRole('button', { name: 'Thinking' });
  await toggle.click();
  await page.getByRole('button', { name: 'Column 4', exact: true }).click();
  await myTurn(page);
  await page.locator('svg.tree g.node.pv[data-depth="1"]').first().waitFor();
  const decision = async (where) => {
    const m = await page.evaluate(thinkingMeasures);
    assert.deepEqual(m.decisionInSight, { root: true, chosen: true }, `the root and the chosen column in the tree's box ${where}: ${JSON.stringify(m)}`);
  };
  await decision('at 390x844');
  await page.getByRole('button', { name: 'Numbers' }).click();
  assert.deepEqual(await page.evaluate(coveredButtons), [], 'Thinking and Numbers on at 390');
  await page.screenshot({ path: `${SHOTS}phone-thinking-numbers-390x844.png` });
  // The hint's values in words in the three languages: none touches
  // another or hides under the board.
  await page.getByRole('button', { name: 'Numbers' }).click();
  for (const [language, hint] of [['Deutsch', 'Tipp'], ['Français', 'Conseil'], ['English', 'Hint']]) {
    await page.getByRole('button', { name: /^(Settings|Einstellungen|Réglages)$/ }).click();
    await page.getByLabel(/Language|Sprache|Langue/).first().selectOption({ label: language });
    await page.locator('#settings .close').click();
    await page.getByRole('button', { name: hint, exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('.values .value[data-score]').length >= 6, null, { timeout: 30000 });
    const values = await page.evaluate(valueMeasures);
    assert.deepEqual([values.broken, values.overlaps, values.hidden], [[], [], []], `${language} values at 390`);
    assert.ok(await page.locator('.values.words').count() === 1 && values.words >= 14, `${language} values in words: ${values.words}`);
    await page.screenshot({ path: `${SHOTS}phone-hint-${language}-390x844.png` });
  }
  // A finished game's review with the thinking and the numbers open.
  await page.getByRole('button', { name: 'Numbers' }).click();
  await page.goto(`${base}?pos=4455667`);
  await page.locator('.status-row button.review-game').click();
  await page.locator('.review li').first().waitFor({ timeout: 30000 });
  if (await toggle.getAttribute('aria-pressed') !== 'true') await toggle.click();
  assert.deepEqual(await page.evaluate(coveredButtons), [], 'the review, Thinking and Numbers on at 390');
  await context.close();
  // A portrait tablet: a Hard move's tree opens on the decision too.
  const tablet = await open('', { width: 768, height: 1024 });
  await setting(tablet.page, 'Level', 'Hard');
  await tablet.page.getByRole('button', { name: 'Thinking' }).click();
  await tablet.page.getByRole('button', { name: 'Column 4', exact: true }).click();
  await myTurn(tablet.page);
  await tablet.page.locator('svg.tree g.node.pv[data-depth="1"]').first().waitFor();
  const m = await tablet.page.evaluate(thinkingMeasures);
  assert.deepEqual(m.decisionInSight, { root: true, chosen: true }, `at 768x1024: ${JSON.stringify(m)}`);
  assert.ok(m.labels.smallest >= 12, `labels at ${m.labels.smallest} px`);
  await tablet.page.screenshot({ path: `${SHOTS}tree-hard-768x1024.png` });
  await tablet.context.close();
});

test('a hint on an empty 9 x 6 board answers within the limit it states, and whose turn it is stays said', async () => {
  const { context, page } = await open();
  await setting(page, 'Board size', '9 × 6');
  await page.getByRole('button', { name: 'Hint' }).click();
  const [, limit] = (await status(page)).match(/at most (\d+) s/) ?? [];
  assert.ok(limit, `the hint states its limit: ${await status(page)}`);
  const start = Date.now();
  await page.waitForFunction(() => !/Analysing/.test(document.querySelector('[role=status]')?.textContent ?? ''), null, { timeout: Number(limit) * 1000 + 5000, polling: 100 });
  const took = Date.now() - start;
  assert.ok(took <= Number(limit) * 1000 + 1500, `answered in ${took} ms`);
  const said = await status(page);
  const values = await page.locator('.values .value[data-score]').count();
  assert.ok(values === 9 || new RegExp(`did not finish in ${limit} s`).test(said), `values or the honest refusal: ${said}`);
  assert.match(await page.locator('.status-row').textContent(), /Your turn/, 'the turn line stays');
  await context.close();
});

test('a hint asked while the position database is still on its way answers within the limit it states', async (t) => {
  // The database held back as a slow line would: the hint may wait for it
  // (it makes deep positions fast), but not past the seconds it promised.
  let release;
  const held = new Promise((ok) => { release = ok; });
  const own = await serve(DIST, 0, '127.0.0.1', {
    '/layer12.c4l': (_, res) => {
      held.then(() => { res.writeHead(200); res.end(readFileSync(`${DIST}layer12.c4l`)); });
      return true;
    },
    '/sw.js': (_, res) => { res.writeHead(404); res.end(); },
  });
  t.after(() => { release(); own.close(); });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${own.address().port}/`);
  await page.getByRole('button', { name: 'Hint' }).click();
  const start = Date.now();
  const [, limit] = (await status(page)).match(/at most (\d+) s/) ?? [];
  assert.ok(limit, `the hint states its limit: ${await status(page)}`);
  await page.waitForFunction(() => !/Analysing/.test(document.querySelector('[role=status]')?.textContent ?? ''), null, { timeout: Number(limit) * 1000 + 5000, polling: 100 });
  const took = Date.now() - start;
  assert.ok(took <= Number(limit) * 1000 + 1500, `answered in ${took} ms`);
  // The empty board is in the opening book, which needs no database.
  assert.equal(await page.locator('.values .value[data-score]').count(), 7, `every column's value: ${await status(page)}`);
  await context.close();
});

test('a browser without WebAssembly is told in its language what to use instead', async () => {
  for (const [locale, words] of [['de-DE', /Dieser Browser kann Vier gewinnt nicht spielen\..*Ihm fehlt: WebAssembly\..*Safari, Chrome, Firefox oder Edge/s],
    ['fr-FR', /Ce navigateur ne peut pas jouer à Puissance 4\..*Il lui manque\u00a0: WebAssembly\..*Safari, Chrome, Firefox ou Edge/s],
    ['en-US', /This browser cannot play Connect Four\..*It lacks: WebAssembly\..*Safari, Chrome, Firefox or Edge/s]]) {
    const context = await browser.newContext({ locale, noWasm: true, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(base);
    const message = page.getByRole('alert');
    await message.waitFor();
    assert.match(await message.textContent(), words);
    assert.equal(await page.evaluate(() => typeof WebAssembly), 'undefined', 'WebAssembly is really off');
    assert.equal(await page.locator('#loading').isVisible(), false, 'no loading line for a game that cannot load');
    assert.equal(await page.locator('html').getAttribute('lang'), locale.slice(0, 2));
    await page.screenshot({ path: `${SHOTS}no-webassembly-${locale}.png` });
    await context.close();
  }
});

test('a browser whose workers cannot run ES modules (Firefox before 114) is told so, not left with a computer that never moves', async (t) => {
  // The real page, with such a browser's Worker put in before the page's
  // own scripts: it takes no options, so it never reads `type`. (WebDriver
  // runs a context's scripts only after a load.)
  const page0 = readFileSync(`${DIST}index.html`, 'utf8');
  const older = '<script>window.Worker = (function (Real) { return function Worker(url) { return new Real(url); }; })(window.Worker);</script>';
  const answer = (_, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page0.replace('<script', `${older}<script`));
    return true;
  };
  const own = await serve(DIST, 0, '127.0.0.1', { '/': answer, '/index.html': answer, '/sw.js': (_, res) => { res.writeHead(404); res.end(); } });
  t.after(() => own.close());
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${own.address().port}/`);
  const message = page.getByRole('alert');
  await message.waitFor();
  assert.match(await message.textContent(), /This browser cannot play Connect Four\..*It lacks: Web Workers\./s);
  await context.close();
});

test('a visitor on a slow line reads what is coming, in their language, until the board is drawn in its place; at the booth, what the lobby offers', async (t) => {
  // The page's Wasm (the demo's build, and the booth's behind the booth's
  // page) held back as a slow line would.
  const wasm = readdirSync(DIST).filter((f) => /^app-(booth-)?[0-9a-f]{1,16}_bg\.wasm$/.test(f));
  let release;
  const held = new Promise((ok) => { release = ok; });
  const hold = (file) => (_, res) => {
    held.then(() => {
      res.writeHead(200, { 'content-type': 'application/wasm' });
      res.end(readFileSync(`${DIST}${file}`));
    });
    return true;
  };
  const own = await serve(DIST, 0, '127.0.0.1', {
    ...Object.fromEntries(wasm.map((f) => [`/${f}`, hold(f)])),
    '/sw.js': (_, res) => { res.writeHead(404); res.end(); },
    ...Object.fromEntries(['/booth', '/watch'].map((path) => [path, (_, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(readFileSync(`${DIST}index.bridge.html`));
      return true;
    }])),
  });
  t.after(() => { release(); own.close(); });
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const url = `http://127.0.0.1:${own.address().port}/`;
  // Not `goto`, which waits for the load that the held Wasm holds back.
  const open = async (path, words) => {
    await page.goto(`${url}robots.txt`);
    await page.evaluate((u) => { location.href = u; }, `${url}${path}`);
    const loading = page.getByText(words);
    await loading.waitFor();
    const box = await loading.boundingBox();
    assert.ok(box.y > 0 && box.y + box.height < 844 && box.x >= 0 && box.x + box.width <= 390, `${path}: on the screen: ${JSON.stringify(box)}`);
    assert.equal(await page.locator('html').getAttribute('lang'), 'de');
    assert.equal(await page.locator('.cells').count(), 0, `${path}: no board before the Wasm`);
  };
  // The booth's words are the lobby's own, as the locale files have them.
  await open('booth', 'Vier gewinnt gegen den Roboter. Gib deinen Namen ein, wähle deinen Gegner, und der Roboter wirft die Steine ein. Das Spiel wird geladen');
  await page.screenshot({ path: `${SHOTS}loading-booth-390x844.png` });
  // The booth's spectator screen (the bridge's page at /watch) asks nobody
  // for a name: it says what the demo is.
  await open('watch', 'Vier gewinnt gegen einen Computer, der zeigt, wie er denkt. Das Spiel wird geladen');
  assert.doesNotMatch(await page.locator('#loading').textContent(), /robot|Roboter/);
  await open('', 'Vier gewinnt gegen einen Computer, der zeigt, wie er denkt. Das Spiel wird geladen');
  await page.screenshot({ path: `${SHOTS}loading-390x844.png` });
  release();
  await page.getByRole('button', { name: 'Spalte 1', exact: true }).waitFor();
  assert.equal(await page.locator('#loading').count(), 0, 'the loading line gone with the board drawn');
  await context.close();
});

test('a shared position opens as shared: the visitor moves first, and the hint is for that position', async () => {
  // From Pascal Pons' Test_L3_R1: an odd and an even number of stones;
  // the best column's score is the set's score of the position.
  const data = readFileSync(new URL('../../engine/tests/data/pons/Test_L3_R1', import.meta.url), 'utf8').trim().split('\n').map((l) => l.split(' '));
  const odd = data.find(([m]) => m.length % 2 === 1);
  const even = data.find(([m]) => m.length % 2 === 0);
  for (const [moves, score] of [odd, even]) {
    const { context, page } = await open(`?pos=${moves}`);
    await databaseReady(page);
    assert.match(await status(page), /^Your turn/, `${moves}: the visitor's turn`);
    await page.waitForTimeout(800);
    assert.equal(await coins(page), moves.length, `${moves}: nobody moved`);
    assert.equal(await page.evaluate(() => new URLSearchParams(location.search).get('pos')), moves);
    await page.getByRole('button', { name: 'Hint' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.values [data-score]').length > 0, null, { timeout: 20000 });
    const shown = await page.locator('.values .value').evaluateAll((vs) => vs.map((v) => (v.dataset.score === undefined ? null : Number(v.dataset.score))));
    assert.deepEqual(shown, analyze(moves), `${moves}: every column as the native solver says`);
    assert.equal(Math.max(...shown.filter((v) => v !== null)), Number(score), `${moves}: the best column scores as Pons' set says`);
    await context.close();
  }
});

test('the page stays responsive while Hard searches in the worker', async () => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  await context.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => e.duration)))
      .observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  await page.goto(base);
  await page.getByRole('button', { name: 'Column 1', exact: true }).waitFor();
  await setting(page, 'Level', 'Hard');
  // Only long tasks after start-up count: the search runs from here on.
  await page.evaluate(() => { window.__longTasks = []; });
  for (const c of [4, 4, 3]) {
    await page.getByRole('button', { name: `Column ${c}`, exact: true }).click();
    await myTurn(page);
  }
  const longest = await page.evaluate(() => Math.max(0, ...window.__longTasks));
  console.log(`# longest main-thread task during three Hard searches: ${longest.toFixed(0)} ms`);
  assert.equal(await coins(page), 6);
  await context.close();
});

test('the demo plays itself at a pace a watcher can follow', async () => {
  const { context, page } = await open();
  await setting(page, 'Mode', 'Computer against computer');
  const start = Date.now();
  await page.waitForFunction(() => document.querySelectorAll('.cells .coin:not(.ghost)').length >= 3, null, { timeout: 20000 });
  const elapsed = Date.now() - start;
  assert.ok(elapsed >= 1500, `three moves took ${elapsed} ms: slow enough to watch`);
  await page.getByRole('button', { name: 'Column 1', exact: true }).click();
  assert.match(await status(page), /computer/i, 'a person cannot move in the demo');
  await context.close();
});

test('keyboard: digits drop a coin, arrows and Enter too; a mouse shows where it would drop', async () => {
  const { context, page } = await open();
  await setting(page, 'Mode', 'Two players');
  await page.keyboard.press('4');
  await page.getByRole('img', { name: 'Row 1, column 4: yellow' }).waitFor();
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.getByRole('img', { name: 'Row 1, column 5: red' }).waitFor();
  // A mouse (every engine's desktop window has one) over a column shows
  // the coin ready to drop there, and the column lit.
  await page.getByRole('button', { name: 'Column 6', exact: true }).hover();
  await page.locator('.hover-row .slot:nth-child(6) .coin').waitFor();
  await page.locator('button.column.hover:nth-child(6)').waitFor();
  await context.close();
});

test('a phone without a mouse: the board follows no hover, and a tap drops the coin', async (t) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, touchOnly: true });
  const page = await context.newPage();
  await page.goto(base);
  await page.getByRole('button', { name: 'Column 1', exact: true }).waitFor();
  assert.equal(await page.evaluate(() => matchMedia('(any-hover: hover)').matches), false, 'the browser says nothing hovers');
  // The driver's pointer is a mouse all the same: a page that listened
  // for hovers would show the coin over column 6 by the next command.
  await page.getByRole('button', { name: 'Column 6', exact: true }).hover();
  assert.equal(await page.locator('.hover-row .coin, button.column.hover').count(), 0, 'no coin over a column');
  await page.getByRole('button', { name: 'Column 4', exact: true }).click();
  await page.getByRole('img', { name: 'Row 1, column 4: yellow' }).waitFor();
  await page.screenshot({ path: `${SHOTS}phone-finger-390x844.png` });
  await context.close();
});

/** Waits until the worker says its position database is loaded. */
async function databaseReady(page) {
  await page.waitForFunction(() => /all \d{1,3}(,\d{3})+ positions of 12 stones are here/.test(document.querySelector('#database-status')?.textContent ?? ''), null, { timeout: 30000 });
}

/** Runs in the page: for each element, its `data-column` and the contrast
 * of its text's colour against the first opaque background behind it. */
function contrasts(elements) {
  const rgb = (c) => (c.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r, g, b]) => [r, g, b]
    .map((v) => v / 255).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const behind = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || c[3] === 1) return c;
    }
    return rgb(getComputedStyle(document.body).backgroundColor);
  };
  return elements.map((el) => {
    const [a, b] = [luminance(rgb(getComputedStyle(el).color)), luminance(behind(el))];
    return [el.dataset.column, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)];
  });
}

test('the hint on a 9-stone position shows all seven columns at once, in words, as the native solver scores them', async () => {
  // Nine stones (Test_L1_R2): every column's exact score needs a 3-ply
  // search to the database; its columns win, draw and lose. Two people
  // play, so the second player's turn stays on the board.
  const position = '634766171';
  const { context, page } = await open();
  await setting(page, 'Mode', 'Two players');
  await page.goto(`${base}?pos=${position}`);
  await page.getByRole('button', { name: 'Column 1', exact: true }).waitFor();
  await databaseReady(page);
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.values [data-score]').length === 7, null, { timeout: 5000 });
  const shown = await page.locator('.values .value').evaluateAll((vs) => vs.map((v) => ({
    column: Number(v.dataset.column), score: v.dataset.score === undefined ? null : Number(v.dataset.score), text: v.textContent,
  })));
  assert.deepEqual(shown.map((v) => v.column), [1, 2, 3, 4, 5, 6, 7]);
  assert.deepEqual(shown.map((v) => v.score), analyze(position), 'every column as the native solver says');
  for (const v of shown) {
    assert.match(v.text, v.score > 0 ? /^wins (now|in \d+ moves)$/ : v.score < 0 ? /^loses (at once|in \d+ moves)$/ : /^draw$/, JSON.stringify(v));
  }
  // Readable, not only visible: each value's colour (a win's, a draw's, a
  // loss's) against what it is drawn on, at WCAG AA's 4.5:1 for its size.
  for (const [column, ratio] of await page.locator('.values .value').evaluateAll(contrasts)) {
    assert.ok(ratio >= 4.5, `column ${column}'s value has a contrast of ${ratio.toFixed(2)}`);
  }
  // The numbers on request: a tap on the row.
  await page.locator('.values').click();
  assert.deepEqual(await page.locator('.values .value').allTextContents(), shown.map((v) => (v.score >= 0 ? `+${v.score}` : `${v.score}`)));
  await page.screenshot({ path: `${SHOTS}hint-words.png` });
  await context.close();
});

test('the game review marks the known mistake, names the decisive move, and plays on from it; the spectator screen shows it too', async () => {
  // Recorded: the first player opens in the corner (the empty board's
  // column scores are -2 -1 0 1 0 -1 -2), then both sides play a best
  // move each time and the second player wins with the 40th stone.
  const game = '1211221112322333334444565676644667777755';
  const { context, page } = await open();
  await setting(page, 'Mode', 'Two players');
  await page.goto(`${base}?pos=${game}`);
  await page.getByRole('button', { name: 'Column 1', exact: true }).waitFor();
  const watch = await context.newPage();
  await watch.goto(`${base}#/watch`);
  await watch.locator('.cells').waitFor();
  await databaseReady(page);
  await page.getByRole('button', { name: 'Review the game' }).click();
  const review = page.getByRole('region', { name: 'Game review' });
  await review.locator('li').nth(39).waitFor({ timeout: 20000 });
  const marks = await review.locator('li').evaluateAll((lis) => lis.map((li) => li.dataset.mark));
  assert.equal(marks.length, 40);
  assert.equal(marks[0], 'mistake');
  assert.deepEqual([...new Set(marks.slice(1))], ['best'], 'after the opening both sides played perfectly');
  assert.match(await review.locator('li').first().textContent(), /^1\. Yellow, column 1: mistake: column 4 would have kept the win/);
  assert.equal(await review.locator('li.decided').count(), 1);
  assert.match(await review.locator('li.decided').textContent(), /^1\./);
  assert.equal(await review.locator('.decided').first().textContent(), "Decided by move 1: Yellow's mistake.");
  // The spectator screen shows the same review, without the buttons.
  const watched = watch.getByRole('region', { name: 'Game review' });
  await watched.locator('li').nth(39).waitFor();
  assert.equal(await watched.getByRole('button', { name: 'Play on from here' }).count(), 0);
  await page.screenshot({ path: `${SHOTS}review.png` });
  // Play on from the position before move 3.
  await review.getByRole('button', { name: 'Play on from here' }).nth(2).click();
  assert.equal(await coins(page), 2);
  assert.equal(await page.getByRole('region', { name: 'Game review' }).count(), 0);
  await context.close();
});

// Each screen from the largest size down: a headless window shrinks
// reliably, while growing it again now and then fails.
test('settings, help, the explainer and the game review fit the screen at every size', async () => {
  const sizes = [[1920, 1080], [1024, 768], [800, 480]];
  for (const [button, panel] of [['Settings', '#settings'], ['Help', '#help'], ['How does the computer think?', '#explain']]) {
    const { context, page } = await open('', { width: 1920, height: 1080 });
    await page.getByRole('button', { name: button }).click();
    await page.locator(`${panel}.open`).waitFor();
    await fitsAt(page, sizes, `the ${button} panel`);
    await page.screenshot({ path: `${SHOTS}panel-${panel.slice(1)}-800x480.png` });
    await context.close();
  }
  // A finished game between two people and its review.
  const { context, page } = await open('', { width: 1920, height: 1080 });
  await setting(page, 'Mode', 'Two players');
  await page.goto(`${base}?pos=1211221112322333334444565676644667777755`);
  await databaseReady(page);
  await page.getByRole('button', { name: 'Review the game' }).click();
  await page.getByRole('region', { name: 'Game review' }).locator('li').nth(39).waitFor({ timeout: 20000 });
  await fitsAt(page, sizes, 'the review');
  await page.screenshot({ path: `${SHOTS}review-800x480.png` });
  await context.close();
});

test('the position database loads after the first render, and the help says it is there', async () => {
  const { context, page } = await open();
  // The board answers before the database has arrived.
  await page.getByRole('button', { name: 'Column 4', exact: true }).click();
  await myTurn(page);
  await databaseReady(page);
  await page.getByRole('button', { name: 'Help' }).click();
  await page.getByText('Position database: all 4,200,899 positions of 12 stones are here').waitFor();
  assert.deepEqual(await page.errors(), []);
  await context.close();
});

test('a damaged position database is refused in words, and perfect play goes on without it', async (t) => {
  // The browser inflates the database; a body that no longer matches its
  // checksum must end as "not available", never as a hang or a wrong score.
  const layer = readFileSync(`${DIST}layer12.c4l`);
  layer[layer.length - 100] ^= 0x55;
  const own = await serve(DIST, 0, '127.0.0.1', {
    '/layer12.c4l': (_, res) => { res.writeHead(200, { 'content-length': layer.length }); res.end(layer); },
  });
  t.after(() => own.close());
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${own.address().port}/`);
  await page.getByRole('button', { name: 'Help' }).click();
  await page.getByText('Position database: not available').waitFor({ timeout: 30000 });
  await page.locator('#help .close').click();
  await setting(page, 'Level', 'Perfect');
  await page.getByRole('button', { name: 'Column 4', exact: true }).click();
  await myTurn(page);
  assert.equal(await coins(page), 2, 'the computer answered');
  assert.deepEqual(await page.errors(), []);
  await context.close();
});

test('a new game in mid-game asks first; a board size and themes apply', async () => {
  const { context, page } = await open();
  await setting(page, 'Mode', 'Two players');
  await page.getByRole('button', { name: 'Column 4', exact: true }).click();
  page.once('dialog', (d) => d.dismiss());
  await page.getByRole('button', { name: 'New game' }).click();
  assert.equal(await coins(page), 1, 'declined: the game goes on');
  page.once('dialog', (d) => d.accept());
  await page.getByRole('button', { name: 'New game' }).click();
  assert.equal(await coins(page), 0);
  await setting(page, 'Board size', '8 × 7');
  assert.equal(await page.locator('.cells [role=img]').count(), 56);
  // Perfect on a board no book covers is offered with a plain note.
  await setting(page, 'Level', 'Perfect');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByText('On 8 × 7 Perfect plays its best search within 3 s').waitFor();
  await page.locator('#settings .close').click();
  await page.getByRole('button', { name: 'Column 8', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('High contrast').check();
  await page.getByLabel('Marks on the coins').check();
  await page.locator('#settings .close').click();
  await page.getByRole('button', { name: 'Column 8', exact: true }).click();
  assert.equal(await page.locator('.app.contrast.marks').count(), 1);
  await page.screenshot({ path: `${SHOTS}contrast-marks-8x7.png` });
  await context.close();
});

test('a new game, another board size or another language leaves nothing of the last game\'s thinking', async () => {
  const { context, page } = await open('', { width: 1920, height: 1080 });
  const thoughts = () => page.locator('.thoughts ol li').count();
  const nodes = () => page.locator('svg.tree g.node').count();
  /** Plays column 4 and waits for the computer's reply and its thinking. */
  const play = async () => {
    await page.getByRole('button', { name: /^(Column|Spalte) 4$/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('.thoughts ol li').length > 0 && document.querySelector('svg.tree g.node'));
  };
  await play();
  page.once('dialog', (d) => d.accept());
  await page.getByRole('button', { name: 'New game' }).click();
  assert.equal(await thoughts(), 0, 'no thoughts after "New game"');
  assert.equal(await nodes(), 0, 'no tree after "New game"');
  assert.equal((await page.locator('.values').textContent()).trim(), '', 'no column values after "New game"');
  await myTurn(page);
  await play();
  await setting(page, 'Board size', '9 × 6');
  assert.equal(await thoughts(), 0, 'no thoughts on the new size');
  assert.equal(await nodes(), 0, 'no 7-column tree on the 9-column board');
  await myTurn(page);
  await play();
  // Another language in mid-game: the game and its thinking stay, said
  // in the new language, no word of the old one left.
  await setting(page, 'Language', 'Deutsch');
  await page.locator('html[lang="de"]').waitFor();
  const said = await page.locator('.thoughts').textContent();
  assert.match(said, /Spalte/);
  assert.doesNotMatch(said, /Column|positions|searched/, `German thoughts: ${said}`);
  // Counts are written as the browser writes numbers in German.
  const count = said.match(/(\d[\d.\u202f]*) Stellungen/)[1];
  assert.equal(count, await page.evaluate((n) => new Intl.NumberFormat('de').format(n), Number(count.replace(/\D/g, ''))));
  const labels = await page.locator('svg.tree g.node').evaluateAll((gs) => gs.map((g) => g.getAttribute('aria-label')).join(' '));
  assert.doesNotMatch(labels, /column/, 'the tree speaks German too');
  await context.close();
});

test('the bridge serves the app built into it, in the booth\'s language (German by default), which plays through it', async (t) => {
  const { spawn } = await import('node:child_process');
  const { createServer } = await import('node:net');
  const port = await new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => ok(p)); });
  });
  const { tmpdir } = await import('node:os');
  const folder = await (await import('node:fs/promises')).mkdtemp(`${tmpdir()}/app-e2e-`);
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const records = `${folder}/records.sqlite`;
  const bridge = spawn(BRIDGE, ['serve', '--robot', 'dummy', '--port', String(port), '--records', records], { stdio: 'ignore' });
  try {
    const context = await browser.newContext({ viewport: { width: 800, height: 480 } });
    const page = await context.newPage();
    for (let i = 0; i < 50; i++) {
      try { await page.goto(`http://127.0.0.1:${port}/`); break; } catch { await page.waitForTimeout(100); }
    }
    // An English browser: the booth's own screen still speaks German.
    await page.locator('html[lang="de"]').waitFor();
    // It opens on the booth's lobby, from which a local game is a tap away.
    await page.locator('#robot.open').waitFor();
    await page.getByRole('button', { name: 'Lieber hier spielen' }).click();
    await page.getByRole('button', { name: 'Spalte 4', exact: true }).click();
    await page.waitForFunction(() => (document.querySelector('[role=status]')?.textContent ?? '').startsWith('Du bist am Zug'), null, { timeout: 20000 });
    assert.equal(await coins(page), 2, 'the computer answered, its worker loaded from the bridge');
    await context.close();
  } finally {
    bridge.kill();
  }
});

/** Every column's perfect score from the native `connect4` binary. */
function analyze(moves) {
  assert.ok(existsSync(CONNECT4), `build ${CONNECT4} first (cargo build --release --bin connect4, or name its folder in E2E_BINARIES)`);
  const out = execFileSync(CONNECT4, ['solve', '--analyze'], { input: `${moves}\n` }).toString().trim();
  return out.split(/\s+/).slice(1).map((v) => (v === 'X' ? null : Number(v)));
}

/** The tree's nodes one level below its root: column, bound and value. */
async function rootChildren(page) {
  const labels = await page.locator('svg.tree g.node[data-depth="1"]').evaluateAll((gs) => gs.map((g) => g.getAttribute('aria-label')));
  return labels.map((l) => {
    const [, column, bound, value] = l.match(/^column (\d+): (≤|≥)?([+-]\d+)/);
    return { column: Number(column), bound: bound ?? '=', value: Number(value) };
  });
}

/** The moves in the address bar once it holds `count` of them (the page
 * writes it in a task after the move). */
async function movesInUrl(page, count) {
  const moves = await page.waitForFunction((n) => {
    const pos = new URLSearchParams(location.search).get('pos') ?? '';
    return pos.length >= n && pos;
  }, count);
  return moves.jsonValue();
}

test('after a Perfect move the tree holds every column with the engine\'s value', async () => {
  const { context, page } = await open('', { width: 1920, height: 1080 });
  await setting(page, 'Level', 'Perfect');
  // A shared position is the visitor's to move: its last stone is theirs.
  const position = '2541266355551';
  await page.goto(`${base}?pos=${position.slice(0, -1)}`);
  await page.getByRole('button', { name: `Column ${position.at(-1)}`, exact: true }).click();
  await myTurn(page);
  const truth = analyze(position);
  const children = await rootChildren(page);
  assert.equal(children.length, truth.filter((v) => v !== null).length, 'one node per playable column');
  // Over the columns, the perfect scores are said as wins and losses, not
  // ranked like a search's estimates.
  const words = await page.locator('.values .value').allTextContents();
  assert.ok(words.some((w) => w !== '') && words.every((w) => /^(draw|wins now|wins in \d+ moves|loses at once|loses in \d+ moves|)$/.test(w)), `perfect values in words: ${words}`);
  for (const { column, bound, value } of children) {
    if (bound === '=') assert.equal(value, truth[column - 1], `column ${column}`);
    else assert.ok(bound === '≤' && truth[column - 1] <= value, `column ${column}: ${truth[column - 1]} ≤ ${value}`);
  }
  const played = Number((await movesInUrl(page, position.length + 1)).at(position.length));
  const pv = await page.locator('svg.tree g.node.pv[data-depth="1"]').getAttribute('aria-label');
  assert.ok(pv.startsWith(`column ${played}:`), `the highlighted column (${pv}) is the one played (${played})`);
  assert.equal(truth[played - 1], Math.max(...truth.filter((v) => v !== null)), 'and it is a best one');
  await context.close();
});

test('a Hard move: the principal variation, pruned branches, a node\'s board, and the full tree quickly', async () => {
  const { context, page } = await open('', { width: 1920, height: 1080 });
  await setting(page, 'Level', 'Hard');
  await page.getByRole('button', { name: 'Column 4', exact: true }).click();
  await myTurn(page);
  const tree = page.locator('svg.tree');
  const played = Number((await movesInUrl(page, 2)).at(1));
  const pv = await page.locator('svg.tree g.node.pv[data-depth="1"]').getAttribute('aria-label');
  assert.ok(pv.startsWith(`column ${played}:`), `the highlighted column (${pv}) is the one played (${played})`);
  // The tree opens on its expected line; "Fit" shows all of it.
  await page.getByRole('button', { name: 'Fit' }).click();
  await page.waitForFunction(() => document.querySelectorAll('svg.tree g.node[data-depth="1"]').length === 7, null, { timeout: 5000 }).catch(() => {});
  assert.equal((await rootChildren(page)).length, 7, 'every column is a child of the root');
  assert.ok(await page.locator('svg.tree .edge.pruned').count() > 0, 'cut-offs are drawn');
  // The tree's numbers wait behind "Numbers", which brings their legend.
  assert.equal(await page.locator('svg.tree text.value').first().evaluate((t) => getComputedStyle(t).display), 'none', 'no scores until asked for');
  assert.equal(await page.locator('.tree-legend').evaluate((t) => getComputedStyle(t).display), 'none');
  await page.locator('.tree-tools button.numbers').click();
  assert.notEqual(await page.locator('svg.tree text.value').first().evaluate((t) => getComputedStyle(t).display), 'none', 'scores shown');
  assert.match(await page.locator('.tree-legend').textContent(), /value for the computer/);
  assert.match(await page.locator('.tree-caption').textContent(), /Depth 8: [\d,]+ positions, [1-9][\d,]* moves pruned/);
  // Pointing at a node two levels down shows its position: 1 + 2 coins.
  await page.locator('svg.tree g.node[data-depth="2"]').first().hover();
  const small = page.locator('.node-board');
  await small.waitFor();
  assert.equal(await small.locator('circle:not(.hole)').count(), 3);
  await page.mouse.move(5, 5);
  await page.screenshot({ path: `${SHOTS}tree-1920x1080.png` });
  const shown = Number(await tree.getAttribute('data-nodes'));
  // Open every recorded node and time it until the next frame.
  const [built, ms] = await page.evaluate(async () => {
    const start = performance.now();
    document.querySelector('.expand-all').click();
    await new Promise((r) => setTimeout(r, 0));
    const built = performance.now() - start;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return [built, performance.now() - start];
  });
  const all = Number(await tree.getAttribute('data-nodes'));
  console.log(`# full tree: ${all} nodes built in ${built.toFixed(1)} ms, drawn in ${ms.toFixed(1)} ms`);
  assert.ok(all > shown, 'opening shows more');
  await page.locator('.tree-tools .fit').click();
  await page.screenshot({ path: `${SHOTS}tree-all-1920x1080.png` });
  await context.close();
});

test('the teaching view shows plain minimax and what pruning saved; the explainer opens from the tree', async () => {
  const { context, page } = await open('', { width: 1920, height: 1080 });
  await page.getByRole('button', { name: 'Column 4', exact: true }).click();
  await myTurn(page);
  await page.getByRole('button', { name: 'Minimax (teaching)' }).click();
  const caption = page.locator('.tree-caption');
  await page.waitForFunction(() => /saved/.test(document.querySelector('.tree-caption').textContent));
  // The whole teaching tree on the screen (it opens on its expected line),
  // once it is drawn: a Fit before that fits the tree it replaces.
  await page.getByRole('button', { name: 'Fit' }).click();
  await page.waitForFunction(() => document.querySelectorAll('svg.tree g.node[data-depth="1"]').length === 7);
  const [, depth, minimax, alphaBeta, saved] = (await caption.textContent()).match(/depth (\d+): (\d+) positions\. Alpha-beta to the same depth needs (\d+) – (\d+) %/);
  assert.equal(Number(depth), 3);
  assert.ok(Number(minimax) >= 1 + 7 + 49 + 343, `minimax looks at every move: ${minimax}`);
  assert.ok(Number(alphaBeta) < Number(minimax) && Number(saved) > 0);
  assert.equal(await page.locator('svg.tree .edge.pruned').count(), 0, 'minimax prunes nothing');
  assert.equal((await rootChildren(page)).length, 7);
  await page.screenshot({ path: `${SHOTS}tree-minimax-1920x1080.png` });
  await page.getByRole('button', { name: 'How does the computer think?' }).click();
  const explainer = page.getByRole('region', { name: 'How does the computer think?' });
  await explainer.getByText('Alpha-beta: skip what cannot matter').waitFor();
  await page.screenshot({ path: `${SHOTS}explainer-1920x1080.png` });
  await context.close();
});

test('the tree grows on the screen while the computer thinks', async () => {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  await context.addInitScript(recordSearching);
  const page = await context.newPage();
  await page.goto(base);
  await page.getByRole('button', { name: 'Column 1', exact: true }).waitFor();
  await setting(page, 'Level', 'Perfect');
  // A 13-stone position, past the position database, that the solver
  // needs most of a second for natively (5 M nodes for every column).
  await page.goto(`${base}?pos=214775667746`);
  await page.getByRole('button', { name: 'Column 5', exact: true }).click();
  await myTurn(page, 40000);
  assert.ok(await page.evaluate(() => window.__searching) > 0, 'a running search was drawn');
  assert.equal(await page.locator('svg.tree .node.searching').count(), 0, 'the final tree is complete');
  await context.close();
});

test('a spectator screen in another tab follows the game, with the tree and no controls', async () => {
  const { context, page } = await open();
  const watch = await context.newPage();
  await watch.setViewportSize({ width: 800, height: 480 });
  await watch.goto(`${base}#/watch`);
  await watch.locator('.cells').waitFor();
  for (const c of [4, 3]) {
    await page.getByRole('button', { name: `Column ${c}`, exact: true }).click();
    await myTurn(page);
  }
  const cells = await cellLabels(page);
  await watch.waitForFunction((want) => JSON.stringify([...document.querySelectorAll('.cells [role=img]')].map((c) => c.getAttribute('aria-label'))) === want, JSON.stringify(cells));
  await watch.locator('svg.tree g.node[data-depth="1"]').first().waitFor();
  assert.equal(await watch.getByRole('button', { name: 'New game' }).isVisible(), false, 'no controls');
  const tree = await watch.locator('.tree-canvas').boundingBox();
  assert.ok(tree.width >= 300 && tree.height >= 150 && tree.y + tree.height <= 480, `the tree fits 800x480: ${JSON.stringify(tree)}`);
  await watch.screenshot({ path: `${SHOTS}watch-800x480.png` });
  await watch.setViewportSize({ width: 1920, height: 1080 });
  await watch.screenshot({ path: `${SHOTS}watch-1920x1080.png` });
  // On a phone and a tablet held upright: the tree under the board, as
  // big and as readable as on a player's page. (WebKit's window cannot be
  // that small: its page is then framed by another origin, where the
  // channel between tabs is partitioned away; the booth's tests measure
  // its spectator screen at these sizes.)
  for (const [width, height] of engineName === 'webkit' ? [] : [[390, 844], [768, 1024]]) {
    await watch.setViewportSize({ width, height });
    await page.getByRole('button', { name: 'Column 1', exact: true }).click();
    await myTurn(page);
    await watch.locator('svg.tree g.node[data-depth="1"]').first().waitFor();
    await watch.screenshot({ path: `${SHOTS}watch-${width}x${height}.png` });
    // The spectator screen gives the board its room first (at least half
    // the width), the tree most of the rest.
    assert.deepEqual(await thinkingProblems(watch, 3000, { minHeight: 0.28 }), [], `the spectator screen at ${width}x${height}`);
  }
  // A new game in the playing tab empties the spectator's board too.
  page.once('dialog', (d) => d.accept());
  await page.getByRole('button', { name: 'New game' }).click();
  await watch.waitForFunction(() => document.querySelectorAll('.cells .coin:not(.ghost)').length === 0);
  await context.close();
});

// A stand-in for the worker's loader that takes the page's start message,
// says it is ready (the worker posts JSON text), then dies on the first
// request, as a worker does when the browser kills it.
const CRASHING_WORKER = "onmessage = () => { onmessage = () => { throw new Error('simulated crash'); }; postMessage(JSON.stringify('Ready')); };";

/** A server of the app whose worker loader is `loader(n)` for the n-th
 * request (or the real one where it returns null), without the service
 * worker, which would otherwise answer from its cache. */
function serveWithWorker(loader) {
  let loads = 0;
  const routes = {
    '/sw.js': (_, res) => { res.writeHead(404); res.end(); },
    '/worker_loader.js': (_, res) => {
      loads += 1;
      const body = loader(loads);
      if (body === null) return false;
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(body);
      return true;
    },
  };
  return serve(DIST, 0, '127.0.0.1', routes).then((s) => ({ server: s, url: `http://127.0.0.1:${s.address().port}/`, loads: () => loads }));
}

test('a worker that crashes mid-search is replaced and the move retried', async (t) => {
  const own = await serveWithWorker((n) => (n === 1 ? CRASHING_WORKER : null));
  t.after(() => own.server.close());
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await page.goto(own.url);
  await page.getByRole('button', { name: 'Column 4', exact: true }).click();
  await myTurn(page);
  assert.equal(await coins(page), 2, 'the replacement worker answered');
  assert.equal(own.loads(), 2, 'one crash, one replacement');
  assert.match(await status(page), /^Your turn/, 'no error for a crash that was mended');
  await context.close();
});

test('a worker that keeps crashing gets a message, and the game survives', async (t) => {
  const own = await serveWithWorker(() => CRASHING_WORKER);
  t.after(() => own.server.close());
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await page.goto(own.url);
  await page.getByRole('button', { name: 'Column 4', exact: true }).click();
  await page.getByText('The computer could not move').waitFor({ timeout: 20000 });
  assert.equal(await coins(page), 1, 'the person\'s coin is still there');
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.equal(await coins(page), 0, 'the game still takes commands');
  await context.close();
});
}

forEachEngine(appTests, {
  async setUp(launched, engine) {
    browser = launched;
    SHOTS = `${SCREENSHOTS}${engine}/`;
    await mkdir(SHOTS, { recursive: true });
    server = await serve(DIST);
    base = `http://127.0.0.1:${server.address().port}/`;
  },
  async tearDown() { server?.close(); },
});
