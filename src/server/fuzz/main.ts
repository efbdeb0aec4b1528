import { parseArgs } from 'node:util';
import type { Engine } from '../db/connect.js';
import { createTestApp } from '../testing/harness.js';
import { FUZZ_ENV, formatReport, runCampaign } from './campaign.js';

/**
 * The long fuzz run: `npm run fuzz -- --minutes N [--engine sqlite|postgres] [--seed S] [--requests R]`.
 * Each engine gets a fresh database (PostgreSQL: one created and dropped on the server that
 * TEST_DATABASE_URL or DATABASE_URL names), and its share of the minutes. Prints the status counts
 * per operation and every finding; exits 1 when there is one.
 */
const USAGE =
  'usage: npm run fuzz -- --minutes N [--engine sqlite|postgres] [--seed S] [--requests R] [--concurrency C] [--set NAME=VALUE…]\n' +
  '  --set changes one of the app\'s settings for the run (MAX_BODIES_IN_FLIGHT_PER_ADDRESS=1000, say, to look past a finding of that limit)';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string', default: '5' },
      engine: { type: 'string' },
      seed: { type: 'string' },
      requests: { type: 'string' },
      concurrency: { type: 'string', default: '4' },
      set: { type: 'string', multiple: true, default: [] },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const minutes = Number(values.minutes);
  const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
  const maxRequests = values.requests === undefined ? Number.POSITIVE_INFINITY : Number(values.requests);
  const concurrency = Number(values.concurrency);
  if (!(minutes > 0) || !Number.isInteger(seed) || !(maxRequests > 0) || !(concurrency >= 1)) {
    console.error(USAGE);
    return 2;
  }
  // The harness creates its PostgreSQL databases beside the one TEST_DATABASE_URL names.
  const postgresUrl = process.env.TEST_DATABASE_URL || (/^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL : undefined);
  if (postgresUrl) process.env.TEST_DATABASE_URL = postgresUrl;
  let engines: Engine[];
  if (values.engine === 'sqlite' || values.engine === 'postgres') engines = [values.engine];
  else if (values.engine === undefined) engines = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
  else {
    console.error(USAGE);
    return 2;
  }
  if (engines.includes('postgres') && !postgresUrl) {
    console.error('--engine postgres needs TEST_DATABASE_URL or DATABASE_URL (postgres://user@host:5432/db): the fuzz creates and drops its own database there');
    return 2;
  }

  const settings: Record<string, string> = { ...FUZZ_ENV };
  for (const assignment of values.set) {
    const [name, ...rest] = assignment.split('=');
    if (!name || !rest.length) {
      console.error(USAGE);
      return 2;
    }
    settings[name] = rest.join('=');
  }

  let findings = 0;
  for (const engine of engines) {
    const t = await createTestApp(engine, settings);
    try {
      const report = await runCampaign(t, {
        seed,
        maxRequests,
        maxMs: (minutes * 60_000) / engines.length,
        concurrency,
        rawEvery: 2_000,
        log: (line) => console.log(`[${engine}] ${line}`),
      });
      console.log(`\n${formatReport(report)}\n`);
      findings += report.findings.length;
    } finally {
      await t.close();
    }
  }
  console.log(findings ? `${findings} distinct findings (seed ${seed})` : `no findings (seed ${seed})`);
  return findings ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
