import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import type { QueueBinding } from '../queues/queue.repository';
import { type Answerer, ANSWERER_SOURCES, type AnswererSource, type TokenUsage } from './answerer';

/** Which assistant answers a queue: the first source (prompts, agents) that has an active one for its binding. */
@Injectable()
export class Answerers {
  constructor(@Inject(ANSWERER_SOURCES) private readonly sources: AnswererSource[]) {}

  async of(binding: QueueBinding, companyId: number): Promise<Answerer | null> {
    for (const source of this.sources) {
      const answerer = await source.answererFor(binding, companyId);
      if (answerer) return answerer;
    }
    return null;
  }

  async recordUsage(manager: EntityManager, answerer: Answerer, usage: TokenUsage): Promise<void> {
    for (const source of this.sources) await source.recordUsage(manager, answerer.author, usage);
  }
}
