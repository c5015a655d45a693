import { createHash } from 'node:crypto';

import { Inject, Injectable } from '@nestjs/common';

import { AI_OPTIONS, type AiOptions } from './ai-options';

interface KeyCircuit {
  failures: number;
  openUntil: number;
}

/**
 * A circuit breaker per provider key: after `breakerFailures` answers in a row that failed (past the
 * SDK's retries), calls with that key fail at once for `breakerCooldownMs` (the customers get the
 * fallback and a human without waiting for a provider that is down or a key that was revoked); then one
 * call tries again. Keys are held only as their hash.
 */
@Injectable()
export class ProviderBreaker {
  private readonly circuits = new Map<string, KeyCircuit>();
  private readonly threshold: number;
  private readonly cooldownMs: number;

  constructor(@Inject(AI_OPTIONS) options: AiOptions) {
    this.threshold = Math.max(1, options.breakerFailures ?? 5);
    this.cooldownMs = options.breakerCooldownMs ?? 30_000;
  }

  /** Whether a call with this key may go to the provider now (a half-open circuit lets one through). */
  allows(provider: string, apiKey: string): boolean {
    const circuit = this.circuits.get(this.idOf(provider, apiKey));
    if (!circuit || circuit.failures < this.threshold) return true;
    if (Date.now() < circuit.openUntil) return false;
    circuit.openUntil = Date.now() + this.cooldownMs;
    return true;
  }

  succeeded(provider: string, apiKey: string): void {
    this.circuits.delete(this.idOf(provider, apiKey));
  }

  failed(provider: string, apiKey: string): void {
    const id = this.idOf(provider, apiKey);
    const circuit = this.circuits.get(id) ?? { failures: 0, openUntil: 0 };
    circuit.failures += 1;
    if (circuit.failures >= this.threshold) circuit.openUntil = Date.now() + this.cooldownMs;
    this.circuits.set(id, circuit);
  }

  private idOf(provider: string, apiKey: string): string {
    return createHash('sha256').update(`${provider}\0${apiKey}`).digest('base64url');
  }
}
