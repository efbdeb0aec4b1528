/**
 * `npm run bench`: Portico's throughput, latency, memory, page weight and cost growth, measured side by
 * side in one run on a deterministic data set. Measurements, not tests: nothing here fails because the
 * machine is slow; each target is reported as met or missed.
 *
 *   npm run bench              SQLite (and PostgreSQL too when BENCH_DATABASE_URL is set)
 *   npm run bench -- --large   also measures the application query at 2,000,000 rows
 *   npm run bench -- --quick   2 s runs, for checking the bench itself
 *   npm run bench -- --no-build  skips the build when dist/ and build/ are known to be fresh
 *   npm run bench -- --only=postgres  one engine only
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { sql } from 'kysely';
import { connect } from '../src/server/db/connect.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { JOB_APPLICATION_LIST_FIELDS } from '../src/shared/schemas/job-application.js';
import { startPortico } from '../src/e2e/harness.js';
import type { Portico } from '../src/e2e/harness.js';
import { REALISTIC, generate } from './generate.js';
import { load } from './load.js';
import type { LoadResult, LoadSpec } from './load.js';
import { measurePages } from './browser.js';
import { photo } from './images.js';
import { startUploads, uploadImage, uploadImages } from './uploads.js';
import { NGINX, nginxAvailable, savePage, startNginx } from './nginx.js';
import type { Nginx } from './nginx.js';
import type { PageWeight } from './browser.js';
import { describeImage, nginxRatioOf, ratioOf, round, targetsOf } from './targets.js';
import type { EngineRun } from './targets.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = new Set(process.argv.slice(2));
const LARGE = args.has('--large');
const QUICK = args.has('--quick');
const NO_BUILD = args.has('--no-build');
const SECONDS = QUICK ? 2 : 10;
/**
 * A page runs this many times, each between two runs of nginx sending its answer, for this long, and
 * its ratio is the median of its runs' (decision 0071): one pair of 10 s runs read anywhere from 0.44
 * to 0.72 on a machine whose speed swings from one second to the next.
 */
const PAGE_ROUNDS = QUICK ? 1 : 3;
const PAGE_SECONDS = QUICK ? 2 : 6;
const ADMIN_PASSWORD = 'bench-admin-password';
const CEILING_FILE = 'bench-ceiling.html';


function log(message: string) {
  process.stdout.write(`bench: ${message}\n`);
}

/** Benches what the sources say: builds first, unless told the build is fresh (`--no-build`). */
function ensureBuild() {
  const built = fs.existsSync(path.join(ROOT, 'dist/server/server.js')) && fs.existsSync(path.join(ROOT, 'build/server/index.js'));
  if (NO_BUILD && built) return;
  log('building');
  execSync('npm run build', { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function database(engine: 'sqlite' | 'postgres', dataDir: string) {
  if (engine === 'sqlite') return { url: '', config: { kind: 'sqlite' as const, file: path.join(dataDir, 'portico.db') }, drop: async () => {} };
  const admin = process.env.BENCH_DATABASE_URL!;
  const name = `portico_bench_${Date.now().toString(36)}`;
  const onAdmin = async (work: (client: postgres.Sql) => Promise<unknown>) => {
    const client = postgres(admin, { max: 1, onnotice: () => {} });
    try {
      await work(client);
    } finally {
      await client.end();
    }
  };
  await onAdmin((client) => client`create database ${client(name)}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    config: { kind: 'postgres' as const, url: url.toString() },
    drop: () => onAdmin((client) => client`drop database if exists ${client(name)} with (force)`),
  };
}

/** Adds rows up to `applications` and refreshes the planner's statistics, as a maintained database would have. */
async function fill(config: Parameters<typeof connect>[0], volumes: typeof REALISTIC, applicationsFrom?: number) {
  const db = connect(config);
  try {
    if (!applicationsFrom) await migrateToLatest(db);
    const started = Date.now();
    await generate(db.kysely, volumes, { applicationsFrom });
    // PostgreSQL also needs its visibility map, or no index-only scan is ever chosen.
    await (config.kind === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db.kysely);
    log(`filled to ${volumes.applications.toLocaleString('en')} applications in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await db.close();
  }
}

async function post<T>(base: string, p: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}/api/${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { isSuccess: boolean; data: T; message: string };
  if (!envelope.isSuccess) throw new Error(`${p}: ${envelope.message}`);
  return envelope.data;
}

async function get<T>(base: string, p: string, token: string): Promise<T> {
  const res = await fetch(`${base}/api/${p}`, { headers: { authorization: `Bearer ${token}` } });
  const envelope = (await res.json()) as { isSuccess: boolean; data: T; message: string };
  if (!envelope.isSuccess) throw new Error(`${p}: ${envelope.message}`);
  return envelope.data;
}

/**
 * The home page's hero gets a photo from the media library, as staff would set it: uploaded, put in
 * the hero's image field by reference, published. Its variants are all made before anything is
 * measured (a browser asking first would wait for the encoding).
 */
async function addHeroImage(base: string, token: string) {
  const image = await uploadImage(base, token, await photo(2400, 1350, 16), 'hero.jpg');
  type Block = { type: string; image?: string; imageAlt?: Record<string, string> };
  const page = await get<{ blocks: Block[] }>(base, 'Page/home?draft=1', token);
  const at = page.blocks.findIndex((b) => b.type === 'hero');
  if (at < 0) throw new Error('the home page has no hero block');
  const blocks = page.blocks.map((b, i) => (i === at ? { ...b, image: image.reference, imageAlt: { 'zh-CN': '园区鸟瞰', 'en-US': 'The campus from above' } } : b));
  await post(base, 'Page/Update', { key: 'home', blocks }, token);
  await post(base, 'Page/Publish', { key: 'home' }, token);
  const media = await get<{ variants: { url: string }[] }>(base, `Media/${image.id}`, token);
  for (const v of media.variants) {
    const res = await fetch(`${base}${v.url}`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${v.url}: ${res.status}`);
  }
  log(`home page hero: ${image.width}×${image.height} JPEG, ${media.variants.length} variants`);
}

/** Photos uploaded a second, beside the page load of "/Home while images upload" (README, Performance). */
const UPLOADS_PER_SECOND = 3;

const peakRssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
};

function serverEnv(url: string) {
  return {
    DATABASE_URL: url,
    PORTICO_DEMO: '0',
    PORTICO_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    // The bench measures the write paths, not the throttles that protect them.
    FORM_MAX_PER_ADDRESS: '1000000000',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000000',
    LOGIN_MAX_FAILURES_PER_USER: '1000000000',
  };
}

const applicationQuery = (token: string, base: string): LoadSpec => ({
  name: 'staff: JobApplication/Query (status + keyword + sort)',
  url: `${base}/api/JobApplication/Query`,
  method: 'POST',
  headers: { authorization: `Bearer ${token}` },
  // As the back-office's list asks: only the fields it shows (issue 22's lighter lists).
  body: { page: 1, pageSize: 20, keyword: '王', filters: { statusId: 2 }, sort: { field: 'createdAt', order: 'desc' }, fields: JOB_APPLICATION_LIST_FIELDS },
});

const ceilingSpecs = (base: string): LoadSpec[] => [
  { name: 'ceiling: static asset', url: `${base}/${CEILING_FILE}` },
  { name: 'ceiling: trivial JSON route', url: `${base}/healthz` },
];

async function runEngine(engine: 'sqlite' | 'postgres'): Promise<EngineRun> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portico-bench-${engine}-`));
  const db = await database(engine, dataDir);
  const results: LoadResult[] = [];
  const growth: EngineRun['growth'] = [];
  let portico: Portico | undefined;
  let weights: PageWeight[] = [];
  let browserError: string | undefined;
  let browserName: string | undefined;
  let rss = 0;
  /** The peak over every scenario but the image uploads, which have their own limit (issue 22). */
  let rssWithoutUploads = 0;
  /**
   * What the running server is doing, and so which limit its peak counts towards: the loads; the
   * upload of the hero photo and its variants; the uploads beside a page load (from then on its peak
   * is the uploads' own).
   */
  let phase: 'loads' | 'hero' | 'uploads' = 'loads';
  let imageSetupRss = 0;
  let nginx: Nginx | undefined;
  const ceilingPath = path.join(ROOT, 'build/client', CEILING_FILE);
  // Every server of the run counts towards the peak: VmHWM is read just before each one stops.
  const stop = async () => {
    if (!portico) return;
    try {
      const peak = peakRssMb(portico.pid);
      log(`server ${portico.pid}: peak RSS ${peak} MB${{ loads: '', hero: ' (the hero photo uploaded and resized)', uploads: ' (uploads)' }[phase]}`);
      rss = Math.max(rss, peak);
      if (phase === 'hero') imageSetupRss = Math.max(imageSetupRss, peak);
      else if (phase === 'loads') rssWithoutUploads = Math.max(rssWithoutUploads, peak);
    } catch {
      // already gone
    }
    await portico.stop();
    portico = undefined;
    phase = 'loads';
  };
  const signIn = async (base: string) =>
    post<{ accessToken: { token: string }; user: unknown }>(base, 'security/login', { userName: 'admin', password: ADMIN_PASSWORD });
  const measureGrowth = async (rows: number) => {
    portico = await startPortico(serverEnv(db.url), { dataDir });
    const token = (await signIn(portico.url)).accessToken.token;
    log(`staff: JobApplication/Query at ${rows.toLocaleString('en')} rows`);
    const r = await load(applicationQuery(token, portico.url), { seconds: SECONDS });
    growth.push({ rows, p50: r.latencyP50, p99: r.latencyP99, requestsPerSecond: r.requestsPerSecond, total: r.total });
    await stop();
    return r;
  };
  try {
    await fill(db.config, { ...REALISTIC, applications: 20_000 });
    await measureGrowth(20_000);

    await fill(db.config, REALISTIC, 20_000);
    // The static ceiling: a file of the same server, as large as /Home's HTML (with its hero image).
    portico = await startPortico(serverEnv(db.url), { dataDir });
    // An image upload like those of the mixed scenario: its peak counts towards the uploads' limit.
    phase = 'hero';
    await addHeroImage(portico.url, (await signIn(portico.url)).accessToken.token);
    const homeBytes = (await (await fetch(`${portico.url}/Home`)).arrayBuffer()).byteLength;
    await stop();
    fs.writeFileSync(ceilingPath, `<!doctype html><title>ceiling</title>${'x'.repeat(Math.max(0, homeBytes - 37))}`);
    portico = await startPortico(serverEnv(db.url), { dataDir });
    const base = portico.url;
    const login = await signIn(base);
    const token = login.accessToken.token;
    const news = await post<{ items: { id: number }[] }>(base, 'News/Query', { pageSize: 1 });
    const jobs = await post<{ items: { id: number; categoryId: number }[] }>(base, 'Job/Query', { pageSize: 1 });
    const newsId = news.items[0].id;
    const job = jobs.items[0];

    // Each page and API call is measured between two runs of its ceiling, so its ratio compares
    // loads a few seconds apart: the shared machine's speed drifts by half over a whole run.
    const [staticCeiling, jsonCeiling] = ceilingSpecs(base);
    const between = (ceiling: LoadSpec, scenarios: LoadSpec[]) => [ceiling, ...scenarios.flatMap((spec) => [spec, ceiling])];
    // The English addresses too (issue 17): a page at a language's own address is kept and served as
    // the seed's paths are, and must be as fast.
    const pagePaths = ['/Home', '/News', `/News/detail?id=${newsId}`, '/Jobs', `/Jobs/detail?id=${job.id}`, '/en/Home', `/en/News/detail?id=${newsId}`];
    const pageSpec = (pagePath: string): LoadSpec => ({ name: `page: ${pagePath.split('?')[0]}`, url: `${base}${pagePath}` });
    // Each page is also measured against nginx sending its exact answer, just before and just after it.
    if (nginxAvailable()) {
      const saved = await Promise.all(pagePaths.map((pagePath) => savePage(base, pagePath)));
      nginx = await startNginx(saved);
      log(`nginx: serving ${saved.length} saved pages (${saved.map((p) => `${p.path.split('?')[0]} ${p.body.length} B`).join(', ')})`);
    } else {
      log(`nginx: not found at ${NGINX} (apt-get install nginx): the pages' nginx ratios are not measured`);
    }
    const pageRounds = (pagePath: string, i: number): LoadSpec[] => {
      const page = { ...pageSpec(pagePath), seconds: PAGE_SECONDS, warmupSeconds: 1 };
      if (!nginx) return [page];
      const sendsSaved = { name: `nginx: ${pagePath.split('?')[0]}`, url: nginx.urlOf(nginx.pages[i]), seconds: PAGE_SECONDS, warmupSeconds: 1 };
      return [sendsSaved, ...Array.from({ length: PAGE_ROUNDS }, () => [page, sendsSaved]).flat()];
    };
    const specs: LoadSpec[] = [
      staticCeiling,
      ...pagePaths.flatMap((pagePath, i) => [...pageRounds(pagePath, i), staticCeiling]),
      ...between(jsonCeiling, [
        { name: 'api: News/Query page 1', url: `${base}/api/News/Query`, method: 'POST', body: { page: 1 } },
        { name: 'api: News/Query page 50', url: `${base}/api/News/Query`, method: 'POST', body: { page: 50 } },
        { name: 'api: GET News/{id}', url: `${base}/api/News/${newsId}` },
        { name: 'api: Job/Query by category', url: `${base}/api/Job/Query`, method: 'POST', body: { filters: { categoryId: job.categoryId } } },
        { name: 'api: Job/Latest', url: `${base}/api/Job/Latest`, method: 'POST', body: {} },
      ]),
      applicationQuery(token, base),
      { name: 'staff: ContactInfo/Query', url: `${base}/api/ContactInfo/Query`, method: 'POST', headers: { authorization: `Bearer ${token}` }, body: { filters: { statusId: 1 } } },
      { name: 'write: POST ContactInfo', url: `${base}/api/ContactInfo`, method: 'POST', body: { name: '压测', email: 'bench@example.com', message: 'Benchmark message 压测留言' } },
      { name: 'write: security/login (argon2)', url: `${base}/api/security/login`, method: 'POST', body: { userName: 'admin', password: ADMIN_PASSWORD } },
    ];
    for (const spec of specs) {
      log(spec.name);
      results.push({ ...(await load(spec, { seconds: spec.seconds ?? SECONDS, warmupSeconds: spec.warmupSeconds })), serverPeakRssMb: peakRssMb(portico.pid) });
    }
    await nginx?.stop();
    nginx = undefined;

    // Pages while staff upload photos: distinct images (made beforehand, so the dedupe skips none),
    // for the warm-up and the whole measured window, each followed by a request for one variant.
    // Last of the load scenarios: it resets the server's peak RSS to measure its own.
    const images = await uploadImages(Math.ceil(UPLOADS_PER_SECOND * (SECONDS + 4)));
    const mixed: LoadSpec = { name: 'mixed: /Home while images upload', url: `${base}/Home` };
    for (const spec of between(staticCeiling, [mixed])) {
      log(spec.name);
      if (spec !== mixed) {
        results.push({ ...(await load(spec, { seconds: SECONDS })), serverPeakRssMb: peakRssMb(portico.pid) });
        continue;
      }
      const pid = portico.pid;
      const before = peakRssMb(pid);
      rss = Math.max(rss, before);
      rssWithoutUploads = Math.max(rssWithoutUploads, before);
      phase = 'uploads';
      // Linux: writing 5 to clear_refs resets the peak (VmHWM) to the current RSS. Where it cannot,
      // the scenario's figure is the server's peak so far, which errs high.
      try {
        fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
      } catch {
        log('mixed: the peak RSS could not be reset; its figure includes the scenarios before it');
      }
      const uploads = startUploads(base, token, images, { perSecond: UPLOADS_PER_SECOND, inFlight: 4 });
      const r = await load(mixed, { seconds: SECONDS });
      const remaining = uploads.remaining();
      const done = await uploads.stop();
      if (remaining === 0) log('mixed: the images ran out before the window ended');
      log(`mixed: ${done.uploads} uploads, ${done.variants} variants served, ${done.failures} failures, backlog made in ${(done.backlogMs / 1000).toFixed(1)} s`);
      // The peak since the reset: the window and the making of the variants it queued.
      results.push({ ...r, serverPeakRssMb: peakRssMb(pid), uploads: done });
    }
    const at200k = results.find((r) => r.name === applicationQuery(token, base).name)!;
    growth.push({ rows: 200_000, p50: at200k.latencyP50, p99: at200k.latencyP99, requestsPerSecond: at200k.requestsPerSecond, total: at200k.total });

    if (engine === 'sqlite') {
      // Page weight and paint do not depend on the database: measured once, on SQLite.
      log('browser: page weight and paint under 4x CPU throttling');
      try {
        const measured = await measurePages(base, ['/Home', '/News', '/Jobs', '/ApplyNow', `/News/detail?id=${newsId}`], [
          // Drawn by its scripts: measured once its list shows its rows.
          { path: '/NewsManagement/list-news', token, user: login.user, ready: 'tbody tr[data-row-key]' },
        ]);
        weights = measured.pages;
        browserName = measured.browser;
      } catch (error) {
        // The load figures are kept; the browser's targets are then reported as not measured.
        browserError = (error as Error).message.split('\n')[0];
        log(`browser: failed (${browserError})`);
      }
    }
    await stop();
    fs.rmSync(ceilingPath, { force: true });

    if (LARGE) {
      await fill(db.config, { ...REALISTIC, applications: 2_000_000 }, 200_000);
      await measureGrowth(2_000_000);
    }
  } finally {
    await nginx?.stop();
    await stop();
    fs.rmSync(ceilingPath, { force: true });
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return {
    engine,
    results,
    growth,
    peakRssMb: rss,
    peakRssWithoutUploadsMb: rssWithoutUploads,
    peakRssImageSetupMb: imageSetupRss,
    nginx: nginxAvailable(),
    pageWeights: weights,
    browser: browserName,
    browserError,
  };
}

function markdown(report: Record<string, any>): string {
  const lines: string[] = [];
  lines.push(`Measured ${report.date} at commit \`${report.commit}\` on ${report.machine.cores} cores, ${report.machine.memoryGb} GB, Node ${report.machine.node}${QUICK ? ' (quick run: 2 s loads)' : ''}.`);
  for (const run of report.runs) {
    lines.push('', `#### ${run.engine}`, '', '| scenario | req/s | × ceiling | × nginx | p50 ms | p99 ms | non-2xx | errors | server peak RSS MB |', '|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of run.results as LoadResult[]) {
      const cell = (n: number) => (r.total > 0 ? n : '–');
      lines.push(`| ${r.name} | ${r.requestsPerSecond} | ${ratioOf(run, r) ?? ''} | ${nginxRatioOf(run, r) ?? ''} | ${cell(r.latencyP50)} | ${cell(r.latencyP99)} | ${r.non2xx} | ${r.errors + r.timeouts} | ${r.serverPeakRssMb ?? ''} |`);
    }
    for (const r of (run.results as LoadResult[]).filter((r) => r.uploads)) {
      const u = r.uploads!;
      lines.push('', `${r.name}: ${u.uploads} photos of 1-4 megapixels uploaded (${UPLOADS_PER_SECOND} a second offered, at most 4 at once), ${u.variants} variants served, ${u.failures} failures; the variants they queued were all made ${(u.backlogMs / 1000).toFixed(1)} s after the window.`);
    }
    lines.push('', `Peak server RSS: ${run.peakRssMb} MB; ${run.peakRssWithoutUploadsMb} MB over every scenario but the image uploads; ${run.peakRssImageSetupMb} MB for the server that uploaded the hero photo and made its 12 variants before the loads.${run.nginx ? ` Each page ran ${PAGE_ROUNDS} times for ${PAGE_SECONDS} s, each run between two of nginx sending its saved answer; the targets read the median of its runs' ratios.` : ` nginx was not found at ${NGINX}: the pages' nginx ratios were not measured.`} Application query growth: ${run.growth.map((g: any) => `${g.rows.toLocaleString('en')} rows p50 ${g.p50} / p99 ${g.p99} ms`).join('; ')}.`);
    if (run.pageWeights.length) {
      if (run.browser) lines.push('', `Pages loaded in ${run.browser}.`);
      lines.push('', '| page (first load, 4× CPU throttle) | JS KB | CSS KB | FCP ms | LCP ms | CLS | LCP element\'s image |', '|---|---:|---:|---:|---:|---:|---|');
      for (const w of run.pageWeights as PageWeight[]) {
        const image = w.lcpImage ? `${w.lcpImage.url.replace(/^https?:\/\/[^/]+/, '')} (${describeImage(w.lcpImage)})` : '–';
        lines.push(`| ${w.path} | ${round(w.jsBytes / 1024)} | ${round(w.cssBytes / 1024)} | ${w.fcpMs ?? '–'} | ${w.lcpMs ?? '–'} | ${w.cls ?? '–'} | ${image} |`);
      }
    }
  }
  lines.push('', '| target | value | limit | met |', '|---|---:|---|---|');
  for (const t of report.targets) lines.push(`| ${t.target} | ${t.value ?? '–'} | ${t.limit} | ${t.met ? 'yes' : '**no**'} |`);
  return lines.join('\n');
}

async function main() {
  ensureBuild();
  const only = [...args].find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const engines = (process.env.BENCH_DATABASE_URL ? ['sqlite', 'postgres'] as const : ['sqlite'] as const).filter((e) => !only || e === only);
  const runs = [];
  for (const engine of engines) runs.push(await runEngine(engine));
  const commit = execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
  const date = new Date().toISOString().slice(0, 10);
  const finished = new Date().toISOString();
  const report = {
    date,
    finished,
    commit,
    quick: QUICK,
    machine: { cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, memoryGb: Math.round(os.totalmem() / 1024 ** 3), node: process.version },
    runs,
    targets: runs.flatMap(targetsOf),
  };
  const file = path.join(ROOT, 'bench/results', `${date}-${commit}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  const table = markdown(report);
  fs.writeFileSync(path.join(ROOT, 'bench/results/latest.md'), `${table}\n`);
  const readmePath = path.join(ROOT, 'README.md');
  const readme = fs.readFileSync(readmePath, 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  if (readme.includes(start) && readme.includes(end)) {
    fs.writeFileSync(readmePath, `${readme.slice(0, readme.indexOf(start) + start.length)}\n${table}\n${readme.slice(readme.indexOf(end))}`);
  }
  process.stdout.write(`\n${table}\n\nbench: wrote ${path.relative(ROOT, file)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
