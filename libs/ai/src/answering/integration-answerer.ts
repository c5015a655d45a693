import { type AiAuthor, type AiHandoffReason, aiHandoffRequested, aiReplyRequested } from '@app/contracts';
import { JOBS, type Jobs, OutboxWriter } from '@app/platform';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ConversationRepository, type ConversationRow } from '../common/conversation.repository';
import { KeyCipher } from '../common/key-cipher';
import { BotMedia } from '../integrations/bot-media';
import { chatbotSettingsOf } from '../integrations/chatbot-settings';
import { IntegrationReplyRepository } from '../integrations/integration-reply.repository';
import { IntegrationSessionRepository, type IntegrationTurn } from '../integrations/integration-session.repository';
import type { ChatbotMessage, ChatbotReply, StoredBotMedia } from '../integrations/protocols';
import { handoffOf } from '../integrations/protocols/chatbot-handoff';
import { QueueIntegrationRepository, type QueueIntegrationRow } from '../integrations/queue-integration.repository';
import { ANSWER_QUEUES } from './answer-queue';
import { ChatbotCaller } from './chatbot-caller';

/** The ticket and company of an answer job (the debounce's pg-boss job, keyed by ticket). */
export interface IntegrationAnswerJob {
  ticketId: number;
  companyId: number;
}

/** An integration's later reply whose time has come (one job per reply, scheduled with the answer that produced it). */
interface LaterReplyJob {
  ticketId: number;
  companyId: number;
  replyId: string;
}

/** The jobs of the later replies. */
export const INTEGRATION_REPLY_QUEUE = 'ai-integration-reply';
/** Later replies sent at once, each in its own short transaction. */
const REPLIES_AT_ONCE = 64;
const same = (a: string, b: string) => a.trim().toLocaleLowerCase('pt-BR') === b.trim().toLocaleLowerCase('pt-BR');

/**
 * A bot's message as the ticket's: a stored media as that media with its caption; one that could not
 * be stored as its caption and link (WhatsApp previews the link).
 */
const replyOf = (message: ChatbotMessage): { body: string; media?: StoredBotMedia } =>
  message.kind === 'text'
    ? { body: message.body }
    : message.stored
      ? { body: message.caption ?? '', media: message.stored }
      : { body: [message.caption ?? message.fileName ?? '', message.url].filter(Boolean).join('\n') };

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
export class IntegrationAnswerer implements OnModuleInit {
  private readonly logger = new Logger(IntegrationAnswerer.name);

  constructor(
    @Inject(JOBS) private readonly jobs: Jobs | null,
    private readonly conversations: ConversationRepository,
    private readonly integrations: QueueIntegrationRepository,
    private readonly sessions: IntegrationSessionRepository,
    private readonly replies: IntegrationReplyRepository,
    private readonly cipher: KeyCipher,
    private readonly caller: ChatbotCaller,
    private readonly outbox: OutboxWriter,
    private readonly media: BotMedia,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.jobs) return;
    await this.jobs.declareQueue(INTEGRATION_REPLY_QUEUE);
    await this.jobs.work<LaterReplyJob>(INTEGRATION_REPLY_QUEUE, (job) => this.sendLater(job.data), {
      batchSize: 50,
      pollingIntervalSeconds: 0.5,
      concurrency: REPLIES_AT_ONCE,
    });
  }

  /**
   * Whether the company's integration exists (a customer's message is then kept for it), read in the
   * message's transaction; `seen` keeps what a batch already read (once per integration).
   */
  async answers(manager: EntityManager, companyId: number, integrationId: number, seen = new Map<string, boolean>()): Promise<boolean> {
    const key = `${companyId}:${integrationId}`;
    const known = seen.get(key);
    if (known !== undefined) return known;
    const exists = (await this.integrations.find(companyId, integrationId, manager)) !== null;
    seen.set(key, exists);
    return exists;
  }

  /** Answers the customer's messages since the last answer with this integration. Runs again harmlessly. */
  async answer(job: IntegrationAnswerJob, integrationId: number): Promise<void> {
    await this.answerTurn(job, await this.sessions.turn(job.companyId, job.ticketId, integrationId));
  }

  /**
   * The integration queue's job: answers with the integration the ticket's queue is bound to, found in
   * the turn's one read. False when the queue is bound to no integration any more (the caller asks the
   * other assistants). Runs again harmlessly.
   */
  async answerQueued(job: IntegrationAnswerJob): Promise<boolean> {
    const turn = await this.sessions.turnOfQueue(job.companyId, job.ticketId);
    if (turn === 'unbound') return false;
    await this.answerTurn(job, turn);
    return true;
  }

  private async answerTurn({ ticketId, companyId }: IntegrationAnswerJob, turn: IntegrationTurn | null): Promise<void> {
    // One read, outside any transaction (none of whose statements may leave its connection, see
    // BoundMessage); what it saw is checked again under the conversation's lock before anything is written.
    if (!turn || turn.conversation.state !== 'answering') return;
    const { integration: row, pending } = turn;
    const newest = pending.at(-1)?.id;
    if (!newest) return;
    const text = pending.map((message) => message.body).join('\n');
    const author: AiAuthor = { kind: 'integration', id: row.id, name: row.name };
    const keyword =
      row.type !== 'typebot'
        ? null
        : row.typebot_keyword_finish && same(text, row.typebot_keyword_finish)
          ? 'finish'
          : row.typebot_keyword_restart && same(text, row.typebot_keyword_restart)
            ? 'restart'
            : null;
    if (keyword) {
      // typebot's own words: typebot is not called with them.
      await this.conversations.transaction(async (manager) => {
        const conversation = await this.conversations.claim(manager, companyId, ticketId, newest);
        if (!conversation) return;
        await this.sessions.drop(manager, ticketId);
        if (keyword === 'finish') await this.handOff(manager, conversation, author, 'keyword', {});
        else if (row.typebot_restart_message) await this.reply(manager, conversation, author, { body: row.typebot_restart_message });
      });
      return;
    }
    const { conversation: seen } = turn;
    const answered = await this.caller.converse({
      settings: chatbotSettingsOf(row, this.cipher),
      ticketId,
      contact: { id: seen.contact_id ?? 0, name: seen.contact_name ?? '', number: seen.contact_number ?? '' },
      text,
      session: turn.session,
    });
    // The bot's media are downloaded before the ticket is locked (a download may take seconds).
    const answer =
      answered.kind === 'reply'
        ? { ...answered, reply: { ...answered.reply, messages: await this.media.store(companyId, row.id, answered.reply.messages) } }
        : answered;
    const later = await this.conversations.transaction(async (manager): Promise<{ dueAt: Date }[]> => {
      // Locked, checked and marked answered in one statement. A staff reply or a handoff while the bot
      // thought, or this job ran before: say nothing.
      const conversation = await this.conversations.claim(manager, companyId, ticketId, newest);
      if (!conversation) return [];
      if (answer.kind === 'failed') {
        await this.sessions.drop(manager, ticketId);
        await this.handOff(manager, conversation, author, 'failure', { note: integrationFailureNote(row, answer.reason) });
        return [];
      }
      const reply = answer.reply;
      await this.keepSession(manager, conversation, row, reply, turn.session !== null);
      const messages =
        reply.messages.length === 0 && row.type === 'typebot' && row.typebot_unknown_message && !reply.handoff && !reply.finished
          ? [{ kind: 'text' as const, body: row.typebot_unknown_message }]
          : reply.messages;
      const [first, ...rest] = messages;
      if (first) await this.reply(manager, conversation, author, replyOf(first));
      if (reply.handoff && rest.length === 0) await this.transfer(manager, conversation, author, reply.handoff);
      if (rest.length === 0) return [];
      return this.keepForLater(manager, conversation, author, [...rest, ...(reply.handoff ? [handoffMarker(reply.handoff)] : [])], row);
    });
    // The jobs are looked for when each is due rather than at the worker's next poll (a lost timer only
    // costs that poll's wait).
    for (const { dueAt } of later) {
      setTimeout(() => this.jobs?.wake(INTEGRATION_REPLY_QUEUE), Math.max(0, dueAt.getTime() - Date.now()) + 5).unref();
    }
  }

  /**
   * The replies after the first, typebotDelayMessage apart: kept with a job each in the answer's
   * transaction, so that the answer job (and the other tickets) does not wait for them and a restart in
   * the middle of the sequence still sends the rest.
   */
  private async keepForLater(
    manager: EntityManager,
    conversation: ConversationRow,
    author: AiAuthor,
    messages: ChatbotMessage[],
    row: QueueIntegrationRow,
  ): Promise<{ dueAt: Date }[]> {
    if (!this.jobs) return [];
    const { ticket_id: ticketId, company_id: companyId } = conversation;
    const queued = await this.replies.queue(manager, { ticketId, companyId, author, messages }, row.typebot_delay_message);
    for (const { id, dueAt } of queued) {
      await this.jobs.schedule(manager, INTEGRATION_REPLY_QUEUE, { ticketId, companyId, replyId: id } satisfies LaterReplyJob, {
        startAfter: dueAt,
        retryLimit: 5,
        retryDelaySeconds: 1,
      });
    }
    return queued;
  }

  /**
   * A later reply's job: sends it (and any earlier one of the ticket still waiting, first) while the bot
   * still has the ticket, deleting each in the transaction that sends it: once, also when the job runs
   * again after a crash.
   */
  private async sendLater({ ticketId, companyId, replyId }: LaterReplyJob): Promise<void> {
    await this.conversations.transaction(async (manager) => {
      const conversation = await this.conversations.lock(manager, companyId, ticketId);
      if (!conversation) return;
      if (conversation.state !== 'answering') {
        // A staff reply or a handoff: the bot says no more on the ticket.
        await this.replies.drop(manager, ticketId);
        return;
      }
      for (const { message, author } of await this.replies.takeThrough(manager, ticketId, replyId)) {
        const order = message.kind === 'text' ? handoffOf(message.body) : null;
        if (order) return this.transfer(manager, conversation, author, order);
        await this.reply(manager, conversation, author, replyOf(message));
      }
    });
  }

  /** `had`: the turn started from a live session (a product that keeps none, e.g. a webhook answering without one, costs no statement). */
  private async keepSession(
    manager: EntityManager,
    conversation: ConversationRow,
    row: QueueIntegrationRow,
    reply: ChatbotReply,
    had: boolean,
  ) {
    if (reply.finished || reply.session === null) {
      if (had) await this.sessions.drop(manager, conversation.ticket_id);
      return;
    }
    const minutes = row.type === 'typebot' && row.typebot_expires > 0 ? row.typebot_expires : null;
    await this.sessions.keep(
      manager,
      { ticketId: conversation.ticket_id, companyId: conversation.company_id, integrationId: row.id, session: reply.session },
      minutes,
    );
  }

  private async reply(
    manager: EntityManager,
    conversation: ConversationRow,
    author: AiAuthor,
    { body, media }: { body: string; media?: StoredBotMedia },
  ): Promise<void> {
    if (!body.trim() && !media) return;
    await this.outbox.add(manager, {
      definition: aiReplyRequested,
      companyId: conversation.company_id,
      key: `ticket-${conversation.ticket_id}`,
      payload: { ticketId: conversation.ticket_id, body: body.slice(0, 65_536), author, ...(media ? { media } : {}) },
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
    await this.replies.drop(manager, conversation.ticket_id);
    await this.jobs?.cancelByKey(manager, ANSWER_QUEUES, `answer-${conversation.ticket_id}`);
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
