import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { TestApp } from '../testing/harness.js';
import { send } from './client.js';
import type { Target } from './client.js';
import { Actors, seedRecords } from './fixtures.js';
import { FuzzOperation, IdPools } from './operations.js';
import type { FuzzRequest } from './operations.js';
import { SLOW_MS, problemsOf } from './oracles.js';
import type { Answer } from './oracles.js';
import { rawCases, sendCrowd, sendRaw } from './raw-http.js';
import type { RawCase, RawResult } from './raw-http.js';
import { Rng, requestSeed } from './random.js';

/**
 * A fuzz run against one app: generated requests to every API call over HTTP on 127.0.0.1, and
 * malformed HTTP on raw sockets, each answer judged by the oracles. Settings the throttles would
 * otherwise turn into a wall of 429s are raised by the caller (`FUZZ_ENV`), so bodies reach the
 * handlers; the throttles have tests of their own.
 */

/**
 * Settings for a fuzzed app: limits high enough that the public forms and sign-in keep reading
 * bodies, and timeouts short enough that a held request is given up within the run (the defaults
 * are minutes, for real uploads on slow links: docs/decisions/0026).
 */
export const FUZZ_ENV: Record<string, string> = {
  FORM_MAX_PER_ADDRESS: '100000000',
  LOGIN_MAX_FAILURES_PER_USER: '100000000',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '100000000',
  REQUEST_TIMEOUT_SECONDS: '4',
  HEADERS_TIMEOUT_SECONDS: '2',
};

/** The longest the fuzz waits on a held request; an app whose timeouts are longer is not fuzzed. */
const HELD_WAIT_LIMIT_MS = 30_000;

/** How soon one slow body past an address's cap must be refused. */
const CROWD_WAIT_MS = 2_000;

const TOO_MANY = '429 Too Many Requests, though the fuzz keeps within every limit (throttles raised, fewer bodies in flight than one address may send)';

export interface CampaignOptions {
  seed: number;
  /** Stop after this many generated requests… */
  maxRequests: number;
  /** …or once this long has passed, whichever comes first (raw cases still finish). */
  maxMs: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** Another round of raw-socket cases after every this many requests (the first round starts at once). */
  rawEvery?: number;
  /** Progress lines, for long runs. */
  log?: (line: string) => void;
}

export interface Finding {
  /** `seed S #index` for generated requests (`npm run fuzz -- --seed S` makes them again), `raw <case>` for raw ones. */
  origin: string;
  operation: string;
  kind: string;
  actor: string;
  problems: string[];
  /** The request, as sent (its body cut to an excerpt), made smaller when the same problem stays without a field. */
  request: string;
  answer: string;
  /** For a 5xx, the error the server met, as its error hook saw it; for a 429, what came before it. */
  note?: string;
  /** How many requests of the same operation, kind and problem were found. */
  count: number;
}

export interface CampaignReport {
  engine: string;
  seed: number;
  requests: number;
  rawRequests: number;
  ms: number;
  /** Answers per operation by HTTP status (`no answer` when none came). */
  statuses: Map<string, Map<string, number>>;
  operations: string[];
  findings: Finding[];
  /** How often the fuzz's own accounts had to be put back after it changed them. */
  repairs: number;
}

/** Makes a text printable on one line: control characters, lone surrogates and the like escaped. */
function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\ud800-\udfff\u2028\u2029\u202e\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function excerpt(bytes: Buffer | undefined, head = 400, tail = 120): string {
  if (!bytes || bytes.length === 0) return '(no body)';
  const text = bytes.toString('utf8');
  if (text.length <= head + tail + 40) return printable(text);
  return `${printable(text.slice(0, head))} …(${bytes.length} bytes)… ${printable(text.slice(-tail))}`;
}

function describeRequest(request: FuzzRequest): string {
  const headers = { ...request.headers };
  if (request.authorization !== undefined) headers.authorization = printable(request.authorization.slice(0, 80));
  else if (request.actor !== 'anonymous') headers.authorization = `Bearer <${request.actor} token>`;
  if (request.body) headers['content-length'] = String(request.body.length);
  const lines = [`${request.method} ${printable(request.path.length > 300 ? `${request.path.slice(0, 300)}…` : request.path)} HTTP/1.1`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value.length > 200 ? `${value.slice(0, 200)}…(${value.length})` : value}`);
  lines.push('', excerpt(request.body));
  return lines.join('\n');
}

function describeAnswer(answer: Answer | { error: string }): string {
  if ('error' in answer) return answer.error;
  return `${answer.status} ${String(answer.headers['content-type'] ?? '')} ${excerpt(answer.body, 300, 60)}`;
}

/**
 * Findings alike but for numbers and sizes are one finding, counted. A 429 is the app's state, not
 * the request's: once an address is refused, every call is, so all of them are one finding.
 */
const signatureOf = (operation: string, kind: string, problems: string[]) =>
  problems.includes(TOO_MANY)
    ? TOO_MANY
    : `${operation}|${kind.split(/[: ]/)[0]}|${problems.map((p) => p.replace(/\d+/g, 'N').replace(/\(.*\)/, '')).join(';')}`;

export async function runCampaign(t: TestApp, options: CampaignOptions): Promise<CampaignReport> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const concurrency = options.concurrency ?? 4;
  // What the server itself saw go wrong, by request id, so a 5xx finding says where it came from.
  // (A hook can only be added before the app's first request: an app already used goes without.)
  const serverErrors = new Map<string, string>();
  if (!t.app.server.listening) {
    try {
      t.app.addHook('onError', async (request, _reply, error) => {
        const frame = error.stack?.split('\n').find((line) => line.trim().startsWith('at '))?.trim() ?? '';
        if (serverErrors.size < 1_000) serverErrors.set(request.id, `${error.name}: ${error.message.slice(0, 200)} ${frame}`);
      });
    } catch {
      // Already started.
    }
  }
  const pools = new IdPools();
  const actors = await Actors.create(t, pools);
  pools.texts.set('userName', actors.credentials.userNames);
  pools.texts.set('password', [actors.credentials.password]);
  pools.texts.set('oldPassword', [actors.credentials.password]);
  await seedRecords(t, actors.adminToken, pools);
  const operations = t.app.apiRoutes.map((spec) => new FuzzOperation(spec, pools));

  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (t.app.server.address() as AddressInfo).port;
  log(`fuzzing ${operations.length} operations on ${t.engine} at ${address}, seed ${options.seed}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const target: Target = { host: '127.0.0.1', port, agent };

  const statuses = new Map<string, Map<string, number>>(operations.map((op) => [op.name, new Map()]));
  const findings = new Map<string, Finding>();
  let repairs = 0;
  // The generated requests' refusals so far, by status and kind: a 429 finding says what came before
  // the first one (a limit wrongly reached is reached by some kind of request).
  const before = new Map<string, number>();
  /** The refusals before the first 429 by status, and the kinds of request behind the rarer ones. */
  const beforeFirst429 = () => {
    const byStatus = new Map<string, Map<string, number>>();
    for (const [key, n] of before) {
      const [status, kind] = key.split(' ');
      const kinds = byStatus.get(status) ?? new Map<string, number>();
      kinds.set(kind, n);
      byStatus.set(status, kinds);
    }
    const parts = [...byStatus].sort(([a], [b]) => a.localeCompare(b)).map(([status, kinds]) => {
      const total = [...kinds.values()].reduce((a, b) => a + b, 0);
      return total <= 30 ? `${status} ×${total} (${[...kinds].map(([k, n]) => `${k} ×${n}`).join(', ')})` : `${status} ×${total}`;
    });
    return `answers before the first 429: ${parts.join(', ')}`;
  };
  const count = (operation: string, status: string) => {
    const byStatus = statuses.get(operation) ?? new Map<string, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    statuses.set(operation, byStatus);
  };
  const report = (finding: Omit<Finding, 'count'>) => {
    const signature = signatureOf(finding.operation, finding.kind, finding.problems);
    const known = findings.get(signature);
    if (known) known.count++;
    else {
      findings.set(signature, { ...finding, count: 1 });
      log(`FINDING ${finding.origin} ${finding.operation} [${finding.kind}] as ${finding.actor}: ${finding.problems.join('; ')}`);
    }
  };

  // A held request is given up by the server after its request (or headers) timeout, checked a
  // quarter of the shorter one later at most (0026): it is waited on a little longer than that.
  const limits = t.app.ctx.config.http;
  const heldWaitMs = Math.round(Math.max(limits.requestTimeoutMs, limits.headersTimeoutMs) * 1.25) + 3_000;
  if (heldWaitMs > HELD_WAIT_LIMIT_MS) {
    throw new Error(`the app's request timeout (${limits.requestTimeoutMs} ms) would hold the fuzz's held requests for minutes: build it with FUZZ_ENV`);
  }

  // The fuzz keeps within the bodies one address may have arriving at once (0026): its requests in
  // flight and a round's held ones. A 429 is then never the fuzz's due, and is a finding.
  const HELD_BODIES_PER_ROUND = 4;
  if (concurrency + HELD_BODIES_PER_ROUND >= limits.bodiesInFlightPerAddress) {
    throw new Error(`at ${concurrency} requests at once the fuzz would reach the ${limits.bodiesInFlightPerAddress} bodies one address may send at once`);
  }

  // Raw-socket cases run beside the generated requests, one round at a time: the held ones spend
  // most of their time waiting, and together they must stay within the slow bodies one address may send.
  let rawRequests = 0;
  let rawRunning = false;
  let lastRawCases: RawCase[] = [];
  const judgeRaw = (rawCase: RawCase, result: RawResult, problems: string[]) => {
    rawRequests++;
    const status = result.answers[0] ? String(result.answers[0].status) : result.timedOut ? 'no answer' : 'closed';
    count(`raw ${rawCase.name}`, status);
    if (problems.length) {
      report({
        origin: `raw ${rawCase.name}`,
        operation: `raw ${rawCase.name}`,
        kind: rawCase.held ? 'held' : 'malformed-http',
        actor: 'anonymous',
        problems,
        request: excerpt(rawCase.bytes, 300, 80),
        answer: result.answers.map((a) => describeAnswer(a)).join(' | ') || (result.timedOut ? 'nothing, connection still open' : `closed${result.error ? ` (${result.error})` : ''}`),
      });
    }
  };
  const runRawRound = async (round: number) => {
    if (rawRunning) return;
    rawRunning = true;
    const rng = new Rng(requestSeed(options.seed, -1 - round));
    const jsonOps = operations.filter((op) => op.spec.method === 'POST' && op.spec.body && !op.spec.path.includes(':'));
    const op = rng.pick(jsonOps);
    const sample = op.request(rng);
    const body = sample.body && sample.kind === 'valid' ? sample.body.toString('utf8') : '{}';
    const cases = rawCases(`/api/${op.spec.path}`, body, heldWaitMs);
    lastRawCases = cases;
    const single = cases.map(async (rawCase) => {
      const result = await sendRaw(port, rawCase);
      judgeRaw(rawCase, result, rawProblems(rawCase, result));
    });
    await Promise.all(single);
    rawRunning = false;
  };
  const rawRounds: Promise<void>[] = [runRawRound(0)];

  let order: number[] = [];
  let orderRound = -1;
  const operationAt = (index: number) => {
    const round = Math.floor(index / operations.length);
    if (round !== orderRound) {
      // Every operation once per round, in an order of the round's own: all are covered early.
      const rng = new Rng(requestSeed(options.seed ^ 0x5a5a, round));
      order = operations.map((_, i) => i);
      for (let i = order.length - 1; i > 0; i--) {
        const j = rng.int(0, i);
        [order[i], order[j]] = [order[j], order[i]];
      }
      orderRound = round;
    }
    return operations[order[index % operations.length]];
  };

  let keeping: Promise<void> | undefined;
  const keepActors = () =>
    (keeping ??= actors
      .keep()
      .then((n) => {
        repairs += n;
      })
      .finally(() => {
        keeping = undefined;
      }));

  const sendOne = async (request: FuzzRequest, rng: Rng) => {
    const authorization = request.authorization ?? actors.authorization(request.actor, rng);
    const headers = authorization === undefined ? request.headers : { ...request.headers, authorization };
    return send(target, { method: request.method, path: request.path, headers, body: request.body }, SLOW_MS * 2);
  };

  let next = 0;
  let sent = 0;
  let lastLog = performance.now();
  const worker = async () => {
    for (;;) {
      const index = next++;
      if (index >= options.maxRequests || performance.now() - started > options.maxMs) return;
      // Often enough that sign-outs and ended sessions among the generated requests leave few refused.
      if (index > 0 && index % 20 === 0) await keepActors();
      if (options.rawEvery && index > 0 && index % options.rawEvery === 0) rawRounds.push(runRawRound(index / options.rawEvery));
      const operation = operationAt(index);
      const rng = new Rng(requestSeed(options.seed, index));
      const request = operation.request(rng);
      const answer = await sendOne(request, rng);
      sent++;
      const status = 'error' in answer ? 'no answer' : String(answer.status);
      count(operation.name, status);
      if (status !== '429' && status !== '200') before.set(`${status} ${request.kind.split(/[: ]/)[0]}`, (before.get(`${status} ${request.kind.split(/[: ]/)[0]}`) ?? 0) + 1);
      const problems = 'error' in answer ? [answer.error] : problemsOf(answer, { api: true, rawSuccess: request.rawSuccess, mustRefuse: request.mustRefuse });
      if (!('error' in answer) && answer.status === 429) problems.push(TOO_MANY);
      if ('error' in answer || problems.length === 0) harvest(operation, answer);
      if (problems.length) {
        // Only a new kind of finding is made smaller, and only the first few: a fault that answers
        // every request alike would otherwise double the run.
        const fresh = !findings.has(signatureOf(operation.name, request.kind, problems)) && findings.size < 40;
        const smaller = fresh ? await shrink(request, rng, problems) : request;
        report({
          origin: `seed ${options.seed} #${index}`,
          operation: operation.name,
          kind: request.kind,
          actor: request.actor,
          problems,
          request: describeRequest(smaller),
          answer: describeAnswer(answer),
          note: 'error' in answer ? undefined : problems.includes(TOO_MANY) ? beforeFirst429() : serverErrors.get(String(answer.headers['x-request-id'])),
        });
      }
      if (performance.now() - lastLog > 10_000) {
        lastLog = performance.now();
        log(`${sent} requests, ${rawRequests} raw, ${findings.size} distinct findings, ${Math.round((performance.now() - started) / 1000)} s`);
      }
    }
  };

  /**
   * Once the generated requests are done, one slow body more than an address may send at once: one
   * must be refused with 429 at once. Then, the slow bodies gone, a body must be taken again.
   */
  const overTheCap = async () => {
    const held = lastRawCases.find((c) => c.name === 'body-shorter-held');
    // A cap raised for a run (to look past a finding of it) is not crowded.
    if (!held || limits.bodiesInFlightPerAddress > 100) return;
    const overCap = { ...held, name: 'slow-bodies-over-the-cap' };
    const results = await sendCrowd(port, overCap, limits.bodiesInFlightPerAddress + 1, CROWD_WAIT_MS);
    const refused = results.some((r) => r.answers[0]?.status === 429);
    for (const [i, result] of results.entries()) {
      // Closed by the fuzz once one was refused: the others' silence says nothing.
      const problems = result.answers.length ? rawProblems(overCap, result) : [];
      if (i === 0 && !refused) problems.push(`${results.length} slow bodies at once from one address, none refused with 429 within ${CROWD_WAIT_MS} ms`);
      judgeRaw(overCap, result, problems);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = { operation: 'a body after the slow ones', kind: 'valid', actor: 'anonymous' as const, method: 'POST', path: '/api/Job/Latest', headers: { 'content-type': 'application/json' }, body: Buffer.from('{}'), rawSuccess: false };
    const answer = await sendOne(after, new Rng(0));
    if ('error' in answer || answer.status === 429) {
      report({
        origin: 'after slow-bodies-over-the-cap',
        operation: after.operation,
        kind: after.kind,
        actor: after.actor,
        problems: ['error' in answer ? answer.error : 'a body refused 429 once the slow bodies had closed: their places were not given back'],
        request: describeRequest(after),
        answer: describeAnswer(answer),
      });
    }
  };

  /** New records' ids join the pools, so later requests name them. */
  const harvest = (operation: FuzzOperation, answer: Answer | { error: string }) => {
    if ('error' in answer || answer.status !== 200 || operation.spec.method !== 'POST') return;
    try {
      const data = (JSON.parse(answer.body.toString('utf8')) as { data?: { id?: unknown } }).data;
      if (typeof data?.id === 'number' && data.id > 0) pools.add(operation.spec.tag, data.id);
    } catch {
      // Not JSON: nothing to learn.
    }
  };

  /**
   * A smaller request with the same problem: the body's top-level fields left out one at a time,
   * keeping each removal the problem survives. Bounded, and only for JSON object bodies.
   */
  const shrink = async (request: FuzzRequest, rng: Rng, problems: string[]): Promise<FuzzRequest> => {
    const same = (answer: Answer | { error: string }) =>
      !('error' in answer) &&
      signatureOf('', '', problemsOf(answer, { api: true, rawSuccess: request.rawSuccess, mustRefuse: request.mustRefuse })) === signatureOf('', '', problems);
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = request.body && request.body.length < 3_000_000 ? JSON.parse(request.body.toString('utf8')) : undefined;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return request;
      body = parsed as Record<string, unknown>;
      JSON.stringify(body);
    } catch {
      return request;
    }
    let current = request;
    for (const key of Object.keys(body).slice(0, 16)) {
      const { [key]: _left, ...rest } = body;
      let text: string;
      try {
        text = JSON.stringify(rest);
      } catch {
        continue;
      }
      const candidate = { ...current, body: Buffer.from(text) };
      await keepActors();
      if (same(await sendOne(candidate, rng))) {
        body = rest;
        current = candidate;
      }
    }
    return current;
  };

  await keepActors();
  await Promise.all(Array.from({ length: concurrency }, worker));
  await Promise.all(rawRounds);
  await overTheCap();
  agent.destroy();
  return {
    engine: t.engine,
    seed: options.seed,
    requests: sent,
    rawRequests,
    ms: performance.now() - started,
    statuses,
    operations: operations.map((op) => op.name),
    findings: [...findings.values()],
    repairs,
  };
}

/** What is wrong with what a raw case got back. */
export function rawProblems(rawCase: RawCase, result: { answers: Answer[]; closed: boolean; timedOut: boolean }): string[] {
  const problems: string[] = [];
  if (result.timedOut) {
    problems.push(rawCase.held ? `held open ${rawCase.waitMs} ms, neither answered nor closed` : `no answer within ${rawCase.waitMs} ms`);
  } else if (result.answers.length === 0 && !rawCase.held && !rawCase.halfClose) {
    problems.push('closed without an answer');
  }
  for (const answer of result.answers) {
    // A held request is answered when the server gives up on it, later than an answer may take.
    const found = problemsOf(answer, { api: true }).filter((p) => !(rawCase.held && p.startsWith('answered in')));
    for (const problem of found) if (!problems.includes(problem)) problems.push(problem);
  }
  return problems;
}

/** Answers that show a request got past the access check and the throttles, to its input or handler. */
const REACHING = (status: string) => !['401', '403', '429', 'no answer'].includes(status);

/** The operations no request of the run got past access and throttles on: the run says nothing of them. */
export function unreached(report: CampaignReport): string[] {
  return report.operations.filter((op) => ![...(report.statuses.get(op) ?? new Map<string, number>())].some(([status, n]) => n > 0 && REACHING(status)));
}

/** The run as text: status counts per operation, then every distinct finding with its request. */
export function formatReport(report: CampaignReport): string {
  const lines: string[] = [];
  lines.push(
    `${report.engine}: ${report.requests} requests and ${report.rawRequests} raw-socket cases over ${report.operations.length} operations in ${(report.ms / 1000).toFixed(1)} s (seed ${report.seed}; the fuzz put its own accounts back ${report.repairs} times)`,
  );
  const missed = unreached(report);
  if (missed.length) lines.push(`never got past access or throttles: ${missed.join(', ')}`);
  const allStatuses = [...new Set([...report.statuses.values()].flatMap((m) => [...m.keys()]))].sort();
  lines.push(['operation'.padEnd(34), ...allStatuses.map((s) => s.padStart(9))].join(' '));
  for (const [operation, byStatus] of report.statuses) {
    lines.push([operation.padEnd(34), ...allStatuses.map((s) => String(byStatus.get(s) ?? '').padStart(9))].join(' '));
  }
  if (report.findings.length === 0) lines.push('findings: none');
  else {
    lines.push(`findings: ${report.findings.length} distinct, ${report.findings.reduce((n, f) => n + f.count, 0)} in all; by problem:`);
    // One line per kind of problem first: hundreds of findings are often a handful of faults.
    const byProblem = new Map<string, { count: number; operations: Set<string> }>();
    for (const finding of report.findings) {
      for (const problem of finding.problems) {
        const key = problem.replace(/\(.*$/, '').replace(/\d+/g, 'N').replace(/^accepted (the path's \w+) spelled .*/, 'accepted $1 spelled loosely').trim();
        const entry = byProblem.get(key) ?? { count: 0, operations: new Set<string>() };
        entry.count += finding.count;
        entry.operations.add(finding.operation);
        byProblem.set(key, entry);
      }
    }
    for (const [problem, { count, operations }] of [...byProblem].sort((a, b) => b[1].count - a[1].count)) {
      lines.push(`  ${String(count).padStart(6)}× ${problem} (${operations.size} operations: ${[...operations].slice(0, 3).join(', ')}${operations.size > 3 ? ', …' : ''})`);
    }
  }
  for (const finding of report.findings) {
    lines.push(
      '',
      `- ${finding.operation} [${finding.kind}] as ${finding.actor}, ${finding.count}×, first at ${finding.origin}: ${finding.problems.join('; ')}`,
      ...finding.request.split('\n').map((line) => `    > ${line}`),
      `    < ${finding.answer}`,
      ...(finding.note ? [`    note: ${printable(finding.note)}`] : []),
    );
  }
  return lines.join('\n');
}
