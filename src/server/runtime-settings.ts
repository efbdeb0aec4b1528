/**
 * How the server process is started: the C library's allocator settings and V8's young generation
 * Portico needs on Linux. `npm start` (scripts/serve.mjs), the browser tests and the bench all start
 * the server with these; a service manager that runs `node dist/server/server.js` itself should set
 * them too (README, Running it). Environment variables must be set before the process starts, which
 * is why a launcher sets them rather than the server.
 */

/**
 * glibc's allocator, through its environment variables (other C libraries ignore them).
 *
 * `MALLOC_MMAP_THRESHOLD_`: a block of 32 KiB or more gets its own mapping, given back to the system
 * when it is freed. Fixing the threshold at all matters first: by default glibc raises it to the
 * size of the largest block freed, and one Argon2 sign-in (9 MiB) then left everything below that in
 * heaps it rarely gives back, the server 40-120 MB larger under the next load (docs/decisions/
 * 0013-server-memory.md). 32 KiB rather than glibc's 128 KiB: the images' decoders and encoders free
 * many blocks between the two, and kept in the heaps those were never given back. One 1600 px AVIF
 * variant left the process 17 MB larger at 128 KiB and 3 MB larger at 32 KiB; under the bench's
 * uploads the server's peak was ~20 MB lower, at the same page rate (docs/decisions/
 * 0062-allocator-and-image-threads.md).
 *
 * `MALLOC_ARENA_MAX`: two arenas instead of up to sixteen on two cores. The threads that decode and
 * encode images each filled an arena of their own and kept it; under a burst of uploads the server's
 * peak was ~20 MB lower (docs/decisions/0061-server-memory-again.md).
 */
export const ALLOCATOR_ENV = { MALLOC_MMAP_THRESHOLD_: '32768', MALLOC_ARENA_MAX: '2' } as const;

/**
 * V8's young generation grows to three 16 MB semi-spaces under load. Request garbage dies young at
 * 4 MB just as well: the server's peak is 20-30 MB lower at the same throughput (docs/decisions/
 * 0061-server-memory-again.md). Not added when the operator gave their own `--max-semi-space-size`.
 */
export function youngGenerationArgs(execArgv: readonly string[], nodeOptions = ''): string[] {
  const given = [...execArgv, nodeOptions].some((arg) => arg.includes('max-semi-space-size'));
  return given ? [] : ['--max-semi-space-size=4'];
}
