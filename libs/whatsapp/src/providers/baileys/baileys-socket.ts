import type { Agent } from 'node:https';
import { isIP } from 'node:net';

import { type CheckedOutboundUrl, pinnedUrl } from '@app/platform';
import type { AuthenticationState, BaileysEventMap, CacheStore, proto, WAMessage, WAMessageKey } from '@whiskeysockets/baileys';
import { HttpsProxyAgent } from 'https-proxy-agent';
import pino from 'pino';
import { SocksProxyAgent } from 'socks-proxy-agent';

import { loadBaileys } from './baileys-runtime';

/** The part of a Baileys socket the session uses; tests hand in a fake with the same shape. */
export interface BaileysSocketLike {
  ev: {
    on<T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void): void;
    removeAllListeners(event: keyof BaileysEventMap): void;
  };
  user?: { id: string } | undefined;
  sendMessage(jid: string, content: never, options?: { messageId?: string; quoted?: WAMessage }): Promise<WAMessage | undefined>;
  readMessages(keys: WAMessageKey[]): Promise<void>;
  updateMediaMessage(message: WAMessage): Promise<WAMessage>;
  /** Baileys 7: `{ jid, exists }` for the numbers WhatsApp knows (LIDs are not supported). */
  onWhatsApp(...jids: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  /** Asks WhatsApp to send this chat's presence (typing, online) to us; without it none comes. */
  presenceSubscribe(jid: string): Promise<void>;
  end(error: Error | undefined): void;
  logout(message?: string): Promise<void>;
}

export interface SocketOptions {
  connectionId: number;
  auth: AuthenticationState;
  /** The connection's proxy as the outbound guard checked it just now; none: dial directly. */
  proxy?: CheckedOutboundUrl;
  getMessage(key: WAMessageKey): Promise<proto.IMessage | undefined>;
  /** Survives reconnects of the session (Baileys counts decryption retries in it). */
  retryCounterCache: CacheStore;
  /** The WhatsApp Web version to announce; the bundled one when unset (refreshed after a 405). */
  version?: [number, number, number];
}

/** Makes the socket for a session: the real makeWASocket in production, a fake in tests. */
export type SocketFactory = (options: SocketOptions) => Promise<BaileysSocketLike>;

/**
 * The agent that carries WhatsApp's traffic through the connection's proxy, if it has one. It dials
 * the address the guard checked, never the name again, so a DNS answer that changes between the
 * check and the dial (rebinding) cannot point it inside; an https proxy still sees its name in TLS.
 */
export function proxyAgent(proxy: CheckedOutboundUrl | undefined): Agent | undefined {
  if (!proxy) return undefined;
  const url = pinnedUrl(proxy);
  if (url.protocol.startsWith('socks')) return new SocksProxyAgent(url) as unknown as Agent;
  const servername = url.protocol === 'https:' && !isIP(proxy.host) ? proxy.host : undefined;
  return new HttpsProxyAgent(url, servername ? { servername } : {}) as unknown as Agent;
}

/** A small in-memory CacheStore (Baileys' retry counters). */
export class MapCache implements CacheStore {
  private readonly map = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.map.get(key) as T | undefined;
  }
  set<T>(key: string, value: T): void {
    this.map.set(key, value);
    if (this.map.size > 5_000) this.map.delete(this.map.keys().next().value!);
  }
  del(key: string): void {
    this.map.delete(key);
  }
  flushAll(): void {
    this.map.clear();
  }
}

const baseLogger = pino({ level: process.env.BAILEYS_LOG_LEVEL ?? 'warn' });

/** The production factory: Baileys 7 with the options BAILEYS.md calls for. */
export const realSocketFactory: SocketFactory = async (options) => {
  const baileys = await loadBaileys();
  const logger = baseLogger.child({ connectionId: options.connectionId });
  const agent = proxyAgent(options.proxy);
  const socket = baileys.makeWASocket({
    auth: {
      creds: options.auth.creds,
      // One cache per session: the cache's keys do not include the session.
      keys: baileys.makeCacheableSignalKeyStore(options.auth.keys, logger),
    },
    logger,
    browser: baileys.Browsers.ubuntu('Zapdesk'),
    markOnlineOnConnect: false,
    syncFullHistory: false,
    getMessage: options.getMessage,
    msgRetryCounterCache: options.retryCounterCache,
    ...(options.version ? { version: options.version } : {}),
    ...(agent ? { agent, fetchAgent: agent } : {}),
  });
  return socket as unknown as BaileysSocketLike;
};
