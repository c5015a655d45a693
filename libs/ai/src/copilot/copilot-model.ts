import { OutboundUrlGuard } from '@app/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';
import OpenAI from 'openai';

import type { AiProvider } from '../answering/answerer';
import { AI_OPTIONS, type AiOptions, PROVIDER_BASE_URLS } from '../common/ai-options';
import { guardedFetch } from '../common/guarded-fetch';
import { ProviderBreaker } from '../common/provider-breaker';

/** One copilot request to a provider: its key and model, the instructions and the material. */
export interface CopilotCall {
  provider: AiProvider;
  apiKey: string;
  model: string;
  system: string;
  user: string;
  maxTokens: number;
}

export type CopilotCompletion = { ok: true; text: string } | { ok: false; reason: string };

/**
 * The copilot's calls to the company's provider: plain chat completions (no tools), through the
 * outbound URL guard and the provider key's circuit breaker, with the answering's timeout and
 * retries (429 and 5xx retried with backoff by the SDK).
 */
@Injectable()
export class CopilotModel {
  private readonly logger = new Logger(CopilotModel.name);
  private readonly fetch: typeof fetch;

  constructor(
    guard: OutboundUrlGuard,
    @Inject(AI_OPTIONS) private readonly options: AiOptions,
    private readonly breaker: ProviderBreaker,
  ) {
    this.fetch = guardedFetch(guard);
  }

  async complete(call: CopilotCall): Promise<CopilotCompletion> {
    if (!this.breaker.allows(call.provider, call.apiKey)) return { ok: false, reason: "the key's circuit is open" };
    const client = new OpenAI({
      apiKey: call.apiKey,
      baseURL: this.options.providerBaseUrls?.[call.provider] ?? PROVIDER_BASE_URLS[call.provider],
      fetch: this.fetch,
      timeout: this.options.modelTimeoutMs ?? 30_000,
      maxRetries: this.options.modelRetries ?? 2,
    });
    try {
      const completion = await client.chat.completions.create({
        model: call.model,
        messages: [
          { role: 'system', content: call.system },
          { role: 'user', content: call.user },
        ],
        temperature: 0.3,
        max_tokens: call.maxTokens,
      });
      const text = (completion.choices[0]?.message.content ?? '').trim();
      if (!text) throw new Error('an empty answer');
      this.breaker.succeeded(call.provider, call.apiKey);
      return { ok: true, text };
    } catch (error) {
      this.breaker.failed(call.provider, call.apiKey);
      // The key is never logged: the SDK's errors carry the status and the provider's message only.
      const reason = error instanceof OpenAI.APIError ? `${error.status ?? 'no status'} ${error.message}` : String(error);
      this.logger.warn({ provider: call.provider, reason }, 'the provider did not answer the copilot');
      return { ok: false, reason };
    }
  }
}
