import { type EventEnvelope, messageCreated } from '@app/contracts';
import { JOBS, type Jobs, readEvent } from '@app/platform';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ConversationRepository } from '../common/conversation.repository';
import type { QueueBinding } from '../queues/queue.repository';
import type { Answerer } from './answerer';
import { Answerers } from './answerers';
import { AnsweringService } from './answering.service';
import { type UnboundMessage, UnboundMessageRepository } from './unbound-message.repository';

/** The catch-up's pg-boss queue: one job per company whose queue was bound (`catch-up-{companyId}`), one for all on start. */
export const CATCH_UP_QUEUE = 'ai-binding-catch-up';

interface CatchUpJob {
  /** null: every company (on start). */
  companyId: number | null;
}

/** Kept messages handled per transaction. */
const BATCH = 200;
/** How long a message of a queue not (yet) bound is kept: a binding announced later than that is no race. */
export const UNBOUND_KEPT_SECONDS = 15 * 60;

/**
 * The binding race (issue 23): conversations announces a queue's binding and the messages of its
 * tickets on one topic, but ai's consumers of each go at their own pace, so a message may be seen
 * before the binding that covers it. Such messages are kept (ai.unbound_messages, companies with an
 * assistant only, bounded and pruned); when the binding arrives, a job answers those that came at or
 * after the queue's bound_at exactly as if they had come after it (`AnsweringService.received`, whose
 * debounce job and answered_through keep every message answered once). The same job runs on start.
 */
@Injectable()
export class BindingCatchUp implements OnModuleInit {
  private readonly logger = new Logger(BindingCatchUp.name);
  /** When this process last pruned the kept messages (at most once a minute, from `remember`). */
  private prunedAt = Date.now();

  constructor(
    @Inject(JOBS) private readonly jobs: Jobs | null,
    private readonly unbound: UnboundMessageRepository,
    private readonly conversations: ConversationRepository,
    private readonly answerers: Answerers,
    private readonly answering: AnsweringService,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.jobs) return;
    await this.jobs.declareQueue(CATCH_UP_QUEUE, { uniqueByKey: true });
    await this.jobs.work<CatchUpJob>(CATCH_UP_QUEUE, (job) => this.catchUp(job.data.companyId), { pollingIntervalSeconds: 0.5 });
    // Bindings that came while the process was down (or whose job was lost with a database restore).
    await this.jobs.schedule(null, CATCH_UP_QUEUE, { companyId: null } satisfies CatchUpJob, { singletonKey: 'catch-up-all' });
  }

  /** In the transaction that binds one of the company's queues (or sees it bound): a catch-up runs after its commit. */
  async bound(manager: EntityManager, companyId: number): Promise<void> {
    await this.jobs?.schedule(manager, CATCH_UP_QUEUE, { companyId } satisfies CatchUpJob, {
      singletonKey: `catch-up-${companyId}`,
      retryLimit: 5,
      retryDelaySeconds: 2,
    });
  }

  /** After the commit of `bound`: the worker looks now. */
  wake(): void {
    this.jobs?.wake(CATCH_UP_QUEUE);
  }

  /**
   * Keeps messages of tickets whose queue ai cannot resolve to an assistant now, unless their company
   * has none. Holds the queues' bindings meanwhile, so a binding committed before this is seen here
   * (and its catch-up scheduled), and one committed after it finds these messages.
   */
  async remember(messages: UnboundMessage[]): Promise<void> {
    const withAssistants = await this.unbound.companiesWithAssistants([...new Set(messages.map((m) => m.companyId))]);
    const kept = messages.filter((m) => withAssistants.has(m.companyId));
    if (kept.length === 0) return;
    if (Date.now() - this.prunedAt > 60_000) {
      this.prunedAt = Date.now();
      await this.unbound.prune(UNBOUND_KEPT_SECONDS);
    }
    let caughtUp = false;
    await this.unbound.transaction(async (manager) => {
      caughtUp = false;
      await this.unbound.holdBindings(
        manager,
        [...new Set(kept.map((m) => m.queueId))].sort((a, b) => a - b),
      );
      await this.unbound.remember(manager, kept);
      for (const companyId of new Set(kept.map((m) => m.companyId))) {
        const queueIds = [...new Set(kept.filter((m) => m.companyId === companyId).map((m) => m.queueId))];
        if ((await this.unbound.boundAmong(manager, companyId, queueIds)).length === 0) continue;
        await this.bound(manager, companyId);
        caughtUp = true;
      }
    });
    if (caughtUp) this.wake();
  }

  /** Answers the kept messages of the company's (or every company's) bound queues that came after the binding; forgets the others. */
  async catchUp(companyId: number | null): Promise<void> {
    if (companyId === null) await this.unbound.prune(UNBOUND_KEPT_SECONDS);
    for (;;) {
      const due = await this.unbound.ofBoundQueues(companyId, BATCH);
      if (due.length === 0) return;
      // Each queue's assistant, found outside the transaction (see BoundMessage).
      const answerers = new Map<string, { binding: QueueBinding; answerer: Answerer | null }>();
      for (const item of due) {
        const key = `${item.companyId}:${item.binding.queueId}`;
        if (!answerers.has(key))
          answerers.set(key, { binding: item.binding, answerer: await this.answerers.of(item.binding, item.companyId) });
      }
      let dueNow = false;
      let answered = 0;
      await this.conversations.transaction(async (manager) => {
        dueNow = false;
        answered = 0;
        const taken = await this.unbound.take(
          manager,
          due.map((item) => item.messageId),
        );
        const groupings = new Map<string, number>();
        for (const item of due) {
          if (!item.after || !taken.has(item.messageId)) continue;
          const event = this.read(item.envelope);
          if (!event || event.ticket.queueId === null) continue;
          // A ticket that moved on to another queue since (its newer messages followed there) is not taken back.
          const followed = await this.conversations.lock(manager, item.companyId, event.ticket.id);
          if (followed && followed.queue_id !== event.ticket.queueId) continue;
          const { binding, answerer } = answerers.get(`${item.companyId}:${item.binding.queueId}`)!;
          if (await this.answering.received(manager, { message: event.message, ticket: event.ticket, binding, answerer }, groupings))
            dueNow = true;
          answered += 1;
        }
      });
      if (answered > 0) this.logger.log({ companyId, messages: answered }, 'messages seen before their queue binding, answered now');
      if (dueNow) this.answering.wake();
      if (due.length < BATCH) return;
    }
  }

  /** The kept event, as its consumer would read it; null if it no longer reads (a payload of an older shape). */
  private read(envelope: EventEnvelope) {
    try {
      const event = readEvent(messageCreated, envelope);
      return event && event.ticket.companyId === envelope.companyId ? event : null;
    } catch {
      return null;
    }
  }
}
