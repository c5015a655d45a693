import { Injectable } from '@nestjs/common';

export type ReadinessCheck = () => Promise<void>;

/** Things /ready asks: each service's database, the broker in distributed mode. */
@Injectable()
export class ReadinessRegistry {
  private readonly checks = new Map<string, ReadinessCheck>();

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  async run(timeoutMs = 3000): Promise<{ ready: boolean; checks: Record<string, string> }> {
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
    return { ready: results.every(([, status]) => status === 'ok'), checks: Object.fromEntries(results) };
  }
}
