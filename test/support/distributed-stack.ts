import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { openServiceDataSource } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { WHATSAPP_MIGRATIONS } from '@app/whatsapp';
import { sign } from 'jsonwebtoken';

import { type IdentitySessionsStandIn, startIdentitySessionsStandIn } from './identity-sessions';
import { type AppProcess, freePort, startApp, waitUntilReady } from './processes';

/** One service of the stack, started as dist's process. */
export interface ServiceProcess {
  process: AppProcess;
  port: number;
  url: string;
  /** Waits until its /ready answers 200. */
  ready(timeoutMs?: number): Promise<void>;
  /** The same app started again on the same port with the same settings (after this one was killed). */
  again(): ServiceProcess;
}

/** The services a gateway forwards to, by its settings' names. */
type GatewayBackends = Partial<Record<'WHATSAPP_URL' | 'CONVERSATIONS_URL' | 'OUTBOUND_URL' | 'AI_URL' | 'IDENTITY_URL', string>>;

/**
 * Services over a real Kafka broker as separate processes, the way the distributed specs run them: a
 * fresh database, a files folder, one JWT secret, identity's session answers from a stand-in (identity
 * itself does not run) and consumer group ids of the stack's own, so runs sharing a broker do not meet.
 */
export class DistributedStack {
  private readonly apps: AppProcess[] = [];
  private readonly suffix = randomBytes(4).toString('hex');

  private constructor(
    private readonly name: string,
    private readonly brokers: string,
    readonly database: TestDatabase,
    readonly storageDir: string,
    readonly secret: string,
    readonly identitySessions: IdentitySessionsStandIn,
  ) {}

  /**
   * `farConnectionIds` starts whatsapp's connection ids far from other runs' ids: the broker's
   * whatsapp.commands topic is shared by every run on it.
   */
  static async start(name: string, brokers: string, { farConnectionIds = false } = {}): Promise<DistributedStack> {
    const database = await createTestDatabase(name);
    if (farConnectionIds) {
      const dataSource = await openServiceDataSource(database.url, { schema: 'whatsapp', migrations: WHATSAPP_MIGRATIONS });
      await dataSource.query(`ALTER SEQUENCE whatsapp.connections_id_seq RESTART WITH ${randomInt(1_000_000, 2_000_000_000)}`);
      await dataSource.destroy();
    }
    const storageDir = mkdtempSync(path.join(tmpdir(), `${name}-files-`));
    const secret = randomBytes(32).toString('hex');
    const identitySessions = await startIdentitySessionsStandIn(secret);
    return new DistributedStack(name, brokers, database, storageDir, secret, identitySessions);
  }

  /** A token the stand-in vouches for: `userId` of `companyId`, an admin unless said, with the plan's features. */
  token(userId: number | string, companyId: number, plan: string[] = [], profile = 'admin'): string {
    return sign({ sub: String(userId), companyId, profile, super: false, sid: randomUUID(), plan }, this.secret, { expiresIn: 3600 });
  }

  /** What every service that keeps data gets: the database, the broker, the secret and the stand-in. */
  get common(): Record<string, string> {
    return {
      DATABASE_URL: this.database.url,
      KAFKA_BROKERS: this.brokers,
      JWT_SECRET: this.secret,
      IDENTITY_URL: this.identitySessions.url,
    };
  }

  /** A consumer group id of this stack's own. */
  groupId(role: string): string {
    return `${this.name}-${role}-${this.suffix}`;
  }

  /** Starts dist/apps/<app> on a free port with `env` (nothing from `common` unless given). */
  async service(app: string, env: Record<string, string>): Promise<ServiceProcess> {
    return this.startOn(app, await freePort(), env);
  }

  private startOn(app: string, port: number, env: Record<string, string>): ServiceProcess {
    const url = `http://127.0.0.1:${port}`;
    const started = startApp(app, { PORT: String(port), ...env });
    this.apps.push(started);
    return {
      process: started,
      port,
      url,
      ready: (timeoutMs) => waitUntilReady(started, `${url}/ready`, timeoutMs),
      again: () => this.startOn(app, port, env),
    };
  }

  /** whatsapp with the simulator, on the stack's files. */
  whatsapp(env: Record<string, string> = {}): Promise<ServiceProcess> {
    return this.service('whatsapp', {
      ...this.common,
      STORAGE_DIR: this.storageDir,
      SIMULATOR_ENABLED: 'true',
      COMMANDS_GROUP_ID: this.groupId('wa'),
      ...env,
    });
  }

  conversations(env: Record<string, string> = {}): Promise<ServiceProcess> {
    return this.service('conversations', { ...this.common, WHATSAPP_EVENTS_GROUP_ID: this.groupId('conv'), ...env });
  }

  outbound(env: Record<string, string> = {}): Promise<ServiceProcess> {
    return this.service('outbound', {
      ...this.common,
      STORAGE_DIR: this.storageDir,
      WHATSAPP_EVENTS_GROUP_ID: this.groupId('out'),
      ...env,
    });
  }

  /** The gateway in front of `backends` (no web app); it keeps no data, so it gets no database. */
  gateway(backends: GatewayBackends): Promise<ServiceProcess> {
    return this.service('gateway', {
      KAFKA_BROKERS: this.brokers,
      JWT_SECRET: this.secret,
      IDENTITY_URL: this.identitySessions.url,
      GATEWAY_INSTANCE_ID: this.groupId('gw'),
      WEB_DIST: '/nonexistent',
      ...backends,
    });
  }

  /** Stops every service it started, the stand-in, and removes the database and files. */
  async stop(): Promise<void> {
    await this.identitySessions.close();
    await Promise.all(this.apps.map((app) => app.stop()));
    await this.database.drop();
    rmSync(this.storageDir, { recursive: true, force: true });
  }
}
