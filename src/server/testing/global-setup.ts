import { RUN_VARIABLE, dropRunDatabases, newRunPrefix } from './test-databases.js';

/**
 * The server tests' run, around all its files: gives the run its own prefix for the PostgreSQL
 * databases its tests create, and drops at its end whatever database of that prefix is still there.
 * Each test drops its own; one that failed before it could (its app never built, a hook timed out)
 * left an empty database behind on every run until now.
 */
export function setup() {
  const prefix = newRunPrefix();
  process.env[RUN_VARIABLE] = prefix;
  return async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return;
    const left = await dropRunDatabases(adminUrl, prefix);
    if (left.length > 0) process.stdout.write(`dropped ${left.length} test database(s) left behind: ${left.join(', ')}\n`);
  };
}
