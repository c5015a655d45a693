import { randomUUID } from 'node:crypto';

import { connectionUpdated, TOPICS } from '@app/contracts';
import {
  announceQueues as announceServiceQueues,
  connectionFixture,
  type ServiceTestApp,
  startServiceTestApp,
} from '@app/platform/testing';
import * as argon2 from 'argon2';
import type { DataSource } from 'typeorm';

import { type Company, CompanyRepository } from '../common/company.repository';
import type { IdentityOptions } from '../common/identity-options';
import { type Plan, PlanRepository } from '../common/plan.repository';
import { type User, UserRepository } from '../common/user.repository';
import { IdentityModule } from '../identity.module';
import { ConnectionProjectionConsumer } from '../users/connection-projection.consumer';

export const TEST_ADMIN = { email: 'root@platform.test', password: 'Root-password-1' };

export type IdentityTestApp = ServiceTestApp;

/** The identity module over HTTP, on a fresh database, with the in-process event transport; collects identity.events. */
export function startIdentityTestApp(overrides: Partial<IdentityOptions> = {}): Promise<IdentityTestApp> {
  return startServiceTestApp({
    schema: 'identity',
    module: IdentityModule.forRoot({
      refreshTtlSeconds: 3600,
      secureCookies: false,
      admin: { ...TEST_ADMIN },
      ...overrides,
    }),
    // Other services' events the specs deliver through our outbox (t.publish) are watched too.
    watch: [TOPICS.identityEvents, TOPICS.conversationsEvents],
    sessions: 'module',
  });
}

/** A second tenant with its own admin, written straight into the identity schema. */
export async function insertCompanyWithAdmin(
  dataSource: DataSource,
  options: {
    name: string;
    adminEmail: string;
    password: string;
    approved?: boolean;
    status?: boolean;
    dueDate?: string | null;
    usersLimit?: number;
    planFlags?: Partial<Pick<Plan, 'useKanban' | 'useCampaigns' | 'useOpenAi' | 'useIntegrations' | 'useExternalApi'>>;
  },
): Promise<{ company: Company; admin: User }> {
  return dataSource.transaction(async (manager) => {
    const plan = await new PlanRepository(dataSource).insert(manager, {
      name: `${options.name} plan`,
      users: options.usersLimit ?? 10,
      connections: 3,
      queues: 5,
      value: 99.9,
      useCampaigns: false,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: false,
      useKanban: false,
      useOpenAi: false,
      useIntegrations: false,
      useInternal: false,
      ...options.planFlags,
    });
    const company = await new CompanyRepository(dataSource).insert(manager, {
      name: options.name,
      email: options.adminEmail,
      phone: null,
      planId: plan.id,
      status: options.status ?? true,
      approved: options.approved ?? true,
      dueDate: options.dueDate === undefined ? '2999-01-01' : options.dueDate,
      recurrence: 'MENSAL',
      schedules: [],
    });
    const admin = await new UserRepository(dataSource).insert(manager, {
      companyId: company.id,
      name: `${options.name} admin`,
      email: options.adminEmail,
      passwordHash: await argon2.hash(options.password),
      profile: 'admin',
      super: false,
      allTicket: 'enabled',
      whatsappId: null,
      queueIds: [],
      online: false,
    });
    return { company, admin };
  });
}

/** Makes queues known to identity as conversations would, and waits until they are. */
export function announceQueues(t: IdentityTestApp, companyId: number, queueIds: number[]): Promise<void> {
  return announceServiceQueues(t, 'identity', companyId, queueIds);
}

/** Makes connections known to identity as whatsapp's connection.updated would. */
export async function announceConnections(t: IdentityTestApp, companyId: number, connectionIds: number[]): Promise<void> {
  for (const id of connectionIds) {
    await t.app.get(ConnectionProjectionConsumer).handle({
      id: randomUUID(),
      type: connectionUpdated.type,
      version: connectionUpdated.version,
      companyId,
      key: String(id),
      occurredAt: new Date().toISOString(),
      payload: { connection: connectionFixture(companyId, id) },
    });
  }
}

/** The user with this id or e-mail, as the repository reads it; fails when there is none. */
export async function userWith(dataSource: DataSource, where: { id: number } | { email: string }): Promise<User> {
  const users = new UserRepository(dataSource);
  const user = 'id' in where ? await users.findById(where.id) : await users.findByEmail(where.email);
  if (!user) throw new Error(`No user ${JSON.stringify(where)}`);
  return user;
}

/** How many users there are, of a company, with an e-mail or a profile when asked. */
export async function countUsers(
  dataSource: DataSource,
  where: { companyId?: number; email?: string; profile?: string } = {},
): Promise<number> {
  const [{ count }]: { count: number }[] = await dataSource.query(
    `SELECT count(*)::int AS count FROM identity.users
      WHERE ($1::int IS NULL OR company_id = $1) AND ($2::text IS NULL OR email = $2) AND ($3::text IS NULL OR profile = $3)`,
    [where.companyId ?? null, where.email ?? null, where.profile ?? null],
  );
  return count;
}
