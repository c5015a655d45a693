import { createVerify, generateKeyPairSync, type KeyObject, randomBytes, randomUUID } from 'node:crypto';

import { bearerOf, FakeProductServer, type ProductReply, type RecordedRequest } from './fake-product-server';

/** One fulfillment message of Dialogflow ES (the kinds the specs use), as detectIntent answers it. */
export type DialogflowMessage =
  | { text: { text: string[] }; platform?: string }
  | { image: { imageUri: string; accessibilityText?: string }; platform?: string }
  | { quickReplies: { title?: string; quickReplies: string[] }; platform?: string }
  | { card: { title?: string; subtitle?: string; imageUri?: string; buttons?: { text: string; postback?: string }[] }; platform?: string }
  | { payload: Record<string, unknown>; platform?: string };

/** How the agent answers one query. */
export interface DialogflowAnswer {
  fulfillmentText?: string;
  fulfillmentMessages?: DialogflowMessage[];
  intent?: string;
  endInteraction?: boolean;
}

const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

function googleError(code: number, status: string, message: string) {
  return { error: { code, message, status } };
}

/**
 * A small server speaking Google's OAuth2 token endpoint for service accounts (POST /token with
 * grant_type jwt-bearer and an RS256 assertion, verified against the test key's public half: its
 * issuer, audience, scope, lifetime and signature) and Dialogflow ES's detectIntent
 * (POST /v2/projects/{project}/agent/sessions/{session}:detectIntent, checking the Bearer token it
 * issued, the project, the session id's 36-character limit and queryInput.text), answering in their
 * real shapes and refusing as Google does.
 */
export class FakeDialogflowServer extends FakeProductServer {
  readonly projectId = `zapdesk-test-${randomBytes(3).toString('hex')}`;
  readonly clientEmail = `dialogflow@${this.projectId}.iam.gserviceaccount.com`;
  readonly privateKeyId = randomBytes(20).toString('hex');
  /** Seconds each token lives (Google's 3599 unless a spec shortens it). */
  tokenLifetime = 3599;
  /** The tokens issued, with when each expires (ms). */
  readonly tokens = new Map<string, number>();
  /** Each session's queries, as the agent's contexts would be kept. */
  readonly sessions = new Map<string, string[]>();
  private readonly publicKey: KeyObject;
  private readonly privateKeyPem: string;
  private script: (text: string, languageCode: string) => DialogflowAnswer = (text) => ({
    fulfillmentText: `Entendi: ${text}`,
    fulfillmentMessages: [{ text: { text: [`Entendi: ${text}`] } }],
    intent: 'Default Fallback Intent',
  });

  private constructor() {
    super();
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.publicKey = publicKey;
    this.privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  }

  static async start(): Promise<FakeDialogflowServer> {
    const server = new FakeDialogflowServer();
    await server.listen();
    return server;
  }

  /** The API base the protocol is configured with (Google's is https://dialogflow.googleapis.com). */
  get apiBase(): string {
    return this.origin;
  }

  /**
   * The service-account JSON an integration's jsonContent holds, its token_uri at this server. With
   * `foreignKey`, it carries another private key (a revoked or mistyped key): Google refuses its JWT.
   */
  serviceAccountJson(options: { foreignKey?: boolean } = {}): string {
    const privateKey = options.foreignKey
      ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
      : this.privateKeyPem;
    return JSON.stringify({
      type: 'service_account',
      project_id: this.projectId,
      private_key_id: this.privateKeyId,
      private_key: privateKey,
      client_email: this.clientEmail,
      client_id: '109876543210987654321',
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: `${this.origin}/token`,
      auth_provider_x509_cert_url: 'https://www.googleapis.com/oauth2/v1/certs',
      client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/${encodeURIComponent(this.clientEmail)}`,
      universe_domain: 'googleapis.com',
    });
  }

  answerWith(script: (text: string, languageCode: string) => DialogflowAnswer): void {
    this.script = script;
  }

  /** Forgets every token issued, as if Google had revoked them. */
  revokeTokens(): void {
    this.tokens.clear();
  }

  get tokenRequests(): RecordedRequest[] {
    return this.requests.filter((request) => request.path === '/token');
  }

  get detectIntentRequests(): RecordedRequest[] {
    return this.requests.filter((request) => request.path.endsWith(':detectIntent'));
  }

  /** Only detectIntent misbehaves on demand; the token endpoint keeps answering. */
  protected override misbehaves(request: RecordedRequest): boolean {
    return request.path !== '/token';
  }

  protected errorBody(status: number): unknown {
    return status === 429
      ? googleError(429, 'RESOURCE_EXHAUSTED', "Quota exceeded for quota metric 'Text requests' and limit 'Text requests per minute'.")
      : googleError(status, status === 503 ? 'UNAVAILABLE' : 'INTERNAL', 'Internal error encountered.');
  }

  protected answer(request: RecordedRequest): ProductReply {
    if (request.method === 'POST' && request.path === '/token') return this.token(request);
    const match = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/.exec(request.path);
    if (request.method !== 'POST' || !match) return { status: 404, body: googleError(404, 'NOT_FOUND', 'Not Found') };
    const token = bearerOf(request);
    const expires = token ? this.tokens.get(token) : undefined;
    if (!expires || expires <= Date.now())
      return {
        status: 401,
        body: googleError(
          401,
          'UNAUTHENTICATED',
          'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        ),
      };
    const [, project, rawSession] = match as unknown as [string, string, string];
    if (project !== this.projectId)
      return {
        status: 403,
        body: googleError(
          403,
          'PERMISSION_DENIED',
          `IAM permission 'dialogflow.sessions.detectIntent' on 'projects/${project}/agent' denied.`,
        ),
      };
    const session = decodeURIComponent(rawSession);
    if (session.length > 36)
      return { status: 400, body: googleError(400, 'INVALID_ARGUMENT', `Session id '${session}' exceeds the 36 characters limit.`) };
    const body = request.body as { queryInput?: { text?: { text?: unknown; languageCode?: unknown } } } | undefined;
    const text = body?.queryInput?.text;
    if (typeof text?.text !== 'string' || typeof text.languageCode !== 'string' || !text.languageCode)
      return { status: 400, body: googleError(400, 'INVALID_ARGUMENT', 'Invalid query input: text and languageCode are required.') };
    this.sessions.set(session, [...(this.sessions.get(session) ?? []), text.text]);
    const answer = this.script(text.text, text.languageCode);
    return {
      status: 200,
      body: {
        responseId: `${randomUUID()}-${randomBytes(4).toString('hex')}`,
        queryResult: {
          queryText: text.text,
          parameters: {},
          allRequiredParamsPresent: true,
          fulfillmentText: answer.fulfillmentText ?? '',
          fulfillmentMessages: answer.fulfillmentMessages ?? [],
          intent: {
            name: `projects/${project}/agent/intents/${randomUUID()}`,
            displayName: answer.intent ?? 'Default Welcome Intent',
            ...(answer.endInteraction ? { endInteraction: true } : {}),
          },
          intentDetectionConfidence: 1,
          ...(answer.endInteraction ? { diagnosticInfo: { end_conversation: true } } : {}),
          languageCode: text.languageCode.toLowerCase(),
        },
      },
    };
  }

  /** Google's token endpoint for a service account's signed JWT (RFC 7523). */
  private token(request: RecordedRequest): ProductReply {
    const invalid = (description: string) => ({ status: 400, body: { error: 'invalid_grant', error_description: description } });
    const form = request.body as Record<string, string> | undefined;
    if (form?.grant_type !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || typeof form.assertion !== 'string')
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Invalid grant_type: ' } };
    const parts = form.assertion.split('.');
    if (parts.length !== 3) return invalid('Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.');
    const [header, claims, signature] = parts as [string, string, string];
    const verifier = createVerify('RSA-SHA256');
    verifier.update(`${header}.${claims}`);
    if (!verifier.verify(this.publicKey, Buffer.from(signature, 'base64url'))) return invalid('Invalid JWT Signature.');
    const decoded = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
    const head = decoded(header);
    const body = decoded(claims);
    if (head.alg !== 'RS256' || head.typ !== 'JWT') return invalid('Invalid JWT: unsupported algorithm.');
    if (head.kid !== undefined && head.kid !== this.privateKeyId) return invalid('Invalid JWT Signature.');
    if (body.iss !== this.clientEmail) return invalid('Invalid grant: account not found');
    if (body.aud !== `${this.origin}/token`) return invalid('Invalid JWT: Failed audience check.');
    if (typeof body.scope !== 'string' || !body.scope.split(' ').includes(SCOPE))
      return { status: 400, body: { error: 'invalid_scope', error_description: 'Invalid OAuth scope or ID token audience provided.' } };
    const now = Math.floor(Date.now() / 1000);
    const iat = Number(body.iat);
    const exp = Number(body.exp);
    if (!Number.isFinite(iat) || !Number.isFinite(exp) || exp - iat > 3600 || iat > now + 300 || exp < now)
      return invalid(
        'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.',
      );
    const accessToken = `ya29.local-${randomBytes(16).toString('hex')}`;
    this.tokens.set(accessToken, Date.now() + this.tokenLifetime * 1000);
    return { status: 200, body: { access_token: accessToken, expires_in: this.tokenLifetime, token_type: 'Bearer' } };
  }
}
