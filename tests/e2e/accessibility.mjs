// The in-page side of finding elements as a person (or a screen reader)
// knows them: roles and accessible names by the W3C specifications, from
// dom-accessibility-api (MIT, https://github.com/eps1lon/dom-accessibility-api),
// and the steps of a locator (by role, label, text, CSS) applied in the page.
//
// dom-accessibility-api ships CommonJS modules; `bundle()` joins them into
// one script that defines `window.__a11y` in the page, since a WebDriver
// script cannot import modules.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const require = createRequire(import.meta.url);

let source;

/** A script that defines `window.__a11y` (`getRole`,
 * `computeAccessibleName`, `isInaccessible`) in the page it runs in. */
export function bundle() {
  if (source) return source;
  const dist = dirname(require.resolve('dom-accessibility-api'));
  const modules = new Map();
  const load = (key) => {
    if (modules.has(key)) return;
    modules.set(key, null);
    let code = readFileSync(join(dist, `${key}.js`), 'utf8');
    code = code.replace(/require\("(\.[^"]+)"\)/g, (_, spec) => {
      const target = relative(dist, join(dist, dirname(key), spec));
      load(target);
      return `require(${JSON.stringify(target)})`;
    });
    modules.set(key, code);
  };
  load('index');
  load('is-inaccessible');
  const definitions = [...modules].map(([key, code]) => `${JSON.stringify(key)}: function (module, exports, require) {\n${code}\n}`);
  source = `if (!window.__a11y) window.__a11y = (function () {
  const definitions = {${definitions.join(',\n')}};
  const cache = {};
  function require(key) {
    if (!cache[key]) {
      const module = { exports: {} };
      cache[key] = module;
      definitions[key](module, module.exports, require);
    }
    return cache[key].exports;
  }
  const api = require('index');
  return { getRole: api.getRole, computeAccessibleName: api.computeAccessibleName, isInaccessible: require('is-inaccessible').isInaccessible };
})();`;
  return source;
}

/** What `find` answers when the page has no `window.__a11y` yet (a new
 * page, a reload): the caller runs `bundle()` there and asks again. */
export const MISSING = '__a11y missing__';

/** The body of a script that finds the elements a chain of steps names
 * (`arguments[0]`), as Playwright's locators do: by role and accessible
 * name among what is rendered, by a form control's accessible name (its
 * label), by text, by CSS. Returns the elements, or `MISSING`. */
export const FIND = String.raw`
const a11y = window.__a11y;
if (!a11y) return ${JSON.stringify(MISSING)};
const steps = arguments[0];
const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
const rendered = (el) => el.isConnected && !a11y.isInaccessible(el) && el.getClientRects().length > 0;
const role = (el) => {
  const r = a11y.getRole(el);
  // A section is a region only with a name (HTML-AAM).
  return r === 'region' && !el.hasAttribute('role') && !norm(a11y.computeAccessibleName(el)) ? null : r;
};
const name = (el) => norm(a11y.computeAccessibleName(el));
const matches = (actual, want, exact) => {
  if (want === undefined || want === null) return true;
  if (want.regex) return new RegExp(want.regex, want.flags).test(actual);
  return exact ? actual === norm(want) : actual.toLowerCase().includes(norm(want).toLowerCase());
};
const FORM = ['input', 'select', 'textarea'];
let found = [document];
for (const step of steps) {
  let next = [];
  if (step.kind === 'nth') {
    const i = step.index < 0 ? found.length + step.index : step.index;
    next = found[i] ? [found[i]] : [];
  } else if (step.kind === 'hasText') {
    next = found.filter((el) => matches(norm(el.textContent), step.text, false));
  } else {
    for (const scope of found) {
      for (const el of scope.querySelectorAll(step.kind === 'css' ? step.css : '*')) {
        if (next.includes(el)) continue;
        if (step.kind === 'css') {
          next.push(el);
        } else if (step.kind === 'role') {
          // As Playwright: roles of what is rendered only; labels and text anywhere.
          if (rendered(el) && role(el) === step.role && matches(name(el), step.name, step.exact)) next.push(el);
        } else if (step.kind === 'label') {
          if (FORM.includes(el.localName) && matches(name(el), step.text, step.exact)) next.push(el);
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
