export const CONVERSATIONS_OPTIONS = Symbol('CONVERSATIONS_OPTIONS');

export interface ConversationsOptions {
  /** Consumer group of whatsapp.events (default conversations-whatsapp); tests may isolate theirs. */
  whatsappGroupId?: string;
  /**
   * Where the whatsapp service answers (`POST /api/whatsapp/check-numbers`): WHATSAPP_URL in distributed,
   * this process's own address in standalone. Absent (tests of this service alone): numbers are not checked.
   */
  whatsappUrl?: string;
  /** The partner API's rate per token over all processes (decision 0051): `points` requests each `seconds`; default 50 a second. */
  partnerApiRate?: { points: number; seconds: number };
  webhooks?: WebhookDeliveryOptions;
  /** Seals the webhook endpoints' signing secrets at rest (WEBHOOK_KEYS_SECRET); unset, the JWT secret. */
  webhookKeysSecret?: string;
}

/** Outbound webhooks' delivery (issue 26); the defaults suit production, tests and the bench shorten them. */
export interface WebhookDeliveryOptions {
  /** The waits before each retry; after the last one a delivery is dead-lettered (default about 22 h in 11 attempts). */
  backoffMs?: number[];
  /** How long a receiver may take to answer (default 10 s). */
  timeoutMs?: number;
  /** Deliveries in flight at once per endpoint (default 8). */
  perEndpoint?: number;
  /** How often due retries are looked for besides the wake-ups (default 1 s). */
  sweepMs?: number;
}
