import { randomBytes } from 'node:crypto';

import {
  MEDIA_TYPE_BY_KIND,
  type MessageKind,
  type NumberCheck,
  parseVCard,
  type SendContent,
  type SimulatorInboundBody,
} from '@app/contracts';
import type { FileStorage } from '@app/platform';

import type { InboundMessage, OutgoingMessage, SessionContext, WhatsAppProvider, WhatsAppSession } from '../whatsapp-provider';
import { SimulatorPhoneRepository } from './simulator-phone.repository';

/** The inbound body as it travels on whatsapp.commands: media already in storage under `mediaKey`. */
export type SimulatorInbound = Omit<SimulatorInboundBody, 'mediaBase64'> & { mediaKey?: string };

const MEDIA_KINDS: Record<string, MessageKind> = {
  image: 'image',
  audio: 'audio',
  ptt: 'audio',
  video: 'video',
  document: 'document',
  sticker: 'sticker',
};

/** A number WhatsApp could know: 8 to 15 digits (E.164 without the plus). */
const WELL_FORMED_NUMBER = /^\d{8,15}$/;

/** What the QR of a real WhatsApp Web login carries: ref, noise key, identity key, adv secret. */
function pairingCode(): string {
  const part = (n: number) => randomBytes(n).toString('base64');
  return [`2@${part(48)}`, part(32), part(32), part(32)].join(',');
}

/**
 * The fake phone of one connection. A stored pairing (creds with `me`) resumes straight to
 * CONNECTED, on whichever process runs the session; otherwise it shows a QR until "scanned".
 */
export class SimulatorSession implements WhatsAppSession {
  private state: 'idle' | 'qrcode' | 'connected' | 'stopped' = 'idle';

  constructor(
    private readonly context: SessionContext,
    private readonly phone: SimulatorPhoneRepository,
    private readonly storage: FileStorage,
  ) {}

  get connected(): boolean {
    return this.state === 'connected';
  }

  get awaitingScan(): boolean {
    return this.state === 'qrcode';
  }

  async start(): Promise<void> {
    const { listener, auth, connectionId } = this.context;
    await listener.onState({ status: 'OPENING', qrcode: '' });
    const creds = await auth.loadCreds(connectionId);
    const me = creds ? (JSON.parse(creds) as { me?: { id: string } }).me : undefined;
    if (me) {
      this.state = 'connected';
      await listener.onState({ status: 'CONNECTED', qrcode: '', number: me.id, retries: 'reset' });
      return;
    }
    this.state = 'qrcode';
    await listener.onState({ status: 'qrcode', qrcode: pairingCode() });
  }

  /** The phone scanned the QR: paired, the login is stored as the session's auth state. */
  async scan(number: string): Promise<void> {
    if (this.state !== 'qrcode') return;
    const { listener, auth, lease } = this.context;
    await listener.onState({ status: 'PAIRING', qrcode: '' });
    await auth.saveCreds(lease, JSON.stringify({ me: { id: number }, pairedAt: new Date().toISOString() }));
    this.state = 'connected';
    await listener.onState({ status: 'CONNECTED', qrcode: '', number, retries: 'reset' });
  }

  /** The phone unlinked this device: the login is gone, a new QR is needed. */
  async phoneDisconnected(): Promise<void> {
    if (this.state === 'stopped') return;
    await this.context.auth.clear(this.context.connectionId);
    this.state = 'idle';
    await this.context.listener.onState({ status: 'DISCONNECTED', qrcode: '' });
  }

  async ack(messageId: string, ack: number): Promise<void> {
    const stored = await this.phone.ack(this.context.connectionId, messageId, ack);
    if (stored !== null) await this.context.listener.onAck(messageId, stored);
  }

  async inbound(messageId: string, inbound: SimulatorInbound): Promise<void> {
    if (!this.connected) return;
    const { listener } = this.context;
    if (inbound.deleteOf) return listener.onDelete(inbound.deleteOf, false);
    if (inbound.editOf) return listener.onEdit(inbound.editOf, inbound.body ?? '', false);
    await listener.onMessage(this.normalise(messageId, inbound));
  }

  /** Several customer messages at once (neither edits nor deletes), as a burst reaches a real session. */
  async inboundAll(messages: { messageId: string; inbound: SimulatorInbound }[]): Promise<void> {
    if (!this.connected) return;
    await this.context.listener.onMessages(messages.map(({ messageId, inbound }) => this.normalise(messageId, inbound)));
  }

  private normalise(messageId: string, inbound: SimulatorInbound): InboundMessage {
    const kind: MessageKind = inbound.reaction
      ? 'reaction'
      : inbound.mediaType
        ? MEDIA_KINDS[inbound.mediaType]
        : inbound.location
          ? 'location'
          : inbound.vcard
            ? 'vcard'
            : 'text';
    const sender = { number: inbound.from, lid: null, pushName: inbound.pushName ?? null };
    const chat = inbound.isGroup ? { number: inbound.groupId!, lid: null, pushName: null } : sender;
    const { mediaKey, location } = inbound;
    const storage = this.storage;
    return {
      id: messageId,
      fromMe: false,
      isGroup: !!inbound.isGroup,
      chat,
      sender,
      kind,
      mediaType: MEDIA_TYPE_BY_KIND[kind],
      body: location
        ? `|https://maps.google.com/maps?q=${location.latitude}%2C${location.longitude}&z=17|${location.name ?? ''}`
        : inbound.reaction
          ? inbound.reaction.emoji
          : kind === 'vcard'
            ? inbound.vcard! // a contact card's body is its vCard, as Baileys gives it (the inbox reads it)
            : (inbound.body ?? ''),
      media: mediaKey
        ? {
            mimetype: inbound.mimetype ?? 'application/octet-stream',
            fileName: inbound.fileName ?? mediaKey.split('/').pop()!,
            load: async () => {
              const file = await storage.get(mediaKey);
              if (!file) throw new Error(`simulator media ${mediaKey} is gone`);
              const chunks: Buffer[] = [];
              for await (const chunk of file.stream) chunks.push(chunk as Buffer);
              return Buffer.concat(chunks);
            },
          }
        : null,
      ptt: inbound.mediaType === 'ptt',
      location: location
        ? { latitude: location.latitude, longitude: location.longitude, name: location.name ?? null, address: null }
        : null,
      vcards: inbound.vcard ? [{ displayName: parseVCard(inbound.vcard)?.name ?? '', vcard: inbound.vcard }] : [],
      reaction: inbound.reaction ? { targetId: inbound.reaction.messageId, emoji: inbound.reaction.emoji } : null,
      quotedId: inbound.quotedId ?? null,
      isForwarded: !!inbound.isForwarded,
      ack: 2,
      timestamp: new Date().toISOString(),
    };
  }

  async send(message: OutgoingMessage): Promise<{ stored?: string }> {
    if (!this.connected) throw new Error('the simulated phone is not connected');
    const recorded = await this.phone.record({
      connectionId: this.context.connectionId,
      companyId: this.context.companyId,
      messageId: message.messageId,
      to: message.to,
      ...describe(message.content),
      quotedId: message.quotedId ?? targetOf(message.content),
      ack: 2,
    });
    if (recorded) await this.context.listener.onAck(message.messageId, 2);
    return {};
  }

  wasSent(messageId: string): Promise<boolean> {
    return this.phone.exists(this.context.connectionId, messageId);
  }

  /** Every well-formed number is on WhatsApp, except those marked "not on WhatsApp" through the control API. */
  async checkNumbers(numbers: string[]): Promise<NumberCheck[]> {
    if (!this.connected) throw new Error('the simulated phone is not connected');
    const unregistered = await this.phone.unregistered(this.context.connectionId, numbers);
    return numbers.map((number) => {
      const exists = WELL_FORMED_NUMBER.test(number) && !unregistered.has(number);
      return { number, exists, jid: exists ? `${number}@s.whatsapp.net` : null };
    });
  }

  /** The phone's address book sends entries, as Baileys' contacts.upsert does after pairing. */
  async addressBook(contacts: { number: string; name: string | null }[]): Promise<void> {
    if (!this.connected) return;
    for (const contact of contacts) {
      await this.context.listener.onContact({ number: contact.number, lid: null, name: contact.name, pushName: null });
    }
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
  }

  async logout(): Promise<void> {
    await this.context.auth.clear(this.context.connectionId);
    this.state = 'stopped';
    await this.context.listener.onState({ status: 'DISCONNECTED', qrcode: '' });
  }
}

function describe(content: SendContent): { body: string; mediaType: string | null; mediaUrl: string | null; fileName: string | null } {
  const none = { mediaType: null, mediaUrl: null, fileName: null };
  switch (content.type) {
    case 'text':
      return { body: content.body, ...none };
    case 'media':
      return {
        body: content.caption,
        mediaType: content.ptt ? 'ptt' : content.mediaType,
        mediaUrl: content.mediaUrl,
        fileName: content.fileName,
      };
    case 'location':
      return { body: `${content.latitude},${content.longitude}${content.name ? ` ${content.name}` : ''}`, ...none, mediaType: 'location' };
    case 'vcard':
      return { body: content.vcard, ...none, mediaType: 'vcard' };
    case 'reaction':
      return { body: content.emoji, ...none, mediaType: 'reaction' };
    case 'edit':
      return { body: content.body, ...none, mediaType: 'edit' };
    case 'delete':
      return { body: '', ...none, mediaType: 'delete' };
    case 'read':
      return { body: content.messageIds.join(','), ...none, mediaType: 'read' };
    case 'template':
      return { body: [content.name, ...content.headerParameters, ...content.bodyParameters].join('|'), ...none, mediaType: 'template' };
  }
}

function targetOf(content: SendContent): string | null {
  return 'targetId' in content ? content.targetId : null;
}

export class SimulatorProvider implements WhatsAppProvider {
  readonly kind = 'simulator' as const;
  private readonly phone: SimulatorPhoneRepository;

  constructor(
    phone: SimulatorPhoneRepository,
    private readonly storage: FileStorage,
  ) {
    this.phone = phone;
  }

  createSession(context: SessionContext): SimulatorSession {
    return new SimulatorSession(context, this.phone, this.storage);
  }
}
