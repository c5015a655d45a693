import { type AiHandoffReason, aiHandoffRequested, aiReplyRequested, aiTagsRequested, type Message, type Ticket } from '@app/contracts';
import { JOBS, type Jobs, OutboxWriter } from '@app/platform';
import { Inject, Injectable, Logger, type OnModuleInit, Optional } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { AI_OPTIONS, type AiOptions } from '../common/ai-options';
import { CompanyLimiter } from '../common/company-limiter';
import { ConversationRepository, type ConversationRow } from '../common/conversation.repository';
import { ConnectionRepository } from '../connections/connection.repository';
import { type QueueBinding, QueueRepository } from '../queues/queue.repository';
import { AgentTools } from './agent-tools';
import { ANSWER_QUEUE, ANSWER_QUEUES, DEFAULT_CHATBOT_CONCURRENCY, INTEGRATION_ANSWER_QUEUE } from './answer-queue';
import { type Answerer, PROMPT_GROUNDING, type PromptGrounding, VOICE_REPLIER, type VoiceNote, type VoiceReplier } from './answerer';
import { Answerers } from './answerers';
import { asksForHuman } from './handoff-keywords';
import { IntegrationAnswerer } from './integration-answerer';
import { ANSWERING_RULES, ModelClient } from './model-client';
import { leaksSecret } from './secret-leak';

export { ANSWER_QUEUE, INTEGRATION_ANSWER_QUEUE };

/** What the assistant says instead of an answer that would give away its instructions or key. */
export const AI_REFUSAL_MESSAGE = 'Desculpe, não posso compartilhar essas informações. Posso ajudar com outra coisa?';

interface AnswerJob {
  ticketId: number;
  companyId: number;
}

/**
 * A message of a ticket whose queue an assistant answers, as conversations announced it, with the
 * assistant of that queue (found before the message's transaction: a statement on another pooled
 * connection inside it could wait for a connection the transactions all hold).
 */
export interface BoundMessage {
  message: Message;
  ticket: Ticket;
  binding: QueueBinding;
  answerer: Answerer | null;
}

/** What a message counts as for the assistant. */
const textOf = (message: Message) => message.body.trim() || (message.mediaType !== 'chat' ? `[${message.mediaType}]` : '');

/**
 * The assistants answer customers. A customer's message in a ticket of a bound queue is kept and
 * answered after the connection's grouping window (timeforagroup) by a pg-boss job keyed by ticket,
 * so the messages of that window get one answer, also across a restart. The customer asking for a
 * human (a keyword), the model's handoff tool or a failing provider (after the fallback message) hand
 * the ticket over; a staff member's reply silences the assistant on it. Answers and handoffs are events
 * conversations applies to the ticket.
 */
@Injectable()
export class AnsweringService implements OnModuleInit {
  private readonly logger = new Logger(AnsweringService.name);
  private readonly chatbotConcurrency: number;

  constructor(
    @Inject(JOBS) private readonly jobs: Jobs | null,
    @Inject(AI_OPTIONS) options: AiOptions,
    private readonly conversations: ConversationRepository,
    private readonly connections: ConnectionRepository,
    private readonly queues: QueueRepository,
    private readonly answerers: Answerers,
    private readonly model: ModelClient,
    private readonly limiter: CompanyLimiter,
    private readonly outbox: OutboxWriter,
    private readonly integrations: IntegrationAnswerer,
    private readonly tools: AgentTools,
    @Inject(VOICE_REPLIER) private readonly voices: VoiceReplier,
    @Optional() @Inject(PROMPT_GROUNDING) private readonly grounding?: PromptGrounding,
  ) {
    this.chatbotConcurrency = Math.max(1, options.chatbotConcurrency ?? DEFAULT_CHATBOT_CONCURRENCY);
  }

  async onModuleInit(): Promise<void> {
    if (!this.jobs) return;
    await this.jobs.declareQueue(ANSWER_QUEUE, { uniqueByKey: true });
    // Answer jobs run many at once, each finished by itself: one slow provider call holds up no other
    // ticket's answer. A company at its limit leaves its next answers waiting in the queue, not in a
    // worker's slot. Twice as many jobs as provider calls in flight are taken, so that when the calls
    // in flight are all taken, the jobs of several companies wait for theirs in the limiter, whose
    // fair turns let the company with the fewest calls go next (not the oldest job's company).
    await this.jobs.work<AnswerJob>(ANSWER_QUEUE, (job) => this.answer(job.data), {
      batchSize: 50,
      pollingIntervalSeconds: 0.5,
      concurrency: 2 * this.limiter.inFlight,
      perKey: { field: 'companyId', concurrency: this.limiter.limit },
    });
    // Chatbot integrations' turns: the same debounce and job, in a queue of their own with its own
    // slots (AI_CHATBOT_CONCURRENCY), so a bot that stalls fills its company's share of these and no
    // agent's. Each job asks the queue's binding when it runs (it may have changed since).
    await this.jobs.declareQueue(INTEGRATION_ANSWER_QUEUE, { uniqueByKey: true });
    await this.jobs.work<AnswerJob>(INTEGRATION_ANSWER_QUEUE, (job) => this.answerChatbotTurn(job.data), {
      batchSize: 50,
      pollingIntervalSeconds: 0.5,
      concurrency: this.chatbotConcurrency,
      perKey: { field: 'companyId', concurrency: Math.min(this.limiter.limit, this.chatbotConcurrency) },
    });
  }

  /** After the commit of messages whose answer is due at once (a grouping window of 0 s): the worker looks now, not at its next poll. */
  wake(queues: ReadonlySet<string> = new Set(ANSWER_QUEUES)): void {
    for (const queue of queues) this.jobs?.wake(queue);
  }

  /**
   * A message of a bound queue's ticket, in the transaction that records its event as consumed; the
   * queue of the answer it scheduled due at once, if any (the caller wakes its worker after its commit). `groupings`
   * keeps the connections' grouping windows read in that transaction, and `integrationsSeen` whether
   * the bound integrations exist, each read once for a batch.
   */
  async received(
    manager: EntityManager,
    { message, ticket, binding, answerer }: BoundMessage,
    groupings = new Map<string, number>(),
    integrationsSeen = new Map<string, boolean>(),
  ): Promise<string | null> {
    const conversation = await this.conversations.follow(manager, {
      id: ticket.id,
      companyId: ticket.companyId,
      queueId: ticket.queueId,
      connectionId: ticket.whatsappId,
      contact: { id: ticket.contactId, name: ticket.contact.name, number: ticket.contact.number },
    });
    if (message.aiAuthor) {
      await this.conversations.keep(manager, { ...this.kept(message, ticket), role: 'assistant' });
      return null;
    }
    if (message.fromMe) {
      // A staff member wrote in the ticket: from now on it is theirs. (Texts the service sends by
      // itself, and the phone's own, carry no user.)
      if (message.userId !== null && conversation.state === 'answering') await this.silence(manager, conversation);
      return null;
    }
    const text = textOf(message);
    if (!text) return null;
    await this.conversations.keep(manager, { ...this.kept(message, ticket), role: 'user' });
    if (conversation.state !== 'answering') return null;
    if (ticket.userId !== null || ticket.status === 'closed') return null;
    if (binding.integrationId !== null) {
      // A chatbot integration has its own words (typebot's finish and restart keywords), read when it answers.
      if (!(await this.integrations.answers(manager, ticket.companyId, binding.integrationId, integrationsSeen))) return null;
    } else {
      if (!answerer) return null;
      if (asksForHuman(text, answerer.transferToHumanKeywords)) {
        await this.handOff(manager, conversation, answerer, 'keyword');
        return null;
      }
    }
    if (!this.jobs) return null;
    const connection = `${ticket.companyId}:${ticket.whatsappId}`;
    const seconds = groupings.get(connection) ?? (await this.connections.groupingSeconds(manager, ticket.companyId, ticket.whatsappId));
    groupings.set(connection, seconds);
    const queue = binding.integrationId !== null ? INTEGRATION_ANSWER_QUEUE : ANSWER_QUEUE;
    await this.jobs.schedule(manager, queue, { ticketId: ticket.id, companyId: ticket.companyId } satisfies AnswerJob, {
      startAfter: seconds,
      singletonKey: `answer-${ticket.id}`,
      retryLimit: 3,
      retryDelaySeconds: 2,
    });
    return seconds === 0 ? queue : null;
  }

  /**
   * The integration queue's job: the bound integration's turn, read in one statement; a queue bound to
   * a prompt or an agent since answers as any other (`answer`).
   */
  async answerChatbotTurn(job: AnswerJob): Promise<void> {
    if (!(await this.integrations.answerQueued(job))) await this.answer(job);
  }

  /** Answers what the customer wrote since the last answer (the job of the grouping window). Runs again harmlessly. */
  async answer({ ticketId, companyId }: AnswerJob): Promise<void> {
    // Who answers and what to answer are read before the one transaction, none of whose statements
    // leaves its connection: a transaction waiting for a second pooled connection, while all of them
    // wait likewise, would never end. Each read is a statement by itself (hundreds of answers run at once).
    const followed = await this.conversations.find(companyId, ticketId);
    if (!followed || followed.state !== 'answering') return;
    const binding = await this.bindingOf(followed);
    if (binding && binding.integrationId !== null) return this.integrations.answer({ ticketId, companyId }, binding.integrationId);
    const answerer = binding && (await this.answerers.of(binding, companyId));
    if (!answerer) return;
    // What to answer, read by itself: the last transaction checks again, under the conversation's lock,
    // that nobody answered or took the ticket meanwhile.
    const { turns, newestFromCustomer } = await this.conversations.lastMessages(null, ticketId, answerer.maxMessages);
    if (BigInt(newestFromCustomer) <= BigInt(followed.answered_through)) return;
    const toolbox = this.tools.toolboxFor(answerer, {
      companyId,
      ticketId,
      contactId: followed.contact_id,
      connectionId: followed.connection_id,
      author: answerer.author,
      answeringThrough: newestFromCustomer,
    });
    const asked = this.grounding ? await this.grounding.ground(answerer, turns) : answerer;
    const result = await this.limiter.run(companyId, () => this.model.answer(asked, turns, toolbox));
    const spoken = result.kind !== 'failed' && result.text ? this.safe(answerer, result.text) : null;
    // Spoken before the transaction (a provider call); a voice that fails leaves the text alone.
    const voiceNote = spoken && answerer.voice ? await this.voices.speak(answerer, spoken) : null;
    await this.conversations.transaction(async (manager) => {
      const conversation = await this.conversations.lock(manager, companyId, ticketId);
      // A staff reply or a handoff while the model thought, or this job ran before: say nothing.
      if (!conversation || conversation.state !== 'answering') return;
      if (BigInt(conversation.answered_through) >= BigInt(newestFromCustomer)) return;
      await this.conversations.markAnswered(manager, ticketId, newestFromCustomer);
      // The tags its rules applied stand whatever came after (a reply, a handoff, a failure).
      if (toolbox && toolbox.tags.size > 0) await this.tag(manager, conversation, answerer, [...toolbox.tags]);
      if (result.kind === 'failed') {
        await this.reply(manager, conversation, answerer, answerer.fallbackMessage);
        await this.handOff(manager, conversation, answerer, 'failure');
        return;
      }
      if (spoken) await this.reply(manager, conversation, answerer, spoken, voiceNote);
      if (result.kind === 'handoff') await this.handOff(manager, conversation, answerer, 'tool');
      // Last: every answer of the assistant adds to its one counter row, whose lock is held until the
      // commit; taken earlier, its answers at once would wait for each other's whole transaction.
      await this.answerers.recordUsage(manager, answerer, result.usage);
    });
  }

  private async bindingOf(conversation: ConversationRow): Promise<QueueBinding | null> {
    if (conversation.queue_id === null) return null;
    const [binding] = await this.queues.bound(conversation.company_id, [conversation.queue_id]);
    return binding ?? null;
  }

  private kept(message: Message, ticket: Ticket) {
    return { id: message.id, ticketId: ticket.id, companyId: ticket.companyId, body: textOf(message) };
  }

  /** The model's text, or the refusal when it would give away the instructions or a key. */
  private safe(answerer: Answerer, text: string): string {
    return leaksSecret(text, answerer, ANSWERING_RULES) ? AI_REFUSAL_MESSAGE : text;
  }

  private async reply(
    manager: EntityManager,
    conversation: ConversationRow,
    answerer: Answerer,
    body: string,
    voiceNote: VoiceNote | null = null,
  ): Promise<void> {
    await this.outbox.add(manager, {
      definition: aiReplyRequested,
      companyId: conversation.company_id,
      key: `ticket-${conversation.ticket_id}`,
      payload: { ticketId: conversation.ticket_id, body, author: answerer.author, ...(voiceNote ? { voiceNote } : {}) },
    });
  }

  private async tag(manager: EntityManager, conversation: ConversationRow, answerer: Answerer, tags: string[]): Promise<void> {
    await this.outbox.add(manager, {
      definition: aiTagsRequested,
      companyId: conversation.company_id,
      key: `ticket-${conversation.ticket_id}`,
      payload: { ticketId: conversation.ticket_id, tags, author: answerer.author },
    });
  }

  private async handOff(manager: EntityManager, conversation: ConversationRow, answerer: Answerer, reason: AiHandoffReason): Promise<void> {
    await this.conversations.setState(manager, conversation.ticket_id, 'handed_off');
    await this.cancelAnswer(manager, conversation.ticket_id);
    await this.outbox.add(manager, {
      definition: aiHandoffRequested,
      companyId: conversation.company_id,
      key: `ticket-${conversation.ticket_id}`,
      payload: { ticketId: conversation.ticket_id, reason, author: answerer.author },
    });
    this.logger.log({ ticketId: conversation.ticket_id, reason }, 'the assistant handed the ticket to a human');
  }

  private async silence(manager: EntityManager, conversation: ConversationRow): Promise<void> {
    await this.conversations.setState(manager, conversation.ticket_id, 'silenced');
    await this.cancelAnswer(manager, conversation.ticket_id);
  }

  private async cancelAnswer(manager: EntityManager, ticketId: number): Promise<void> {
    await this.jobs?.cancelByKey(manager, ANSWER_QUEUES, `answer-${ticketId}`);
  }
}
