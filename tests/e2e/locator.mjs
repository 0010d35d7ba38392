// Locators: elements named as a person knows them (role and accessible
// name, label, text), found afresh in the page at each use, with waits.
// The in-page finding is in accessibility.mjs; WebDriver's commands are
// selenium-webdriver's.
import { writeFile } from 'node:fs/promises';
import { FIND, MISSING, bundle } from './accessibility.mjs';

export const DEFAULT_TIMEOUT = 30000;

export const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/** Whether an element is shown (in-page source). */
const SHOWN = "(e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden'";

const toPattern = (v) => (v instanceof RegExp ? { regex: v.source, flags: v.flags } : v);

/** Errors after which an action is tried again: the element moved, was
 * covered for a moment or was drawn anew. */
const PASSING = ['ElementClickInterceptedError', 'ElementNotInteractableError', 'StaleElementReferenceError'];

/** Errors of a driver that did not answer a poll, after which the same
 * question is asked again. */
const UNANSWERED = ['WebDriverError', 'JavascriptError'];

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
    const script = `const found = (function () { ${FIND} }).apply(null, [arguments[0]]);
      return found === ${JSON.stringify(MISSING)} ? found : (${fn})(found, arguments[1]);`;
    for (let attempt = 0; ; attempt++) {
      const result = await this.page.execute(script, [this.steps, arg]);
      if (result !== MISSING || attempt > 0) return result;
      await this.page.execute(bundle());
    }
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
      // Firefox's driver once answered null while the page drew itself
      // (CI, 2026-11-29), WebKit's once failed with "Could not parse
      // script result" on a page just opened (CI, 2026-12-02): a poll
      // without an answer says nothing either way, and the next one asks
      // again; the last one's failure is what the timeout reports.
      let found;
      try {
        found = await this.run(`(els) => [els.length, els.some(${SHOWN})]`);
      } catch (e) {
        if (!UNANSWERED.includes(e.name) || Date.now() > end) throw e;
      }
      if (Array.isArray(found)) {
        const [n, visible] = found;
        const ok = { attached: n > 0, visible, hidden: !visible, detached: n === 0 }[state];
        if (ok) return;
      }
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

  /** The first match, visible, for WebDriver's own commands. */
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
          await this.page.pointer((a) => a.move({ x: Math.round(x), y: Math.round(y), duration: 0 }).press().release());
        } else {
          await (await this.shownElement()).click();
        }
        await this.page.afterAction();
        return;
      } catch (e) {
        if (!PASSING.includes(e.name) || Date.now() > end) throw e;
        await sleep(100);
      }
    }
  }

  async hover() {
    await this.waitFor();
    const [x, y] = await this.one((el) => { const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; });
    await this.page.pointer((a) => a.move({ x: Math.round(x), y: Math.round(y), duration: 0 }));
  }

  /** Types `text` over the field's value. WebKit's driver now and then
   * calls a shown, enabled field "not focusable": then the value is set as
   * typing sets it, with an input event. */
  async fill(text) {
    const end = Date.now() + 3000;
    for (;;) {
      const el = await this.element();
      try {
        await el.clear();
        await el.sendKeys(text);
        return;
      } catch (e) {
        if (e.name !== 'ElementNotInteractableError') throw e;
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
    const png = await this.page.bounded('an element screenshot', el.takeScreenshot());
    await writeFile(path, Buffer.from(png, 'base64'));
  }
}
