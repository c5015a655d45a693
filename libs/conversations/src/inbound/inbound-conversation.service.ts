import type { NormalisedMessage } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ConversationEvents } from '../common/conversation-events';
import { ContactRepository } from '../contacts/contact.repository';
import { MessageRepository } from '../messages/message.repository';
import { ProjectionRepository } from '../projections/projection.repository';
import { type LiveTicket, TicketRepository } from '../tickets/ticket.repository';
import { TicketTimers } from '../tickets/ticket-timers';
import { EarlyMessageFactRepository } from './early-message-fact.repository';
import { QueueRouter } from './queue-router';

/** A customer's answer to the rating message: a digit from 1 to 5 alone. */
export function ratingOf(body: string): number | null {
  const match = /^\s*([1-5])\s*$/.exec(body);
  return match ? Number(match[1]) : null;
}

/** What the ticket list shows as the last message for a message without text. */
export function lastMessageText(message: Pick<NormalisedMessage, 'body' | 'mediaType' | 'media'>): string {
  if (message.body.trim()) return message.body.slice(0, 255);
  return message.media?.fileName ?? message.mediaType;
}

/**
 * Files what WhatsApp reports into contacts, tickets and messages. Every method runs inside the
 * caller's transaction (the consumer's `applyOnce`), and the database, not a lock in this process,
 * keeps one live ticket per contact and connection and one message per WhatsApp id.
 */
@Injectable()
export class InboundConversationService {
  constructor(
    private readonly contacts: ContactRepository,
    private readonly tickets: TicketRepository,
    private readonly messages: MessageRepository,
    private readonly projections: ProjectionRepository,
    private readonly events: ConversationEvents,
    private readonly router: QueueRouter,
    private readonly timers: TicketTimers,
    private readonly facts: EarlyMessageFactRepository,
  ) {}

  /** Returns the stored message id, or null for a message already stored (a replay or our own echo). */
  async receive(manager: EntityManager, companyId: number, connectionId: number, message: NormalisedMessage): Promise<number | null> {
    if (message.kind === 'reaction' && message.reaction) {
      await this.react(manager, connectionId, message.reaction.targetId, message.fromMe, message.reaction.emoji);
      return null;
    }
    // The lock (see EarlyMessageFactRepository) is taken here so that facts committed while we wait
    // for it are seen by the statements that follow.
    if ((await this.messages.lockWid(manager, connectionId, message.id)) !== null) return null;

    const chat = await this.contacts.upsertFromWhatsapp(
      manager,
      companyId,
      connectionId,
      message.chat,
      message.isGroup,
      !message.fromMe && !message.isGroup,
    );
    const sender =
      message.isGroup && !message.fromMe && (message.sender.number || message.sender.lid)
        ? await this.contacts.upsertFromWhatsapp(manager, companyId, connectionId, message.sender, false, true)
        : chat;
    if (!message.fromMe && !message.isGroup && (await this.rated(manager, companyId, connectionId, chat.id, message))) return null;
    const ticket = await this.liveTicket(manager, companyId, connectionId, chat.id, message.isGroup);

    const messageId = await this.messages.insertReceived(
      manager,
      { companyId, ticketId: ticket.id, contactId: sender.id, connectionId, queueId: ticket.queueId },
      message,
    );
    if (messageId === null) return null;
    await this.tickets.recordInbound(manager, ticket.id, lastMessageText(message), message.fromMe ? 0 : 1);
    await this.facts.applyTo(manager, connectionId, message.id, messageId);
    await this.events.messageAndTicketChanged(manager, messageId);
    await this.timers.arm(manager, companyId, ticket.id, connectionId, ticket.created);
    if (!message.fromMe && !message.isGroup && ticket.status === 'pending' && ticket.userId === null) {
      await this.router.route(
        manager,
        {
          id: ticket.id,
          uuid: ticket.uuid,
          company_id: companyId,
          contact_id: chat.id,
          whatsapp_id: connectionId,
          status: ticket.status,
          user_id: ticket.userId,
          queue_id: ticket.queueId,
          is_group: false,
          unread_messages: 0,
          contact_number: chat.number,
          created: ticket.created,
          queue_option_attempts: ticket.queueOptionAttempts,
        },
        message.body,
        new Date(message.timestamp),
      );
    }
    return messageId;
  }

  /**
   * The answer to a rating request on the contact's last resolved ticket: a 1 to 5 is kept as its
   * rating and the message stays on that ticket; anything else ends the request and opens a ticket.
   */
  private async rated(
    manager: EntityManager,
    companyId: number,
    connectionId: number,
    contactId: number,
    message: NormalisedMessage,
  ): Promise<boolean> {
    const ticket = await this.tickets.endRatingRequest(manager, companyId, contactId, connectionId);
    const rate = ratingOf(message.body);
    if (!ticket || rate === null) return false;
    await this.tickets.rate(manager, companyId, ticket.id, ticket.user_id, rate);
    const answer = await this.messages.insertRatingAnswer(manager, { companyId, ticketId: ticket.id, contactId, connectionId }, message);
    if (answer !== null) await this.events.messageChanged(manager, answer, true);
    return true;
  }

  /** The contact's ticket on this connection that is not closed, created pending (in the connection's only queue) when there is none. */
  private async liveTicket(
    manager: EntityManager,
    companyId: number,
    connectionId: number,
    contactId: number,
    isGroup: boolean,
  ): Promise<LiveTicket> {
    const connection = await this.projections.connection(manager, companyId, connectionId);
    const onlyQueue = connection && connection.queueIds.length === 1 ? connection.queueIds[0]! : null;
    return this.tickets.upsertLive(manager, companyId, connectionId, contactId, isGroup, onlyQueue);
  }

  /**
   * What WhatsApp says of a contact: a name replaces one we only had as the number (a typed name is
   * kept), and the company's contact lists hear of it.
   */
  async contactChanged(
    manager: EntityManager,
    companyId: number,
    number: string | null,
    lid: string | null,
    name: string | null,
  ): Promise<void> {
    if (!name?.trim() || (!number && !lid)) return;
    for (const id of await this.contacts.renameFromWhatsapp(manager, companyId, number, lid, name.trim().slice(0, 100))) {
      await this.events.contactChanged(manager, companyId, id);
    }
  }

  /** Acks only move forward. */
  async ack(manager: EntityManager, connectionId: number, wid: string, ack: number): Promise<void> {
    await this.facts.lock(manager, connectionId, wid);
    const changed = await this.messages.ackByWid(manager, connectionId, wid, ack);
    if (changed !== null) await this.events.messageChanged(manager, changed, false);
    else await this.facts.keepIfUnfiled(manager, connectionId, wid, { ack });
  }

  async edit(manager: EntityManager, connectionId: number, wid: string, body: string): Promise<void> {
    await this.facts.lock(manager, connectionId, wid);
    const changed = await this.messages.editByWid(manager, connectionId, wid, body);
    if (changed !== null) await this.events.messageChanged(manager, changed, false);
    else await this.facts.keepIfUnfiled(manager, connectionId, wid, { body });
  }

  async delete(manager: EntityManager, connectionId: number, wid: string): Promise<void> {
    await this.facts.lock(manager, connectionId, wid);
    const changed = await this.messages.deleteByWid(manager, connectionId, wid);
    if (changed !== null) await this.events.messageChanged(manager, changed, false);
    else await this.facts.keepIfUnfiled(manager, connectionId, wid, { deleted: true });
  }

  /** A reaction replaces the reacting side's earlier one; '' removes it. */
  async react(manager: EntityManager, connectionId: number, targetWid: string, fromMe: boolean, emoji: string): Promise<void> {
    const changed = await this.messages.reactByWid(manager, connectionId, targetWid, fromMe, emoji);
    if (changed !== null) await this.events.messageChanged(manager, changed, false);
  }

  /**
   * A send we asked for went out with this WhatsApp id. If the phone's echo of it was filed first
   * (as a message of its own), that copy goes and ours takes the id.
   */
  async sent(manager: EntityManager, connectionId: number, commandId: string, wid: string): Promise<void> {
    const ours = await this.messages.lockSentBy(manager, connectionId, commandId);
    if (ours === null) return;
    await this.facts.lock(manager, connectionId, wid);
    const echoAck = await this.messages.dropEcho(manager, connectionId, wid, ours);
    await this.messages.markSent(manager, ours, wid, echoAck ?? 0);
    await this.facts.applyTo(manager, connectionId, wid, ours);
    await this.events.messageChanged(manager, ours, false);
  }

  async sendFailed(manager: EntityManager, connectionId: number, commandId: string, reason: string): Promise<void> {
    const changed = await this.messages.markSendFailed(manager, connectionId, commandId, reason.slice(0, 500));
    if (changed !== null) await this.events.messageChanged(manager, changed, false);
  }
}
