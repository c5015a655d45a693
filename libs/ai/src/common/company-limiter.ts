import { Inject, Injectable } from '@nestjs/common';

import { AI_OPTIONS, type AiOptions } from './ai-options';

interface CompanySlots {
  active: number;
  waiting: (() => void)[];
}

/**
 * At most `companyConcurrency` provider calls per company at once in this process: a company at its
 * limit waits for its own calls, never delays another company's.
 */
@Injectable()
export class CompanyLimiter {
  /** The most provider calls of one company at once. */
  readonly limit: number;
  private readonly companies = new Map<number, CompanySlots>();

  constructor(@Inject(AI_OPTIONS) options: AiOptions) {
    this.limit = Math.max(1, options.companyConcurrency ?? 4);
  }

  async run<T>(companyId: number, work: () => Promise<T>): Promise<T> {
    const slots = this.companies.get(companyId) ?? { active: 0, waiting: [] };
    this.companies.set(companyId, slots);
    if (slots.active >= this.limit) await new Promise<void>((resolve) => slots.waiting.push(resolve));
    else slots.active += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, so `active` only falls when nobody waits.
      const next = slots.waiting.shift();
      if (next) next();
      else if (--slots.active === 0) this.companies.delete(companyId);
    }
  }
}
