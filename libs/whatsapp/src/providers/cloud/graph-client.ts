import { createHmac } from 'node:crypto';

/** An error answer of the Graph API: Meta's code (130429, 131047 ...), its title and details. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly title: string,
    readonly details: string,
  ) {
    super(`${code}: ${title}${details ? ` (${details})` : ''}`);
  }

  /** Meta refused for now, not for good: the same request later goes through. */
  get retriable(): boolean {
    return RETRIABLE_CODES.has(this.code) || this.status >= 500 || this.status === 0;
  }
}

/**
 * 130429 throughput reached, 131056 pair rate (one recipient too often), 80007 and 4 account and app
 * rate limits, 131048 spam rate limit, 131000/1/2 Meta's temporary failures.
 */
const RETRIABLE_CODES = new Set([130429, 131056, 80007, 4, 131048, 131000, 1, 2]);

export interface PhoneNumberInfo {
  id: string;
  displayPhoneNumber: string;
  verifiedName: string;
  qualityRating: string;
  messagingTier: string;
}

export interface GraphTemplate {
  name: string;
  language: string;
  status: string;
  category: string;
  components?: { type: string; format?: string; text?: string }[];
}

export interface GraphCredentials {
  accessToken: string;
  appSecret: string;
}

/** Where media the Graph API points us to may be fetched with the access token. */
const MEDIA_HOSTS = [/\.fbsbx\.com$/i, /\.facebook\.com$/i, /\.whatsapp\.net$/i, /\.fbcdn\.net$/i];

/**
 * Meta's Graph API for one WhatsApp Business number, over its HTTP protocol. Every call carries the
 * access token and `appsecret_proof` (HMAC-SHA256 of the token with the app secret), so a wrong app
 * secret is refused by Meta like a wrong token.
 */
export class GraphClient {
  private readonly base: URL;

  constructor(
    graphUrl: string,
    private readonly version: string,
    private readonly credentials: GraphCredentials,
    private readonly timeoutMs = 20_000,
  ) {
    this.base = new URL(graphUrl);
  }

  async phoneNumber(phoneNumberId: string): Promise<PhoneNumberInfo> {
    const answer = await this.call<Record<string, unknown>>('GET', `/${phoneNumberId}`, {
      query: { fields: 'display_phone_number,verified_name,quality_rating,messaging_limit_tier' },
    });
    return {
      id: String(answer.id ?? phoneNumberId),
      displayPhoneNumber: String(answer.display_phone_number ?? ''),
      verifiedName: String(answer.verified_name ?? ''),
      qualityRating: String(answer.quality_rating ?? 'UNKNOWN'),
      messagingTier: String(answer.messaging_limit_tier ?? ''),
    };
  }

  /** The phone numbers of the business account (to check the number belongs to it). */
  async accountNumbers(wabaId: string): Promise<string[]> {
    const answer = await this.call<{ data?: { id: string }[] }>('GET', `/${wabaId}/phone_numbers`, { query: { fields: 'id' } });
    return (answer.data ?? []).map((number) => String(number.id));
  }

  /** POST /{phone-number-id}/messages; Meta's id of the accepted message (wamid). */
  async sendMessage(phoneNumberId: string, body: Record<string, unknown>): Promise<string> {
    const answer = await this.call<{ messages?: { id: string }[] }>('POST', `/${phoneNumberId}/messages`, {
      json: { messaging_product: 'whatsapp', ...body },
    });
    const id = answer.messages?.[0]?.id;
    if (!id) throw new GraphError(502, 0, 'The Graph API accepted the message without naming it', '');
    return id;
  }

  /** Marks a received message as read (POST /messages with status read). */
  async markRead(phoneNumberId: string, wamid: string): Promise<void> {
    await this.call('POST', `/${phoneNumberId}/messages`, { json: { messaging_product: 'whatsapp', status: 'read', message_id: wamid } });
  }

  /** POST /{phone-number-id}/media (multipart); the media id to send it with. */
  async uploadMedia(phoneNumberId: string, bytes: Buffer, mimetype: string, fileName: string): Promise<string> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', mimetype);
    form.set('file', new Blob([new Uint8Array(bytes)], { type: mimetype }), fileName);
    const answer = await this.call<{ id?: string }>('POST', `/${phoneNumberId}/media`, { form });
    if (!answer.id) throw new GraphError(502, 0, 'The Graph API stored the media without naming it', '');
    return answer.id;
  }

  /** GET /{media-id}, then its short-lived URL (with the token): the bytes of a received media. */
  async downloadMedia(mediaId: string): Promise<{ bytes: Buffer; mimetype: string }> {
    const info = await this.call<{ url?: string; mime_type?: string }>('GET', `/${mediaId}`);
    if (!info.url) throw new GraphError(404, 0, 'The Graph API gave no URL for the media', mediaId);
    const url = new URL(info.url);
    const trusted = url.origin === this.base.origin || (url.protocol === 'https:' && MEDIA_HOSTS.some((host) => host.test(url.hostname)));
    if (!trusted) throw new GraphError(502, 0, 'The Graph API pointed the media to an unknown host', url.hostname);
    const response = await this.fetch(url, { headers: { Authorization: `Bearer ${this.credentials.accessToken}` } });
    if (!response.ok) throw await graphError(response);
    return { bytes: Buffer.from(await response.arrayBuffer()), mimetype: info.mime_type ?? response.headers.get('content-type') ?? '' };
  }

  /** Every message template of the business account, following Meta's paging. */
  async templates(wabaId: string): Promise<GraphTemplate[]> {
    const templates: GraphTemplate[] = [];
    let after: string | undefined;
    for (let page = 0; page < 50; page++) {
      const answer = await this.call<{ data?: GraphTemplate[]; paging?: { cursors?: { after?: string }; next?: string } }>(
        'GET',
        `/${wabaId}/message_templates`,
        { query: { fields: 'name,language,status,category,components', limit: '100', ...(after ? { after } : {}) } },
      );
      templates.push(...(answer.data ?? []));
      after = answer.paging?.next ? answer.paging.cursors?.after : undefined;
      if (!after) break;
    }
    return templates;
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    { query = {}, json, form }: { query?: Record<string, string>; json?: unknown; form?: FormData } = {},
  ): Promise<T> {
    const url = new URL(`${this.base.pathname.replace(/\/$/, '')}/${this.version}${path}`, this.base);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    url.searchParams.set('appsecret_proof', appSecretProof(this.credentials));
    const headers: Record<string, string> = { Authorization: `Bearer ${this.credentials.accessToken}` };
    if (json !== undefined) headers['Content-Type'] = 'application/json';
    const response = await this.fetch(url, { method, headers, body: json !== undefined ? JSON.stringify(json) : form });
    if (!response.ok) throw await graphError(response);
    return (await response.json()) as T;
  }

  private async fetch(url: URL, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new GraphError(0, 0, 'The Graph API did not answer', error instanceof Error ? error.message : String(error));
    }
  }
}

export const appSecretProof = ({ accessToken, appSecret }: GraphCredentials) =>
  createHmac('sha256', appSecret).update(accessToken).digest('hex');

async function graphError(response: Response): Promise<GraphError> {
  const body = (await response.json().catch(() => null)) as {
    error?: { code?: number; message?: string; error_user_title?: string; error_data?: { details?: string } };
  } | null;
  const error = body?.error;
  return new GraphError(
    response.status,
    Number(error?.code ?? 0),
    error?.error_user_title ?? error?.message ?? `HTTP ${response.status}`,
    error?.error_data?.details ?? '',
  );
}
