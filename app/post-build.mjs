// Trunk's post-build step (Trunk.toml) on the staged app, before it becomes
// dist/:
// 0. The booth's build of the app (Trunk stages it in booth/ under fixed
//    names, as it does a worker's) named after its content beside the
//    demo's, so that caches may keep it as they keep the demo's. Both
//    builds' JS glue minified, and the page's integrity digest with it.
//    The languages' texts files (app-texts, from the locale files).
// 1. The service worker's cache is named after the build's content, never
//    by hand: any changed file (a new book, a new page) makes a new worker,
//    which fetches everything afresh and deletes the old cache.
// 2. The booth's page: index.bridge.html, the page with a mark that a bridge
//    served it (the app opens the booth's WebSocket only then), loading the
//    booth's build instead of the demo's.
// 3. Every text and Wasm file compressed ahead, Brotli and gzip at their
//    best, beside it (name.br, name.gz), for the bridge and any static host
//    that serves such files.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.env.TRUNK_STAGING_DIR || process.argv[2];
// Quick compression (zlib's gzip alone, Brotli at quality 5), for a test
// that builds a release again over a built app and asks nothing of the
// compressed files' size: the best compression takes this step 20 s.
const quick = process.env.POST_BUILD_QUICK === '1';
if (!dir) throw new Error('usage: node app/post-build.mjs <staged app folder> (or TRUNK_STAGING_DIR)');

const files = (folder) => readdirSync(folder).flatMap((name) => {
  const path = join(folder, name);
  return statSync(path).isDirectory() ? files(path) : [path];
});
const compressed = /\.(br|gz)$/;
const sorted = () => files(dir).filter((f) => !compressed.test(f)).sort();

// 0. The booth's build under names with its content's hash.
const sha = (algorithm, ...bodies) => {
  const digest = createHash(algorithm);
  for (const body of bodies) digest.update(body);
  return digest;
};
// Trunk's minifier cannot read the glue, an ES module; Terser (installed
// with the tests' tools, as wasm-opt is) can. Its exported names stay:
// the page and the worker import them.
const root = new URL('..', import.meta.url).pathname;
const terser = await import(pathToFileURL(createRequire(join(root, 'tests/e2e/package.json')).resolve('terser')).href);
const minify = async (code, module = true) => Buffer.from((await terser.minify(code.toString('utf8'), {
  module, compress: { passes: 2 }, format: { comments: false },
})).code);
// wasm-bindgen writes its glue indented; a run over a built app finds it
// minified already.
const minified = async (glue) => (/\n {4}/.test(glue.toString('utf8')) ? minify(glue) : glue);
const integrity = (body) => `sha384-${sha('sha384', body).digest('base64')}`;
// Run again over a built app (a test does), it finds them named.
const staged = join(dir, 'booth');
if (existsSync(staged)) {
  const glue = await minified(readFileSync(join(staged, 'app-booth.js')));
  writeFileSync(join(staged, 'app-booth.js'), glue);
  const wasm = readFileSync(join(staged, 'app-booth_bg.wasm'));
  const name = `app-booth-${sha('sha256', glue, wasm).digest('hex').slice(0, 16)}`;
  renameSync(join(staged, 'app-booth.js'), join(dir, `${name}.js`));
  renameSync(join(staged, 'app-booth_bg.wasm'), join(dir, `${name}_bg.wasm`));
  rmSync(staged, { recursive: true });
}
const boothName = readdirSync(dir).find((f) => /^app-booth-[0-9a-f]{16}\.js$/.test(f))?.slice(0, -'.js'.length);
if (!boothName) throw new Error('no booth build (booth/app-booth.js): index.html builds it as a second Rust link');
const boothGlue = readFileSync(join(dir, `${boothName}.js`));
const boothWasm = readFileSync(join(dir, `${boothName}_bg.wasm`));

// 0b. The languages' texts files (all but English, which the Wasm has
// built in), which the page fetches when a language is chosen, named by
// their content as the app's build names them; the service worker keeps
// them from the first visit on, for a language chosen offline.
for (const old of readdirSync(dir).filter((f) => /^texts-.*\.txt$/.test(f))) rmSync(join(dir, old));
const textFiles = execFileSync('cargo', ['run', '--quiet', '--locked', '-p', 'locale-files', '--bin', 'app-texts', '--',
  join(root, 'shared/locales/app'), dir], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
  .split('\n').filter((line) => /^texts-[a-z]+-[0-9a-f]{16}\.txt$/.test(line));
if (textFiles.length === 0) throw new Error('app-texts wrote no texts files');
// The page's own script preloads the file of the browser's language.
const indexFile = join(dir, 'index.html');
const listed = `data-texts="${textFiles.map((f) => `${f.split('-')[1]}:${f}`).join(',')}"`;
let indexPage = readFileSync(indexFile, 'utf8');
const textsAttribute = /data-texts=("[^"]*"|[^\s>]*)/;
if (!textsAttribute.test(indexPage)) throw new Error('index.html has no data-texts attribute to list the texts files in');
// The demo's glue minified, under Trunk's name, its digest in the page.
// Trunk writes its hash as a number in hex, without leading zeros: one
// build in sixteen has fewer than 16 digits.
const demoName = /\/(app-[0-9a-f]{1,16})(\.js|_bg\.wasm)/.exec(indexPage)?.[1];
if (!demoName) throw new Error('index.html names no app-<hash>.js');
const demoGlueFile = join(dir, `${demoName}.js`);
const trunkGlue = readFileSync(demoGlueFile);
const demoGlue = await minified(trunkGlue);
writeFileSync(demoGlueFile, demoGlue);
indexPage = indexPage.replaceAll(integrity(trunkGlue), integrity(demoGlue));
writeFileSync(indexFile, indexPage.replace(textsAttribute, listed));

// The search worker's loader minified, from its source: a run over a
// built app finds the copy in the folder minified already.
writeFileSync(join(dir, 'worker_loader.js'), await minify(readFileSync(join(root, 'app/static/worker_loader.js'))));

// 1. The cache's name from every file but the worker's own script, which
// is written from its source, named and minified (a classic script).
const sw = join(dir, 'sw.js');
const hash = createHash('sha256');
for (const file of sorted().filter((f) => f !== sw)) {
  hash.update(relative(dir, file));
  hash.update(readFileSync(file));
}
const version = `vier-gewinnt-${hash.digest('hex').slice(0, 16)}`;
const script = readFileSync(join(root, 'app/static/sw.js'), 'utf8');
const versionLine = /const VERSION = '[^']*';/;
if (!versionLine.test(script)) throw new Error('sw.js has no `const VERSION = \'…\';` to name');
const textsLine = /const TEXTS = \[[^\]]*\];/;
if (!textsLine.test(script)) throw new Error('sw.js has no `const TEXTS = [];` to list the texts files in');
writeFileSync(sw, await minify(script.replace(versionLine, `const VERSION = '${version}';`)
  .replace(textsLine, `const TEXTS = ${JSON.stringify(textFiles.map((f) => `./${f}`))};`), false));

// 2. The page as the bridge serves it.
const page = readFileSync(join(dir, 'index.html'), 'utf8');
// After the charset, which must come first (the minified page has no <head>).
const marked = page.replace(/<meta charset=[^>]*>/i, (charset) => `${charset}<meta name="connect4-bridge" content="ws">`);
if (marked === page) throw new Error('index.html has no <meta charset> to mark the page after');
// Every mention of the demo's glue and Wasm (the loading script, the
// preloads) names the booth's, with the booth's integrity digests.
const demoWasm = readFileSync(join(dir, `${demoName}_bg.wasm`));
// The booth's build has every language built in: nothing to preload.
// Its loading line says what the lobby will (index.html's script reads
// data-lobby): each language's lobby title and first line, from the
// locale files, as one attribute of JSON.
const lobby = {};
const localeDir = join(root, 'shared/locales/app');
for (const file of readdirSync(localeDir).filter((f) => f.endsWith('.ftl'))) {
  const ftl = readFileSync(join(localeDir, file), 'utf8');
  const line = (key) => new RegExp(`^${key} = (.+)$`, 'm').exec(ftl)?.[1].trim();
  const [title, intro] = [line('lobby-title'), line('lobby-intro')];
  if (!title || !intro) throw new Error(`${file} has no one-line lobby-title and lobby-intro for the booth's loading line`);
  lobby[file.slice(0, -'.ftl'.length)] = `${title}. ${intro}`;
}
const attribute = (text) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
// The line's English words in the HTML too, its first sentence the
// lobby's: Chromium may paint the line before the script has chosen its
// language, and takes an element's first paint as its largest-paint
// candidate (the demo's shorter words there made the lobby's first line,
// drawn by the Wasm, the booth page's largest paint).
const loadingLine = /(<p\b[^>]*\bid="?loading"?[^>]*>)[^.<]*\. ([^<]*<\/p>)/;
if (!loadingLine.test(marked)) throw new Error('index.html has no <p id="loading"> whose first sentence the booth\'s page can replace');
const booth = marked
  .replace(loadingLine, (_, open, rest) => `${open}${attribute(lobby.en)} ${rest}`)
  .replace(textsAttribute, `data-texts="" data-lobby="${attribute(JSON.stringify(lobby))}"`)
  .replaceAll(integrity(demoGlue), integrity(boothGlue))
  .replaceAll(integrity(demoWasm), integrity(boothWasm))
  .replaceAll(demoName, boothName);
if (booth.includes(demoName)) throw new Error('the booth\'s page still names the demo\'s build');
writeFileSync(join(dir, 'index.bridge.html'), booth);

/** The smallest of zlib's gzip, GNU gzip's and Zopfli's (where they are
 * installed; .ci/setup.sh installs both): a booth's page on plain HTTP gets
 * gzip, not Brotli, so every byte of it counts. GNU's deflate finds longer
 * matches than zlib's (1.2 KB less on the app's Wasm); Zopfli searches
 * hardest, about 4 % less again, at seconds per megabyte, so it is spared
 * the position database. Both outputs are the same from build to build
 * (`-n` keeps GNU's free of a time). */
function gzipBest(body) {
  let best = gzipSync(body, { level: 9 });
  if (quick) return best;
  const take = (make) => {
    try {
      const out = make();
      if (out.length < best.length) best = out;
    } catch {
      // Not installed: the others' copy serves.
    }
  };
  const run = (tool, args, input) => execFileSync(tool, args, { input, maxBuffer: 64 * 1024 * 1024, stdio: ['pipe', 'pipe', 'ignore'] });
  take(() => run('gzip', ['-9', '-n', '-c'], body));
  // Zopfli reads a file, not a pipe.
  if (body.length < 2 * 1024 * 1024) {
    take(() => {
      const scratch = mkdtempSync(join(tmpdir(), 'zopfli-'));
      try {
        writeFileSync(join(scratch, 'body'), body);
        return run('zopfli', ['-c', join(scratch, 'body')]);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    });
  }
  return best;
}

// 3. Compressed copies where they save something.
const text = /\.(html|js|mjs|css|svg|json|webmanifest|wasm|c4b|c4l|txt)$/;
let before = 0;
let after = 0;
for (const file of sorted().filter((f) => text.test(f))) {
  const body = readFileSync(file);
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quick ? 5 : constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gz = gzipBest(body);
  // A copy from an earlier run over the same folder must not outlive its
  // file: a server would send the old content.
  rmSync(`${file}.gz`, { force: true });
  rmSync(`${file}.br`, { force: true });
  if (gz.length > body.length * 0.9) continue;
  writeFileSync(`${file}.gz`, gz);
  if (br.length < gz.length) writeFileSync(`${file}.br`, br);
  before += body.length;
  after += Math.min(br.length, gz.length);
}
console.log(`post-build: cache ${version}; ${before} bytes of text and Wasm, ${after} compressed`);
