// A thin W3C WebDriver client that gives the tests one API for Chromium,
// Firefox and WebKit (Safari's engine). Playwright can only drive its own
// browser builds, which cannot be downloaded here, so every engine is the
// Debian browser behind its WebDriver server: chromedriver, geckodriver and
// WebKitWebDriver (under Xvfb). The API copies the part of Playwright's the
// tests use (pages, locators by role, label and text, waits), so a test
// reads the same whichever engine runs it.
//
// `E2E_ENGINES` (comma-separated: chromium, firefox, webkit) picks the
// engines; all three by default.
import { spawn } from 'node:child_process';
import { after, before, describe } from 'node:test';
import { createServer as createNetServer } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { writeFile } from 'node:fs/promises';

export const ENGINES = (process.env.E2E_ENGINES ?? 'chromium,firefox,webkit').split(',').map((e) => e.trim()).filter(Boolean);

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
const DEFAULT_TIMEOUT = 30000;

const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-dev-shm-usage', '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding', '--disable-backgrounding-occluded-windows',
];

const WEBKIT_BROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

function freePort() {
  return new Promise((ok) => {
    const s = createNetServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => ok(p)); });
  });
}

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/** An error the WebDriver server answered with. */
class DriverError extends Error {
  constructor(command, value) {
    super(`${command}: ${value.error}: ${value.message}`);
    this.code = value.error;
  }
}

/** One running WebDriver server. */
class Driver {
  constructor(engine, process, url) {
    this.engine = engine;
    this.process = process;
    this.url = url;
  }

  static async start(engine) {
    const port = await freePort();
    const commands = {
      chromium: ['/usr/bin/chromedriver', [`--port=${port}`]],
      firefox: ['geckodriver', ['--port', String(port), '--log', 'fatal']],
      webkit: ['xvfb-run', ['-a', '-s', '-screen 0 2000x1200x24', 'WebKitWebDriver', `--port=${port}`]],
    };
    const [bin, args] = commands[engine];
    // Headless Firefox's screen is 1366x768 unless told: room for 1920x1080.
    const env = { ...process.env, MOZ_HEADLESS_WIDTH: '1960', MOZ_HEADLESS_HEIGHT: '1200' };
    const child = spawn(bin, args, { stdio: process.env.E2E_DRIVER_LOG ? ['ignore', 'inherit', 'inherit'] : 'ignore', detached: true, env });
    child.unref();
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 200; i++) {
      try {
        const r = await fetch(`${url}/status`);
        if (r.ok) return new Driver(engine, child, url);
      } catch { /* not up yet */ }
      await sleep(100);
    }
    throw new Error(`${engine}: the WebDriver server did not start`);
  }

  async send(method, path, body) {
    // E2E_TRACE=1 logs every command (E2E_DRIVER_LOG=1 shows the drivers' own output).
    if (process.env.E2E_TRACE) console.error(new Date().toISOString().slice(11, 23), method, path, JSON.stringify(body ?? '').slice(0, 80));
    const r = await fetch(this.url + path, {
      method,
      headers: { 'content-type': 'application/json' },
      // A driver that hangs (WebKit's, now and then, on a screenshot) fails
      // the test instead of the whole run.
      signal: AbortSignal.timeout(120000),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await r.json().catch(() => ({ value: { error: 'bad answer', message: `HTTP ${r.status}` } }));
    if (!r.ok) throw new DriverError(`${method} ${path}`, json.value);
    return json.value;
  }

  stop() {
    try { process.kill(-this.process.pid, 'SIGTERM'); } catch { /* gone */ }
  }

  /** `locale` sets the browser's languages (not in WebKitGTK, which takes
   * them from the system); `noWasm` switches WebAssembly off. */
  capabilities({ locale, noWasm }) {
    const lang = locale ?? 'en-US';
    switch (this.engine) {
      case 'chromium':
        return {
          browserName: 'chrome',
          'goog:chromeOptions': {
            binary: '/usr/bin/chromium',
            // Larger than any size a test asks for: a window shrinks reliably,
            // while growing past the headless screen now and then fails.
            args: [...CHROMIUM_ARGS, `--lang=${lang}`, '--window-size=1960,1200', ...(noWasm ? ['--js-flags=--jitless'] : [])],
            prefs: { 'intl.accept_languages': lang },
          },
        };
      case 'firefox':
        return {
          browserName: 'firefox',
          'moz:firefoxOptions': {
            binary: '/usr/bin/firefox-esr',
            args: ['-headless'],
            prefs: {
              'intl.accept_languages': lang,
              'intl.locale.requested': lang,
              'media.autoplay.default': 0,
              'dom.disable_beforeunload': true,
              ...(noWasm ? { 'javascript.options.wasm': false } : {}),
            },
          },
        };
      default:
        return {
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary: WEBKIT_BROWSER, args: ['--automation'] },
        };
    }
  }
}

/** The in-page side of locators: finds the elements a chain of steps
 * names, as Playwright would (by role and accessible name among what is
 * rendered, by label, by text). Sent with every query. */
const FIND = String.raw`
const steps = arguments[0];
const root = arguments[1] || document;
const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
const rendered = (el) => {
  if (!el.isConnected) return false;
  for (let e = el; e; e = e.parentElement) {
    if (e.getAttribute && e.getAttribute('aria-hidden') === 'true') return false;
  }
  const style = getComputedStyle(el);
  return style.visibility !== 'hidden' && el.getClientRects().length > 0;
};
const implicitRole = (el) => {
  const tag = el.tagName.toLowerCase();
  const type = (el.getAttribute('type') || '').toLowerCase();
  if (tag === 'button') return 'button';
  if (tag === 'a' && el.hasAttribute('href')) return 'link';
  if (tag === 'select') return 'combobox';
  if (tag === 'textarea') return 'textbox';
  if (tag === 'input') return ({ checkbox: 'checkbox', radio: 'radio', button: 'button', submit: 'button', range: 'slider' })[type] || 'textbox';
  if (/^h[1-6]$/.test(tag)) return 'heading';
  if (tag === 'section' && (el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby'))) return 'region';
  if (tag === 'img') return 'img';
  if (tag === 'main') return 'main';
  if (tag === 'nav') return 'navigation';
  if (tag === 'aside') return 'complementary';
  if (tag === 'dialog') return 'dialog';
  if (tag === 'ol' || tag === 'ul') return 'list';
  if (tag === 'li') return 'listitem';
  return null;
};
const role = (el) => el.getAttribute('role') || implicitRole(el);
const labelText = (el) => {
  const labels = el.labels ? [...el.labels] : [];
  return norm(labels.map((l) => l.textContent).join(' '));
};
const name = (el) => {
  if (el.hasAttribute('aria-labelledby')) {
    return norm(el.getAttribute('aria-labelledby').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
  }
  if (el.hasAttribute('aria-label')) return norm(el.getAttribute('aria-label'));
  const tag = el.tagName.toLowerCase();
  if (['input', 'select', 'textarea'].includes(tag)) return labelText(el) || norm(el.getAttribute('title'));
  if (tag === 'img') return norm(el.getAttribute('alt'));
  const text = norm(el.textContent);
  return text || norm(el.getAttribute('title'));
};
const matches = (actual, want, exact) => {
  if (want === undefined || want === null) return true;
  if (want.regex) return new RegExp(want.regex, want.flags).test(actual);
  return exact ? actual === norm(want) : actual.toLowerCase().includes(norm(want).toLowerCase());
};
let found = [root];
for (const step of steps) {
  let next = [];
  if (step.kind === 'nth') {
    const i = step.index < 0 ? found.length + step.index : step.index;
    next = found[i] ? [found[i]] : [];
  } else if (step.kind === 'hasText') {
    next = found.filter((el) => matches(norm(el.textContent), step.text, false));
  } else {
    for (const scope of found) {
      const all = [...scope.querySelectorAll(step.kind === 'css' ? step.css : '*')];
      for (const el of all) {
        if (next.includes(el)) continue;
        if (step.kind === 'css') { next.push(el); continue; }
        if (step.kind === 'role') {
          // As Playwright: roles of what is rendered only; labels and text anywhere.
          if (rendered(el) && role(el) === step.role && matches(name(el), step.name, step.exact)) next.push(el);
        } else if (step.kind === 'label') {
          const tag = el.tagName.toLowerCase();
          if (['input', 'select', 'textarea'].includes(tag) && matches(labelText(el) || norm(el.getAttribute('aria-label')), step.text, step.exact)) next.push(el);
        } else if (step.kind === 'text') {
          const own = norm(el.textContent);
          if (matches(own, step.text, step.exact) && ![...el.children].some((c) => matches(norm(c.textContent), step.text, step.exact))) next.push(el);
        }
      }
    }
  }
  found = next;
}
return found;`;

/** Whether an element is shown (in-page source). */
const SHOWN = "(e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden'";

const toPattern = (v) => (v instanceof RegExp ? { regex: v.source, flags: v.flags } : v);

/** A browser: one WebDriver server; each context is a session of its own
 * (its own profile, so its own storage), as Playwright's contexts are. */
export class Browser {
  constructor(engine) {
    this.engine = engine;
    this.contexts = new Set();
  }

  static async launch(engine) {
    const browser = new Browser(engine);
    if (engine === 'chromium') await browser.driver();
    return browser;
  }

  /** The engine's WebDriver server, started once. */
  async driver() {
    this.started ??= Driver.start(this.engine);
    return this.started;
  }

  async newContext(options = {}) {
    // geckodriver and WebKitWebDriver hold one session at a time: a server
    // per context there.
    const own = this.engine !== 'chromium';
    const driver = own ? await Driver.start(this.engine) : await this.driver();
    const caps = { ...driver.capabilities(options), unhandledPromptBehavior: 'ignore', pageLoadStrategy: 'normal' };
    let session;
    for (let attempt = 0; ; attempt++) {
      try {
        session = await driver.send('POST', '/session', { capabilities: { alwaysMatch: caps } });
        break;
      } catch (e) {
        if (attempt >= 2) throw e;
        await sleep(1000);
      }
    }
    const context = new Context(this, driver, session.sessionId, options);
    if (own) context.ownDriver = driver;
    this.contexts.add(context);
    await context.send('POST', '/timeouts', { script: 60000, pageLoad: 60000, implicit: 0 });
    return context;
  }

  async close() {
    for (const context of [...this.contexts]) await context.close();
    (await this.started)?.stop();
  }
}

/** One session: pages are its windows. */
export class Context {
  constructor(browser, driver, id, options) {
    this.browser = browser;
    this.driver = driver;
    this.id = id;
    this.options = options;
    this.pages = [];
    this.initScripts = [];
    this.current = null;
    this.closed = false;
  }

  send(method, path, body) {
    return this.driver.send(method, `/session/${this.id}${path}`, body);
  }

  /** Scripts run in every page of the context after each load (WebDriver
   * cannot run them before the page's own scripts, so they must not need
   * to). */
  async addInitScript(fn) {
    this.initScripts.push(fn);
  }

  async newPage() {
    let handle;
    if (this.pages.length === 0) {
      handle = await this.send('GET', '/window');
    } else {
      handle = (await this.send('POST', '/window/new', { type: 'window' })).handle;
    }
    const page = new Page(this, handle);
    this.pages.push(page);
    await page.setViewportSize(this.options.viewport ?? { width: 1024, height: 768 });
    return page;
  }

  async close() {
    if (this.closed) return;
    this.closed = true;
    this.browser.contexts.delete(this);
    await this.driver.send('DELETE', `/session/${this.id}`).catch(() => {});
    this.ownDriver?.stop();
  }
}

/** Finds elements inside a page (or inside another locator). */
export class Locator {
  constructor(page, steps) {
    this.page = page;
    this.steps = steps;
  }

  with(step) { return new Locator(this.page, [...this.steps, step]); }
  locator(css, options = {}) {
    const l = this.with({ kind: 'css', css });
    return options.hasText === undefined ? l : l.with({ kind: 'hasText', text: toPattern(options.hasText) });
  }
  getByRole(role, { name, exact = false } = {}) { return this.with({ kind: 'role', role, name: toPattern(name), exact }); }
  getByLabel(text, { exact = false } = {}) { return this.with({ kind: 'label', text: toPattern(text), exact }); }
  getByText(text, { exact = false } = {}) { return this.with({ kind: 'text', text: toPattern(text), exact }); }
  nth(index) { return this.with({ kind: 'nth', index }); }
  first() { return this.nth(0); }

  /** Runs `fn(elements, arg)` in the page on the elements matching now.
   * The finding and the work are one script: WebKit's driver does not
   * take element references inside arrays back as arguments. */
  async run(fn, arg) {
    return this.page.execute(`const found = (function () { ${FIND} }).apply(null, [arguments[0]]); return (${fn})(found, arguments[1]);`, [this.steps, arg]);
  }

  /** The first matching element that is shown (else the first), or null:
   * what an action takes, where hidden copies of a control exist. */
  async shownElement() {
    return this.run(`(els) => els.find(${SHOWN}) ?? els[0] ?? null`);
  }

  async count() { return this.run((els) => els.length); }

  /** Waits until the locator matches an element in the given state. */
  async waitFor({ state = 'visible', timeout = DEFAULT_TIMEOUT } = {}) {
    const end = Date.now() + timeout;
    for (;;) {
      const [n, visible] = await this.run(`(els) => [els.length, els.some(${SHOWN})]`);
      const ok = { attached: n > 0, visible, hidden: !visible, detached: n === 0 }[state];
      if (ok) return;
      if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${JSON.stringify(this.steps)} to be ${state}`);
      await sleep(100);
    }
  }

  /** Runs `fn(element, arg)` on the first match (the first shown one if
   * any is), once there is one. */
  async one(fn, arg, state = 'attached') {
    await this.waitFor({ state });
    return this.run(`(els, arg) => (${fn})(els.find(${SHOWN}) ?? els[0], arg)`, arg);
  }

  /** The first match's reference, visible, for WebDriver's own commands. */
  async element() {
    await this.waitFor();
    return this.shownElement();
  }

  async click(options = {}) {
    const end = Date.now() + (options.timeout ?? DEFAULT_TIMEOUT);
    for (;;) {
      await this.waitFor({ timeout: Math.max(1, end - Date.now()) });
      try {
        if (options.position) {
          const [x, y] = await this.one((el, p) => { const r = el.getBoundingClientRect(); return [r.x + p.x, r.y + p.y]; }, options.position);
          await this.page.pointer([
            { type: 'pointerMove', duration: 0, origin: 'viewport', x: Math.round(x), y: Math.round(y) },
            { type: 'pointerDown', button: 0 }, { type: 'pointerUp', button: 0 },
          ]);
        } else {
          const el = await this.shownElement();
          await this.page.send('POST', `/element/${el[ELEMENT]}/click`, {});
        }
        await this.page.afterAction();
        return;
      } catch (e) {
        const retry = ['element click intercepted', 'element not interactable', 'stale element reference'].includes(e.code);
        if (!retry || Date.now() > end) throw e;
        await sleep(100);
      }
    }
  }

  async hover() {
    await this.waitFor();
    const [x, y] = await this.one((el) => { const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; });
    await this.page.pointer([{ type: 'pointerMove', duration: 0, origin: 'viewport', x: Math.round(x), y: Math.round(y) }]);
  }

  /** Types `text` over the field's value. WebKit's driver now and then
   * calls a shown, enabled field "not focusable": then the value is set as
   * typing sets it, with an input event. */
  async fill(text) {
    const end = Date.now() + 3000;
    for (;;) {
      const el = await this.element();
      try {
        await this.page.send('POST', `/element/${el[ELEMENT]}/clear`, {});
        await this.page.send('POST', `/element/${el[ELEMENT]}/value`, { text });
        return;
      } catch (e) {
        if (e.code !== 'element not interactable') throw e;
        if (Date.now() > end) break;
        await sleep(200);
      }
    }
    await this.one((field, value) => {
      field.focus();
      field.value = value;
      field.dispatchEvent(new InputEvent('input', { bubbles: true, data: value, inputType: 'insertText' }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
    }, text, 'visible');
  }

  /** Picks an option of a select by its value or `{ label }`, as a person's
   * choice does (the change and input events). */
  async selectOption(choice) {
    // A choice that opens a dialog is made after the script returns: a
    // dialog would otherwise block the script that made it (and WebKit's
    // driver loses the script's answer when a dialog opens soon after).
    const later = this.page.dialogs.length > 0;
    const ok = await this.one((select, { want, later }) => {
      const option = [...select.options].find((o) => (typeof want === 'string' ? o.value === want || o.textContent.trim() === want : o.textContent.trim() === want.label));
      if (!option) return false;
      const choose = () => {
        select.value = option.value;
        select.dispatchEvent(new Event('input', { bubbles: true }));
        select.dispatchEvent(new Event('change', { bubbles: true }));
      };
      if (later) setTimeout(choose, 100);
      else choose();
      return true;
    }, { want: choice, later }, 'visible');
    if (ok === false) throw new Error(`no option ${JSON.stringify(choice)} in ${JSON.stringify(this.steps)}`);
    await this.page.afterAction();
  }

  async check() {
    if (!(await this.one((el) => el.checked, null, 'visible'))) await this.click();
  }

  async textContent() { return this.one((el) => el.textContent); }
  async getAttribute(name) { return this.one((el, n) => el.getAttribute(n), name); }
  async isVisible() { return this.run(`(els) => els.some(${SHOWN})`); }
  async allTextContents() { return this.run((els) => els.map((e) => e.textContent)); }
  async boundingBox() {
    return this.one((el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; });
  }
  async evaluate(fn, arg) { return this.one(fn, arg); }
  async evaluateAll(fn, arg) { return this.run(fn, arg); }
  async screenshot({ path }) {
    const el = await this.element();
    const png = await this.page.send('GET', `/element/${el[ELEMENT]}/screenshot`);
    await writeFile(path, Buffer.from(png, 'base64'));
  }
}

/** The harness that shows a page at an exact size where the browser's
 * window cannot be that small (MiniBrowser and Firefox have a minimum
 * width): the app in an iframe of that size. */
let harness;
/** The origin of the harness that frames pages at phone sizes: a server
 * that sets `frame-ancestors` must allow it. */
export async function harnessOrigin() {
  return (await harnessUrl()).replace(/\/$/, '');
}

async function harnessUrl() {
  harness ??= new Promise((ok) => {
    const server = createHttpServer((req, res) => {
      const q = new URL(req.url, 'http://x').searchParams;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!DOCTYPE html><html><body style="margin:0;background:#888"><iframe id="frame" style="border:0;display:block;margin-top:40px;width:${Number(q.get('w'))}px;height:${Number(q.get('h'))}px"></iframe></body></html>`);
    });
    server.unref();
    server.listen(0, '127.0.0.1', () => ok(`http://127.0.0.1:${server.address().port}/`));
  });
  return harness;
}

/** One window of a context. */
export class Page extends Locator {
  constructor(context, handle) {
    super(null, []);
    this.page = this;
    this.context = context;
    this.handle = handle;
    this.framed = null;
    this.dialogs = [];
    this.keyboard = { press: (key) => this.press(key) };
    this.mouse = { move: (x, y) => this.pointer([{ type: 'pointerMove', duration: 0, origin: 'viewport', x: Math.round(x), y: Math.round(y) }]) };
  }

  /** Makes this page the session's current window (and its frame). */
  async focus() {
    if (this.context.current === this) return;
    await this.context.send('POST', '/window', { handle: this.handle });
    if (this.framed) {
      await this.context.send('POST', '/frame', { id: null });
      const frame = await this.context.send('POST', '/element', { using: 'css selector', value: '#frame' });
      await this.context.send('POST', '/frame', { id: frame });
    }
    this.context.current = this;
  }

  /** The session's current window made this page's top level. */
  async top() {
    await this.context.send('POST', '/window', { handle: this.handle });
    await this.context.send('POST', '/frame', { id: null });
    this.context.current = null;
  }

  async send(method, path, body) {
    await this.focus();
    return this.context.send(method, path, body);
  }

  async execute(script, args = []) {
    return this.send('POST', '/execute/sync', { script, args });
  }

  /** Runs `fn(arg)` in the page and returns its (awaited) result. */
  async evaluate(fn, arg) {
    return this.execute(typeof fn === 'string' ? `return (${fn})` : `return (${fn})(arguments[0])`, [arg]);
  }

  async pointer(actions) {
    await this.send('POST', '/actions', { actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }] });
    await this.send('DELETE', '/actions');
  }

  async press(key) {
    const KEYS = { Enter: '\uE007', ArrowRight: '\uE014', ArrowLeft: '\uE012', ArrowUp: '\uE013', ArrowDown: '\uE015', Escape: '\uE00C', Tab: '\uE004' };
    const value = KEYS[key] ?? key;
    await this.send('POST', '/actions', { actions: [{ type: 'key', id: 'keys', actions: [{ type: 'keyDown', value }, { type: 'keyUp', value }] }] });
    await this.send('DELETE', '/actions');
    await this.afterAction();
  }

  /** A dialog (confirm) the next action opens is answered by `handler`,
   * which gets `{ accept(), dismiss(), message() }`. */
  once(event, handler) {
    if (event === 'dialog') this.dialogs.push(handler);
  }

  async afterAction() {
    if (this.dialogs.length === 0) return;
    const end = Date.now() + 5000;
    while (Date.now() < end) {
      try {
        const message = await this.context.send('GET', '/alert/text');
        const handler = this.dialogs.shift();
        await handler({
          message: () => message,
          accept: () => this.context.send('POST', '/alert/accept', {}),
          dismiss: () => this.context.send('POST', '/alert/dismiss', {}),
        });
        return;
      } catch (e) {
        if (e.code !== 'no such alert') throw e;
        await sleep(50);
      }
    }
  }

  async afterLoad() {
    await this.execute(`
      if (!window.__errors) {
        window.__errors = [];
        addEventListener('error', (e) => window.__errors.push(String(e.message)));
        addEventListener('unhandledrejection', (e) => window.__errors.push(String(e.reason)));
      }`);
    for (const fn of this.context.initScripts) await this.execute(`(${fn})()`);
  }

  /** Errors the page reported since its last load. */
  async errors() {
    return this.execute('return window.__errors || []');
  }

  async goto(url) {
    if (this.framed) {
      await this.top();
      await this.context.send('POST', '/execute/sync', {
        script: 'const f = document.getElementById("frame"); return new Promise((ok) => { f.onload = () => ok(true); f.src = arguments[0]; });',
        args: [url],
      });
    } else {
      await this.send('POST', '/url', { url });
    }
    await this.waitForLoad();
    await this.afterLoad();
  }

  async waitForLoad() {
    const end = Date.now() + 60000;
    while (Date.now() < end) {
      try {
        if (await this.execute('return document.readyState') === 'complete') return;
      } catch { /* navigating */ }
      await sleep(50);
    }
  }

  async reload() {
    if (this.framed) {
      await this.execute('location.reload()');
      await sleep(200);
    } else {
      await this.send('POST', '/refresh', {});
    }
    await this.waitForLoad();
    await this.afterLoad();
  }

  url() { return this.execute('return location.href'); }

  async waitForTimeout(ms) { await sleep(ms); }

  /** Polls `fn(arg)` in the page until it is truthy; its value is
   * returned as `{ jsonValue() }`, as Playwright's handle. */
  async waitForFunction(fn, arg, { timeout = DEFAULT_TIMEOUT, polling = 100 } = {}) {
    const end = Date.now() + timeout;
    const script = `return (${fn})(arguments[0])`;
    for (;;) {
      let value;
      try {
        value = await this.execute(script, [arg]);
      } catch (e) {
        // A navigation in between loses the page's context for a moment.
        if (!/javascript error|no such window|unknown error|stale/.test(e.code ?? '')) throw e;
      }
      if (value) return { jsonValue: async () => value };
      if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${fn}`);
      await sleep(typeof polling === 'number' ? polling : 100);
    }
  }

  /** The viewport's size: the window where the browser allows it, else an
   * iframe of exactly that size inside the window. */
  async setViewportSize({ width, height }) {
    const wasFramed = Boolean(this.framed);
    const url = await this.url().catch(() => null);
    this.framed = null;
    await this.top();
    const sizes = () => this.context.send('POST', '/execute/sync', { script: 'return [innerWidth, innerHeight, outerWidth, outerHeight]', args: [] });
    // WebKit resizes its window after answering, and the page learns its
    // new size later than the window: measure once the window has the
    // asked size and the page's size has held for 200 ms (at most 2 s),
    // else the correction below overshoots.
    const resize = async (rect) => {
      await this.context.send('POST', '/window/rect', rect).catch(() => {});
      const end = Date.now() + 2000;
      let last = null;
      let held = 0;
      for (;;) {
        const [w, h, ow, oh] = await sizes();
        held = last && last[0] === w && last[1] === h ? held + 1 : 0;
        last = [w, h];
        if ((w === width && h === height) || (ow === rect.width && oh === rect.height && held >= 4) || Date.now() > end) return last;
        await sleep(50);
      }
    };
    let rect = { width, height };
    let got;
    for (let attempt = 0; attempt < 4; attempt++) {
      got = await resize(rect);
      if (got[0] === width && got[1] === height) break;
      rect = { width: Math.max(width, rect.width + (width - got[0])), height: Math.max(height, rect.height + (height - got[1])) };
    }
    if (got[0] !== width || got[1] !== height) {
      // Too small for this browser's window: the page loads again, in an
      // iframe of that size.
      const harness = await harnessUrl();
      await this.context.send('POST', '/window/rect', { width: Math.max(rect.width, width + 40), height: rect.height + 80 }).catch(() => {});
      await this.context.send('POST', '/url', { url: `${harness}?w=${width}&h=${height}` });
      this.framed = { width, height };
      this.context.current = null;
      if (url && !url.startsWith('about:') && !url.startsWith(harness)) await this.goto(url);
    } else if (wasFramed && url) {
      // The window is big enough again: the page leaves the harness.
      await this.goto(url);
    }
  }

  async screenshot({ path, fullPage: _ } = {}) {
    let png;
    if (this.framed) {
      await this.top();
      const frame = await this.context.send('POST', '/element', { using: 'css selector', value: '#frame' });
      png = await this.context.send('GET', `/element/${frame[ELEMENT]}/screenshot`);
    } else {
      png = await this.send('GET', '/screenshot');
    }
    if (path) await writeFile(path, Buffer.from(png, 'base64'));
    return png;
  }

  async close() {
    await this.send('DELETE', '/window').catch(() => {});
    this.context.current = null;
    this.context.pages = this.context.pages.filter((p) => p !== this);
  }
}

/** Runs `tests(engine)` for each engine, in a suite of its own whose
 * browser is launched before its tests (then `setUp(browser, engine)`)
 * and closed after them (after `tearDown()`). A test that fails may leave
 * a server or a browser behind: the file still ends, a few seconds after
 * its last test. */
export function forEachEngine(tests, { setUp = async () => {}, tearDown = async () => {} } = {}) {
  after(() => setTimeout(() => process.exit(), 3000));
  for (const engine of ENGINES) {
    describe(engine, () => {
      let browser;
      before(async () => {
        browser = await Browser.launch(engine);
        await setUp(browser, engine);
      });
      after(async () => {
        await tearDown();
        await browser?.close();
      });
      tests(engine);
    });
  }
}
