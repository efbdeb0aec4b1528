import type fc from 'fast-check';
import type { RouteSpec } from '../http/route-spec.js';
import { jsonBody, jsonRefusal } from './json-bodies.js';
import type { BodyPlan } from './json-bodies.js';
import { multipartBody, multipartRefusal } from './multipart-bodies.js';
import { LOOSE_PATH_IDS, MALFORMED_JSON, ODD_STRINGS } from './payloads.js';
import type { Rng } from './random.js';
import { arbitraryOf } from './schema-arbitrary.js';

/** Who sends a request: nobody signed in, staff of one module, an administrator, or a forged token. */
export type Actor = 'anonymous' | 'staff' | 'admin' | 'forged';

export interface FuzzRequest {
  /** `POST News/Query`, as the route names itself. */
  operation: string;
  /** How the request was made: `valid`, or the one thing broken in it. */
  kind: string;
  actor: Actor;
  method: string;
  /** The raw request target, percent-encoding as sent. */
  path: string;
  headers: Record<string, string>;
  /** An Authorization header to send instead of the actor's token. */
  authorization?: string;
  body?: Buffer;
  /** Why a success answer would be wrong, when the request is one the server must refuse. */
  mustRefuse?: string;
  /** A successful answer is a file, not the envelope. */
  rawSuccess: boolean;
}

/** Ids of records the fuzz has seen, by entity (`News`, `JobCategory`, `User`, `File`). */
export class IdPools {
  private readonly pools = new Map<string, number[]>();

  add(entity: string, id: number) {
    const pool = this.pools.get(entity) ?? [];
    if (!pool.includes(id)) pool.push(id);
    // The newest ids matter most (older ones are often deleted): keep a bounded window.
    if (pool.length > 40) pool.shift();
    this.pools.set(entity, pool);
  }

  get(entity: string): readonly number[] {
    return this.pools.get(entity) ?? [];
  }

  /** Texts that mean something to the server, by field name (user names that exist, their password). */
  readonly texts = new Map<string, string[]>();

  /** The entity an id field of a route names: `id` its own, `categoryId` its category, `jobId` a job. */
  static entityOf(routeTag: string, field: string): string {
    if (field === 'id') return routeTag;
    if (field === 'categoryId') return `${routeTag}Category`;
    const stem = field.slice(0, -2);
    return stem.charAt(0).toUpperCase() + stem.slice(1);
  }
}

const ACTORS: readonly (readonly [Actor, number])[] = [
  ['anonymous', 3],
  ['staff', 3],
  ['admin', 4],
  ['forged', 1],
];

const FORGED_AUTHORIZATIONS = [
  'Bearer ',
  'Bearer',
  'Bearer x',
  `Bearer ${'A'.repeat(6_000)}`,
  'Bearer null',
  'Bearer undefined',
  'Basic YWRtaW46YWRtaW4tcGFzc3dvcmQtMQ==',
  'Token abc',
  'Bearer a b c',
  'Bearer %00',
  'Bearer ../../',
  "Bearer ' OR '1'='1",
];

/** One API call of the running app, with generators of requests to it, valid and broken. */
export class FuzzOperation {
  readonly name: string;
  private readonly bodyValues?: fc.Arbitrary<unknown>;
  private readonly paramValues?: fc.Arbitrary<unknown>;
  private readonly fieldValues?: fc.Arbitrary<unknown>;

  constructor(
    readonly spec: RouteSpec,
    private readonly pools: IdPools,
  ) {
    this.name = `${spec.method} ${spec.path}`;
    const hints = { ids: (field: string) => pools.get(IdPools.entityOf(spec.tag, field)), texts: (field: string) => pools.texts.get(field) ?? [] };
    if (spec.body) this.bodyValues = arbitraryOf(spec.body, hints);
    if (spec.params) this.paramValues = arbitraryOf(spec.params, hints);
    if (spec.multipart) this.fieldValues = arbitraryOf(spec.multipart.fields, hints);
  }

  /** A request to this call; `index` and the run seed make the same one again. */
  request(rng: Rng): FuzzRequest {
    const spec = this.spec;
    const actor = rng.weighted(ACTORS);
    const { path, refusal: pathRefusal, kind: pathKind } = this.path(rng);
    const headers: Record<string, string> = {};
    let plan: BodyPlan;
    let refusal: string | undefined;
    if (spec.multipart) {
      const fields = (this.fieldValues ? rng.draw(this.fieldValues) : {}) as Record<string, unknown>;
      const multipart = multipartBody(rng, spec.multipart, fields ?? {});
      plan = multipart;
      refusal = multipartRefusal(spec.multipart, multipart);
    } else if (spec.body || spec.emptyBody) {
      const call = { schema: spec.body, emptyBody: spec.emptyBody };
      plan = jsonBody(rng, call, this.bodyValues ? rng.draw(this.bodyValues) : undefined);
      refusal = jsonRefusal(call, plan);
    } else {
      // Calls that take nothing get something now and then: a body on a GET, junk on a logout.
      plan = rng.chance(0.85)
        ? { kind: 'valid' }
        : { kind: 'unasked-body', body: Buffer.from(rng.pick([...MALFORMED_JSON, '{"a":1}', 'x'.repeat(100_000)])), contentType: rng.pick(['application/json', 'text/plain']) };
    }
    if (plan.contentType !== undefined) headers['content-type'] = plan.contentType;
    let authorization: string | undefined;
    let kind = pathKind ? `${pathKind} ${plan.kind}` : plan.kind;
    if (actor === 'forged') authorization = rng.pick(FORGED_AUTHORIZATIONS);
    if (rng.chance(0.05)) {
      const header = rng.pick(['accept', 'x-forwarded-for', 'accept-language', 'content-encoding', 'x-request-id', 'origin']);
      headers[header] = rng.pick([...ODD_STRINGS.filter((s) => /^[\x20-\x7e]*$/.test(s)), 'gzip', '*/*', 'text/html', '1.2.3.4, evil', 'x'.repeat(8_000)]);
      kind += ` header:${header}`;
    }
    return {
      operation: this.name,
      kind,
      actor,
      method: spec.method,
      path,
      headers,
      authorization,
      body: plan.body,
      mustRefuse: pathRefusal ?? refusal,
      rawSuccess: Boolean(spec.raw),
    };
  }

  private path(rng: Rng): { path: string; refusal?: string; kind?: string } {
    const spec = this.spec;
    let route = spec.path;
    let refusal: string | undefined;
    let kind: string | undefined;
    if (this.paramValues) {
      const values = (rng.draw(this.paramValues) ?? {}) as Record<string, unknown>;
      route = route.replace(/:(\w+)/g, (_, name: string) => {
        const canonical = String(values[name] ?? '1');
        if (!rng.chance(0.35)) return encodeURIComponent(canonical);
        const spelled = rng.pick(LOOSE_PATH_IDS).replace('{id}', canonical).replace('{hex}', Number(canonical).toString(16));
        // Some of the odd values are another value's plain spelling: `0` is no id, but it is the privacy
        // notice's first version. One the path's schema takes, written as a plain number, is a fair ask.
        if (/^(0|[1-9]\d*)$/.test(spelled) && spec.params?.safeParse({ ...stringsOf(values), [name]: spelled }).success) {
          return spelled;
        }
        refusal = `the path's ${name} spelled ${spelled}`;
        kind = `path-${name}:${spelled}`;
        return spelled;
      });
    }
    let path = `/api/${route}`;
    // Spellings the router is configured to take as the same call, and query strings no call reads.
    if (rng.chance(0.06)) {
      const variant = rng.pick(['lower', 'upper', 'trailing-slash', 'double-slash'] as const);
      kind = `${kind ? `${kind} ` : ''}path:${variant}`;
      if (variant === 'lower') path = path.toLowerCase();
      else if (variant === 'upper') path = `/api/${route.toUpperCase()}`;
      else if (variant === 'trailing-slash') path += '/';
      else path = path.replace('/api/', '/api//');
    }
    if (rng.chance(0.05)) {
      const query = rng.pick(['?a=1&a=2', '?__proto__[x]=1', '?constructor[prototype][x]=1', '?%zz=1', '?a=%E0%A4%A', `?q=${'x'.repeat(8_000)}`, '?page=-1&pageSize=1000000', '?']);
      path += query;
      kind = `${kind ? `${kind} ` : ''}query:${query.slice(0, 12)}`;
    }
    return { path, refusal, kind };
  }
}

/** A drawn set of path values as the router hands them to the schema: every value a string. */
function stringsOf(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
}
