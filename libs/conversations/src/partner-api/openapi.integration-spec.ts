import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { partnerOpenApiDocument, WEBHOOK_EVENT_TYPES } from '@app/contracts';
import request from 'supertest';

import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';

interface ExpressLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/** Every route the service's HTTP app answers, Express form (/api/messages/status/:id). */
function routesOf(t: ConversationsTestApp): { method: string; path: string }[] {
  const app = t.app.getHttpAdapter().getInstance() as { router: { stack: ExpressLayer[] } };
  return app.router.stack.flatMap((layer) =>
    layer.route
      ? [layer.route.path]
          .flat()
          .flatMap((routePath) => Object.keys(layer.route!.methods).map((method) => ({ method: method.toLowerCase(), path: routePath })))
      : [],
  );
}

/** The OpenAPI validator is an ES module: it runs in a node of its own, as a CLI would. */
function validate(document: unknown): { valid: boolean; errors?: unknown } {
  const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const script = `import { Validator } from '@seriousme/openapi-schema-validator';
      const validator = new Validator();
      const result = await validator.validate(${JSON.stringify(file)});
      process.stdout.write(JSON.stringify({ valid: result.valid, errors: result.errors, version: validator.version }));`;
    return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: process.cwd(), encoding: 'utf8' }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('GET /api/openapi.json: the public API described from its own zod schemas (decision 0051)', () => {
  let t: ConversationsTestApp;

  beforeAll(async () => {
    t = await startConversationsTestApp();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('is served without a token and is a valid OpenAPI 3.1 document', async () => {
    const answer = await request(t.http).get('/api/openapi.json').expect(200);
    expect(answer.body).toEqual(JSON.parse(JSON.stringify(partnerOpenApiDocument('/api'))));
    expect(answer.body.openapi).toBe('3.1.0');
    const result = validate(answer.body);
    expect(result.errors).toBeUndefined();
    expect(result).toMatchObject({ valid: true, version: '3.1' });
    // The validator does refuse a broken document (the test can fail).
    expect(validate({ ...answer.body, paths: { '/x': { get: { responses: 'none' } } } }).valid).toBe(false);
  });

  it('documents every route that takes an API token: a route answering ERR_INVALID_API_TOKEN without one must be in the document', async () => {
    const document = partnerOpenApiDocument('/api') as { paths: Record<string, Record<string, unknown>> };
    const tokenRoutes: { method: string; path: string }[] = [];
    for (const route of routesOf(t)) {
      if (!route.path.startsWith('/api/') || !['get', 'post', 'put', 'patch', 'delete'].includes(route.method)) continue;
      const url = route.path.replace(/:(\w+)/g, '1');
      const answer = await request(t.http)
        [route.method as 'get' | 'post' | 'put' | 'delete' | 'patch'](url)
        .timeout(5_000)
        .catch((error: Error) => ({ body: { error: error.message }, route }));
      if (answer.body?.error === 'ERR_INVALID_API_TOKEN') tokenRoutes.push(route);
    }
    // The probe finds the token routes (so the check below has something to check).
    expect(tokenRoutes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'get /api/messages/status/:id',
        'post /api/messages/send',
        'post /api/messages/contacts',
        'post /api/messages/schedules',
        'get /api/messages/schedules',
        'get /api/messages/settings',
        'get /api/messages/agenda/services',
        'get /api/messages/agenda/slots',
        'post /api/messages/agenda/appointments',
      ]),
    );
    for (const route of tokenRoutes) {
      const documented = route.path.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}');
      expect({ route: `${route.method} ${documented}`, inDocument: Boolean(document.paths[documented]?.[route.method]) }).toEqual({
        route: `${route.method} ${documented}`,
        inDocument: true,
      });
    }
  });

  it('the document says what the server refuses: the send body schema requires number and body', () => {
    const document = partnerOpenApiDocument('/api') as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }>>;
    };
    const send = document.paths['/messages/send']!.post!.requestBody!.content;
    expect(send['application/json']!.schema.required).toEqual(['number', 'body']);
    expect(send['multipart/form-data']!.schema.required).toEqual(['number', 'medias']);
  });

  it('lists every webhook event under `webhooks` with its payload schema and signature headers', () => {
    const document = partnerOpenApiDocument('/api') as {
      webhooks: Record<string, { post: { parameters: { name: string }[]; requestBody: { content: Record<string, { schema: unknown }> } } }>;
    };
    expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const type of WEBHOOK_EVENT_TYPES) {
      const operation = document.webhooks[type]!.post;
      expect(operation.parameters.map((one) => one.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      expect(operation.requestBody.content['application/json']!.schema).toMatchObject({
        properties: { type: { const: type } },
        required: ['type', 'timestamp', 'data'],
      });
    }
  });
});
