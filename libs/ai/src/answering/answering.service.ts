import { type AiHandoffReason, aiHandoffRequested, aiReplyRequested, type Message, type Ticket } from '@app/contracts';
import { JOBS, type Jobs, OutboxWriter } from '@app/platform';
import { Inject, Injectable, Logger, type OnModuleInit, Optional } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ConnectionRepository } from '../connections/connection.repository';
import { type QueueBinding, QueueRepository } from '../queues/queue.repository';
import { ANSWER_QUEUE } from './answer-queue';
import { type Answerer, PROMPT_GROUNDING, type PromptGrounding, VOICE_REPLIER, type VoiceNote, type VoiceReplier } from './answerer';
import { Answerers } from './answerers';
import { CompanyLimiter } from './company-limiter';
import { ConversationRepository, type ConversationRow } from './conversation.repository';
import { asksForHuman } from './handoff-keywords';
import { IntegrationAnswerer } from './integration-answerer';
import { ANSWERING_RULES, ModelClient } from './model-client';
import { leaksSecret } from './secret-leak';

export { ANSWER_QUEUE };

/** What the assistant says instead of an answer that would give away its instructions or key. */
export const AI_REFUSAL_MESSAGE = 'Desculpe, não posso compartilhar essas informações. Posso ajudar com outra coisa?';

interface AnswerJob {
  ticketId: number;
  companyId: number;
}

/** A message of a ticket whose queue an assistant answers, as conversations announced it. */
export interface BoundMessage {
  message: Message;
  ticket: Ticket;
  binding: QueueBinding;
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

  constructor(
    @Inject(JOBS) private readonly jobs: Jobs | null,
    private readonly conversations: ConversationRepository,
    private readonly connections: ConnectionRepository,
    private readonly queues: QueueRepository,
    private readonly answerers: Answerers,
    private readonly model: ModelClient,
    private readonly limiter: CompanyLimiter,
    private readonly outbox: OutboxWriter,
    private readonly integrations: IntegrationAnswerer,
    @Inject(VOICE_REPLIER) private readonly voices: VoiceReplier,
    @Optional() @Inject(PROMPT_GROUNDING) private readonly grounding?: PromptGrounding,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.jobs) return;
    await this.jobs.declareQueue(ANSWER_QUEUE, { uniqueByKey: true });
    // Jobs of one fetch run together: one slow provider call does not hold up other tickets' answers.
    await this.jobs.work<AnswerJob>(ANSWER_QUEUE, (job) => this.answer(job.data), { batchSize: 50, pollingIntervalSeconds: 0.5 });
  }

  /** A message of a bound queue's ticket, in the transaction that records its event as consumed. */
  async received(manager: EntityManager, { message, ticket, binding }: BoundMessage): Promise<void> {
    const conversation = await this.conversations.follow(manager, {
      id: ticket.id,
      companyId: ticket.companyId,
      queueId: ticket.queueId,
      connectionId: ticket.whatsappId,
      contact: { id: ticket.contactId, name: ticket.contact.name, number: ticket.contact.number },
    });
    if (message.aiAuthor) {
      await this.conversations.keep(manager, { ...this.kept(message, ticket), role: 'assistant' });
      return;
    }
    if (message.fromMe) {
      // A staff member wrote in the ticket: from now on it is theirs. (Texts the service sends by
      // itself, and the phone's own, carry no user.)
      if (message.userId !== null && conversation.state === 'answering') await this.silence(manager, conversation);
      return;
    }
    const text = textOf(message);
    if (!text) return;
    await this.conversations.keep(manager, { ...this.kept(message, ticket), role: 'user' });
    if (conversation.state !== 'answering') return;
    if (ticket.userId !== null || ticket.status === 'closed') return;
    if (binding.integrationId !== null) {
      // A chatbot integration has its own words (typebot's finish and restart keywords), read when it answers.
      if (!(await this.integrations.answers(ticket.companyId, binding.integrationId))) return;
    } else {
      const answerer = await this.answerers.of(binding, ticket.companyId);
      if (!answerer) return;
      if (asksForHuman(text, answerer.transferToHumanKeywords)) {
        await this.handOff(manager, conversation, answerer, 'keyword');
        return;
      }
    }
    if (!this.jobs) return;
    const seconds = await this.connections.groupingSeconds(manager, ticket.companyId, ticket.whatsappId);
    await this.jobs.schedule(manager, ANSWER_QUEUE, { ticketId: ticket.id, companyId: ticket.companyId } satisfies AnswerJob, {
      startAfter: seconds,
      singletonKey: `answer-${ticket.id}`,
      retryLimit: 3,
      retryDelaySeconds: 2,
    });
  }

  /** Answers what the customer wrote since the last answer (the job of the grouping window). Runs again harmlessly. */
  async answer({ ticketId, companyId }: AnswerJob): Promise<void> {
    let integrationId: number | null = null;
    const prepared = await this.conversations.transaction(async (manager) => {
      const conversation = await this.conversations.lock(manager, companyId, ticketId);
      if (!conversation || conversation.state !== 'answering') return null;
      const binding = await this.bindingOf(conversation);
      integrationId = binding?.integrationId ?? null;
      if (integrationId !== null) return null;
      const answerer = binding && (await this.answerers.of(binding, companyId));
      if (!answerer) return null;
      const { turns, newestFromCustomer } = await this.conversations.lastMessages(manager, ticketId, answerer.maxMessages);
      if (BigInt(newestFromCustomer) <= BigInt(conversation.answered_through)) return null;
      return { answerer, turns, newestFromCustomer };
    });
    if (integrationId !== null) return this.integrations.answer({ ticketId, companyId }, integrationId);
    if (!prepared) return;
    const { answerer, turns, newestFromCustomer } = prepared;
    const asked = this.grounding ? await this.grounding.ground(answerer, turns) : answerer;
    const result = await this.limiter.run(companyId, () => this.model.answer(asked, turns));
    const spoken = result.kind !== 'failed' && result.text ? this.safe(answerer, result.text) : null;
    // Spoken before the transaction (a provider call); a voice that fails leaves the text alone.
    const voiceNote = spoken && answerer.voice ? await this.voices.speak(answerer, spoken) : null;
    await this.conversations.transaction(async (manager) => {
      const conversation = await this.conversations.lock(manager, companyId, ticketId);
      // A staff reply or a handoff while the model thought, or this job ran before: say nothing.
      if (!conversation || conversation.state !== 'answering') return;
      if (BigInt(conversation.answered_through) >= BigInt(newestFromCustomer)) return;
      await this.conversations.markAnswered(manager, ticketId, newestFromCustomer);
      if (result.kind === 'failed') {
        await this.reply(manager, conversation, answerer, answerer.fallbackMessage);
        await this.handOff(manager, conversation, answerer, 'failure');
        return;
      }
      await this.answerers.recordUsage(manager, answerer, result.usage);
      if (spoken) await this.reply(manager, conversation, answerer, spoken, voiceNote);
      if (result.kind === 'handoff') await this.handOff(manager, conversation, answerer, 'tool');
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
    await this.jobs?.cancelByKey(manager, ANSWER_QUEUE, `answer-${ticketId}`);
  }
}
