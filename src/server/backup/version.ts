import fs from 'node:fs';

/**
 * Portico's version, from package.json. The sources (src/server/backup) and the build
 * (dist/server/backup) sit equally deep below it.
 */
export const PORTICO_VERSION: string = (
  JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
