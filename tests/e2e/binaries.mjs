// The project's native binaries the browser tests start: the release build
// by default (`cargo build --release ...`), or the folder E2E_BINARIES
// names (CI runs them from its `ci` profile's build, target/ci/).
import { join } from 'node:path';

const folder = process.env.E2E_BINARIES ?? new URL('../../target/release/', import.meta.url).pathname;

/** The bridge, with the app built into it (`--features embed-app`). */
export const BRIDGE = join(folder, 'connect4-bridge');
/** The command-line tool. */
export const CONNECT4 = join(folder, 'connect4');
