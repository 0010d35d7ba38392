// Whether a screen shows all it needs: the checks the app's and the
// booth's tests share.
import assert from 'node:assert/strict';

/** What a screen needs that lies outside its viewport (or scrolls it):
 * the robot's line, the status, the board, the questions and bars of a
 * robot game, the tree, the join code, an open panel. Empty when all is on
 * the screen. */
export async function offScreen(page) {
  return page.evaluate(() => {
    const needed = ['.robot-line', '[role=status]', '.board', '.values', '.after-game', '.still-there',
      '.confirm-leave', '.tree-canvas', '.join img', '.demo-call', '.panel.open', '.review'];
    const out = [];
    for (const selector of needed) {
      for (const e of document.querySelectorAll(selector)) {
        const r = e.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        if (r.x < -0.5 || r.y < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) {
          out.push(`${selector} at ${Math.round(r.x)},${Math.round(r.y)} to ${Math.round(r.right)},${Math.round(r.bottom)} in ${innerWidth}x${innerHeight}`);
        }
      }
    }
    const d = document.documentElement;
    if (d.scrollWidth > innerWidth || d.scrollHeight > innerHeight) out.push(`the page scrolls: ${d.scrollWidth}x${d.scrollHeight}`);
    return out;
  });
}

/** Checks `page` at each size: nothing it needs outside the screen. */
export async function fitsAt(page, sizes, what) {
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    assert.deepEqual(await offScreen(page), [], `${what} at ${width}x${height}`);
  }
}
