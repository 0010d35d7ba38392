// What a person gets of the computer's thinking, measured in the page:
// the tree's box against the screen, the size its labels are drawn at, and
// any two texts of the thinking that overlap or are cut. Shared by the
// browser tests and look.mjs.

/** Runs in the page (pass it to `page.evaluate`). */
export function thinkingMeasures() {
  const shown = (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
  };
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) };
  };
  const canvas = document.querySelector('.tree-canvas');
  const svg = document.querySelector('svg.tree');
  const out = {
    screen: { width: innerWidth, height: innerHeight },
    tree: canvas && shown(canvas) ? box(canvas) : null,
    labels: { count: 0, smallest: null },
    overlaps: [],
    cut: [],
    pvCentred: null,
  };
  if (out.tree) {
    out.tree.ofWidth = +(out.tree.width / innerWidth).toFixed(2);
    out.tree.ofHeight = +(out.tree.height / innerHeight).toFixed(2);
  }
  if (svg && canvas) {
    // The drawing's scale: screen pixels per drawing pixel (the view box
    // is drawn with "xMinYMin meet").
    const vb = svg.viewBox.baseVal;
    const r = svg.getBoundingClientRect();
    const scale = Math.min(r.width / vb.width, r.height / vb.height);
    const c = canvas.getBoundingClientRect();
    const inside = (e) => {
      const b = e.getBoundingClientRect();
      return b.width > 0 && b.x >= c.x && b.right <= c.right && b.y >= c.y && b.bottom <= c.bottom;
    };
    const sizes = [...svg.querySelectorAll('text')]
      .filter((t) => getComputedStyle(t).display !== 'none' && inside(t))
      .map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
    out.labels = { count: sizes.length, smallest: sizes.length ? +Math.min(...sizes).toFixed(1) : null };
    // The expected line's deepest node in sight, against the canvas' middle.
    const pv = [...svg.querySelectorAll('g.node.pv')].filter(inside)
      .sort((a, b) => Number(b.dataset.depth) - Number(a.dataset.depth))[0];
    if (pv) {
      const p = pv.getBoundingClientRect();
      out.pvCentred = +(((p.x + p.width / 2) - (c.x + c.width / 2)) / c.width).toFixed(2);
    }
    out.pvInSight = [...svg.querySelectorAll('g.node.pv')].filter(inside).length;
    // The decision: the root and the column chosen under it.
    const root = svg.querySelector('g.node.root');
    const chosen = root && [...svg.querySelectorAll('g.node.pv')]
      .find((n) => Number(n.dataset.depth) === Number(root.dataset.depth) + 1);
    const circle = (n) => n?.querySelector('circle');
    out.decisionInSight = { root: !!root && inside(circle(root)), chosen: !!chosen && inside(circle(chosen)) };
  }
  // The texts of the thinking: each leaf element with words of its own.
  const panel = document.querySelector('.thoughts');
  const texts = panel ? [...panel.querySelectorAll('h2, p, li, button, a, .live')]
    .filter((e) => shown(e) && e.textContent.trim() !== '' && !e.closest('svg')) : [];
  const rects = texts.map((e) => [e, e.getBoundingClientRect()]);
  for (let i = 0; i < rects.length; i++) {
    const [a, ra] = rects[i];
    for (let j = i + 1; j < rects.length; j++) {
      const [b, rb] = rects[j];
      if (a.contains(b) || b.contains(a)) continue;
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (w > 1 && h > 1) out.overlaps.push(`"${a.textContent.trim().slice(0, 30)}" and "${b.textContent.trim().slice(0, 30)}"`);
    }
    if (a.scrollWidth > a.clientWidth + 1 && getComputedStyle(a).overflowX !== 'auto') out.cut.push(a.textContent.trim().slice(0, 30));
  }
  // The review and the thinking never cover each other.
  const review = document.querySelector('.review');
  if (review && panel && shown(review) && shown(panel)) {
    const a = review.getBoundingClientRect();
    const b = panel.getBoundingClientRect();
    if (Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1 && Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1) {
      out.overlaps.push('the review and the thinking');
    }
  }
  return out;
}

/** The column values' words: any word broken over two lines, any two
 * values whose words overlap (runs in the page). */
export function valueMeasures() {
  const broken = [];
  const words = [];
  for (const value of document.querySelectorAll('.values .value')) {
    for (const node of value.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      const text = node.textContent;
      for (const m of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        if (rects.length > 1) broken.push(m[0]);
        if (rects.length) words.push([value.dataset.column, m[0], range.getBoundingClientRect()]);
      }
    }
  }
  const overlaps = [];
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j < words.length; j++) {
      const [ca, wa, a] = words[i];
      const [cb, wb, b] = words[j];
      if (ca === cb) continue;
      // Words on one line closer than 3 px read as one ("verliertgewinnt").
      if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > -3 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5) {
        overlaps.push(`${wa} (column ${ca}) and ${wb} (column ${cb})`);
      }
    }
  }
  // A value is hidden where something else is drawn at its words.
  const hidden = [];
  for (const [column, word, r] of words) {
    const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    if (!at?.closest('.values')) hidden.push(`${word} (column ${column}) under ${at ? at.className || at.tagName : 'the screen\'s edge'}`);
  }
  const sizes = [...document.querySelectorAll('.values .value')].filter((v) => v.textContent.trim())
    .map((v) => parseFloat(getComputedStyle(v).fontSize));
  return { broken, overlaps, hidden, words: words.length, smallest: sizes.length ? Math.min(...sizes) : null };
}

/** What is wrong with the thinking as a person sees it: the tree smaller
 * than 40 % of the screen's height (`minHeight`; the spectator screen
 * gives the board more) or 85 % of its width, labels under 12 px, texts
 * that overlap or are cut, column values broken inside a word, running
 * into each other or hidden. */
export async function thinkingProblems(page, settle = 3000, { minHeight = 0.4 } = {}) {
  // A resize reaches the tree's drawing a frame or two after the page's
  // layout (a ResizeObserver): measure again until it has, at most
  // `settle` ms.
  const end = Date.now() + settle;
  for (;;) {
    const problems = await thinkingProblemsNow(page, minHeight);
    if (problems.length === 0 || Date.now() > end) return problems;
    await new Promise((ok) => setTimeout(ok, 200));
  }
}

async function thinkingProblemsNow(page, minHeight) {
  const m = await page.evaluate(thinkingMeasures);
  const v = await page.evaluate(valueMeasures);
  const problems = [];
  if (!m.tree) return ['no tree'];
  if (m.tree.ofHeight < minHeight || m.tree.ofWidth < 0.85) problems.push(`the tree is ${m.tree.width}x${m.tree.height} on ${m.screen.width}x${m.screen.height}`);
  if (!(m.labels.smallest >= 12)) problems.push(`labels at ${m.labels.smallest} px`);
  if (m.tree.y + m.tree.height > m.screen.height + 0.5) problems.push('the tree runs off the screen');
  for (const o of m.overlaps) problems.push(`overlap: ${o}`);
  for (const c of m.cut) problems.push(`cut: ${c}`);
  for (const w of v.broken) problems.push(`a value's word broken: ${w}`);
  for (const o of v.overlaps) problems.push(`values overlap: ${o}`);
  for (const h of v.hidden) problems.push(`a value hidden: ${h}`);
  return problems;
}


/** Every shown button of the page whose centre a tap would not reach:
 * something else is drawn there (runs in the page). */
export function coveredButtons() {
  const out = [];
  for (const b of document.querySelectorAll('button')) {
    const r = b.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || getComputedStyle(b).visibility === 'hidden') continue;
    if (b.closest('.panel:not(.open)')) continue;
    const x = r.x + r.width / 2;
    const y = r.y + r.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
    // Scrolled out of a list's view: not meant to be reached now.
    let clipped = false;
    for (let p = b.parentElement; p && !clipped; p = p.parentElement) {
      if (getComputedStyle(p).overflowY === 'visible') continue;
      const c = p.getBoundingClientRect();
      clipped = y < c.top || y > c.bottom || x < c.left || x > c.right;
    }
    if (clipped) continue;
    const at = document.elementFromPoint(x, y);
    if (!at || !b.contains(at)) {
      out.push(`"${b.textContent.trim()}" under ${at ? `"${at.textContent.trim().slice(0, 30)}"` : 'nothing'}`);
    }
  }
  return out;
}
