// `npm start`: runs the built server with the C library's allocator settings Portico needs on Linux.
//
// Signing in hashes the password with Argon2 in 19 MiB of memory. When glibc frees a block that large,
// it raises its threshold for serving allocations with mmap to the block's size, so from then on
// everything below 19 MiB comes from heaps it rarely gives back: one sign-in left the server 40-120 MB
// larger under the next load (docs/decisions/0013-server-memory.md). A fixed threshold keeps the
// default behaviour. The setting must be in the environment when the process starts, hence this
// launcher; an operator's own value wins.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const server = fileURLToPath(new URL('../dist/server/server.js', import.meta.url));
const child = spawn(process.execPath, [...process.execArgv, server], {
  stdio: 'inherit',
  env: { MALLOC_MMAP_THRESHOLD_: '131072', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
