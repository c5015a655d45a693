import { type AiAuthor, type AiHandoffReason, aiHandoffRequested, aiReplyRequested } from '@app/contracts';
import { JOBS, type Jobs, OutboxWriter } from '@app/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { KeyCipher } from '../common/key-cipher';
import { chatbotSettingsOf } from '../integrations/chatbot-settings';
import { IntegrationSessionRepository } from '../integrations/integration-session.repository';
import type { ChatbotMessage, ChatbotReply } from '../integrations/protocols';
import { handoffOf } from '../integrations/protocols/chatbot-handoff';
import { QueueIntegrationRepository, type QueueIntegrationRow } from '../integrations/queue-integration.repository';
import { ANSWER_QUEUE } from './answer-queue';
import { ChatbotCaller } from './chatbot-caller';
import { ConversationRepository, type ConversationRow } from './conversation.repository';

/** The ticket and company of an answer job (the debounce's pg-boss job, keyed by ticket). */
export interface IntegrationAnswerJob {
  ticketId: number;
  companyId: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const same = (a: string, b: string) => a.trim().toLocaleLowerCase('pt-BR') === b.trim().toLocaleLowerCase('pt-BR');

/** A bot's message as the ticket's text: media go as their caption and link (WhatsApp previews the link). */
const bodyOf = (message: ChatbotMessage): string =>
  message.kind === 'text' ? message.body : [message.caption ?? message.fileName ?? '', message.url].filter(Boolean).join('\n');

/** What the humans read on the ticket when the integration could not answer. */
export const integrationFailureNote = (row: QueueIntegrationRow, reason: string) =>
  `A integração "${row.name}" (${row.type}) não respondeu e o ticket foi passado para um atendente: ${reason}`;

/**
 * A queue bound to a chatbot integration (typebot, n8n, webhook, ...) answers through its product. The
 * customer's messages of the grouping window (timeforagroup) go as one turn with the session kept for
 * the ticket (typebot's expires after typebotExpires minutes of silence; any other lasts until the
 * ticket closes); the replies become ordinary messages of the ticket, in order, typebotDelayMessage
 * apart; a staff reply in the ticket stops the bot, even between two replies. The finish keyword hands
 * the ticket to a human, the restart keyword starts the bot over; a transfer order moves the ticket.
 * A failing product sends nothing to the customer: the ticket goes to a human with a note saying why.
 */
@Injectable()
export class IntegrationAnswerer {
  private readonly logger = new Logger(IntegrationAnswerer.name);

  constructor(
    @Inject(JOBS) private readonly jobs: Jobs | null,
    private readonly conversations: ConversationRepository,
    private readonly integrations: QueueIntegrationRepository,
    private readonly sessions: IntegrationSessionRepository,
    private readonly cipher: KeyCipher,
    private readonly caller: ChatbotCaller,
    private readonly outbox: OutboxWriter,
  ) {}

  /** Whether the company's integration exists (a customer's message is then kept for it), read in the message's transaction. */
  async answers(manager: EntityManager, companyId: number, integrationId: number): Promise<boolean> {
    return (await this.integrations.find(companyId, integrationId, manager)) !== null;
  }

  /** Answers the customer's messages since the last answer. Runs again harmlessly. */
  async answer({ ticketId, companyId }: IntegrationAnswerJob, integrationId: number): Promise<void> {
    // Read before the transaction, none of whose statements leaves its connection (see BoundMessage).
    const row = await this.integrations.find(companyId, integrationId);
    if (!row) return;
    const prepared = await this.conversations.transaction(async (manager) => {
      const conversation = await this.conversations.lock(manager, companyId, ticketId);
      if (!conversation || conversation.state !== 'answering') return null;
      const pending = await this.conversations.customerMessagesAfter(manager, ticketId, conversation.answered_through);
      const newest = pending.at(-1);
      if (!newest) return null;
      const text = pending.map((message) => message.body).join('\n');
      const author: AiAuthor = { kind: 'integration', id: row.id, name: row.name };
      if (row.type === 'typebot' && row.typebot_keyword_finish && same(text, row.typebot_keyword_finish)) {
        await this.conversations.markAnswered(manager, ticketId, newest.id);
        await this.sessions.drop(manager, ticketId);
        await this.handOff(manager, conversation, author, 'keyword', {});
        return null;
      }
      if (row.type === 'typebot' && row.typebot_keyword_restart && same(text, row.typebot_keyword_restart)) {
        await this.conversations.markAnswered(manager, ticketId, newest.id);
        await this.sessions.drop(manager, ticketId);
        if (row.typebot_restart_message) await this.reply(manager, conversation, author, row.typebot_restart_message);
        return null;
      }
      const session = await this.sessions.current(manager, ticketId, row.id);
      return { conversation, author, text, newest: newest.id, session: session?.session ?? null };
    });
    if (!prepared) return;
    const { author, newest } = prepared;
    const answer = await this.caller.converse({
      settings: chatbotSettingsOf(row, this.cipher),
      ticketId,
      contact: {
        id: prepared.conversation.contact_id ?? 0,
        name: prepared.conversation.contact_name ?? '',
        number: prepared.conversation.contact_number ?? '',
      },
      text: prepared.text,
      session: prepared.session,
    });
    const rest = await this.conversations.transaction(async (manager): Promise<ChatbotMessage[]> => {
      const conversation = await this.conversations.lock(manager, companyId, ticketId);
      // A staff reply or a handoff while the bot thought, or this job ran before: say nothing.
      if (!conversation || conversation.state !== 'answering') return [];
      if (BigInt(conversation.answered_through) >= BigInt(newest)) return [];
      await this.conversations.markAnswered(manager, ticketId, newest);
      if (answer.kind === 'failed') {
        await this.sessions.drop(manager, ticketId);
        await this.handOff(manager, conversation, author, 'failure', { note: integrationFailureNote(row, answer.reason) });
        return [];
      }
      const reply = answer.reply;
      await this.keepSession(manager, conversation, row, reply);
      const messages =
        reply.messages.length === 0 && row.type === 'typebot' && row.typebot_unknown_message && !reply.handoff && !reply.finished
          ? [{ kind: 'text' as const, body: row.typebot_unknown_message }]
          : reply.messages;
      const [first, ...later] = messages;
      if (first) await this.reply(manager, conversation, author, bodyOf(first));
      if (reply.handoff && later.length === 0) await this.transfer(manager, conversation, author, reply.handoff);
      return later.length > 0 ? [...later, ...(reply.handoff ? [handoffMarker(reply.handoff)] : [])] : [];
    });
    // The later replies go on their own, typebotDelayMessage apart: the job (and the other tickets of its
    // batch) does not wait for them. A restart between two of them loses the rest (the session is kept).
    if (rest.length > 0) {
      void this.sendLater(companyId, ticketId, author, rest, row.typebot_delay_message).catch((error: unknown) =>
        this.logger.warn({ ticketId, error: String(error) }, "the integration's later replies were not all sent"),
      );
    }
  }

  /** The replies after the first, typebotDelayMessage apart, each only while the bot still has the ticket. */
  private async sendLater(companyId: number, ticketId: number, author: AiAuthor, messages: ChatbotMessage[], delayMs: number) {
    for (const message of messages) {
      await sleep(delayMs);
      const sent = await this.conversations.transaction(async (manager) => {
        const conversation = await this.conversations.lock(manager, companyId, ticketId);
        if (!conversation || conversation.state !== 'answering') return false;
        const order = message.kind === 'text' ? handoffOf(message.body) : null;
        if (order) await this.transfer(manager, conversation, author, order);
        else await this.reply(manager, conversation, author, bodyOf(message));
        return true;
      });
      if (!sent) return;
    }
  }

  private async keepSession(manager: EntityManager, conversation: ConversationRow, row: QueueIntegrationRow, reply: ChatbotReply) {
    if (reply.finished || reply.session === null) {
      await this.sessions.drop(manager, conversation.ticket_id);
      return;
    }
    const minutes = row.type === 'typebot' && row.typebot_expires > 0 ? row.typebot_expires : null;
    await this.sessions.keep(
      manager,
      { ticketId: conversation.ticket_id, companyId: conversation.company_id, integrationId: row.id, session: reply.session },
      minutes,
    );
  }

  private async reply(manager: EntityManager, conversation: ConversationRow, author: AiAuthor, body: string): Promise<void> {
    if (!body.trim()) return;
    await this.outbox.add(manager, {
      definition: aiReplyRequested,
      companyId: conversation.company_id,
      key: `ticket-${conversation.ticket_id}`,
      payload: { ticketId: conversation.ticket_id, body: body.slice(0, 65_536), author },
    });
  }

  private async transfer(
    manager: EntityManager,
    conversation: ConversationRow,
    author: AiAuthor,
    order: { queueId: number; userId?: number },
  ) {
    await this.sessions.drop(manager, conversation.ticket_id);
    await this.handOff(manager, conversation, author, 'transfer', order);
  }

  private async handOff(
    manager: EntityManager,
    conversation: ConversationRow,
    author: AiAuthor,
    reason: AiHandoffReason,
    extra: { queueId?: number; userId?: number; note?: string },
  ): Promise<void> {
    await this.conversations.setState(manager, conversation.ticket_id, 'handed_off');
    await this.jobs?.cancelByKey(manager, ANSWER_QUEUE, `answer-${conversation.ticket_id}`);
    await this.outbox.add(manager, {
      definition: aiHandoffRequested,
      companyId: conversation.company_id,
      key: `ticket-${conversation.ticket_id}`,
      payload: { ticketId: conversation.ticket_id, reason, author, ...extra, ...(extra.note ? { note: extra.note.slice(0, 2_000) } : {}) },
    });
    this.logger.log({ ticketId: conversation.ticket_id, reason }, 'the integration handed the ticket over');
  }
}

/** A transfer order kept in the queue of later messages (sent after the replies before it). */
const handoffMarker = (order: { queueId: number; userId?: number }): ChatbotMessage => ({
  kind: 'text',
  body: `#${JSON.stringify(order)}`,
});
