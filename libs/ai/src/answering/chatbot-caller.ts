import { OutboundUrlGuard, OutboundUrlRefusedError } from '@app/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';

import { AI_OPTIONS, type AiOptions } from '../common/ai-options';
import { CompanyLimiter } from '../common/company-limiter';
import { guardedFetch } from '../common/guarded-fetch';
import { ProviderBreaker } from '../common/provider-breaker';
import type { ChatbotSessionTester } from '../integrations/chatbot-session-tester';
import {
  CHATBOT_PROTOCOLS,
  ChatbotProtocolError,
  type ChatbotProtocols,
  type ChatbotReply,
  type ChatbotSettings,
  type ChatbotTurn,
} from '../integrations/protocols';
import { withHandoff } from '../integrations/protocols/chatbot-handoff';

export type ChatbotAnswer = { kind: 'reply'; reply: ChatbotReply } | { kind: 'failed'; reason: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const retriable = (error: unknown) =>
  error instanceof ChatbotProtocolError
    ? error.status === 429 || (error.status !== undefined && error.status >= 500)
    : !(error instanceof OutboundUrlRefusedError);

/**
 * Calls an integration's product through its protocol: within the company's concurrency limit, every
 * request through the outbound URL guard (OUTBOUND_ALLOWED_HOSTS names a self-hosted typebot or n8n on
 * a private network), each attempt under a timeout, 429, 5xx, timeouts and dropped connections retried
 * with backoff (Retry-After honoured up to 10 s), and a circuit per integration that fails at once after
 * repeated failures. What still fails is `failed` with a reason that holds no secret.
 */
@Injectable()
export class ChatbotCaller implements ChatbotSessionTester {
  private readonly logger = new Logger(ChatbotCaller.name);
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;

  constructor(
    guard: OutboundUrlGuard,
    @Inject(AI_OPTIONS) options: AiOptions,
    @Inject(CHATBOT_PROTOCOLS) private readonly protocols: ChatbotProtocols,
    private readonly limiter: CompanyLimiter,
    private readonly breaker: ProviderBreaker,
  ) {
    this.fetch = guardedFetch(guard);
    this.timeoutMs = options.chatbotTimeoutMs ?? 15_000;
    this.retries = Math.max(0, options.chatbotRetries ?? 2);
    this.backoffMs = options.chatbotBackoffMs ?? 500;
  }

  async converse(turn: Omit<ChatbotTurn, 'signal'>): Promise<ChatbotAnswer> {
    const { settings } = turn;
    const protocol = this.protocols.get(settings.type);
    if (!protocol) return { kind: 'failed', reason: `o tipo ${settings.type} ainda não é suportado` };
    const circuit = `${settings.companyId}:${settings.id}`;
    if (!this.breaker.allows('integration', circuit)) return { kind: 'failed', reason: 'a integração falhou seguidamente e está em pausa' };
    const answer = await this.limiter.run(settings.companyId, async (): Promise<ChatbotAnswer> => {
      for (let attempt = 0; ; attempt++) {
        try {
          const reply = await protocol.converse({ ...turn, signal: AbortSignal.timeout(this.timeoutMs) }, this.fetch);
          if (!reply || !Array.isArray(reply.messages)) throw new ChatbotProtocolError('the protocol answered no reply');
          return { kind: 'reply', reply: withHandoff(reply) };
        } catch (error) {
          if (attempt < this.retries && retriable(error)) {
            const hinted = error instanceof ChatbotProtocolError && error.retryAfter ? Math.min(error.retryAfter * 1000, 10_000) : 0;
            await sleep(Math.max(hinted, this.backoffMs * 2 ** attempt));
            continue;
          }
          return { kind: 'failed', reason: reasonOf(error, this.timeoutMs) };
        }
      }
    });
    if (answer.kind === 'failed') {
      this.breaker.failed('integration', circuit);
      this.logger.warn(
        { integrationId: settings.id, type: settings.type, reason: answer.reason },
        'the chatbot integration did not answer',
      );
    } else this.breaker.succeeded('integration', circuit);
    return answer;
  }

  /** testSession: a greeting as a throwaway ticket's first message. */
  async test(settings: ChatbotSettings): Promise<string | null> {
    const answer = await this.converse({
      settings,
      ticketId: 0,
      contact: { id: 0, name: 'Teste', number: '0' },
      text: 'Olá',
      session: null,
    });
    return answer.kind === 'failed' ? answer.reason : null;
  }
}

function reasonOf(error: unknown, timeoutMs: number): string {
  if (error instanceof OutboundUrlRefusedError) return `endereço recusado: ${error.message}`;
  if (error instanceof ChatbotProtocolError) return error.message;
  const name = (error as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return `sem resposta em ${Math.round(timeoutMs / 1000)} s`;
  return `falha de conexão (${(error as Error)?.message ?? String(error)})`;
}
