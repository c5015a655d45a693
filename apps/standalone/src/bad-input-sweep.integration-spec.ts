import { randomBytes } from 'node:crypto';

import { loginResponseSchema } from '@app/contracts';
import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_NESTING } from '@app/platform';
import { expectAnswer } from '@app/platform/testing';
import type { INestApplication } from '@nestjs/common';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';

import { type StandaloneTestApp, startStandaloneTestApp } from './testing/standalone-test-app';

/**
 * Every route the product serves, found in the express router (so a new route is swept without
 * touching this file), gets the inputs that once answered 500: ids past PostgreSQL's int, NUL bytes
 * and lone surrogates in text, a body over the 1 MB limit, malformed JSON and impossible dates. No
 * answer may be a 5xx; the failure message lists every offender.
 */

jest.setTimeout(600_000);

const ADMIN = { email: 'root@sweep.test', password: 'Sweep-root-1' };
const SWEEPER = { email: 'sweeper@sweep.test', password: 'Sweep-pass-1' };

const BAD_IDS = ['2147483648', '99999999999999999999', '1e12'];
const NUL = 'Texto \u0000 nulo';
const SURROGATE = 'Texto \ud800 solto';
const IMPOSSIBLE_DATE = '2024-02-30';
/** Path segments as a browser would encode them: a NUL byte and a lone surrogate (not valid UTF-8). */
const BAD_SEGMENTS = ['a%00b', '%ED%A0%80', '%uD800'];

const BODY_METHODS = new Set(['post', 'put', 'patch']);

// ---------------------------------------------------------------------------------------------
// Routes: the express router's, with the zod schemas Nest binds to their body and query
// ---------------------------------------------------------------------------------------------

interface SweptRoute {
  method: string;
  path: string;
  params: string[];
  body?: ZodLike;
  query?: ZodLike;
}

type ZodLike = { _zod: { def: Record<string, unknown> & { type: string } } };

interface ExpressLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

function expressRoutes(app: INestApplication): Array<{ method: string; path: string }> {
  const express = app.getHttpAdapter().getInstance() as { router: { stack: ExpressLayer[] } };
  const routes: Array<{ method: string; path: string }> = [];
  const seen = new Set<string>();
  for (const layer of express.router.stack) {
    if (!layer.route) continue;
    const methods = Object.entries(layer.route.methods).filter(([method, on]) => on && method !== '_all');
    // Nest mounts middleware (request logging) as a route on every verb at once: not an endpoint.
    if (methods.length > 3) continue;
    const paths = ([] as string[]).concat(layer.route.path);
    for (const [method] of methods) {
      for (const p of paths) {
        if (seen.has(`${method} ${p}`)) continue;
        seen.add(`${method} ${p}`);
        routes.push({ method, path: p });
      }
    }
  }
  return routes;
}

const joinPath = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;

/** The zod schema of each handler's @Body() and @Query(), keyed by "method path" as express sees it. */
function nestSchemas(app: INestApplication): Map<string, { body?: ZodLike; query?: ZodLike }> {
  const found = new Map<string, { body?: ZodLike; query?: ZodLike }>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const prefixes = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      const proto = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(proto)) {
        const handler = proto[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const routePaths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (routePaths === undefined || method === undefined) continue;
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<
          string,
          { index: number; data?: unknown }
        >;
        const types = (Reflect.getMetadata('design:paramtypes', proto, name) ?? []) as Array<{ schema?: ZodLike } | undefined>;
        const schemas: { body?: ZodLike; query?: ZodLike } = {};
        for (const [key, arg] of Object.entries(args)) {
          const kind = Number(key.split(':')[0]);
          const schema = arg.data === undefined ? types[arg.index]?.schema : undefined;
          if (kind === 3 && schema) schemas.body = schema;
          if (kind === 4 && schema) schemas.query = schema;
        }
        for (const prefix of prefixes) {
          for (const routePath of ([] as string[]).concat(routePaths)) {
            const verb = RequestMethod[method].toLowerCase();
            found.set(`${verb} ${joinPath('api', prefix, routePath)}`, schemas);
            found.set(`${verb} ${joinPath(prefix, routePath)}`, schemas);
          }
        }
      }
    }
  }
  return found;
}

function sweptRoutes(app: INestApplication): SweptRoute[] {
  const schemas = nestSchemas(app);
  const routes = expressRoutes(app).map(({ method, path: routePath }) => ({
    method,
    path: routePath,
    params: [...routePath.matchAll(/[:*](\w+)/g)].map((m) => m[1]),
    ...schemas.get(`${method} ${routePath}`),
  }));
  // Routes that end or rotate the sweeper's own session go last.
  const last = (r: SweptRoute) => (/\/auth\//.test(r.path) ? 1 : 0);
  return routes.sort((a, b) => last(a) - last(b));
}

function fillPath(route: SweptRoute, values: Record<string, string>): string {
  return route.path.replace(/\{([^}]*)\}/g, '$1').replace(/[:*](\w+)/g, (_, name: string) => values[name] ?? '1');
}

// ---------------------------------------------------------------------------------------------
// Inputs built from a route's zod schema: a plausible value for every field, then one bad field at a time
// ---------------------------------------------------------------------------------------------

type Leaf = { path: (string | number)[]; kind: 'string' | 'number' };

function unwrap(schema: ZodLike): ZodLike {
  let current = schema;
  for (let i = 0; i < 20; i += 1) {
    const def = current._zod.def;
    if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type)) {
      current = def.innerType as ZodLike;
    } else if (def.type === 'pipe') {
      const input = def.in as ZodLike;
      current = input._zod.def.type === 'transform' ? (def.out as ZodLike) : input;
    } else if (def.type === 'lazy') {
      current = (def.getter as () => ZodLike)();
    } else {
      return current;
    }
  }
  return current;
}

function plausibleText(key: string): string {
  if (/e-?mail/i.test(key)) return 'sweep.field@example.com';
  if (/password/i.test(key)) return 'Sweep-pass-2';
  if (/number|phone/i.test(key)) return '5511999990000';
  if (/color/i.test(key)) return '#123456';
  if (/time/i.test(key)) return '08:00';
  if (/date|At$/.test(key)) return '2024-02-28';
  if (/url|link/i.test(key)) return 'https://example.com/x';
  return 'Texto ok';
}

function sample(schema: ZodLike, key: string, at: (string | number)[], leaves: Leaf[]): unknown {
  const inner = unwrap(schema);
  const def = inner._zod.def;
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(def.shape as Record<string, ZodLike>))
        out[name] = sample(field, name, [...at, name], leaves);
      return out;
    }
    case 'array':
      return [sample(def.element as ZodLike, key, [...at, 0], leaves)];
    case 'string':
      leaves.push({ path: at, kind: 'string' });
      return plausibleText(key);
    case 'number':
    case 'int':
      leaves.push({ path: at, kind: 'number' });
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'union':
      return sample((def.options as ZodLike[])[0], key, at, leaves);
    case 'record':
      return {};
    default:
      leaves.push({ path: at, kind: 'string' });
      return plausibleText(key);
  }
}

function withValue(base: unknown, at: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const step of at.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  if (at.length === 0) return value;
  node[at[at.length - 1]] = value;
  return copy;
}

const isIdKey = (key: string | number | undefined) => typeof key === 'string' && /(^id$|Id$|Ids$|^tags$|^users$)/.test(key);
const isDateKey = (key: string | number | undefined) => typeof key === 'string' && /(date|Date|At$)/.test(key);
const leafKey = (leaf: Leaf) => [...leaf.path].reverse().find((step) => typeof step === 'string');

/** One bad input per leaf: NUL and lone surrogate in text, big ids in id fields, impossible dates in date fields. */
function badVariants(schema: ZodLike | undefined): { base: unknown; variants: Array<{ what: string; value: unknown }> } {
  if (!schema) {
    const base = { name: 'Texto ok', body: 'Texto ok', searchParam: '' };
    return {
      base,
      variants: [
        { what: 'NUL in name', value: { ...base, name: NUL } },
        { what: 'surrogate in body', value: { ...base, body: SURROGATE } },
        { what: 'id 2147483648', value: { ...base, id: 2147483648, ticketId: 2147483648 } },
      ],
    };
  }
  const leaves: Leaf[] = [];
  const base = sample(schema, '', [], leaves);
  const variants: Array<{ what: string; value: unknown }> = [];
  for (const leaf of leaves) {
    const key = leafKey(leaf);
    const where = leaf.path.join('.');
    if (leaf.kind === 'string') {
      variants.push({ what: `NUL in ${where}`, value: withValue(base, leaf.path, NUL) });
      variants.push({ what: `surrogate in ${where}`, value: withValue(base, leaf.path, SURROGATE) });
      if (isDateKey(key)) variants.push({ what: `impossible date in ${where}`, value: withValue(base, leaf.path, IMPOSSIBLE_DATE) });
    }
    if (leaf.kind === 'number' || isIdKey(key)) {
      for (const id of [2147483648, 1e12]) variants.push({ what: `${id} in ${where}`, value: withValue(base, leaf.path, id) });
    }
  }
  return { base, variants };
}

/** Query values are strings; arrays travel as JSON, as the web sends id lists. */
function asQuery(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, field] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    out[key] = Array.isArray(field) ? JSON.stringify(field) : typeof field === 'object' && field ? JSON.stringify(field) : String(field);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

describe('bad input never answers 5xx, on any route (standalone product, real PostgreSQL)', () => {
  let product: StandaloneTestApp;
  let app: INestApplication;
  let url: string;
  let token = '';

  const login = async () => {
    const response = await request(app.getHttpServer()).post('/api/auth/login').send(SWEEPER);
    if (response.status !== 200) throw new Error(`sweeper login answered ${response.status} ${JSON.stringify(response.body)}`);
    token = expectAnswer(loginResponseSchema, response).token;
  };

  beforeAll(async () => {
    product = await startStandaloneTestApp('sweep', ADMIN, { jwt: { secret: randomBytes(32).toString('hex'), accessTtlSeconds: 3_600 } });
    app = product.app;
    url = product.url;

    // The sweep runs as a second super user, so the routes it hits with id 1 touch the seeded one, not itself.
    const root = await request(app.getHttpServer()).post('/api/auth/login').send(ADMIN).expect(200);
    await request(app.getHttpServer())
      .post('/api/users')
      .set('Authorization', `Bearer ${expectAnswer(loginResponseSchema, root).token}`)
      .send({ name: 'Sweeper', email: SWEEPER.email, password: SWEEPER.password, profile: 'admin', super: true })
      .expect(201);
    await login();
  });

  afterAll(async () => {
    await product?.close();
  });

  it('finds the routes in the router, with the schemas of their bodies and queries', () => {
    const routes = sweptRoutes(app);
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.find((r) => r.method === 'get' && r.path === '/api/tickets/:id')?.params).toEqual(['id']);
    expect(routes.find((r) => r.method === 'post' && r.path === '/api/contacts')?.body).toBeDefined();
    expect(routes.find((r) => r.method === 'get' && r.path === '/api/tickets')?.query).toBeDefined();
  });

  it('no route answers 5xx to big ids, NUL bytes, lone surrogates, impossible dates, oversized or malformed JSON', async () => {
    const offenders: string[] = [];
    let sent = 0;
    const statuses = new Map<string, number>();
    const check = async (route: SweptRoute, what: string, send: (auth: boolean) => request.Test, auth = true) => {
      sent += 1;
      let status: number | string;
      let body: unknown;
      try {
        const response = await send(auth).timeout(15_000);
        status = response.status;
        body = response.body;
      } catch (error) {
        status = (error as { timeout?: number }).timeout ? 'timeout' : `error ${(error as Error).message}`;
      }
      const tally = `${auth ? 'admin' : 'anonymous'} ${status}`;
      statuses.set(tally, (statuses.get(tally) ?? 0) + 1);
      if (typeof status !== 'number' || status >= 500) {
        offenders.push(
          `${status} ${route.method.toUpperCase()} ${route.path} ${auth ? '' : '(no token) '}<- ${what} ${JSON.stringify(body ?? '').slice(0, 120)}`,
        );
      }
      if (auth && status === 401) await login();
    };
    const call = (route: SweptRoute, target: string, auth: boolean) => {
      const agent = request(app.getHttpServer());
      const method = route.method as 'get' | 'post' | 'put' | 'patch' | 'delete';
      const test = agent[method](target);
      return auth ? test.set('Authorization', `Bearer ${token}`) : test;
    };

    const routes = sweptRoutes(app);
    for (const route of routes) {
      // Path params: big ids and text that cannot be stored, one param at a time.
      for (const param of route.params) {
        for (const value of [...BAD_IDS, ...BAD_SEGMENTS]) {
          const target = fillPath(route, { [param]: value });
          await check(route, `:${param}=${value}`, (auth) => call(route, target, auth));
        }
        await check(route, `:${param}=${BAD_IDS[0]}`, (auth) => call(route, fillPath(route, { [param]: BAD_IDS[0] }), auth), false);
      }
      const target = fillPath(route, {});

      // Queries of reads: NUL and surrogates in searchParam and every text, big ids in id fields, impossible dates.
      if (route.method === 'get') {
        const { base, variants } = badVariants(route.query);
        const baseQuery = asQuery(base);
        await check(route, 'searchParam NUL', (auth) => call(route, target, auth).query({ ...baseQuery, searchParam: NUL }));
        await check(route, 'searchParam NUL', (auth) => call(route, target, auth).query({ ...baseQuery, searchParam: NUL }), false);
        await check(route, 'searchParam surrogate', (auth) => call(route, target, auth).query({ ...baseQuery, searchParam: SURROGATE }));
        for (const variant of variants) {
          await check(route, `query ${variant.what}`, (auth) => call(route, target, auth).query(asQuery(variant.value)));
        }
        if (route.query) {
          const leaves: Leaf[] = [];
          sample(route.query, '', [], leaves);
          for (const leaf of leaves.filter((l) => isIdKey(leafKey(l)))) {
            for (const id of BAD_IDS) {
              const key = String(leaf.path[0]);
              await check(route, `query ${key}=${id}`, (auth) =>
                call(route, target, auth).query({ ...baseQuery, [key]: leaf.path.length > 1 ? `[${id}]` : id }),
              );
            }
          }
        }
      }

      // Bodies of writes: one bad field at a time, an oversized body and malformed JSON.
      if (BODY_METHODS.has(route.method)) {
        const { variants } = badVariants(route.body);
        for (const variant of variants) {
          await check(route, `body ${variant.what}`, (auth) => call(route, target, auth).send(variant.value as object));
        }
        if (variants[0])
          await check(route, `body ${variants[0].what}`, (auth) => call(route, target, auth).send(variants[0].value as object), false);
        await check(route, 'body over 1 MB', (auth) => call(route, target, auth).send({ name: 'x'.repeat(1_100_000) }));
        await check(route, 'malformed JSON', (auth) => call(route, target, auth).set('Content-Type', 'application/json').send('{"name": '));
      }
    }

    // The sweep means something only if the admin's requests got past authentication to validation.
    const adminRefused = (statuses.get('admin 401') ?? 0) + (statuses.get('admin 403') ?? 0);
    expect({ adminRefused: adminRefused < sent * 0.05, statuses: Object.fromEntries(statuses) }).toMatchObject({ adminRefused: true });
    expect(statuses.get('admin 400')).toBeGreaterThan(sent / 2);
    expect({ sent, offenders }).toEqual({ sent, offenders: [] });
  });

  it('one nesting limit for every JSON body: each route answers 400 naming it to 8,000 levels, and a body at the limit reaches the route', async () => {
    const nested = (levels: number) => `${'{"body":'.repeat(levels - 1)}[1]${'}'.repeat(levels - 1)}`;
    const routes = expressRoutes(app);
    const answers = new Map<string, string[]>();
    const tally = (what: string, route: { method: string; path: string }) =>
      answers.set(what, [...(answers.get(what) ?? []), `${route.method.toUpperCase()} ${route.path}`]);
    for (const route of routes) {
      const method = route.method as 'get' | 'post' | 'put' | 'patch' | 'delete';
      const send = (body: string, auth: boolean) => {
        const test = request(app.getHttpServer())
          [method](route.path.replace(/[:*](\w+)/g, '1'))
          .set('Content-Type', 'application/json');
        return (auth ? test.set('Authorization', `Bearer ${token}`) : test).send(body);
      };
      // As the sweeper where a body is the route's input (the 500 was a logged-in send); reads
      // and deletes anonymously, so that a route the limit failed to guard changes nothing.
      const deep = await send(nested(8_000), BODY_METHODS.has(route.method));
      tally(deep.status === 400 && deep.body.message === JSON_TOO_DEEP_MESSAGE ? 'deep refused' : `deep ${deep.status}`, route);
      // Anonymous: a 401 or a route's own answer proves the parser let the body through.
      const atLimit = await send(nested(MAX_JSON_NESTING), false);
      tally(
        atLimit.status < 500 && atLimit.body.message !== JSON_TOO_DEEP_MESSAGE
          ? 'at limit reached the route'
          : `at limit ${atLimit.status}`,
        route,
      );
    }
    expect(routes.length).toBeGreaterThan(100);
    // Otherwise: each other answer with the routes that gave it (first, so that a failure names them).
    expect(Object.fromEntries([...answers].filter(([what]) => !['deep refused', 'at limit reached the route'].includes(what)))).toEqual({});
    expect(answers.get('deep refused')?.length).toBe(routes.length);
    expect(answers.get('at limit reached the route')?.length).toBe(routes.length);
    // The route of issue 21: it once answered 500 to this body.
    const message = await request(app.getHttpServer())
      .post('/api/messages/1')
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/json')
      .send(nested(8_000));
    expect({ status: message.status, body: message.body }).toEqual({
      status: 400,
      body: { error: 'ERR_VALIDATION', message: `The request body nests objects and arrays deeper than ${MAX_JSON_NESTING} levels` },
    });
    // A normal body still works.
    await request(app.getHttpServer())
      .post('/api/contacts')
      .set('Authorization', `Bearer ${token}`)
      .send({ name: 'Nested ok', number: '5511999990077', extraInfo: [{ name: 'a', value: 'b' }] })
      .expect(201);
  });

  it('an oversized JSON body answers 413 and malformed JSON 400, in the error shape', async () => {
    const big = await request(app.getHttpServer())
      .post('/api/contacts')
      .set('Authorization', `Bearer ${token}`)
      .send({ name: 'x'.repeat(1_100_000), number: '5511999990000' });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ error: 'ERR_VALIDATION', message: expect.stringMatching(/1 ?MB|too large/i) });
    const broken = await request(app.getHttpServer())
      .post('/api/contacts')
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/json')
      .send('{"name": ');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ error: 'ERR_VALIDATION', message: expect.stringMatching(/JSON/) });
  });

  it('a NUL byte, a lone surrogate, an id past 2^31-1 and an impossible date each answer 400 ERR_VALIDATION', async () => {
    const api = () => request(app.getHttpServer());
    const auth = { Authorization: `Bearer ${token}` };
    const answers = [
      await api().post('/api/contacts').set(auth).send({ name: NUL, number: '5511999990001' }),
      await api().post('/api/contacts').set(auth).send({ name: SURROGATE, number: '5511999990002' }),
      await api().get('/api/contacts').set(auth).query({ searchParam: NUL }),
      await api().get('/api/tickets/2147483648').set(auth),
      await api().get('/api/contacts/1e12').set(auth),
      await api().get('/api/tickets').set(auth).query({ date: IMPOSSIBLE_DATE }),
    ];
    expect(answers.map((a) => [a.status, a.body.error])).toEqual(answers.map(() => [400, 'ERR_VALIDATION']));
  });

  it('a socket asking for chat box 1e12 is refused as a validation error, and the server goes on', async () => {
    const socket: Socket = io(url, { transports: ['websocket'], auth: { token }, reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
      for (const bad of [1e12, '1e12', 2147483648, '99999999999999999999', 'a\u0000b']) {
        const answer = await socket.timeout(5_000).emitWithAck('joinChatBox', bad);
        expect(answer).toEqual({ joined: false, error: 'ERR_VALIDATION' });
      }
    } finally {
      socket.close();
    }
  });
});
