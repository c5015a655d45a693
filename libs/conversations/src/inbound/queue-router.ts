import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { isWithinSchedule } from '../common/business-hours';
import { ConversationEvents } from '../common/conversation-events';
import { type ProjectedConnection, ProjectionRepository } from '../common/projection.repository';
import { QueueRepository, type RoutableQueue } from '../common/queue.repository';
import { TicketRepository, type TicketRow } from '../common/ticket.repository';
import { OutboundMessageService } from '../sending/outbound-message.service';

/** The greeting with the numbered options, as the customer reads it. */
export function queueMenu(greeting: string, queues: readonly { name: string }[]): string {
  const options = queues.map((queue, index) => `*${index + 1}* - ${queue.name}`).join('\n');
  return greeting.trim() ? `${greeting.trim()}\n\n${options}` : options;
}

/** The option the customer chose: the number alone, within the menu. */
export function chosenOption(body: string, optionCount: number): number | null {
  const match = /^\s*(\d{1,3})\s*$/.exec(body);
  if (!match) return null;
  const option = Number(match[1]);
  return option >= 1 && option <= optionCount ? option : null;
}

/** Whether the router has anything to do for a ticket in this queue (or none) on this connection. */
function routes(connection: ProjectedConnection, queueId: number | null, created: boolean): boolean {
  return queueId !== null ? created : connection.queueIds.length >= 2;
}

/**
 * Routes a customer's message on a ticket that has no queue yet: a connection with several queues
 * sends its greeting with numbered options and routes by the answer (at most maxUseBotQueues menus);
 * a queue's greeting follows the choice, or its out-of-hours message when scheduleType says closed.
 */
@Injectable()
export class QueueRouter {
  constructor(
    private readonly tickets: TicketRepository,
    private readonly queues: QueueRepository,
    private readonly projections: ProjectionRepository,
    private readonly outbound: OutboundMessageService,
    private readonly events: ConversationEvents,
  ) {}

  async route(
    manager: EntityManager,
    ticket: TicketRow & { created: boolean; queue_option_attempts: number },
    body: string,
    at: Date,
  ): Promise<void> {
    const connection = await this.projections.connection(manager, ticket.company_id, ticket.whatsapp_id);
    if (!connection || !routes(connection, ticket.queue_id, ticket.created)) return;
    const queues = await this.queues.routable(manager, ticket.company_id, connection.queueIds);
    if (ticket.queue_id !== null) {
      if (ticket.created)
        await this.welcome(
          manager,
          ticket,
          queues.find((q) => q.id === ticket.queue_id),
          connection.outOfHoursMessage,
          at,
        );
      return;
    }
    if (queues.length < 2) return;
    if (ticket.created && (await this.companyClosed(manager, ticket.company_id, at))) {
      if (connection.outOfHoursMessage.trim()) await this.outbound.sendText(manager, ticket, connection.outOfHoursMessage);
      return;
    }
    const option = ticket.created ? null : chosenOption(body, queues.length);
    if (option !== null) {
      const queue = queues[option - 1]!;
      await this.tickets.moveToQueue(manager, ticket.id, queue.id);
      await this.events.ticketChanged(manager, ticket.id);
      await this.welcome(manager, { ...ticket, queue_id: queue.id }, queue, connection.outOfHoursMessage, at);
      return;
    }
    if (ticket.queue_option_attempts >= Math.max(1, connection.maxUseBotQueues)) {
      if (ticket.queue_option_attempts > 0) await this.tickets.stopChatbot(manager, ticket.id);
      return;
    }
    await this.tickets.countQueueMenu(manager, ticket.id);
    await this.outbound.sendText(manager, ticket, queueMenu(connection.greetingMessage, queues));
  }

  /**
   * Whether a customer's message on this live ticket may make the router act (a greeting, a menu, a
   * choice): a pending ticket nobody holds, new in a queue, or without a queue on a connection with
   * several. Messages it answers false for are only filed.
   */
  async mayRoute(
    manager: EntityManager,
    ticket: { companyId: number; connectionId: number; status: string; userId: number | null; queueId: number | null; created: boolean },
  ): Promise<boolean> {
    if (ticket.status !== 'pending' || ticket.userId !== null) return false;
    const connection = await this.projections.connection(manager, ticket.companyId, ticket.connectionId);
    return !!connection && routes(connection, ticket.queueId, ticket.created);
  }

  /** scheduleType company: outside the company's opening hours. */
  private async companyClosed(manager: EntityManager, companyId: number, at: Date): Promise<boolean> {
    if ((await this.projections.setting(manager, companyId, 'scheduleType')) !== 'company') return false;
    const zone = await this.projections.companyTimeZone(manager, companyId);
    return !isWithinSchedule(await this.projections.companySchedules(manager, companyId), at, zone);
  }

  private async welcome(
    manager: EntityManager,
    ticket: TicketRow,
    queue: RoutableQueue | undefined,
    connectionOutOfHours: string,
    at: Date,
  ): Promise<void> {
    if (!queue) return;
    const scheduleType = await this.projections.setting(manager, ticket.company_id, 'scheduleType');
    if (
      scheduleType === 'queue' &&
      !isWithinSchedule(queue.schedules, at, await this.projections.companyTimeZone(manager, ticket.company_id))
    ) {
      if (queue.out_of_hours_message.trim()) await this.outbound.sendText(manager, ticket, queue.out_of_hours_message);
      return;
    }
    if (scheduleType === 'company' && (await this.companyClosed(manager, ticket.company_id, at))) {
      if (connectionOutOfHours.trim()) await this.outbound.sendText(manager, ticket, connectionOutOfHours);
      return;
    }
    if (queue.greeting_message.trim()) await this.outbound.sendText(manager, ticket, queue.greeting_message);
  }
}
