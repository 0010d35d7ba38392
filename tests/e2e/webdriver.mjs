// The browsers the tests drive, through selenium-webdriver (W3C WebDriver)
// to each engine's own WebDriver server: Debian's Chromium behind
// chromedriver, Firefox ESR behind geckodriver and WebKit (Safari's engine,
// WebKitGTK's MiniBrowser) behind WebKitWebDriver under Xvfb (a phone's
// session under Weston's headless display, which has no mouse). The servers
// are started here, so selenium never looks for drivers to download. On
// top, a small API in the shape of Playwright's (contexts, pages,
// locators by role, label and text, waits: see locator.mjs), so a test
// reads the same whichever engine runs it.
//
// `E2E_ENGINES` (comma-separated: chromium, firefox, webkit) picks the
// engines; all three by default. `E2E_DRIVER_LOG=1` shows the servers' logs.
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { after, before, describe, test as nodeTest } from 'node:test';
import { createServer as createNetServer } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { cp, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { By, Capabilities, WebDriver } from 'selenium-webdriver';
import { Executor, HttpClient } from 'selenium-webdriver/http/index.js';
import { DEFAULT_TIMEOUT, Locator, sleep } from './locator.mjs';

export const ENGINES = (process.env.E2E_ENGINES ?? 'chromium,firefox,webkit').split(',').map((e) => e.trim()).filter(Boolean);

const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-dev-shm-usage', '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding', '--disable-backgrounding-occluded-windows',
];

/** The pointer a session's pages are told they have: a desktop's mouse
 * (fine, hovering), or with `touchOnly` a phone's finger (coarse, no
 * hover). Headless Chromium and Firefox have no pointing device and
 * would say nothing can hover (the board's coin over a column follows a
 * mouse only where one can). Blink's and Gecko's own flags. */
const POINTER = {
  mouse: { blink: 'primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4', gecko: 6 },
  finger: { blink: 'primaryHoverType=1,availableHoverTypes=1,primaryPointerType=2,availablePointerTypes=2', gecko: 1 },
};

const WEBKIT_BROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** How long one WebDriver command may take: WebKit's driver now and then
 * hangs on a screenshot, which should fail the test, not the run. */
const COMMAND_LIMIT = 120000;

function freePort() {
  return new Promise((ok) => {
    const s = createNetServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => ok(p)); });
  });
}

/** The temporary folder of every browser this process starts (TMPDIR):
 * Chromium's profiles and lock sockets and xvfb-run's display files stay
 * behind when a browser is stopped rather than closed (1,300 folders,
 * 440 MB after a day's runs), so the run removes them all when it ends. */
const browserTemp = mkdtempSync(`${tmpdir()}/e2e-browsers-`);
process.on('exit', () => rmSync(browserTemp, { recursive: true, force: true }));

/** A display whose only seat has no pointer: Weston's headless backend, a
 * Wayland compositor of its own for the server's browser. WebKitGTK takes
 * its pointer from the display's seat, and Xvfb's is a mouse; on this one
 * it says what a phone says (no hover, a coarse pointer), while the
 * driver's clicks still reach the page. The server stops with its
 * compositor: both are one process group. */
const WESTON_THEN_DRIVER = `
weston --backend=headless-backend.so --socket="$WAYLAND_DISPLAY" --width=2000 --height=1200 --idle-time=0 >/dev/null 2>&1 &
for i in $(seq 200); do [ -S "$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY" ] && break; sleep 0.05; done
exec WebKitWebDriver --port="$1"`;

/** The environment of a server on a display of its own without a mouse
 * (`WESTON_THEN_DRIVER`): a runtime folder of its own (Wayland's socket
 * lives there), and the browser told to use Wayland. */
async function webkitTouchDisplay() {
  const runtime = await mkdtemp(`${browserTemp}/wayland-`);
  return { XDG_RUNTIME_DIR: runtime, WAYLAND_DISPLAY: 'wayland-e2e', GDK_BACKEND: 'wayland', DISPLAY: '' };
}

/** One running WebDriver server. */
class Server {
  constructor(engine, process, url) {
    this.engine = engine;
    this.process = process;
    this.url = url;
  }

  /** `env` adds to the server's environment, which the browser it starts
   * inherits (WebKitGTK reads its languages and JavaScriptCore's options
   * from there). A WebKit server with `touchOnly` runs on a display
   * without a mouse (`webkitTouchDisplay`). */
  static async start(engine, env = {}, { touchOnly = false } = {}) {
    const port = await freePort();
    const commands = {
      chromium: ['/usr/bin/chromedriver', [`--port=${port}`]],
      firefox: ['geckodriver', ['--port', String(port), '--log', 'fatal']],
      webkit: touchOnly
        ? ['sh', ['-c', WESTON_THEN_DRIVER, 'weston-then-driver', String(port)]]
        : ['xvfb-run', ['-a', '-s', '-screen 0 2000x1200x24', 'WebKitWebDriver', `--port=${port}`]],
    };
    const [bin, args] = commands[engine];
    // Headless Firefox's screen is 1366x768 unless told: room for 1920x1080.
    const all = { ...process.env, TMPDIR: browserTemp, MOZ_HEADLESS_WIDTH: '1960', MOZ_HEADLESS_HEIGHT: '1200', ...env };
    if (engine === 'webkit' && touchOnly) Object.assign(all, await webkitTouchDisplay());
    const child = spawn(bin, args, { stdio: process.env.E2E_DRIVER_LOG ? ['ignore', 'inherit', 'inherit'] : 'ignore', detached: true, env: all });
    child.unref();
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 200; i++) {
      try {
        const r = await fetch(`${url}/status`);
        if (r.ok) return new Server(engine, child, url);
      } catch { /* not up yet */ }
      await sleep(100);
    }
    throw new Error(`${engine}: the WebDriver server did not start`);
  }

  /** A new session (a browser of its own profile) on this server. */
  async session(options) {
    const caps = new Capabilities({ ...this.capabilities(options), unhandledPromptBehavior: 'ignore', pageLoadStrategy: 'normal' });
    for (let attempt = 0; ; attempt++) {
      try {
        const driver = WebDriver.createSession(new Executor(new HttpClient(this.url)), caps);
        await driver.getSession();
        return driver;
      } catch (e) {
        if (attempt >= 2) throw e;
        await sleep(1000);
      }
    }
  }

  stop() {
    try { process.kill(-this.process.pid, 'SIGTERM'); } catch { /* gone */ }
  }

  /** `locale` sets the browser's languages (in WebKitGTK through the
   * server's environment: `webkitEnvironment`); `noWasm` switches
   * WebAssembly off (likewise); `touchOnly`
   * makes a phone's pointer of the mouse (in WebKitGTK through its display:
   * `Server.start`); `profile` is the folder of Firefox's profile
   * (geckodriver makes one if none). */
  capabilities({ locale, noWasm, touchOnly, profile }) {
    const lang = locale ?? 'en-US';
    const pointer = touchOnly ? POINTER.finger : POINTER.mouse;
    switch (this.engine) {
      case 'chromium':
        return {
          browserName: 'chrome',
          'goog:chromeOptions': {
            binary: '/usr/bin/chromium',
            // Larger than any size a test asks for: a window shrinks reliably,
            // while growing past the headless screen now and then fails.
            args: [...CHROMIUM_ARGS, `--blink-settings=${pointer.blink}`, `--lang=${lang}`, '--window-size=1960,1200',
              ...(noWasm ? ['--js-flags=--jitless'] : [])],
            prefs: { 'intl.accept_languages': lang },
          },
        };
      case 'firefox':
        return {
          browserName: 'firefox',
          'moz:firefoxOptions': {
            binary: '/usr/bin/firefox-esr',
            args: ['-headless', ...(profile ? ['-profile', profile] : [])],
            prefs: {
              'intl.accept_languages': lang,
              'intl.locale.requested': lang,
              'media.autoplay.default': 0,
              'dom.disable_beforeunload': true,
              'ui.primaryPointerCapabilities': pointer.gecko,
              'ui.allPointerCapabilities': pointer.gecko,
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

/** What a WebKitGTK session is told through its environment, which a
 * server of its own passes on to the browser: its languages as the
 * system's locale (WebKit reads the locale, so it must exist: built here
 * once from glibc's sources into a folder of the tests' own), and
 * WebAssembly off through JavaScriptCore's own option. */
async function webkitEnvironment({ locale, noWasm }) {
  const env = noWasm ? { JSC_useWasm: 'false' } : {};
  if (!locale) return env;
  const name = `${locale.replace('-', '_')}.UTF-8`;
  const dir = `${process.env.XDG_CACHE_HOME ?? `${homedir()}/.cache`}/connect4-e2e-locales`;
  if (!existsSync(`${dir}/${name}`)) {
    await mkdir(dir, { recursive: true });
    // localedef writes into a temporary folder renamed into place, so
    // test files run side by side never read a half-written locale.
    const part = await mkdtemp(`${dir}/.${name}-`);
    await promisify(execFile)('localedef', ['-i', name.split('.')[0], '-f', 'UTF-8', `${part}/${name}`]);
    await rename(`${part}/${name}`, `${dir}/${name}`).catch((e) => { if (!existsSync(`${dir}/${name}`)) throw e; });
    await rm(part, { recursive: true, force: true });
  }
  return { ...env, LOCPATH: dir, LANG: name, LC_ALL: name };
}

/** A browser: one engine; each context is a session of its own (its own
 * profile, so its own storage), as Playwright's contexts are. */
export class Browser {
  constructor(engine) {
    this.engine = engine;
    this.contexts = new Set();
  }

  static async launch(engine) {
    const browser = new Browser(engine);
    if (engine === 'chromium') await browser.server();
    return browser;
  }

  /** The engine's WebDriver server, started once. */
  async server() {
    this.started ??= Server.start(this.engine);
    return this.started;
  }

  async newContext(options = {}) {
    // geckodriver and WebKitWebDriver hold one session at a time: a server
    // per context there.
    const own = this.engine !== 'chromium';
    const server = own
      ? await Server.start(this.engine, this.engine === 'webkit' ? await webkitEnvironment(options) : {}, options)
      : await this.server();
    const profile = this.engine === 'firefox' ? await this.firefoxProfile() : undefined;
    const driver = await server.session({ ...options, profile });
    const context = new Context(this, driver, options);
    context.profile = profile;
    if (own) context.ownServer = server;
    this.contexts.add(context);
    await driver.manage().setTimeouts({ script: 60000, pageLoad: 60000, implicit: 0 });
    return context;
  }

  /** A fresh Firefox profile of its own, copied from one that Firefox has
   * started in once (about:blank only, so no site's storage): a first
   * start in an empty profile builds its caches and databases, which took
   * half of each context's 2 s start here. */
  async firefoxProfile() {
    this.template ??= (async () => {
      const dir = await mkdtemp(`${tmpdir()}/e2e-firefox-template-`);
      const server = await Server.start('firefox');
      const driver = await server.session({ profile: dir });
      await driver.get('about:blank');
      await driver.quit().catch(() => {});
      server.stop();
      await rm(`${dir}/lock`, { force: true });
      return dir;
    })();
    const template = await this.template;
    const dir = await mkdtemp(`${tmpdir()}/e2e-firefox-`);
    await cp(template, dir, { recursive: true });
    return dir;
  }

  async close() {
    for (const context of [...this.contexts]) await context.close();
    (await this.started)?.stop();
    if (this.template) await rm(await this.template, { recursive: true, force: true });
  }
}

/** One session: pages are its windows. */
export class Context {
  constructor(browser, driver, options) {
    this.browser = browser;
    this.driver = driver;
    this.options = options;
    this.pages = [];
    this.initScripts = [];
    this.current = null;
    this.closed = false;
  }

  /** Scripts run in every page of the context after each load (WebDriver
   * cannot run them before the page's own scripts, so they must not need
   * to). */
  async addInitScript(fn) {
    this.initScripts.push(fn);
  }

  async newPage() {
    if (this.pages.length > 0) {
      await this.driver.switchTo().newWindow('window');
      this.current = null;
    }
    const page = new Page(this, await this.driver.getWindowHandle());
    this.pages.push(page);
    await page.setViewportSize(this.options.viewport ?? { width: 1024, height: 768 });
    return page;
  }

  async close() {
    if (this.closed) return;
    this.closed = true;
    this.browser.contexts.delete(this);
    await this.driver.quit().catch(() => {});
    this.ownServer?.stop();
    if (this.profile) await rm(this.profile, { recursive: true, force: true }).catch(() => {});
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
    this.driver = context.driver;
    this.handle = handle;
    this.framed = null;
    this.dialogs = [];
    this.keyboard = { press: (key) => this.press(key) };
    this.mouse = { move: (x, y) => this.pointer((a) => a.move({ x: Math.round(x), y: Math.round(y), duration: 0 })) };
  }

  /** `promise`, or an error naming `what` once it took too long. */
  bounded(what, promise) {
    let timer;
    const limit = new Promise((_, fail) => { timer = setTimeout(() => fail(new Error(`${this.context.browser.engine}: ${what} took over ${COMMAND_LIMIT} ms`)), COMMAND_LIMIT); });
    return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
  }

  /** Makes this page the session's current window (and its frame). */
  async focus() {
    if (this.context.current === this) return;
    await this.driver.switchTo().window(this.handle);
    if (this.framed) {
      await this.driver.switchTo().defaultContent();
      await this.driver.switchTo().frame(await this.driver.findElement(By.css('#frame')));
    }
    this.context.current = this;
  }

  /** The session's current window made this page's top level. */
  async top() {
    await this.driver.switchTo().window(this.handle);
    await this.driver.switchTo().defaultContent();
    this.context.current = null;
  }

  async execute(script, args = []) {
    await this.focus();
    return this.bounded('a script', this.driver.executeScript(script, ...args));
  }

  /** Runs `fn(arg)` in the page and returns its (awaited) result. */
  async evaluate(fn, arg) {
    return this.execute(typeof fn === 'string' ? `return (${fn})` : `return (${fn})(arguments[0])`, [arg]);
  }

  /** Performs the pointer actions `build(actions)` adds, then releases. */
  async pointer(build) {
    await this.focus();
    await build(this.driver.actions()).perform();
    await this.driver.actions().clear();
  }

  async press(key) {
    const KEYS = { Enter: '\uE007', ArrowRight: '\uE014', ArrowLeft: '\uE012', ArrowUp: '\uE013', ArrowDown: '\uE015', Escape: '\uE00C', Tab: '\uE004' };
    const value = KEYS[key] ?? key;
    await this.focus();
    await this.driver.actions().keyDown(value).keyUp(value).perform();
    await this.driver.actions().clear();
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
        const alert = await this.driver.switchTo().alert();
        const message = await alert.getText();
        const handler = this.dialogs.shift();
        await handler({ message: () => message, accept: () => alert.accept(), dismiss: () => alert.dismiss() });
        return;
      } catch (e) {
        if (e.name !== 'NoSuchAlertError') throw e;
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
      await this.driver.executeScript('const f = document.getElementById("frame"); return new Promise((ok) => { f.onload = () => ok(true); f.src = arguments[0]; });', url);
    } else {
      await this.focus();
      await this.driver.get(url);
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
      await this.focus();
      await this.driver.navigate().refresh();
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
        if (!['JavascriptError', 'NoSuchWindowError', 'WebDriverError', 'StaleElementReferenceError'].includes(e.name)) throw e;
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
    const window = this.driver.manage().window();
    const sizes = () => this.driver.executeScript('return [innerWidth, innerHeight, outerWidth, outerHeight]');
    // WebKit resizes its window after answering, and the page learns its
    // new size later than the window: measure once the window has the
    // asked size and the page's size has held for 200 ms, or once nothing
    // has moved for 600 ms (a window at its narrowest never gets the asked
    // size), at most 2 s; else the correction below overshoots.
    const resize = async (rect) => {
      await window.setRect(rect).catch(() => {});
      const end = Date.now() + 2000;
      let last = null;
      let held = 0;
      for (;;) {
        const now = await sizes();
        const [w, h, ow, oh] = now;
        held = last && now.every((v, i) => v === last[i]) ? held + 1 : 0;
        last = now;
        if ((w === width && h === height) || (ow === rect.width && oh === rect.height && held >= 4) || held >= 12 || Date.now() > end) {
          return [w, h];
        }
        await sleep(50);
      }
    };
    let rect = { width, height };
    let got;
    for (let attempt = 0; attempt < 4; attempt++) {
      got = await resize(rect);
      if (got[0] === width && got[1] === height) break;
      // Wider or taller than asked though the window itself was asked for
      // no more than the page: the window is as small as it goes.
      if ((got[0] > width && rect.width <= width) || (got[1] > height && rect.height <= height)) break;
      rect = { width: Math.max(width, rect.width + (width - got[0])), height: Math.max(height, rect.height + (height - got[1])) };
    }
    if (got[0] !== width || got[1] !== height) {
      // Too small for this browser's window: the page loads again, in an
      // iframe of that size.
      const harness = await harnessUrl();
      const tall = Math.max(rect.height, rect.height + (height - got[1]));
      await window.setRect({ width: Math.max(rect.width, width + 40), height: tall + 80 }).catch(() => {});
      await this.driver.get(`${harness}?w=${width}&h=${height}`);
      this.framed = { width, height };
      this.context.current = null;
      if (url && !url.startsWith('about:') && !url.startsWith(harness)) await this.goto(url);
    } else if (wasFramed && url) {
      // The window is big enough again: the page leaves the harness.
      await this.goto(url);
    }
    await this.frames();
  }

  /** Resolves once the page has drawn `count` more frames (at most 2 s):
   * by then its resize observers have run and what they changed is laid
   * out and painted. */
  async frames(count = 2) {
    await this.execute(`return new Promise((done) => {
      let left = arguments[0];
      const next = () => (left-- > 0 ? requestAnimationFrame(next) : done(true));
      setTimeout(() => done(false), 2000);
      next();
    })`, [count]);
  }

  async screenshot({ path, fullPage: _ } = {}) {
    let png;
    if (this.framed) {
      await this.top();
      const frame = await this.driver.findElement(By.css('#frame'));
      png = await this.bounded('a screenshot', frame.takeScreenshot());
    } else {
      await this.focus();
      png = await this.bounded('a screenshot', this.driver.takeScreenshot());
    }
    if (path) await writeFile(path, Buffer.from(png, 'base64'));
    return png;
  }

  async close() {
    await this.focus();
    await this.driver.close().catch(() => {});
    this.context.current = null;
    this.context.pages = this.context.pages.filter((p) => p !== this);
  }
}

const [SHARD, SHARDS] = (process.env.E2E_SHARD ?? '1/1').split('/').map(Number);
if (!(SHARDS >= 1 && SHARD >= 1 && SHARD <= SHARDS)) throw new Error(`E2E_SHARD=${process.env.E2E_SHARD}: expected k/n with 1 <= k <= n`);
let declared = 0;

/** `node:test`'s `test`, for this run's share of a file: with
 * `E2E_SHARD=k/n`, every n-th test from the k-th, in the order declared,
 * so that n runs of one file in one engine side by side run each test
 * once (the long tests are spread through each file, not kept together). */
export function test(...args) {
  declared += 1;
  if ((declared - 1) % SHARDS === SHARD - 1) nodeTest(...args);
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
