// Runs the connect4 binary built for wasm32-wasip1 under Node's WASI, so the
// same benchmark runs in V8:
//   node engine/wasi/connect4.mjs target/wasm32-wasip1/release/connect4.wasm bench <files>
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import process from 'node:process';
import v8 from 'node:v8';
import { WASI } from 'node:wasi';

// Compile with the optimising tier at once: the benchmark then measures the
// code a browser runs once the search is warm, not V8's baseline compiler.
v8.setFlagsFromString('--no-liftoff');

const [wasmPath, ...args] = process.argv.slice(2);
if (!wasmPath) {
  console.error('usage: node connect4.mjs <connect4.wasm> <connect4 arguments>');
  process.exit(2);
}
const wasi = new WASI({
  version: 'preview1',
  // WASI programs start in '/', so hand them absolute paths.
  args: ['connect4', ...args.map((a) => (existsSync(a) ? resolve(a) : a))],
  env: process.env,
  preopens: { '/': '/' },
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(wasmPath));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
