import type { AgentProvider } from '@app/contracts';
import { OutboundUrlGuard } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import OpenAI from 'openai';

import { AI_OPTIONS, type AiOptions, PROVIDER_BASE_URLS } from '../common/ai-options';
import { guardedFetch } from '../common/guarded-fetch';

const DEFAULT_TEST_TIMEOUT_MS = 15_000;

export interface ChatCompletionsTarget {
  provider: AgentProvider;
  apiKey: string;
  model: string;
}

/**
 * Speaks OpenAI's chat-completions protocol (the `openai` package) to OpenAI or OpenRouter, at the
 * provider's base URL. Every request goes through the answering engine's guarded fetch (decision
 * 0023): the URL is checked and the connection made to the very addresses checked, so a name that
 * resolves elsewhere the second time (DNS rebinding) reaches nothing; a redirect is not followed: a
 * provider that answers one is treated as failing.
 */
@Injectable()
export class ChatCompletionsClient {
  private readonly guardedFetch: typeof fetch;

  constructor(
    @Inject(AI_OPTIONS) private readonly options: AiOptions,
    guard: OutboundUrlGuard,
  ) {
    const checkedFetch = guardedFetch(guard);
    this.guardedFetch = async (input, init) => {
      const response = await checkedFetch(input, init);
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        throw new Error(`o provedor redirecionou para ${response.headers.get('location') ?? '?'}`);
      }
      return response;
    };
  }

  baseUrl(provider: AgentProvider): string {
    return this.options.providerBaseUrls?.[provider] ?? PROVIDER_BASE_URLS[provider];
  }

  /** A client for one key; `timeoutMs` bounds each attempt, `maxRetries` the SDK's retries on 429/5xx. */
  client(target: Pick<ChatCompletionsTarget, 'provider' | 'apiKey'>, timeoutMs: number, maxRetries: number): OpenAI {
    return new OpenAI({
      apiKey: target.apiKey,
      baseURL: this.baseUrl(target.provider),
      timeout: timeoutMs,
      maxRetries,
      fetch: this.guardedFetch,
    });
  }

  /**
   * One tiny completion with the key and model: null when the provider answered, otherwise why not
   * (the provider's own message with its status, a timeout, or the guard's refusal).
   */
  async test(target: ChatCompletionsTarget): Promise<string | null> {
    const timeout = this.options.connectionTestTimeoutMs ?? DEFAULT_TEST_TIMEOUT_MS;
    // Our own deadline: whatever realm the abort error comes from, we know it was ours.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeout);
    try {
      await this.client(target, timeout * 2, 0).chat.completions.create(
        { model: target.model, messages: [{ role: 'user', content: 'Responda apenas: ok' }], max_tokens: 5 },
        { signal: deadline.signal },
      );
      return null;
    } catch (error) {
      return deadline.signal.aborted ? timedOut(timeout) : describeFailure(error);
    } finally {
      clearTimeout(timer);
    }
  }
}

const timedOut = (timeoutMs: number) => `o provedor não respondeu em ${Math.round(timeoutMs / 1000)} s`;

/** The reason shown after 'Erro na conexão: ': the provider's status and message, in words for the rest. */
export function describeFailure(error: unknown): string {
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    const detail = providerMessage(error);
    if (error.status === 401) return `chave de API inválida (401${detail ? `: ${detail}` : ''})`;
    if (error.status === 429) return `limite de uso do provedor atingido (429${detail ? `: ${detail}` : ''})`;
    return `o provedor respondeu ${error.status}${detail ? `: ${detail}` : ''}`;
  }
  if (error instanceof OpenAI.APIConnectionError) {
    const cause = (error as { cause?: { message?: unknown } }).cause;
    return typeof cause?.message === 'string' && cause.message ? cause.message : 'não foi possível conectar ao provedor';
  }
  return error instanceof Error ? error.message : String(error);
}

function providerMessage(error: InstanceType<typeof OpenAI.APIError>): string {
  const body = error.error as { message?: unknown } | undefined;
  return typeof body?.message === 'string' ? body.message.slice(0, 300) : '';
}
