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
      await request(app.getHttpServer()).get('/health').expect(200, { status: 'ok' });
      await request(app.getHttpServer()).get('/ready').expect(200);
    }
  });
});
