// `npm start`: runs the built server with the C library's allocator settings Portico needs on Linux.
//
// Signing in hashes the password with Argon2 in 9-19 MiB of memory. When glibc frees a block that large,
// it raises its threshold for serving allocations with mmap to the block's size, so from then on
// everything below that size comes from heaps it rarely gives back: one sign-in left the server 40-120 MB
// larger under the next load (docs/decisions/0013-server-memory.md). A fixed threshold keeps the
// default behaviour. The setting must be in the environment when the process starts, hence this
// launcher; an operator's own value wins.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// V8's young generation grows to three 16 MB semi-spaces under load. Request garbage dies young at
// 4 MB just as well: the server's peak is 20-30 MB lower at the same throughput (docs/decisions/
// 0061-server-memory-again.md). An operator's own `--max-semi-space-size` wins.
const server = fileURLToPath(new URL('../dist/server/server.js', import.meta.url));
const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((arg) => arg.includes('max-semi-space-size'));
const child = spawn(process.execPath, [...process.execArgv, ...(given ? [] : ['--max-semi-space-size=4']), server], {
  stdio: 'inherit',
  // Two malloc arenas instead of up to sixteen on two cores: the threads that decode and encode
  // images (libvips, the resize worker, the thread pool) each filled an arena of their own and kept
  // it; under a burst of uploads the server's peak was ~20 MB lower (docs/decisions/0061).
  env: { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_ARENA_MAX: '2', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
