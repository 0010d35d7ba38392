// A small static file server for dist/, used by the end-to-end tests and by
// the Lighthouse audit of the public demo: it serves as a well-kept static
// host does, the build's compressed copies (name.br, name.gz) to browsers
// that take them, files named by their hash cached for a year, the rest
// revalidated.
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
};

/** Serves `dir`; `routes` maps a path to a function `(req, res)` that
 * answers it instead (a test's stand-in for a file), or that returns
 * false to let the file be served. */
export function serve(dir, port = 0, host = '127.0.0.1', routes = {}) {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (routes[path] && routes[path](req, res) !== false) return;
      let file = normalize(join(root, path));
      if (!file.startsWith(root)) throw new Error('outside');
      if ((await stat(file).catch(() => null))?.isDirectory()) file = join(file, 'index.html');
      const accepts = req.headers['accept-encoding'] ?? '';
      const copy = [['br', '.br'], ['gzip', '.gz']].find(([name]) => accepts.includes(name)
        && existsSync(file + (name === 'br' ? '.br' : '.gz')));
      const body = await readFile(copy ? file + copy[1] : file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': /-[0-9a-f]{12,16}[_.]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
        vary: 'accept-encoding',
        ...(copy ? { 'content-encoding': copy[0] } : {}),
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  return new Promise((ok) => server.listen(port, host, () => ok(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir = 'dist', port = '8080'] = process.argv.slice(2);
  const server = await serve(dir, Number(port));
  console.log(`serving ${dir} at http://127.0.0.1:${server.address().port}/`);
}
