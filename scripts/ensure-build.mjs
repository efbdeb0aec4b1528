// Builds Portico only when the build is missing or older than its sources, so `npm start` and
// `npm test` start at once on a built tree and never run a stale one.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const OUTPUTS = ['dist/server/server.js', 'build/server/index.js', 'build/client/.vite/islands-manifest.json'];
const SOURCES = ['src', 'public', 'scripts', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'vite.config.ts', 'vite.islands.config.ts', 'react-router.config.ts'];

function newest(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) latest = Math.max(latest, newest(path.join(entry, child)));
  return latest;
}

const built = OUTPUTS.every((file) => fs.existsSync(file)) ? Math.min(...OUTPUTS.map((file) => fs.statSync(file).mtimeMs)) : 0;
const changed = Math.max(...SOURCES.map(newest));
if (built > changed) process.exit(0);

console.log(built ? 'Sources changed since the last build: building Portico…' : 'Building Portico (first start)…');
const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
process.exit(result.status ?? 1);
