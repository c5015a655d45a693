import { randomUUID } from 'node:crypto';

import {
  connectionUpdated,
  type EventEnvelope,
  type EventPayload,
  NUMBER_CHECK_BATCH,
  NUMBER_CHECK_INTERVAL_MS,
  numbersChecked,
  numbersCheckRequested,
  type OutboundSendReference,
  outboundSendReference,
  sessionUpdated,
} from '@app/contracts';
import { JOBS, type Jobs, OutboxWriter, readEvent } from '@app/platform';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { OUTBOUND_OPTIONS, type OutboundOptions } from '../../common/outbound-options';
import { ConnectionRepository } from '../../projections/connection.repository';
import { connectionConnected } from '../../projections/connection-projection';
import { ContactListEvents } from '../contact-lists/contact-list-events';
import { ContactListItemRepository } from '../contact-lists/contact-list-item.repository';
import { LateRecipients } from '../dispatch/late-recipients';

export const NUMBER_CHECK_QUEUE = 'outbound-number-checks';

interface NumberCheckJob {
  companyId: number;
}

/**
 * Checks the numbers of contact list items on WhatsApp, throttled per company: one pg-boss job per
 * company at a time (queue unique by key) claims the next NUMBER_CHECK_BATCH unchecked numbers, asks
 * the whatsapp service through a `whatsapp.numbers.checkRequested` command on the company's default
 * connected connection (the existing check, run by the session in turn with its sends), and schedules
 * the next batch NUMBER_CHECK_INTERVAL_MS later. The answer (`whatsapp.numbers.checked`) marks the items.
 * Jobs survive restarts; a claim whose answer never came is claimed again after two minutes.
 */
@Injectable()
export class NumberChecks implements OnModuleInit {
  private readonly logger = new Logger(NumberChecks.name);
  private readonly intervalSeconds: number;

  constructor(
    @Inject(JOBS) private readonly jobs: Jobs | null,
    private readonly items: ContactListItemRepository,
    private readonly connections: ConnectionRepository,
    private readonly events: ContactListEvents,
    private readonly lateRecipients: LateRecipients,
    private readonly outbox: OutboxWriter,
    @Inject(OUTBOUND_OPTIONS) options: OutboundOptions,
  ) {
    this.intervalSeconds = (options.numberCheckIntervalMs ?? NUMBER_CHECK_INTERVAL_MS) / 1_000;
  }

  async onModuleInit(): Promise<void> {
    if (!this.jobs) return;
    await this.jobs.declareQueue(NUMBER_CHECK_QUEUE, { uniqueByKey: true });
    await this.jobs.work<NumberCheckJob>(NUMBER_CHECK_QUEUE, (job) => this.nextBatch(job.data.companyId));
  }

  /** Numbers of the company are waiting (new items, a connection connected): checking starts, unless it runs already. */
  async resume(manager: EntityManager, companyId: number, startAfterSeconds = 0): Promise<void> {
    await this.jobs?.schedule(
      manager,
      NUMBER_CHECK_QUEUE,
      { companyId },
      { singletonKey: `company-${companyId}`, startAfter: startAfterSeconds },
    );
  }

  /** One batch: claimed and asked in one transaction, with the job of the next batch. */
  async nextBatch(companyId: number): Promise<void> {
    await this.items.transaction(async (manager) => {
      const connectionId = await this.connections.checkingConnection(manager, companyId);
      // No connected connection: numbers wait; the next connection that connects resumes them.
      if (!connectionId) return;
      const batch = await this.items.claimUnchecked(manager, companyId, NUMBER_CHECK_BATCH);
      if (batch.length === 0) {
        // Every unchecked number is in flight: look again at the same pace, for released or lost ones.
        if (await this.items.hasUnchecked(manager, companyId)) await this.resume(manager, companyId, this.intervalSeconds);
        return;
      }
      await this.outbox.add(manager, {
        definition: numbersCheckRequested,
        companyId,
        key: connectionId,
        payload: {
          requestId: randomUUID(),
          connectionId,
          numbers: batch.map((item) => item.number),
          reference: outboundSendReference({ service: 'outbound', kind: 'numberCheck', items: batch.map((item) => item.id).join(',') }),
        },
      });
      await this.resume(manager, companyId, this.intervalSeconds);
    });
  }

  readonly eventTypes = [connectionUpdated.type, sessionUpdated.type, numbersChecked.type];

  /**
   * The number checks' part of a whatsapp event, to run in the consumer's transaction: a connection
   * that connects resumes the company's pending checks; the answer to a batch this service asked for
   * marks its items. Null when the event has nothing for them.
   */
  async take(
    envelope: EventEnvelope,
    reference: OutboundSendReference | null,
  ): Promise<((manager: EntityManager) => Promise<void>) | null> {
    const connectedCompany = connectionConnected(envelope)?.companyId ?? null;
    const batch = reference?.kind === 'numberCheck' ? reference : null;
    const checked = envelope.companyId && batch ? readEvent(numbersChecked, envelope) : null;
    if (connectedCompany === null && !checked) return null;
    return async (manager) => {
      if (connectedCompany !== null) await this.resume(manager, connectedCompany);
      if (checked) await this.answered(manager, envelope.companyId!, checked, batch!);
    };
  }

  /** The answer to a batch this service asked for (others' are not ours); numbers not checked go back to the next batch. */
  async answered(
    manager: EntityManager,
    companyId: number,
    answer: EventPayload<typeof numbersChecked>,
    reference: Extract<OutboundSendReference, { kind: 'numberCheck' }>,
  ): Promise<void> {
    const ids = reference.items.split(',').map(Number);
    if (!answer.results) {
      this.logger.warn({ companyId, connectionId: answer.connectionId, error: answer.error }, 'a batch of number checks was not made');
      await this.items.releaseChecks(manager, companyId, ids);
      return;
    }
    const results = ids.flatMap((id, index) => {
      const result = answer.results![index];
      if (!result) return [];
      return [{ id, valid: result.exists, whatsappNumber: result.jid ? result.jid.split('@')[0]!.split(':')[0]! : null }];
    });
    const lists = await this.items.applyChecks(manager, companyId, results);
    for (const [contactListId, validIds] of lists) {
      await this.events.itemsChanged(manager, companyId, contactListId, 'checked');
      // Campaigns already running on the list send to the newly valid ones too.
      if (validIds.length > 0) await this.lateRecipients.appeared(manager, companyId, { contactListId, itemIds: validIds });
    }
  }
}
