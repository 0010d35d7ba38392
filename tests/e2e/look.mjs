// A look at the thinking in one engine, for a person's eyes: opens the app
// at a size, lets the computer (Hard) answer a move with the thinking open,
// prints the tree's measurements and saves a screenshot. Steps: numbers,
// all, de, fr, hint, review (a finished game's review).
//
//   node look.mjs [engine] [width] [height] [steps, comma-separated]
//
// Screenshots go to target/screenshots/look/.
import { mkdir } from 'node:fs/promises';
import { Browser } from './webdriver.mjs';
import { serve } from './static-server.mjs';
import { coveredButtons, thinkingMeasures, valueMeasures } from './measure.mjs';

const [engine = 'chromium', w = '390', h = '844', steps = ''] = process.argv.slice(2);
const width = Number(w);
const height = Number(h);
const OUT = new URL('../../target/screenshots/look/', import.meta.url).pathname;
await mkdir(OUT, { recursive: true });
const server = await serve(new URL('../../dist/', import.meta.url).pathname);
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await Browser.launch(engine);
try {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await page.goto(`${base}?pos=4453`);
  await page.getByRole('button', { name: 'Column 1', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Column 4', exact: true }).click();
  const toggle = page.getByRole('button', { name: 'Thinking' });
  if (await toggle.isVisible()) await toggle.click();
  await page.waitForFunction(() => (document.querySelector('[role=status]')?.textContent ?? '').startsWith('Your turn'), null, { timeout: 30000 });
  await page.waitForTimeout(400);
  for (const step of steps.split(',').filter(Boolean)) {
    if (step === 'numbers') await page.getByRole('button', { name: /Numbers|Zahlen|Nombres/ }).click();
    if (step === 'all') await page.getByRole('button', { name: /^(All|Alle|Tout)$/ }).click();
    if (step === 'de' || step === 'fr') {
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByLabel('Language', { exact: false }).first().selectOption({ label: step === 'de' ? 'Deutsch' : 'Français' });
      await page.locator('#settings .close').click();
    }
    if (step === 'hint') await page.getByRole('button', { name: /Hint|Tipp|Conseil/ }).click();
    if (step === 'review') {
      await page.goto(`${base}?pos=4455667`);
      await page.getByRole('button', { name: 'Review the game' }).click();
      await page.locator('.review li').first().waitFor({ timeout: 30000 });
      if (await toggle.getAttribute('aria-pressed') !== 'true') await toggle.click();
    }
    await page.waitForTimeout(400);
  }
  console.log(JSON.stringify(await page.evaluate(thinkingMeasures)));
  console.log(JSON.stringify(await page.evaluate(valueMeasures)));
  console.log(JSON.stringify({ covered: await page.evaluate(coveredButtons) }));
  const path = `${OUT}${engine}-${width}x${height}${steps ? `-${steps.replace(/,/g, '-')}` : ''}.png`;
  await page.screenshot({ path });
  console.log(path);
} finally {
  await browser.close();
  server.close();
}
