import { randomInt } from 'node:crypto';

import {
  type ConnectionSession,
  type EventPayload,
  SIMULATOR_MAX_MEDIA_BYTES,
  type SimulatorAckBody,
  simulatorActionRequested,
  type SimulatorContactsBody,
  type SimulatorInboundBody,
  type SimulatorOutboundResponse,
  type SimulatorUnregisteredBody,
} from '@app/contracts';
import { AppError, FILE_STORAGE, type FileStorage, OutboxWriter, type Tenancy, typeOfReceived } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { ConnectionRepository, type StoredConnection } from '../common/connection.repository';
import { WHATSAPP_OPTIONS, type WhatsappOptions } from '../common/whatsapp-options';
import { mapSession } from '../connections/connection.dto';
import { mediaKeys } from '../media/media-store';
import type { SimulatorInbound } from '../providers/simulator/simulator.provider';
import { SimulatorPhoneRepository } from '../providers/simulator/simulator-phone.repository';
import { newWaMessageId, SessionManager } from '../sessions/session-manager';

const DEFAULT_MIME: Record<string, string> = {
  image: 'image/jpeg',
  audio: 'audio/ogg',
  ptt: 'audio/ogg; codecs=opus',
  video: 'video/mp4',
  document: 'application/pdf',
  sticker: 'image/webp',
};

type InboundRequest = Extract<EventPayload<typeof simulatorActionRequested>, { action: 'inbound' }>;

/**
 * The fake phone's control API. Steps travel on whatsapp.commands to the process that runs the
 * connection's session, like every other session command; answers wait briefly for the outcome.
 * Customer messages for a session this process runs go to it directly, as a real phone's do.
 */
@Injectable()
export class SimulatorControlService {
  /** Connections seen connected, until when (see connectedSession). */
  private readonly connectedUntil = new Map<string, number>();

  constructor(
    private readonly connections: ConnectionRepository,
    private readonly phone: SimulatorPhoneRepository,
    private readonly outbox: OutboxWriter,
    private readonly sessions: SessionManager,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(WHATSAPP_OPTIONS) private readonly options: WhatsappOptions,
  ) {}

  get enabled(): boolean {
    return this.options.simulatorEnabled;
  }

  async scan(tenancy: Tenancy, id: number, number?: string): Promise<ConnectionSession> {
    const row = await this.connection(tenancy, id);
    if (row.status === 'CONNECTED') return mapSession(row);
    if (row.status !== 'qrcode') throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'The connection is not showing a QR code');
    const phoneNumber = number ?? `5511${randomInt(10_000_000, 99_999_999)}${randomInt(0, 9)}`;
    await this.request(tenancy, { action: 'scan', connectionId: id, number: phoneNumber });
    return this.settle(tenancy, id, (s) => s === 'CONNECTED');
  }

  async disconnect(tenancy: Tenancy, id: number): Promise<ConnectionSession> {
    this.connectedUntil.delete(`${tenancy.companyId}:${id}`);
    const row = await this.connection(tenancy, id);
    if (row.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'The connection is not connected');
    await this.request(tenancy, { action: 'disconnect', connectionId: id });
    return this.settle(tenancy, id, (s) => s === 'DISCONNECTED');
  }

  async inbound(tenancy: Tenancy, id: number, body: SimulatorInboundBody): Promise<{ messageId: string }> {
    const { messageIds } = await this.inboundBurst(tenancy, id, [body]);
    return { messageId: messageIds[0]! };
  }

  /**
   * Customer messages reaching the phone together: their requests are written in one statement and
   * the session takes them as one burst, in this order.
   */
  async inboundBurst(tenancy: Tenancy, id: number, bodies: SimulatorInboundBody[]): Promise<{ messageIds: string[] }> {
    await this.connectedSession(tenancy, id);
    // Every message is checked before any media is staged: a refused burst leaves nothing behind.
    const media = bodies.map((body) => (body.mediaBase64 && body.mediaType ? Buffer.from(body.mediaBase64, 'base64') : undefined));
    for (const [index, bytes] of media.entries()) {
      if (bytes && (bytes.length === 0 || bytes.length > SIMULATOR_MAX_MEDIA_BYTES)) {
        const path = bodies.length === 1 ? 'mediaBase64' : `messages.${index}.mediaBase64`;
        throw new AppError('ERR_VALIDATION', 'mediaBase64 must hold 1 byte to 16 MB', { fields: [{ path, message: 'tamanho inválido' }] });
      }
    }
    const requests: InboundRequest[] = [];
    for (const [index, body] of bodies.entries()) requests.push(await this.staged(tenancy, id, body, media[index]));
    const simulated = requests.map(({ messageId, inbound }) => ({ messageId, inbound: inbound as SimulatorInbound }));
    if (!(await this.sessions.receiveSimulated(tenancy.companyId, id, simulated))) {
      await Promise.all(requests.map((request) => this.request(tenancy, request)));
    }
    return { messageIds: requests.map((request) => request.messageId) };
  }

  /** The request for one inbound message, its media (if any) staged in storage. */
  private async staged(tenancy: Tenancy, id: number, body: SimulatorInboundBody, bytes: Buffer | undefined): Promise<InboundRequest> {
    const messageId = body.messageId ?? newWaMessageId();
    const { mediaBase64: _sent, ...inbound } = body;
    let mediaKey: string | undefined;
    if (bytes && body.mediaType) {
      const fileName = body.fileName ?? `${messageId}`;
      mediaKey = mediaKeys.simulatorInbound(tenancy.companyId, id, messageId, fileName);
      // Staged as what the bytes are; the session then stores it as any received media (MediaStore).
      await this.storage.put(mediaKey, bytes, typeOfReceived(body.mimetype ?? DEFAULT_MIME[body.mediaType], bytes), { fileName });
    }
    return {
      action: 'inbound',
      connectionId: id,
      messageId,
      inbound: { ...inbound, mimetype: body.mimetype ?? (body.mediaType ? DEFAULT_MIME[body.mediaType] : undefined), mediaKey },
    };
  }

  async outbound(tenancy: Tenancy, id: number): Promise<SimulatorOutboundResponse> {
    await this.connection(tenancy, id);
    return { messages: await this.phone.list(id) };
  }

  async ack(tenancy: Tenancy, id: number, body: SimulatorAckBody): Promise<{ messageId: string; ack: number }> {
    await this.connection(tenancy, id);
    if (!(await this.phone.exists(id, body.messageId))) throw new AppError('ERR_NOT_FOUND', 'The phone received no message with this id');
    await this.request(tenancy, { action: 'ack', connectionId: id, messageId: body.messageId, ack: body.ack });
    return body;
  }

  /** These numbers answer "not on WhatsApp" to the connection's number checks from now on. */
  async unregistered(tenancy: Tenancy, id: number, body: SimulatorUnregisteredBody): Promise<{ numbers: string[] }> {
    await this.connection(tenancy, id);
    await this.phone.markUnregistered(id, body.numbers);
    return { numbers: body.numbers };
  }

  /** The phone's address book sends entries; they reach the session as Baileys' contacts.upsert would. */
  async contacts(tenancy: Tenancy, id: number, body: SimulatorContactsBody): Promise<{ contacts: number }> {
    const row = await this.connection(tenancy, id);
    if (row.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'The connection is not connected');
    await this.request(tenancy, {
      action: 'contacts',
      connectionId: id,
      contacts: body.contacts.map((contact) => ({ number: contact.number, name: contact.name || null })),
    });
    return { contacts: body.contacts.length };
  }

  /** A simulator connection of the caller's company; anything else is not found. */
  /**
   * The check before a customer's message: a simulated connection of the company, connected. A
   * session this process runs answers it itself; another process's is read from the connection's
   * row, known for a second once seen connected (a phone sending a burst asks it for every message).
   * The session drops a message that finds it disconnected meanwhile.
   */
  private async connectedSession(tenancy: Tenancy, id: number): Promise<void> {
    if (!this.options.simulatorEnabled) throw new AppError('ERR_NOT_FOUND', 'The simulator is not enabled');
    if (this.sessions.runsConnectedSimulator(tenancy.companyId, id)) return;
    const key = `${tenancy.companyId}:${id}`;
    if ((this.connectedUntil.get(key) ?? 0) > Date.now()) return;
    const session = await this.connections.sessionOf(tenancy.companyId, id);
    if (!session || session.provider !== 'simulator') throw new AppError('ERR_NO_WAPP_FOUND', 'Simulator connection not found');
    if (session.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'The connection is not connected');
    this.connectedUntil.set(key, Date.now() + 1_000);
  }

  private async connection(tenancy: Tenancy, id: number): Promise<StoredConnection> {
    if (!this.options.simulatorEnabled) throw new AppError('ERR_NOT_FOUND', 'The simulator is not enabled');
    const row = await this.connections.ofCompany(null, tenancy.companyId, id);
    if (!row || row.provider !== 'simulator') throw new AppError('ERR_NO_WAPP_FOUND', 'Simulator connection not found');
    return row;
  }

  private async request(tenancy: Tenancy, payload: EventPayload<typeof simulatorActionRequested>): Promise<void> {
    // A request changes nothing here: its event is the whole write, one statement.
    await this.outbox.addAlone(this.connections.autocommit, {
      definition: simulatorActionRequested,
      companyId: tenancy.companyId,
      key: payload.connectionId,
      payload,
    });
  }

  /** The session once it reached the expected status, or as it is after a few seconds. */
  private async settle(tenancy: Tenancy, id: number, reached: (status: string) => boolean): Promise<ConnectionSession> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const row = await this.connections.ofCompanyOrFail(tenancy.companyId, id);
      if (reached(row.status) || Date.now() > deadline) return mapSession(row);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
