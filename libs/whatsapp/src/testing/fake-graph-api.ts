import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A WhatsApp Business number the fake Graph API knows, with the credentials it accepts for it. */
export interface FakeNumber {
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  appSecret: string;
  displayPhoneNumber: string;
  verifiedName: string;
  qualityRating: string;
  messagingTier: string;
}

export interface FakeSent {
  phoneNumberId: string;
  wamid: string;
  body: Record<string, unknown>;
  /** When Meta took it (ms since the epoch). */
  at: number;
}

/** One POST /messages as it arrived: when, to whom, and the error code it was answered with (0: taken). */
export interface FakeAttempt {
  phoneNumberId: string;
  to: string;
  at: number;
  code: number;
}

/** One error answer queued for the next POST /messages (Meta's codes: 130429, 131026, 131047, 131056 ...). */
export interface FakeFailure {
  code: number;
  title: string;
  details?: string;
  status?: number;
  /** Only for sends to this recipient. */
  to?: string;
}

export const META_ERRORS = {
  rateLimit: { code: 130429, title: 'Rate limit hit', details: 'Cloud API message throughput has been reached.', status: 429 },
  undeliverable: { code: 131026, title: 'Message undeliverable', details: 'Unable to deliver message.', status: 400 },
  reEngagement: {
    code: 131047,
    title: 'Re-engagement message',
    details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
    status: 400,
  },
  pairRate: {
    code: 131056,
    title: '(Business Account, Consumer Account) pair rate limit hit',
    details: 'Too many messages sent from the sender phone number to the same recipient phone number in a short period of time.',
    status: 400,
  },
} as const satisfies Record<string, FakeFailure>;

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
};

const metaError = (response: ServerResponse, failure: FakeFailure) =>
  json(response, failure.status ?? 400, {
    error: {
      message: `(#${failure.code}) ${failure.title}`,
      type: 'OAuthException',
      code: failure.code,
      error_data: { messaging_product: 'whatsapp', details: failure.details ?? '' },
      fbtrace_id: randomBytes(8).toString('base64url'),
    },
  });

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const signWebhook = (body: string | Buffer, appSecret: string) =>
  `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;

/**
 * A local server speaking Meta's Graph API for WhatsApp as the tests and benches need it: phone
 * number info, messages, media upload and download, message templates, error answers, and the
 * webhooks Meta sends (signed with X-Hub-Signature-256).
 */
export class FakeGraphApi {
  readonly version = 'v23.0';
  readonly numbers = new Map<string, FakeNumber>();
  readonly sent: FakeSent[] = [];
  readonly media = new Map<string, { bytes: Buffer; mimetype: string }>();
  readonly templates: { wabaId: string; name: string; language: string; status: string; category: string; components: unknown[] }[] = [];
  readonly failures: FakeFailure[] = [];
  /** Recipients whose customer-service window Meta considers closed (free-form sends get 131047). */
  readonly closedWindows = new Set<string>();
  /** Every request as method and path, for tests that look at what was asked. */
  readonly requests: { method: string; path: string }[] = [];
  /** Every message send (not read receipts) with its answer, in arrival order. */
  readonly attempts: FakeAttempt[] = [];
  /** Slows every answer down (a slow Meta). */
  delayMs = 0;
  private server?: Server;
  private counter = 0;

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      void this.handle(request, response).catch((error: unknown) => json(response, 500, { error: { message: String(error), code: 1 } }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  addNumber(overrides: Partial<FakeNumber> = {}): FakeNumber {
    const n = ++this.counter;
    const number: FakeNumber = {
      phoneNumberId: `10${Date.now() % 1_000_000}${n}`,
      wabaId: `20${Date.now() % 1_000_000}${n}`,
      accessToken: `EAAG${randomBytes(24).toString('hex')}`,
      appSecret: randomBytes(16).toString('hex'),
      displayPhoneNumber: `+55 11 4000-${String(1000 + n).slice(-4)}`,
      verifiedName: `Empresa ${n}`,
      qualityRating: 'GREEN',
      messagingTier: 'TIER_1K',
      ...overrides,
    };
    this.numbers.set(number.phoneNumberId, number);
    return number;
  }

  /** A media file a customer sent: Meta keeps it under an id the webhook names. */
  addMedia(bytes: Buffer, mimetype: string): string {
    const id = `${Date.now()}${++this.counter}`;
    this.media.set(id, { bytes, mimetype });
    return id;
  }

  fail(failure: FakeFailure, times = 1): void {
    for (let i = 0; i < times; i++) this.failures.push(failure);
  }

  sentTo(phoneNumberId: string, to?: string): FakeSent[] {
    return this.sent.filter((s) => s.phoneNumberId === phoneNumberId && (to === undefined || s.body.to === to));
  }

  private credentialsOf(request: IncomingMessage, url: URL): FakeNumber | 'bad-token' | 'bad-proof' {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const number = [...this.numbers.values()].find((n) => n.accessToken === token);
    if (!number) return 'bad-token';
    const proof = url.searchParams.get('appsecret_proof');
    if (proof !== createHmac('sha256', number.appSecret).update(number.accessToken).digest('hex')) return 'bad-proof';
    return number;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    this.requests.push({ method: request.method ?? 'GET', path: url.pathname });
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const body = await readBody(request);
    if (url.pathname.startsWith('/download/')) {
      const media = this.media.get(url.pathname.slice('/download/'.length));
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!media || ![...this.numbers.values()].some((n) => n.accessToken === token)) return json(response, 404, {});
      response.writeHead(200, { 'Content-Type': media.mimetype });
      return void response.end(media.bytes);
    }
    const [version, id, edge] = url.pathname.split('/').filter(Boolean);
    if (version !== this.version) return metaError(response, { code: 2635, title: `Unknown version ${version}`, status: 400 });
    const caller = this.credentialsOf(request, url);
    if (caller === 'bad-token') {
      return metaError(response, { code: 190, title: 'Invalid OAuth access token - Cannot parse access token', status: 401 });
    }
    if (caller === 'bad-proof') return metaError(response, { code: 100, title: 'Invalid appsecret_proof provided in the API argument' });
    const notFound = () =>
      metaError(response, {
        code: 100,
        title: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
      });

    if (request.method === 'GET' && !edge && this.numbers.has(id!)) {
      if (caller.phoneNumberId !== id) return notFound();
      return json(response, 200, {
        id,
        display_phone_number: caller.displayPhoneNumber,
        verified_name: caller.verifiedName,
        quality_rating: caller.qualityRating,
        messaging_limit_tier: caller.messagingTier,
      });
    }
    if (request.method === 'GET' && !edge && this.media.has(id!)) {
      const media = this.media.get(id!)!;
      return json(response, 200, {
        messaging_product: 'whatsapp',
        url: `${this.url}/download/${id}`,
        mime_type: media.mimetype,
        sha256: createHmac('sha256', '').update(media.bytes).digest('hex'),
        file_size: media.bytes.length,
        id,
      });
    }
    if (request.method === 'GET' && edge === 'phone_numbers') {
      if (caller.wabaId !== id) return notFound();
      return json(response, 200, { data: [{ id: caller.phoneNumberId, display_phone_number: caller.displayPhoneNumber }] });
    }
    if (request.method === 'GET' && edge === 'message_templates') {
      if (caller.wabaId !== id) return notFound();
      const all = this.templates.filter((t) => t.wabaId === id).map(({ wabaId: _waba, ...t }) => ({ ...t, id: `${t.name}-${t.language}` }));
      const limit = Number(url.searchParams.get('limit') ?? 25);
      const start = Number(url.searchParams.get('after') ?? 0);
      const page = all.slice(start, start + limit);
      const more = start + limit < all.length;
      return json(response, 200, {
        data: page,
        paging: { cursors: { before: String(start), after: String(start + limit) }, ...(more ? { next: `${this.url}/next` } : {}) },
      });
    }
    if (request.method === 'POST' && edge === 'media') {
      if (caller.phoneNumberId !== id) return notFound();
      const form = await new Request(url, {
        method: 'POST',
        headers: { 'content-type': request.headers['content-type']! },
        body: new Uint8Array(body),
      }).formData();
      const file = form.get('file');
      if (form.get('messaging_product') !== 'whatsapp' || !(file instanceof Blob)) {
        return metaError(response, { code: 100, title: 'Param file must be a file with one of the following types' });
      }
      return json(response, 200, { id: this.addMedia(Buffer.from(await file.arrayBuffer()), String(form.get('type') ?? file.type)) });
    }
    if (request.method === 'POST' && edge === 'messages') {
      if (caller.phoneNumberId !== id) return notFound();
      const message = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      if (message.messaging_product !== 'whatsapp')
        return metaError(response, { code: 100, title: 'The parameter messaging_product is required.' });
      if (message.status === 'read') return json(response, 200, { success: true });
      const attempt: FakeAttempt = { phoneNumberId: id!, to: String(message.to), at: Date.now(), code: 0 };
      this.attempts.push(attempt);
      const failure = this.failures.findIndex((f) => f.to === undefined || f.to === message.to);
      if (failure >= 0) {
        const answer = this.failures.splice(failure, 1)[0]!;
        attempt.code = answer.code;
        return metaError(response, answer);
      }
      if (message.type !== 'template' && this.closedWindows.has(String(message.to))) {
        attempt.code = META_ERRORS.reEngagement.code;
        return metaError(response, META_ERRORS.reEngagement);
      }
      const wamid = `wamid.${Buffer.from(`${id}${++this.counter}${randomBytes(6).toString('hex')}`).toString('base64url')}`;
      this.sent.push({ phoneNumberId: id!, wamid, body: message, at: attempt.at });
      return json(response, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: message.to, wa_id: message.to }],
        messages: [{ id: wamid }],
      });
    }
    return notFound();
  }
}

// ---- the webhooks Meta sends ----------------------------------------------------------------------

export interface WebhookMessage {
  from: string;
  id?: string;
  timestamp?: string;
  type: string;
  [field: string]: unknown;
}

/** A `messages` change of the WhatsApp Business Account, as Meta batches it (several messages per call). */
export function messagesWebhook(
  number: Pick<FakeNumber, 'phoneNumberId' | 'wabaId' | 'displayPhoneNumber'>,
  messages: WebhookMessage[],
  profiles: Record<string, string> = {},
): Record<string, unknown> {
  const senders = [...new Set(messages.map((m) => m.from))];
  return envelope(number, {
    contacts: senders.map((wa_id) => ({ profile: { name: profiles[wa_id] ?? `Cliente ${wa_id.slice(-4)}` }, wa_id })),
    messages: messages.map((m) => ({
      id: `wamid.${randomBytes(12).toString('base64url')}`,
      timestamp: String(Math.floor(Date.now() / 1000)),
      ...m,
    })),
  });
}

export interface WebhookStatus {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  recipient_id: string;
  timestamp?: string;
  conversation?: { id: string; origin: { type: string }; expiration_timestamp?: string };
  pricing?: { billable: boolean; pricing_model: string; category: string };
  errors?: { code: number; title: string; message?: string; error_data?: { details: string } }[];
}

export function statusesWebhook(number: Pick<FakeNumber, 'phoneNumberId' | 'wabaId' | 'displayPhoneNumber'>, statuses: WebhookStatus[]) {
  return envelope(number, {
    statuses: statuses.map((s) => ({ timestamp: String(Math.floor(Date.now() / 1000)), ...s })),
  });
}

function envelope(number: Pick<FakeNumber, 'phoneNumberId' | 'wabaId' | 'displayPhoneNumber'>, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: number.wabaId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: number.displayPhoneNumber.replace(/\D/g, ''), phone_number_id: number.phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** POSTs a webhook as Meta does: the JSON bytes signed with the app secret (or the given signature). */
export async function deliverWebhook(
  url: string,
  payload: unknown,
  appSecret: string,
  { signature }: { signature?: string | null } = {},
): Promise<Response> {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'User-Agent': 'facebookexternalua' };
  const signed = signature === undefined ? signWebhook(body, appSecret) : signature;
  if (signed !== null) headers['X-Hub-Signature-256'] = signed;
  return fetch(url, { method: 'POST', headers, body });
}
