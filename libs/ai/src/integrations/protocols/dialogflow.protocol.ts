import { createHash, randomUUID, sign } from 'node:crypto';

import { Inject, Injectable } from '@nestjs/common';

import { AI_OPTIONS, type AiOptions } from '../../common/ai-options';
import type { ChatbotMessage, ChatbotProtocol, ChatbotReply, ChatbotTurn } from './chatbot-protocol';
import { ChatbotProtocolError } from './chatbot-protocol';
import { isRecord, malformed, numberedChoices, postJson, sessionString, textWithMedia, withHandoff } from './protocol-replies';

const PRODUCT = 'Dialogflow';
const TOKEN_PRODUCT = "Google's token endpoint";
export const DIALOGFLOW_BASE_URL = 'https://dialogflow.googleapis.com';
const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';
/** A token is replaced this long before Google says it expires. */
const TOKEN_MARGIN_MS = 5 * 60_000;
/** Dialogflow ES refuses session ids longer than this. */
export const DIALOGFLOW_SESSION_ID_MAX = 36;
/** What testSession asks the agent. */
export const TEST_SESSION_QUERY = 'Olá';

/** The service-account fields the token exchange needs. */
interface ServiceAccount {
  clientEmail: string;
  privateKey: string;
  privateKeyId: string | undefined;
  tokenUri: string;
  projectId: string | undefined;
}

/** A Google service account's JSON key, read and checked; a clear error when it is not one. */
export function readServiceAccount(jsonContent: string | null): ServiceAccount {
  if (!jsonContent?.trim()) throw new ChatbotProtocolError('Dialogflow integration has no service-account JSON (jsonContent)');
  let json: unknown;
  try {
    json = JSON.parse(jsonContent);
  } catch {
    throw new ChatbotProtocolError('Dialogflow service-account JSON is not JSON');
  }
  if (!isRecord(json)) throw new ChatbotProtocolError('Dialogflow service-account JSON is not an object');
  if (json.type !== undefined && json.type !== 'service_account')
    throw new ChatbotProtocolError(`Dialogflow needs a service-account key; this JSON is a ${String(json.type)}`);
  if (typeof json.client_email !== 'string' || !json.client_email)
    throw new ChatbotProtocolError('Dialogflow service-account JSON has no client_email');
  if (typeof json.private_key !== 'string' || !json.private_key.includes('PRIVATE KEY'))
    throw new ChatbotProtocolError('Dialogflow service-account JSON has no private_key');
  return {
    clientEmail: json.client_email,
    privateKey: json.private_key,
    privateKeyId: typeof json.private_key_id === 'string' ? json.private_key_id : undefined,
    tokenUri: typeof json.token_uri === 'string' && json.token_uri ? json.token_uri : GOOGLE_TOKEN_URI,
    projectId: typeof json.project_id === 'string' && json.project_id ? json.project_id : undefined,
  };
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The RS256-signed JWT a service account trades for an access token (RFC 7523, Google's claims). */
function signedAssertion(account: ServiceAccount, nowSeconds: number): string {
  const header = base64url({ alg: 'RS256', typ: 'JWT', ...(account.privateKeyId ? { kid: account.privateKeyId } : {}) });
  const claims = base64url({ iss: account.clientEmail, scope: SCOPE, aud: account.tokenUri, iat: nowSeconds, exp: nowSeconds + 3600 });
  let signature: Buffer;
  try {
    signature = sign('RSA-SHA256', Buffer.from(`${header}.${claims}`), account.privateKey);
  } catch {
    throw new ChatbotProtocolError("Dialogflow service-account JSON's private_key is not a usable RSA key");
  }
  return `${header}.${claims}.${signature.toString('base64url')}`;
}

/** detectIntent's fulfillmentMessages as the customer's messages: text, images, quick replies and cards (their buttons numbered). */
function messagesOf(fulfillment: unknown): ChatbotMessage[] {
  const all = Array.isArray(fulfillment) ? fulfillment.filter(isRecord) : [];
  // Dialogflow answers every platform's messages; the default ones are those without a platform.
  const unspecified = all.filter((message) => message.platform === undefined || message.platform === 'PLATFORM_UNSPECIFIED');
  const chosen = unspecified.length ? unspecified : all;
  const messages: ChatbotMessage[] = [];
  const strings = (value: unknown) =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : [];
  for (const message of chosen) {
    if (isRecord(message.text)) {
      for (const line of strings(message.text.text)) messages.push(...textWithMedia(line));
    } else if (isRecord(message.image) && typeof message.image.imageUri === 'string') {
      const caption = typeof message.image.accessibilityText === 'string' ? message.image.accessibilityText.trim() : '';
      messages.push({ kind: 'media', url: message.image.imageUri, mediaType: 'image', ...(caption ? { caption } : {}) });
    } else if (isRecord(message.quickReplies)) {
      const title = typeof message.quickReplies.title === 'string' ? message.quickReplies.title : undefined;
      messages.push(numberedChoices(title, strings(message.quickReplies.quickReplies)));
    } else if (isRecord(message.card)) {
      const { card } = message;
      const title = typeof card.title === 'string' ? card.title.trim() : '';
      const subtitle = typeof card.subtitle === 'string' ? card.subtitle.trim() : '';
      if (typeof card.imageUri === 'string' && card.imageUri)
        messages.push({ kind: 'media', url: card.imageUri, mediaType: 'image', ...(title ? { caption: title } : {}) });
      const buttons = (Array.isArray(card.buttons) ? card.buttons : []).flatMap((button) =>
        isRecord(button) && typeof button.text === 'string' && button.text.trim() ? [button.text.trim()] : [],
      );
      const heading = [card.imageUri ? '' : title, subtitle].filter(Boolean).join('\n');
      if (buttons.length) messages.push(numberedChoices(heading || undefined, buttons));
      else if (heading) messages.push({ kind: 'text', body: heading });
    }
    // payload messages are for the platform they were written for (Messenger, Slack...), not WhatsApp text
  }
  return messages;
}

interface CachedToken {
  accessToken: string;
  expiresAt: number;
}

/**
 * Dialogflow ES's detectIntent (POST {base}/v2/projects/{project}/agent/sessions/{session}:detectIntent)
 * with the integration's service-account JSON: a JWT signed RS256 with its key is traded at its
 * token_uri for an access token, kept until five minutes before it expires (one exchange at a time per
 * key) and traded again once if Dialogflow refuses it. The project is the integration's projectName
 * (the JSON's project_id when empty), the language its language (pt-BR by default), and the session a
 * UUID per ticket (36 characters, Dialogflow's limit) kept in the session. Text, images, quick replies
 * and cards (buttons numbered) become the customer's messages; an intent that ends the interaction
 * ends the bot's conversation.
 */
@Injectable()
export class DialogflowProtocol implements ChatbotProtocol {
  readonly type = 'dialogflow' as const;
  private readonly tokens = new Map<string, CachedToken | Promise<CachedToken>>();
  private readonly baseUrl: string;

  constructor(@Inject(AI_OPTIONS) options: AiOptions) {
    this.baseUrl = (options.dialogflowBaseUrl ?? DIALOGFLOW_BASE_URL).replace(/\/+$/, '');
  }

  async converse(turn: ChatbotTurn, fetch: typeof globalThis.fetch): Promise<ChatbotReply> {
    const { settings } = turn;
    const kept = sessionString(turn.session, 'sessionId');
    const sessionId = kept && kept.length <= DIALOGFLOW_SESSION_ID_MAX ? kept : randomUUID();
    const result = await this.detectIntent(
      readServiceAccount(settings.jsonContent),
      settings.projectName,
      settings.language,
      sessionId,
      turn.text,
      fetch,
      turn.signal,
    );
    const reply = withHandoff(result.messages, { sessionId });
    return result.finished ? { ...reply, session: null, finished: true } : reply;
  }

  /**
   * POST /queueIntegration/testSession: whether the service account, project and language answer,
   * asking the agent TEST_SESSION_QUERY in a new session. The agent's reply and intent on success; the
   * ChatbotProtocolError saying what failed (the JSON, Google's refusal of the key, the project) otherwise.
   */
  async testSession(
    jsonContent: string | null,
    projectName: string | null,
    language: string | null,
    fetch: typeof globalThis.fetch,
    signal: AbortSignal = AbortSignal.timeout(15_000),
  ): Promise<{ messages: ChatbotMessage[]; intent: string | null }> {
    const result = await this.detectIntent(
      readServiceAccount(jsonContent),
      projectName,
      language,
      randomUUID(),
      TEST_SESSION_QUERY,
      fetch,
      signal,
    );
    return { messages: result.messages, intent: result.intent };
  }

  private async detectIntent(
    account: ServiceAccount,
    projectName: string | null,
    language: string | null,
    sessionId: string,
    text: string,
    fetch: typeof globalThis.fetch,
    signal: AbortSignal,
  ): Promise<{ messages: ChatbotMessage[]; finished: boolean; intent: string | null }> {
    const project = projectName?.trim() || account.projectId;
    if (!project) throw new ChatbotProtocolError('Dialogflow integration has no project (projectName, or project_id in the JSON)');
    const url = `${this.baseUrl}/v2/projects/${encodeURIComponent(project)}/agent/sessions/${encodeURIComponent(sessionId)}:detectIntent`;
    const body = { queryInput: { text: { text, languageCode: language?.trim() || 'pt-BR' } } };
    const call = async (fresh: boolean) => {
      const token = await this.accessToken(account, fetch, signal, fresh);
      return postJson(fetch, PRODUCT, url, { body, headers: { authorization: `Bearer ${token}` }, signal });
    };
    let answer: Awaited<ReturnType<typeof call>>;
    try {
      answer = await call(false);
    } catch (error) {
      // A token Google revoked or forgot before its time: trade the key again, once.
      if (!(error instanceof ChatbotProtocolError && error.status === 401)) throw error;
      answer = await call(true);
    }
    const { json } = answer;
    if (!isRecord(json) || !isRecord(json.queryResult)) throw malformed(PRODUCT, 'no queryResult in the detectIntent answer');
    const result = json.queryResult;
    let messages = messagesOf(result.fulfillmentMessages);
    if (!messages.length && typeof result.fulfillmentText === 'string' && result.fulfillmentText.trim())
      messages = textWithMedia(result.fulfillmentText);
    const intent = isRecord(result.intent) ? result.intent : undefined;
    const finished =
      intent?.endInteraction === true || (isRecord(result.diagnosticInfo) && result.diagnosticInfo.end_conversation === true);
    return { messages, finished, intent: typeof intent?.displayName === 'string' ? intent.displayName : null };
  }

  /** The service account's access token, from the cache while it has more than five minutes left. */
  private async accessToken(account: ServiceAccount, fetch: typeof globalThis.fetch, signal: AbortSignal, fresh: boolean): Promise<string> {
    // Keyed by the private key itself: a JSON that only names the same account and key id gets no token it did not earn.
    const key = createHash('sha256').update(`${account.tokenUri}\n${account.clientEmail}\n${account.privateKey}`).digest('base64url');
    const cached = this.tokens.get(key);
    if (cached && !fresh) {
      const token = await cached;
      if (token.expiresAt - TOKEN_MARGIN_MS > Date.now()) return token.accessToken;
    }
    const exchange = this.exchange(account, fetch, signal);
    this.tokens.set(key, exchange);
    try {
      const token = await exchange;
      this.tokens.set(key, token);
      return token.accessToken;
    } catch (error) {
      if (this.tokens.get(key) === exchange) this.tokens.delete(key);
      throw error;
    }
  }

  private async exchange(account: ServiceAccount, fetch: typeof globalThis.fetch, signal: AbortSignal): Promise<CachedToken> {
    const assertion = signedAssertion(account, Math.floor(Date.now() / 1000));
    const { json } = await postJson(fetch, TOKEN_PRODUCT, account.tokenUri, {
      body: { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion },
      form: true,
      signal,
    });
    if (!isRecord(json) || typeof json.access_token !== 'string' || !json.access_token)
      throw malformed(TOKEN_PRODUCT, 'no access_token in the token answer');
    const expiresIn = typeof json.expires_in === 'number' && json.expires_in > 0 ? json.expires_in : 3600;
    return { accessToken: json.access_token, expiresAt: Date.now() + expiresIn * 1000 };
  }
}
