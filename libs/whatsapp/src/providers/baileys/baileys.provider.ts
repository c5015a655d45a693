import type { NumberCheck, SendContent } from '@app/contracts';
import { type CheckedOutboundUrl, type OutboundUrlGuard, OutboundUrlRefusedError } from '@app/platform';
import type { Logger } from '@nestjs/common';
import type { BaileysEventMap, WAMessage, WAMessageKey } from '@whiskeysockets/baileys';

import type { AuthStateRepository } from '../../common/auth-state.repository';
import type { SendIntentRepository } from '../../messages/send-intent.repository';
import type { OutgoingMessage, SessionContext, WhatsAppProvider, WhatsAppSession } from '../whatsapp-provider';
import { normaliseCall, type NormaliseDeps, normaliseUpsert, textOf } from './baileys-normalise';
import { type BaileysLib, loadBaileys } from './baileys-runtime';
import { type BaileysSocketLike, MapCache, realSocketFactory, type SocketFactory } from './baileys-socket';
import { backoffDelay, disconnectAction } from './disconnect-policy';
import { isLidJid, phoneJid, toJid, userOf } from './jids';
import { type PostgresAuthState, usePostgresAuthState } from './pg-auth-state';

export interface BaileysProviderDeps {
  intents: SendIntentRepository;
  auth: AuthStateRepository;
  /** Whether a message id of this connection was already seen (our own sends echo back). */
  seen: (connectionId: number, messageId: string) => Promise<boolean>;
  logger: Logger;
  /** Checks the connection's proxy again right before every dial (it may resolve elsewhere by now). */
  outboundGuard: OutboundUrlGuard;
  socketFactory?: SocketFactory;
  loadLib?: () => Promise<Pick<BaileysLib, 'initAuthCreds' | 'BufferJSON' | 'proto' | 'downloadMediaMessage' | 'fetchLatestWaWebVersion'>>;
}

const PRESENCES = new Set(['available', 'unavailable', 'composing', 'recording', 'paused']);

/** One WhatsApp Web session on Baileys 7. */
export class BaileysSession implements WhatsAppSession {
  private socket: BaileysSocketLike | null = null;
  /** Chats whose presence this socket asked for (WhatsApp forgets them with the socket). */
  private presenceSubscribed = new Set<string>();
  private auth!: PostgresAuthState;
  private lib!: Awaited<ReturnType<NonNullable<BaileysProviderDeps['loadLib']>>>;
  private attempts = 0;
  private open = false;
  private stopped = false;
  private reconnectTimer?: NodeJS.Timeout;
  /** Events are handled one after another, in the order the socket emitted them. */
  private queue: Promise<void> = Promise.resolve();
  private readonly retryCounterCache = new MapCache();
  private version?: [number, number, number];
  private readonly normaliseDeps: NormaliseDeps;

  constructor(
    private readonly context: SessionContext,
    private readonly deps: BaileysProviderDeps,
  ) {
    this.normaliseDeps = {
      phoneForLid: async (lid) => this.context.auth.phoneForLid(this.context.connectionId, lid),
      download: (message) => this.download(message),
    };
  }

  get connected(): boolean {
    return this.open;
  }

  async start(): Promise<void> {
    this.lib = await (this.deps.loadLib ?? loadBaileys)();
    await this.context.listener.onState({ status: 'OPENING', qrcode: '' });
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const proxy = await this.checkedProxy();
    if (proxy === 'refused') return;
    this.auth = await usePostgresAuthState(this.lib, this.context.auth, this.context.lease);
    const factory = this.deps.socketFactory ?? realSocketFactory;
    const socket = await factory({
      connectionId: this.context.connectionId,
      auth: this.auth.state,
      proxy,
      retryCounterCache: this.retryCounterCache,
      version: this.version,
      getMessage: (key) => this.storedMessage(key),
    });
    this.socket = socket;
    this.presenceSubscribed = new Set();
    this.bind(socket);
  }

  /**
   * The proxy as the guard sees it now. Refused (a private, loopback or metadata address, whatever
   * was saved before): no dial at all, the connection shows DISCONNECTED and the reason is logged.
   * A name that does not resolve is retried with the usual backoff: DNS may be down for a moment.
   */
  private async checkedProxy(): Promise<CheckedOutboundUrl | undefined | 'refused'> {
    if (!this.context.proxyUrl) return undefined;
    try {
      return await this.deps.outboundGuard.check(this.context.proxyUrl, 'proxy');
    } catch (error) {
      if (!(error instanceof OutboundUrlRefusedError)) throw error;
      const { connectionId } = this.context;
      if (error.refusal.reason === 'unresolvable') {
        this.attempts += 1;
        const delayMs = backoffDelay(this.attempts);
        this.deps.logger.warn({ connectionId, reason: error.message, retryInMs: delayMs }, 'proxy does not resolve; not dialling yet');
        await this.context.listener.onState({ status: 'OPENING', qrcode: '', retries: 'increment' });
        this.scheduleConnect(delayMs);
        return 'refused';
      }
      this.deps.logger.error({ connectionId, reason: error.message }, 'proxy refused by the outbound guard; the session does not dial');
      await this.context.listener.onState({ status: 'DISCONNECTED', qrcode: '' });
      this.context.listener.onFatal(`proxy refused: ${error.message}`);
      return 'refused';
    }
  }

  private bind(socket: BaileysSocketLike): void {
    const on = <T extends keyof BaileysEventMap>(event: T, handle: (arg: BaileysEventMap[T]) => Promise<void>) =>
      socket.ev.on(event, (arg) => this.enqueue(event, () => (this.socket === socket ? handle(arg) : Promise.resolve())));
    on('creds.update', () => this.auth.saveCreds().catch((error) => this.context.listener.onFatal(`saving creds failed: ${error}`)));
    on('connection.update', (update) => this.onConnection(socket, update));
    on('messages.upsert', async ({ messages }) => {
      for (const message of messages) await this.onUpsert(message);
    });
    on('messages.update', async (updates) => {
      for (const { key, update } of updates) await this.onUpdate(key, update);
    });
    on('message-receipt.update', async (receipts) => {
      for (const { key, receipt } of receipts) {
        const ack = receipt.playedTimestamp ? 5 : receipt.readTimestamp ? 4 : receipt.receiptTimestamp ? 3 : null;
        if (key.id && ack !== null) await this.context.listener.onAck(key.id, ack);
      }
    });
    on('presence.update', async ({ id, presences }) => {
      for (const [participant, { lastKnownPresence }] of Object.entries(presences)) {
        if (!PRESENCES.has(lastKnownPresence)) continue;
        const jid = id.endsWith('@g.us') ? participant : id;
        await this.context.listener.onPresence(await this.party(jid), lastKnownPresence as 'available');
      }
    });
    on('contacts.upsert', async (contacts) => {
      for (const contact of contacts) await this.onContact(contact);
    });
    on('contacts.update', async (contacts) => {
      for (const contact of contacts) if (contact.id) await this.onContact(contact as { id: string });
    });
    on('lid-mapping.update', async ({ lid, pn }) => {
      await this.context.listener.onContact({ number: userOf(pn), lid: userOf(lid), name: null, pushName: null });
    });
    on('call', async (calls) => {
      for (const call of calls) {
        const message = await normaliseCall(call, this.normaliseDeps);
        if (message) await this.context.listener.onMessage(message);
      }
    });
  }

  private enqueue(event: string, work: () => Promise<void>): void {
    this.queue = this.queue
      .then(work)
      .catch((error) =>
        this.deps.logger.error({ connectionId: this.context.connectionId, event, error: String(error) }, 'Baileys event handling failed'),
      );
  }

  /** Resolves once every event received so far has been handled (tests and shutdown). */
  idle(): Promise<void> {
    return this.queue;
  }

  private async onConnection(socket: BaileysSocketLike, update: BaileysEventMap['connection.update']): Promise<void> {
    const { listener } = this.context;
    if (update.qr) await listener.onState({ status: 'qrcode', qrcode: update.qr });
    if (update.connection === 'open') {
      this.open = true;
      this.attempts = 0;
      await listener.onState({
        status: 'CONNECTED',
        qrcode: '',
        number: socket.user ? userOf(socket.user.id) : undefined,
        retries: 'reset',
      });
      return;
    }
    if (update.connection !== 'close') return;
    this.open = false;
    this.socket = null;
    socket.ev.removeAllListeners('connection.update');
    if (this.stopped) return;
    const error = update.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined;
    this.attempts += 1;
    const action = disconnectAction(error?.output?.statusCode, this.auth.paired, this.attempts);
    switch (action.kind) {
      case 'reconnect':
        await listener.onState({ status: this.auth.paired ? 'OPENING' : 'OPENING', retries: 'increment' });
        this.scheduleConnect(action.delayMs);
        return;
      case 'refresh-version': {
        // The bundled WhatsApp Web version went stale; a host with internet can fetch the current one.
        const latest = await this.lib.fetchLatestWaWebVersion({}).catch(() => null);
        if (latest?.isLatest) this.version = latest.version as [number, number, number];
        this.scheduleConnect(action.delayMs);
        return;
      }
      case 'qr-expired':
        await listener.onState({ status: 'TIMEOUT', qrcode: '' });
        return;
      case 'logged-out':
        await this.context.auth.clear(this.context.connectionId);
        await listener.onState({ status: 'DISCONNECTED', qrcode: '', number: '' });
        return;
      case 'forbidden':
        await this.context.auth.clear(this.context.connectionId);
        await listener.onState({ status: 'DISCONNECTED', qrcode: '' });
        listener.onFatal('WhatsApp refused the account (403)');
        return;
      case 'replaced':
        listener.onFatal('connection replaced by another socket (440)');
        return;
    }
  }

  private scheduleConnect(delayMs: number): void {
    this.reconnectTimer = setTimeout(() => {
      this.connect().catch((error) => this.context.listener.onFatal(`reconnect failed: ${error}`));
    }, delayMs);
  }

  private async onUpsert(raw: WAMessage): Promise<void> {
    const { listener } = this.context;
    const result = await normaliseUpsert(raw, this.normaliseDeps);
    if (result.type === 'message') {
      await listener.onMessage(result.message);
      if (!result.message.fromMe && !result.message.isGroup && raw.key.remoteJid) this.subscribePresence(raw.key.remoteJid);
      if (result.message.fromMe && raw.status != null) await listener.onAck(result.message.id, raw.status);
    } else if (result.type === 'edit') {
      await listener.onEdit(result.messageId, result.body, result.fromMe);
    } else if (result.type === 'delete') {
      await listener.onDelete(result.messageId, result.fromMe);
    }
  }

  /**
   * Typing and online states come only for chats we subscribed to, once per socket: a customer who
   * writes to us is a chat someone may open, so the inbox can show 'digitando...'.
   */
  private subscribePresence(jid: string): void {
    const socket = this.socket;
    if (!socket || this.presenceSubscribed.has(jid)) return;
    this.presenceSubscribed.add(jid);
    socket.presenceSubscribe(jid).catch((error: unknown) => {
      this.presenceSubscribed.delete(jid);
      this.deps.logger.warn({ connectionId: this.context.connectionId, error: String(error) }, 'presence subscription failed');
    });
  }

  private async onUpdate(key: WAMessageKey, update: Partial<WAMessage>): Promise<void> {
    const { listener } = this.context;
    if (!key.id) return;
    if (update.status != null) await listener.onAck(key.id, update.status);
    if (update.message === null && update.messageStubType === 1) await listener.onDelete(key.id, !!key.fromMe);
    const edited = update.message?.editedMessage?.message?.protocolMessage?.editedMessage;
    if (edited) await listener.onEdit(key.id, textOf(edited), !!key.fromMe);
  }

  private async onContact(contact: { id: string; lid?: string; phoneNumber?: string; name?: string; notify?: string }): Promise<void> {
    const lidJid = contact.lid ?? (isLidJid(contact.id) ? contact.id : null);
    const pnJid = contact.phoneNumber ?? (!isLidJid(contact.id) ? contact.id : null);
    if (pnJid?.endsWith('@g.us')) return;
    await this.context.listener.onContact({
      number: pnJid ? userOf(pnJid) : null,
      lid: lidJid ? userOf(lidJid) : null,
      name: contact.name ?? null,
      pushName: contact.notify ?? null,
    });
  }

  private async party(jid: string) {
    if (isLidJid(jid)) {
      const lid = userOf(jid);
      return { number: await this.context.auth.phoneForLid(this.context.connectionId, lid), lid, pushName: null };
    }
    return { number: userOf(jid), lid: null, pushName: null };
  }

  /** Downloads a media message; expired media (404/410) is asked from the phone again, once. */
  private async download(message: WAMessage): Promise<Buffer> {
    const socket = this.socket;
    const ctx = socket ? { logger: undefined as never, reuploadRequest: (m: WAMessage) => socket.updateMediaMessage(m) } : undefined;
    try {
      return await this.lib.downloadMediaMessage(message, 'buffer', {}, ctx);
    } catch (error) {
      const status = (error as { output?: { statusCode?: number } }).output?.statusCode;
      if (!socket || (status !== 404 && status !== 410)) throw error;
      const refreshed = await socket.updateMediaMessage(message);
      return this.lib.downloadMediaMessage(refreshed, 'buffer', {}, ctx);
    }
  }

  private async storedMessage(key: WAMessageKey) {
    if (!key.id) return undefined;
    const text = await this.deps.intents.storedMessage(this.context.connectionId, key.id);
    return text ? this.lib.proto.Message.fromObject(JSON.parse(text, this.lib.BufferJSON.reviver)) : undefined;
  }

  async send(message: OutgoingMessage): Promise<{ stored?: string }> {
    const socket = this.socket;
    if (!socket || !this.open) throw new Error('the WhatsApp session is not connected');
    const jid = toJid(message.to, message.isGroup);
    if (message.content.type === 'read') {
      await socket.readMessages(message.content.messageIds.map((id) => ({ remoteJid: jid, id, fromMe: false })));
      return {};
    }
    const content = await buildContent(message.content, jid, message.loadMedia);
    if (message.isForwarded && 'text' in content)
      (content as { contextInfo?: object }).contextInfo = { isForwarded: true, forwardingScore: 1 };
    const quoted = message.quotedId
      ? ({ key: { remoteJid: jid, id: message.quotedId, fromMe: false }, message: { conversation: '' } } as WAMessage)
      : undefined;
    const sent = await socket.sendMessage(jid, content as never, { messageId: message.messageId, ...(quoted ? { quoted } : {}) });
    return { stored: sent?.message ? JSON.stringify(sent.message, this.lib.BufferJSON.replacer) : undefined };
  }

  async wasSent(messageId: string): Promise<boolean> {
    return this.deps.seen(this.context.connectionId, messageId);
  }

  /**
   * One `onWhatsApp` query per number: the answer names only the jid WhatsApp knows, which may differ
   * from the number asked (Brazil's ninth digit), so answers of a batch could not be told apart.
   */
  async checkNumbers(numbers: string[]): Promise<NumberCheck[]> {
    const results: NumberCheck[] = [];
    for (const number of numbers) {
      const socket = this.socket;
      if (!socket || !this.open) throw new Error('the WhatsApp session is not connected');
      if (!/^\d{8,15}$/.test(number)) {
        results.push({ number, exists: false, jid: null });
        continue;
      }
      const [found] = (await socket.onWhatsApp(phoneJid(number))) ?? [];
      results.push({ number, exists: !!found?.exists, jid: found?.exists ? found.jid : null });
    }
    return results;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    const socket = this.socket;
    this.socket = null;
    this.open = false;
    socket?.end(undefined);
    await this.queue;
  }

  async logout(): Promise<void> {
    const socket = this.socket;
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    if (socket) await socket.logout().catch(() => undefined);
    this.socket = null;
    this.open = false;
    await this.queue;
    await this.context.auth.clear(this.context.connectionId);
    await this.context.listener.onState({ status: 'DISCONNECTED', qrcode: '', number: '' });
  }
}

/** The Baileys message content for one of our send commands. */
export async function buildContent(
  content: Exclude<SendContent, { type: 'read' }>,
  jid: string,
  loadMedia: (url: string) => Promise<Buffer>,
): Promise<object> {
  switch (content.type) {
    case 'text':
      return { text: content.body };
    case 'media': {
      const data = await loadMedia(content.mediaUrl);
      const base = { mimetype: content.mimetype, caption: content.caption || undefined };
      if (content.mediaType === 'image') return { image: data, ...base };
      if (content.mediaType === 'video') return { video: data, ...base };
      if (content.mediaType === 'audio') return { audio: data, mimetype: content.mimetype, ptt: content.ptt };
      if (content.mediaType === 'sticker') return { sticker: data };
      return { document: data, ...base, fileName: content.fileName };
    }
    case 'location':
      return { location: { degreesLatitude: content.latitude, degreesLongitude: content.longitude, name: content.name } };
    case 'vcard':
      return { contacts: { displayName: content.displayName, contacts: [{ vcard: content.vcard }] } };
    case 'reaction':
      return { react: { text: content.emoji, key: { remoteJid: jid, id: content.targetId, fromMe: content.targetFromMe } } };
    case 'edit':
      return { text: content.body, edit: { remoteJid: jid, id: content.targetId, fromMe: true } };
    case 'delete':
      return { delete: { remoteJid: jid, id: content.targetId, fromMe: content.targetFromMe } };
    case 'template':
      throw new Error('message templates are a Cloud API feature; a WhatsApp Web connection sends text instead');
  }
}

export class BaileysProvider implements WhatsAppProvider {
  readonly kind = 'beta' as const;

  constructor(private readonly deps: BaileysProviderDeps) {}

  createSession(context: SessionContext): BaileysSession {
    return new BaileysSession(context, this.deps);
  }
}
