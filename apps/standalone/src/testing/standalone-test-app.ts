import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { AccessTokenService, configureHttpApp, PlatformModule, type PlatformOptions } from '@app/platform';
import { createTestDatabase, TokenClaimsSessionsModule } from '@app/platform/testing';
import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';

import { StandaloneModule } from '../standalone.module';

/** Services started in this process on a fresh database and scratch files. */
export interface InProcessServices {
  app: INestApplication;
  databaseUrl: string;
  api(): ReturnType<typeof request>;
  close(): Promise<void>;
}

type PlanFeatures = Parameters<AccessTokenService['sign']>[0]['plan'];

export interface ModulesTestApp extends InProcessServices {
  /** The Authorization header of an admin (user 1 unless told) of `companyId` whose plan has `plan`'s features. */
  as(companyId: number, plan?: PlanFeatures, userId?: number): { Authorization: string };
}

export interface StandaloneTestApp extends InProcessServices {
  /** Where it listens: the gateway's proxies and whatsapp's advertised media reach it there. */
  url: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The platform's settings of a test named `name`, on `databaseUrl` and `storageDir`. */
function platformOptions(name: string, databaseUrl: string, storageDir: string, extra: Partial<PlatformOptions>): PlatformOptions {
  return {
    serviceName: `${name}-test`,
    mode: 'standalone',
    databaseUrl,
    jwt: { secret: randomBytes(32).toString('hex'), accessTtlSeconds: 900 },
    logLevel: 'silent',
    storageDir,
    ...extra,
  };
}

async function started(
  name: string,
  imports: (databaseUrl: string, storageDir: string) => (DynamicModule | Type)[],
  start: (app: INestApplication) => Promise<void>,
): Promise<InProcessServices> {
  const database = await createTestDatabase(name);
  const storageDir = mkdtempSync(path.join(tmpdir(), `${name}-files-`));
  const close = async () => {
    await app?.close();
    await database.drop();
    rmSync(storageDir, { recursive: true, force: true });
  };
  let app: INestApplication | undefined;
  try {
    const moduleRef = await Test.createTestingModule({ imports: imports(database.url, storageDir) }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    configureHttpApp(app);
    await start(app);
  } catch (error) {
    await close();
    throw error;
  }
  const nest = app;
  return { app: nest, databaseUrl: database.url, api: () => request(nest.getHttpServer()), close };
}

/**
 * Some services' modules in one process with the platform, identity's session answers taken from the
 * token's claims (identity does not run): what a standalone spec of two or three services starts.
 * `beforeInit` runs on the app before its init (to subscribe to the in-process transport).
 */
export async function startModulesTestApp(
  name: string,
  modules: DynamicModule[],
  options: { platform?: Partial<PlatformOptions>; beforeInit?: (app: INestApplication) => Promise<void> } = {},
): Promise<ModulesTestApp> {
  const services = await started(
    name,
    (databaseUrl, storageDir) => [
      PlatformModule.forRoot(platformOptions(name, databaseUrl, storageDir, options.platform ?? {})),
      ...modules,
      TokenClaimsSessionsModule,
    ],
    async (app) => {
      await options.beforeInit?.(app);
      await app.init();
    },
  );
  const tokens = services.app.get(AccessTokenService);
  return {
    ...services,
    as: (companyId, plan = [], userId = 1) => ({
      Authorization: `Bearer ${tokens.sign({ sub: String(userId), companyId, profile: 'admin', super: false, sid: randomUUID(), plan })}`,
    }),
  };
}

/**
 * The whole product (StandaloneModule) listening on a free port, with `admin` as its seeded super
 * admin and the simulator on: what a spec of the product's public API starts.
 */
export async function startStandaloneTestApp(
  name: string,
  admin: { email: string; password: string },
  platform: Partial<PlatformOptions> = {},
): Promise<StandaloneTestApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const services = await started(
    name,
    (databaseUrl, storageDir) => [
      StandaloneModule.forRoot({
        platform: platformOptions(name, databaseUrl, storageDir, platform),
        identity: { refreshTtlSeconds: 3_600, secureCookies: false, admin: { ...admin } },
        gateway: { instanceId: name, conversationsUrl: url },
        whatsapp: { simulatorEnabled: true, advertisedUrl: url },
        conversations: { whatsappUrl: url },
      }),
    ],
    (app) => app.listen(port, '127.0.0.1'),
  );
  return { ...services, url };
}
