import { Injectable } from '@nestjs/common';

export type ReadinessCheck = () => Promise<void>;

/**
 * Things /health and /ready ask: each service's database, the broker in distributed mode. Every
 * failing check makes /health say degraded; only the gating ones (a database: nothing can be served
 * without it) make /ready answer 503.
 */
@Injectable()
export class ReadinessRegistry {
  private readonly checks = new Map<string, ReadinessCheck>();
  private readonly notGating = new Set<string>();

  register(name: string, check: ReadinessCheck, { gatesReadiness = true }: { gatesReadiness?: boolean } = {}): void {
    this.checks.set(name, check);
    if (gatesReadiness) this.notGating.delete(name);
    else this.notGating.add(name);
  }

  /** `ready`: every gating check passed; `healthy`: every check passed. */
  async run(timeoutMs = 3000): Promise<{ ready: boolean; healthy: boolean; checks: Record<string, string> }> {
    const results = await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        try {
          await Promise.race([check(), new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), timeoutMs).unref())]);
          return [name, 'ok'] as const;
        } catch (error) {
          return [name, error instanceof Error ? error.message : String(error)] as const;
        }
      }),
    );
    return {
      ready: results.every(([name, status]) => status === 'ok' || this.notGating.has(name)),
      healthy: results.every(([, status]) => status === 'ok'),
      checks: Object.fromEntries(results),
    };
  }
}
