import type { NormalisedMessage } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ContactRepository, type ContactRow } from '../common/contact.repository';
import { ConversationEvents } from '../common/conversation-events';
import { EarlyMessageFactRepository } from '../common/early-message-fact.repository';
import { MessageRepository } from '../common/message.repository';
import { ProjectionRepository } from '../common/projection.repository';
import { type LiveTicket, TicketRepository } from '../common/ticket.repository';
import { TicketStatsRepository } from '../dashboard/ticket-stats.repository';
import { TicketTimers } from '../tickets/ticket-timers';
import { type ChatContact, InboundChatRepository } from './inbound-chat.repository';
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

/** A message WhatsApp reported, with where it came from (the payload of whatsapp.message.received). */
export interface ReceivedMessage {
  companyId: number;
  connectionId: number;
  message: NormalisedMessage;
}

/** A chat's contact and live ticket, when the batch way found them before leaving the chat to `receive`. */
interface KnownChat {
  chat: ContactRow;
  ticket: LiveTicket;
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
    private readonly events: ConversationEvents,
    private readonly router: QueueRouter,
    private readonly timers: TicketTimers,
    private readonly facts: EarlyMessageFactRepository,
    private readonly stats: TicketStatsRepository,
    private readonly projections: ProjectionRepository,
    private readonly chats: InboundChatRepository,
  ) {}

  /**
   * Several received messages in the caller's transaction, with the effect of `receive` on each one
   * in turn. One-to-one chats known by number take the batch way: a handful of multi-row statements
   * for them all. A chat takes `receive`, message by message and in order, when one of its messages
   * needs more than filing: a group, a reaction, a rating answer, or routing by the queue bot.
   */
  async receiveAll(manager: EntityManager, received: ReceivedMessage[]): Promise<void> {
    const chats = new Map<string, ReceivedMessage[]>();
    for (const item of received) {
      const key = `${item.companyId}:${item.connectionId}:${item.message.chat.number ?? `lid:${item.message.chat.lid}`}`;
      chats.set(key, [...(chats.get(key) ?? []), item]);
    }
    const batch: ReceivedMessage[][] = [];
    const oneByOne: { messages: ReceivedMessage[]; known?: KnownChat }[] = [];
    for (const messages of chats.values()) {
      const plain = messages.every(({ message }) => message.kind !== 'reaction' && !message.isGroup && message.chat.number);
      if (plain) batch.push(messages);
      else oneByOne.push({ messages });
    }
    // The tickets opened are counted last: the day's rollup row is shared by the company's other
    // deliveries, which wait for it until this transaction commits (decision 0031).
    const opened: number[] = [];
    oneByOne.push(...(await this.fileChats(manager, batch, opened)));
    for (const { messages, known } of oneByOne) {
      for (const [i, item] of messages.entries()) {
        await this.receive(manager, item.companyId, item.connectionId, item.message, i === 0 ? known : undefined, opened);
      }
    }
    await this.stats.opened(manager, opened);
  }

  /**
   * The batch way for one-to-one chats. Answers the chats it left to `receive` (a rating answer, a
   * ticket the queue bot routes), with the contact and ticket found for them.
   */
  private async fileChats(
    manager: EntityManager,
    chats: ReceivedMessage[][],
    opened: number[],
  ): Promise<{ messages: ReceivedMessage[]; known?: KnownChat }[]> {
    if (chats.length === 0) return [];
    const found = await this.chats.open(
      manager,
      chats.map((messages) => {
        const { companyId, connectionId, message } = messages[0]!;
        const named = messages.findLast((item) => !item.message.fromMe && item.message.chat.pushName?.trim());
        return {
          companyId,
          connectionId,
          number: message.chat.number!,
          name: named?.message.chat.pushName?.trim() || message.chat.number!,
          incoming: messages.some(({ message: { fromMe } }) => !fromMe),
          wids: messages.map((item) => item.message.id),
        };
      }),
    );
    const left: { messages: ReceivedMessage[]; known?: KnownChat }[] = [];
    const open: { messages: ReceivedMessage[]; chat: ContactRow }[] = [];
    const createdContacts = new Map<number, ChatContact>();
    for (const [index, all] of chats.entries()) {
      const chat = found.contacts.get(index);
      if (!chat) continue;
      if (chat.created) createdContacts.set(chat.id, chat);
      const messages = all.filter((item) => !found.filed.has(`${item.connectionId}:${item.message.id}`));
      if (messages.length === 0) continue;
      // A rating answer may close the request without a ticket: `receive` decides.
      if (chat.rating_requested && messages.some(({ message }) => !message.fromMe)) left.push({ messages });
      else open.push({ messages, chat });
    }
    for (const ticket of found.tickets)
      this.projections.rememberConnection(manager, ticket.companyId, ticket.connectionId, ticket.connection);
    opened.push(...found.tickets.filter((ticket) => ticket.created).map((ticket) => ticket.id));
    const ticketOf = new Map(found.tickets.map((ticket) => [`${ticket.contactId}:${ticket.connectionId}`, ticket]));

    const filing: { messages: ReceivedMessage[]; chat: ContactRow; ticket: LiveTicket }[] = [];
    for (const { messages, chat } of open) {
      const ticket = ticketOf.get(`${chat.id}:${messages[0]!.connectionId}`)!;
      const { companyId, connectionId } = messages[0]!;
      const routed =
        messages.some(({ message }) => !message.fromMe) &&
        (await this.router.mayRoute(manager, {
          companyId,
          connectionId,
          status: ticket.status,
          userId: ticket.userId,
          queueId: ticket.queueId,
          created: ticket.created,
        }));
      if (routed) left.push({ messages, known: { chat, ticket } });
      else filing.push({ messages, chat, ticket });
    }
    if (filing.length === 0) return left;

    // The events read what the insert RETURNS, unless a message changes after it: a quote of a
    // message filed by the same statement (linked below), or an early fact applied to it.
    const quotesItsBatch = filing.some(({ messages }) =>
      messages.some(({ message }) => message.quotedId !== null && messages.some((other) => other.message.id === message.quotedId)),
    );
    const { ids, withFacts, views } = await this.messages.insertReceivedAll(
      manager,
      filing.flatMap(({ messages, chat, ticket }) =>
        messages.map(({ companyId, connectionId, message }) => ({
          filed: { companyId, ticketId: ticket.id, contactId: chat.id, connectionId, queueId: ticket.queueId },
          message,
        })),
      ),
      filing.map(({ messages, ticket }) => ({
        id: ticket.id,
        lastMessage: lastMessageText(messages.at(-1)!.message),
        unread: messages.filter(({ message }) => !message.fromMe).length,
      })),
      { views: !quotesItsBatch },
    );
    const stored: { id: number; ticketId: number }[] = [];
    for (const { messages, ticket } of filing) {
      for (const { connectionId, message } of messages) {
        const id = ids.get(message.id);
        if (id === undefined) continue;
        stored.push({ id, ticketId: ticket.id });
        if (withFacts.has(`${connectionId}:${message.id}`)) await this.facts.applyTo(manager, connectionId, message.id, id);
        // A quote of a message filed by this same statement was not there for it to find.
        if (message.quotedId && messages.some((other) => other.message.id === message.quotedId)) {
          await this.messages.linkQuote(manager, id, connectionId, message.quotedId);
        }
      }
    }
    await this.events.messagesAndTicketsChanged(manager, stored, withFacts.size > 0 ? undefined : views);
    // Contacts first seen here are announced as the ones created by hand are (after the messages).
    for (const contact of createdContacts.values()) await this.events.contactChanged(manager, contact.company_id, contact.id, true);
    for (const { messages, ticket } of filing) {
      await this.timers.arm(manager, messages[0]!.companyId, ticket.id, messages[0]!.connectionId, ticket.created);
    }
    return left;
  }

  /**
   * Returns the stored message id, or null for a message already stored (a replay or our own echo).
   * A ticket it opens is added to `opened`, for the caller to count last; without it, counted here.
   */
  async receive(
    manager: EntityManager,
    companyId: number,
    connectionId: number,
    message: NormalisedMessage,
    known?: KnownChat,
    opened?: number[],
  ): Promise<number | null> {
    if (opened) return this.receiveOne(manager, companyId, connectionId, message, known, opened);
    const mine: number[] = [];
    const id = await this.receiveOne(manager, companyId, connectionId, message, known, mine);
    await this.stats.opened(manager, mine);
    return id;
  }

  private async receiveOne(
    manager: EntityManager,
    companyId: number,
    connectionId: number,
    message: NormalisedMessage,
    known: KnownChat | undefined,
    opened: number[],
  ): Promise<number | null> {
    if (message.kind === 'reaction' && message.reaction) {
      await this.react(manager, connectionId, message.reaction.targetId, message.fromMe, message.reaction.emoji);
      return null;
    }
    // The lock (see EarlyMessageFactRepository) is taken here so that facts committed while we wait
    // for it are seen by the statements that follow.
    if ((await this.messages.lockWid(manager, connectionId, message.id)) !== null) return null;

    const chat =
      known?.chat ??
      (await this.contacts.upsertFromWhatsapp(
        manager,
        companyId,
        connectionId,
        message.chat,
        message.isGroup,
        !message.fromMe && !message.isGroup,
      ));
    const sender =
      message.isGroup && !message.fromMe && (message.sender.number || message.sender.lid)
        ? await this.contacts.upsertFromWhatsapp(manager, companyId, connectionId, message.sender, false, true)
        : chat;
    if (!known && !message.fromMe && !message.isGroup && (await this.rated(manager, companyId, connectionId, chat.id, message)))
      return null;
    const ticket = known?.ticket ?? (await this.liveTicket(manager, companyId, connectionId, chat.id, message.isGroup, opened));

    const stored = await this.messages.insertReceivedAll(
      manager,
      [{ filed: { companyId, ticketId: ticket.id, contactId: sender.id, connectionId, queueId: ticket.queueId }, message }],
      [{ id: ticket.id, lastMessage: lastMessageText(message), unread: message.fromMe ? 0 : 1 }],
    );
    const messageId = stored.ids.get(message.id);
    if (messageId === undefined) return null;
    await this.facts.applyTo(manager, connectionId, message.id, messageId);
    await this.events.messagesAndTicketsChanged(manager, [{ id: messageId, ticketId: ticket.id }]);
    // Contacts first seen here are announced as the ones created by hand are.
    for (const contact of new Set([chat, sender])) {
      if ('created' in contact && contact.created) await this.events.contactChanged(manager, companyId, contact.id, true);
    }
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
    await this.stats.rate(manager, companyId, ticket.id, ticket.user_id, rate);
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
    opened: number[],
  ): Promise<LiveTicket> {
    const [ticket] = await this.tickets.upsertLives(manager, [{ companyId, connectionId, contactId, isGroup }]);
    if (ticket!.created) opened.push(ticket!.id);
    return ticket!;
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
