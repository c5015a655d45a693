import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';

import { PLATFORM_OPTIONS, type PlatformOptions } from '../platform-options';
import { HealthController } from './health.controller';
import { ReadinessRegistry } from './readiness';

const TOKEN = 'm'.repeat(40);

async function startPlatformApp(metricsToken?: string): Promise<INestApplication> {
  const options: PlatformOptions = {
    serviceName: 'health-test',
    mode: 'standalone',
    jwt: { secret: 's'.repeat(32), accessTtlSeconds: 900 },
    logLevel: 'silent',
    metricsToken,
  };
  const moduleRef = await Test.createTestingModule({
    controllers: [HealthController],
    providers: [ReadinessRegistry, { provide: PLATFORM_OPTIONS, useValue: options }],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return app;
}

describe('/health stays 200 while a dependency is down and says it is degraded; /ready goes 503 only without a database', () => {
  let app: INestApplication;
  let kafkaDown = true;

  beforeAll(async () => {
    app = await startPlatformApp();
    const readiness = app.get(ReadinessRegistry);
    readiness.register('database:inbox', async () => undefined);
    readiness.register(
      'kafka',
      async () => {
        if (kafkaDown) throw new Error('Kafka did not answer describeCluster');
      },
      { gatesReadiness: false },
    );
  });
  afterAll(async () => app?.close());

  it('names the dependency that is down, then reads ok again once it is back; a broker outage keeps the replica ready', async () => {
    await request(app.getHttpServer())
      .get('/health')
      .expect(200, { status: 'degraded', checks: { 'database:inbox': 'ok', kafka: 'Kafka did not answer describeCluster' } });
    await request(app.getHttpServer()).get('/ready').expect(200);
    kafkaDown = false;
    await request(app.getHttpServer())
      .get('/health')
      .expect(200, { status: 'ok', checks: { 'database:inbox': 'ok', kafka: 'ok' } });
    await request(app.getHttpServer()).get('/ready').expect(200);
  });

  it('a database that is down takes the replica out of readiness', async () => {
    const readiness = app.get(ReadinessRegistry);
    readiness.register('database:orders', async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    });
    await request(app.getHttpServer())
      .get('/ready')
      .expect(503)
      .expect((answer) => expect(answer.body.checks['database:orders']).toBe('connect ECONNREFUSED 127.0.0.1:5432'));
    await request(app.getHttpServer())
      .get('/health')
      .expect(200)
      .expect((answer) => expect(answer.body.status).toBe('degraded'));
    readiness.register('database:orders', async () => undefined);
  });

  it('a dependency that hangs reads as degraded within the liveness budget instead of holding the answer', async () => {
    app.get(ReadinessRegistry).register('database:slow', () => new Promise(() => undefined));
    const started = Date.now();
    const answer = await request(app.getHttpServer()).get('/health').expect(200);
    expect(answer.body).toMatchObject({ status: 'degraded', checks: { 'database:slow': 'timed out' } });
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});

describe('/metrics is for the scraper only; /health and /ready stay public', () => {
  let withToken: INestApplication;
  let withoutToken: INestApplication;

  beforeAll(async () => {
    [withToken, withoutToken] = await Promise.all([startPlatformApp(TOKEN), startPlatformApp()]);
  });
  afterAll(async () => {
    await Promise.all([withToken?.close(), withoutToken?.close()]);
  });

  it('with METRICS_TOKEN set: no token or a wrong one answers 401 and no sample; the bearer token gets the samples', async () => {
    const anonymous = await request(withToken.getHttpServer()).get('/metrics').expect(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(anonymous.text).not.toContain('process_cpu');
    await request(withToken.getHttpServer()).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
    await request(withToken.getHttpServer()).get('/metrics').set('Authorization', TOKEN).expect(401);
    const scraped = await request(withToken.getHttpServer()).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(scraped.headers['content-type']).toMatch(/^text\/plain/);
    expect(scraped.text).toContain('process_cpu_user_seconds_total');
  });

  it('without METRICS_TOKEN, /metrics does not exist (404), whatever the request carries', async () => {
    await request(withoutToken.getHttpServer()).get('/metrics').expect(404);
    await request(withoutToken.getHttpServer()).get('/metrics').set('Authorization', 'Bearer ').expect(404);
  });

  it('/health and /ready answer anyone, with or without the token configured', async () => {
    for (const app of [withToken, withoutToken]) {
      await request(app.getHttpServer()).get('/health').expect(200, { status: 'ok', checks: {} });
      await request(app.getHttpServer()).get('/ready').expect(200);
    }
  });
});
