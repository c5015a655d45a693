import type { ConnectionProvider, ConnectionStatus, NormalisedMessage, NumberCheck, SendContent, WaParty } from '@app/contracts';

import type { AuthStateRepository } from '../common/auth-state.repository';
import type { SessionLease } from '../common/session-lease.repository';

/** A received message before its media is stored: the media comes as bytes (or a way to fetch them). */
export type InboundMessage = Omit<NormalisedMessage, 'media'> & {
  media: null | {
    mimetype: string;
    fileName: string;
    /** Fetches the bytes (Baileys downloads and decrypts them only when asked). */
    load(): Promise<Buffer>;
  };
};

export interface SessionStateChange {
  status: ConnectionStatus;
  /** The QR content to show; '' clears it. Left out: unchanged. */
  qrcode?: string;
  number?: string;
  /** Resets (0) or counts (+1) the reconnect attempts shown on the card. */
  retries?: 'reset' | 'increment';
}

/** What a running session reports; the session runner turns each into state and events. */
export interface SessionListener {
  onState(change: SessionStateChange): Promise<void>;
  onMessage(message: InboundMessage): Promise<void>;
  /** Several messages at once, in order: stored together, as one transaction. */
  onMessages(messages: InboundMessage[]): Promise<void>;
  onAck(messageId: string, ack: number): Promise<void>;
  onEdit(messageId: string, body: string, fromMe: boolean): Promise<void>;
  onDelete(messageId: string, fromMe: boolean): Promise<void>;
  onPresence(chat: WaParty, presence: 'available' | 'unavailable' | 'composing' | 'recording' | 'paused'): Promise<void>;
  onContact(contact: { number: string | null; lid: string | null; name: string | null; pushName: string | null }): Promise<void>;
  /** The session cannot go on (lease lost, banned, broken state); the runner stops it. */
  onFatal(reason: string): void;
}

export interface OutgoingMessage {
  /** The WhatsApp id to use: chosen before the send and recorded, so a repeated send is the same message. */
  messageId: string;
  to: string;
  isGroup: boolean;
  content: SendContent;
  quotedId: string | null;
  isForwarded: boolean;
  /** Loads a media content's bytes from the platform's storage. */
  loadMedia(url: string): Promise<Buffer>;
}

export interface SessionContext {
  connectionId: number;
  companyId: number;
  proxyUrl: string;
  lease: SessionLease;
  auth: AuthStateRepository;
  listener: SessionListener;
}

/** One live session of one connection in this process. */
export interface WhatsAppSession {
  /** Opens the session: resumes a stored login or starts showing QR codes. */
  start(): Promise<void>;
  readonly connected: boolean;
  /**
   * Sends one message. Sending again with the same messageId must not give the recipient a second
   * message (a resend after a crash). Returns what should be kept to answer retry requests, if anything.
   */
  send(message: OutgoingMessage): Promise<{ stored?: string }>;
  /** True when the provider already knows this message id went out (reconciling after a restart). */
  wasSent(messageId: string): Promise<boolean>;
  /**
   * Which numbers (digits) have a WhatsApp account, one answer per number in the same order; `jid` is
   * WhatsApp's address for an existing one (it may differ from the number asked, e.g. Brazil's ninth digit).
   * Throws when the session is not connected or WhatsApp does not answer.
   */
  checkNumbers(numbers: string[]): Promise<NumberCheck[]>;
  /** Ends the socket fully; after it resolves nothing of this session touches the auth state. */
  stop(): Promise<void>;
  /** Unlinks the device (our own logout) and ends the socket. */
  logout(): Promise<void>;
}

export interface WhatsAppProvider {
  readonly kind: ConnectionProvider;
  createSession(context: SessionContext): WhatsAppSession;
}

export const WHATSAPP_PROVIDERS = Symbol('WHATSAPP_PROVIDERS');
