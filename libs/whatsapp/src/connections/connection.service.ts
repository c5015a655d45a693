import {
  type Connection,
  type ConnectionCreateBody,
  connectionDeleted,
  type ConnectionListQuery,
  type ConnectionMessageResponse,
  connectionTranscriptionUpdated,
  type ConnectionUpdateBody,
  connectionUpdated,
  SESSION_MESSAGES,
  sessionActionRequested,
} from '@app/contracts';
import { AppError, OutboundUrlGuard, OutboxWriter, type Tenancy } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ConnectionRepository, type StoredConnection } from '../common/connection.repository';
import { WHATSAPP_OPTIONS, type WhatsappOptions } from '../common/whatsapp-options';
import { ApiMediaLibrary } from '../media/api-media-library';
import { PlanLimitsRepository } from '../plans/plan-limits.repository';
import { type CheckedCloudAccount, CloudAccountService } from '../providers/cloud/cloud-account.service';
import { CompanyQueueRepository, newQueueIds } from './company-queues.repository';
import { mapConnection } from './connection.dto';
import { applyGreetingRule, assertBelowConnectionLimit, assertDefaultKept } from './connection-rules';
import { keepMaskedSecrets, secretsViewOf } from './connection-secrets';
import { assertProxyUrlAllowed } from './proxy-url-check';

type SessionAction = 'start' | 'restart' | 'newQr' | 'logout' | 'stop';

/** Settings that, when changed, need the session to be opened again. */
const RESTART_FIELDS = ['proxyUrl', 'provider'] as const;
const API_MEDIA_FIELDS = ['api1_medias', 'api2_medias', 'api3_medias'] as const;

/** The connections of a company and the rules on them; session work is handed to whatsapp.commands. */
@Injectable()
export class ConnectionService {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly companyQueues: CompanyQueueRepository,
    private readonly outbox: OutboxWriter,
    private readonly plans: PlanLimitsRepository,
    @Inject(WHATSAPP_OPTIONS) private readonly options: WhatsappOptions,
    private readonly outboundGuard: OutboundUrlGuard,
    private readonly apiMedias: ApiMediaLibrary,
    private readonly cloud: CloudAccountService,
  ) {}

  async list(tenancy: Tenancy, query: ConnectionListQuery): Promise<Connection[]> {
    const rows = await this.connections.listOfCompany(tenancy.companyId);
    return rows.map((row) => mapConnection(row, { withSession: query.session !== 0, secrets: secretsViewOf(tenancy) }));
  }

  async get(tenancy: Tenancy, id: number): Promise<Connection> {
    return mapConnection(await this.find(null, tenancy, id), { secrets: secretsViewOf(tenancy) });
  }

  async getDefault(tenancy: Tenancy): Promise<Connection> {
    const row = await this.connections.defaultOfCompany(tenancy.companyId);
    if (!row) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 'The company has no default connection');
    return mapConnection(row, { secrets: secretsViewOf(tenancy) });
  }

  async create(tenancy: Tenancy, body: ConnectionCreateBody): Promise<Connection> {
    this.assertProviderEnabled(body.provider);
    await assertProxyUrlAllowed(this.outboundGuard, body.proxyUrl);
    // Meta is asked before the transaction: a refused credential creates nothing.
    const cloud = body.provider === 'cloud' ? await this.cloud.check(null, body.cloud) : null;
    const row = await this.connections.transaction(async (manager) => {
      await this.connections.lockCompany(manager, tenancy.companyId);
      const count = await this.connections.countOfCompany(manager, tenancy.companyId);
      assertBelowConnectionLimit(count, await this.plans.connectionLimit(manager, tenancy.companyId));
      const greeting = applyGreetingRule({ queueIds: [], greetingMessage: '' }, body);
      await this.companyQueues.assertKnown(manager, tenancy.companyId, newQueueIds({ queueIds: [], transferQueueId: null }, body));
      await this.assertApiMediasUploaded(tenancy.companyId, null, body);
      const isDefault = count === 0 || body.isDefault === true;
      if (isDefault) await this.connections.clearDefault(manager, tenancy.companyId);
      const saved = await this.connections.insert(manager, {
        ...defaults(),
        ...withoutUndefined(body),
        ...greeting,
        name: body.name,
        isDefault,
        companyId: tenancy.companyId,
        status: 'OPENING',
        ...(cloud ? { number: cloud.state.displayPhoneNumber.replace(/\D/g, '') } : {}),
      });
      if (cloud) await this.cloud.save(manager, saved, cloud);
      await this.announce(manager, saved);
      await this.requestSession(manager, saved, 'start');
      return saved;
    });
    return mapConnection(row, { secrets: secretsViewOf(tenancy) });
  }

  async update(tenancy: Tenancy, id: number, body: ConnectionUpdateBody): Promise<Connection> {
    if (body.provider !== undefined) this.assertProviderEnabled(body.provider);
    await assertProxyUrlAllowed(this.outboundGuard, body.proxyUrl);
    const cloud = await this.checkedCloud(tenancy, id, body);
    const row = await this.connections.transaction(async (manager) => {
      await this.connections.lockCompany(manager, tenancy.companyId);
      const current = await this.find(manager, tenancy, id);
      const { cloud: _credentials, ...settings } = withoutUndefined(body);
      const change: ConnectionUpdateBody & { number?: string } = keepMaskedSecrets(current, settings);
      if (cloud) {
        // New credentials: the number is Meta's, and the session opens again with them.
        await this.cloud.save(manager, current, cloud);
        change.number = cloud.state.displayPhoneNumber.replace(/\D/g, '');
      } else if (change.provider !== undefined && change.provider !== 'cloud' && current.provider === 'cloud') {
        await this.cloud.removeWith(manager, current.id);
      }
      if (Object.keys(change).length === 0) return current;
      assertDefaultKept(current.isDefault, change.isDefault);
      const greeting = applyGreetingRule(current, change);
      // Only ids being added: the ones the connection has stay valid while the projection catches up.
      await this.companyQueues.assertKnown(manager, tenancy.companyId, newQueueIds(current, change));
      await this.assertApiMediasUploaded(tenancy.companyId, current, change);
      if (change.isDefault === true && !current.isDefault) {
        await this.connections.clearDefault(manager, tenancy.companyId);
      }
      const restart = !!cloud || RESTART_FIELDS.some((field) => change[field] !== undefined && change[field] !== current[field]);
      const saved = await this.connections.update(manager, current, { ...change, ...greeting });
      await this.announce(manager, saved);
      if (restart) await this.requestSession(manager, saved, 'restart');
      return saved;
    });
    return mapConnection(row, { secrets: secretsViewOf(tenancy) });
  }

  async delete(tenancy: Tenancy, id: number): Promise<ConnectionMessageResponse> {
    await this.connections.transaction(async (manager) => {
      await this.connections.lockCompany(manager, tenancy.companyId);
      const current = await this.find(manager, tenancy, id);
      await this.connections.delete(manager, current.id);
      await this.cloud.removeWith(manager, current.id);
      if (current.isDefault) {
        const next = await this.connections.firstOfCompany(manager, tenancy.companyId);
        if (next) {
          next.isDefault = true;
          await this.announce(manager, await this.connections.save(manager, next));
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

  /**
   * A name put in an API media position must be one of the company's uploaded API media. Names the
   * connection already holds are kept as they are, so a file uploaded before the library (or since
   * replaced) does not block saving the other positions.
   */
  private async assertApiMediasUploaded(companyId: number, current: StoredConnection | null, change: ConnectionUpdateBody): Promise<void> {
    const held = new Set(API_MEDIA_FIELDS.flatMap((field) => current?.[field] ?? []));
    const added = API_MEDIA_FIELDS.flatMap((field) =>
      (change[field] ?? []).flatMap((name, position) => (name !== null && !held.has(name) ? [{ path: `${field}.${position}`, name }] : [])),
    );
    if (added.length === 0) return;
    const uploaded = await this.apiMedias.names(companyId);
    const unknown = added.filter((item) => !uploaded.has(item.name));
    if (unknown.length === 0) return;
    throw new AppError(
      'ERR_VALIDATION',
      `Not an uploaded API media file of this company: ${unknown.map((item) => `${item.path} '${item.name}'`).join(', ')}`,
      { fields: unknown.map((item) => ({ path: item.path, message: 'mídia não encontrada entre as enviadas' })) },
    );
  }

  /** POST, PUT and DELETE /whatsappsession/{id}: start, new QR, log out. */
  async session(tenancy: Tenancy, id: number, action: 'start' | 'newQr' | 'logout'): Promise<ConnectionMessageResponse> {
    await this.connections.transaction(async (manager) => {
      const row = await this.find(manager, tenancy, id);
      await this.requestSession(manager, row, action);
    });
    return {
      message: action === 'logout' ? SESSION_MESSAGES.disconnected : action === 'newQr' ? SESSION_MESSAGES.newQr : SESSION_MESSAGES.started,
    };
  }

  /** POST /whatsapp-restart/: every connection of the company is opened again. */
  async restartAll(tenancy: Tenancy): Promise<ConnectionMessageResponse> {
    await this.connections.transaction(async (manager) => {
      const rows = await this.connections.allOfCompany(manager, tenancy.companyId);
      for (const row of rows) await this.requestSession(manager, row, 'restart');
    });
    return { message: SESSION_MESSAGES.restarted };
  }

  /** A connection of the caller's company (in the transaction when given); another company's id is simply not found. */
  async find(manager: EntityManager | null, tenancy: Tenancy, id: number): Promise<StoredConnection> {
    const row = await this.connections.ofCompany(manager, tenancy.companyId, id);
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND', 'Connection not found');
    return row;
  }

  /**
   * The Cloud API credentials of an edit, checked with Meta before the transaction: when they are sent,
   * or when the connection becomes a Cloud API one (which cannot run without them).
   */
  private async checkedCloud(tenancy: Tenancy, id: number, body: ConnectionUpdateBody): Promise<CheckedCloudAccount | null> {
    const current = await this.find(null, tenancy, id);
    const provider = body.provider ?? current.provider;
    if (provider !== 'cloud') return null;
    const account = await this.cloud.current(current.id);
    if (!body.cloud && account) return null;
    return this.cloud.check(account, body.cloud);
  }

  private assertProviderEnabled(provider: string | undefined): void {
    if (provider === 'cloud') this.cloud.assertEnabled();
    if (provider === 'simulator' && !this.options.simulatorEnabled) {
      throw new AppError('ERR_VALIDATION', 'The simulator is not enabled on this installation', {
        fields: [{ path: 'provider', message: 'simulator desativado' }],
      });
    }
  }

  private async announce(manager: EntityManager, row: StoredConnection): Promise<void> {
    await announceConnection(this.outbox, manager, row);
  }

  private async requestSession(manager: EntityManager, row: StoredConnection, action: SessionAction): Promise<void> {
    await this.outbox.add(manager, {
      definition: sessionActionRequested,
      companyId: row.companyId,
      key: row.id,
      payload: { connectionId: row.id, action },
    });
  }
}

/** whatsapp.connection.updated for a stored connection, in the caller's transaction. */
export async function announceConnection(outbox: OutboxWriter, manager: EntityManager, row: StoredConnection): Promise<void> {
  await outbox.add(manager, {
    definition: connectionUpdated,
    companyId: row.companyId,
    key: row.id,
    payload: { connection: mapConnection(row) },
  });
  // The transcription settings go to the ai service in their own event; the key itself travels on no
  // event: ai asks for it when it transcribes (whatsapp.transcription-key, decision 0052).
  await outbox.add(manager, {
    definition: connectionTranscriptionUpdated,
    companyId: row.companyId,
    key: row.id,
    payload: {
      connectionId: row.id,
      companyId: row.companyId,
      transcribe: row.transcribe,
      transcribeme: row.transcribeme,
      sendme: row.sendme,
      transcribeprovider: row.transcribeprovider,
      hasKey: row.transcribekey !== '',
    },
  });
}

function defaults(): Partial<StoredConnection> {
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
