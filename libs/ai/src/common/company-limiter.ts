import { Inject, Injectable } from '@nestjs/common';

import { AI_OPTIONS, type AiOptions } from './ai-options';
import { FairTurns } from './fair-turns';

/** Provider calls (answers, chatbot turns, copilot) one process has in flight at once, all companies together, unless configured. */
export const DEFAULT_ANSWERS_IN_FLIGHT = 256;

/**
 * The process's provider calls, taken in fair turns: at most `inFlight` at once, at most
 * `companyConcurrency` of one company; a company at its limit, or with a backlog, waits for its own
 * calls and never delays another company's (FairTurns).
 */
@Injectable()
export class CompanyLimiter {
  /** The most provider calls of one company at once. */
  readonly limit: number;
  /** The most provider calls at once, all companies together. */
  readonly inFlight: number;
  private readonly turns: FairTurns;

  constructor(@Inject(AI_OPTIONS) options: AiOptions) {
    this.limit = Math.max(1, options.companyConcurrency ?? 4);
    this.inFlight = Math.max(1, options.answersInFlight ?? DEFAULT_ANSWERS_IN_FLIGHT);
    this.turns = new FairTurns(this.inFlight, this.limit);
  }

  run<T>(companyId: number, work: () => Promise<T>): Promise<T> {
    return this.turns.run(companyId, work);
  }
}
