import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  connectionDeleted,
  connectionUpdated,
  SESSION_MESSAGES,
  sessionActionRequested,
  type Connection,
  type ConnectionCreateBody,
  type ConnectionListQuery,
  type ConnectionMessageResponse,
  type ConnectionUpdateBody,
} from '@app/contracts';
import { AppError, OutboxWriter, type Tenancy } from '@app/platform';
import { mapConnection } from '../dtos/connection.dto';
import { ConnectionEntity } from '../entities/connection.entity';
import { PlanLimitsRepository } from '../plans/plan-limits.repository';
import { WHATSAPP_OPTIONS, type WhatsappOptions } from '../whatsapp-options';
import { companyQueues, newQueueIds } from './company-queues';
import { applyGreetingRule, assertBelowConnectionLimit, assertDefaultKept } from './connection-rules';

type SessionAction = 'start' | 'restart' | 'newQr' | 'logout' | 'stop';

/** Settings that, when changed, need the session to be opened again. */
const RESTART_FIELDS = ['proxyUrl', 'provider'] as const;

/** The connections of a company and the rules on them; session work is handed to whatsapp.commands. */
@Injectable()
export class ConnectionService {
  constructor(
    @InjectDataSource('whatsapp') private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly plans: PlanLimitsRepository,
    @Inject(WHATSAPP_OPTIONS) private readonly options: WhatsappOptions,
  ) {}

  async list(tenancy: Tenancy, query: ConnectionListQuery): Promise<Connection[]> {
    const rows = await this.dataSource.getRepository(ConnectionEntity).find({
      where: { companyId: tenancy.companyId },
      order: { name: 'ASC', id: 'ASC' },
    });
    return rows.map((row) => mapConnection(row, { withSession: query.session !== 0 }));
  }

  async get(tenancy: Tenancy, id: number): Promise<Connection> {
    return mapConnection(await this.find(this.dataSource.manager, tenancy, id));
  }

  async getDefault(tenancy: Tenancy): Promise<Connection> {
    const row = await this.dataSource.getRepository(ConnectionEntity).findOne({ where: { companyId: tenancy.companyId, isDefault: true } });
    if (!row) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 'The company has no default connection');
    return mapConnection(row);
  }

  async create(tenancy: Tenancy, body: ConnectionCreateBody): Promise<Connection> {
    this.assertProviderEnabled(body.provider);
    const row = await this.dataSource.transaction(async (manager) => {
      await this.lockCompany(manager, tenancy.companyId);
      const repository = manager.getRepository(ConnectionEntity);
      const count = await repository.count({ where: { companyId: tenancy.companyId } });
      assertBelowConnectionLimit(count, await this.plans.connectionLimit(manager, tenancy.companyId));
      const greeting = applyGreetingRule({ queueIds: [], greetingMessage: '' }, body);
      await companyQueues.assertKnown(manager, tenancy.companyId, newQueueIds({ queueIds: [], transferQueueId: null }, body));
      const isDefault = count === 0 || body.isDefault === true;
      if (isDefault) await repository.update({ companyId: tenancy.companyId, isDefault: true }, { isDefault: false });
      const saved = await repository.save(
        repository.create({
          ...defaults(),
          ...withoutUndefined(body),
          ...greeting,
          name: body.name,
          isDefault,
          companyId: tenancy.companyId,
          status: 'OPENING',
        }),
      );
      await this.announce(manager, saved);
      await this.requestSession(manager, saved, 'start');
      return saved;
    });
    return mapConnection(row);
  }

  async update(tenancy: Tenancy, id: number, body: ConnectionUpdateBody): Promise<Connection> {
    if (body.provider !== undefined) this.assertProviderEnabled(body.provider);
    const row = await this.dataSource.transaction(async (manager) => {
      await this.lockCompany(manager, tenancy.companyId);
      const current = await this.find(manager, tenancy, id);
      const change = withoutUndefined(body);
      if (Object.keys(change).length === 0) return current;
      assertDefaultKept(current.isDefault, change.isDefault);
      const greeting = applyGreetingRule(current, change);
      // Only ids being added: the ones the connection has stay valid while the projection catches up.
      await companyQueues.assertKnown(manager, tenancy.companyId, newQueueIds(current, change));
      const repository = manager.getRepository(ConnectionEntity);
      if (change.isDefault === true && !current.isDefault) {
        await repository.update({ companyId: tenancy.companyId, isDefault: true }, { isDefault: false });
      }
      const restart = RESTART_FIELDS.some((field) => change[field] !== undefined && change[field] !== current[field]);
      const saved = await repository.save(repository.merge(current, { ...change, ...greeting }));
      await this.announce(manager, saved);
      if (restart) await this.requestSession(manager, saved, 'restart');
      return saved;
    });
    return mapConnection(row);
  }

  async delete(tenancy: Tenancy, id: number): Promise<ConnectionMessageResponse> {
    await this.dataSource.transaction(async (manager) => {
      await this.lockCompany(manager, tenancy.companyId);
      const current = await this.find(manager, tenancy, id);
      const repository = manager.getRepository(ConnectionEntity);
      await repository.delete({ id: current.id });
      if (current.isDefault) {
        const next = await repository.findOne({ where: { companyId: tenancy.companyId }, order: { id: 'ASC' } });
        if (next) {
          next.isDefault = true;
          await this.announce(manager, await repository.save(next));
        }
      }
      await this.outbox.add(manager, {
        definition: connectionDeleted,
        companyId: tenancy.companyId,
        key: current.id,
        payload: { connectionId: current.id, companyId: tenancy.companyId },
      });
      await this.requestSession(manager, current, 'stop');
    });
    return { message: SESSION_MESSAGES.deleted };
  }

  /** POST, PUT and DELETE /whatsappsession/{id}: start, new QR, log out. */
  async session(tenancy: Tenancy, id: number, action: 'start' | 'newQr' | 'logout'): Promise<ConnectionMessageResponse> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.find(manager, tenancy, id);
      await this.requestSession(manager, row, action);
    });
    return { message: action === 'logout' ? SESSION_MESSAGES.disconnected : action === 'newQr' ? SESSION_MESSAGES.newQr : SESSION_MESSAGES.started };
  }

  /** POST /whatsapp-restart/: every connection of the company is opened again. */
  async restartAll(tenancy: Tenancy): Promise<ConnectionMessageResponse> {
    await this.dataSource.transaction(async (manager) => {
      const rows = await manager.getRepository(ConnectionEntity).find({ where: { companyId: tenancy.companyId } });
      for (const row of rows) await this.requestSession(manager, row, 'restart');
    });
    return { message: SESSION_MESSAGES.restarted };
  }

  /** A connection of the caller's company; another company's id is simply not found. */
  async find(manager: EntityManager, tenancy: Tenancy, id: number): Promise<ConnectionEntity> {
    const row = await manager.getRepository(ConnectionEntity).findOne({ where: { id, companyId: tenancy.companyId } });
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND', 'Connection not found');
    return row;
  }

  private assertProviderEnabled(provider: string | undefined): void {
    if (provider === 'simulator' && !this.options.simulatorEnabled) {
      throw new AppError('ERR_VALIDATION', 'The simulator is not enabled on this installation', {
        fields: [{ path: 'provider', message: 'simulator desativado' }],
      });
    }
  }

  /** Serialises the changes of one company's connections (limit count, the one default). */
  private async lockCompany(manager: EntityManager, companyId: number): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('whatsapp.connections'), $1)`, [companyId]);
  }

  private async announce(manager: EntityManager, row: ConnectionEntity): Promise<void> {
    await announceConnection(this.outbox, manager, row);
  }

  private async requestSession(manager: EntityManager, row: ConnectionEntity, action: SessionAction): Promise<void> {
    await this.outbox.add(manager, {
      definition: sessionActionRequested,
      companyId: row.companyId,
      key: row.id,
      payload: { connectionId: row.id, action },
    });
  }
}

/** whatsapp.connection.updated for a stored connection, in the caller's transaction. */
export async function announceConnection(outbox: OutboxWriter, manager: EntityManager, row: ConnectionEntity): Promise<void> {
  await outbox.add(manager, { definition: connectionUpdated, companyId: row.companyId, key: row.id, payload: { connection: mapConnection(row) } });
}

function defaults(): Partial<ConnectionEntity> {
  return {
    number: '',
    qrcode: '',
    qrcodeImage: '',
    retries: 0,
    queueIds: [],
    transferQueueId: null,
    promptId: null,
    greetingMessage: '',
    complationMessage: '',
    outOfHoursMessage: '',
    ratingMessage: '',
    token: '',
    provider: 'beta',
    expiresInactiveMessage: '',
    expiresTicket: 0,
    timeUseBotQueues: 0,
    maxUseBotQueues: 3,
    activeTranscribe: false,
    timeresume: null,
    transcribe: false,
    transcribeme: false,
    transcribekey: '',
    transcribeprovider: 'openai',
    sendme: false,
    timeforagroup: 5,
    proxyUrl: '',
    timeToTransfer: null,
    api1_medias: [],
    api2_medias: [],
    api3_medias: [],
  };
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
