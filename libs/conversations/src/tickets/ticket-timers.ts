import { JOBS, type Jobs } from '@app/platform';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ConversationEvents } from '../common/conversation-events';
import { ProjectionRepository } from '../common/projection.repository';
import { QueueRepository } from '../common/queue.repository';
import { TicketRepository } from '../common/ticket.repository';
import { TicketStatsRepository } from '../dashboard/ticket-stats.repository';
import { OutboundMessageService } from '../sending/outbound-message.service';

export const TRANSFER_QUEUE = 'conversations-ticket-transfer';
export const EXPIRY_QUEUE = 'conversations-ticket-expiry';

interface TicketTimer {
  ticketId: number;
  companyId: number;
}

/**
 * Timers on pg-boss (they survive restarts and join the transaction that needs them): a pending
 * ticket nobody took moves to the connection's transferQueueId after timeToTransfer minutes; a ticket
 * without messages for expiresTicket minutes is closed with expiresInactiveMessage.
 */
@Injectable()
export class TicketTimers implements OnModuleInit {
  private readonly logger = new Logger(TicketTimers.name);

  constructor(
    @Inject(JOBS) private readonly jobs: Jobs | null,
    private readonly tickets: TicketRepository,
    private readonly queues: QueueRepository,
    private readonly projections: ProjectionRepository,
    private readonly outbound: OutboundMessageService,
    private readonly events: ConversationEvents,
    private readonly stats: TicketStatsRepository,
  ) {}

  /** The timers' workers start with the module. */
  async onModuleInit(): Promise<void> {
    if (!this.jobs) return;
    await this.jobs.declareQueue(TRANSFER_QUEUE, { uniqueByKey: true });
    await this.jobs.declareQueue(EXPIRY_QUEUE, { uniqueByKey: true });
    await this.jobs.work<TicketTimer>(TRANSFER_QUEUE, (job) => this.transfer(job.data));
    await this.jobs.work<TicketTimer>(EXPIRY_QUEUE, (job) => this.expire(job.data));
  }

  /** After activity on a ticket: arms its transfer and expiry timers when its connection asks for them. */
  async arm(manager: EntityManager, companyId: number, ticketId: number, connectionId: number, isNew: boolean): Promise<void> {
    if (!this.jobs) return;
    const connection = await this.projections.connection(manager, companyId, connectionId);
    if (!connection) return;
    if (isNew && connection.timeToTransfer && connection.transferQueueId) {
      await this.jobs.schedule(
        manager,
        TRANSFER_QUEUE,
        { ticketId, companyId },
        {
          startAfter: connection.timeToTransfer * 60,
          singletonKey: `transfer-${ticketId}`,
        },
      );
    }
    if (connection.expiresTicket > 0) {
      await this.jobs.schedule(
        manager,
        EXPIRY_QUEUE,
        { ticketId, companyId },
        {
          startAfter: connection.expiresTicket * 60,
          singletonKey: `expire-${ticketId}`,
        },
      );
    }
  }

  async transfer({ ticketId, companyId }: TicketTimer): Promise<void> {
    await this.tickets.transaction(async (manager) => {
      const ticket = await this.tickets.findRow(manager, companyId, { id: ticketId }, true);
      if (!ticket || ticket.status !== 'pending' || ticket.user_id !== null) return;
      const connection = await this.projections.connection(manager, companyId, ticket.whatsapp_id);
      if (!connection?.transferQueueId || connection.transferQueueId === ticket.queue_id) return;
      if (!(await this.queues.exists(manager, companyId, connection.transferQueueId))) return;
      await this.tickets.moveToQueue(manager, ticketId, connection.transferQueueId);
      await this.events.ticketChanged(manager, ticketId);
      this.logger.log({ ticketId, queueId: connection.transferQueueId }, 'ticket transferred after timeToTransfer');
    });
  }

  async expire({ ticketId, companyId }: TicketTimer): Promise<void> {
    await this.tickets.transaction(async (manager) => {
      const ticket = await this.tickets.findRow(manager, companyId, { id: ticketId }, true);
      if (!ticket || ticket.status === 'closed') return;
      const connection = await this.projections.connection(manager, companyId, ticket.whatsapp_id);
      if (!connection || connection.expiresTicket <= 0) return;
      const last = await this.tickets.lastActivity(manager, ticketId);
      const idleMs = Date.now() - new Date(last).getTime();
      const limitMs = connection.expiresTicket * 60_000;
      if (idleMs < limitMs) {
        await this.jobs!.schedule(
          manager,
          EXPIRY_QUEUE,
          { ticketId, companyId },
          {
            startAfter: Math.ceil((limitMs - idleMs) / 1000),
            singletonKey: `expire-${ticketId}`,
          },
        );
        return;
      }
      if (connection.expiresInactiveMessage.trim()) await this.outbound.sendText(manager, ticket, connection.expiresInactiveMessage);
      await this.tickets.close(manager, ticketId);
      await this.stats.resolved(manager, [ticketId]);
      await this.events.ticketChanged(manager, ticketId);
    });
  }
}
