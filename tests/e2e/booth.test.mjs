// The booth end to end: `connect4-bridge serve --robot sim` on loopback (the app
// built into the binary, the simulated robot on a pseudo-terminal), a
// visitor's page playing a whole game against the computer on the robot, a
// jam in mid-game, and a second browser watching on the spectator route.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { forEachEngine, test, harnessOrigin } from './webdriver.mjs';
import { BRIDGE } from './binaries.mjs';
import { fitsAt, offScreen } from './screen.mjs';
import { cachedForOffline } from './offline.mjs';
import { coveredButtons, thinkingMeasures, thinkingProblems, valueMeasures } from './measure.mjs';

const SCREENSHOTS = new URL('../../target/screenshots/', import.meta.url).pathname;
const DECODE_QR = new URL('./decode-qr.py', import.meta.url).pathname;
const OVER = /You won|computer won|Draw/;

let browser;
/** Where the engine under test puts its screenshots. */
let SHOTS;
/** The address of the bridge the running test plays on. */
let base;

/** Every bridge's records and settings of this run, in one folder removed
 * when the run ends. */
const scratch = mkdtempSync(`${tmpdir()}/booth-e2e-`);
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

/** A bridge with the simulated robot; its own screens speak English
 * (the tests read English labels) unless `toml` says otherwise. `records`
 * names its SQLite file (to start a bridge again on the same records),
 * `port` is one to take again (a bridge back where it was), `args` are
 * more arguments of `connect4-bridge serve`. */
async function startBridge(toml = '', { records, config, port, args = [] } = {}) {
  port ??= await new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => ok(p)); });
  });
  const url = `http://127.0.0.1:${port}/`;
  // Each bridge keeps its records apart from the machine's own.
  records ??= `${scratch}/${port}.sqlite`;
  // A `config` given is used as it stands (a bridge started again on its
  // own file).
  if (!config) {
    config = `${scratch}/${port}.toml`;
    // Phone sizes load the booth in the test's own frame, from another
    // origin: the booth lets that origin frame it, as staff would a kiosk's.
    const framer = `allowed_origins = ["${await harnessOrigin()}"]\n`;
    await writeFile(config, framer + (toml.includes('language') ? toml : `language = "en"\n${toml}`));
  }
  const child = spawn(BRIDGE, ['serve', '--config', config, '--robot', 'sim', '--port', String(port), '--records', records, ...args], { stdio: 'ignore' });
  let gone = null;
  const exited = new Promise((ok) => child.once('exit', (code, signal) => { gone = code ?? signal; ok(code); }));
  // Until it answers: a test that went on without it would fail much
  // later, on a lobby that never opened.
  for (let i = 0; ; i++) {
    try { if ((await fetch(url)).ok) break; } catch { /* not up yet */ }
    if (gone !== null) throw new Error(`the bridge on port ${port} exited with ${gone} before it answered`);
    if (i === 300) throw new Error(`the bridge on port ${port} did not answer in 30 s`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
  /** SIGTERM, and the bridge's exit (it writes its records first). */
  const stop = () => { child.kill(); return exited; };
  return { process: child, url, port, records, config, stop };
}

/** A bridge of the test's own, so one test's game never holds the robot
 * for the next; it stops when the test ends. */
async function ownBridge(t, toml = '', options = {}) {
  const bridge = await startBridge(toml, options);
  t.after(() => bridge.stop());
  base = bridge.url;
  return bridge;
}

/** A browser context that closes when the test ends, passed or not. */
async function context(t, options = {}) {
  const made = await browser.newContext(options);
  t.after(() => made.close().catch(() => {}));
  return made;
}

/** Keeps every text the status line shows in `window.said`, so a message
 * that lives only until the game moves on is still seen by the test. */
function recordStatus() {
  window.said = [];
  new MutationObserver(() => {
    const text = document.querySelector('[role=status]')?.textContent;
    if (text && window.said.at(-1) !== text) window.said.push(text);
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** The simulator's grid: per column, bottom up, 1 and 2 for the players. */
async function simGrid() {
  const response = await fetch(base + 'sim/grid');
  return (await response.json()).columns;
}

/** The page's board in the same form. */
function pageGrid(page) {
  return page.evaluate(() => {
    const cells = [...document.querySelectorAll('.cells > .cell')];
    const columns = Number(getComputedStyle(document.querySelector('.cells')).gridTemplateColumns.split(' ').length);
    const rows = cells.length / columns;
    const grid = Array.from({ length: columns }, () => '');
    for (let r = rows - 1; r >= 0; r--) {
      for (let c = 0; c < columns; c++) {
        const coin = cells[r * columns + c].querySelector('.coin:not(.ghost)');
        if (coin) grid[c] += coin.classList.contains('first') ? '1' : '2';
      }
    }
    return grid;
  });
}

/** The lobby a page served by the bridge opens on. */
/** A column that wins at once for the first player's coins ('1'), else
 * one that stops the second's, else the middle's nearest free one. */
function winOrBlock(grid) {
  const wins = (g, c, who) => {
    if (g[c].length >= 6) return false;
    const next = g.map((col, i) => (i === c ? col + who : col));
    const at = (x, y) => (x >= 0 && x < 7 && y >= 0 ? next[x][y] : undefined);
    const y = next[c].length - 1;
    return [[1, 0], [0, 1], [1, 1], [1, -1]].some(([dx, dy]) => {
      let n = 1;
      for (const s of [1, -1]) for (let k = 1; at(c + s * k * dx, y + s * k * dy) === who; k++) n++;
      return n >= 4;
    });
  };
  const order = [3, 2, 4, 1, 5, 0, 6].filter((c) => grid[c].length < 6);
  return order.find((c) => wins(grid, c, '1')) ?? order.find((c) => wins(grid, c, '2')) ?? order[0];
}

const lobby = (page) => page.locator('#robot.open').waitFor();

/** Records the tones the page's Web Audio would play, in `window.tones`.
 * It replaces the methods on the prototype, not the constructor: the page
 * has taken the constructor by the time a WebDriver script runs. */
function mockAudio() {
  window.tones = [];
  const Context = window.AudioContext || window.webkitAudioContext;
  const node = () => ({ connect() {}, start() {}, stop() {} });
  Context.prototype.resume = () => Promise.resolve();
  Context.prototype.createOscillator = () => ({
    ...node(),
    type: '',
    frequency: { set value(v) { window.tones.push(v); }, get value() { return 0; } },
  });
  Context.prototype.createGain = () => ({
    ...node(),
    gain: { value: 1, setValueAtTime() {}, exponentialRampToValueAtTime() {} },
  });
}

const robotState = (page) => page.locator('.robot-line').getAttribute('data-robot');
const status = (page) => page.getByRole('status').textContent();

/** Waits until the robot shows exactly the page's board and is ready. */
async function inStep(page, timeout = 30000) {
  const end = Date.now() + timeout;
  let last;
  while (Date.now() < end) {
    const [sim, shown, state] = await Promise.all([simGrid(), pageGrid(page), robotState(page)]);
    last = { sim, shown, state };
    if (state === 'ready' && JSON.stringify(sim) === JSON.stringify(shown)) return shown;
    await page.waitForTimeout(100);
  }
  assert.fail(`the robot never matched the page: ${JSON.stringify(last)}`);
}

/** Waits for the visitor's turn (or the end), with the robot in step. */
async function visitorsTurn(page) {
  try {
    await page.waitForFunction((over) => {
      // Right after a navigation the app may not have drawn its status yet.
      const s = document.querySelector('[role=status]')?.textContent ?? '';
      return s.startsWith('Your turn') || new RegExp(over).test(s);
    }, OVER.source, { timeout: 60000, polling: 100 });
  } catch (e) {
    const line = await page.locator('.robot-line').textContent().catch(() => '');
    assert.fail(`the visitor's turn never came: "${await status(page)}", robot "${line}", sim ${JSON.stringify(await simGrid())}, page ${JSON.stringify(await pageGrid(page))}`);
  }
  return inStep(page);
}

/** The spectator screen of a game against the computer, on a phone (open
 * since the computer's last move): the board at least half the width, no
 * texts over each other, no control of a player's, the computer spoken
 * of in the third person. */
async function spectatorOnAPhone(screen) {
  await screen.locator('svg.tree g.node').first().waitFor({ timeout: 20000 });
  await screen.frames();
  const board = await screen.locator('.board').boundingBox();
  assert.ok(board.width >= 195, `the board is ${Math.round(board.width)} px wide at 390`);
  const m = await screen.evaluate(thinkingMeasures);
  const v = await screen.evaluate(valueMeasures);
  assert.deepEqual([m.overlaps, m.cut, v.overlaps, v.hidden], [[], [], [], []], 'no texts over each other on /watch at 390');
  const players = await screen.locator(':is(.still-there button, a.demo-call, .again, .review-game, .leave, .robot-again, .to-lobby, .play-on)').count();
  assert.equal(players, 0, 'no control of a player\'s on /watch');
  assert.deepEqual(await screen.evaluate(coveredButtons), []);
  const thoughts = await screen.locator('.thoughts ol').textContent();
  assert.doesNotMatch(thoughts, /\b(I|I'll|my|you)\b/, `the thoughts speak of the computer: ${thoughts}`);
  await screen.screenshot({ path: `${SHOTS}booth-watch-390x844.png` });
}

/** Every test of the booth, for one engine. */
function boothTests() {
const OPERATOR = 'operatortoken42';

test('a whole robot game from tap to coin, a jam that heals, a spectator who sees it all, and the operator\'s record of it after a restart', async (t) => {
  // The visitor is never idle for the bridge here (idle_free_s 40 by
  // default): a slow browser's checks between two moves must not free
  // the robot mid-game.
  const first = await ownBridge(t, `operator_token = "${OPERATOR}"\nidle_ask_s = 590\nidle_free_s = 600\n`);
  const player = await context(t, { viewport: { width: 1024, height: 768 } });
  await player.addInitScript(mockAudio);
  await player.addInitScript(recordStatus);
  const page = await player.newPage();
  await page.goto(base);
  // A page the bridge serves opens on the lobby.
  await lobby(page);
  const name = page.getByLabel('Your name');
  await name.fill('<b>x</b>');
  await page.getByRole('button', { name: 'Play on the robot' }).click();
  assert.match(await status(page), /3 to 15/, 'a bad name is refused on the page');
  await name.fill('Ada_1');
  await page.screenshot({ path: `${SHOTS}booth-lobby-1024x768.png` });
  await page.setViewportSize({ width: 800, height: 480 });
  await page.screenshot({ path: `${SHOTS}booth-lobby-800x480.png` });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByRole('button', { name: 'Play on the robot' }).click();
  // The first snapshot may come before the seats are taken.
  await page.locator('.robot-line .seats', { hasText: /Ada_1 \((yellow|red|blue|green)\) – Computer/ }).waitFor();

  const watcher = await context(t, { viewport: { width: 800, height: 480 } });
  await watcher.addInitScript(mockAudio);
  const screen = await watcher.newPage();
  await screen.goto(base + 'watch');
  await screen.locator('.robot-line').waitFor();
  const phoneScreen = await (await context(t, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
  await phoneScreen.goto(base + 'watch');
  // Staff follow the robot on the operator page.
  const staff = await context(t, { viewport: { width: 1024, height: 768 } });
  await staff.addInitScript(mockAudio);
  const operator = await staff.newPage();
  await operator.goto(`${base}operator?token=${OPERATOR}`);
  await operator.locator('#today', { hasText: /games? played/ }).waitFor();

  let moves = 0;
  let jammed = false;
  for (;;) {
    const grid = await visitorsTurn(page);
    if (OVER.test(await status(page))) break;
    if (moves === 1) {
      // Hints and the computer's expected line are off on the robot: the
      // button is greyed, a tap says why, and no ghost coins show.
      assert.equal(await page.locator('button.hint.unavailable').count(), 1, 'the hint is greyed on the robot');
      assert.equal(await page.locator('.cells .coin.ghost').count(), 0, 'no expected line on the robot');
      await page.locator('button.hint').click();
      await page.waitForFunction(() => window.said.some((s) => /No hints on the robot/.test(s)), null, { timeout: 5000, polling: 50 });
      // Nor can a coin the robot dropped be taken back: "Undo" is greyed,
      // announced as unavailable, and a tap says why.
      assert.equal(await page.locator('button.undo.unavailable[aria-disabled=true]').count(), 1, 'undo is unavailable on the robot');
      await page.locator('button.undo').click();
      await page.waitForFunction(() => window.said.some((s) => /cannot be taken back/.test(s)), null, { timeout: 5000, polling: 50 });
      // The computer's column values are words, not its evaluation's numbers.
      const values = await page.locator('.values .value').allTextContents();
      assert.ok(values.some((v) => v !== '') && values.every((v) => /^(wins|best|good|weaker|poor|loses|)$/.test(v)), `values in words: ${values}`);
    }
    if (moves === 3 && !jammed) {
      // The visitor's next coin jams in the robot.
      await fetch(base + 'sim/jam', { method: 'POST' });
    }
    const column = [3, 2, 4, 1, 5, 0, 6].find((c) => grid[c].length < 6);
    const before = grid.join('').length;
    if (moves === 0) {
      // A tap at once after a move, while it travels to the robot and the
      // computer answers, is refused in words that go once the visitor may
      // move again (checked by visitorsTurn). Both taps in one script: an
      // Easy computer and the simulated robot can be done before a slow
      // driver's second click (WebKit's, under load).
      const other = [3, 2, 4, 1, 5, 0, 6].find((c) => c !== column);
      await page.evaluate(([first, second]) => {
        const columns = document.querySelectorAll('button.column');
        columns[first].click();
        columns[second].click();
      }, [column, other]);
      await page.waitForFunction(() => window.said.some((s) => /computer's turn|still busy/.test(s)), null, { timeout: 5000, polling: 50 })
        .catch(async () => assert.fail(`the tap was not refused in words: ${JSON.stringify(await page.evaluate(() => window.said))}`));
    } else {
      await page.getByRole('button', { name: `Column ${column + 1}`, exact: true }).click();
    }
    // The coin shows once the bridge has taken the move.
    await page.waitForFunction((n) => document.querySelectorAll('.cells .coin:not(.ghost)').length > n, before, { timeout: 20000, polling: 100 });
    moves += 1;
    if (moves === 2) {
      // A game under way is counted as running, not as one played.
      await operator.locator('#today', { hasText: /^0 games played.*; 1 game on the robot now$/ }).waitFor();
      // Mid-game the level stays as chosen, and a setting that would end
      // the robot game asks first: declined, the game and the menu stay.
      await visitorsTurn(page);
      await page.getByRole('button', { name: 'Settings' }).click();
      assert.equal(await page.locator('#settings').getByLabel('Level').evaluate((el) => el.disabled), true, 'the level is fixed on the robot');
      page.once('dialog', (d) => d.dismiss());
      await page.locator('#settings').getByLabel('Board size').selectOption({ label: '8 × 7' });
      assert.equal(await page.locator('#settings').getByLabel('Board size').evaluate((el) => el.selectedOptions[0].textContent), '7 × 6', 'the menu shows the board in play');
      await page.locator('#settings .close').click();
      assert.equal(await page.locator('.cells [role=img]').count(), 42, 'the 7 x 6 board stays');
      assert.ok(await page.locator('.robot-line .seats', { hasText: 'Ada_1' }).count() > 0, 'still on the robot');
    }
    if (moves === 4 && !jammed) {
      await page.locator('.robot-line.alert').waitFor({ timeout: 20000 });
      assert.match(await page.locator('.robot-line').textContent(), /jammed|not answering/);
      // The operator page is told at once (pushed) and sounds its alert.
      await operator.locator('#robot.fault').waitFor({ timeout: 5000 });
      assert.match(await operator.locator('#robot').textContent(), /jammed|does not answer/);
      assert.deepEqual((await operator.evaluate(() => window.tones)).slice(0, 3), [330, 247, 185], 'the operator\'s alert sounded');
      await page.screenshot({ path: `${SHOTS}booth-jam-1024x768.png` });
      await screen.screenshot({ path: `${SHOTS}booth-jam-watch-800x480.png` });
      // In a fault every screen still shows all it needs.
      assert.deepEqual(await offScreen(page), [], 'the player\'s page in the jam');
      assert.deepEqual(await offScreen(screen), [], 'the spectator screen in the jam');
      await operator.screenshot({ path: `${SHOTS}booth-jam-operator-1024x768.png` });
      jammed = true;
    }
    if (moves === 2) {
      await spectatorOnAPhone(phoneScreen);
      await page.screenshot({ path: `${SHOTS}booth-game-1024x768.png` });
      await page.setViewportSize({ width: 800, height: 480 });
      await page.screenshot({ path: `${SHOTS}booth-game-800x480.png` });
      await page.setViewportSize({ width: 1024, height: 768 });
    }
  }
  assert.ok(jammed, 'the game lasted past the jam');
  const final = await inStep(page);
  assert.deepEqual((await page.locator('.values .value').allTextContents()).filter((v) => v !== ''), [], 'no values stay after the game');
  // The spectator saw the same game, and the computer's search tree.
  await screen.waitForFunction((want) => {
    const cells = document.querySelectorAll('.cells .coin:not(.ghost)').length;
    return cells === want;
  }, final.join('').length, { timeout: 20000, polling: 100 });
  assert.deepEqual(await pageGrid(screen), final, 'the spectator screen shows the robot\'s board');
  assert.ok(await screen.locator('.tree svg, svg.tree').count() > 0, 'the spectator sees the search tree');
  assert.deepEqual(await screen.evaluate(() => window.tones), [], 'the spectator screen is quiet by default');
  const tones = await page.evaluate(() => window.tones);
  assert.ok(tones.length >= final.join('').length, `a sound for every coin on the player's page: ${tones}`);
  await screen.screenshot({ path: `${SHOTS}booth-watch-800x480.png` });
  await screen.setViewportSize({ width: 1024, height: 768 });
  await screen.screenshot({ path: `${SHOTS}booth-watch-1024x768.png` });
  assert.deepEqual(await page.errors(), []);

  // The bridge stops and starts again on the same records: the finished
  // game is still on the operator page, and in its CSV export.
  const result = (await status(page)).match(/You won|computer won|Draw/)[0];
  await first.stop();
  await ownBridge(t, `operator_token = "${OPERATOR}"\n`, { records: first.records });
  await operator.goto(`${base}operator?token=${OPERATOR}`);
  const row = operator.locator('#games tr', { hasText: 'Ada_1' });
  await row.waitFor();
  const cells = await row.locator('td').allTextContents();
  // A win is said with the winner's name.
  const want = { 'You won': 'Ada_1 won', 'computer won': 'Computer won', Draw: 'draw' }[result];
  // The export names the winner's seat.
  const visitor = cells[1].startsWith('Ada_1') ? 'first' : 'second';
  const seat = { 'You won': visitor, 'computer won': visitor === 'first' ? 'second' : 'first', Draw: 'draw' }[result];
  assert.equal(cells[2], want, `the game's result survives: ${cells}`);
  assert.equal(cells[3], `${final.join('').length} moves`, `${cells}`);
  assert.match(cells[5], /\d+ faults?/, `the jam is in the record: ${cells}`);
  // The export is a download of a blob: keep the blob the page makes.
  await operator.evaluate(() => {
    const make = URL.createObjectURL;
    URL.createObjectURL = (blob) => { window.exported = blob; return make(blob); };
  });
  await operator.getByRole('button', { name: 'Export every game as CSV' }).click();
  await operator.waitForFunction(() => window.exported !== undefined);
  const csv = await operator.evaluate(() => window.exported.text());
  assert.match(csv, new RegExp(`,vs_computer,[^\\n]*Ada_1[^\\n]*,${seat},[1-9]`), csv);
  await operator.screenshot({ path: `${SHOTS}booth-operator-after-restart-1024x768.png` });
  // Staff open it on the booth's touchscreen or a phone too: nothing runs
  // off sideways, and the robot's state and actions are on the first screen.
  for (const [width, height] of [[1024, 768], [800, 480], [390, 844]]) {
    await operator.setViewportSize({ width, height });
    // A phone's size puts the page in the harness's frame, whose storage
    // is its own: the page opens there with the token as staff would.
    await operator.goto(`${base}operator?token=${OPERATOR}`);
    await operator.locator('#today', { hasText: /games? played/ }).waitFor();
    const fit = await operator.evaluate(() => {
      const buttons = [...document.querySelectorAll('[data-action]')].map((b) => b.getBoundingClientRect());
      return { wide: document.documentElement.scrollWidth - innerWidth, below: Math.max(...buttons.map((r) => r.bottom)) - innerHeight };
    });
    assert.ok(fit.wide <= 0, `the operator page scrolls sideways by ${fit.wide} px at ${width}x${height}`);
    assert.ok(fit.below <= 0, `the robot's actions end ${fit.below} px below the first screen at ${width}x${height}`);
  }
  await operator.screenshot({ path: `${SHOTS}booth-operator-phone.png` });
});

/** Waits until the page's status line reads `pattern`. */
async function says(page, pattern, timeout = 30000) {
  try {
    await page.waitForFunction((source) => new RegExp(source).test(document.querySelector('[role=status]')?.textContent ?? ''), pattern.source, { timeout, polling: 100 });
  } catch {
    assert.fail(`the page never said ${pattern}: "${await status(page)}"`);
  }
}

test('two people play each other on the robot: waiting, names, each result, again, and leaving', async (t) => {
  await ownBridge(t);
  const first = await context(t, { viewport: { width: 1920, height: 1080 } });
  await first.addInitScript(mockAudio);
  const a = await first.newPage();
  await a.goto(base);
  await lobby(a);
  // The spectator screen tells the present: no game yet.
  const watch = await first.newPage();
  await watch.goto(`${base}watch`);
  await says(watch, /No game on the robot right now/);
  await a.getByLabel('Your name').fill('Ada_5');
  await a.getByLabel('Opponent').selectOption('person');
  await a.getByRole('button', { name: 'Play on the robot' }).click();
  await says(a, /Waiting for an opponent/);
  await says(watch, /Ada_5 is waiting for an opponent on the robot\. Play against Ada_5\?/);
  // Ada sees how long the offer stands (two minutes by default).
  await says(a, /The offer stands for another [12]:\d\d\./);
  // Nobody to play against yet: a tap waits too.
  await a.getByRole('button', { name: 'Column 1', exact: true }).click();
  await says(a, /Waiting for an opponent/);
  assert.equal(await a.locator('.cells .coin:not(.ghost)').count(), 0);
  assert.equal(await a.locator('button.hint.unavailable').count(), 1, 'no hints between two people');

  const second = await context(t, { viewport: { width: 800, height: 480 } });
  const b = await second.newPage();
  await b.goto(base);
  await lobby(b);
  // The next visitor is offered Ada first, in place of the computer; the
  // robot's own "ready" would say what is not so.
  await b.locator('#robot .offer', { hasText: 'Ada_5 is waiting for an opponent on the robot. Play against Ada_5?' }).waitFor();
  assert.equal(await b.locator('#robot .lobby-robot').count(), 0, 'no "the robot is ready" over the offer');
  assert.equal(await b.locator('#robot .play-robot').count(), 0, 'no button the robot would refuse');
  await b.screenshot({ path: `${SHOTS}booth-lobby-join-800x480.png` });
  await b.setViewportSize({ width: 1920, height: 1080 });
  await b.screenshot({ path: `${SHOTS}booth-lobby-join-1920x1080.png` });
  await b.setViewportSize({ width: 800, height: 480 });
  // Ada's name is taken on the booth.
  await b.getByLabel('Your name').fill('Ada_5');
  await b.getByRole('button', { name: 'Play against Ada_5' }).click();
  await b.locator('#robot.open .lobby-message', { hasText: 'already has this name' }).waitFor();
  await b.getByLabel('Your name').fill('Bob_5');
  await b.getByRole('button', { name: 'Play against Ada_5' }).click();

  await says(a, /Your turn, Ada_5/);
  await says(b, /Next to move: Ada_5/);
  // Bob taps on Ada's turn: it is not his turn, not the computer's.
  await b.getByRole('button', { name: 'Column 2', exact: true }).click();
  await says(b, /Wait, it is not your turn yet\./);
  await a.locator('.robot-line .seats', { hasText: /Ada_5 \(\w+\) – Bob_5 \(\w+\)/ }).waitFor();
  await b.locator('.robot-line .seats', { hasText: /Ada_5 \(\w+\) – Bob_5 \(\w+\)/ }).waitFor();
  // Ada drops four into column 1, Bob into column 2.
  for (let turn = 0; turn < 7; turn++) {
    const [page, name, column] = turn % 2 === 0 ? [a, 'Ada_5', 1] : [b, 'Bob_5', 2];
    await says(page, new RegExp(`Your turn, ${name}`));
    await inStep(page);
    await page.getByRole('button', { name: `Column ${column}`, exact: true }).click();
    await page.waitForFunction((n) => document.querySelectorAll('.cells .coin:not(.ghost)').length > n, turn, { timeout: 20000, polling: 100 });
    if (turn === 4) {
      await b.screenshot({ path: `${SHOTS}booth-two-people-800x480.png` });
      await a.screenshot({ path: `${SHOTS}booth-two-people-1920x1080.png` });
      // The spectator screen of a game between two people has no thinking
      // to show: the board takes the middle of a large screen.
      await watch.setViewportSize({ width: 1920, height: 1080 });
      const board = await watch.locator('.board').boundingBox();
      assert.ok(board.width > 1920 * 0.45 && Math.abs(board.x + board.width / 2 - 960) < 60,
        `the board on /watch at 1920 is ${Math.round(board.width)} px wide from x ${Math.round(board.x)}`);
      await watch.screenshot({ path: `${SHOTS}booth-two-people-watch-1920x1080.png` });
    }
  }
  await says(a, /You won against Bob_5!/);
  await says(b, /Ada_5 won\. You lost\./);
  assert.match(await a.locator('.after-game .countdown').textContent(), /Back to the lobby in \d+ s/);
  // The end-of-game bar leaves the board whole, on the booth's screen too.
  assert.deepEqual(await offScreen(b), [], 'the end of the game at 800x480');
  assert.deepEqual(await offScreen(a), [], 'the end of the game at 1920x1080');
  await b.screenshot({ path: `${SHOTS}booth-game-over-800x480.png` });
  const tones = await a.evaluate(() => window.tones);
  assert.ok(tones.includes(1046.5), `the win's fanfare played: ${tones}`);

  // Both want another game: Bob opens it.
  await b.locator('.after-game .robot-again').click();
  await a.locator('.after-game .asked-again', { hasText: 'Bob_5 wants to play again' }).waitFor();
  await a.locator('.after-game .robot-again').click();
  await says(b, /Your turn, Bob_5/);
  await says(a, /Next to move: Bob_5/);

  // Bob's page closes: Ada (and the spectator screen) are told at once
  // that the game waits for him, and how long; he comes back.
  await b.goto('about:blank');
  await says(a, /Bob_5’s page closed: the game waits \d+ s more\./, 8000);
  await says(watch, /Bob_5’s page closed/, 8000);
  await b.goto(base);
  await says(b, /Your turn, Bob_5/);
  await says(a, /Next to move: Bob_5/);

  // Leaving asks first; the other person is told and goes back to the lobby.
  await b.locator('.robot-line .leave').click();
  await b.getByRole('button', { name: 'Stay' }).click();
  await says(b, /Your turn, Bob_5/);
  await b.locator('.robot-line .leave').click();
  await b.getByRole('button', { name: 'Leave', exact: true }).click();
  await lobby(a);
  await a.locator('#robot .lobby-message', { hasText: 'Bob_5 left the game' }).waitFor();
  // The spectator screen says what happened, then, seconds later, what
  // happens now.
  await says(watch, /Bob_5 left the game/);
  await says(watch, /No game on the robot right now/, 15000);
  // The lobby offers what it will start: Ada's last choice (a person) as
  // the menu shows it; the computer brings its level menu and a game
  // against it.
  assert.equal(await a.locator('#robot select.robot-opponent').evaluate((e) => e.value), 'person');
  assert.equal(await a.locator('#robot select.robot-level').count(), 0);
  await a.getByLabel('Opponent').selectOption('computer');
  await a.locator('#robot select.robot-level').waitFor();
  await a.getByRole('button', { name: 'Play on the robot' }).click();
  await says(a, /Your turn \(|The computer is thinking/);
  assert.doesNotMatch(await status(a), /Waiting for an opponent/);
  assert.deepEqual([...await a.errors(), ...await b.errors()], []);
});

test('a booth page opened while its bridge is down finds the robot once the bridge is back', async (t) => {
  const first = await ownBridge(t);
  const kiosk = await context(t, { viewport: { width: 800, height: 480 } });
  const page = await kiosk.newPage();
  await page.goto(base);
  await lobby(page);
  await cachedForOffline(page);
  // The booth's computer restarts: its browser opens the page from the
  // cache before the bridge is up, and plays on the device meanwhile.
  await first.stop();
  await page.goto(base);
  await page.getByRole('button', { name: 'Column 4', exact: true }).click();
  await page.waitForFunction(() => document.querySelectorAll('.cells .coin:not(.ghost)').length > 0, null, { timeout: 20000, polling: 100 });
  assert.equal(await page.locator('#robot.open').count(), 0, 'no lobby without a bridge');
  await ownBridge(t, '', { records: first.records, config: first.config, port: first.port });
  // The page keeps knocking, and the robot's lobby opens by itself.
  await page.locator('#robot.open').waitFor({ timeout: 20000 });
  await page.getByRole('button', { name: 'Play on the robot' }).waitFor();
  await page.screenshot({ path: `${SHOTS}booth-bridge-back-800x480.png` });
  assert.deepEqual(await page.errors(), []);
});

test('an offer nobody takes runs out: the waiting person and the spectator screen are told, then see the present', async (t) => {
  await ownBridge(t, 'offer_s = 15\n');
  const first = await context(t, { viewport: { width: 390, height: 844 } });
  const a = await first.newPage();
  await a.goto(base);
  await lobby(a);
  await a.getByLabel('Your name').fill('Ada_7');
  await a.getByLabel('Opponent').selectOption('person');
  await a.getByRole('button', { name: 'Play on the robot' }).click();
  await says(a, /The offer stands for another 0:1\d\./);
  const screen = await context(t, { viewport: { width: 800, height: 480 } });
  const watch = await screen.newPage();
  await watch.goto(`${base}watch`);
  await says(watch, /Ada_7 is waiting for an opponent/);
  // The offer runs out: both are told, the spectator screen only for the
  // moment it names.
  await says(watch, /Nobody took up the challenge in time/, 25000);
  await a.locator('#robot .lobby-message', { hasText: 'Nobody took up the challenge in time' }).waitFor({ timeout: 10000 });
  await says(watch, /No game on the robot right now/, 15000);
  // In Ada's lobby the notice stays until she chooses.
  assert.match(await a.locator('#robot .lobby-message').textContent(), /Nobody took up the challenge/);
  assert.deepEqual([...await a.errors(), ...await watch.errors()], []);
});

test('a second visitor finds the robot busy, gets in line or watches, and is first once it is free', async (t) => {
  await ownBridge(t);
  const first = await context(t);
  const a = await first.newPage();
  await a.goto(base);
  await lobby(a);
  await a.getByLabel('Your name').fill('Bea_2');
  await a.getByRole('button', { name: 'Play on the robot' }).click();
  await a.locator('.robot-line').waitFor();

  const second = await context(t);
  const b = await second.newPage();
  await b.goto(base);
  await lobby(b);
  await b.getByText('The robot is busy with another game').waitFor();
  assert.equal(await b.getByRole('link', { name: 'Watch' }).count(), 1);
  assert.equal(await b.locator('#robot .lobby-robot').count(), 0, 'no "the robot is ready" over "busy"');
  // The booth's rule on time, before anyone plays.
  assert.match(await b.locator('#robot .lobby-turn-limit').textContent(), /A move at least every 120 s, or the game ends/);
  await b.getByLabel('Your name').fill('Cem_3');
  await b.getByRole('button', { name: 'Get in line' }).click();
  await b.locator('#robot .line', { hasText: 'You are next in line for the robot.' }).waitFor();
  assert.ok(await b.getByRole('button', { name: 'Get in line' }).evaluate((x) => x.disabled), 'once in line, not twice');
  // Anyone watching sees the rule and the line.
  const watch = await first.newPage();
  await watch.goto(`${base}watch`);
  await watch.locator('.booth-rules', { hasText: 'One visitor is waiting in line.' }).waitFor();

  // Leaving (once confirmed) frees the robot for the next visitor, who is
  // told it is theirs.
  await a.locator('.robot-line .leave').click();
  await a.getByRole('button', { name: 'Leave', exact: true }).click();
  await b.getByText('The robot is busy with another game').waitFor({ state: 'detached' });
  await b.locator('#robot .line', { hasText: 'The robot is free for you' }).waitFor();
  await b.getByRole('button', { name: 'Play on the robot' }).click();
  await b.locator('.robot-line .seats', { hasText: 'Cem_3' }).waitFor();
  assert.deepEqual([...await a.errors(), ...await b.errors(), ...await watch.errors()], []);
});

test('the booth\'s screen shows its join QR code, a phone joins with it, and a quiet player is asked, counted down and freed', async (t) => {
  // Only 127.0.0.1 is the booth's own screen: a browser sent to 127.0.0.2
  // is a phone on the Wi-Fi, which needs the code to play.
  const bridge = await ownBridge(t, 'idle_ask_s = 3\nidle_free_s = 9\n', { args: ['--lan', '--own-screens', 'localhost'] });
  const onWifi = (address) => address.replace(/^http:\/\/[\d.]+:\d+/, `http://127.0.0.2:${bridge.port}`);
  const booth = await context(t, { viewport: { width: 800, height: 480 } });
  const screen = await booth.newPage();
  await screen.goto(base);
  await lobby(screen);
  const qr = screen.locator('#robot figure.join img');
  await qr.waitFor();
  // The code is an image the bridge serves: wait for it to load (a busy
  // machine may take a moment), then it must have decoded to a picture.
  await screen.waitForFunction(() => document.querySelector('#robot figure.join img')?.complete, null, { timeout: 10000 });
  assert.ok(await qr.evaluate((img) => img.naturalWidth > 0), 'the QR code is drawn');
  const join = (await screen.locator('#robot figure.join code').textContent()).trim();
  assert.match(join, /^http:\/\/[\d.]+:\d+\/\?token=[0-9a-f]{24}$/);
  assert.ok(!join.startsWith('http://127.'), `a phone can reach ${join}`);
  // On the booth's 800x480 touchscreen the code is seen whole, beside the form.
  const box = await qr.boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= 480 && box.x + box.width <= 800, `the QR code fits the screen: ${JSON.stringify(box)}`);
  const play = await screen.getByRole('button', { name: 'Play on the robot' }).boundingBox();
  assert.ok(play.y + play.height <= 480, `and so does "Play on the robot": ${JSON.stringify(play)}`);
  await screen.screenshot({ path: `${SHOTS}booth-lobby-qr-800x480.png` });

  // A phone on the LAN opens that address and plays; it is no booth screen.
  const phone = await context(t, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await phone.addInitScript(recordStatus);
  const hand = await phone.newPage();
  await hand.goto(onWifi(join));
  await lobby(hand);
  assert.equal(await hand.locator('#robot figure.join').count(), 0, 'the QR code is only on the booth\'s screens');
  await hand.getByLabel('Your name').fill('Phil_3');
  await hand.getByRole('button', { name: 'Play on the robot' }).click();
  await hand.locator('.robot-line .seats', { hasText: 'Phil_3' }).waitFor();
  await visitorsTurn(hand);
  // Phil plays, the booth's computer answers; then the phone reloads mid-game
  // with the token gone from its address bar, and Phil keeps his seat.
  await hand.getByRole('button', { name: 'Column 4', exact: true }).click();
  await hand.waitForFunction(() => document.querySelectorAll('.cells .coin:not(.ghost)').length >= 2, null, { timeout: 20000, polling: 100 });
  await visitorsTurn(hand);
  assert.ok(!(await hand.url()).includes('token='), `the token left the address bar: ${await hand.url()}`);
  await hand.reload();
  await hand.locator('.robot-line .seats', { hasText: 'Phil_3' }).waitFor();
  await visitorsTurn(hand);
  assert.equal(await hand.locator('.cells .coin:not(.ghost)').count(), 2, 'the game survived the reload');
  assert.equal(await hand.locator('#robot.open').count(), 0, 'the game shows, not the lobby');

  // Phil does not move: asked after 3 s, the seconds count down, then the
  // game ends and the robot is free again.
  const left = async () => Number((await hand.locator('.still-there .countdown').textContent()).match(/(\d+) s/)[1]);
  await hand.locator('.still-there').waitFor({ timeout: 10000 });
  const first = await left();
  assert.ok(first >= 1 && first <= 6, `the game ends in ${first} s`);
  await hand.waitForTimeout(2100);
  const later = await left();
  assert.ok(later <= first - 1, `the countdown runs: ${first} s, then ${later} s`);
  await hand.screenshot({ path: `${SHOTS}booth-still-there-phone.png` });
  assert.deepEqual(await offScreen(hand), [], 'the question on the phone');
  // The spectator screen of a booth on the LAN shows the join code and
  // the robot's line without pushing anything off the screen.
  const watching = await context(t, { viewport: { width: 1920, height: 1080 } });
  const watch = await watching.newPage();
  await watch.goto(base + 'watch');
  await watch.locator('.join img').waitFor();
  await fitsAt(watch, [[1920, 1080], [800, 480], [1024, 768], [768, 1024]], 'the spectator screen with --lan');
  await watch.screenshot({ path: `${SHOTS}booth-watch-lan-768x1024.png` });
  await hand.locator('#robot .lobby-message', { hasText: 'nobody moved for a while' }).waitFor({ timeout: 15000 });
  await screen.locator('#robot .play-robot:not([disabled])').waitFor();  // A device that opened the booth's address without its code can only
  // watch (the robot is free now), and its lobby says so instead of
  // offering a button that fails.
  const stranger = await (await context(t, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
  await stranger.goto(onWifi(join).replace(/\?token=.*$/, ''));
  await lobby(stranger);
  await stranger.locator('#robot :is(.busy, .lobby-message)', { hasText: 'needs the booth\'s code' }).waitFor();
  assert.ok(await stranger.locator('#robot .play-robot').evaluate((b) => b.disabled), '"Play on the robot" is greyed out without the code');
  await stranger.screenshot({ path: `${SHOTS}booth-lobby-no-code-phone.png` });
});

test('a quiet booth plays a demo with no page open, shown on the spectator screen, and a visitor stops it', async () => {
  // A second bridge whose demo starts after 5 s without a game.
  const { process: demoBridge, url } = await startBridge('demo_after_s = 5\n');
  try {
    // No page is open: the bridge finds the demo's moves itself.
    const started = Date.now() + 40000;
    let coins = 0;
    while (coins < 2 && Date.now() < started) {
      coins = (await (await fetch(url + 'sim/grid')).json()).columns.join('').length;
      await new Promise((ok) => setTimeout(ok, 200));
    }
    assert.ok(coins >= 2, `the robot played the demo with no page open (${coins} coins)`);
    const screenContext = await browser.newContext({ viewport: { width: 800, height: 480 } });
    const screen = await screenContext.newPage();
    await screen.goto(url + 'watch');
    // The demo's coins arrive on the spectator screen, with its search trees.
    await screen.waitForFunction((n) => document.querySelectorAll('.cells .coin:not(.ghost)').length > n, coins, { timeout: 40000, polling: 200 });
    // Who plays which colour, in words a visitor reads from afar.
    assert.match(await screen.locator('.robot-line .seats').textContent(), /Computer \(Hard, (yellow|red)\) – Computer \(Medium, (yellow|red)\)/);
    await screen.locator('.tree svg, svg.tree').first().waitFor({ timeout: 20000 });
    // Under the tree, a caption says what it shows, and it changes with
    // the search: each of the computer's moves has its own.
    await screen.evaluate(() => {
      window.captions = [];
      const seen = () => {
        const text = document.querySelector('.thoughts .caption')?.textContent;
        if (text && window.captions.at(-1) !== text) window.captions.push(text);
      };
      seen();
      new MutationObserver(seen).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await screen.waitForFunction(() => window.captions.length >= 3, null, { timeout: 40000, polling: 200 });
    const captions = await screen.evaluate(() => window.captions);
    assert.ok(captions.every((c) => /positions|column|four in a row|draw/.test(c)), captions.join('\n'));
    assert.ok(captions.some((c) => /looked at [\d,]+ positions and chose column \d|thinking \d+ moves ahead|blocks it|certain win|perfect opponent/.test(c)), captions.join('\n'));
    const caption = await screen.locator('.thoughts .caption').boundingBox();
    assert.ok(caption && caption.height > 0, 'the caption is on the screen');
    await screen.screenshot({ path: `${SHOTS}booth-demo-800x480.png` });
    await screen.setViewportSize({ width: 1920, height: 1080 });
    await screen.screenshot({ path: `${SHOTS}booth-demo-1920x1080.png` });
    await fitsAt(screen, [[1920, 1080], [800, 480], [1024, 768], [768, 1024]], 'the demo on the spectator screen');
    await screen.screenshot({ path: `${SHOTS}booth-demo-768x1024.png` });
    // The spectator screen says what happens now: the demo, by its players.
    assert.match(await status(screen), /Next to move: Computer \((Hard|Medium), (yellow|red)\)|won|Draw/);
    // On a phone or a tablet (a LAN phone's /watch), the tree as readable
    // as on a player's page.
    for (const [width, height] of [[390, 844], [768, 1024]]) {
      await screen.setViewportSize({ width, height });
      await screen.locator('svg.tree g.node').first().waitFor({ timeout: 20000 });
      await screen.frames();
      await screen.screenshot({ path: `${SHOTS}booth-watch-demo-${width}x${height}.png` });
      // The board takes 30 % of the height first, the tree most of the rest.
      assert.deepEqual(await thinkingProblems(screen, 3000, { minHeight: 0.28 }), [], `the demo's tree on /watch at ${width}x${height}`);
      const board = await screen.locator('.board').boundingBox();
      assert.ok(board.width >= width / 2, `the board is ${Math.round(board.width)} px wide at ${width}`);
      assert.equal(await screen.locator('a.demo-call').count(), 0, 'the demo\'s banner is no link to a player\'s page');
    }

    // A visitor starts a game: the demo stops and the robot clears.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(url);
    await lobby(visitor);
    await visitor.getByLabel('Your name').fill('Cem_3');
    await visitor.getByRole('button', { name: 'Play on the robot' }).click();
    await screen.waitForFunction(() => document.querySelector('.robot-line .seats').textContent.includes('Cem_3'), null, { timeout: 20000, polling: 200 });
    const end = Date.now() + 20000;
    let grid;
    while (Date.now() < end) {
      grid = (await (await fetch(url + 'sim/grid')).json()).columns;
      if (grid.join('') === '') break;
      await new Promise((ok) => setTimeout(ok, 100));
    }
    assert.equal(grid.join(''), '', 'the robot cleared the demo for the visitor');
    await visitorContext.close();
    await screenContext.close();
  } finally {
    demoBridge.kill();
  }
});

test('a German booth\'s operator page asks before ending a game, and changes a level and an idle time that the lobby offers at once and bridge.toml keeps', async (t) => {
  const first = await ownBridge(t, `language = "de"\noperator_token = "${OPERATOR}"\nlevels = ["easy", "hard"]\n`);
  const staff = await context(t, { viewport: { width: 800, height: 480 } });
  const operator = await staff.newPage();
  // Without the token the page asks for it, and opens once it is typed.
  await operator.goto(`${base}operator`);
  await operator.locator('#sign-in:not([hidden])').waitFor();
  await operator.locator('#sign-in input[name=token]').fill(OPERATOR);
  await operator.locator('#sign-in button').click();
  await operator.locator('#events', { hasText: 'Keine, seit die Bridge läuft.' }).waitFor();
  assert.ok(await operator.locator('#sign-in').evaluate((f) => f.hidden));
  // From the address the bridge prints, the token leaves the address bar
  // at once and the tab keeps it across a reload.
  await operator.goto(`${base}operator?token=${OPERATOR}`);
  await operator.locator('html[lang="de"]').waitFor();
  await operator.locator('h1', { hasText: 'Betreuung der Station' }).waitFor();
  await operator.locator('#events', { hasText: 'Keine, seit die Bridge läuft.' }).waitFor();
  assert.doesNotMatch(await operator.url(), /token/, 'the token left the address bar');
  await operator.reload();
  await operator.locator('#events', { hasText: 'Keine, seit die Bridge läuft.' }).waitFor();
  // On the booth's own computer, no warning about plain HTTP.
  assert.ok(await operator.locator('#plain-http').evaluate((p) => p.hidden));
  // The booth's own screen, with a visitor playing the computer.
  const screen = await (await context(t, { viewport: { width: 800, height: 480 } })).newPage();
  await screen.goto(base);
  await lobby(screen);
  const offered = () => screen.locator('#robot').getByLabel('Stufe').locator('option').allTextContents();
  assert.deepEqual(await offered(), ['Leicht', 'Schwer']);
  // A second lobby on the booth's computer stays open, never reloaded.
  const tablet = await (await context(t, { viewport: { width: 1024, height: 768 } })).newPage();
  await tablet.goto(base);
  await lobby(tablet);
  await screen.locator('#robot').getByLabel('Dein Name').fill('Dora_6');
  await screen.getByRole('button', { name: 'Auf dem Roboter spielen' }).click();
  await operator.locator('#game', { hasText: 'Dora_6' }).waitFor();
  assert.match(await operator.locator('#robot').textContent(), /Stein(e)? gesetzt/);
  assert.doesNotMatch(await operator.locator('#robot').textContent(), /holt auf/, 'normal play is not "catching up"');
  // The page speaks German throughout: the robot's log too (the protocol's
  // own words stay).
  await operator.locator('#log', { hasText: /CLEAR: fertig in \d+ ms/ }).waitFor();
  assert.doesNotMatch(await operator.locator('#log').textContent(), /done in|robot ready|opened/, 'no English in the log');
  // An empty tuning field shows the level's own value; a random demo
  // player has no style.
  assert.equal(await operator.getByLabel('Leicht: Tiefe').evaluate((i) => i.placeholder), '2');
  assert.equal(await operator.getByLabel('Leicht: % schwache Züge').evaluate((i) => i.placeholder), '33');
  const demoPlayers = await operator.locator('select[name=demo_first] option').allTextContents();
  assert.ok(demoPlayers.includes('Zufällig') && !demoPlayers.some((p) => p.startsWith('Zufällig,')), `${demoPlayers}`);

  // Ending the game asks first; "Abbrechen" leaves it on.
  await operator.getByRole('button', { name: 'Laufendes Spiel beenden' }).click();
  await operator.locator('#confirm', { hasText: 'Das Spiel von Dora_6' }).waitFor();
  await operator.screenshot({ path: `${SHOTS}booth-operator-confirm-800x480.png` });
  await operator.getByRole('button', { name: 'Abbrechen' }).click();
  await operator.waitForTimeout(300);
  assert.match(await operator.locator('#game').textContent(), /Dora_6/, 'still on after "Abbrechen"');
  await operator.getByRole('button', { name: 'Laufendes Spiel beenden' }).click();
  await operator.getByRole('button', { name: 'Ja, Spiel beenden' }).click();
  await operator.locator('#game', { hasText: 'Kein Spiel auf dem Roboter.' }).waitFor();
  await screen.waitForFunction(() => document.body.textContent.includes('Das Team hat das Spiel beendet.'), null, { timeout: 10000, polling: 100 });

  // A value the booth cannot take is explained, and nothing changes.
  const form = operator.locator('#settings-form');
  await form.locator('input[name=idle_ask_s]').fill('90');
  await operator.getByRole('button', { name: 'Speichern und anwenden' }).click();
  await operator.locator('#settings-result.fault', { hasText: 'idle_ask_s = 90' }).waitFor();
  // Medium offered too, "still there?" after 25 s.
  await form.locator('input[name=level][value=medium]').check();
  await form.locator('input[name=idle_ask_s]').fill('25');
  await operator.getByRole('button', { name: 'Speichern und anwenden' }).click();
  await operator.locator('#settings-result.ok', { hasText: 'Gespeichert in' }).waitFor();
  await operator.screenshot({ path: `${SHOTS}booth-operator-saved-800x480.png` });
  await operator.setViewportSize({ width: 1920, height: 1080 });
  await operator.screenshot({ path: `${SHOTS}booth-operator-saved-1920x1080.png` });
  // A lobby that stood open all along offers the new level at once.
  await tablet.waitForFunction(() => [...document.querySelectorAll('#robot select option')].some((o) => o.textContent === 'Mittel'), null, { timeout: 10000, polling: 100 });
  assert.deepEqual(await tablet.locator('#robot').getByLabel('Stufe').locator('option').allTextContents(), ['Leicht', 'Mittel', 'Schwer']);

  // The next start reads the change from the file.
  await first.stop();
  const text = await readFile(first.config, 'utf8');
  assert.match(text, /^idle_ask_s = 25$/m, text);
  assert.match(text, /^levels = \["easy", "medium", "hard"\]$/m, text);
  await ownBridge(t, '', { records: first.records, config: first.config });
  await operator.goto(`${base}operator?token=${OPERATOR}`);
  await operator.locator('#settings-form input[name=level][value=medium]:checked').waitFor();
  assert.equal(await operator.locator('input[name=idle_ask_s]').evaluate((i) => i.value), '25');

  // Set to French, the operator page follows at once, in its own words.
  await operator.setViewportSize({ width: 800, height: 480 });
  await operator.locator('#settings-form select[name=language]').selectOption('fr');
  await operator.getByRole('button', { name: 'Speichern und anwenden' }).click();
  await operator.locator('h1', { hasText: 'Équipe du stand' }).waitFor();
  await operator.locator('html[lang="fr"]').waitFor();
  await operator.locator('#today', { hasText: /partie jouée|parties jouées/ }).waitFor();
  await operator.locator('#settings-result.ok', { hasText: 'Enregistré dans' }).waitFor();
  await operator.getByRole('button', { name: 'Terminer la partie en cours' }).waitFor();
  await operator.evaluate(() => window.scrollTo(0, 0));
  await operator.screenshot({ path: `${SHOTS}booth-operator-french-800x480.png` });
});

test('the booth\'s own screen speaks the booth\'s language and offers the booth\'s levels, as the booth tuned them', async (t) => {
  // The booth's "hard" looks 3 moves ahead instead of 8.
  await ownBridge(t, 'language = "de"\nlevels = ["easy", "hard:aggressive"]\n[tuning.hard]\ndepth = 3\nrandom_moves = 0\n');
  // An English browser on the booth's computer: the booth says German.
  const german = await context(t, { locale: 'en-US', viewport: { width: 800, height: 480 } });
  const page = await german.newPage();
  await page.goto(base);
  await page.locator('html[lang="de"]').waitFor();
  await lobby(page);
  const panel = page.locator('#robot');
  const levels = await panel.getByLabel('Stufe').locator('option').allTextContents();
  assert.deepEqual(levels, ['Leicht', 'Schwer (aggressiv)']);
  await panel.getByLabel('Stufe').selectOption({ label: 'Schwer (aggressiv)' });
  await panel.getByLabel('Dein Name').fill('Dora_4');
  await page.getByRole('button', { name: 'Auf dem Roboter spielen' }).click();
  await page.locator('.robot-line').waitFor();
  // The computer of this robot game plays at the level chosen, as the
  // settings show.
  await page.getByRole('button', { name: 'Einstellungen' }).click();
  const settings = page.locator('#settings');
  assert.equal(await settings.getByLabel('Stufe').locator('option:checked').textContent(), 'Schwer');
  assert.equal(await settings.getByLabel('Stil').locator('option:checked').textContent(), 'aggressiv');
  await settings.locator('.close').click();
  await page.screenshot({ path: `${SHOTS}booth-lobby-de-800x480.png` });
  // The computer searches to the booth's depth: the visitor moves first
  // when the coin says so, then the thoughts name the computer's depth.
  await page.waitForFunction(() => /^Du bist am Zug|Computer/.test(document.querySelector('[role=status]')?.textContent ?? ''), null, { timeout: 20000, polling: 100 });
  if ((await status(page)).startsWith('Du bist am Zug')) {
    await inStep(page);
    await page.getByRole('button', { name: 'Spalte 4', exact: true }).click();
  }
  // Below 900 px the thinking is one tap away, and built at that tap.
  await page.getByRole('button', { name: 'Gedanken' }).click();
  await page.locator('.thoughts', { hasText: /\(Tiefe \d+,/ }).waitFor({ timeout: 30000 });
  const searched = await page.locator('.thoughts').textContent();
  assert.match(searched, /\(Tiefe 3,/, `the booth's depth for hard: ${searched}`);
});

  test('a visitor takes the robot game home by its QR code, the spectator screen lists the win in the hall of fame under a ticked name only, the staff hide it, and the day\'s plots count the games', async (t) => {
    // A computer that plays at random: the visitor wins. No demo starts
    // while a slow browser looks at the first game (it would take the
    // spectator screen's code away).
    await ownBridge(t, `operator_token = "${OPERATOR}"\ntake_home_names = true\ndemo_after_s = 600\nlevels = ["easy"]\n[tuning.easy]\ndepth = 1\nrandom_moves = 1\n`);
    const watcher = await context(t, { viewport: { width: 800, height: 480 } });
    const screen = await watcher.newPage();
    await screen.goto(base + 'watch');
    const staff = await context(t, { viewport: { width: 800, height: 480 } });
    const operator = await staff.newPage();
    await operator.goto(`${base}operator?token=${OPERATOR}`);

    const wins = [];
    for (const [name, tick] of [['Ada_7', true], ['Bea_8', false]]) {
      const player = await context(t, { viewport: { width: 800, height: 480 } });
      const page = await player.newPage();
      await page.goto(base);
      await lobby(page);
      await page.getByLabel('Your name').fill(name);
      if (tick) await page.getByLabel('Show my name on the booth\'s screen').check();
      await page.getByRole('button', { name: 'Play on the robot' }).click();
      await page.locator('.robot-line .seats', { hasText: name }).waitFor();
      for (;;) {
        const grid = await visitorsTurn(page);
        if (OVER.test(await status(page))) break;
        const column = winOrBlock(grid);
        const before = grid.join('').length;
        await page.getByRole('button', { name: `Column ${column + 1}`, exact: true }).click();
        await page.waitForFunction((n) => document.querySelectorAll('.cells .coin:not(.ghost)').length > n, before, { timeout: 20000, polling: 100 });
      }
      assert.match(await status(page), /You won/, `${name} beat the random computer`);
      const grid = await inStep(page);
      wins.push({ name, tick, coins: grid.join('').length });
      if (tick) {
        // The spectator screen offers the game's code for the person who
        // just played, while the robot waits for the next game (an offer to
        // play again runs out, and the code with it).
        await screen.locator('.hall-of-fame .take-home svg.qr').waitFor();
        // The robot's screen shows the game's code; a real decoder reads it
        // from the screenshot, and a phone opens the game and its review.
        await page.locator('.after-game svg.qr').waitFor();
        const shot = `${SHOTS}booth-take-home-800x480.png`;
        let link = '';
        for (let look = 0; look < 10 && !link; look += 1) {
          if (look > 0) await page.waitForTimeout(300);
          await page.screenshot({ path: shot });
          link = execFileSync('python3', [DECODE_QR, shot], { encoding: 'utf8' }).trim();
        }
        assert.match(link, new RegExp(`^${base}\\?game=\\d+&level=easy&you=1&end=1&names=Ada_7\\.Computer$`), 'the link names the ticked visitor');
        const phone = await context(t, { viewport: { width: 390, height: 844 } });
        const review = await phone.newPage();
        await review.goto(link);
        await review.locator('.review li').first().waitFor({ timeout: 30000 });
        assert.deepEqual(await pageGrid(review), grid, 'the same coins on the phone');
        assert.equal(await review.locator('.review li').count(), grid.join('').length, 'every move reviewed');
      } else {
        const link = await page.locator('.after-game .take-home-link').textContent();
        assert.match(link, /\?game=\d+&level=easy&you=1&end=1$/, 'no name travels unticked');
      }
      await player.close();
    }
    // The hall of fame on the spectator screen: Ada by name, Bea as a visitor.
    const entries = screen.locator('.hall-of-fame li');
    await screen.waitForFunction(() => document.querySelectorAll('.hall-of-fame li').length === 2, null, { timeout: 20000, polling: 100 });
    const texts = await entries.allTextContents();
    const moves = (w) => Math.ceil(w.coins / 2);
    for (const w of wins) {
      const who = w.tick ? w.name : 'A visitor';
      assert.ok(texts.some((e) => e.startsWith(`${who} beat Easy in ${moves(w)} moves`)), `${who} in ${JSON.stringify(texts)}`);
    }
    assert.ok(!texts.join(' ').includes('Bea_8'), 'an unticked name is not shown');
    const size = await screen.locator('.hall-of-fame li').first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    assert.ok(size >= 20, `entries in ${size} px letters, read from across the booth`);
    await screen.screenshot({ path: `${SHOTS}booth-fame-800x480.png` });
    // On a phone the list stands under the board, whole and as large.
    const phone = await (await context(t, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
    await phone.goto(base + 'watch');
    await phone.waitForFunction(() => document.querySelectorAll('.hall-of-fame li').length === 2, null, { timeout: 20000, polling: 100 });
    const placed = await phone.evaluate(() => [...document.querySelectorAll('.hall-of-fame li')].map((li) => {
      const r = li.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, right: r.right, size: parseFloat(getComputedStyle(li).fontSize) };
    }));
    assert.ok(placed.every((p) => p.bottom <= 844 && p.right <= 390 && p.size >= 18), `the list fits a phone: ${JSON.stringify(placed)}`);
    assert.doesNotMatch(await phone.locator('.board-area').textContent(), /\d{4,} s/, 'a page just opened counts down from now, not from 1970');
    await phone.screenshot({ path: `${SHOTS}booth-fame-390x844.png` });

    // The staff see the same list, hide Ada's entry, and it leaves the screen.
    const adasRow = operator.locator('#fame tr', { hasText: 'Ada_7' });
    await adasRow.waitFor();
    await adasRow.getByRole('button', { name: 'Hide' }).click();
    await screen.waitForFunction(() => document.querySelectorAll('.hall-of-fame li').length === 1, null, { timeout: 20000, polling: 100 });
    assert.ok(!(await screen.locator('.hall-of-fame').textContent()).includes('Ada_7'), 'the hidden entry is gone');

    // The day's plots agree with the two games played, both won.
    await operator.waitForFunction(() => {
      const sum = (q) => [...document.querySelectorAll(q)].reduce((a, r) => a + Number(r.dataset.value), 0);
      return sum('svg[data-plot=day-games] rect') === 2 && sum('svg[data-plot=day-results] rect[data-series=won]') === 2;
    }, null, { timeout: 20000, polling: 200 });
    assert.match(await operator.locator('#day-summary').textContent(), /2 games, 0 faults/);
    await operator.locator('#day').evaluate((e) => e.scrollIntoView());
    await operator.screenshot({ path: `${SHOTS}booth-operator-day-800x480.png` });
    // The staff's link opened on a phone (where a browser's window cannot
    // be that small, the harness frames the page from another origin,
    // whose storage holds no token of the tab's: the link signs in again).
    await operator.setViewportSize({ width: 390, height: 844 });
    await operator.goto(`${base}operator?token=${OPERATOR}`);
    await operator.waitForFunction(() => document.querySelectorAll('svg.plot').length === 5, null, { timeout: 20000, polling: 200 });
    await operator.locator('#day').evaluate((e) => e.scrollIntoView());
    const plots = await operator.locator('svg.plot').evaluateAll((svgs) => svgs.map((s) => s.getBoundingClientRect().width));
    assert.ok(plots.length === 5 && plots.every((w) => w > 250 && w <= 390), `plots fit a phone: ${plots}`);
    await operator.screenshot({ path: `${SHOTS}booth-operator-day-390x844.png` });

    // The staff look at the day before and straight back at today, and the
    // day before's answer comes last (held back here): today's plots stay.
    await operator.evaluate(() => {
      const real = window.fetch;
      let hold = true;
      window.fetch = (url, options) => {
        const answer = real(url, options);
        if (!hold || !String(url).startsWith('operator/day')) return answer;
        hold = false;
        return answer.then((r) => new Promise((ok) => setTimeout(() => {
          ok(r);
          window.heldAnswerGiven = true;
        }, 1500)));
      };
    });
    const today = await operator.locator('#day-date').evaluate((e) => e.value);
    const pick = (date) => operator.locator('#day-date').evaluate((e, d) => {
      e.value = d;
      e.dispatchEvent(new Event('change'));
    }, date);
    const before = new Date(Date.parse(`${today}T12:00:00Z`) - 86400000).toISOString().slice(0, 10);
    await pick(before);
    await pick(today);
    await operator.waitForFunction(() => window.heldAnswerGiven === true, null, { timeout: 10000, polling: 100 });
    // Time for the page to read it (a few hundred bytes) and draw it, had
    // it kept it.
    await operator.waitForTimeout(500);
    assert.match(await operator.locator('#day-summary').textContent(), /2 games, 0 faults/, 'today\'s figures, not the day before\'s');
    assert.equal(await operator.evaluate(() => [...document.querySelectorAll('svg[data-plot=day-games] rect')].reduce((a, r) => a + Number(r.dataset.value), 0)), 2);
  });
}

forEachEngine(boothTests, {
  async setUp(launched, engine) {
    browser = launched;
    SHOTS = `${SCREENSHOTS}${engine}/`;
    await mkdir(SHOTS, { recursive: true });
  },
});
