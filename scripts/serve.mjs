// `npm start`: runs the built server with the allocator and V8 settings Portico needs on Linux
// (src/server/runtime-settings.ts says which and why). They must be in place when the process starts,
// hence this launcher; an operator's own values win.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ALLOCATOR_ENV, youngGenerationArgs } from '../dist/server/runtime-settings.js';

const server = fileURLToPath(new URL('../dist/server/server.js', import.meta.url));
const child = spawn(process.execPath, [...process.execArgv, ...youngGenerationArgs(process.execArgv, process.env.NODE_OPTIONS), server], {
  stdio: 'inherit',
  env: { ...ALLOCATOR_ENV, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
