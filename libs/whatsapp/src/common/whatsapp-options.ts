export const WHATSAPP_OPTIONS = Symbol('WHATSAPP_OPTIONS');
/** How long a session lease lives (WhatsappOptions.leaseTtlMs or its default), for SessionLeaseRepository. */
export const SESSION_LEASE_TTL_MS = Symbol('SESSION_LEASE_TTL_MS');
/** WhatsappOptions.advertisedUrl or null, for SessionLeaseRepository. */
export const ADVERTISED_URL = Symbol('ADVERTISED_URL');
/** This process's name on the session leases it holds. */
export const SESSION_OWNER = Symbol('SESSION_OWNER');

export interface WhatsappOptions {
  /** Offer the simulator provider and its control API (standalone default on, distributed default off). */
  simulatorEnabled: boolean;
  /** How long a session lease lives without renewal; a dead process's sessions move after this. */
  leaseTtlMs?: number;
  /** A send waiting longer than this for a connected session fails with ERR_SENDING_WAPP_MSG. */
  sendTimeoutMs?: number;
  /** How many chats of one connection are sent to at once (default DEFAULT_SEND_CONCURRENCY); each chat stays in order. */
  sendConcurrency?: number;
  /** The consumer group of whatsapp.commands (default whatsapp-sessions); all replicas of one deployment share it. */
  commandsGroupId?: string;
  /**
   * Where this process answers HTTP for the other replicas (recorded with each session lease it takes),
   * so a number check for a session running elsewhere is forwarded to its owner.
   */
  advertisedUrl?: string;
  /** Start sessions at all (tests of REST rules alone may turn it off). */
  runSessions?: boolean;
  /** Meta's WhatsApp Cloud API; left out, the `cloud` provider is not offered. */
  cloud?: CloudApiOptions;
}

export interface CloudApiOptions {
  /** Seals the Cloud API access tokens, app secrets and verify tokens at rest (at least 32 characters). */
  keysSecret: string;
  /** Where the Graph API answers (default https://graph.facebook.com; tests point it at a local server). */
  graphUrl?: string;
  /** The Graph API version in every path (default DEFAULT_GRAPH_VERSION). */
  graphVersion?: string;
  /** The first wait after a rate-limit answer, doubling up to a minute (default 1 s; tests shorten it). */
  backoffFirstMs?: number;
  /** Messages a second each Cloud API connection sends at most (WHATSAPP_CLOUD_THROUGHPUT, default 80, Meta's standard throughput). */
  throughput?: number;
}

/** The Graph API version used unless WHATSAPP_GRAPH_VERSION says otherwise. */
export const DEFAULT_GRAPH_VERSION = 'v23.0';
export const DEFAULT_GRAPH_URL = 'https://graph.facebook.com';

export const DEFAULT_LEASE_TTL_MS = 15_000;
export const DEFAULT_SEND_TIMEOUT_MS = 120_000;
export const DEFAULT_SEND_CONCURRENCY = 16;
