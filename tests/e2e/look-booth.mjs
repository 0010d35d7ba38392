// A look at the booth's spectator screen, for a person's eyes: starts the
// release bridge with the simulated robot, plays moves against the
// computer on the robot from a player's page, and opens `/watch` at a size;
// prints what measure.mjs finds and saves screenshots of the lobby and the
// player's page (both at the size given) and of `/watch`.
//
//   node look-booth.mjs [engine] [width] [height] [level] [moves] [lang]
//
// Screenshots go to target/screenshots/look/.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { mkdir, writeFile } from 'node:fs/promises';
import { Browser } from './webdriver.mjs';
import { coveredButtons, thinkingMeasures, valueMeasures } from './measure.mjs';
import { BRIDGE } from './binaries.mjs';

const [engine = 'chromium', w = '390', h = '844', level = 'Hard', moves = '2', lang = 'en'] = process.argv.slice(2);
const OUT = new URL('../../target/screenshots/look/', import.meta.url).pathname;
await mkdir(OUT, { recursive: true });
const port = await new Promise((ok) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => ok(p)); });
});
const config = `${tmpdir()}/look-booth-${port}.toml`;
await writeFile(config, `language = "${lang}"\n`);
const bridge = spawn(BRIDGE, ['serve', '--config', config, '--robot', 'sim', '--port', String(port),
  '--records', `${tmpdir()}/look-booth-${port}.sqlite`], { stdio: 'ignore' });
const base = `http://127.0.0.1:${port}/`;
for (let i = 0; i < 100; i++) {
  try { if ((await fetch(base)).ok) break; } catch { /* not up yet */ }
  await new Promise((ok) => setTimeout(ok, 100));
}
const browser = await Browser.launch(engine);
try {
  const player = await (await browser.newContext({ viewport: { width: Number(w), height: Number(h) } })).newPage();
  await player.goto(base);
  await player.locator('#robot.open').waitFor();
  await player.waitForTimeout(400);
  await player.screenshot({ path: `${OUT}lobby-${engine}-${w}x${h}-${lang}.png` });
  await player.locator('#robot input[name=name]').fill('Ada');
  await player.locator('select.robot-level').selectOption({ label: level });
  await player.locator('button.play-robot').click();
  const watch = await (await browser.newContext({ viewport: { width: Number(w), height: Number(h) } })).newPage();
  await watch.goto(`${base}watch`);
  const turn = () => player.waitForFunction(() => {
    const s = document.querySelector('[role=status]')?.textContent ?? '';
    return /^(Your turn|Du bist am Zug|À toi)/.test(s) && document.querySelector('.robot-line')?.dataset.robot === 'ready';
  }, null, { timeout: 60000, polling: 100 });
  for (const c of [4, 3, 5, 2, 6].slice(0, Number(moves))) {
    await turn();
    await player.locator('.columns .column').nth(c - 1).click();
  }
  await turn();
  await watch.waitForTimeout(800);
  console.log(JSON.stringify(await watch.evaluate(thinkingMeasures)));
  console.log(JSON.stringify(await watch.evaluate(valueMeasures)));
  console.log(JSON.stringify({ covered: await watch.evaluate(coveredButtons) }));
  console.log(JSON.stringify(await watch.evaluate(() => {
    const b = document.querySelector('.board')?.getBoundingClientRect();
    return { board: b && { width: Math.round(b.width), height: Math.round(b.height), ofWidth: +(b.width / innerWidth).toFixed(2) } };
  })));
  const thinking = player.locator('.thinking-toggle');
  if (await thinking.isVisible()) await thinking.click();
  await player.waitForTimeout(400);
  await player.screenshot({ path: `${OUT}player-${engine}-${w}x${h}-${level}-${lang}.png` });
  const path = `${OUT}watch-${engine}-${w}x${h}-${level}-${lang}.png`;
  await watch.screenshot({ path });
  console.log(path);
} finally {
  await browser.close();
  bridge.kill();
}
